package org.ssajit.regalloc;

import java.lang.reflect.Array;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.meta.Value;

/**
 * Runs LIR of the {@link TestTarget}, before register allocation (variables) or after (registers and
 * stack slots), so that the two runs can be compared. The machine is hostile where the allocator's
 * contract allows it to be:
 * <ul>
 * <li>a call, after the callee ran, overwrites every caller-saved register with garbage, and so does
 * every TEMP;</li>
 * <li>an op writes garbage into its def locations before it reads its ALIVE operands and its frame
 * state (an ALIVE operand sharing a def's location reads garbage);</li>
 * <li>at every op with a frame state a moving GC happens: references are tagged with the GC epoch that
 * last updated them, only the locations in the state's live references are updated, and reading a
 * reference with an older tag fails;</li>
 * <li>reading garbage, a location never written, or a value of the wrong kind fails.</li>
 * </ul>
 * Every executed frame state is rendered into a trace, so the runs can be compared state by state.
 */
final class LirInterpreter {
    private static final long DEFAULT_STEP_LIMIT = 50_000_000L;
    private static final Object GARBAGE = new Object() {
        @Override
        public String toString() {
            return "garbage";
        }
    };

    /** A reference as the interpreter holds it: the object and the GC epoch that last saw its location. */
    record Ref(Object target, int epoch) {
    }

    /** The end of a run: a returned value or a deoptimization, rendered as text. */
    record Outcome(String kind, String value) {
    }

    record Run(Outcome outcome, List<String> trace, long steps) {
    }

    private final LirGraph lir;
    private final boolean allocated;
    private final RegisterAllocationConfig config;
    private final Map<Object, Object> env = new HashMap<>();
    private final List<String> trace = new ArrayList<>();
    private final long stepLimit;
    private int epoch;
    private long steps;

    /** @param config the register file (for what a call destroys); null before allocation */
    LirInterpreter(LirGraph lir, RegisterAllocationConfig config) {
        this(lir, config, DEFAULT_STEP_LIMIT);
    }

    LirInterpreter(LirGraph lir, RegisterAllocationConfig config, long stepLimit) {
        this.lir = lir;
        this.config = config;
        this.allocated = config != null;
        this.stepLimit = stepLimit;
    }

    static final class Failure extends AssertionError {
        private static final long serialVersionUID = 1L;

        Failure(String message) {
            super(message);
        }
    }

    Run run(Object... args) {
        LirBlock block = lir.entry();
        int index = 0;
        while (true) {
            if (++steps > stepLimit) {
                throw new Failure("step limit");
            }
            LirOp op = block.ops().get(index);
            try {
                switch (op) {
                    case LabelOp l -> {
                        index++;
                    }
                    case JumpOp j -> {
                        Object[] values = new Object[j.count(Mode.USE)];
                        for (int i = 0; i < values.length; i++) {
                            values[i] = read(j.get(Mode.USE, i));
                        }
                        LabelOp target = j.target().label();
                        if (target.phiCount() != values.length) {
                            throw new Failure(j + " passes " + values.length + " values to " + target.phiCount() + " phis");
                        }
                        for (int i = 0; i < values.length; i++) {
                            write(target.phi(i), values[i]);
                        }
                        block = j.target();
                        index = 0;
                    }
                    case TestTarget.Branch b -> {
                        Object x = read(b.get(Mode.USE, 0));
                        Object y = read(b.get(Mode.USE, 1));
                        boolean taken;
                        if (x instanceof Ref rx) {
                            boolean same = rx.target() == ((Ref) y).target();
                            taken = switch (b.condition) {
                                case EQ -> same;
                                case NE -> !same;
                                default -> throw new Failure("reference comparison " + b.condition);
                            };
                        } else {
                            taken = b.condition.test((Integer) x, (Integer) y);
                        }
                        block = taken ? b.trueTarget : b.falseTarget;
                        index = 0;
                    }
                    case TestTarget.SwitchOp s -> {
                        int v = (Integer) read(s.get(Mode.USE, 0));
                        int k = Arrays.binarySearch(s.keys, v);
                        block = k >= 0 ? s.keyTargets[k] : s.defaultTarget;
                        index = 0;
                    }
                    case TestTarget.Ret r -> {
                        Object v = r.count(Mode.USE) == 0 ? null : read(r.get(Mode.USE, 0));
                        return new Run(new Outcome("returned", render(v)), trace, steps);
                    }
                    case TestTarget.Deopt d -> {
                        return new Run(new Outcome("deoptimized", stateText(d)), trace, steps);
                    }
                    default -> {
                        String deopt = execute(op, args);
                        if (deopt != null) {
                            return new Run(new Outcome("deoptimized", deopt), trace, steps);
                        }
                        index++;
                    }
                }
            } catch (ClassCastException | NullPointerException e) {
                throw new Failure(block + " " + op + ": " + e);
            }
        }
    }

    /** Runs an op that does not end its block; returns the deoptimization text if it deoptimizes. */
    private String execute(LirOp op, Object[] args) {
        if (op instanceof TestTarget.Params) {
            for (int i = 0; i < op.count(Mode.DEF); i++) {
                write(op.get(Mode.DEF, i), toStack(args[i]));
            }
            return null;
        }
        Object[] uses = new Object[op.count(Mode.USE)];
        for (int i = 0; i < uses.length; i++) {
            uses[i] = read(op.get(Mode.USE, i));
        }
        Object result = null;
        String thrown = null;
        if (op instanceof TestTarget.Call c) {
            try {
                result = call(c, uses);
            } catch (InvocationTargetException e) {
                thrown = e.getCause().getClass().getName();
            }
        }
        for (int i = 0; i < op.count(Mode.TEMP); i++) {
            clobber(op.get(Mode.TEMP, i));
        }
        if (op.destroysCallerSavedRegisters() && allocated) {
            for (Register r : config.allocatableRegisters()) {
                if (config.isCallerSaved(r)) {
                    env.put(r.number, GARBAGE);
                }
            }
        }
        if (allocated) {
            for (int i = 0; i < op.count(Mode.DEF); i++) {
                clobber(op.get(Mode.DEF, i));
            }
        }
        if (op.state() != null) {
            collectGarbage(op);
        }
        Object[] alives = new Object[op.count(Mode.ALIVE)];
        for (int i = 0; i < alives.length; i++) {
            alives[i] = read(op.get(Mode.ALIVE, i));
        }
        String state = op.state() == null ? null : stateText(op);
        if (state != null) {
            trace.add(op.name() + " " + state);
        }
        if (thrown != null) {
            return thrown + " " + state;
        }
        if (op instanceof TestTarget.Move) {
            write(op.get(Mode.DEF, 0), uses[0]);
            return null;
        }
        if (op instanceof TestTarget.Load l) {
            write(op.get(Mode.DEF, 0), constant((JavaConstant) l.constant));
            return null;
        }
        if (op instanceof TestTarget.Safepoint) {
            return null;
        }
        if (op instanceof TestTarget.Call) {
            if (op.count(Mode.DEF) > 0) {
                // The callee returns after the GC that happened during the call.
                write(op.get(Mode.DEF, 0), result instanceof Ref r ? new Ref(r.target(), epoch) : result);
            }
            return null;
        }
        if (op instanceof TestTarget.Div d) {
            JavaKind k = d.source.kind();
            Object x = uses[0];
            Object y = alives[0];
            if (k == JavaKind.Int) {
                int a = (Integer) x;
                int b = (Integer) y;
                if (b == 0) {
                    return "java.lang.ArithmeticException " + state;
                }
                write(op.get(Mode.DEF, 0), a / b);
                write(op.get(Mode.DEF, 1), a % b);
            } else {
                long a = (Long) x;
                long b = (Long) y;
                if (b == 0) {
                    return "java.lang.ArithmeticException " + state;
                }
                write(op.get(Mode.DEF, 0), a / b);
                write(op.get(Mode.DEF, 1), a % b);
            }
            return null;
        }
        if (op instanceof SumOp) {
            int sum = 0;
            for (Object u : uses) {
                sum += (Integer) u;
            }
            for (Object a : alives) {
                sum += (Integer) a;
            }
            for (int i = 0; i < op.count(Mode.DEF); i++) {
                write(op.get(Mode.DEF, i), sum + i);
            }
            return null;
        }
        if (op instanceof TestTarget.Op g && g.source != null) {
            Object r;
            try {
                r = Semantics.evaluate(g.source, uses, epoch);
            } catch (Semantics.Thrown t) {
                return t.exception + " " + state;
            }
            if (op.count(Mode.DEF) > 0) {
                write(op.get(Mode.DEF, 0), r);
            }
            return null;
        }
        throw new Unsupported("cannot interpret " + op);
    }

    /** What the interpreter cannot run (the method is then only allocated and verified, not compared). */
    static final class Unsupported extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unsupported(String message) {
            super(message);
        }
    }

    private Object call(TestTarget.Call c, Object[] uses) throws InvocationTargetException {
        InvokeTarget t = c.source.invokeTarget();
        if (!t.isResolved() || t.opcode() == Bytecodes.INVOKEDYNAMIC || t.appendix() != null) {
            throw new Unsupported("call " + t);
        }
        if (!(HotSpotJVMCIRuntime.runtime().getMirror((ResolvedJavaMethod) t.method()) instanceof Method m)
                        || t.opcode() == Bytecodes.INVOKESPECIAL && !Modifier.isPrivate(m.getModifiers())) {
            throw new Unsupported("call " + t);
        }
        try {
            m.setAccessible(true);
        } catch (RuntimeException e) {
            throw new Unsupported(e.toString());
        }
        Class<?>[] types = m.getParameterTypes();
        int first = t.hasReceiver() ? 1 : 0;
        Object[] args = new Object[types.length];
        Object receiver = null;
        for (int i = 0; i < uses.length; i++) {
            int a = c.argumentIndex[i];
            if (a < first) {
                receiver = ((Ref) uses[i]).target();
            } else {
                args[a - first] = Semantics.toJava(uses[i], types[a - first]);
            }
        }
        if (t.hasReceiver() && receiver == null) {
            throw new InvocationTargetException(new NullPointerException());
        }
        try {
            Object r = m.invoke(receiver, args);
            return m.getReturnType() == void.class ? null : Semantics.toStack(r, m.getReturnType(), epoch);
        } catch (IllegalAccessException e) {
            throw new Unsupported(e.toString());
        }
    }

    /** The moving GC: references in the recorded locations move with their objects, all others go stale. */
    private void collectGarbage(LirOp op) {
        if (!allocated) {
            return;
        }
        epoch++;
        for (Value loc : op.state().liveReferences()) {
            Object v = env.get(key(loc));
            if (!(v instanceof Ref r) || r.target() != null && r.epoch() != epoch - 1) {
                // A stale reference (an earlier GC moved its object) would be a wild pointer to a real GC.
                throw new Failure(op + ": reference map names " + loc + ", which holds " + v);
            }
            env.put(key(loc), new Ref(r.target(), epoch));
        }
    }

    private String stateText(LirOp op) {
        StringBuilder sb = new StringBuilder("@").append(op.state().frameState().bci()).append('[');
        Value[] values = op.state().values();
        for (int i = 0; i < values.length; i++) {
            if (values[i] != null) {
                sb.append(i).append('=').append(render(read(values[i]))).append(' ');
            }
        }
        return sb.append(']').toString();
    }

    private static Object key(Value v) {
        if (v instanceof Variable) {
            return v;
        }
        if (v instanceof RegisterValue r) {
            return r.getRegister().number;
        }
        if (v instanceof StackSlot s) {
            return "stack" + s.getRawOffset() + (s.getRawAddFrameSize() ? "+" : "");
        }
        throw new Failure("not a location: " + v);
    }

    private Object read(Value v) {
        if (v instanceof ConstantValue c) {
            return constant(c.constant());
        }
        if (allocated && v instanceof Variable) {
            throw new Failure("variable " + v + " after allocation");
        }
        Object x = env.get(key(v));
        if (x == null) {
            throw new Failure("read of " + v + ", never written");
        }
        if (x == GARBAGE) {
            throw new Failure("read of " + v + ", which was clobbered");
        }
        if (x instanceof Ref r && r.target() != null && r.epoch() != epoch) {
            throw new Failure("read of a stale reference from " + v + ": a GC moved its object, but " + v + " was not in the reference map");
        }
        return x;
    }

    private void write(Value loc, Object value) {
        if (value == null || value == GARBAGE) {
            throw new Failure("writing " + value + " to " + loc);
        }
        env.put(key(loc), value);
    }

    private void clobber(Value loc) {
        env.put(key(loc), GARBAGE);
    }

    private Object constant(JavaConstant c) {
        return Semantics.constant(c, epoch);
    }

    private Object toStack(Object arg) {
        return Semantics.fromArgument(arg, epoch);
    }

    /** Text that is equal for equal values: floats by their bits, arrays by their elements. */
    static String render(Object v) {
        if (v == null) {
            return "void";
        }
        if (v instanceof Ref r) {
            Object t = r.target();
            if (t == null) {
                return "null";
            }
            if (t.getClass().isArray()) {
                StringBuilder sb = new StringBuilder(t.getClass().getComponentType().getSimpleName()).append('{');
                for (int i = 0; i < Array.getLength(t); i++) {
                    sb.append(i == 0 ? "" : ",").append(render(Semantics.toStack(Array.get(t, i), t.getClass().getComponentType(), 0)));
                }
                return sb.append('}').toString();
            }
            // Runs create their own objects: compare by content where the class defines it.
            try {
                boolean own = t.getClass().getMethod("toString").getDeclaringClass() != Object.class;
                return t.getClass().getName() + (own ? ":" + t : "");
            } catch (NoSuchMethodException e) {
                throw new AssertionError(e);
            }
        }
        // Floats by their bits (so -0.0 differs from 0.0), NaNs as one (payloads differ between
        // HotSpot's intrinsics and plain Java arithmetic).
        if (v instanceof Float f) {
            return f.isNaN() ? "fNaN" : "f" + Integer.toHexString(Float.floatToRawIntBits(f));
        }
        if (v instanceof Double d) {
            return d.isNaN() ? "dNaN" : "d" + Long.toHexString(Double.doubleToRawLongBits(d));
        }
        if (v instanceof Long l) {
            return l + "L";
        }
        return String.valueOf(v);
    }

    static Class<?> mirror(ResolvedJavaType t) {
        return HotSpotJVMCIRuntime.runtime().getMirror(t);
    }
}
