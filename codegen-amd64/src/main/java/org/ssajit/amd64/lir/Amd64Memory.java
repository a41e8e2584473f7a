package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.asm.OperandSize.WORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * Field and array accesses: {@code [base + disp]} or {@code [base + index * scale + disp]}. The base
 * is a register, or, without an index, an embedded oop (a static field's {@code java.lang.Class}
 * mirror) loaded into {@link Amd64CodeEmitter#SCRATCH}. An int index is bounds-checked before, hence
 * non-negative. Its register serves as the 64-bit index as it is when instruction selection knows its
 * upper half is zero ({@link AddressShape#indexZeroExtended}); otherwise it is sign-extended into the
 * scratch register first. A constant index is folded into the displacement. Bounds checks are
 * separate instructions; a null check is a separate instruction too, or the access itself faults
 * on a null base (an implicit null check: {@link Load#checkingNull}).
 */
public final class Amd64Memory {
    private Amd64Memory() {
    }

    /**
     * Where an access goes. {@code indexZeroExtended}: the index register's upper 32 bits are known to
     * be zero (the value was written by a 32-bit instruction), so with the index known non-negative the
     * register is the 64-bit index as it is, and no {@code movsxd} is needed.
     */
    public record AddressShape(Scale scale, int displacement, boolean indexZeroExtended) {
        public AddressShape(Scale scale, int displacement) {
            this(scale, displacement, false);
        }

        @Override
        public String toString() {
            return (scale != null ? "*" + scale.value : "") + "+" + displacement + (indexZeroExtended ? " (zx)" : "");
        }
    }

    /**
     * The address of an access. Emits what it needs first: {@code movabs r10, oop} for a constant base,
     * {@code movsxd r10, index} for an index in a register whose upper half is not known to be zero.
     */
    static Address address(Amd64CodeEmitter e, Value base, Value index, AddressShape shape) {
        Register b;
        if (isConstant(base)) {
            if (index != null) {
                throw new IllegalStateException("a constant base cannot have an index");
            }
            Amd64Moves.loadOop(e, SCRATCH, constant(base));
            b = SCRATCH;
        } else {
            b = reg(base);
        }
        if (index == null) {
            return Address.of(b, shape.displacement());
        }
        if (isConstant(index)) {
            long d = shape.displacement() + (long) imm32(index) * shape.scale().value;
            if (d != (int) d) {
                throw new IllegalStateException("constant index " + index + " does not fit a displacement");
            }
            return Address.of(b, (int) d);
        }
        if (shape.indexZeroExtended()) {
            return Address.of(b, reg(index), shape.scale(), shape.displacement());
        }
        e.asm().movsxd(SCRATCH, reg(index));
        return Address.of(b, SCRATCH, shape.scale(), shape.displacement());
    }

    /**
     * Before the access of an op that is its base's implicit null check: records the site for the
     * instruction about to be emitted, which must be the access itself ({@code [base + disp]}, base in
     * a register, no index, a displacement below {@link HotSpotFrameBuilder#IMPLICIT_NULL_CHECK_LIMIT}).
     */
    static void implicitNullCheck(Amd64CodeEmitter e, Amd64Op op, Value base, Value index, AddressShape shape) {
        if (!isRegister(base) || index != null || shape.displacement() < 0 || shape.displacement() >= HotSpotFrameBuilder.IMPLICIT_NULL_CHECK_LIMIT) {
            throw new IllegalStateException("not an implicit null check: " + op.name() + " base " + base);
        }
        e.implicitNullCheck(op.state());
    }

    static String describe(JavaKind kind, Value base, Value index, AddressShape shape) {
        return kind.getJavaName() + " [" + (index == null ? "+" + shape.displacement() : "index" + shape) + "]";
    }

    /**
     * A load of {@code kind}: sign- or zero-extended per Java for the sub-int kinds ({@code movsx} byte
     * and short, {@code movzx} boolean and char), {@code movss/movsd} for float and double. A reference
     * with a {@link NarrowEncoding} is read as a narrow oop and decoded with the VM's base and shift
     * (null stays null); without one, as a full pointer. A word with a class pointers' encoding is read
     * as a narrow class pointer and decoded.
     */
    public static final class Load extends Amd64Op {
        private final JavaKind kind;
        private final AddressShape shape;
        private final NarrowEncoding narrow;
        /** An int read straight into a long ({@code movsxd r64, m32}): the load and its {@code i2l}. */
        private boolean widenToLong;

        /** {@code index} may be null (a field, or an array length). */
        public Load(JavaKind kind, AllocatableValue result, Value base, Value index, AddressShape shape) {
            this(kind, result, base, index, shape, null);
        }

        /** A reference load decoding a narrow oop, or a word load decoding a narrow class pointer ({@code narrow} non-null), or a plain load. */
        public Load(JavaKind kind, AllocatableValue result, Value base, Value index, AddressShape shape, NarrowEncoding narrow) {
            super(values(result), index == null ? values(base) : values(base, index), null, null);
            if (narrow != null && kind != (narrow.klass() ? JavaKind.Long : JavaKind.Object)) {
                throw new IllegalArgumentException("only a reference, or a class pointer (a word), is decoded: " + kind);
            }
            this.kind = kind;
            this.shape = shape;
            this.narrow = narrow;
        }

        @Override
        public int allowed(Mode m, int i) {
            if (m == Mode.USE) {
                return i == 0 && count(Mode.USE) == 1 ? REG | CONST : i == 0 ? REG : REG | CONST;
            }
            return REG;
        }

        /** The element index (a register or a constant), or null for a field or an array length. */
        public Value index() {
            return count(Mode.USE) > 1 ? get(Mode.USE, 1) : null;
        }

        public AddressShape shape() {
            return shape;
        }

        public boolean widensToLong() {
            return widenToLong;
        }

        /** Makes this int load produce the long {@code i2l} of the int (its result is a long variable). */
        public Load widenedToLong() {
            if (kind != JavaKind.Int) {
                throw new IllegalStateException("only an int load widens to a long: " + kind);
            }
            widenToLong = true;
            return this;
        }

        /**
         * Makes this load also the null check of its base, deoptimizing to {@code state} (the state
         * before the bytecode) if the base is null; see {@link Amd64CodeEmitter#implicitNullCheck}.
         * A null state: no check.
         */
        public Load checkingNull(LirFrameState state) {
            if (state != null) {
                setState(state);
            }
            return this;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Value index = index();
            if (state() != null) {
                implicitNullCheck(e, this, get(Mode.USE, 0), index, shape);
            }
            Address a = address(e, get(Mode.USE, 0), index, shape);
            switch (kind) {
                case Boolean -> asm.movzx(DWORD, r, BYTE, a);
                case Byte -> asm.movsx(DWORD, r, BYTE, a);
                case Char -> asm.movzx(DWORD, r, WORD, a);
                case Short -> asm.movsx(DWORD, r, WORD, a);
                case Int -> {
                    if (widenToLong) {
                        asm.movsxd(r, a);
                    } else {
                        asm.mov(DWORD, r, a);
                    }
                }
                case Long -> {
                    if (narrow == null) {
                        asm.mov(QWORD, r, a);
                    } else {
                        asm.mov(DWORD, r, a); // zero-extends the narrow class pointer
                        decode(asm, r, narrow);
                    }
                }
                case Float -> asm.movss(r, a);
                case Double -> asm.movsd(r, a);
                case Object -> {
                    if (narrow == null) {
                        asm.mov(QWORD, r, a);
                    } else {
                        asm.mov(DWORD, r, a); // zero-extends the narrow oop
                        decode(asm, r, narrow);
                    }
                }
                default -> throw new IllegalStateException("cannot load " + kind);
            }
        }

        @Override
        public String name() {
            return "load " + describe(kind, null, index(), shape) + (widenToLong ? " i2l" : "")
                            + (state() != null ? " (null check)" : "");
        }
    }

    /**
     * {@code r} (a zero-extended narrow oop) decoded in place with the VM's base and shift: {@code shl};
     * with a base, {@code test; je} around {@code shl; add base} (through {@link Amd64CodeEmitter#SCRATCH}),
     * so 0 stays null. A narrow class pointer ({@link NarrowEncoding#klass()}) is never 0: no test.
     */
    static void decode(Amd64Assembler asm, Register r, NarrowEncoding n) {
        if (n.base() == 0) {
            if (n.shift() != 0) {
                asm.shift(ShiftOp.SHL, QWORD, r, n.shift());
            }
            return;
        }
        if (n.klass()) {
            if (n.shift() != 0) {
                asm.shift(ShiftOp.SHL, QWORD, r, n.shift());
            }
            asm.mov(QWORD, SCRATCH, n.base());
            asm.alu(AluOp.ADD, QWORD, r, SCRATCH);
            return;
        }
        Label done = new Label("decode-null");
        asm.test(DWORD, r, r);
        asm.jcc(Condition.E, done);
        if (n.shift() != 0) {
            asm.shift(ShiftOp.SHL, QWORD, r, n.shift());
        }
        asm.mov(QWORD, SCRATCH, n.base());
        asm.alu(AluOp.ADD, QWORD, r, SCRATCH);
        asm.bind(done);
    }

    /** {@link org.ssajit.hotspot.ir.HotSpotOp#UNCOMPRESS} on its own: {@code mov r32, narrow} (zero-extends), then {@link #decode}. */
    public static final class Decode extends Amd64Op {
        private final NarrowEncoding narrow;

        public Decode(AllocatableValue result, Value narrowOop, NarrowEncoding narrow) {
            super(values(result), values(narrowOop), null, null);
            this.narrow = narrow;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Register r = reg(get(Mode.DEF, 0));
            e.asm().mov(DWORD, r, reg(get(Mode.USE, 0)));
            decode(e.asm(), r, narrow);
        }

        @Override
        public String name() {
            return "uncompress " + narrow;
        }
    }

    /**
     * {@code lengthorzero}: the length of an array, 0 if the reference is null ({@code test a, a; je
     * zero; mov r, [a + length]; jmp done; zero: xor r, r}). Correct when the register allocator gives
     * the result the array's register: the array is read before the result is written.
     */
    public static final class LengthOrZero extends Amd64Op {
        private final int lengthOffset;

        public LengthOrZero(AllocatableValue result, Value array, int lengthOffset) {
            super(values(result), values(array), null, null);
            this.lengthOffset = lengthOffset;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register a = reg(get(Mode.USE, 0));
            Label zero = new Label("null-array");
            Label done = new Label("length");
            asm.test(QWORD, a, a);
            asm.jcc(Condition.E, zero);
            asm.mov(DWORD, r, Address.of(a, lengthOffset));
            asm.jmp(done);
            asm.bind(zero);
            asm.alu(AluOp.XOR, DWORD, r, r);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "lengthorzero +" + lengthOffset;
        }
    }

    /**
     * A store of a primitive of {@code kind}; a reference is stored as an int (narrow) or a long (a
     * pointer in a register), between the barriers the lowering put around it. The value is a register or a constant; narrower kinds store the low byte or word, a
     * float or double constant stores its bits. Boolean masking happens before (the lowering).
     */
    public static final class Store extends Amd64Op {
        private final JavaKind kind;
        private final AddressShape shape;

        public Store(JavaKind kind, Value base, Value index, Value value, AddressShape shape) {
            super(null, index == null ? values(base, value) : values(base, index, value), null, null);
            if (kind == JavaKind.Object) {
                throw new IllegalArgumentException("a reference is stored as an int or a long, between its barriers");
            }
            this.kind = kind;
            this.shape = shape;
        }

        private boolean hasIndex() {
            return count(Mode.USE) == 3;
        }

        /** The element index (a register or a constant), or null for a field. */
        public Value index() {
            return hasIndex() ? get(Mode.USE, 1) : null;
        }

        public AddressShape shape() {
            return shape;
        }

        @Override
        public int allowed(Mode m, int i) {
            if (i == 0) {
                return hasIndex() ? REG : REG | CONST;
            }
            return REG | CONST;
        }

        /** Makes this store also the null check of its base; see {@link Load#checkingNull}. */
        public Store checkingNull(LirFrameState state) {
            if (state != null) {
                setState(state);
            }
            return this;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value v = get(Mode.USE, count(Mode.USE) - 1);
            if (state() != null) {
                implicitNullCheck(e, this, get(Mode.USE, 0), index(), shape);
            }
            Address a = address(e, get(Mode.USE, 0), index(), shape);
            if (isConstant(v)) {
                JavaConstant c = constant(v);
                switch (kind) {
                    case Boolean, Byte -> asm.mov(BYTE, a, (byte) c.asInt());
                    case Char, Short -> asm.mov(WORD, a, (short) c.asInt());
                    case Int -> asm.mov(DWORD, a, c.asInt());
                    case Float -> asm.mov(DWORD, a, Float.floatToRawIntBits(c.asFloat()));
                    case Long -> asm.mov(QWORD, a, imm32(v));
                    case Double -> {
                        long bits = Double.doubleToRawLongBits(c.asDouble());
                        if (bits != (int) bits) {
                            throw new IllegalStateException("double constant does not fit an imm32 store: " + c);
                        }
                        asm.mov(QWORD, a, (int) bits);
                    }
                    default -> throw new IllegalStateException("cannot store " + kind);
                }
                return;
            }
            Register r = reg(v);
            switch (kind) {
                case Boolean, Byte -> asm.mov(BYTE, a, r);
                case Char, Short -> asm.mov(WORD, a, r);
                case Int -> asm.mov(DWORD, a, r);
                case Long -> asm.mov(QWORD, a, r);
                case Float -> asm.movss(a, r);
                case Double -> asm.movsd(a, r);
                default -> throw new IllegalStateException("cannot store " + kind);
            }
        }

        @Override
        public String name() {
            return "store " + describe(kind, null, index(), shape) + (state() != null ? " (null check)" : "");
        }
    }

    /**
     * The StoreLoad barrier after a volatile store (the only reordering x86 does): {@code lock add
     * dword [rsp], 0}, a locked no-op on the stack.
     */
    public static final class StoreLoadBarrier extends Amd64Op {
        public StoreLoadBarrier() {
            super(null, null, null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.asm().lock();
            e.asm().alu(AluOp.ADD, DWORD, Address.of(AMD64.rsp), 0);
        }

        @Override
        public String name() {
            return "membar storeload";
        }
    }

    /**
     * {@code lea result, [array + index * scale + displacement]}: the address of an element, the index a
     * long, for a copy stub ({@link org.ssajit.hotspot.ir.HotSpotOp#ARRAY_COPY}). Not a reference (the collector does
     * not see it): nothing between it and the stub call stops at a safepoint.
     */
    public static final class ElementAddress extends Amd64Op {
        private final Scale scale;
        private final int displacement;

        public ElementAddress(Scale scale, int displacement, AllocatableValue result, AllocatableValue array, AllocatableValue index) {
            super(values(result), values(array, index), null, null);
            this.scale = scale;
            this.displacement = displacement;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            e.asm().lea(QWORD, reg(get(Mode.DEF, 0)), Address.of(reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)), scale, displacement));
        }

        @Override
        public String name() {
            return "elementaddress";
        }
    }

    /**
     * {@link org.ssajit.ir.Op#FILL}: when {@code 0 <= from <= last < length} and the range has at least
     * {@link #MIN_ELEMENTS} elements, {@code rep stos} stores the value into all of it and the result
     * is {@code last + 1}; otherwise nothing is stored and the result is {@code from}, and the loop
     * after the fill does the work (short ranges are faster there than through {@code rep stos}'s
     * start-up). The value is an int, long or the bits of a float or double (moved to {@code rax}),
     * or a constant. {@code rdi}, {@code rcx} and {@code rax} are fixed temps; every input is ALIVE,
     * so none of them is in one. The fill does not poll for a safepoint: a fill of n bytes takes
     * about as long as n / 32 cycles.
     */
    public static final class Fill extends Amd64Op {
        public static final int MIN_ELEMENTS = 32;
        private final JavaKind elementKind;
        private final Scale scale;
        private final int baseOffset;

        /** {@code scale} and {@code baseOffset}: the VM's element size and first element's offset. */
        public Fill(JavaKind elementKind, Scale scale, int baseOffset, AllocatableValue result, AllocatableValue array, AllocatableValue from,
                        AllocatableValue last, Value value, Value length, AllocatableValue rdi, AllocatableValue rcx, AllocatableValue rax) {
            super(values(result), null, values(array, from, last, value, length), values(rdi, rcx, rax));
            this.elementKind = elementKind;
            this.scale = scale;
            this.baseOffset = baseOffset;
            if (!reg(rdi).equals(AMD64.rdi) || !reg(rcx).equals(AMD64.rcx) || !reg(rax).equals(AMD64.rax)) {
                throw new IllegalArgumentException("rep stos works on rdi, rcx and rax");
            }
        }

        @Override
        public int allowed(Mode m, int i) {
            if (m == Mode.ALIVE && i == 3) {
                return REG | CONST;
            }
            if (m == Mode.ALIVE && i == 4) {
                return REG | STACK;
            }
            return REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register result = reg(get(Mode.DEF, 0));
            Register array = reg(get(Mode.ALIVE, 0));
            Register from = reg(get(Mode.ALIVE, 1));
            Register last = reg(get(Mode.ALIVE, 2));
            Value value = get(Mode.ALIVE, 3);
            Value length = get(Mode.ALIVE, 4);
            Label done = new Label();
            asm.mov(DWORD, result, from);
            asm.test(DWORD, from, from);
            asm.jcc(Condition.L, done);
            if (isRegister(length)) {
                asm.alu(AluOp.CMP, DWORD, last, reg(length));
            } else {
                asm.alu(AluOp.CMP, DWORD, last, e.address(length));
            }
            asm.jcc(Condition.GE, done);
            // last - from + 1 >= MIN_ELEMENTS, with from <= last < length: no overflow in 32 bits.
            asm.mov(DWORD, AMD64.rcx, last);
            asm.alu(AluOp.SUB, DWORD, AMD64.rcx, from);
            asm.jcc(Condition.L, done);
            asm.alu(AluOp.CMP, DWORD, AMD64.rcx, MIN_ELEMENTS - 1);
            asm.jcc(Condition.L, done);
            asm.alu(AluOp.ADD, DWORD, AMD64.rcx, 1);
            // from >= 0 here: its 32-bit copy is the 64-bit index.
            asm.mov(DWORD, AMD64.rdi, from);
            asm.lea(QWORD, AMD64.rdi, Address.of(array, AMD64.rdi, scale, baseOffset));
            if (isConstant(value)) {
                JavaConstant c = constant(value);
                long bits = switch (elementKind) {
                    case Float -> Float.floatToRawIntBits(c.asFloat()) & 0xFFFF_FFFFL;
                    case Double -> Double.doubleToRawLongBits(c.asDouble());
                    case Long -> c.asLong();
                    default -> c.asInt() & 0xFFFF_FFFFL;
                };
                if (bits == 0) {
                    asm.alu(AluOp.XOR, DWORD, AMD64.rax, AMD64.rax);
                } else {
                    asm.mov(QWORD, AMD64.rax, bits);
                }
            } else if (elementKind == JavaKind.Double) {
                asm.movq(AMD64.rax, reg(value));
            } else if (elementKind == JavaKind.Float) {
                asm.movd(AMD64.rax, reg(value));
            } else {
                asm.mov(elementKind == JavaKind.Long ? QWORD : DWORD, AMD64.rax, reg(value));
            }
            asm.repStos(switch (scale.value) {
                case 1 -> BYTE;
                case 2 -> WORD;
                case 4 -> DWORD;
                default -> QWORD;
            });
            asm.lea(DWORD, result, Address.of(last, 1));
            asm.bind(done);
        }

        @Override
        public String name() {
            return "fill." + elementKind.getJavaName();
        }
    }
}
