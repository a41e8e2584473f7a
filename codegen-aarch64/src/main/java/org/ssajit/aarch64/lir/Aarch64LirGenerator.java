package org.ssajit.aarch64.lir;

import static org.ssajit.lir.SelectionPatterns.*;

import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.aarch64.lir.Aarch64Arithmetic.FloatOp;
import org.ssajit.aarch64.lir.Aarch64Arithmetic.IntOp;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Rounding;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.backend.CheckOps;
import org.ssajit.backend.HotSpotLirGenerator;
import org.ssajit.backend.LoadMetadata;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.SelectionPatterns.Rotation;
import org.ssajit.lir.Variable;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * AArch64 instruction selection for a lowered graph (codegen-core's {@code HotSpotLowering} made the
 * Java and HotSpot semantics explicit): one instruction at a time, into the ops of this package, with
 * immediates where A64 encodes them (12-bit arithmetic, bitmask logical, compare), three-address forms
 * throughout, addresses that extend an int index themselves, and fixed registers only where the
 * calling convention puts values. The entry, calls, returns and switches' shape are codegen-core's
 * {@link HotSpotLirGenerator}; what only this target refuses is {@link Aarch64Scope}'s.
 */
public final class Aarch64LirGenerator extends HotSpotLirGenerator<Aarch64Backend> {
    public Aarch64LirGenerator(Graph ir, Aarch64Backend backend) {
        super(ir, backend, new Aarch64FrameMap());
    }

    @Override
    protected void checkScope() {
        Aarch64Scope.check(ir, backend.config());
    }

    // Operands ---------------------------------------------------------------------------------------

    /** A float or double that {@code fmov} cannot encode, a long of more than two halfwords. */
    @Override
    protected boolean costlyToLoad(JavaConstant k) {
        return switch (k.getJavaKind()) {
            case Float -> Float.floatToRawIntBits(k.asFloat()) != 0 && !org.ssajit.aarch64.asm.Aarch64Assembler.isFpImmediate(k.asFloat());
            case Double -> Double.doubleToRawLongBits(k.asDouble()) != 0 && !org.ssajit.aarch64.asm.Aarch64Assembler.isFpImmediate(k.asDouble());
            case Long -> nonZeroHalfwords(k.asLong()) > 2;
            default -> false;
        };
    }

    private static int nonZeroHalfwords(long v) {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            n += ((v >>> (16 * i)) & 0xFFFF) != 0 ? 1 : 0;
        }
        return n;
    }

    private static int sizeOf(JavaKind k) {
        return k == JavaKind.Int ? 32 : 64;
    }

    // OSR entry --------------------------------------------------------------------------------------

    @Override
    protected LirOp osrLoad(JavaKind kind, Variable result, AllocatableValue buffer, int offset) {
        return new Aarch64Osr.LoadLocal(kind, result, buffer, offset);
    }

    @Override
    protected LirOp osrTakeOverLock(AllocatableValue buffer, int offset, int depth) {
        return new Aarch64Osr.TakeOverLock(buffer, offset, depth);
    }

    // Instructions -----------------------------------------------------------------------------------

    @Override
    protected void emitInstruction(Instruction i) {
        JavaKind k = i.kind();
        if (i.op() instanceof HotSpotOp op) {
            switch (op) {
                case SDIV -> append(new Aarch64Arithmetic.DivRem(sizeOf(k), true, result(i), inVariable(i.input(In.X)), inVariable(i.input(In.Y))));
                case SREM -> append(new Aarch64Arithmetic.DivRem(sizeOf(k), false, result(i), inVariable(i.input(In.X)), inVariable(i.input(In.Y))));
                case READ -> read(i);
                case UNCOMPRESS -> {
                    if (!fused.contains(i)) {
                        append(new Aarch64Memory.Decode(result(i), inVariable(i.input(In.X)), i.attribute(NarrowEncoding.class)));
                    }
                }
                case WRITE -> write(i);
                case METADATA -> {
                    if (isVmCallArgument(i)) {
                        fused.add(i); // loaded by the call (VmCall)
                    } else {
                        append(new LoadMetadata(result(i), i.attribute(jdk.vm.ci.meta.VMConstant.class)));
                    }
                }
                case THREAD -> thread(i, Aarch64FrameBuilder.THREAD);
                case COMPRESS -> append(new Aarch64Memory.Compress(result(i), inVariable(i.input(In.X)), i.attribute(NarrowEncoding.class)));
                case READ_OR_ZERO -> append(new Aarch64Memory.LengthOrZero(result(i), inVariable(i.input(In.BASE)), access(i).displacement()));
                case STORE_RANGE -> storeRange(i);
                case MEMBAR -> membar(i);
                case NULL_CHECK -> append(new Aarch64Checks.NullCheck(inVariable(i.input(In.OBJECT)), stateOf(i.state()), deopt(i)));
                case SAME_CHECK -> append(new Aarch64Checks.SameCheck(inVariable(i.input(In.X)), inVariable(i.input(In.Y)), stateOf(i.state()), deopt(i)));
                case ZERO_CHECK -> append(new Aarch64Checks.ZeroCheck(inVariable(i.input(In.DIVISOR)), stateOf(i.state()), deopt(i)));
                case NEGATIVE_CHECK -> append(new Aarch64Checks.NegativeCheck(inVariable(i.input(In.LENGTH)), stateOf(i.state()), deopt(i)));
                case DEOPTIMIZE -> append(new CheckOps.Deoptimize(stateOf(i.state()), deopt(i)));
                case GUARD -> append(Aarch64Checks.ZeroCheck.guard(inVariable(i.input(In.CONDITION)), stateOf(i.state()), deopt(i)));
                case NEW_EXCEPTION -> newException(i);
                case VM_LOCK, VM_UNLOCK -> monitor(i, jdk.vm.ci.aarch64.AArch64.r1, Aarch64Monitors.Monitor::new); // x1: the VM call's second C argument
                case COMPARE_AND_SWAP -> {
                    if (isSwapTestedByBranch(i)) {
                        fused.add(i); // emitted by the branch
                    } else {
                        append(new Aarch64Atomics.CompareAndSwap(i.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class), result(i), inVariable(i.input(In.BASE)),
                                        inVariable(i.input(In.EXPECTED)), inVariable(i.input(In.VALUE))));
                    }
                }
                case ALLOCATE_MULTI -> allocateMulti(i);
                case Z_TEST -> fuseZTest(i);
                case Z_UNCOLOR -> append(new Aarch64ZBarriers.Uncolor(result(i), inVariable(i.input(In.X))));
                case Z_COLOR -> append(new Aarch64ZBarriers.Color(result(i), inVariable(i.input(In.X))));
                case VM_CALL -> vmCall(i, jdk.vm.ci.aarch64.AArch64.r0, Aarch64ImplicitExceptions.VM_ARGUMENTS); // the arguments after the thread in x1, x2, x3
                case LEAF_CALL_SAVING -> {
                    org.ssajit.hotspot.ir.RuntimeLeaf f = i.attribute(org.ssajit.hotspot.ir.RuntimeLeaf.class);
                    append(new Aarch64Barriers.LeafCallSaving(backend.config().runtimeLeaf(f), f, i.kind() == jdk.vm.ci.meta.JavaKind.Void ? null : result(i), inputsInVariables(i)));
                }
                default -> emitSharedInstruction(i);
            }
            return;
        }
        if (!(i.op() instanceof Op op)) {
            emitSharedInstruction(i);
            return;
        }
        switch (op) {
            case ADD -> binary(i, IntOp.ADD, FloatOp.ADD);
            case SUB -> binary(i, IntOp.SUB, FloatOp.SUB);
            case MUL -> binary(i, IntOp.MUL, FloatOp.MUL);
            case DIV -> floatBinary(i, FloatOp.DIV); // integer division is SDIV once lowered
            case AND -> {
                if (isTestFusable(i)) {
                    fused.add(i); // the branch emits tst x, y
                } else {
                    binary(i, IntOp.AND, null);
                }
            }
            case OR -> bitwiseOrRotate(i, IntOp.OR);
            case XOR -> bitwiseOrRotate(i, IntOp.XOR);
            case NEG -> {
                if (isInteger(k)) {
                    append(new Aarch64Arithmetic.Negate(sizeOf(k), result(i), inVariable(i.input(0))));
                } else {
                    append(new Aarch64Arithmetic.FloatNegate(k == JavaKind.Float ? 32 : 64, result(i), inVariable(i.input(0))));
                }
            }
            case SHL -> shiftUnlessRotated(i, ShiftType.LSL);
            case SHR -> shift(i, ShiftType.ASR);
            case USHR -> shiftUnlessRotated(i, ShiftType.LSR);
            case SQRT -> append(new Aarch64Arithmetic.FloatSqrt(i.kind() == JavaKind.Float ? 32 : 64, result(i), inVariable(i.input(0))));
            case ILZCNT, LLZCNT, ITZCNT, LTZCNT -> append(new Aarch64Arithmetic.BitCount(op, result(i), inVariable(i.input(0)), null));
            case IPOPCNT, LPOPCNT -> append(new Aarch64Arithmetic.BitCount(op, result(i), inVariable(i.input(0)), newVariable(JavaKind.Double)));
            case ROUND -> append(new Aarch64Arithmetic.DoubleRound(result(i), inVariable(i.input(0)), i.attribute(Rounding.class)));
            case CLASS_OF -> append(new Aarch64Intrinsics.ClassOf(result(i), inVariable(i.input(In.OBJECT))));
            case I2L, L2I, I2B, I2C, I2S, I2F, I2D, L2F, L2D, F2D, D2F, F2I, F2L, D2I, D2L, F2I_RAW, I2F_RAW, D2L_RAW, L2D_RAW -> {
                if (!fused.contains(i)) {
                    append(new Aarch64Conversions.Convert(op, result(i), inVariable(i.input(0))));
                }
            }
            case LCMP, FCMPL, FCMPG, DCMPL, DCMPG -> compare(i);
            default -> emitSharedInstruction(i);
        }
    }

    @Override
    protected LirOp elementAddress(Access a, Variable result, AllocatableValue array, AllocatableValue index) {
        return new Aarch64Memory.ElementAddress(a.scale(), a.displacement(), result, array, index);
    }

    // Implicit exceptions -----------------------------------------------------------

    /**
     * {@link HotSpotOp#NEW_EXCEPTION}: the inputs (the object, or the index and length, or the length) in x1
     * and x2, the stub's call ({@link Aarch64ImplicitExceptions.NewException}), the exception from x0.
     */
    private void newException(Instruction i) {
        RegisterValue[] args = inputsIn(i, Aarch64ImplicitExceptions.INPUTS);
        RegisterValue result = fixed(jdk.vm.ci.aarch64.AArch64.r0, JavaKind.Object);
        append(new Aarch64ImplicitExceptions.NewException(i.attribute(org.ssajit.hotspot.ir.ImplicitException.class), result, args, stateOf(i.state())));
        move(result(i), result);
    }

    private void binary(Instruction i, IntOp intOp, FloatOp floatOp) {
        JavaKind k = i.kind();
        if (!isInteger(k)) {
            floatBinary(i, floatOp);
            return;
        }
        org.ssajit.ir.Value[] xy = constantSecond(i);
        int size = sizeOf(k);
        append(new Aarch64Arithmetic.IntegerBinary(intOp, size, result(i), inVariable(xy[0]), immediateOr(xy[1], c -> Aarch64Arithmetic.IntegerBinary.isImmediate(intOp, size, c))));
    }

    private void floatBinary(Instruction i, FloatOp op) {
        append(new Aarch64Arithmetic.FloatBinary(op, i.kind() == JavaKind.Float ? 32 : 64, result(i), inVariable(i.input(0)), inVariable(i.input(1))));
    }

    private void bitwiseOrRotate(Instruction i, IntOp op) {
        Rotation r = rotation(i);
        if (r == null) {
            binary(i, op, null);
        } else {
            // A left rotation by c is a right rotation by width - c.
            int width = i.kind() == JavaKind.Long ? 64 : 32;
            append(new Aarch64Arithmetic.Shift(ShiftType.ROR, width, result(i), inVariable(r.x()), intConstant(width - r.left())));
        }
    }

    private void shiftUnlessRotated(Instruction i, ShiftType type) {
        if (isShiftOfRotation(i)) {
            fused.add(i);
        } else {
            shift(i, type);
        }
    }

    /** Java masks the count (5 or 6 bits) as {@code lslv}/{@code asrv}/{@code lsrv} do; a constant is masked at emission. */
    private void shift(Instruction i, ShiftType type) {
        Value count = operand(i.input(1));
        Value c = count instanceof ConstantValue ? count : inVariable(count);
        append(new Aarch64Arithmetic.Shift(type, sizeOf(i.kind()), result(i), inVariable(i.input(0)), c));
    }

    // Comparisons ------------------------------------------------------------------------------------

    /** A three-way compare whose only user is an {@code if (cmp cond 0)} right after it is fused into that branch. */
    private void compare(Instruction i) {
        if (isCompareFusable(i)) {
            fused.add(i);
            return;
        }
        if (i.op() == Op.LCMP) {
            append(new Aarch64Compares.LongCompare(result(i), inVariable(i.input(0)), immediateOr(i.input(1), c -> Aarch64Compares.isCompareImmediate(64, c))));
        } else {
            boolean less = i.op() == Op.FCMPL || i.op() == Op.DCMPL;
            int size = i.input(0).kind() == JavaKind.Float ? 32 : 64;
            append(new Aarch64Compares.FloatCompare(size, result(i), inVariable(i.input(0)), inVariable(i.input(1)), less));
        }
    }

    @Override
    protected void casBranch(Instruction cas, boolean onSuccess, LirBlock trueTarget, LirBlock falseTarget) {
        append(new Aarch64Atomics.CompareAndSwapBranch(cas.attribute(org.ssajit.hotspot.ir.AtomicUpdate.class), onSuccess, inVariable(cas.input(In.BASE)),
                        inVariable(cas.input(In.EXPECTED)), inVariable(cas.input(In.VALUE)), trueTarget, falseTarget));
    }

    /** A ZGC color test and its branch ({@link Aarch64ZBarriers.TestBranch}): the masks' {@code movz} into a temp. */
    @Override
    protected void zTestBranch(boolean ifBad, Instruction test, LirBlock trueTarget, LirBlock falseTarget) {
        append(new Aarch64ZBarriers.TestBranch(test.attribute(org.ssajit.hotspot.ir.ZTest.class), ifBad, inVariable(test.input(In.X)), newVariable(JavaKind.Long),
                        trueTarget, falseTarget));
    }

    /** {@code tst} of a register and a register or a bitmask immediate. */
    @Override
    protected void testBranch(org.ssajit.ir.Condition cond, Instruction and, LirBlock trueTarget, LirBlock falseTarget) {
        int size = sizeOf(and.kind());
        append(new Aarch64Compares.TestBranch(cond, size, inVariable(and.input(0)),
                        immediateOr(and.input(1), c -> org.ssajit.aarch64.asm.Aarch64Assembler.isLogicalImmediate(size == 32 ? c & 0xFFFF_FFFFL : c, size)),
                        trueTarget, falseTarget));
    }

    @Override
    protected void compareBranch(org.ssajit.ir.Condition cond, JavaKind kind, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget) {
        int size = sizeOf(kind);
        append(new Aarch64Compares.CompareBranch(cond, size, inVariable(x), immediateOr(y, v -> Aarch64Compares.isCompareImmediate(size, v)), trueTarget,
                        falseTarget));
    }

    @Override
    protected void floatBranch(org.ssajit.ir.Condition cond, boolean unorderedIsLess, org.ssajit.ir.Value x, org.ssajit.ir.Value y, LirBlock trueTarget,
                    LirBlock falseTarget) {
        int size = x.kind() == JavaKind.Float ? 32 : 64;
        append(new Aarch64Compares.FloatBranch(cond, unorderedIsLess, size, inVariable(x), inVariable(y), trueTarget, falseTarget));
    }

    @Override
    protected LirOp tableSwitch(AllocatableValue value, int lowKey, LirBlock[] table, LirBlock defaultTarget) {
        return new Aarch64Switches.TableSwitch(value, lowKey, table, defaultTarget);
    }

    @Override
    protected LirOp lookupSwitch(AllocatableValue value, int[] keys, LirBlock[] keyTargets, LirBlock defaultTarget, int[] sequence) {
        return new Aarch64Switches.LookupSwitch(value, keys, keyTargets, defaultTarget, sequence);
    }

    // Memory -----------------------------------------------------------------------------------------

    /** The base of an access: an embedded oop (a static field's mirror) without index stays a constant, else a variable. */
    private Value base(Instruction i) {
        Value base = operand(i.input(In.BASE));
        if (i.input(In.INDEX) == null && base instanceof ConstantValue c && c.constant().getJavaKind() == JavaKind.Object && !c.constant().isNull()) {
            return base;
        }
        return inVariable(base);
    }

    /** The index of an access: a constant (folded into the offset by the op), a variable, or null. */
    private Value index(Instruction i) {
        org.ssajit.ir.Value ssaIndex = i.input(In.INDEX);
        if (ssaIndex == null) {
            return null;
        }
        Value index = operand(ssaIndex);
        return index instanceof ConstantValue ? index : inVariable(index);
    }

    /**
     * A READ: {@code ldr} of its width, sign- or zero-extended as Java's kind wants; with the
     * {@link HotSpotOp#UNCOMPRESS} right after it, a narrow oop read and decoded in one op; an int element whose
     * only user is an {@code i2l}, one {@code ldrsw}. A volatile field is an {@code ldar}.
     */
    private void read(Instruction i) {
        if (readByNextBoundsCheck(i)) {
            return;
        }
        Access a = access(i);
        Value base = base(i);
        Value index = index(i);
        LirFrameState nullCheck = i.state() == null ? null : stateOf(i.state());
        Instruction decode = a.narrowOop() || a.kind() == JavaKind.Int ? uncompressingUser(i) : null;
        if (decode != null) {
            // A narrow oop, or the header's narrow class pointer (a word), read and decoded in one op.
            fused.add(decode);
            append(new Aarch64Memory.Load(decode.kind(), result(decode), base, index, a.displacement(), a.scale()).decoding(decode.attribute(NarrowEncoding.class))
                            .ordered(a.isVolatile()).checkingNull(nullCheck));
            return;
        }
        Instruction widen = a.kind() == JavaKind.Int && index != null && !a.isVolatile() ? wideningUser(i) : null;
        if (widen != null) {
            Variable r = newVariable(JavaKind.Long);
            setResult(widen, r);
            fused.add(widen);
            append(new Aarch64Memory.Load(JavaKind.Int, r, base, index, a.displacement(), a.scale()).widenedToLong().checkingNull(nullCheck));
            return;
        }
        // A narrow oop without its decode stays a 32-bit int; boolean, byte, char and short are extended.
        JavaKind kind = a.narrowOop() ? JavaKind.Int : a.kind();
        append(new Aarch64Memory.Load(kind, result(i), base, index, a.displacement(), a.scale()).ordered(a.isVolatile()).checkingNull(nullCheck));
    }

    /**
     * A WRITE: {@code str} of a register or of zr for a zero constant; a reference (the lowering put its
     * barriers around it) as its compressed 32 bits or its 64-bit pointer. A volatile field is an {@code stlr}.
     */
    private void write(Instruction i) {
        Access a = access(i);
        Value base = base(i);
        Value index = index(i);
        JavaKind kind = a.narrowOop() ? JavaKind.Int : a.kind() == JavaKind.Object ? JavaKind.Long : a.kind();
        Value value = operand(i.input(In.VALUE));
        if (!(value instanceof ConstantValue c && c.constant().isDefaultForKind())) {
            value = inVariable(value);
        }
        LirFrameState nullCheck = i.state() == null ? null : stateOf(i.state());
        append(new Aarch64Memory.Store(kind, base, index, value, a.displacement(), a.scale()).ordered(a.isVolatile()).checkingNull(nullCheck));
    }

    @Override
    protected Value boundsCheckIndex(org.ssajit.ir.Value index) {
        return immediateOr(index, c -> c >= 0 && Aarch64Compares.isCompareImmediate(32, c));
    }

    /** {@code ldr} of the length into a scratch register, then the compare: the length read right before. */
    @Override
    protected LirOp boundsCheck(Value array, Value index, int lengthOffset, LirFrameState state, org.ssajit.hotspot.ir.Deopt deopt, boolean checksNull) {
        return new Aarch64Checks.BoundsCheck(array, index, lengthOffset, state, deopt, checksNull);
    }

    /** {@code cmp index, length}: a length in a register. */
    @Override
    protected LirOp lengthCheck(Value index, Value length, LirFrameState state, org.ssajit.hotspot.ir.Deopt deopt) {
        return new Aarch64Checks.LengthCheck(index, length, state, deopt);
    }

    /**
     * A membar: {@code dmb} of the orderings asked for, except those a neighbouring volatile access
     * already gives: the acquire after a volatile read ({@code ldar}), the release before a volatile
     * write and the StoreLoad after it ({@code stlr}: HotSpot's own code reads volatiles with
     * {@code ldar}, or after a {@code dmb ish} in C1's and the interpreter's code, so no later volatile
     * read passes it, which is C2's choice too).
     */
    private void membar(Instruction i) {
        int barriers = i.attribute(Integer.class);
        Instruction before = previous(i);
        Instruction after = next(i);
        if (barriers == MemoryBarriers.AFTER_VOLATILE_READ && isVolatileAccess(before, HotSpotOp.READ)
                        || barriers == MemoryBarriers.BEFORE_VOLATILE_WRITE && isVolatileAccess(after, HotSpotOp.WRITE)
                        || barriers == MemoryBarriers.AFTER_VOLATILE_WRITE && isVolatileAccess(before, HotSpotOp.WRITE)) {
            return;
        }
        append(new Aarch64Memory.Barrier(barriers));
    }

    private static boolean isVolatileAccess(Instruction i, HotSpotOp op) {
        return i != null && i.op() == op && access(i).isVolatile();
    }

    private static Instruction previous(Instruction i) {
        List<Instruction> code = i.block().instructions();
        int k = code.indexOf(i);
        return k > 0 ? code.get(k - 1) : null;
    }

    /** {@link HotSpotOp#STORE_RANGE} as a store loop behind its range checks ({@link Aarch64Memory.Fill}). */
    private void storeRange(Instruction i) {
        Access a = access(i);
        Value value = operand(i.input(In.VALUE));
        if (!(value instanceof ConstantValue)) {
            value = inVariable(i.input(In.VALUE));
        }
        append(new Aarch64Memory.Fill(a.kind(), a.scale(), a.displacement(), result(i), inVariable(i.input(In.ARRAY)), inVariable(i.input(In.FROM)),
                        inVariable(i.input(In.LAST)), value, inVariable(i.input(In.LENGTH)), newVariable(JavaKind.Long), newVariable(JavaKind.Int)));
    }

    // Allocation, finalizer registration, GC barriers ------------------------------------------------

    /**
     * A multi-dimensional array from the VM: the dimensions moved as ints to the bottom of the frame
     * (the outgoing-argument area, {@code [sp + 4k]}), then the op; see {@link Aarch64Allocation.AllocateMulti}.
     */
    private void allocateMulti(Instruction i) {
        int rank = i.inputCount();
        lir().frameMap().reserveOutgoing((4 * rank + 7) / 8 * 8);
        for (int k = 0; k < rank; k++) {
            move(jdk.vm.ci.code.StackSlot.get(kindOf(JavaKind.Int), 4 * k, false), operand(i.input(k)));
        }
        RegisterValue result = fixed(jdk.vm.ci.aarch64.AArch64.r0, JavaKind.Object);
        append(new Aarch64Allocation.AllocateMulti(i.attribute(jdk.vm.ci.meta.Constant.class), rank, result, stateOf(i.state())));
        move(result(i), result);
    }
}
