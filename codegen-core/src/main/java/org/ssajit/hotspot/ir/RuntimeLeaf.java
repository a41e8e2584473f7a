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
    SHENANDOAH_WRITE_BARRIER_PRE("ShenandoahRuntime::write_barrier_pre", JavaKind.Void, JavaKind.Object),
    /**
     * ZGC's load barrier for a pointer whose color is bad: {@code (zpointer as read, slot or 0)}, the
     * object it refers to now (remapped, relocated if need be), the slot healed to a good pointer.
     */
    Z_LOAD_BARRIER("ZBarrierSetRuntime::load_barrier_on_oop_field_preloaded", JavaKind.Object, JavaKind.Long, JavaKind.Long),
    /** As {@link #Z_LOAD_BARRIER} for {@code Reference.referent}: also keeps the referent alive while the collector marks. */
    Z_LOAD_BARRIER_WEAK("ZBarrierSetRuntime::load_barrier_on_weak_oop_field_preloaded", JavaKind.Object, JavaKind.Long, JavaKind.Long),
    /**
     * ZGC's store barrier for a slot whose old pointer is not store-good, before a plain store: marks the
     * old value and remembers the slot, {@code (slot)}; the store that follows writes the slot.
     */
    Z_STORE_BARRIER("ZBarrierSetRuntime::store_barrier_on_oop_field_without_healing", JavaKind.Void, JavaKind.Long),
    /** As {@link #Z_STORE_BARRIER} before an atomic update: also heals the slot to a store-good pointer, which the update then compares. */
    Z_STORE_BARRIER_HEALING("ZBarrierSetRuntime::store_barrier_on_oop_field_with_healing", JavaKind.Void, JavaKind.Long);

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
