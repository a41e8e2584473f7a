package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.BarrierOption;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ExtendType;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.hotspot.HotSpotFrameBuilder;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.lir.LirFrameState;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * Loads, stores, narrow-oop decoding and encoding, memory barriers and the fill of a range. An address
 * is {@code [base + index * scale + displacement]}: the base a register (or an embedded oop, a static
 * field's mirror, loaded into x9), the index an int register or a constant folded into the offset.
 * {@code [base, #offset]} where the offset encodes; with an index register {@code x8 = base +
 * displacement} and then {@code [x8, w_index, sxtw #log2(scale)]} (the address extends the int index).
 * Volatile accesses are {@code ldar}/{@code stlr} on the address computed into a scratch register.
 */
public final class Aarch64Memory {
    /**
     * {@code add result, array, index, lsl #log2(scale); add result, result, #displacement}: the
     * address of an element, the index a long, for a copy stub ({@link org.ssajit.hotspot.ir.HotSpotOp#ARRAY_COPY}).
     * Not a reference (the collector does not see it): nothing between it and the stub call stops at
     * a safepoint.
     */
    public static final class ElementAddress extends Aarch64Op {
        private final int scale;
        private final int displacement;

        public ElementAddress(int scale, int displacement, AllocatableValue result, AllocatableValue array, AllocatableValue index) {
            super(values(result), values(array, index), null, null);
            if (Integer.bitCount(scale) != 1 || scale > 8 || displacement < 0 || displacement > 4095) {
                throw new IllegalArgumentException("element size " + scale + ", offset " + displacement);
            }
            this.scale = scale;
            this.displacement = displacement;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            asm.add(64, r, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)), org.ssajit.aarch64.asm.ShiftType.LSL, Integer.numberOfTrailingZeros(scale));
            asm.add(64, r, r, displacement);
        }

        @Override
        public String name() {
            return "elementaddress";
        }
    }

    private Aarch64Memory() {
    }

    static int accessBits(JavaKind memoryKind) {
        return switch (memoryKind) {
            case Boolean, Byte -> 8;
            case Char, Short -> 16;
            case Int, Float -> 32;
            case Long, Double, Object -> 64;
            default -> throw new IllegalArgumentException("no memory access of " + memoryKind);
        };
    }

    /**
     * The address of {@code [base + index * scale + displacement]} for an access of {@code accessBits};
     * {@code scratch} (x8 or x9) holds the part that needs a register.
     */
    static Address address(Aarch64Assembler asm, Register base, Value index, int displacement, int scale, int accessBits, Register scratch) {
        if (index == null || isConstant(index)) {
            long offset = displacement + (index == null ? 0 : (long) (int) integer(index) * scale);
            if (Address.isEncodableOffset(offset, accessBits)) {
                return Address.of(base, offset);
            }
            asm.mov(64, scratch, offset);
            return Address.indexed(base, scratch);
        }
        addImmediate(asm, scratch, base, displacement);
        if (scale * 8 == accessBits || scale == 1) {
            return Address.indexed(scratch, reg(index), ExtendType.SXTW, scale > 1);
        }
        asm.add(64, scratch, scratch, reg(index), ExtendType.SXTW, Integer.numberOfTrailingZeros(scale));
        return Address.of(scratch, 0);
    }

    /** {@code rd = rn + imm} (rd may be rn); a displacement that is no add immediate goes through rd first (rd must not be rn then). */
    static void addImmediate(Aarch64Assembler asm, Register rd, Register rn, long imm) {
        if (imm == 0) {
            if (!rd.equals(rn)) {
                asm.mov(64, rd, rn);
            }
        } else if (Aarch64Assembler.isArithmeticImmediate(imm)) {
            asm.add(64, rd, rn, imm);
        } else if (imm < 0 && Aarch64Assembler.isArithmeticImmediate(-imm)) {
            asm.sub(64, rd, rn, -imm);
        } else {
            if (rd.equals(rn)) {
                throw new IllegalArgumentException("cannot add " + imm + " to " + rn + " in place");
            }
            asm.mov(64, rd, imm);
            asm.add(64, rd, rn, rd);
        }
    }

    /** The whole address in {@code scratch}, for the base-register-only {@code ldar}/{@code stlr}. */
    static Register addressInto(Aarch64Assembler asm, Register base, Value index, int displacement, int scale, Register scratch) {
        if (index == null || isConstant(index)) {
            long offset = displacement + (index == null ? 0 : (long) (int) integer(index) * scale);
            if (offset != 0 && !Aarch64Assembler.isArithmeticImmediate(offset) && !Aarch64Assembler.isArithmeticImmediate(-offset) && base.equals(scratch)) {
                throw new IllegalStateException("volatile access at offset " + offset + " from " + scratch);
            }
            addImmediate(asm, scratch, base, offset);
            return offset == 0 ? base : scratch;
        }
        addImmediate(asm, scratch, base, displacement);
        asm.add(64, scratch, scratch, reg(index), ExtendType.SXTW, Integer.numberOfTrailingZeros(scale));
        return scratch;
    }

    /**
     * The address of an access as the LIR text shows it: {@code [+offset]} (a constant index folded into
     * the offset) or {@code [+displacement, index sxtw #log2(scale)]} ({@code -} for a negative one).
     */
    static String describe(Value index, int displacement, int scale) {
        if (index == null || isConstant(index)) {
            return "[" + signed(displacement + (index == null ? 0 : (long) (int) integer(index) * scale)) + "]";
        }
        return "[" + signed(displacement) + ", index sxtw #" + Integer.numberOfTrailingZeros(scale) + "]";
    }

    private static String signed(long offset) {
        return offset < 0 ? Long.toString(offset) : "+" + offset;
    }

    /** The base register of an access: a register operand, or an embedded oop loaded into x9. */
    static Register base(Aarch64CodeEmitter e, Value base) {
        if (isConstant(base)) {
            e.loadOop(SCRATCH2, constant(base));
            return SCRATCH2;
        }
        return reg(base);
    }

    /**
     * A load of {@code kind} from memory into a register: {@code ldrb}/{@code ldrh} (boolean, char),
     * {@code ldrsb}/{@code ldrsh} (byte, short), {@code ldr w|x|s|d}; an int used only as a long is one
     * {@code ldrsw}; a narrow oop with its decode, one op. With a frame state the load is its base's
     * implicit null check (the offset is below {@link HotSpotFrameBuilder#IMPLICIT_NULL_CHECK_LIMIT}); volatile: {@code ldar}.
     */
    public static final class Load extends Aarch64Op {
        private final JavaKind kind;
        private final int displacement;
        private final int scale;
        private NarrowEncoding narrow;
        private boolean widened;
        private boolean ordered;

        public Load(JavaKind kind, AllocatableValue result, Value base, Value index, int displacement, int scale) {
            super(values(result), index == null ? values(base) : values(base, index), null, null);
            this.kind = kind;
            this.displacement = displacement;
            this.scale = scale;
        }

        /** The loaded 32-bit narrow oop (or narrow class pointer) is decoded into the result (a full reference, or a word). */
        public Load decoding(NarrowEncoding encoding) {
            this.narrow = encoding;
            return this;
        }

        /** The loaded int is sign-extended into a long result ({@code ldrsw}). */
        public Load widenedToLong() {
            this.widened = true;
            return this;
        }

        /** The access is its base's implicit null check with this state (null: none). */
        public Load checkingNull(LirFrameState state) {
            if (state != null && (getIndex() != null && !isConstant(getIndex()) || displacement < 0 || displacement >= HotSpotFrameBuilder.IMPLICIT_NULL_CHECK_LIMIT)) {
                throw new IllegalArgumentException("an implicit null check needs a small displacement and no index register");
            }
            setState(state);
            return this;
        }

        /** A volatile load: an acquiring {@code ldar}. */
        public Load ordered(boolean volatileAccess) {
            this.ordered = volatileAccess;
            return this;
        }

        private Value getIndex() {
            return count(Mode.USE) > 1 ? get(Mode.USE, 1) : null;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | CONST;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register base = base(e, get(Mode.USE, 0));
            // A narrow oop is read as the 32-bit value it is (an undecoded one arrives as kind Int).
            int bits = accessBits(narrow != null ? JavaKind.Int : kind);
            if (ordered) {
                Register at = addressInto(asm, base, getIndex(), displacement, scale, SCRATCH1);
                if (state() != null) {
                    e.implicitNullCheck(state());
                }
                boolean fp = kind == JavaKind.Float || kind == JavaKind.Double;
                Register into = fp ? SCRATCH1 : r;
                asm.ldar(bits, into, at);
                switch (kind) {
                    case Byte -> asm.sxtb(32, r, r);
                    case Short -> asm.sxth(32, r, r);
                    case Float, Double -> asm.fmov(bits, r, SCRATCH1);
                    default -> {
                    }
                }
            } else {
                Address a = address(asm, base, getIndex(), displacement, scale, bits, SCRATCH1);
                if (state() != null) {
                    e.implicitNullCheck(state());
                }
                switch (kind) {
                    case Boolean, Char -> asm.ldr(bits, r, a);
                    case Byte, Short -> asm.ldrs(32, bits, r, a);
                    case Int -> {
                        if (widened) {
                            asm.ldrs(64, 32, r, a);
                        } else {
                            asm.ldr(32, r, a);
                        }
                    }
                    default -> asm.ldr(bits, r, a);
                }
            }
            if (narrow != null) {
                decodeInPlace(asm, r, narrow);
            }
        }

        @Override
        public String name() {
            return (ordered ? "ldar " : "load ") + kind.getJavaName() + " " + describe(getIndex(), displacement, scale) + (narrow != null ? " decoded" : "")
                            + (widened ? " to long" : "") + (state() != null ? " (null check)" : "");
        }
    }

    /**
     * A store of the low bits of a register, or of zr for a zero constant: {@code strb}, {@code strh},
     * {@code str w|x|s|d}; volatile: a releasing {@code stlr}. With a frame state the store is its
     * base's implicit null check.
     */
    public static final class Store extends Aarch64Op {
        private final JavaKind kind;
        private final int displacement;
        private final int scale;
        private boolean ordered;

        public Store(JavaKind kind, Value base, Value index, Value value, int displacement, int scale) {
            super(null, index == null ? values(base, value) : values(base, value, index), null, null);
            this.kind = kind;
            this.displacement = displacement;
            this.scale = scale;
        }

        public Store checkingNull(LirFrameState state) {
            if (state != null && (getIndex() != null && !isConstant(getIndex()) || displacement < 0 || displacement >= HotSpotFrameBuilder.IMPLICIT_NULL_CHECK_LIMIT)) {
                throw new IllegalArgumentException("an implicit null check needs a small displacement and no index register");
            }
            setState(state);
            return this;
        }

        public Store ordered(boolean volatileAccess) {
            this.ordered = volatileAccess;
            return this;
        }

        private Value getIndex() {
            return count(Mode.USE) > 2 ? get(Mode.USE, 2) : null;
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | CONST;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register base = base(e, get(Mode.USE, 0));
            Value value = get(Mode.USE, 1);
            int bits = accessBits(kind);
            Register v;
            if (isConstant(value)) {
                JavaConstant c = constant(value);
                if (!c.isDefaultForKind()) {
                    throw new IllegalStateException("only zero is stored as a constant: " + c);
                }
                v = AArch64.zr;
            } else {
                v = reg(value);
            }
            if (ordered) {
                // The address in x9 (in place when the base is an embedded mirror there), a float's bits in x8.
                Register at = addressInto(asm, base, getIndex(), displacement, scale, SCRATCH2);
                if (isSimd(v)) {
                    asm.fmov(bits, SCRATCH1, v);
                    v = SCRATCH1;
                }
                if (state() != null) {
                    e.implicitNullCheck(state());
                }
                asm.stlr(bits, v, at);
                return;
            }
            Address a = address(asm, base, getIndex(), displacement, scale, bits, SCRATCH1);
            if (state() != null) {
                e.implicitNullCheck(state());
            }
            asm.str(bits, v, a);
        }

        @Override
        public String name() {
            return (ordered ? "stlr " : "store ") + kind.getJavaName() + " " + describe(getIndex(), displacement, scale) + (state() != null ? " (null check)" : "");
        }
    }

    /**
     * {@code r} holds a narrow oop zero-extended (a 32-bit load put it there): the full reference, null
     * staying null; a narrow class pointer ({@link NarrowEncoding#klass()}) is never 0, so no test.
     */
    static void decodeInPlace(Aarch64Assembler asm, Register r, NarrowEncoding n) {
        if (n.base() == 0) {
            if (n.shift() != 0) {
                asm.lsl(64, r, r, n.shift());
            }
            return;
        }
        if (n.klass()) {
            asm.mov(64, SCRATCH1, n.base());
            asm.add(64, r, SCRATCH1, r, ShiftType.LSL, n.shift()); // a class pointer is never 0
            return;
        }
        asm.mov(64, SCRATCH1, n.base());
        asm.add(64, SCRATCH1, SCRATCH1, r, ExtendType.UXTW, n.shift());
        asm.cmp(32, r, 0);
        asm.csel(64, r, AArch64.zr, SCRATCH1, Condition.EQ);
    }

    /** An {@code uncompress} on its own: the narrow oop's low 32 bits (the upper ones are undefined) decoded into the result. */
    public static final class Decode extends Aarch64Op {
        private final NarrowEncoding narrow;

        public Decode(AllocatableValue result, AllocatableValue narrowOop, NarrowEncoding narrow) {
            super(values(result), values(narrowOop), null, null);
            this.narrow = narrow;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            if (narrow.base() == 0) {
                if (narrow.shift() == 0) {
                    asm.mov(32, r, x);
                } else {
                    asm.ubfiz(64, r, x, narrow.shift(), 32);
                }
                return;
            }
            if (narrow.klass()) {
                // A class pointer is never 0: no test. The shift may exceed what an extended register takes (4).
                asm.ubfiz(64, r, x, narrow.shift(), 32);
                asm.mov(64, SCRATCH1, narrow.base());
                asm.add(64, r, SCRATCH1, r);
                return;
            }
            asm.mov(64, SCRATCH1, narrow.base());
            asm.add(64, SCRATCH1, SCRATCH1, x, ExtendType.UXTW, narrow.shift());
            asm.cmp(32, x, 0);
            asm.csel(64, r, AArch64.zr, SCRATCH1, Condition.EQ);
        }

        @Override
        public String name() {
            return "uncompress " + narrow;
        }
    }

    /** A reference's narrow form for a store: {@code (x - base) >> shift}, null staying 0. */
    public static final class Compress extends Aarch64Op {
        private final NarrowEncoding narrow;

        public Compress(AllocatableValue result, AllocatableValue x, NarrowEncoding narrow) {
            super(values(result), values(x), null, null);
            this.narrow = narrow;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register x = reg(get(Mode.USE, 0));
            if (narrow.base() == 0) {
                if (narrow.shift() == 0) {
                    asm.mov(64, r, x);
                } else {
                    asm.lsr(64, r, x, narrow.shift());
                }
                return;
            }
            asm.mov(64, SCRATCH1, narrow.base());
            asm.sub(64, SCRATCH1, x, SCRATCH1);
            if (narrow.shift() != 0) {
                asm.lsr(64, SCRATCH1, SCRATCH1, narrow.shift());
            }
            asm.cmp(64, x, 0);
            asm.csel(64, r, AArch64.zr, SCRATCH1, Condition.EQ);
        }

        @Override
        public String name() {
            return "compress " + narrow;
        }
    }

    /** {@code readorzero}: the int at {@code [array + offset]}, or 0 for a null array ({@code cbz} around the load). */
    public static final class LengthOrZero extends Aarch64Op {
        private final int lengthOffset;

        public LengthOrZero(AllocatableValue result, AllocatableValue array, int lengthOffset) {
            super(values(result), values(array), null, null);
            this.lengthOffset = lengthOffset;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register r = reg(get(Mode.DEF, 0));
            Register a = reg(get(Mode.USE, 0));
            Label zero = new Label("null-array");
            Label done = new Label("length-done");
            asm.cbz(64, a, zero);
            asm.ldr(32, r, address(asm, a, null, lengthOffset, 0, 32, SCRATCH1));
            asm.b(done);
            asm.bind(zero);
            asm.mov(32, r, AArch64.zr);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "readorzero";
        }
    }

    /**
     * A memory barrier ({@code membar}) of the orderings the lowering asks for: {@code dmb ishld} when
     * only loads before it are ordered (LoadLoad, LoadStore), {@code dmb ishst} for StoreStore alone,
     * {@code dmb ish} for anything else (StoreLoad, or stores and loads before).
     */
    public static final class Barrier extends Aarch64Op {
        private final int barriers;

        public Barrier(int barriers) {
            super(null, null, null, null);
            this.barriers = barriers;
        }

        public static BarrierOption option(int barriers) {
            int loadsFirst = MemoryBarriers.LOAD_LOAD | MemoryBarriers.LOAD_STORE;
            if ((barriers & ~loadsFirst) == 0) {
                return BarrierOption.ISHLD;
            }
            if (barriers == MemoryBarriers.STORE_STORE) {
                return BarrierOption.ISHST;
            }
            return BarrierOption.ISH;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            e.asm().dmb(option(barriers));
        }

        @Override
        public String name() {
            return "membar " + MemoryBarriers.toString(barriers);
        }
    }

    /**
     * {@link org.ssajit.hotspot.ir.HotSpotOp#STORE_RANGE}: when {@code 0 <= from <= last < length} and the range has at
     * least {@link #MIN_ELEMENTS} elements, stores the value into all of it (a loop of {@code str} with
     * post-increment) and the result is {@code last + 1}; otherwise nothing is stored and the result is
     * {@code from}, and the loop after the fill does the work. Every input is ALIVE (the result is
     * written first); the pointer and the count are temps. No safepoint poll inside the fill.
     */
    public static final class Fill extends Aarch64Op {
        public static final int MIN_ELEMENTS = 32;
        private final JavaKind elementKind;
        private final int scale;
        private final int baseOffset;

        public Fill(JavaKind elementKind, int scale, int baseOffset, AllocatableValue result, AllocatableValue array, AllocatableValue from,
                        AllocatableValue last, Value value, AllocatableValue length, AllocatableValue pointer, AllocatableValue count) {
            super(values(result), null, values(array, from, last, value, length), values(pointer, count));
            this.elementKind = elementKind;
            this.scale = scale;
            this.baseOffset = baseOffset;
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.ALIVE && i == 3 ? REG | CONST : REG;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register result = reg(get(Mode.DEF, 0));
            Register array = reg(get(Mode.ALIVE, 0));
            Register from = reg(get(Mode.ALIVE, 1));
            Register last = reg(get(Mode.ALIVE, 2));
            Value value = get(Mode.ALIVE, 3);
            Register length = reg(get(Mode.ALIVE, 4));
            Register pointer = reg(get(Mode.TEMP, 0));
            Register count = reg(get(Mode.TEMP, 1));
            Label done = new Label("fill-done");
            asm.mov(32, result, from);
            asm.tbnz(from, 31, done);
            asm.cmp(32, last, length);
            asm.b(Condition.GE, done);
            // last - from + 1 >= MIN_ELEMENTS, with 0 <= from and last < length: no overflow in 32 bits.
            asm.subs(32, count, last, from);
            asm.b(Condition.LT, done);
            asm.cmp(32, count, MIN_ELEMENTS - 1);
            asm.b(Condition.LT, done);
            asm.add(32, count, count, 1);
            addImmediate(asm, pointer, array, baseOffset);
            asm.add(64, pointer, pointer, from, ExtendType.SXTW, Integer.numberOfTrailingZeros(scale));
            Register bits;
            if (isConstant(value)) {
                JavaConstant c = constant(value);
                long b = switch (elementKind) {
                    case Float -> Float.floatToRawIntBits(c.asFloat()) & 0xFFFF_FFFFL;
                    case Double -> Double.doubleToRawLongBits(c.asDouble());
                    case Long -> c.asLong();
                    default -> c.asInt() & 0xFFFF_FFFFL;
                };
                if (b == 0) {
                    bits = AArch64.zr;
                } else {
                    asm.mov(64, SCRATCH1, b);
                    bits = SCRATCH1;
                }
            } else if (isSimd(reg(value))) {
                asm.fmov(scale == 8 ? 64 : 32, SCRATCH1, reg(value));
                bits = SCRATCH1;
            } else {
                bits = reg(value);
            }
            Label loop = new Label("fill-loop");
            asm.bind(loop);
            asm.str(scale * 8, bits, Address.postIndex(pointer, scale));
            asm.subs(32, count, count, 1);
            asm.b(Condition.NE, loop);
            asm.add(32, result, last, 1);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "fill " + elementKind.getJavaName();
        }
    }
}
