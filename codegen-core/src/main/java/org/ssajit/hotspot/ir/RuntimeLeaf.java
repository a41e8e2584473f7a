package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * A C function of the VM that compiled code calls as a leaf (the attribute of {@link HotSpotOp#LEAF_CALL} and
 * {@link HotSpotOp#LEAF_CALL_SAVING}):
 * it neither stops at a safepoint nor throws, so the call needs no frame state; arguments and result
 * follow the platform's C convention. Named by the symbol HotSpot exports its address under.
 */
public enum RuntimeLeaf {
    /** Java's {@code frem}: C's {@code fmod} of the operands widened to double, narrowed back. */
    FREM("SharedRuntime::frem", JavaKind.Float, JavaKind.Float, JavaKind.Float),
    /** Java's {@code drem}: C's {@code fmod}. */
    DREM("SharedRuntime::drem", JavaKind.Double, JavaKind.Double, JavaKind.Double),
    /** G1's SATB enqueue when the thread's buffer is full: {@code (JavaThread*, oop previous value)}. */
    G1_WRITE_BARRIER_PRE("JVMCIRuntime::write_barrier_pre", JavaKind.Void, JavaKind.Long, JavaKind.Object),
    /** G1's dirty-card enqueue when the thread's buffer is full: {@code (JavaThread*, card address)}. */
    G1_WRITE_BARRIER_POST("JVMCIRuntime::write_barrier_post", JavaKind.Void, JavaKind.Long, JavaKind.Long),
    /**
     * Shenandoah's load-reference barrier for an object in the collection set: its to-space copy
     * (evacuating it if nobody has), {@code (oop, oop* slot)}; a slot that is not 0 is healed to the
     * copy. The narrow forms take a slot of a narrow oop; the weak ones may give null for a referent
     * that is no longer reachable.
     */
    SHENANDOAH_LRB_STRONG("ShenandoahRuntime::load_reference_barrier_strong", JavaKind.Object, JavaKind.Object, JavaKind.Long),
    SHENANDOAH_LRB_STRONG_NARROW("ShenandoahRuntime::load_reference_barrier_strong_narrow", JavaKind.Object, JavaKind.Object, JavaKind.Long),
    SHENANDOAH_LRB_WEAK("ShenandoahRuntime::load_reference_barrier_weak", JavaKind.Object, JavaKind.Object, JavaKind.Long),
    SHENANDOAH_LRB_WEAK_NARROW("ShenandoahRuntime::load_reference_barrier_weak_narrow", JavaKind.Object, JavaKind.Object, JavaKind.Long),
    /** Shenandoah's SATB enqueue when the thread's buffer is full: {@code (oop previous value)}; it finds the thread itself. */
    SHENANDOAH_WRITE_BARRIER_PRE("ShenandoahRuntime::write_barrier_pre", JavaKind.Void, JavaKind.Object);

    private final String symbol;
    private final JavaKind result;
    private final JavaKind[] arguments;

    RuntimeLeaf(String symbol, JavaKind result, JavaKind... arguments) {
        this.symbol = symbol;
        this.result = result;
        this.arguments = arguments;
    }

    /** The name of the function's address in HotSpot's {@code HotSpotVMConfigStore}. */
    public String symbol() {
        return symbol;
    }

    public JavaKind resultKind() {
        return result;
    }

    public JavaKind[] argumentKinds() {
        return arguments.clone();
    }
}
