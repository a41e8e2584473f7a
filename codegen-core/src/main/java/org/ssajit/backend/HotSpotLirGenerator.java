package org.ssajit.backend;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongPredicate;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.hotspot.OsrBuffer;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Throw;
import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.FrameMap;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGenerator;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.CallingConvention;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.VMConstant;
import jdk.vm.ci.meta.Value;

/**
 * Instruction selection's part that is the same on every HotSpot target: the method's entry (the
 * arguments from the Java calling convention, or an OSR entry's locals and monitors from the
 * interpreter's buffer, which it then frees), Java calls (arguments moved where the Java calling
 * convention puts them, stack arguments first), leaf calls of the VM's C functions and copy stubs
 * (the C convention), the exception check, take and unwind after calls, returns, loop polls, and the
 * choice between a jump table and compares for a switch. Constants a loop needs in a register that
 * take more than an instruction to load are loaded once in the entry block. A target selects
 * everything else ({@link #emitInstruction}, {@link #emitIf}) and supplies the few ops this needs
 * from it (an OSR local's load, an element address, the two switch forms); the instructions whose
 * selection is the same everywhere it leaves to {@link #emitSharedInstruction}.
 *
 * @param <B> the target's back end
 */
public abstract class HotSpotLirGenerator<B extends HotSpotBackend<?>> extends LirGenerator {
    /** A switch with at most this many keys compares them one after the other ({@link #emitSwitch}). */
    protected static final int MAX_KEYS_IN_A_ROW = 16;
    /** A jump table needs at least this many keys. */
    protected static final int MIN_TABLE_KEYS = 4;
    /** A jump table has at most this many entries, and its keys fill at least a third of them. */
    protected static final int MAX_TABLE_SIZE = 4096;

    protected final B backend;
    protected final ResolvedJavaMethod method;
    /** Constants used in loops that take more than an instruction to load, loaded once in the entry block ({@link #inVariable}). */
    private final Map<JavaConstant, Variable> hoisted = new CompilerMap<>();
    /** The entry block, and where in it hoisted constants go: after the incoming arguments are taken. */
    private LirBlock entryBlock;
    private int entryInsertAt;
    /** The last Java call appended, and its block: what an {@link HotSpotOp#EXCEPTION_CHECK} checks. */
    private CallOps.JavaCall lastCall;
    private LirBlock lastCallBlock;
    /**
     * Instructions a later one consumes and emits itself (a compare by its branch, a decode by its
     * load, a class constant by the VM call that loads it): selected as nothing where they stand.
     */
    protected final Fused fused;

    /** A set of a graph's instructions, by value id. */
    protected static final class Fused {
        private boolean[] in;

        Fused(int idLimit) {
            in = new boolean[idLimit];
        }

        public void add(Instruction i) {
            if (i.id() >= in.length) {
                in = CompilerArrays.copyOf(in, i.id() + 1);
            }
            in[i.id()] = true;
        }

        public boolean contains(org.ssajit.ir.Value v) {
            return v.id() < in.length && in[v.id()];
        }
    }

    protected HotSpotLirGenerator(Graph ir, B backend, FrameMap frameMap) {
        super(ir, backend.architecture(), frameMap);
        this.fused = new Fused(ir.valueIdLimit());
        if (!ir.isLowered()) {
            throw new IllegalArgumentException("instruction selection needs a lowered graph (HotSpotLowering): " + ir.method());
        }
        this.backend = backend;
        this.method = ir.method();
    }

    /** Refuses what this target cannot compile ({@link #checkScope}), then selects instructions for the whole graph. */
    @Override
    public final LirGraph generate() {
        checkScope();
        return super.generate();
    }

    /** Refuses (BailoutException) what only this target cannot compile, before any LIR exists. */
    protected abstract void checkScope();

    // Operands ---------------------------------------------------------------------------------------

    /** {@code v} in a variable: constants are loaded into a new one (or, in a loop, the one loaded in the entry block). */
    protected final AllocatableValue inVariable(Value v) {
        if (v instanceof ConstantValue c) {
            if (hoistable(c)) {
                return hoisted.computeIfAbsent(c.constant(), k -> {
                    Variable t = newVariable(c.kind());
                    entryBlock.ops().add(entryInsertAt++, backend.moveFactory().createMove(t, c));
                    return t;
                });
            }
            Variable t = newVariable(c.kind());
            append(backend.moveFactory().createMove(t, c));
            return t;
        }
        return (AllocatableValue) v;
    }

    protected final AllocatableValue inVariable(org.ssajit.ir.Value v) {
        return inVariable(operand(v));
    }

    /**
     * Whether a constant needed in a register inside a loop is loaded once in the entry block instead
     * of at each use: when it takes more than one instruction to load ({@link #costlyToLoad}). Loaded
     * in the entry block, the value dominates every use; the register allocator may keep it in a
     * register or spill it (then a use reloads it from the frame, still one instruction).
     */
    private boolean hoistable(ConstantValue c) {
        if (entryBlock == null || entryBlock.loopDepth() != 0 || currentBlock().loopDepth() == 0) {
            return false;
        }
        return costlyToLoad(c.constant());
    }

    /** Whether loading {@code c} into a register takes this target more than one instruction. */
    protected abstract boolean costlyToLoad(JavaConstant c);

    /**
     * {@code v} as an immediate operand if it is an integer constant (an int, a long, or null as 0)
     * whose value {@code fits} accepts (what the target's instruction encodes), else in a variable.
     */
    protected final Value immediateOr(org.ssajit.ir.Value v, LongPredicate fits) {
        Value op = operand(v);
        if (op instanceof ConstantValue c) {
            JavaConstant k = c.constant();
            Long x = switch (k.getJavaKind().getStackKind()) {
                case Int -> (long) k.asInt();
                case Long -> k.asLong();
                case Object -> k.isNull() ? 0L : null;
                default -> null;
            };
            if (x != null && fits.test(x)) {
                return c;
            }
        }
        return inVariable(op);
    }

    /**
     * The two inputs of binary {@code i}, swapped when only the first is a constant and {@code i}
     * commutes: a constant operand comes second, where the target's instructions take an immediate.
     */
    protected static org.ssajit.ir.Value[] constantSecond(Instruction i) {
        org.ssajit.ir.Value x = i.input(0);
        org.ssajit.ir.Value y = i.input(1);
        if (x instanceof org.ssajit.ir.Constant && !(y instanceof org.ssajit.ir.Constant) && i.op().isCommutative()) {
            return new org.ssajit.ir.Value[] {y, x};
        }
        return new org.ssajit.ir.Value[] {x, y};
    }

    /** Each input of {@code i} in a variable, in order. */
    protected final Value[] inputsInVariables(Instruction i) {
        Value[] values = new Value[i.inputCount()];
        for (int n = 0; n < values.length; n++) {
            values[n] = inVariable(i.input(n));
        }
        return values;
    }

    /** Moves the inputs of {@code i} into {@code registers}, the first input into the first register; returns those registers. */
    protected final RegisterValue[] inputsIn(Instruction i, Register[] registers) {
        RegisterValue[] in = new RegisterValue[i.inputCount()];
        for (int n = 0; n < in.length; n++) {
            in[n] = fixed(registers[n], i.input(n).kind());
            move(in[n], operand(i.input(n)));
        }
        return in;
    }

    protected final RegisterValue fixed(Register r, JavaKind kind) {
        return r.asValue(kindOf(kind));
    }

    /**
     * {@link HotSpotOp#THREAD}: the thread's register itself where every user only reads or writes at it
     * (the base of an address, {@code [thread + displacement]}), else a copy in a variable. The
     * register is reserved, never allocated or written by compiled code, so it holds the thread at
     * every use.
     */
    protected final void thread(Instruction i, Register threadRegister) {
        RegisterValue r = fixed(threadRegister, JavaKind.Long);
        if (onlyAddressed(i)) {
            setResult(i, r);
        } else {
            move(result(i), r);
        }
    }

    /** Whether every user of {@code v} is a READ or WRITE with {@code v} as its base only. */
    private static boolean onlyAddressed(Instruction v) {
        for (int k = 0; k < v.userCount(); k++) {
            if (!(v.user(k) instanceof Instruction u) || (u.op() != HotSpotOp.READ && u.op() != HotSpotOp.WRITE) || u.input(In.BASE) != v || u.input(In.INDEX) == v
                            || (u.op() == HotSpotOp.WRITE && u.input(In.VALUE) == v)) {
                return false;
            }
        }
        return true;
    }

    protected final void move(AllocatableValue dst, Value src) {
        append(backend.moveFactory().createMove(dst, src));
    }

    protected final LirFrameState stateOf(FrameState fs) {
        if (fs == null) {
            throw new IllegalStateException("instruction that can deoptimize has no frame state");
        }
        return state(fs, false);
    }

    /** A new variable for {@code i}'s value, recorded as its result. */
    protected final Variable result(Instruction i) {
        Variable r = newVariable(i.kind());
        setResult(i, r);
        return r;
    }

    protected final ConstantValue intConstant(int x) {
        return new ConstantValue(kindOf(JavaKind.Int), JavaConstant.forInt(x));
    }

    /**
     * Whether {@code i} is a {@link HotSpotOp#METADATA} whose only use is an argument of a {@link HotSpotOp#VM_CALL}
     * (an allocation's class): the call loads it into the argument's register itself, as part of its
     * sequence, so the constant takes no register before the call.
     */
    protected static boolean isVmCallArgument(Instruction i) {
        return i.op() == HotSpotOp.METADATA && i.userCount() == 1 && i.user(0) instanceof Instruction u && u.op() == HotSpotOp.VM_CALL;
    }

    protected static Deopt deopt(Instruction i) {
        return i.attribute(Deopt.class);
    }

    protected static Access access(Instruction i) {
        return i.attribute(Access.class);
    }

    private JavaType metaAccessType(JavaKind kind) {
        return backend.metaAccess().lookupJavaType(kind.toJavaClass());
    }

    /**
     * The {@code and} an {@code if} tests against zero, if it was fused (directly, or through the
     * {@code lcmp} with 0 the branch consumed; {@link org.ssajit.lir.SelectionPatterns#isTestFusable}); else null.
     */
    protected final Instruction fusedAnd(If f) {
        org.ssajit.ir.Value x = f.x();
        if (x instanceof Instruction cmp && cmp.op() == Op.LCMP && fused.contains(cmp)) {
            x = cmp.input(0);
        }
        return x instanceof Instruction and && and.op() == Op.AND && fused.contains(and) ? and : null;
    }

    // Branches ---------------------------------------------------------------------------------------

    /**
     * An {@code if}, with the fusions every target makes decided here: first what only the target
     * fuses ({@link #emitTargetBranch}); then a compare-and-swap the branch tests
     * ({@link org.ssajit.lir.SelectionPatterns#isSwapTestedByBranch}, {@link #casBranch}), an
     * {@code and} it tests against zero ({@link #fusedAnd}, {@link #testBranch}), a three-way compare
     * it consumed ({@link org.ssajit.lir.SelectionPatterns#isCompareFusable}: {@code lcmp} as a
     * {@link #compareBranch} of its longs, the float forms as a {@link #floatBranch}); else a compare
     * of its two operands, an int's 32 bits or a long's, reference's or word's 64.
     */
    @Override
    protected final void emitIf(If f, LirBlock trueTarget, LirBlock falseTarget) {
        if (emitTargetBranch(f, trueTarget, falseTarget)) {
            return;
        }
        Instruction x = f.x() instanceof Instruction i && fused.contains(i) ? i : null;
        Instruction and = fusedAnd(f);
        if (x != null && x.op() == HotSpotOp.Z_TEST) {
            zTestBranch(f.condition() == Condition.NE, x, trueTarget, falseTarget);
        } else if (x != null && x.op() == HotSpotOp.COMPARE_AND_SWAP) {
            casBranch(x, f.condition() == Condition.NE, trueTarget, falseTarget);
        } else if (and != null) {
            testBranch(f.condition(), and, trueTarget, falseTarget);
        } else if (x != null && x.op() == Op.LCMP) {
            compareBranch(f.condition(), JavaKind.Long, x.input(0), x.input(1), trueTarget, falseTarget);
        } else if (x != null && x.op().isCompare()) {
            floatBranch(f.condition(), x.op() == Op.FCMPL || x.op() == Op.DCMPL, x.input(0), x.input(1), trueTarget, falseTarget);
        } else {
            compareBranch(f.condition(), f.x().kind() == JavaKind.Int ? JavaKind.Int : JavaKind.Long, f.x(), f.y(), trueTarget, falseTarget);
        }
    }

    /** Emits a branch only this target fuses, and says so; otherwise (by default) nothing and false. */
    protected boolean emitTargetBranch(If f, LirBlock trueTarget, LirBlock falseTarget) {
        return false;
    }

    /**
     * Marks a {@link HotSpotOp#Z_TEST} as fused into the {@code if (test != 0)} or {@code == 0} right
     * after it, its only user, where the lowering always puts it ({@link #zTestBranch}); a bailout if
     * something moved it away (a test the back end would have to materialize).
     */
    protected final void fuseZTest(Instruction test) {
        if (test.userCount() != 1 || !(test.user(0) instanceof If f) || f.block() != test.block() || org.ssajit.lir.SelectionPatterns.next(test) != null
                        || f.x() != test || !(f.y() instanceof org.ssajit.ir.Constant z) || z.asInt() != 0
                        || f.condition() != Condition.EQ && f.condition() != Condition.NE) {
            throw new org.ssajit.bytecode.BailoutException(org.ssajit.bytecode.BailoutException.Reason.UNSUPPORTED,
                            "a ZGC color test not right before the branch on it: " + test);
        }
        fused.add(test);
    }

    /**
     * {@code if (test != 0)} ({@code ifBad}) or {@code if (test == 0)}, {@code test} a fused
     * {@link HotSpotOp#Z_TEST}: the target's compare of the colored pointer with the patched mask (its
     * relocation mark recorded) and a branch on it.
     */
    protected abstract void zTestBranch(boolean ifBad, Instruction test, LirBlock trueTarget, LirBlock falseTarget);

    /** {@code if (cas swapped)} ({@code onSuccess}) or {@code if (cas failed)}: the swap and a branch on its outcome. */
    protected abstract void casBranch(Instruction cas, boolean onSuccess, LirBlock trueTarget, LirBlock falseTarget);

    /** {@code if ((and.x & and.y) cond 0)}, {@code cond} {@code ==} or {@code !=}: a bit test and a branch. */
    protected abstract void testBranch(Condition cond, Instruction and, LirBlock trueTarget, LirBlock falseTarget);

    /** {@code if (x cond y)}, signed, of {@code kind} ({@code Int}: 32 bits; {@code Long}: 64, a long, reference or word). */
    protected abstract void compareBranch(Condition cond, JavaKind kind, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget);

    /** {@code if (fcmp[lg](x, y) cond 0)}: NaN makes the compare -1 when {@code unorderedIsLess}, else 1. */
    protected abstract void floatBranch(Condition cond, boolean unorderedIsLess, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget);

    // Instructions selected alike on every target ------------------------------------------------------

    /**
     * Selects the instructions whose LIR is the same on every target: a value that keeps its operand
     * ({@link HotSpotOp#ADDRESS_OF}, {@link HotSpotOp#PI}) or is copied as another kind ({@link HotSpotOp#OBJECT_AT}), calls
     * and what follows them ({@link #call}, {@link #exceptionCheck}, {@link #exceptionTake},
     * {@link #unwind}, {@link #leafCall}, {@link #arrayCopy}), bounds checks ({@link #boundsCheck}),
     * and the OSR entry's reads (done by
     * {@link #emitEntry}). A target's {@link #emitInstruction} ends here for every op it does not
     * select itself; anything else is not part of a lowered graph.
     */
    protected final void emitSharedInstruction(Instruction i) {
        if (!(i.op() instanceof HotSpotOp op)) {
            if (i.op() != Op.OSR_LOCAL && i.op() != Op.OSR_LOCK) { // else read by the OSR entry, before the buffer is freed
                throw new IllegalStateException(i.op().mnemonic() + " at bci " + i.bci() + " in a lowered graph");
            }
            return;
        }
        switch (op) {
            case ADDRESS_OF -> setResult(i, operand(i.input(In.OBJECT))); // the same bits: no safepoint before its last use (the verifier checks)
            case PI -> setResult(i, operand(i.input(In.X)));
            case OBJECT_AT -> move(result(i), operand(i.input(In.X))); // the same bits, a reference from here on
            case CALL -> call(i);
            case EXCEPTION_CHECK -> exceptionCheck(i);
            case EXCEPTION_TAKE -> exceptionTake(i);
            case UNWIND -> unwind(i);
            case LEAF_CALL -> leafCall(i);
            case ARRAY_COPY, CHECKCAST_ARRAY_COPY -> arrayCopy(i);
            case BOUNDS_CHECK -> boundsCheck(i);
            default -> throw new IllegalStateException(i.op().mnemonic() + " at bci " + i.bci() + " in a lowered graph");
        }
    }

    /**
     * Whether the {@link HotSpotOp#READ} {@code read} is left to the bounds check right after it, which reads
     * the length itself: an array length (an int at a displacement, no index) used by nothing else, so
     * that the length never takes a register of its own (x86 compares with memory, AArch64 loads it
     * into a scratch register). Adds it to {@link #fused} if so; a target's READ asks first.
     */
    protected final boolean readByNextBoundsCheck(Instruction read) {
        Access a = access(read);
        if (a.kind() != JavaKind.Int || a.scale() != 0 || read.input(In.INDEX) != null || read.userCount() != 1 || !(read.user(0) instanceof Instruction u)
                        || u.op() != HotSpotOp.BOUNDS_CHECK || u.input(In.LENGTH) != read || org.ssajit.lir.SelectionPatterns.next(read) != u) {
            return false;
        }
        fused.add(read);
        return true;
    }

    /**
     * {@link HotSpotOp#BOUNDS_CHECK}, {@code index <u length} or deoptimize: against a length read right
     * before it ({@link #readByNextBoundsCheck}), whose implicit null check becomes the check's, the
     * target's {@link #boundsCheck(Value, Value, int, LirFrameState, Deopt, boolean)}; else against a
     * length in a variable, its {@link #lengthCheck}. The index as {@link #boundsCheckIndex} gives it.
     */
    private void boundsCheck(Instruction i) {
        org.ssajit.ir.Value length = i.input(In.LENGTH);
        Value index = boundsCheckIndex(i.input(In.INDEX));
        if (length instanceof Instruction read && read.op() == HotSpotOp.READ && fused.contains(read)) {
            append(boundsCheck(inVariable(read.input(In.BASE)), index, access(read).displacement(), stateOf(i.state()), deopt(i), read.state() != null));
        } else {
            append(lengthCheck(index, inVariable(length), stateOf(i.state()), deopt(i)));
        }
    }

    /** A bounds check's index as the target's checks take it: a variable, or a constant it can compare with. */
    protected abstract Value boundsCheckIndex(org.ssajit.ir.Value index);

    /** The target's {@link CheckOps.BoundsCheck}: reads {@code array}'s length at {@code lengthOffset} itself. */
    protected abstract LirOp boundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, Deopt deopt, boolean checksNull);

    /** The target's {@link CheckOps.LengthCheck}: against a length in a variable. */
    protected abstract LirOp lengthCheck(Value index, Value length, LirFrameState state, Deopt deopt);

    /**
     * {@link HotSpotOp#VM_CALL}: the arguments after the thread moved into {@code registers} (a class
     * constant only the call uses, {@link #isVmCallArgument}, is left for the call to load), the call
     * ({@link VmCallOps.VmCall}), and an answer taken from the C convention's {@code returnRegister}.
     */
    protected final void vmCall(Instruction i, Register returnRegister, Register[] registers) {
        VmEntry entry = i.attribute(VmEntry.class);
        RegisterValue[] args = new RegisterValue[i.inputCount()];
        VMConstant[] metadata = new VMConstant[args.length];
        for (int n = 0; n < args.length; n++) {
            args[n] = fixed(registers[n], i.input(n).kind());
            if (i.input(n) instanceof Instruction m && fused.contains(m)) {
                metadata[n] = m.attribute(VMConstant.class);
            } else {
                move(args[n], operand(i.input(n)));
            }
        }
        JavaKind rk = entry.resultKind();
        RegisterValue result = rk == JavaKind.Void ? null : fixed(backend.registerConfig().getReturnRegister(rk), rk);
        append(new VmCallOps.VmCall(entry, result, args, metadata, stateOf(i.state()), returnRegister, registers));
        if (result != null) {
            move(result(i), result);
        }
    }

    /**
     * {@link HotSpotOp#VM_LOCK} or {@link HotSpotOp#VM_UNLOCK} through the VM: the monitor slots up to the lock's
     * depth reserved in the frame, the object moved into {@code objectRegister} (where the target's
     * monitor stub passes it on to C), then the target's op ({@code monitor}).
     */
    protected final void monitor(Instruction i, Register objectRegister, MonitorFactory monitor) {
        int depth = i.attribute(Integer.class);
        lir().frameMap().reserveMonitorSlots(depth + 1);
        RegisterValue object = fixed(objectRegister, JavaKind.Object);
        move(object, operand(i.input(In.OBJECT)));
        append(monitor.create(i.op() == HotSpotOp.VM_LOCK, depth, object, stateOf(i.state())));
    }

    /** A target's lock ({@code enter}) or unlock op of the monitor at {@code depth}, the object in a register. */
    @FunctionalInterface
    protected interface MonitorFactory {
        LirOp create(boolean enter, int depth, RegisterValue object, LirFrameState state);
    }

    // Entry ------------------------------------------------------------------------------------------

    @Override
    protected final void emitEntry(List<Parameter> parameters) {
        if (ir.isOsr()) {
            emitOsrEntry();
        } else {
            emitArguments(parameters);
        }
        entryBlock = currentBlock();
        entryInsertAt = entryBlock.ops().size();
    }

    private void emitArguments(List<Parameter> parameters) {
        JavaType[] types = method.getSignature().toParameterTypes(method.isStatic() ? null : method.getDeclaringClass());
        ValueKindFactory<LirKind> kinds = this::kindOf;
        CallingConvention cc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.JavaCallee,
                        method.getSignature().getReturnType(null), types, kinds);
        if (cc.getArgumentCount() != parameters.size()) {
            throw new IllegalStateException("calling convention has " + cc.getArgumentCount() + " arguments, the graph " + parameters.size());
        }
        List<RegisterValue> inRegisters = new CompilerList<>();
        for (int i = 0; i < cc.getArgumentCount(); i++) {
            if (cc.getArgument(i) instanceof RegisterValue r) {
                inRegisters.add(r);
            }
        }
        append(new ControlOps.Entry(inRegisters.toArray(new RegisterValue[0])));
        for (int i = 0; i < parameters.size(); i++) {
            move((AllocatableValue) operand(parameters.get(i)), cc.getArgument(i));
        }
    }

    /**
     * An on-stack-replacement entry: the interpreter's buffer arrives in the first Java argument
     * register. Every {@link Op#OSR_LOCAL} and {@link Op#OSR_LOCK} object of the entry block is read
     * from it here ({@link #osrLoad}), every monitor's BasicLock word moves into this frame's slot of
     * its depth ({@link #osrTakeOverLock}: the VM made it independent of the interpreter frame's
     * address when it filled the buffer), then the buffer is freed (a C call; the allocator keeps the
     * values across it), before anything else runs.
     */
    private void emitOsrEntry() {
        JavaType[] pointer = {metaAccessType(JavaKind.Long)};
        ValueKindFactory<LirKind> kinds = this::kindOf;
        CallingConvention javaCc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.JavaCallee, null, pointer, kinds);
        CallingConvention cCc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.NativeCall, null, pointer, kinds);
        if (!(javaCc.getArgument(0) instanceof RegisterValue in) || !(cCc.getArgument(0) instanceof RegisterValue cArg)) {
            throw new IllegalStateException("the OSR buffer and the C argument must be in registers: " + javaCc + ", " + cCc);
        }
        append(new ControlOps.Entry(new RegisterValue[] {in}));
        Variable buffer = newVariable(JavaKind.Long);
        move(buffer, in);
        int maxLocals = method.getMaxLocals();
        for (Instruction i : ir.entry().instructions()) {
            if (i.op() == Op.OSR_LOCAL) {
                append(osrLoad(i.kind(), result(i), buffer, OsrBuffer.offset(i.osrLocal(), i.kind(), maxLocals)));
            } else if (i.op() == Op.OSR_LOCK) {
                int depth = i.attribute(Integer.class);
                append(osrLoad(JavaKind.Object, result(i), buffer, OsrBuffer.monitorOffset(depth, ir.osrLocks(), maxLocals) + 8));
            }
        }
        lir().frameMap().reserveMonitorSlots(ir.osrLocks());
        for (int d = 0; d < ir.osrLocks(); d++) {
            append(osrTakeOverLock(buffer, OsrBuffer.monitorOffset(d, ir.osrLocks(), maxLocals), d));
        }
        move(cArg, buffer);
        append(new CallOps.LeafCall(backend.config().osrMigrationEnd, null, new RegisterValue[] {cArg}, "osr-migration-end"));
    }

    /** {@code result := } the value of {@code kind} at {@code offset} in the OSR buffer at {@code buffer}. */
    protected abstract LirOp osrLoad(JavaKind kind, Variable result, AllocatableValue buffer, int offset);

    /** Copies the BasicLock word at {@code offset} in the OSR buffer into this frame's monitor slot of lock depth {@code depth}. */
    protected abstract LirOp osrTakeOverLock(AllocatableValue buffer, int offset, int depth);

    // Calls ------------------------------------------------------------------------------------------

    /**
     * A Java call: the arguments moved to where HotSpot's Java calling convention puts them (registers,
     * then the outgoing area at the bottom of this frame), the call, the result taken from the return
     * register. No register survives the call: the allocator keeps what lives across it in the frame.
     */
    protected final void call(Instruction i) {
        CallTarget t = i.attribute(CallTarget.class);
        ResolvedJavaMethod callee = t.method();
        JavaType[] types = callee.getSignature().toParameterTypes(callee.isStatic() ? null : callee.getDeclaringClass());
        ValueKindFactory<LirKind> kinds = this::kindOf;
        CallingConvention cc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.JavaCall,
                        callee.getSignature().getReturnType(null), types, kinds);
        if (cc.getArgumentCount() != i.inputCount()) {
            throw new IllegalStateException("calling convention has " + cc.getArgumentCount() + " arguments, the call " + i.inputCount() + ": " + i);
        }
        lir().frameMap().reserveOutgoing(cc.getStackSize());
        List<RegisterValue> inRegisters = new CompilerList<>();
        // Stack arguments first (a stack-to-stack move goes through a scratch register, never an argument register).
        for (int k = 0; k < cc.getArgumentCount(); k++) {
            if (!(cc.getArgument(k) instanceof RegisterValue)) {
                move(cc.getArgument(k), operand(i.input(k)));
            }
        }
        for (int k = 0; k < cc.getArgumentCount(); k++) {
            if (cc.getArgument(k) instanceof RegisterValue r) {
                move(r, operand(i.input(k)));
                inRegisters.add(r);
            }
        }
        JavaKind rk = t.returnKind();
        RegisterValue result = rk == JavaKind.Void ? null : fixed(backend.registerConfig().getReturnRegister(rk), rk);
        lastCall = new CallOps.JavaCall(t, result, inRegisters.toArray(new RegisterValue[0]), state(i.state(), true));
        lastCallBlock = currentBlock();
        append(lastCall);
        if (result != null) {
            move(result(i), result);
        }
    }

    /** {@link HotSpotOp#EXCEPTION_CHECK}: whether the call right before it in the block returned through the exception handler entry. */
    protected final void exceptionCheck(Instruction i) {
        if (lastCall == null || lastCallBlock != currentBlock()) {
            throw new IllegalStateException("an exception check must follow a call in its block: " + i);
        }
        append(new CallOps.ExceptionCheck(result(i), lastCall));
    }

    /** {@link HotSpotOp#EXCEPTION_TAKE}: the exception the check found, taken off the thread. */
    protected final void exceptionTake(Instruction i) {
        append(new CallOps.ExceptionTake(result(i)));
    }

    /** {@link HotSpotOp#UNWIND}: the exception, in the return register, leaves the frame for the caller's handler. */
    protected final void unwind(Instruction i) {
        Register returnRegister = backend.registerConfig().getReturnRegister(JavaKind.Object);
        RegisterValue exception = fixed(returnRegister, JavaKind.Object);
        move(exception, operand(i.input(In.OBJECT)));
        append(new CallOps.Unwind(exception, returnRegister));
    }

    /**
     * A call of one of the VM's leaf C functions: arguments and result in the C convention's
     * registers; the call clobbers every allocatable register (a superset of what C may clobber).
     */
    protected final void leafCall(Instruction i) {
        RuntimeLeaf f = i.attribute(RuntimeLeaf.class);
        JavaKind[] kinds = f.argumentKinds();
        Value[] values = new Value[kinds.length];
        for (int k = 0; k < kinds.length; k++) {
            values[k] = operand(i.input(k));
        }
        RegisterValue[] args = cArguments(kinds, f.resultKind(), values, f.symbol());
        RegisterValue result = fixed(backend.registerConfig().getReturnRegister(f.resultKind()), f.resultKind());
        append(new CallOps.LeafCall(backend.config().runtimeLeaf(f), result, args, f));
        move(result(i), result);
    }

    /** Moves {@code values} to the registers of the C convention's arguments of {@code kinds} (a leaf returning {@code resultKind}); returns those registers. */
    protected final RegisterValue[] cArguments(JavaKind[] kinds, JavaKind resultKind, Value[] values, String what) {
        RegisterValue[] args = cArgumentRegisters(backend.registerConfig(), backend.metaAccess(), kinds, resultKind, what);
        for (int k = 0; k < args.length; k++) {
            move(args[k], values[k]);
        }
        return args;
    }

    /**
     * {@link HotSpotOp#ARRAY_COPY} and {@link HotSpotOp#CHECKCAST_ARRAY_COPY}: the two element
     * addresses ({@link #elementAddress}), the count and, for the store-checking stub, the destination
     * element class's super check offset and the class, moved to the C convention's argument
     * registers; then the VM's stub (the copy stub for the element size, or the store-checking one), a
     * leaf that clobbers what C may clobber (every allocatable register is taken as clobbered). The
     * store-checking stub's int result comes from the return register.
     */
    protected final void arrayCopy(Instruction i) {
        Access a = access(i);
        boolean checking = i.op() == HotSpotOp.CHECKCAST_ARRAY_COPY;
        long stub = checking ? backend.config().checkcastArrayCopyStub : backend.config().arrayCopyStub(a.kind());
        String name = checking ? "checkcast arraycopy" : "arraycopy " + a.kind().getJavaName();
        if (stub == 0) {
            throw new IllegalStateException("the VM has no stub for " + name);
        }
        Variable from = newVariable(JavaKind.Long);
        append(elementAddress(a, from, inVariable(i.input(In.SOURCE)), inVariable(i.input(In.SOURCE_INDEX))));
        Variable to = newVariable(JavaKind.Long);
        append(elementAddress(a, to, inVariable(i.input(In.DESTINATION)), inVariable(i.input(In.DESTINATION_INDEX))));
        Value[] values = checking ? new Value[] {from, to, operand(i.input(In.LENGTH)), operand(i.input(In.OFFSET)), operand(i.input(In.ELEMENT_CLASS))}
                        : new Value[] {from, to, operand(i.input(In.LENGTH))};
        JavaKind[] kinds = new JavaKind[values.length];
        Arrays.fill(kinds, JavaKind.Long);
        JavaKind resultKind = checking ? JavaKind.Int : JavaKind.Void;
        RegisterValue[] args = cArguments(kinds, resultKind, values, name);
        RegisterValue result = checking ? fixed(backend.registerConfig().getReturnRegister(resultKind), resultKind) : null;
        append(new CallOps.LeafCall(stub, result, args, name));
        if (checking) {
            move(result(i), result);
        }
    }

    /** {@code result := } the address of element {@code index} of {@code array} with {@code a}'s scale and offset of element 0. */
    protected abstract LirOp elementAddress(Access a, Variable result, AllocatableValue array, AllocatableValue index);

    // Switches, returns, throws, safepoints ----------------------------------------------------------

    /**
     * Up to {@value #MAX_KEYS_IN_A_ROW} keys: compares, one key after the other, the most frequent
     * first as the switch's profile counted them (in key order without a profile), unless most runs
     * take the default ({@link #comparesInARow}). Otherwise a jump table when there are at least
     * {@value #MIN_TABLE_KEYS} keys and they are dense (filling at least a third of their range, at
     * most {@value #MAX_TABLE_SIZE} entries), else compares searched by halves. A few compares in a
     * row beat the table's indirect jump where the same switch runs over and over with changing
     * values (an interpreter's dispatch): each compare is a branch of its own that the predictor
     * learns from the history of the ones before it, as C1's switches are.
     */
    @Override
    protected final void emitSwitch(Switch s, LirBlock[] keyTargets, LirBlock defaultTarget) {
        AllocatableValue v = inVariable(s.value());
        int n = s.keyCount();
        long span = (long) s.key(n - 1) - s.key(0) + 1;
        boolean inARow = comparesInARow(s);
        if (!inARow && n >= MIN_TABLE_KEYS && span <= 3L * n && span <= MAX_TABLE_SIZE) {
            LirBlock[] table = new LirBlock[(int) span];
            ArrayFill.fill(table, defaultTarget);
            for (int k = 0; k < n; k++) {
                table[(int) ((long) s.key(k) - s.key(0))] = keyTargets[k];
            }
            append(tableSwitch(v, s.key(0), table, defaultTarget));
        } else {
            int[] keys = new int[n];
            for (int k = 0; k < n; k++) {
                keys[k] = s.key(k);
            }
            append(lookupSwitch(v, keys, keyTargets, defaultTarget, inARow ? sequence(s) : null));
        }
    }

    /**
     * Whether {@code s} is compiled as compares in a row: at most {@value #MAX_KEYS_IN_A_ROW} keys,
     * and not a switch whose profile has most runs take the default with more keys than a search's
     * leaf compares ({@link SwitchOps.LookupSwitch#SEARCH_LEAF}): every compare of the row would run
     * on the way to it, where a table or a search by halves gets there in a few.
     */
    static boolean comparesInARow(Switch s) {
        int n = s.keyCount();
        return n <= MAX_KEYS_IN_A_ROW && !(s.profiled() && n > SwitchOps.LookupSwitch.SEARCH_LEAF && s.probability(n) > 0.5);
    }

    /** The key indices of {@code s}, the most frequent first (ties, and all without a profile, in key order). */
    static int[] sequence(Switch s) {
        int n = s.keyCount();
        if (!s.profiled()) {
            int[] sequence = new int[n];
            for (int k = 0; k < n; k++) {
                sequence[k] = k;
            }
            return sequence;
        }
        return CompilerArrays.sortedIndices(n, (a, b) -> Double.compare(s.probability(b), s.probability(a)));
    }

    /** A jump through a table: {@code table[value - lowKey]}, {@code defaultTarget} outside it. */
    protected abstract LirOp tableSwitch(AllocatableValue value, int lowKey, LirBlock[] table, LirBlock defaultTarget);

    /**
     * Compares against the sorted {@code keys}: every one in the order of {@code sequence}, or
     * searched by halves if it is null ({@link SwitchOps.LookupSwitch}).
     */
    protected abstract LirOp lookupSwitch(AllocatableValue value, int[] keys, LirBlock[] keyTargets, LirBlock defaultTarget, int[] sequence);

    /** The value goes to the calling convention's return register (the lowering narrowed it to the declared kind). */
    @Override
    protected final void emitReturn(Return r) {
        if (r.value() == null) {
            append(new ControlOps.Return(null));
            return;
        }
        JavaKind k = method.getSignature().getReturnKind().getStackKind();
        RegisterValue reg = fixed(backend.registerConfig().getReturnRegister(k), k);
        move(reg, operand(r.value()));
        append(new ControlOps.Return(reg));
    }

    @Override
    protected final void emitThrow(Throw t) {
        // Nothing: the lowering put a deoptimization before it (the interpreter throws), which never returns.
    }

    @Override
    protected final void emitLoopSafepoint(LirFrameState state) {
        append(new ControlOps.Safepoint(state));
    }
}
