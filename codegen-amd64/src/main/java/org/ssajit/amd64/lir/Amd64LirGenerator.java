package org.ssajit.amd64.lir;

import org.ssajit.util.CompilerSet;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.lir.SelectionPatterns.*;

import java.util.Set;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.amd64.lir.Amd64Memory.AddressShape;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Rounding;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Phi;
import org.ssajit.backend.CheckOps;
import org.ssajit.backend.HotSpotLirGenerator;
import org.ssajit.backend.LoadMetadata;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.SelectionPatterns.Rotation;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * AMD64 instruction selection for a lowered graph (codegen-core's {@code HotSpotLowering} made the Java
 * and HotSpot semantics explicit): one instruction at a time, into the ops of this package, with
 * immediates where x86 takes them, memory operands where it can use them, and fixed registers where it
 * insists ({@code idiv} in rdx:rax, shift counts in cl, arguments and results where the calling
 * convention puts them). What is selected how is tabulated in the module README.
 * The entry, calls, returns and switches' shape are codegen-core's {@link HotSpotLirGenerator}; what
 * only this target refuses is {@link Amd64Scope}'s.
 */
public final class Amd64LirGenerator extends HotSpotLirGenerator<Amd64Backend> {
    public Amd64LirGenerator(Graph ir, Amd64Backend backend) {
        super(ir, backend, new Amd64FrameMap());
    }

    @Override
    protected void checkScope() {
        Amd64Scope.check(ir);
    }

    // Operands ---------------------------------------------------------------------------------------

    /**
     * A float or double other than +0.0 ({@code movabs} and {@code movq}, where +0.0 is one
     * {@code xorps}), or a long that does not fit an imm32 ({@code movabs}).
     */
    @Override
    protected boolean costlyToLoad(JavaConstant k) {
        return switch (k.getJavaKind()) {
            case Float -> Float.floatToRawIntBits(k.asFloat()) != 0;
            case Double -> Double.doubleToRawLongBits(k.asDouble()) != 0;
            case Long -> !fitsImm32(k);
            default -> false;
        };
    }

    /** The operand as an imm32 if it is an integer constant that fits (null counts as 0), else in a variable. */
    private Value immOrVariable(org.ssajit.ir.Value v) {
        return immediateOr(v, c -> c == (int) c);
    }

    private static boolean fitsImm32(JavaConstant c) {
        return switch (c.getJavaKind().getStackKind()) {
            case Int -> true;
            case Long -> c.asLong() == (int) c.asLong();
            case Object -> c.isNull();
            default -> false;
        };
    }

    private static OperandSize sizeOf(JavaKind k) {
        return k == JavaKind.Int ? DWORD : QWORD;
    }

    // OSR entry --------------------------------------------------------------------------------------

    @Override
    protected LirOp osrLoad(JavaKind kind, Variable result, AllocatableValue buffer, int offset) {
        return new Amd64Osr.LoadLocal(kind, result, buffer, offset);
    }

    @Override
    protected LirOp osrTakeOverLock(AllocatableValue buffer, int offset, int depth) {
        return new Amd64Osr.TakeOverLock(buffer, offset, depth);
    }

    // Instructions -----------------------------------------------------------------------------------

    @Override
    protected void emitInstruction(Instruction i) {
        JavaKind k = i.kind();
        if (i.op() instanceof HotSpotOp op) {
            switch (op) {
                case SDIV -> divide(i, true);
                case SREM -> divide(i, false);
                case READ -> read(i);
                case UNCOMPRESS -> {
                    if (!fused.contains(i)) {
                        append(new Amd64Memory.Decode(result(i), inVariable(i.input(In.X)), i.attribute(NarrowEncoding.class)));
                    }
                }
                case WRITE -> write(i);
                case METADATA -> {
                    if (comparedWithMemory(i)) {
                        fused.add(i); // the branch's immediate
                    } else if (isVmCallArgument(i)) {
                        fused.add(i); // loaded by the call (VmCall)
                    } else {
                        append(new LoadMetadata(result(i), i.attribute(jdk.vm.ci.meta.VMConstant.class)));
                    }
                }
                case THREAD -> thread(i, AMD64.r15);
                case COMPRESS -> append(new Amd64Barriers.Compress(result(i), inVariable(i.input(In.X)), i.attribute(NarrowEncoding.class)));
                case LEAF_CALL_SAVING -> {
                    RuntimeLeaf f = i.attribute(RuntimeLeaf.class);
                    append(new Amd64Barriers.LeafCallSaving(backend.config().runtimeLeaf(f), f, i.kind() == JavaKind.Void ? null : result(i), inputsInVariables(i)));
                }
                case READ_OR_ZERO -> append(new Amd64Memory.LengthOrZero(result(i), inVariable(i.input(In.BASE)), access(i).displacement()));
                case STORE_RANGE -> storeRange(i);
                case MEMBAR -> {
                    // x86 keeps loads in order with loads and earlier stores before later stores (TSO): only
                    // a store followed by a load may be reordered.
                    if (((i.attribute(Integer.class)) & MemoryBarriers.STORE_LOAD) != 0) {
                        append(new Amd64Memory.StoreLoadBarrier());
                    }
                }
                case NULL_CHECK -> append(new Amd64Checks.NullCheck(inVariable(i.input(In.OBJECT)), stateOf(i.state()), deopt(i)));
                case SAME_CHECK -> append(new Amd64Checks.SameCheck(inVariable(i.input(In.X)), inVariable(i.input(In.Y)), stateOf(i.state()), deopt(i)));
                case ZERO_CHECK -> append(new Amd64Checks.ZeroCheck(inVariable(i.input(In.DIVISOR)), stateOf(i.state()), deopt(i)));
                case DEOPTIMIZE -> append(new CheckOps.Deoptimize(stateOf(i.state()), deopt(i)));
                case GUARD -> append(Amd64Checks.ZeroCheck.guard(inVariable(i.input(In.CONDITION)), stateOf(i.state()), deopt(i)));
                case ALLOCATE_MULTI -> allocateMulti(i);
                case VM_LOCK, VM_UNLOCK -> monitor(i, AMD64.rsi, Amd64Monitors.Monitor::new);
                case COMPARE_AND_SWAP -> compareAndSwap(i);
                case Z_TEST -> fuseZTest(i);
                case Z_UNCOLOR -> append(new Amd64ZBarriers.Uncolor(result(i), inVariable(i.input(In.X))));
                case Z_COLOR -> append(new Amd64ZBarriers.Color(result(i), inVariable(i.input(In.X))));
                case NEW_EXCEPTION -> {
                    // The inputs in rsi and rdx: the object, or the index and length, or the length.
                    RegisterValue[] args = inputsIn(i, new Register[] {AMD64.rsi, AMD64.rdx});
                    RegisterValue result = fixed(AMD64.rax, JavaKind.Object);
                    append(new Amd64Exceptions.NewException(i.attribute(org.ssajit.hotspot.ir.ImplicitException.class), result, args, stateOf(i.state())));
                    move(result(i), result);
                }
                case NEGATIVE_CHECK -> append(new Amd64Checks.NegativeCheck(inVariable(i.input(In.LENGTH)), stateOf(i.state()), deopt(i)));
                case VM_CALL -> vmCall(i, AMD64.rax, Amd64Exceptions.VM_ARGUMENTS); // the arguments after the thread in rsi, rdx, rcx
                default -> emitSharedInstruction(i);
            }
            return;
        }
        if (!(i.op() instanceof Op op)) {
            emitSharedInstruction(i);
            return;
        }
        switch (op) {
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
            case XOR -> {
                if (i.userCount() == 1 && i.user(0) instanceof Instruction u && u.op() == Op.USHR && fusedXor(u) == i && highBitsTest(u) != null) {
                    fused.add(i); // the branch emits xor, shr and jcc (HighBitsBranch)
                } else {
                    bitwiseOrRotate(i, AluOp.XOR);
                }
            }
            case MUL -> {
                if (isInteger(k)) {
                    multiply(i);
                } else {
                    floatBinary(i, k == JavaKind.Float ? SseOp.MULSS : SseOp.MULSD);
                }
            }
            case DIV -> floatBinary(i, k == JavaKind.Float ? SseOp.DIVSS : SseOp.DIVSD); // integer division is SDIV once lowered
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
            case USHR -> {
                if (highBitsTest(i) != null) {
                    fused.add(i); // the branch emits shr and jcc (HighBitsBranch)
                } else {
                    shiftUnlessRotated(i, ShiftOp.SHR);
                }
            }
            case I2L, L2I, I2B, I2C, I2S, I2F, I2D, L2F, L2D, F2D, D2F -> {
                if (!fused.contains(i)) {
                    append(new Amd64Conversions.Convert(op, result(i), inVariable(i.input(0))));
                }
            }
            case F2I, F2L, D2I, D2L -> append(new Amd64Conversions.FloatToInteger(op, result(i), inVariable(i.input(0))));
            case F2I_RAW, I2F_RAW, D2L_RAW, L2D_RAW -> append(new Amd64Conversions.MoveBits(op, result(i), inVariable(i.input(0))));
            case SQRT -> append(new Amd64Arithmetic.FloatSqrt(result(i), inVariable(i.input(0))));
            case ILZCNT, LLZCNT -> append(new Amd64Arithmetic.BitCount(op, backend.has(AMD64.CPUFeature.LZCNT), result(i), inVariable(i.input(0))));
            case ITZCNT, LTZCNT -> append(new Amd64Arithmetic.BitCount(op, backend.has(AMD64.CPUFeature.BMI1), result(i), inVariable(i.input(0))));
            case IPOPCNT, LPOPCNT -> {
                if (!backend.has(AMD64.CPUFeature.POPCNT)) {
                    throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "Integer.bitCount or Long.bitCount: the target lacks POPCNT");
                }
                append(new Amd64Arithmetic.BitCount(op, true, result(i), inVariable(i.input(0))));
            }
            case ROUND -> {
                if (!backend.sse41()) {
                    throw new BailoutException(BailoutException.Reason.UNSUPPORTED,
                                    "Math.floor, ceil or rint: roundsd needs SSE4.1, which the target lacks");
                }
                append(new Amd64Arithmetic.DoubleRound(result(i), inVariable(i.input(0)), i.attribute(Rounding.class)));
            }
            case CLASS_OF -> append(new Amd64Intrinsics.ClassOf(result(i), inVariable(i.input(In.OBJECT))));
            case LCMP, FCMPL, FCMPG, DCMPL, DCMPG -> compare(i);
            default -> emitSharedInstruction(i);
        }
    }

    @Override
    protected LirOp elementAddress(Access a, Variable result, AllocatableValue array, AllocatableValue index) {
        return new Amd64Memory.ElementAddress(Scale.of(a.scale()), a.displacement(), result, array, index);
    }

    /** A multi-dimensional array from the VM, the dimensions read from the bottom of the frame; see {@link Amd64Allocation.AllocateMulti}. */
    private void allocateMulti(Instruction i) {
        lir().frameMap().reserveOutgoing(4 * i.inputCount());
        Value[] dims = new Value[i.inputCount()];
        for (int k = 0; k < dims.length; k++) {
            dims[k] = immOrVariable(i.input(k));
        }
        RegisterValue result = fixed(AMD64.rax, JavaKind.Object);
        append(new Amd64Allocation.AllocateMulti(i.attribute(jdk.vm.ci.meta.Constant.class), result, dims, stateOf(i.state())));
        move(result(i), result);
    }

    /**
     * {@link HotSpotOp#COMPARE_AND_SWAP}, the expected word moved to rax: fused into the branch that tests it
     * right after ({@link #emitIf}), else a 0/1 result.
     */
    private void compareAndSwap(Instruction i) {
        if (isSwapTestedByBranch(i)) {
            fused.add(i);
            return;
        }
        org.ssajit.hotspot.ir.AtomicUpdate u = i.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class);
        RegisterValue rax = fixed(AMD64.rax, u.kind());
        move(rax, operand(i.input(In.EXPECTED)));
        append(new Amd64Atomics.CompareAndSwap(u, result(i), inVariable(i.input(In.BASE)), rax, inVariable(i.input(In.VALUE))));
    }

    private void binary(Instruction i, AluOp integerOp, SseOp floatOp, SseOp doubleOp) {
        JavaKind k = i.kind();
        if (!isInteger(k)) {
            floatBinary(i, k == JavaKind.Float ? floatOp : doubleOp);
            return;
        }
        org.ssajit.ir.Value[] xy = constantSecond(i);
        append(new Amd64Arithmetic.IntegerBinary(integerOp, sizeOf(k), result(i), inVariable(xy[0]), immOrVariable(xy[1])));
    }

    private void floatBinary(Instruction i, SseOp op) {
        append(new Amd64Arithmetic.FloatBinary(op, backend.avx(), result(i), inVariable(i.input(0)), inVariable(i.input(1))));
    }

    private void multiply(Instruction i) {
        org.ssajit.ir.Value[] xy = constantSecond(i);
        append(new Amd64Arithmetic.IntegerMul(sizeOf(i.kind()), result(i), inVariable(xy[0]), immOrVariable(xy[1])));
    }

    private void bitwiseOrRotate(Instruction i, AluOp op) {
        Rotation r = rotation(i);
        if (r == null) {
            binary(i, op, null, null);
        } else {
            append(new Amd64Arithmetic.Shift(ShiftOp.ROL, sizeOf(i.kind()), result(i), inVariable(r.x()), intConstant(r.left())));
        }
    }

    /** A shift whose only user is a rotation in the same block is not emitted: the {@code rol} replaces it. */
    private void shiftUnlessRotated(Instruction i, ShiftOp op) {
        if (isShiftOfRotation(i)) {
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
     * {@code x / y} or {@code x % y} whose divisor a check before proved non-zero: {@code idiv} on
     * rdx:rax, after a test for -1 (x86 traps on {@code MIN_VALUE / -1}, Java wraps) unless y is a
     * constant other than -1.
     */
    private void divide(Instruction i, boolean quotient) {
        JavaKind k = i.kind();
        org.ssajit.ir.Value y = i.input(In.Y);
        boolean mayBeMinusOne = true;
        if (y instanceof Constant c) {
            long d = k == JavaKind.Int ? c.asInt() : c.asLong();
            mayBeMinusOne = d == -1;
        }
        AllocatableValue divisor = inVariable(y);
        RegisterValue rax = fixed(AMD64.rax, k);
        RegisterValue rdx = fixed(AMD64.rdx, k);
        move(rax, operand(i.input(In.X)));
        append(new Amd64Arithmetic.DivRem(sizeOf(k), rax, rdx, rax, divisor, mayBeMinusOne));
        move(result(i), quotient ? rax : rdx);
    }

    // Comparisons ------------------------------------------------------------------------------------

    /** A three-way compare whose only user is an {@code if (cmp cond 0)} right after it in the block is fused into that branch. */
    private void compare(Instruction i) {
        if (isCompareFusable(i)) {
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

    /**
     * The long {@code ushr} by a constant that {@code if (ushr == 0)} or {@code != 0} right after it
     * tests, its only user, in its block: the branch shifts and jumps on the flags ({@link
     * Amd64Compares.HighBitsBranch}); else null.
     */
    private static If highBitsTest(Instruction ushr) {
        if (ushr.kind() != JavaKind.Long || !(ushr.input(1) instanceof Constant c) || (c.asInt() & 63) == 0 || ushr.userCount() != 1
                        || !(ushr.user(0) instanceof If f) || f.block() != ushr.block() || next(ushr) != null || f.x() != ushr
                        || !(f.y() instanceof Constant z) || z.asLong() != 0
                        || f.condition() != org.ssajit.ir.Condition.EQ && f.condition() != org.ssajit.ir.Condition.NE) {
            return null;
        }
        return f;
    }

    /** The long {@code xor} right before {@code ushr} that only it uses: fused into its {@link #highBitsTest}; else null. */
    private static Instruction fusedXor(Instruction ushr) {
        return ushr.input(0) instanceof Instruction x && x.op() == Op.XOR && x.kind() == JavaKind.Long && x.userCount() == 1 && x.block() == ushr.block()
                        && next(x) == ushr ? x : null;
    }

    @Override
    protected void zTestBranch(boolean ifBad, Instruction test, LirBlock trueTarget, LirBlock falseTarget) {
        append(new Amd64ZBarriers.TestBranch(test.attribute(org.ssajit.hotspot.ir.ZTest.class), ifBad, inVariable(test.input(In.X)), trueTarget, falseTarget));
    }

    /** A compare with memory ({@link #memoryCompare}) or a high-bits test ({@link Amd64Compares.HighBitsBranch}): fusions only x86 makes. */
    @Override
    protected boolean emitTargetBranch(If f, LirBlock trueTarget, LirBlock falseTarget) {
        if (memoryCompare(f, trueTarget, falseTarget)) {
            return true;
        }
        if (!(f.x() instanceof Instruction ushr && ushr.op() == Op.USHR && fused.contains(ushr))) {
            return false;
        }
        Instruction xor = fusedXor(ushr);
        boolean withXor = xor != null && fused.contains(xor);
        AllocatableValue x = inVariable(withXor ? xor.input(0) : ushr.input(0));
        AllocatableValue y = withXor ? inVariable(xor.input(1)) : null;
        append(new Amd64Compares.HighBitsBranch(f.condition(), x, y, ((Constant) ushr.input(1)).asInt() & 63, newVariable(JavaKind.Long), trueTarget,
                        falseTarget));
        return true;
    }

    /** The expected word in rax; operands in the order of their last uses: the base and the new word, then rax. */
    @Override
    protected void casBranch(Instruction cas, boolean onSuccess, LirBlock trueTarget, LirBlock falseTarget) {
        AllocatableValue base = inVariable(cas.input(In.BASE));
        AllocatableValue value = inVariable(cas.input(In.VALUE));
        org.ssajit.hotspot.ir.AtomicUpdate u = cas.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class);
        RegisterValue rax = fixed(AMD64.rax, u.kind());
        move(rax, operand(cas.input(In.EXPECTED)));
        append(new Amd64Atomics.CompareAndSwapBranch(u, onSuccess, base, rax, value, trueTarget, falseTarget));
    }

    /** {@code test} of a register, or of a byte in memory read for nothing else ({@link #testedInMemory}). */
    @Override
    protected void testBranch(org.ssajit.ir.Condition cond, Instruction and, LirBlock trueTarget, LirBlock falseTarget) {
        if (and.input(0) instanceof Instruction read && read.op() == HotSpotOp.READ && fused.contains(read)) {
            Address address = address(read);
            append(new Amd64Compares.MemoryTestBranch(cond, address.base(), address.index(), address.shape(), ((Constant) and.input(1)).asInt(), trueTarget,
                            falseTarget));
        } else {
            append(new Amd64Compares.TestBranch(cond, sizeOf(and.kind()), inVariable(and.input(0)), immOrVariable(and.input(1)), trueTarget, falseTarget));
        }
    }

    @Override
    protected void compareBranch(org.ssajit.ir.Condition cond, JavaKind kind, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget) {
        append(new Amd64Compares.CompareBranch(cond, sizeOf(kind), inVariable(x), immOrVariable(y), trueTarget, falseTarget));
    }

    @Override
    protected void floatBranch(org.ssajit.ir.Condition cond, boolean unorderedIsLess, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget) {
        append(new Amd64Compares.FloatBranch(cond, unorderedIsLess, inVariable(x), inVariable(y), trueTarget, falseTarget));
    }

    @Override
    protected LirOp tableSwitch(AllocatableValue value, int lowKey, LirBlock[] table, LirBlock defaultTarget) {
        return new Amd64Switches.TableSwitch(value, newVariable(JavaKind.Long), lowKey, table, defaultTarget);
    }

    @Override
    protected LirOp lookupSwitch(AllocatableValue value, int[] keys, LirBlock[] keyTargets, LirBlock defaultTarget, int[] sequence) {
        return new Amd64Switches.LookupSwitch(value, keys, keyTargets, defaultTarget, sequence);
    }

    // Memory -----------------------------------------------------------------------------------------

    /**
     * The address of a READ or WRITE: its base (a register, or a constant oop without index), its
     * index (a register, or a constant folded into the displacement when the sum fits 32 bits), the
     * scale and displacement of its {@link Access}.
     */
    private record Address(Value base, Value index, AddressShape shape) {
    }

    private Address address(Instruction i) {
        Access a = access(i);
        org.ssajit.ir.Value ssaBase = i.input(In.BASE);
        Value base = operand(ssaBase);
        org.ssajit.ir.Value ssaIndex = i.input(In.INDEX);
        if (ssaIndex == null) {
            if (!(base instanceof ConstantValue c) || c.constant().getJavaKind() != JavaKind.Object || c.constant().isNull()) {
                base = inVariable(base);
            }
            return new Address(base, null, new AddressShape(null, a.displacement()));
        }
        base = inVariable(base);
        Value index = operand(ssaIndex);
        if (index instanceof ConstantValue c) {
            long d = a.displacement() + (long) c.constant().asInt() * a.scale();
            if (d != (int) d) {
                index = inVariable(c);
            }
        }
        boolean zeroExtended = !(index instanceof ConstantValue) && upperHalfZero(ssaIndex, new CompilerSet<>());
        return new Address(base, index, new AddressShape(Scale.of(a.scale()), a.displacement(), zeroExtended));
    }

    /**
     * A READ whose only user is the branch ending its block, right after it, and x86 compares with
     * memory ({@code cmp [address], y}): a word read at a word base (a class's display slot, its
     * secondary-super cache and array), or an int (the header's narrow class) compared with a narrow
     * class constant. The lowering's subtype check ({@code TypeCheckExpansion}) reads each so, and its
     * G1 barriers a byte (a thread's marking flag, a card) tested for equality with a constant
     * ({@code cmp byte [address], imm8}).
     */
    private static boolean comparedInMemory(Instruction read) {
        Access a = access(read);
        if (read.state() != null || read.userCount() != 1 || a.isVolatile() || a.narrowOop() || !(read.user(0) instanceof If f) || f.block() != read.block()
                        || next(read) != null || f.x() == f.y()) {
            return false;
        }
        org.ssajit.ir.Value other = f.x() == read ? f.y() : f.x();
        // A word, or a full-width reference (a lock stack entry), at a word base.
        boolean word = (a.kind() == JavaKind.Long || a.kind() == JavaKind.Object) && read.input(In.BASE).kind() == JavaKind.Long;
        boolean narrowKlass = a.kind() == JavaKind.Int && other instanceof Instruction m && m.op() == HotSpotOp.METADATA && m.kind() == JavaKind.Int;
        boolean byteEquals = a.kind() == JavaKind.Byte && other instanceof Constant k && k.asInt() == (byte) k.asInt()
                        && (f.condition() == org.ssajit.ir.Condition.EQ || f.condition() == org.ssajit.ir.Condition.NE);
        return word || narrowKlass || byteEquals;
    }

    /**
     * A byte read whose only user is the {@code and} with a constant of 0..127 that the block's last
     * instruction is and its branch tests against zero ({@link SelectionPatterns#isTestFusable}): the
     * branch tests the byte in memory ({@code test byte [m], imm8}: a class's flags). The constant's
     * range makes the byte's sign extension irrelevant; nothing runs between the read and the branch.
     */
    private static boolean testedInMemory(Instruction read) {
        Access a = access(read);
        return a.kind() == JavaKind.Byte && read.state() == null && !a.isVolatile() && read.userCount() == 1 && read.user(0) instanceof Instruction and
                        && and.op() == Op.AND && and.input(0) == read && and.input(1) instanceof Constant k && k.asInt() >= 0 && k.asInt() <= 127
                        && next(read) == and && next(and) == null && isTestFusable(and);
    }

    /** A narrow class constant whose only user is a branch comparing it with memory ({@link #comparedInMemory}): the compare's immediate. */
    private static boolean comparedWithMemory(Instruction metadata) {
        if (metadata.kind() != JavaKind.Int || metadata.userCount() != 1 || !(metadata.user(0) instanceof If f)) {
            return false;
        }
        org.ssajit.ir.Value other = f.x() == metadata ? f.y() : f.x();
        return other instanceof Instruction r && r.op() == HotSpotOp.READ && comparedInMemory(r);
    }

    /** {@code if ([address] cond y)} for a read the branch compares in memory; false if {@code f} compares none. */
    private boolean memoryCompare(If f, LirBlock trueTarget, LirBlock falseTarget) {
        Instruction read = f.x() instanceof Instruction x && x.op() == HotSpotOp.READ && fused.contains(x) ? x
                        : f.y() instanceof Instruction y && y.op() == HotSpotOp.READ && fused.contains(y) ? y : null;
        if (read == null) {
            return false;
        }
        org.ssajit.ir.Condition c = f.x() == read ? f.condition() : f.condition().mirror();
        org.ssajit.ir.Value other = f.x() == read ? f.y() : f.x();
        Address address = address(read);
        if (other instanceof Instruction m && m.op() == HotSpotOp.METADATA && fused.contains(m)) {
            append(new Amd64Compares.MemoryCompareBranch(c, address.base(), address.index(), address.shape(), m.attribute(jdk.vm.ci.meta.VMConstant.class),
                            trueTarget, falseTarget));
        } else {
            OperandSize size = access(read).kind() == JavaKind.Byte ? OperandSize.BYTE : sizeOf(access(read).kind());
            append(new Amd64Compares.MemoryCompareBranch(c, size, address.base(), address.index(), address.shape(), immOrVariable(other),
                            trueTarget, falseTarget));
        }
        return true;
    }

    /**
     * A READ: {@code mov}, {@code movsx/movzx} or {@code movss/movsd}; with the {@link HotSpotOp#UNCOMPRESS}
     * that follows it, a narrow oop read and decoded in one op; an int element whose only user is an
     * {@code i2l}, one {@code movsxd r64, m32}. A READ that a {@link HotSpotOp#BOUNDS_CHECK} compares with
     * is emitted by the check ({@link #boundsCheck}).
     */
    private void read(Instruction i) {
        if (readByNextBoundsCheck(i) || comparedInMemory(i) || testedInMemory(i)) {
            fused.add(i);
            return;
        }
        Access a = access(i);
        Address address = address(i);
        LirFrameState nullCheck = i.state() == null ? null : stateOf(i.state());
        Instruction decode = a.narrowOop() || a.kind() == JavaKind.Int ? uncompressingUser(i) : null;
        if (decode != null) {
            // A narrow oop, or the header's narrow class pointer (a word), read and decoded in one op.
            fused.add(decode);
            Variable r = result(decode);
            append(new Amd64Memory.Load(decode.kind(), r, address.base(), address.index(), address.shape(), decode.attribute(NarrowEncoding.class))
                            .checkingNull(nullCheck));
            return;
        }
        Instruction widen = a.kind() == JavaKind.Int && address.index() != null ? wideningUser(i) : null;
        if (widen != null) {
            // The int is used only as a long: one movsxd from memory; the i2l is not emitted.
            Variable r = newVariable(JavaKind.Long);
            setResult(widen, r);
            fused.add(widen);
            append(new Amd64Memory.Load(JavaKind.Int, r, address.base(), address.index(), address.shape()).widenedToLong().checkingNull(nullCheck));
            return;
        }
        // A narrow oop without its decode stays a 32-bit int; boolean, byte, char and short are extended.
        JavaKind kind = a.narrowOop() ? JavaKind.Int : a.kind();
        append(new Amd64Memory.Load(kind, result(i), address.base(), address.index(), address.shape()).checkingNull(nullCheck));
    }

    @Override
    protected Value boundsCheckIndex(org.ssajit.ir.Value index) {
        return operand(index);
    }

    /** {@code cmp index, [array + length]}: the length read right before, in memory. */
    @Override
    protected LirOp boundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, org.ssajit.hotspot.ir.Deopt deopt, boolean checksNull) {
        return new Amd64Checks.BoundsCheck(array, index, lengthOffset, state, deopt, checksNull);
    }

    /** {@code cmp length, index}: a length in a register or stack slot. */
    @Override
    protected LirOp lengthCheck(Value index, Value length, LirFrameState state, org.ssajit.hotspot.ir.Deopt deopt) {
        return new Amd64Checks.LengthCheck(index, length, state, deopt);
    }

    /**
     * A WRITE: {@code mov} of a register or an immediate. A reference (the lowering put its barriers
     * around it) is a 32-bit store of its compressed form, or a 64-bit store of the pointer in a register.
     */
    private void write(Instruction i) {
        Access a = access(i);
        Address address = address(i);
        JavaKind kind = a.narrowOop() ? JavaKind.Int : a.kind() == JavaKind.Object ? JavaKind.Long : a.kind();
        Value value = a.kind() == JavaKind.Object && !a.narrowOop() ? inVariable(i.input(In.VALUE)) : storeValue(i.input(In.VALUE), kind);
        LirFrameState nullCheck = i.state() == null ? null : stateOf(i.state());
        append(new Amd64Memory.Store(kind, address.base(), address.index(), value, address.shape()).checkingNull(nullCheck));
    }

    /** The value of a store: a constant the store can take as an immediate, else a variable. */
    private Value storeValue(org.ssajit.ir.Value v, JavaKind kind) {
        Value op = operand(v);
        if (op instanceof ConstantValue c) {
            JavaConstant x = c.constant();
            return switch (kind) {
                case Boolean, Byte, Char, Short, Int, Float -> c;
                case Long -> fitsImm32(x) ? c : inVariable(c);
                case Double -> Double.doubleToRawLongBits(x.asDouble()) == (int) Double.doubleToRawLongBits(x.asDouble()) ? c : inVariable(c);
                default -> throw new IllegalStateException("store of " + kind);
            };
        }
        return op;
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
        if (i.op() instanceof HotSpotOp op) {
            return switch (op) {
                // mov/movsx/movzx into a 32-bit register (an int, a narrow oop, a sub-int kind).
                case READ, READ_OR_ZERO -> true;
                // Amd64Memory.Fill: mov r32, from or lea r32, [last + 1].
                case STORE_RANGE -> true;
                default -> false;
            };
        }
        if (!(i.op() instanceof Op op)) {
            return false;
        }
        return switch (op) {
            // Amd64Arithmetic.IntegerBinary/IntegerMul/IntegerUnary: always an instruction on the 32-bit register.
            case ADD, SUB, AND, MUL, NEG -> true;
            // A rotation (rol by 1..31) or IntegerBinary.
            case OR, XOR -> true;
            // A shift by 0 after masking emits nothing: the register is the operand's.
            case SHL, SHR, USHR -> !(i.input(1) instanceof Constant c) || (c.asInt() & 31) != 0 || upperHalfZero(i.input(0), visiting);
            // Amd64Conversions: mov r32 (even onto itself), movsx/movzx r32.
            case L2I, I2B, I2C, I2S -> true;
            // Amd64Conversions.MoveBits: movd r32, xmm or mov r32, m32.
            case F2I_RAW -> true;
            default -> false;
        };
    }

    /** {@link HotSpotOp#STORE_RANGE} as {@code rep stos} behind its range checks ({@link Amd64Memory.Fill}). */
    private void storeRange(Instruction i) {
        Access a = access(i);
        Value value = operand(i.input(In.VALUE));
        if (!(value instanceof ConstantValue)) {
            value = inVariable(i.input(In.VALUE));
        }
        append(new Amd64Memory.Fill(a.kind(), Scale.of(a.scale()), a.displacement(), result(i), inVariable(i.input(In.ARRAY)), inVariable(i.input(In.FROM)),
                        inVariable(i.input(In.LAST)), value, inVariable(i.input(In.LENGTH)), fixed(AMD64.rdi, JavaKind.Long), fixed(AMD64.rcx, JavaKind.Long),
                        fixed(AMD64.rax, JavaKind.Long)));
    }
}
