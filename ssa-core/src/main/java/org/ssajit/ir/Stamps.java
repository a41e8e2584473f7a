package org.ssajit.ir;

import java.util.List;

import org.ssajit.bytecode.ParameterSlots;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.meta.Signature;

/**
 * Infers every value's {@link Stamp} ({@link Value#stamp()}) and answers what holds of a value at a
 * point ({@link #at}), where the branches that lead there say more.
 *
 * <p>Inference is an optimistic fixed point: values start with no stamp, each pass over the blocks
 * in reverse postorder computes an instruction's stamp from its operands' and widens a phi's stamp
 * by its operands', and a phi whose range keeps growing is widened to the end of its kind's range in
 * the growing direction, so the passes end. A stamp at the fixed point covers every value that can
 * occur, since every rule does (an int addition that may overflow gives the whole int range).
 *
 * <p>The rule that proves induction variables non-negative: {@code i + c} is computed where a
 * dominating branch edge says {@code i < y} (so {@code i <= y.hi - 1}); with that bound the addition
 * cannot overflow, and the phi of {@code i} stays within its initial value and the bound.
 */
public final class Stamps {
    /** A phi whose stamp changed this many times is widened ({@link #widen}). */
    private static final int WIDEN_AFTER = 3;
    /**
     * How far up the dominator tree {@link #at} looks for branches (knowing less is always sound; a
     * chain of thousands of blocks must not make every addition cost thousands of steps).
     */
    private static final int MAX_DOMINATORS = 32;

    private final Graph graph;
    private final Dominance dominance;

    private Stamps(Graph graph) {
        this.graph = graph;
        this.dominance = graph.dominance();
    }

    /** Infers the stamp of every value of {@code graph} (replacing earlier ones). */
    public static Stamps infer(Graph graph) {
        Stamps s = new Stamps(graph);
        s.run();
        return s;
    }

    private void run() {
        List<Block> rpo = dominance.reversePostorder();
        for (Parameter p : graph.parameters()) {
            p.setStamp(parameterStamp(p));
        }
        for (int bi = 0; bi < rpo.size(); bi++) {
            Block b = rpo.get(bi);
            List<Phi> phis = b.phis();
            for (int k = 0; k < phis.size(); k++) {
                phis.get(k).setStamp(null);
            }
            List<Instruction> instructions = b.instructions();
            for (int k = 0; k < instructions.size(); k++) {
                instructions.get(k).setStamp(null);
            }
        }
        // How often each phi's stamp changed, by value id (no value is created meanwhile).
        int[] changes = new int[graph.valueIdLimit()];
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int bi = 0; bi < rpo.size(); bi++) {
                Block b = rpo.get(bi);
                List<Phi> phis = b.phis();
                for (int pk = 0; pk < phis.size(); pk++) {
                    Phi p = phis.get(pk);
                    Stamp joined = null;
                    for (int k = 0; k < p.operandCount(); k++) {
                        Stamp s = known(p.operand(k));
                        joined = s == null ? joined : joined == null ? s : joined.meet(s);
                    }
                    Stamp old = p.storedStamp();
                    if (joined != null && old != null) {
                        joined = old.meet(joined);
                    }
                    if (joined != null && !joined.equals(old)) {
                        int n = ++changes[p.id()];
                        p.setStamp(n > WIDEN_AFTER && old != null ? widen(old, joined) : joined);
                        changed = true;
                    }
                }
                List<Instruction> instructions = b.instructions();
                for (int ik = 0; ik < instructions.size(); ik++) {
                    Instruction i = instructions.get(ik);
                    Stamp s = compute(i);
                    Stamp old = i.storedStamp();
                    if (s != null && old != null) {
                        s = old.meet(s);
                    }
                    if (s != null && !s.equals(old)) {
                        i.setStamp(s);
                        changed = true;
                    }
                }
            }
        }
        // Whatever the passes never reached (only unreachable code) gets the stamp of its kind.
        List<Block> blocks = graph.blocks();
        for (int bi = 0; bi < blocks.size(); bi++) {
            Block b = blocks.get(bi);
            List<Phi> phis = b.phis();
            for (int k = 0; k < phis.size(); k++) {
                Phi p = phis.get(k);
                if (p.storedStamp() == null) {
                    p.setStamp(Stamp.unrestricted(p.kind()));
                }
            }
            List<Instruction> instructions = b.instructions();
            for (int k = 0; k < instructions.size(); k++) {
                Instruction i = instructions.get(k);
                if (i.storedStamp() == null) {
                    i.setStamp(Stamp.unrestricted(i.kind()));
                }
            }
        }
    }

    /** {@code now} with every bound that moved since {@code before} pushed to the end of its kind's range. */
    private static Stamp widen(Stamp before, Stamp now) {
        if (!now.isInteger()) {
            return now;
        }
        boolean isInt = now.kind() == JavaKind.Int;
        long lo = now.lo() < before.lo() ? (isInt ? Integer.MIN_VALUE : Long.MIN_VALUE) : now.lo();
        long hi = now.hi() > before.hi() ? (isInt ? Integer.MAX_VALUE : Long.MAX_VALUE) : now.hi();
        return isInt ? Stamp.forInt(lo, hi) : Stamp.forLong(lo, hi);
    }

    /** The stamp of {@code v} as far as the passes got: null for an instruction or phi not reached yet. */
    private static Stamp known(Value v) {
        if (v instanceof Constant c) {
            return c.constantStamp();
        }
        if (v instanceof Undefined) {
            return Stamp.unrestricted(v.kind());
        }
        return v.storedStamp();
    }

    /**
     * The class a reference value is an instance of (or null) by its declaration alone, as inference
     * starts from it: a parameter's declared type, a field's, a call's return type, an allocation's or a
     * cast's class; the inferred stamp's type once there is one. Null if that says nothing (an interface,
     * Object, an unresolved type, a value of another kind). For use while the graph is being built.
     */
    public static ResolvedJavaType declaredClass(Graph graph, Value v) {
        if (v.kind() != JavaKind.Object || v instanceof Constant || v instanceof Undefined) {
            return null;
        }
        if (v.storedStamp() != null) {
            return v.storedStamp().type();
        }
        Stamp s = null;
        if (v instanceof Parameter p) {
            s = parameterStamp(graph.method(), p);
        } else if (v instanceof Instruction i && i.op() instanceof Op op) {
            s = switch (op) {
                case LOAD_FIELD -> Stamp.forDeclaredType(i.field().field().getType(), false);
                case NEW_INSTANCE, CHECKCAST -> Stamp.forDeclaredType(i.type(), false);
                case INVOKE -> Stamp.forDeclaredType(returnType(i), false);
                default -> null;
            };
        }
        return s == null ? null : s.type();
    }

    private Stamp parameterStamp(Parameter p) {
        return parameterStamp(graph.method(), p);
    }

    /** What the bytecode verifier guarantees about parameter {@code p} of {@code m}: its declared type (the receiver: never null). */
    public static Stamp parameterStamp(ResolvedJavaMethod m, Parameter p) {
        if (p.isReceiver()) {
            return Stamp.forDeclaredType(m.getDeclaringClass(), true);
        }
        if (p.kind() != JavaKind.Object) {
            // The JVM does not make callers narrow boolean, byte, char and short arguments.
            return Stamp.unrestricted(p.kind());
        }
        Signature sig = m.getSignature();
        return Stamp.forDeclaredType(sig.getParameterType(p.index() - (m.isStatic() ? 0 : 1), m.getDeclaringClass()), false);
    }

    /** One instruction's stamp from its operands' (null if one of them has none yet). */
    private Stamp compute(Instruction i) {
        JavaKind k = i.kind();
        for (int n = 0; n < i.inputCount(); n++) {
            if (known(i.input(n)) == null) {
                return null;
            }
        }
        if (!(i.op() instanceof Op op)) {
            return Stamp.unrestricted(k); // a dialect's op: nothing known
        }
        return switch (op) {
            case ADD, SUB -> addOrSub(i);
            case AND -> and(i);
            case USHR -> unsignedShift(i);
            case I2B -> Stamp.forValueOf(JavaKind.Byte);
            case I2C -> Stamp.forValueOf(JavaKind.Char);
            case I2S -> Stamp.forValueOf(JavaKind.Short);
            case ILZCNT, ITZCNT, IPOPCNT -> Stamp.forInt(0, 32);
            case LLZCNT, LTZCNT, LPOPCNT -> Stamp.forInt(0, 64);
            case I2L -> {
                Stamp x = known(i.input(0));
                yield Stamp.forLong(x.lo(), x.hi());
            }
            case LCMP, FCMPL, FCMPG, DCMPL, DCMPG -> Stamp.forInt(-1, 1);
            case LOAD_FIELD -> k == JavaKind.Object ? Stamp.forDeclaredType(i.field().field().getType(), false) : Stamp.forValueOf(i.field().kind());
            case LOAD_INDEXED -> {
                if (k != JavaKind.Object) {
                    yield Stamp.forValueOf(i.elementKind()); // baload reads a byte or a boolean: -128..127 covers both
                }
                ResolvedJavaType array = known(i.input(Op.In.ARRAY)).type();
                yield Stamp.forDeclaredType(array != null && array.isArray() ? array.getComponentType() : null, false);
            }
            case ARRAY_LENGTH, ARRAY_LENGTH_OR_ZERO -> Stamp.forInt(0, Integer.MAX_VALUE);
            case INSTANCEOF, CLASS_IS, CLASS_IS_INSTANCE, UNSAFE_CAS -> Stamp.forInt(0, 1);
            case NEW_INSTANCE -> Stamp.forDeclaredType(i.type(), true);
            case NEW_ARRAY -> Stamp.forDeclaredType(i.type() instanceof ResolvedJavaType e ? e.getArrayClass() : null, true);
            case NEW_MULTI_ARRAY -> Stamp.forDeclaredType(i.type(), true);
            case EXCEPTION_OBJECT -> Stamp.unrestricted(JavaKind.Object).asNonNull();
            case CHECKCAST -> {
                Stamp declared = Stamp.forDeclaredType(i.type(), known(i.input(0)).isNonNull());
                yield declared.type() == null ? known(i.input(0)) : declared;
            }
            case INVOKE -> k == JavaKind.Object ? Stamp.forDeclaredType(returnType(i), false)
                            : Stamp.unrestricted(k);
            case OSR_LOCK -> Stamp.unrestricted(JavaKind.Object).asNonNull();
            case CLASS_OF -> known(i.input(0)).isNonNull() ? Stamp.unrestricted(JavaKind.Object).asNonNull() : Stamp.unrestricted(JavaKind.Object);
            case CURRENT_THREAD -> Stamp.unrestricted(JavaKind.Object).asNonNull();
            case UNSAFE_READ -> k == JavaKind.Object ? Stamp.unrestricted(k) : Stamp.forValueOf(i.attribute(UnsafeAccess.class).kind());
            case OSR_LOCAL -> k == JavaKind.Object ? Stamp.forDeclaredType(osrLocalType(i), false) : Stamp.unrestricted(k);
            default -> Stamp.unrestricted(k);
        };
    }

    /**
     * A call's declared return type, looked up (never loaded) from the callee's class, as a parameter's
     * is from its method's: {@code getReturnType(null)} would give every reference type unresolved.
     */
    static JavaType returnType(Instruction call) {
        var m = call.invokeTarget().method();
        return m.getSignature().getReturnType(m instanceof ResolvedJavaMethod r ? r.getDeclaringClass() : null);
    }

    private JavaType osrLocalType(Instruction i) {
        return ParameterSlots.unwrittenReferenceParameter(graph.method(), i.osrLocal());
    }

    /** {@code x + y} or {@code x - y} over the ranges of the operands where the instruction runs; overflow gives the whole range. */
    private Stamp addOrSub(Instruction i) {
        if (!Stamp.unrestricted(i.kind()).isInteger()) {
            return Stamp.unrestricted(i.kind());
        }
        Stamp x = at(i.input(0), i.block(), known(i.input(0)));
        Stamp y = at(i.input(1), i.block(), known(i.input(1)));
        boolean add = i.op() == Op.ADD;
        long lo;
        long hi;
        try {
            lo = add ? Math.addExact(x.lo(), y.lo()) : Math.subtractExact(x.lo(), y.hi());
            hi = add ? Math.addExact(x.hi(), y.hi()) : Math.subtractExact(x.hi(), y.lo());
        } catch (ArithmeticException overflow) {
            return Stamp.unrestricted(i.kind());
        }
        if (i.kind() == JavaKind.Int) {
            return lo < Integer.MIN_VALUE || hi > Integer.MAX_VALUE ? Stamp.unrestricted(JavaKind.Int) : Stamp.forInt(lo, hi);
        }
        return Stamp.forLong(lo, hi);
    }

    /** {@code x & m} with a non-negative operand: between 0 and that operand's (smallest) maximum. */
    private Stamp and(Instruction i) {
        Stamp x = known(i.input(0));
        Stamp y = known(i.input(1));
        if (!x.isInteger()) {
            return x;
        }
        long hi = Long.MAX_VALUE;
        if (x.isNonNegative()) {
            hi = x.hi();
        }
        if (y.isNonNegative()) {
            hi = IntMath.min(hi, y.hi());
        }
        if (hi == Long.MAX_VALUE && !(x.isNonNegative() || y.isNonNegative())) {
            return Stamp.unrestricted(i.kind());
        }
        return i.kind() == JavaKind.Int ? Stamp.forInt(0, hi) : Stamp.forLong(0, hi);
    }

    /** {@code x >>> c} for a constant count that is not 0 after masking: at most the kind's maximum shifted. */
    private static Stamp unsignedShift(Instruction i) {
        if (!(i.input(1) instanceof Constant c)) {
            return Stamp.unrestricted(i.kind());
        }
        int bits = i.kind() == JavaKind.Int ? 32 : 64;
        int s = c.asInt() & (bits - 1);
        if (s == 0) {
            return known(i.input(0));
        }
        return i.kind() == JavaKind.Int ? Stamp.forInt(0, 0xFFFF_FFFFL >>> s) : Stamp.forLong(0, -1L >>> s);
    }

    /**
     * The stamp of int value {@code v} where block {@code at} runs: {@code v}'s own, narrowed by the
     * branch edges that compare {@code v} with another int on the way (a block among the
     * {@value #MAX_DOMINATORS} nearest dominators of {@code at}, itself included, entered only through
     * an edge of an {@code if} on which {@code v < y}, {@code v <= y}, ... holds).
     */
    public Stamp at(Value v, Block at) {
        return at(v, at, known(v) == null ? Stamp.unrestricted(v.kind()) : known(v));
    }

    private Stamp at(Value v, Block at, Stamp s) {
        if (v.kind() != JavaKind.Int || s == null || !dominance.isReachable(at)) {
            return s;
        }
        long lo = s.lo();
        long hi = s.hi();
        int steps = 0;
        for (Block d = at; d != null && steps++ < MAX_DOMINATORS; d = d == graph.entry() ? null : dominance.immediateDominator(d)) {
            if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f)) {
                continue;
            }
            Condition c = f.trueTarget() == d ? f.condition() : f.condition().negate();
            Value other;
            if (f.x() == v) {
                other = f.y();
            } else if (f.y() == v) {
                other = f.x();
                c = c.mirror();
            } else {
                continue;
            }
            Stamp o = known(other);
            if (o == null || o.kind() != JavaKind.Int) {
                continue;
            }
            switch (c) {
                case LT -> hi = IntMath.min(hi, o.hi() - 1);
                case LE -> hi = IntMath.min(hi, o.hi());
                case GT -> lo = IntMath.max(lo, o.lo() + 1);
                case GE -> lo = IntMath.max(lo, o.lo());
                case EQ -> {
                    lo = IntMath.max(lo, o.lo());
                    hi = IntMath.min(hi, o.hi());
                }
                default -> {
                }
            }
        }
        return lo > hi ? s : Stamp.forInt(lo, hi); // an empty range: the code cannot run; keep what is known
    }
}
