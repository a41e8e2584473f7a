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
import org.ssajit.ir.Deopt;
import org.ssajit.ir.TypeTest;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.BranchOp;
import org.ssajit.lir.LirBlock;

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
     * {@code result = object instanceof T} (null gives the attribute's answer), HotSpot's way
     * ({@link #emitTest}): 1 or 0 in {@code result}.
     */
    public static final class TypeTestOp extends Aarch64Op {
        private final TypeTest test;

        public TypeTestOp(AllocatableValue result, AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test) {
            super(values(result), values(object), null, values(hubTemp, typeTemp));
            this.test = checked(test);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register result = reg(get(Mode.DEF, 0));
            Label isTrue = new Label("typetest-true");
            Label isFalse = new Label("typetest-false");
            Label done = new Label("typetest-done");
            Condition last = emitTest(e, test, reg(get(Mode.USE, 0)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), isTrue, isFalse);
            if (last != null) {
                asm.b(last.negate(), isFalse);
            }
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "typetest " + test;
        }
    }

    /**
     * {@code if (object instanceof T)}: the {@link TypeTestOp} whose only user is the branch right
     * after it, going to {@code passTarget} or {@code failTarget} without an answer in a register.
     */
    public static final class TypeTestBranch extends Aarch64Op implements BranchOp {
        private final TypeTest test;
        private final LirBlock passTarget;
        private final LirBlock failTarget;

        public TypeTestBranch(AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test, LirBlock passTarget, LirBlock failTarget) {
            super(null, values(object), null, values(hubTemp, typeTemp));
            this.test = checked(test);
            this.passTarget = passTarget;
            this.failTarget = failTarget;
        }

        @Override
        public LirBlock trueTarget() {
            return passTarget;
        }

        @Override
        public LirBlock falseTarget() {
            return failTarget;
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Condition last = emitTest(e, test, reg(get(Mode.USE, 0)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), e.label(passTarget), e.label(failTarget));
            if (last != null) {
                e.branch(last, passTarget, failTarget);
            }
        }

        @Override
        public String name() {
            return "typetest-branch " + test + " ? " + passTarget + " : " + failTarget;
        }
    }

    /**
     * A checkcast's guard on its type test, fused: the failing side of the test branches to the
     * uncommon trap (the guard's state and reason), the passing side falls through.
     */
    public static final class TypeTestGuard extends Aarch64Op {
        private final TypeTest test;
        private final Deopt deopt;

        public TypeTestGuard(AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test, LirFrameState state, Deopt deopt) {
            super(null, values(object), null, values(hubTemp, typeTemp));
            this.test = checked(test);
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Label trap = e.trap(state(), deopt.reason(), deopt.action());
            Label pass = new Label("typeguard-pass");
            Condition last = emitTest(e, test, reg(get(Mode.USE, 0)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), pass, trap);
            if (last != null) {
                e.asm().b(last.negate(), trap);
            }
            e.asm().bind(pass);
        }

        @Override
        public String name() {
            return "typeguard " + test;
        }
    }

    private static TypeTest checked(TypeTest test) {
        if (!(test.hub() instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
            throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + test.hub());
        }
        return test;
    }

    /**
     * The type test on {@code object}, HotSpot's way, in the shape the attribute allows (the AMD64
     * back end's protocol): {@code cbz object} to the null answer (unless proven non-null); S = the object's class
     * ({@link #loadKlass}), T = the embedded class ({@code movz/movk/movk} with a metadata data patch:
     * HotSpot writes the {@code Klass*} and records the relocation that ties the code to the class's
     * loader); an exact test (or a type without subtypes) compares S with T (with compressed class
     * pointers and the klass in the header: the narrow klasses, no decoding); a type whose
     * {@code super_check_offset} is known and is a primary-super slot compares T with S's word there;
     * any other goes through the secondary supers ({@link #subtypeCheck}). Returns the condition of
     * the last compare that means the object passes, the failing side left to the caller; or null
     * when every path already branched to {@code pass} or {@code fail}.
     */
    static Condition emitTest(Aarch64CodeEmitter e, TypeTest test, Register object, Register s, Register t, Label pass, Label fail) {
        Aarch64Assembler asm = e.asm();
        HotSpotVmConfig c = e.config();
        if (test.maybeNull()) {
            asm.cbz(64, object, test.nullPasses() ? pass : fail);
        }
        if (test.exact() && c.useCompressedClassPointers && !c.useCompactObjectHeaders) {
            // The header's narrow klass against T's: movz/movk of a narrow metadata patch
            // (patch_narrow_klass's shape), no decoding.
            asm.ldr(32, s, Address.of(object, c.oopKlassOffset));
            e.loadNarrowKlass(t, (jdk.vm.ci.meta.VMConstant) ((HotSpotMetaspaceConstant) test.hub()).compress());
            asm.cmp(32, s, t);
            return Condition.EQ;
        }
        loadKlass(asm, c, s, object);
        e.loadMetadata(t, (HotSpotMetaspaceConstant) test.hub());
        if (test.exact()) {
            asm.cmp(64, s, t); // the class itself, no subclass
            return Condition.EQ;
        }
        int offset = test.superCheckOffset();
        if (offset >= 0 && offset != c.klassSecondarySuperCacheOffset) {
            asm.ldr(64, SCRATCH2, Address.of(s, offset)); // T's slot in S's primary supers
            asm.cmp(64, SCRATCH2, t);
            return Condition.EQ;
        }
        subtypeCheck(asm, c, s, t, pass, fail, offset == c.klassSecondarySuperCacheOffset);
        return null;
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
            storeCheck(asm, c, array, value, s, t, isTrue, isFalse);
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "storecheck";
        }
    }

    /**
     * An {@code aastore}'s store check fused with its guard: a failing check branches to the uncommon
     * trap (the guard's state and reason: the interpreter throws ArrayStoreException), a passing one
     * falls through. The inputs stay alive through the op, as in {@link StoreCheckOp}.
     */
    public static final class StoreCheckGuard extends Aarch64Op {
        private final Deopt deopt;

        public StoreCheckGuard(AllocatableValue array, AllocatableValue value, AllocatableValue valueHub, AllocatableValue elementHub, LirFrameState state, Deopt deopt) {
            super(null, null, values(array, value), values(valueHub, elementHub));
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Label trap = e.trap(state(), deopt.reason(), deopt.action());
            Label pass = new Label("storeguard-pass");
            storeCheck(e.asm(), e.config(), reg(get(Mode.ALIVE, 0)), reg(get(Mode.ALIVE, 1)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), pass, trap);
            e.asm().bind(pass);
        }

        @Override
        public String name() {
            return "storeguard";
        }
    }

    /**
     * Branches to {@code isTrue} if {@code value} is null or its class (into {@code s}) is a subtype of
     * the element class of {@code array}'s class ({@code ObjArrayKlass::_element_klass}, into
     * {@code t}), else to {@code isFalse}. Clobbers x8 and x9.
     */
    static void storeCheck(Aarch64Assembler asm, HotSpotVmConfig c, Register array, Register value, Register s, Register t, Label isTrue, Label isFalse) {
        asm.cbz(64, value, isTrue);
        loadKlass(asm, c, s, value);
        loadKlass(asm, c, t, array);
        asm.ldr(64, t, Address.of(t, c.objArrayElementKlassOffset));
        subtypeCheck(asm, c, s, t, isTrue, isFalse);
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
        subtypeCheck(asm, c, s, t, isTrue, isFalse, false);
    }

    /**
     * {@link #subtypeCheck}; with {@code secondary} T's {@code super_check_offset} is known to be the
     * secondary-super cache's (an interface, a class deeper than the display), so it is not read: S
     * is T, the cache holds T, or the scan finds it.
     */
    static void subtypeCheck(Aarch64Assembler asm, HotSpotVmConfig c, Register s, Register t, Label isTrue, Label isFalse, boolean secondary) {
        asm.cmp(64, s, t);
        asm.b(Condition.EQ, isTrue);
        if (secondary) {
            asm.ldr(64, SCRATCH2, Address.of(s, c.klassSecondarySuperCacheOffset));
            asm.cmp(64, SCRATCH2, t);
            asm.b(Condition.EQ, isTrue);
        } else {
            asm.ldr(32, SCRATCH1, Address.of(t, c.klassSuperCheckOffsetOffset));
            asm.ldr(64, SCRATCH2, Address.indexed(s, SCRATCH1));
            asm.cmp(64, SCRATCH2, t);
            asm.b(Condition.EQ, isTrue);
            asm.cmp(32, SCRATCH1, c.klassSecondarySuperCacheOffset);
            asm.b(Condition.NE, isFalse);
        }
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
