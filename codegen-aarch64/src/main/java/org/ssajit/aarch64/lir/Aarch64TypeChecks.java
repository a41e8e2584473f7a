package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.reg;
import static org.ssajit.aarch64.lir.Operands.values;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.aarch64.asm.ShiftType;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.TypeTest;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The lowering's {@code typetest} and {@code storecheck}: HotSpot's subtype check on the object's class
 * metadata (docs/HOTSPOT-NOTES.md, "Type checks"), the same protocol as the AMD64 back end's. x8 and
 * x9 are scratch.
 */
public final class Aarch64TypeChecks {
    private Aarch64TypeChecks() {
    }

    /**
     * {@code result = object instanceof T} (null gives the attribute's answer): {@code cbz object}, S =
     * the object's class ({@link #loadKlass}), T = the embedded class ({@code movz/movk/movk} with a
     * metadata data patch: HotSpot writes the {@code Klass*} and records the relocation that ties the
     * code to the class's loader), then {@link #subtypeCheck}, or for an exact test S compared with T.
     */
    public static final class TypeTestOp extends Aarch64Op {
        private final TypeTest test;

        public TypeTestOp(AllocatableValue result, AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test) {
            super(values(result), values(object), null, values(hubTemp, typeTemp));
            if (!(test.hub() instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + test.hub());
            }
            this.test = test;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register result = reg(get(Mode.DEF, 0));
            Register object = reg(get(Mode.USE, 0));
            Register s = reg(get(Mode.TEMP, 0));
            Register t = reg(get(Mode.TEMP, 1));
            Label isTrue = new Label("typetest-true");
            Label isFalse = new Label("typetest-false");
            Label done = new Label("typetest-done");
            asm.cbz(64, object, test.nullPasses() ? isTrue : isFalse);
            loadKlass(asm, c, s, object);
            e.loadMetadata(t, (HotSpotMetaspaceConstant) test.hub());
            if (test.exact()) {
                asm.cmp(64, s, t); // the class itself, no subclass
                asm.b(Condition.NE, isFalse);
            } else {
                subtypeCheck(asm, c, s, t, isTrue, isFalse);
            }
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "typetest " + test;
        }
    }

    /**
     * The {@code aastore} store check: {@code result = 1} if {@code value} is null or its class is a
     * subtype of the element class of {@code array}'s class ({@code ObjArrayKlass::_element_klass}),
     * else 0. The inputs stay alive through the op (the temps are written before the last read).
     */
    public static final class StoreCheckOp extends Aarch64Op {
        public StoreCheckOp(AllocatableValue result, AllocatableValue array, AllocatableValue value, AllocatableValue valueHub, AllocatableValue elementHub) {
            super(values(result), null, values(array, value), values(valueHub, elementHub));
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register result = reg(get(Mode.DEF, 0));
            Register array = reg(get(Mode.ALIVE, 0));
            Register value = reg(get(Mode.ALIVE, 1));
            Register s = reg(get(Mode.TEMP, 0));
            Register t = reg(get(Mode.TEMP, 1));
            Label isTrue = new Label("storecheck-true");
            Label isFalse = new Label("storecheck-false");
            Label done = new Label("storecheck-done");
            asm.cbz(64, value, isTrue);
            loadKlass(asm, c, s, value);
            loadKlass(asm, c, t, array);
            asm.ldr(64, t, Address.of(t, c.objArrayElementKlassOffset));
            subtypeCheck(asm, c, s, t, isTrue, isFalse);
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "storecheck";
        }
    }

    /**
     * Branches to {@code isTrue} if class S (register {@code s}) is class T ({@code t}) or a subclass or
     * implementor of it, else to {@code isFalse}: S is T; or S's word at T's {@code super_check_offset}
     * is T (a primary super, or the secondary-super cache); or, when that offset is the cache's, T is
     * in S's secondary supers (a linear scan of the array, which JDK 23+ keeps as a hash table but
     * with every secondary super in it once; the cache is not updated). Clobbers {@code s}, x8 and x9:
     *
     * <pre>
     *   cmp s, t; b.eq true
     *   ldr w8, [t, #super_check_offset]; ldr x9, [s, x8]; cmp x9, t; b.eq true
     *   cmp w8, #secondary_super_cache; b.ne false         // a display slot: the answer was definite
     *   ldr s, [s, #secondary_supers]; ldr w8, [s, #length]; add s, s, #data
     * loop:
     *   cbz w8, false; ldr x9, [s], #8; cmp x9, t; b.eq true; sub w8, w8, #1; b loop
     * </pre>
     */
    static void subtypeCheck(Aarch64Assembler asm, HotSpotVmConfig c, Register s, Register t, Label isTrue, Label isFalse) {
        asm.cmp(64, s, t);
        asm.b(Condition.EQ, isTrue);
        asm.ldr(32, SCRATCH1, Address.of(t, c.klassSuperCheckOffsetOffset));
        asm.ldr(64, SCRATCH2, Address.indexed(s, SCRATCH1));
        asm.cmp(64, SCRATCH2, t);
        asm.b(Condition.EQ, isTrue);
        asm.cmp(32, SCRATCH1, c.klassSecondarySuperCacheOffset);
        asm.b(Condition.NE, isFalse);
        asm.ldr(64, s, Address.of(s, c.klassSecondarySupersOffset));
        asm.ldr(32, SCRATCH1, Address.of(s, c.klassArrayLengthOffset));
        asm.add(64, s, s, c.klassArrayDataOffset);
        Label loop = new Label("subtype-secondary");
        asm.bind(loop);
        asm.cbz(32, SCRATCH1, isFalse);
        asm.ldr(64, SCRATCH2, Address.postIndex(s, 8));
        asm.cmp(64, SCRATCH2, t);
        asm.b(Condition.EQ, isTrue);
        asm.sub(32, SCRATCH1, SCRATCH1, 1);
        asm.b(loop);
    }

    /** {@code result = 1} at {@code isTrue}, {@code 0} at {@code isFalse}, both continuing at {@code done}. */
    static void answer(Aarch64Assembler asm, Register result, Label isTrue, Label isFalse, Label done) {
        asm.bind(isTrue);
        asm.mov(32, result, 1L);
        asm.b(done);
        asm.bind(isFalse);
        asm.mov(32, result, 0L);
        asm.bind(done);
    }

    /**
     * {@code dst = } the class-metadata pointer of the non-null {@code object}: with compact object
     * headers the mark word's bits from {@code markWord::klass_shift} up ({@code ldr; lsr}), with
     * compressed class pointers the 32-bit narrow klass in the header ({@code ldr w}, zero-extending),
     * each decoded as {@code base + (narrow << shift)} ({@code lsl}, or {@code mov x8, #base; add dst,
     * x8, dst, lsl #shift}); without compression the 64-bit {@code Klass*} in the header. Clobbers x8
     * when the base is not 0. {@code dst} may be {@code object}.
     */
    public static void loadKlass(Aarch64Assembler asm, HotSpotVmConfig c, Register dst, Register object) {
        if (c.useCompactObjectHeaders) {
            asm.ldr(64, dst, Address.of(object, 0));
            asm.lsr(64, dst, dst, c.markWordKlassShift);
        } else if (c.useCompressedClassPointers) {
            asm.ldr(32, dst, Address.of(object, c.oopKlassOffset));
        } else {
            asm.ldr(64, dst, Address.of(object, c.oopKlassOffset));
            return;
        }
        if (c.narrowKlassBase != 0) {
            asm.mov(64, SCRATCH1, c.narrowKlassBase);
            asm.add(64, dst, SCRATCH1, dst, ShiftType.LSL, c.narrowKlassShift);
        } else if (c.narrowKlassShift != 0) {
            asm.lsl(64, dst, dst, c.narrowKlassShift);
        }
    }
}
