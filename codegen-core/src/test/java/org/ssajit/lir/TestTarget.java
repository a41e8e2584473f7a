package org.ssajit.lir;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.ssajit.ir.Condition;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Throw;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.CallingConvention;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.Register.RegisterCategory;
import jdk.vm.ci.code.RegisterAttributes;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCI;

/**
 * A machine-less target for testing the target-neutral back end: every SSA instruction becomes one
 * op that keeps its SSA instruction (so an interpreter can run the LIR), with a small fake register
 * file and the constraints real targets have:
 * <ul>
 * <li>integer registers {@code r0..r5} and float registers {@code f0..f3}; a test picks how many the
 * allocator may use ({@link #registers});</li>
 * <li>calls ({@link Call}, every invoke) take their first two integer and first two float arguments in {@code r0, r1}
 * and {@code f0, f1}, the rest anywhere, return in {@code r0}/{@code f0}, and destroy the caller-saved
 * registers;</li>
 * <li>integer division ({@link Div}) is x86's: dividend in {@code r0}, quotient in {@code r0},
 * remainder in {@code r1}, divisor ALIVE (it must survive the writes to {@code r0} and {@code r1});</li>
 * <li>returns take their value in {@code r0}/{@code f0};</li>
 * <li>the second operand of integer add/sub/mul/and/or/xor may be a register, a stack slot or a
 * constant; branches compare a register with a register or constant; parameters arrive in registers
 * or stack slots; operands after the second may be in stack slots; every other operand must be a
 * register.</li>
 * </ul>
 * Values are the host's platform kinds; the fake registers hold any integer kind (int, long,
 * reference) or any float kind.
 */
public final class TestTarget {
    private TestTarget() {
    }

    public static final Architecture ARCH = JVMCI.getRuntime().getHostJVMCIBackend().getTarget().arch;
    public static final RegisterCategory CPU = new RegisterCategory("CPU", true);
    public static final RegisterCategory FPU = new RegisterCategory("FPU", false);
    public static final List<Register> INT_REGISTERS;
    public static final List<Register> FLOAT_REGISTERS;

    static {
        List<Register> ints = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ints.add(new Register(i, i, "r" + i, CPU));
        }
        List<Register> floats = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            floats.add(new Register(6 + i, i, "f" + i, FPU));
        }
        INT_REGISTERS = List.copyOf(ints);
        FLOAT_REGISTERS = List.copyOf(floats);
    }

    public static final Register R0 = INT_REGISTERS.get(0);
    public static final Register R1 = INT_REGISTERS.get(1);
    public static final Register F0 = FLOAT_REGISTERS.get(0);
    public static final Register F1 = FLOAT_REGISTERS.get(1);

    public static boolean isFloat(PlatformKind k) {
        return k == ARCH.getPlatformKind(JavaKind.Float) || k == ARCH.getPlatformKind(JavaKind.Double);
    }

    /**
     * The register configuration with the first {@code ints} integer and {@code floats} float
     * registers allocatable; every register is caller-saved except {@code calleeSaved}. At least three
     * of each: an op may read two registers that stay live and define a third (and division uses
     * {@code r0}, {@code r1} and a divisor elsewhere).
     */
    public static RegisterConfig registers(int ints, int floats, Set<Register> calleeSaved) {
        if (ints < 3 || floats < 3) {
            throw new IllegalArgumentException("an op may need three registers of a category");
        }
        List<Register> allocatable = new ArrayList<>(INT_REGISTERS.subList(0, ints));
        allocatable.addAll(FLOAT_REGISTERS.subList(0, floats));
        List<Register> callerSaved = new ArrayList<>(INT_REGISTERS);
        callerSaved.addAll(FLOAT_REGISTERS);
        callerSaved.removeAll(calleeSaved);
        return new RegisterConfig() {
            @Override
            public Register getReturnRegister(JavaKind kind) {
                return kind.isNumericFloat() ? F0 : R0;
            }

            @Override
            public Register getFrameRegister() {
                return null;
            }

            @Override
            public CallingConvention getCallingConvention(CallingConvention.Type type, JavaType returnType, JavaType[] parameterTypes,
                            ValueKindFactory<?> valueKindFactory) {
                throw new UnsupportedOperationException();
            }

            @Override
            public List<Register> getCallingConventionRegisters(CallingConvention.Type type, JavaKind kind) {
                return kind.isNumericFloat() ? List.of(F0, F1) : List.of(R0, R1);
            }

            @Override
            public List<Register> getAllocatableRegisters() {
                return allocatable;
            }

            @Override
            public List<Register> filterAllocatableRegisters(PlatformKind kind, List<Register> registers) {
                RegisterCategory c = isFloat(kind) ? FPU : CPU;
                return registers.stream().filter(r -> r.getRegisterCategory().equals(c)).toList();
            }

            @Override
            public List<Register> getCallerSaveRegisters() {
                return callerSaved;
            }

            @Override
            public List<Register> getCalleeSaveRegisters() {
                return List.copyOf(calleeSaved);
            }

            @Override
            public List<RegisterAttributes> getAttributesMap() {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean areAllAllocatableRegistersCallerSaved() {
                return calleeSaved.isEmpty();
            }
        };
    }

    private abstract static class TestOp extends LirOp {
        TestOp(Value[] defs, Value[] uses, Value[] alives, Value[] temps) {
            super(defs, uses, alives, temps);
        }

        @Override
        public void emit(CodeEmitter emitter) {
            throw new UnsupportedOperationException("the test target emits no code");
        }
    }

    /** A generic instruction: what its SSA instruction ({@link #source}, null for hand-made ops) computes. */
    public static final class Op extends TestOp {
        private final String name;
        public final Instruction source;
        private final int[] allowedUses;

        public Op(String name, Value[] defs, Value[] uses) {
            this(name, null, defs, uses, null);
        }

        Op(String name, Instruction source, Value[] defs, Value[] uses, int[] allowedUses) {
            super(defs, uses, null, null);
            this.name = name;
            this.source = source;
            this.allowedUses = allowedUses;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE && allowedUses != null ? allowedUses[i] : REG;
        }

        @Override
        public String name() {
            return name;
        }
    }

    /** The incoming arguments, in registers or stack slots. */
    public static final class Params extends TestOp {
        public Params(Value[] defs) {
            super(defs, null, null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public String name() {
            return "params";
        }
    }

    /** {@code dst := src} between any two locations. */
    public static final class Move extends TestOp implements MoveOp {
        public Move(AllocatableValue dst, Value src) {
            super(new Value[]{dst}, new Value[]{src}, null, null);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public Value input() {
            return get(Mode.USE, 0);
        }

        @Override
        public String name() {
            return "move";
        }
    }

    /** {@code dst := constant}. */
    public static final class Load extends TestOp implements MoveOp {
        public final Constant constant;

        public Load(AllocatableValue dst, Constant constant) {
            super(new Value[]{dst}, null, null, null);
            this.constant = constant;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        public AllocatableValue result() {
            return (AllocatableValue) get(Mode.DEF, 0);
        }

        @Override
        public Value input() {
            return new ConstantValue(LirKind.value(result().getPlatformKind()), (JavaConstant) constant);
        }

        @Override
        public String name() {
            return "load " + ((JavaConstant) constant).toValueString();
        }
    }

    /**
     * The test target's moves. Like x86, only constants that fit 32 bits can be stored to a stack slot
     * directly; others need a register.
     */
    public static final MoveFactory MOVES = new MoveFactory() {
        @Override
        public LirOp createMove(AllocatableValue dst, Value src) {
            return new Move(dst, src);
        }

        @Override
        public LirOp createLoad(AllocatableValue dst, Constant constant) {
            return new Load(dst, constant);
        }

        @Override
        public boolean canStoreConstantToStack(Constant constant) {
            JavaConstant c = (JavaConstant) constant;
            return switch (c.getJavaKind()) {
                case Int, Boolean, Byte, Short, Char -> true;
                case Long -> c.asLong() == (int) c.asLong();
                case Object -> c.isNull();
                default -> false;
            };
        }
    };

    /** A conditional branch: successors as in the CFG. */
    public static final class Branch extends TestOp {
        public final Condition condition;
        public final LirBlock trueTarget;
        public final LirBlock falseTarget;

        Branch(Condition condition, Value x, Value y, LirBlock t, LirBlock f) {
            super(null, new Value[]{x, y}, null, null);
            this.condition = condition;
            trueTarget = t;
            falseTarget = f;
        }

        @Override
        public int allowed(Mode m, int i) {
            return i == 0 ? REG : REG | CONST;
        }

        @Override
        public String name() {
            return "branch " + condition.symbol() + " " + trueTarget + " " + falseTarget;
        }
    }

    public static final class SwitchOp extends TestOp {
        public final int[] keys;
        public final LirBlock[] keyTargets;
        public final LirBlock defaultTarget;

        SwitchOp(Value v, int[] keys, LirBlock[] keyTargets, LirBlock defaultTarget) {
            super(null, new Value[]{v}, null, null);
            this.keys = keys;
            this.keyTargets = keyTargets;
            this.defaultTarget = defaultTarget;
        }

        @Override
        public String name() {
            return "switch";
        }
    }

    /** Returns the value in {@code r0}/{@code f0}, or nothing. */
    public static final class Ret extends TestOp {
        public Ret(Value[] uses) {
            super(null, uses, null, null);
        }

        @Override
        public String name() {
            return "return";
        }
    }

    /** Leaves compiled code: the interpreter continues at the state (here: the end of a run). */
    public static final class Deopt extends TestOp {
        Deopt() {
            super(null, null, null, null);
        }

        @Override
        public String name() {
            return "deopt";
        }
    }

    /** A safepoint poll. */
    public static final class Safepoint extends TestOp {
        Safepoint() {
            super(null, null, null, null);
        }

        @Override
        public String name() {
            return "safepoint";
        }
    }

    /**
     * A call (any invoke; the receiver is the first argument): arguments in registers
     * ({@link #registerArguments} of them, first) and anywhere.
     */
    public static final class Call extends TestOp {
        public final Instruction source;
        private final int registerArguments;
        /** For USE operand {@code i}, the index of the argument in the signature. */
        public final int[] argumentIndex;

        Call(Instruction source, Value[] defs, Value[] uses, int registerArguments, int[] argumentIndex) {
            super(defs, uses, null, null);
            this.source = source;
            this.registerArguments = registerArguments;
            this.argumentIndex = argumentIndex;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE && i >= registerArguments ? REG | STACK | CONST : REG;
        }

        @Override
        public boolean destroysCallerSavedRegisters() {
            return true;
        }

        @Override
        public String name() {
            return "call " + source.invokeTarget().method().getName();
        }
    }

    /** x86 division: {@code r0 := r0 / divisor, r1 := r0 % divisor}; the divisor must not be in r0 or r1. */
    public static final class Div extends TestOp {
        public final Instruction source;

        Div(Instruction source, Value r0, Value r1, Value divisor) {
            super(new Value[]{r0, r1}, new Value[]{r0}, new Value[]{divisor}, null);
            this.source = source;
        }

        @Override
        public String name() {
            return "div";
        }
    }

    public static LirGraph lower(Graph g) {
        FrameMap fm = new FrameMap(8, 16, 8);
        return new LirGenerator(g, ARCH, fm) {
            @Override
            protected void emitEntry(List<Parameter> parameters) {
                Value[] defs = new Value[parameters.size()];
                for (int i = 0; i < defs.length; i++) {
                    defs[i] = operand(parameters.get(i));
                }
                append(new Params(defs));
            }

            private void moveInto(AllocatableValue dst, Value src) {
                if (src instanceof ConstantValue c) {
                    append(new Load(dst, c.constant()));
                } else {
                    append(new Move(dst, src));
                }
            }

            @Override
            protected void emitInstruction(Instruction i) {
                JavaKind k = i.kind();
                if ((i.op() == org.ssajit.ir.Op.DIV || i.op() == org.ssajit.ir.Op.REM) && (k == JavaKind.Int || k == JavaKind.Long)) {
                    LirKind kind = kindOf(k);
                    RegisterValue r0 = R0.asValue(kind);
                    RegisterValue r1 = R1.asValue(kind);
                    moveInto(r0, operand(i.input(0)));
                    Div d = new Div(i, r0, r1, operand(i.input(1)));
                    d.setState(state(i.state(), false));
                    append(d);
                    Variable r = newVariable(k);
                    append(new Move(r, i.op() == org.ssajit.ir.Op.DIV ? r0 : r1));
                    setResult(i, r);
                    return;
                }
                if (i.op() == org.ssajit.ir.Op.INVOKE) {
                    emitCall(i);
                    return;
                }
                Value[] uses = new Value[i.inputCount()];
                int[] allowed = new int[uses.length];
                for (int n = 0; n < uses.length; n++) {
                    uses[n] = operand(i.input(n));
                    allowed[n] = LirOp.REG;
                }
                for (int n = 2; n < uses.length; n++) {
                    allowed[n] = LirOp.REG | LirOp.STACK; // at most two register operands and a def per op
                }
                if (uses.length == 2 && (k == JavaKind.Int || k == JavaKind.Long) && i.op() instanceof org.ssajit.ir.Op op) {
                    switch (op) {
                        case ADD, SUB, MUL, AND, OR, XOR -> allowed[1] = LirOp.REG | LirOp.STACK | LirOp.CONST;
                        default -> {
                        }
                    }
                }
                Value[] defs = {};
                if (k != JavaKind.Void) {
                    Variable r = newVariable(k);
                    setResult(i, r);
                    defs = new Value[]{r};
                }
                Op op = new Op(i.op().mnemonic(), i, defs, uses, allowed);
                if (i.state() != null) {
                    op.setState(state(i.state(), false));
                }
                append(op);
            }

                    private void emitCall(Instruction i) {
                List<Value> uses = new ArrayList<>();
                List<Integer> index = new ArrayList<>();
                int ints = 0;
                int floats = 0;
                List<Integer> rest = new ArrayList<>();
                for (int n = 0; n < i.inputCount(); n++) {
                    Value a = operand(i.input(n));
                    boolean f = i.input(n).kind().isNumericFloat();
                    if (f ? floats < 2 : ints < 2) {
                        RegisterValue reg = (f ? FLOAT_REGISTERS.get(floats++) : INT_REGISTERS.get(ints++)).asValue(kindOf(i.input(n).kind()));
                        moveInto(reg, a);
                        uses.add(reg);
                        index.add(n);
                    } else {
                        rest.add(n);
                    }
                }
                int registerArguments = uses.size();
                for (int n : rest) {
                    uses.add(operand(i.input(n)));
                    index.add(n);
                }
                Value[] defs = {};
                RegisterValue ret = null;
                if (i.kind() != JavaKind.Void) {
                    ret = (i.kind().isNumericFloat() ? F0 : R0).asValue(kindOf(i.kind()));
                    defs = new Value[]{ret};
                }
                Call c = new Call(i, defs, uses.toArray(new Value[0]), registerArguments, index.stream().mapToInt(Integer::intValue).toArray());
                c.setState(state(i.state(), true));
                append(c);
                if (ret != null) {
                    Variable r = newVariable(i.kind());
                    append(new Move(r, ret));
                    setResult(i, r);
                }
            }

            @Override
            protected void emitIf(If branch, LirBlock trueTarget, LirBlock falseTarget) {
                append(new Branch(branch.condition(), operand(branch.x()), operand(branch.y()), trueTarget, falseTarget));
            }

            @Override
            protected void emitSwitch(Switch s, LirBlock[] keyTargets, LirBlock defaultTarget) {
                int[] keys = new int[s.keyCount()];
                for (int n = 0; n < keys.length; n++) {
                    keys[n] = s.key(n);
                }
                append(new SwitchOp(operand(s.value()), keys, keyTargets, defaultTarget));
            }

            @Override
            protected void emitReturn(Return r) {
                if (r.value() == null) {
                    append(new Ret(new Value[0]));
                    return;
                }
                RegisterValue reg = (r.value().kind().isNumericFloat() ? F0 : R0).asValue(kindOf(r.value().kind()));
                moveInto(reg, operand(r.value()));
                append(new Ret(new Value[]{reg}));
            }

            @Override
            protected void emitThrow(Throw t) {
                Deopt d = new Deopt();
                d.setState(state(t.state(), false));
                append(d);
            }

            @Override
            protected void emitLoopSafepoint(LirFrameState state) {
                Safepoint poll = new Safepoint();
                poll.setState(state);
                append(poll);
            }
        }.generate();
    }
}
