package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.amd64.lir.Amd64Memory.AddressShape;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Throw;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirGenerator;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.Variable;
import org.ssajit.opt.NodeFactory;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.CallingConvention;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ProfilingInfo;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Value;

/**
 * AMD64 instruction selection: one SSA instruction at a time, into the ops of this package, with
 * immediates where x86 takes them and fixed registers where it insists ({@code idiv} in rdx:rax, shift
 * counts in cl, arguments and results where the calling convention puts them). What is selected how
 * is tabulated in the module README. {@link #generate()} first refuses methods outside the back end's
 * scope ({@link Amd64Scope}).
 */
public final class Amd64LirGenerator extends LirGenerator {
    /** Deoptimization action for an unresolved entry or uninitialized class; see {@link Amd64Checks.Deoptimize}. */
    public static final DeoptimizationAction UNRESOLVED_ACTION = DeoptimizationAction.InvalidateReprofile;

    private final Amd64Backend backend;
    private final ResolvedJavaMethod method;
    /** Compares consumed by the {@code if} that follows them (selected there as one compare-and-branch). */
    private final Set<Instruction> fused = new HashSet<>();
    /** Constants used in loops that take more than an instruction to load, loaded once in the entry block ({@link #inVariable}). */
    private final Map<JavaConstant, Variable> hoisted = new HashMap<>();
    /** The entry block, and where in it hoisted constants go: after the incoming arguments are taken. */
    private LirBlock entryBlock;
    private int entryInsertAt;
    /**
     * References null-checked in each SSA block. A failed check never falls through, so a reference
     * checked in a block is non-null in every block it dominates (all of a block's instructions run
     * before its successors).
     */
    private final Map<Block, Set<org.ssajit.ir.Value>> checkedNonNull = new HashMap<>();
    private Dominance dominance;
    /** Whether null checks may be implicit in this method ({@link Amd64Backend#withImplicitNullChecks}). */
    private final boolean implicitNullChecks;

    public Amd64LirGenerator(Graph ir, Amd64Backend backend) {
        super(ir, backend.architecture(), new Amd64FrameMap());
        this.backend = backend;
        this.method = ir.method();
        this.implicitNullChecks = backend.implicitNullChecks() && !nullCheckDeoptimized(method);
    }

    /** Whether the method's profile records a deoptimization for a null reference (implicit or explicit). */
    private static boolean nullCheckDeoptimized(ResolvedJavaMethod m) {
        ProfilingInfo p = m.getProfilingInfo();
        return p != null && p.getDeoptimizationCount(DeoptimizationReason.NullCheckException) > 0;
    }

    /** Refuses what is out of scope, then lowers the whole graph. */
    @Override
    public LirGraph generate() {
        Amd64Scope.check(ir);
        dominance = ir.dominance();
        return super.generate();
    }

    // Operands ---------------------------------------------------------------------------------------

    /** {@code v} in a variable: constants are loaded into a new one. */
    private AllocatableValue inVariable(Value v) {
        if (v instanceof ConstantValue c) {
            if (hoistable(c)) {
                return hoisted.computeIfAbsent(c.constant(), k -> {
                    Variable t = newVariable(c.kind());
                    entryBlock.ops().add(entryInsertAt++, new Amd64Moves.LoadConstant(t, c));
                    return t;
                });
            }
            Variable t = newVariable(c.kind());
            append(new Amd64Moves.LoadConstant(t, c));
            return t;
        }
        return (AllocatableValue) v;
    }

    /**
     * Whether a constant needed in a register inside a loop is loaded once in the entry block instead
     * of at each use: a float or double other than +0.0 ({@code movabs} and {@code movq}, where +0.0 is
     * one {@code xorps}), or a long that does not fit an imm32 ({@code movabs}). Loaded in the entry
     * block, the value dominates every use; the register allocator may keep it in a register or spill
     * it (then a use reloads it from the frame, still one instruction).
     */
    private boolean hoistable(ConstantValue c) {
        if (entryBlock == null || entryBlock.loopDepth() != 0 || currentBlock().loopDepth() == 0) {
            return false;
        }
        JavaConstant k = c.constant();
        return switch (k.getJavaKind()) {
            case Float -> Float.floatToRawIntBits(k.asFloat()) != 0;
            case Double -> Double.doubleToRawLongBits(k.asDouble()) != 0;
            case Long -> !fitsImm32(k);
            default -> false;
        };
    }

    private AllocatableValue inVariable(org.ssajit.ir.Value v) {
        return inVariable(operand(v));
    }

    /** The operand as an imm32 if it is an integer constant that fits (null counts as 0), else in a variable. */
    private Value immOrVariable(org.ssajit.ir.Value v) {
        Value op = operand(v);
        if (op instanceof ConstantValue c && fitsImm32(c.constant())) {
            return c;
        }
        return inVariable(op);
    }

    private static boolean fitsImm32(JavaConstant c) {
        return switch (c.getJavaKind().getStackKind()) {
            case Int -> true;
            case Long -> c.asLong() == (int) c.asLong();
            case Object -> c.isNull();
            default -> false;
        };
    }

    private RegisterValue fixed(Register r, JavaKind kind) {
        return r.asValue(kindOf(kind));
    }

    private void move(AllocatableValue dst, Value src) {
        append(backend.moveFactory().createMove(dst, src));
    }

    private static OperandSize sizeOf(JavaKind k) {
        return k == JavaKind.Int ? DWORD : QWORD;
    }

    private LirFrameState stateOf(FrameState fs) {
        if (fs == null) {
            throw new IllegalStateException("instruction that can deoptimize has no frame state");
        }
        return state(fs, false);
    }

    // Entry ------------------------------------------------------------------------------------------

    @Override
    protected void emitEntry(List<Parameter> parameters) {
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
        List<RegisterValue> inRegisters = new ArrayList<>();
        for (int i = 0; i < cc.getArgumentCount(); i++) {
            if (cc.getArgument(i) instanceof RegisterValue r) {
                inRegisters.add(r);
            }
        }
        append(new Amd64Control.Entry(inRegisters.toArray(new RegisterValue[0])));
        for (int i = 0; i < parameters.size(); i++) {
            move((AllocatableValue) operand(parameters.get(i)), cc.getArgument(i));
        }
    }

    /**
     * An on-stack-replacement entry: the interpreter's buffer arrives in the first Java argument
     * register. Every {@link Op#OSR_LOCAL} of the entry block is read from it here, then the buffer is
     * freed (a C call; the allocator keeps the locals' values across it), before anything else runs.
     */
    private void emitOsrEntry() {
        JavaType[] pointer = {metaAccessType(JavaKind.Long)};
        ValueKindFactory<LirKind> kinds = this::kindOf;
        CallingConvention javaCc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.JavaCallee, null, pointer, kinds);
        CallingConvention cCc = backend.registerConfig().getCallingConvention(HotSpotCallingConventionType.NativeCall, null, pointer, kinds);
        if (!(javaCc.getArgument(0) instanceof RegisterValue in) || !(cCc.getArgument(0) instanceof RegisterValue cArg)) {
            throw new IllegalStateException("the OSR buffer and the C argument must be in registers: " + javaCc + ", " + cCc);
        }
        append(new Amd64Control.Entry(new RegisterValue[]{in}));
        Variable buffer = newVariable(JavaKind.Long);
        move(buffer, in);
        int maxLocals = method.getMaxLocals();
        for (Instruction i : ir.entry().instructions()) {
            if (i.op() == Op.OSR_LOCAL) {
                append(new Amd64Osr.LoadLocal(i.kind(), result(i), buffer, Amd64Osr.bufferOffset(i.osrLocal(), i.kind(), maxLocals)));
            }
        }
        move(cArg, buffer);
        append(new Amd64Osr.MigrationEnd(cArg));
    }

    private JavaType metaAccessType(JavaKind kind) {
        return backend.metaAccess().lookupJavaType(kind.toJavaClass());
    }

    // Instructions -----------------------------------------------------------------------------------

    @Override
    protected void emitInstruction(Instruction i) {
        JavaKind k = i.kind();
        switch (i.op()) {
            case ADD -> binary(i, AluOp.ADD, SseOp.ADDSS, SseOp.ADDSD);
            case SUB -> binary(i, AluOp.SUB, SseOp.SUBSS, SseOp.SUBSD);
            case AND -> {
                if (isTestFusable(i)) {
                    fused.add(i); // the branch emits test x, y
                } else {
                    binary(i, AluOp.AND, null, null);
                }
            }
            case OR -> bitwiseOrRotate(i, AluOp.OR);
            case XOR -> bitwiseOrRotate(i, AluOp.XOR);
            case MUL -> {
                if (isInteger(k)) {
                    multiply(i);
                } else {
                    floatBinary(i, k == JavaKind.Float ? SseOp.MULSS : SseOp.MULSD);
                }
            }
            case DIV -> {
                if (isInteger(k)) {
                    divide(i, true);
                } else {
                    floatBinary(i, k == JavaKind.Float ? SseOp.DIVSS : SseOp.DIVSD);
                }
            }
            case REM -> {
                if (!isInteger(k)) {
                    throw Amd64Scope.refuse("floating-point remainder at bci " + i.bci());
                }
                divide(i, false);
            }
            case NEG -> {
                Variable r = result(i);
                if (isInteger(k)) {
                    append(new Amd64Arithmetic.IntegerUnary(UnaryOp.NEG, sizeOf(k), r, inVariable(i.input(0))));
                } else {
                    append(new Amd64Arithmetic.FloatNegate(r, inVariable(i.input(0))));
                }
            }
            case SHL -> shiftUnlessRotated(i, ShiftOp.SHL);
            case SHR -> shift(i, ShiftOp.SAR);
            case USHR -> shiftUnlessRotated(i, ShiftOp.SHR);
            case I2L, L2I, I2B, I2C, I2S, I2F, I2D, L2F, L2D, F2D, D2F -> {
                if (!fused.contains(i)) {
                    append(new Amd64Conversions.Convert(i.op(), result(i), inVariable(i.input(0))));
                }
            }
            case F2I, F2L, D2I, D2L -> append(new Amd64Conversions.FloatToInteger(i.op(), result(i), inVariable(i.input(0))));
            case LCMP, FCMPL, FCMPG, DCMPL, DCMPG -> compare(i);
            case LOAD_FIELD -> loadField(i);
            case STORE_FIELD -> storeField(i);
            case LOAD_INDEXED -> loadIndexed(i);
            case STORE_INDEXED -> storeIndexed(i);
            case FILL -> fill(i);
            case ARRAY_LENGTH -> {
                NullCheck array = nullCheck(i.input(0), i.state());
                append(new Amd64Memory.Load(JavaKind.Int, result(i), array.value(), null, new AddressShape(null, backend.config().arrayLengthOffset))
                                .checkingNull(array.forAccess()));
            }
            case ARRAY_LENGTH_OR_ZERO -> {
                org.ssajit.ir.Value a = i.input(0);
                int offset = backend.config().arrayLengthOffset;
                if (NodeFactory.isNonNull(a) || checkedBefore(a, currentBlock().irBlock())) {
                    append(new Amd64Memory.Load(JavaKind.Int, result(i), inVariable(a), null, new AddressShape(null, offset)));
                } else {
                    append(new Amd64Memory.LengthOrZero(result(i), inVariable(a), offset));
                }
            }
            case LOAD_CONSTANT -> unresolved(i);
            case OSR_LOCAL -> {
                // Read in emitOsrEntry, before the buffer is freed.
            }
            default -> throw Amd64Scope.refuse(i.op().mnemonic() + " at bci " + i.bci() + " is not compiled");
        }
    }

    private static boolean isInteger(JavaKind k) {
        return k == JavaKind.Int || k == JavaKind.Long;
    }

    private Variable result(Instruction i) {
        Variable r = newVariable(i.kind());
        setResult(i, r);
        return r;
    }

    private void binary(Instruction i, AluOp integerOp, SseOp floatOp, SseOp doubleOp) {
        JavaKind k = i.kind();
        if (!isInteger(k)) {
            floatBinary(i, k == JavaKind.Float ? floatOp : doubleOp);
            return;
        }
        org.ssajit.ir.Value x = i.input(0);
        org.ssajit.ir.Value y = i.input(1);
        if (x instanceof Constant && !(y instanceof Constant) && i.op().isCommutative()) {
            org.ssajit.ir.Value t = x;
            x = y;
            y = t;
        }
        append(new Amd64Arithmetic.IntegerBinary(integerOp, sizeOf(k), result(i), inVariable(x), immOrVariable(y)));
    }

    private void floatBinary(Instruction i, SseOp op) {
        append(new Amd64Arithmetic.FloatBinary(op, backend.avx(), result(i), inVariable(i.input(0)), inVariable(i.input(1))));
    }

    private void multiply(Instruction i) {
        org.ssajit.ir.Value x = i.input(0);
        org.ssajit.ir.Value y = i.input(1);
        if (x instanceof Constant && !(y instanceof Constant)) {
            org.ssajit.ir.Value t = x;
            x = y;
            y = t;
        }
        append(new Amd64Arithmetic.IntegerMul(sizeOf(i.kind()), result(i), inVariable(x), immOrVariable(y)));
    }

    /**
     * {@code (x << c) | (x >>> (w - c))}, or the same with {@code ^} (the two halves share no bit),
     * for a constant c in 1..w-1 after Java's masking (w = 32 or 64): a rotation, one {@code rol x, c}.
     * Returns {@code x} and the left count, or null.
     */
    private static Rotation rotation(Instruction i) {
        if ((i.op() != Op.OR && i.op() != Op.XOR) || !isInteger(i.kind())) {
            return null;
        }
        if (!(i.input(0) instanceof Instruction a) || !(i.input(1) instanceof Instruction b)) {
            return null;
        }
        Instruction left = a.op() == Op.SHL ? a : b.op() == Op.SHL ? b : null;
        Instruction right = a.op() == Op.USHR ? a : b.op() == Op.USHR ? b : null;
        if (left == null || right == null || left.input(0) != right.input(0)
                        || !(left.input(1) instanceof Constant l) || !(right.input(1) instanceof Constant r)) {
            return null;
        }
        int width = i.kind() == JavaKind.Long ? 64 : 32;
        int lc = l.asInt() & (width - 1);
        int rc = r.asInt() & (width - 1);
        return lc != 0 && rc != 0 && lc + rc == width ? new Rotation(left.input(0), lc) : null;
    }

    private record Rotation(org.ssajit.ir.Value x, int left) {
    }

    private void bitwiseOrRotate(Instruction i, AluOp op) {
        Rotation r = rotation(i);
        if (r == null) {
            binary(i, op, null, null);
        } else {
            append(new Amd64Arithmetic.Shift(ShiftOp.ROL, sizeOf(i.kind()), result(i), inVariable(r.x()), intConstant(r.left())));
        }
    }

    /** A shift whose only user is a {@link #rotation} in the same block is not emitted: the {@code rol} replaces it. */
    private void shiftUnlessRotated(Instruction i, ShiftOp op) {
        if (i.userCount() == 1 && i.user(0) instanceof Instruction u && u.block() == i.block() && rotation(u) != null) {
            fused.add(i);
        } else {
            shift(i, op);
        }
    }

    /** Java masks the count (5 or 6 bits), as the CPU does for {@code shl r, cl}; a constant is masked at emission. */
    private void shift(Instruction i, ShiftOp op) {
        Value count = operand(i.input(1));
        Value c;
        if (count instanceof ConstantValue) {
            c = count;
        } else {
            c = fixed(AMD64.rcx, JavaKind.Int);
            move((AllocatableValue) c, count);
        }
        append(new Amd64Arithmetic.Shift(op, sizeOf(i.kind()), result(i), inVariable(i.input(0)), c));
    }

    /**
     * {@code x / y} or {@code x % y}: a zero check (deoptimizing, so the interpreter throws
     * ArithmeticException) unless y is a non-zero constant, then {@code idiv} on rdx:rax.
     */
    private void divide(Instruction i, boolean quotient) {
        JavaKind k = i.kind();
        org.ssajit.ir.Value y = i.input(1);
        boolean mayBeMinusOne = true;
        boolean mayBeZero = true;
        if (y instanceof Constant c) {
            long d = k == JavaKind.Int ? c.asInt() : c.asLong();
            mayBeMinusOne = d == -1;
            mayBeZero = d == 0;
        }
        AllocatableValue divisor = inVariable(y);
        if (mayBeZero) {
            append(new Amd64Checks.ZeroCheck(divisor, stateOf(i.state())));
        }
        RegisterValue rax = fixed(AMD64.rax, k);
        RegisterValue rdx = fixed(AMD64.rdx, k);
        move(rax, operand(i.input(0)));
        append(new Amd64Arithmetic.DivRem(sizeOf(k), rax, rdx, rax, divisor, mayBeMinusOne));
        move(result(i), quotient ? rax : rdx);
    }

    // Comparisons ------------------------------------------------------------------------------------

    /** A three-way compare whose only user is an {@code if (cmp cond 0)} right after it in the block is fused into that branch. */
    private void compare(Instruction i) {
        if (isFusable(i)) {
            fused.add(i);
            return;
        }
        if (i.op() == Op.LCMP) {
            append(new Amd64Compares.LongCompare(result(i), inVariable(i.input(0)), immOrVariable(i.input(1))));
        } else {
            boolean less = i.op() == Op.FCMPL || i.op() == Op.DCMPL;
            append(new Amd64Compares.FloatCompare(result(i), inVariable(i.input(0)), inVariable(i.input(1)), less));
        }
    }

    private static boolean isFusable(Instruction i) {
        if (i.userCount() != 1 || !(i.user(0) instanceof If f) || f.block() != i.block() || f.x() != i) {
            return false;
        }
        return f.y() instanceof Constant c && c.kind() == JavaKind.Int && c.asInt() == 0;
    }

    /**
     * An {@code and} whose only user tests it against zero right after it in the block: an int
     * {@code if (and == 0)} or {@code != 0}, or a long {@code lcmp(and, 0L)} fused into such an
     * {@code if}. The branch then emits {@code test x, y}.
     */
    private static boolean isTestFusable(Instruction i) {
        if (!isInteger(i.kind()) || i.userCount() != 1) {
            return false;
        }
        Node user = i.user(0);
        if (i.kind() == JavaKind.Long && user instanceof Instruction cmp && cmp.op() == Op.LCMP && cmp.block() == i.block()
                        && cmp.input(0) == i && isZero(cmp.input(1)) && isFusable(cmp)) {
            return isZeroTest((If) cmp.user(0));
        }
        return user instanceof If f && f.block() == i.block() && f.x() == i && isZero(f.y()) && isZeroTest(f);
    }

    private static boolean isZeroTest(If f) {
        return f.condition() == org.ssajit.ir.Condition.EQ || f.condition() == org.ssajit.ir.Condition.NE;
    }

    private static boolean isZero(org.ssajit.ir.Value v) {
        return v instanceof Constant c && (c.kind() == JavaKind.Int ? c.asInt() == 0 : c.kind() == JavaKind.Long && c.asLong() == 0);
    }

    /** The {@code and} an {@code if} tests against zero, if it was fused ({@link #isTestFusable}); else null. */
    private Instruction fusedAnd(If f) {
        org.ssajit.ir.Value x = f.x();
        if (x instanceof Instruction cmp && cmp.op() == Op.LCMP && fused.contains(cmp)) {
            x = cmp.input(0);
        }
        return x instanceof Instruction and && and.op() == Op.AND && fused.contains(and) ? and : null;
    }

    @Override
    protected void emitIf(If f, LirBlock trueTarget, LirBlock falseTarget) {
        Instruction and = fusedAnd(f);
        if (and != null) {
            OperandSize size = and.kind() == JavaKind.Long ? QWORD : DWORD;
            append(new Amd64Compares.TestBranch(f.condition(), size, inVariable(and.input(0)), immOrVariable(and.input(1)), trueTarget, falseTarget));
            return;
        }
        if (f.x() instanceof Instruction c && fused.contains(c)) {
            if (c.op() == Op.LCMP) {
                append(new Amd64Compares.CompareBranch(f.condition(), QWORD, inVariable(c.input(0)), immOrVariable(c.input(1)), trueTarget, falseTarget));
            } else {
                boolean less = c.op() == Op.FCMPL || c.op() == Op.DCMPL;
                append(new Amd64Compares.FloatBranch(f.condition(), less, inVariable(c.input(0)), inVariable(c.input(1)), trueTarget, falseTarget));
            }
            return;
        }
        OperandSize size = f.x().kind() == JavaKind.Object ? QWORD : DWORD;
        append(new Amd64Compares.CompareBranch(f.condition(), size, inVariable(f.x()), immOrVariable(f.y()), trueTarget, falseTarget));
    }

    /**
     * A jump table when the keys are dense (at least {@value #MIN_TABLE_KEYS} keys filling at least a
     * third of their range), else compares (a binary search over the sorted keys).
     */
    @Override
    protected void emitSwitch(Switch s, LirBlock[] keyTargets, LirBlock defaultTarget) {
        AllocatableValue v = inVariable(s.value());
        int n = s.keyCount();
        long span = (long) s.key(n - 1) - s.key(0) + 1;
        if (n >= MIN_TABLE_KEYS && span <= 3L * n && span <= MAX_TABLE_SIZE) {
            LirBlock[] table = new LirBlock[(int) span];
            java.util.Arrays.fill(table, defaultTarget);
            for (int k = 0; k < n; k++) {
                table[(int) ((long) s.key(k) - s.key(0))] = keyTargets[k];
            }
            append(new Amd64Switches.TableSwitch(v, newVariable(JavaKind.Long), s.key(0), table, defaultTarget));
        } else {
            int[] keys = new int[n];
            for (int k = 0; k < n; k++) {
                keys[k] = s.key(k);
            }
            append(new Amd64Switches.LookupSwitch(v, keys, keyTargets, defaultTarget));
        }
    }

    static final int MIN_TABLE_KEYS = 4;
    static final int MAX_TABLE_SIZE = 4096;

    // Returns, throws, safepoints --------------------------------------------------------------------

    /**
     * The value goes to the calling convention's return register. A method declared to return
     * boolean, byte, char or short narrows its int as {@code ireturn} does (JVMS: AND 1, i2b, i2c, i2s).
     */
    @Override
    protected void emitReturn(Return r) {
        if (r.value() == null) {
            append(new Amd64Control.Return(null));
            return;
        }
        JavaKind declared = method.getSignature().getReturnKind();
        JavaKind k = declared.getStackKind();
        Value v = narrowForReturn(r.value(), declared);
        RegisterValue reg = fixed(backend.registerConfig().getReturnRegister(k), k);
        move(reg, v);
        append(new Amd64Control.Return(reg));
    }

    private Value narrowForReturn(org.ssajit.ir.Value ssa, JavaKind declared) {
        Value v = operand(ssa);
        if (inRange(ssa, declared, new HashSet<>())) {
            return v;
        }
        if (v instanceof ConstantValue c) {
            int x = c.constant().asInt();
            return switch (declared) {
                case Boolean -> intConstant(x & 1);
                case Byte -> intConstant((byte) x);
                case Char -> intConstant((char) x);
                case Short -> intConstant((short) x);
                default -> v;
            };
        }
        Variable n = switch (declared) {
            case Boolean, Byte, Char, Short -> newVariable(JavaKind.Int);
            default -> null;
        };
        if (n == null) {
            return v;
        }
        switch (declared) {
            case Boolean -> append(new Amd64Arithmetic.IntegerBinary(AluOp.AND, DWORD, n, (AllocatableValue) v, intConstant(1)));
            case Byte -> append(new Amd64Conversions.Convert(Op.I2B, n, v));
            case Char -> append(new Amd64Conversions.Convert(Op.I2C, n, v));
            default -> append(new Amd64Conversions.Convert(Op.I2S, n, v));
        }
        return n;
    }

    /**
     * Whether {@code v} is certainly a value of {@code declared} already (so narrowing would not change
     * it): a constant in range, a load or conversion producing that kind, or a phi of such values.
     */
    private static boolean inRange(org.ssajit.ir.Value v, JavaKind declared, Set<org.ssajit.ir.Value> visiting) {
        if (declared.getStackKind() != JavaKind.Int || declared == JavaKind.Int) {
            return true;
        }
        if (!visiting.add(v)) {
            return true; // a phi cycle adds no values of its own
        }
        if (v instanceof Constant c) {
            int x = c.asInt();
            return switch (declared) {
                case Boolean -> x == 0 || x == 1;
                case Byte -> x == (byte) x;
                case Char -> x == (char) x;
                default -> x == (short) x;
            };
        }
        if (v instanceof org.ssajit.ir.Phi p) {
            for (int k = 0; k < p.operandCount(); k++) {
                if (!inRange(p.operand(k), declared, visiting)) {
                    return false;
                }
            }
            return true;
        }
        if (v instanceof Instruction i) {
            JavaKind produced = switch (i.op()) {
                case I2B -> JavaKind.Byte;
                case I2C -> JavaKind.Char;
                case I2S -> JavaKind.Short;
                case LOAD_FIELD -> i.field().kind();
                case LOAD_INDEXED -> i.elementKind() == JavaKind.Byte ? JavaKind.Byte : i.elementKind();
                default -> null;
            };
            return produced == declared || (produced == JavaKind.Byte && declared == JavaKind.Short);
        }
        return false;
    }

    private ConstantValue intConstant(int x) {
        return new ConstantValue(kindOf(JavaKind.Int), JavaConstant.forInt(x));
    }

    @Override
    protected void emitThrow(Throw t) {
        throw Amd64Scope.refuse("athrow at bci " + t.bci() + ": throwing is not compiled");
    }

    @Override
    protected void emitLoopSafepoint(LirFrameState state) {
        append(new Amd64Control.Safepoint(state));
    }

    // Memory -----------------------------------------------------------------------------------------

    /**
     * A reference about to be accessed, and the state of its null check if it still needs one (null
     * if it cannot be null or was checked before in this block or a dominating one). Before anything
     * else reads the reference, the caller either emits an explicit test ({@link #explicitly}) or
     * makes the access itself the check ({@link #forAccess}).
     */
    private final class NullCheck {
        private final AllocatableValue value;
        private FrameState pending;

        NullCheck(AllocatableValue value, FrameState pending) {
            this.value = value;
            this.pending = pending;
        }

        AllocatableValue value() {
            return value;
        }

        /** Emits the pending check as {@code test; je trap}; returns the reference. */
        AllocatableValue explicitly() {
            if (pending != null) {
                append(new Amd64Checks.NullCheck(value, stateOf(pending)));
                pending = null;
            }
            return value;
        }

        /**
         * The check is not needed: a bounds check against the array's length-or-zero fails for a
         * null array anyway, and deoptimizes to the same state.
         */
        void coveredByBoundsCheck() {
            pending = null;
        }

        /**
         * For the access appended next, which reads or writes {@code [value + disp]} with disp below
         * {@link Amd64Memory#IMPLICIT_NULL_CHECK_LIMIT}: the state it carries as the implicit null
         * check, or null if no check is pending or the method checks explicitly (the test is then
         * appended now).
         */
        LirFrameState forAccess() {
            if (pending == null || !implicitNullChecks) {
                explicitly();
                return null;
            }
            LirFrameState state = stateOf(pending);
            pending = null;
            return state;
        }
    }

    private NullCheck nullCheck(org.ssajit.ir.Value v, FrameState fs) {
        AllocatableValue r = inVariable(v);
        Block b = currentBlock().irBlock();
        if (!NodeFactory.isNonNull(v) && !checkedBefore(v, b)) {
            checkedNonNull.computeIfAbsent(b, x -> new HashSet<>()).add(v);
            return new NullCheck(r, fs);
        }
        return new NullCheck(r, null);
    }

    private boolean checkedBefore(org.ssajit.ir.Value v, Block b) {
        for (Block d = b; d != null; d = d == ir.entry() ? null : dominance.immediateDominator(d)) {
            Set<org.ssajit.ir.Value> s = checkedNonNull.get(d);
            if (s != null && s.contains(v)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The field of a getfield/putfield/getstatic/putstatic if the access can be compiled: resolved, of
     * the kind the bytecode says (static or not; else the interpreter throws
     * IncompatibleClassChangeError) and, for a static field, its class initialized. Otherwise an
     * unconditional deoptimization is emitted and null returned.
     */
    private ResolvedJavaField accessibleField(Instruction i) {
        FieldRef f = i.field();
        if (f.field() instanceof ResolvedJavaField rf && rf.isStatic() == f.isStatic()
                        && (!f.isStatic() || rf.getDeclaringClass().isInitialized())) {
            return rf;
        }
        unresolved(i);
        return null;
    }

    /** Deoptimizes unconditionally; any result is a dummy constant (the code after the trap is never reached). */
    private void unresolved(Instruction i) {
        append(new Amd64Checks.Deoptimize(stateOf(i.state()), DeoptimizationReason.Unresolved, UNRESOLVED_ACTION));
        if (i.kind() != JavaKind.Void) {
            setResult(i, new ConstantValue(kindOf(i.kind()), JavaConstant.defaultForKind(i.kind())));
        }
    }

    /**
     * The base of a field access: the object, or for a static field its class's mirror, an embedded
     * oop; and the state the access carries as the object's implicit null check (null: none, or the
     * explicit test was appended here).
     */
    private record FieldBase(Value value, LirFrameState nullCheck) {
    }

    private FieldBase fieldBase(Instruction i, ResolvedJavaField f) {
        if (f.isStatic()) {
            JavaConstant mirror = backend.constantReflection().asJavaClass(f.getDeclaringClass());
            return new FieldBase(new ConstantValue(kindOf(JavaKind.Object), mirror), null);
        }
        NullCheck c = nullCheck(i.input(0), i.state());
        if (f.getOffset() >= Amd64Memory.IMPLICIT_NULL_CHECK_LIMIT) {
            return new FieldBase(c.explicitly(), null); // too far from the header to fault on the null page
        }
        return new FieldBase(c.value(), c.forAccess());
    }

    private void loadField(Instruction i) {
        ResolvedJavaField f = accessibleField(i);
        if (f == null) {
            return;
        }
        FieldBase base = fieldBase(i, f);
        // A volatile read needs no fence on x86 (loads are not reordered with loads or later stores).
        append(new Amd64Memory.Load(f.getJavaKind(), result(i), base.value(), null, new AddressShape(null, f.getOffset())).checkingNull(base.nullCheck()));
    }

    private void storeField(Instruction i) {
        ResolvedJavaField f = accessibleField(i);
        if (f == null) {
            return;
        }
        FieldBase base = fieldBase(i, f);
        Value value = storeValue(i.input(Op.In.VALUE), f.getJavaKind());
        append(new Amd64Memory.Store(f.getJavaKind(), base.value(), null, value, new AddressShape(null, f.getOffset())).checkingNull(base.nullCheck()));
        if (f.isVolatile()) {
            append(new Amd64Memory.StoreLoadBarrier());
        }
    }

    /**
     * The value of a primitive store: a constant the store can take as an immediate, else a variable.
     * A boolean is masked to its low bit (JVMS putfield, putstatic, bastore into boolean[]).
     */
    private Value storeValue(org.ssajit.ir.Value v, JavaKind kind) {
        Value op = operand(v);
        if (op instanceof ConstantValue c) {
            JavaConstant x = c.constant();
            return switch (kind) {
                case Boolean -> intConstant(x.asInt() & 1);
                case Byte, Char, Short, Int, Float -> c;
                case Long -> fitsImm32(x) ? c : inVariable(c);
                case Double -> Double.doubleToRawLongBits(x.asDouble()) == (int) Double.doubleToRawLongBits(x.asDouble()) ? c : inVariable(c);
                default -> throw new IllegalStateException("store of " + kind);
            };
        }
        if (kind == JavaKind.Boolean && !inRange(v, JavaKind.Boolean, new HashSet<>())) {
            Variable masked = newVariable(JavaKind.Int);
            append(new Amd64Arithmetic.IntegerBinary(AluOp.AND, DWORD, masked, (AllocatableValue) op, intConstant(1)));
            return masked;
        }
        return op;
    }

    /** An array element: null check, bounds check (both deoptimize), then the access. */
    private record Element(AllocatableValue array, Value index, AddressShape shape) {
    }

    private Element element(Instruction i, JavaKind elementKind) {
        NullCheck check = nullCheck(i.input(0), i.state());
        AllocatableValue array = check.value();
        int base = backend.metaAccess().getArrayBaseOffset(elementKind);
        int scale = backend.metaAccess().getArrayIndexScale(elementKind);
        Value index = operand(i.input(1));
        if (index instanceof ConstantValue c) {
            long d = base + (long) c.constant().asInt() * scale;
            if (d != (int) d) {
                index = inVariable(c);
            }
        }
        org.ssajit.ir.Value length = i.checkedLength();
        if (provenInBounds(i.input(0), i.input(1), i.block())) {
            check.explicitly(); // the element's address may be far beyond the null page
        } else if (length != null) {
            // Against a length read before (before the loop): no memory read, and a null array has
            // length 0 there, so the check fails for it too.
            check.coveredByBoundsCheck();
            append(new Amd64Checks.LengthCheck(index, inVariable(length), stateOf(i.state())));
        } else {
            // The compare reads the length: on a null array it can fault, the implicit null check.
            LirFrameState nullCheck = check.forAccess();
            LirFrameState state = nullCheck != null ? nullCheck : stateOf(i.state());
            append(new Amd64Checks.BoundsCheck(array, index, backend.config().arrayLengthOffset, state, nullCheck != null));
        }
        boolean zeroExtended = !(index instanceof ConstantValue) && upperHalfZero(i.input(1), new HashSet<>());
        return new Element(array, index, new AddressShape(Scale.of(scale), base, zeroExtended));
    }

    /**
     * Whether the register of int value {@code v} has a zero upper half wherever it is used: true when
     * instruction selection writes it with a 32-bit instruction (which zeroes bits 32-63 on AMD64). Int
     * moves, spills and reloads are 32-bit too ({@link Amd64Moves}), so they keep that, as do phis
     * whose operands all have it (their moves write 32 bits, or no move at all). Parameters come in
     * with an undefined upper half; anything not listed here counts as unknown.
     */
    private boolean upperHalfZero(org.ssajit.ir.Value v, Set<Phi> visiting) {
        if (v.kind() != JavaKind.Int) {
            return false;
        }
        if (v instanceof Constant) {
            return true; // mov r32, imm or xor r32, r32
        }
        if (v instanceof Phi phi) {
            if (!visiting.add(phi)) {
                return true; // a cycle: every definition on it is checked where it enters
            }
            for (int k = 0; k < phi.operandCount(); k++) {
                if (!upperHalfZero(phi.operand(k), visiting)) {
                    return false;
                }
            }
            return true;
        }
        if (!(v instanceof Instruction i)) {
            return false;
        }
        return switch (i.op()) {
            // Amd64Arithmetic.IntegerBinary/IntegerMul/IntegerUnary: always an instruction on the 32-bit register.
            case ADD, SUB, AND, MUL, NEG -> true;
            // A rotation (rol by 1..31) or IntegerBinary.
            case OR, XOR -> true;
            // A shift by 0 after masking emits nothing: the register is the operand's.
            case SHL, SHR, USHR -> !(i.input(1) instanceof Constant c) || (c.asInt() & 31) != 0 || upperHalfZero(i.input(0), visiting);
            // Amd64Conversions: mov r32 (even onto itself), movsx/movzx r32.
            case L2I, I2B, I2C, I2S -> true;
            // mov/movsx/movzx into a 32-bit register.
            case LOAD_INDEXED, LOAD_FIELD, ARRAY_LENGTH, ARRAY_LENGTH_OR_ZERO -> true;
            // Amd64Memory.Fill: mov r32, from or lea r32, [last + 1].
            case FILL -> true;
            default -> false;
        };
    }

    // Bounds-check elimination -----------------------------------------------------------------------

    /**
     * True if {@code 0 <= index < array.length} holds wherever {@code at} runs, so the bounds check can
     * go: the index is non-negative ({@link #nonNegative}) and a branch edge that dominates {@code at}
     * is taken only when {@code index < arraylength(array)}, the very SSA values (the counted loop
     * {@code for (i = 0; i < a.length; i++) ... a[i]}). Sound in loops too: whenever a later iteration
     * gives {@code index} or the length a new value, control passes that edge again before {@code at}.
     */
    private boolean provenInBounds(org.ssajit.ir.Value array, org.ssajit.ir.Value index, Block at) {
        return nonNegative(index) && dominatingBound(index, at, b -> b instanceof Instruction l && l.op() == Op.ARRAY_LENGTH && l.input(0) == array);
    }

    /**
     * A non-negative int constant, or a phi (an induction variable) each of whose operands is a
     * non-negative constant or {@code phi + 1} computed where a dominating edge guarantees {@code phi
     * < y} for some int y (so the increment cannot overflow). By induction over the iterations the phi
     * is never negative.
     */
    private boolean nonNegative(org.ssajit.ir.Value v) {
        if (v instanceof Constant c) {
            return c.kind() == JavaKind.Int && c.asInt() >= 0;
        }
        if (!(v instanceof Phi phi) || phi.kind() != JavaKind.Int) {
            return false;
        }
        for (int k = 0; k < phi.operandCount(); k++) {
            org.ssajit.ir.Value op = phi.operand(k);
            if (op == phi || op instanceof Constant c && c.kind() == JavaKind.Int && c.asInt() >= 0) {
                continue;
            }
            if (!(op instanceof Instruction add) || add.op() != Op.ADD || add.kind() != JavaKind.Int) {
                return false;
            }
            boolean incrementsPhi = add.input(0) == phi && isIntOne(add.input(1)) || add.input(1) == phi && isIntOne(add.input(0));
            if (!incrementsPhi || !dominatingBound(phi, add.block(), b -> b.kind() == JavaKind.Int)) {
                return false;
            }
        }
        return true;
    }

    private static boolean isIntOne(org.ssajit.ir.Value v) {
        return v instanceof Constant c && c.kind() == JavaKind.Int && c.asInt() == 1;
    }

    /**
     * Whether some block dominating {@code at} (or {@code at} itself) is entered only through a branch
     * edge on which {@code v < y} (signed int compare) holds for a {@code y} that {@code bound} accepts.
     */
    private boolean dominatingBound(org.ssajit.ir.Value v, Block at, java.util.function.Predicate<org.ssajit.ir.Value> bound) {
        for (Block d = at; d != null; d = d == ir.entry() ? null : dominance.immediateDominator(d)) {
            if (d.predecessors().size() != 1 || !(d.predecessors().get(0).terminator() instanceof If f) || f.trueTarget() == f.falseTarget()) {
                continue;
            }
            if (f.x().kind() != JavaKind.Int || f.y().kind() != JavaKind.Int) {
                continue;
            }
            boolean taken = f.trueTarget() == d;
            org.ssajit.ir.Condition c = taken ? f.condition() : f.condition().negate();
            // On this edge "x c y" holds.
            if (c == org.ssajit.ir.Condition.LT && f.x() == v && bound.test(f.y())) {
                return true;
            }
            if (c == org.ssajit.ir.Condition.GT && f.y() == v && bound.test(f.x())) {
                return true;
            }
        }
        return false;
    }

    private void loadIndexed(Instruction i) {
        JavaKind ek = i.elementKind();
        Element e = element(i, ek);
        Instruction widen = wideningUser(i);
        if (widen != null) {
            // The int is used only as a long: one movsxd from memory; the i2l is not emitted.
            Variable r = newVariable(JavaKind.Long);
            setResult(widen, r);
            fused.add(widen);
            append(new Amd64Memory.Load(ek, r, e.array(), e.index(), e.shape()).widenedToLong());
            return;
        }
        // baload reads byte[] and boolean[] alike: sign-extending a boolean's 0 or 1 is exact.
        append(new Amd64Memory.Load(ek, result(i), e.array(), e.index(), e.shape()));
    }

    /**
     * The {@code i2l} that is the only user of int load {@code load} (no frame state names the int),
     * later in the same block, or null. Nothing between them can change the loaded value: the load's
     * result is an SSA value, read once.
     */
    private static Instruction wideningUser(Instruction load) {
        if (load.elementKind() != JavaKind.Int || load.userCount() != 1) {
            return null;
        }
        return load.user(0) instanceof Instruction u && u.op() == Op.I2L && u.block() == load.block() ? u : null;
    }

    /** {@link Op#FILL} as {@code rep stos} behind its range checks ({@link Amd64Memory.Fill}). */
    private void fill(Instruction i) {
        JavaKind ek = i.elementKind();
        Value value = operand(i.input(Op.In.VALUE));
        if (!(value instanceof ConstantValue)) {
            value = inVariable(i.input(Op.In.VALUE));
        }
        append(new Amd64Memory.Fill(ek, Scale.of(backend.metaAccess().getArrayIndexScale(ek)), backend.metaAccess().getArrayBaseOffset(ek), result(i), inVariable(i.input(Op.In.ARRAY)), inVariable(i.input(Op.In.FROM)),
                        inVariable(i.input(Op.In.LAST)), value, inVariable(i.input(Op.In.LENGTH)), fixed(AMD64.rdi, JavaKind.Long), fixed(AMD64.rcx, JavaKind.Long),
                        fixed(AMD64.rax, JavaKind.Long)));
    }

    private void storeIndexed(Instruction i) {
        JavaKind ek = i.elementKind();
        JavaKind access = ek;
        if (ek == JavaKind.Byte && "[Z".equals(Amd64Scope.arrayType(i.input(0), method))) {
            access = JavaKind.Boolean; // bastore into boolean[] stores (value & 1)
        }
        Element e = element(i, ek);
        Value value = storeValue(i.input(2), access);
        append(new Amd64Memory.Store(access, e.array(), e.index(), value, e.shape()));
    }
}
