package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.reg;
import static org.ssajit.amd64.lir.Operands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Deopt;
import org.ssajit.ir.TypeTest;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.BranchOp;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.site.ConstantReference;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/** The lowering's {@code typetest}: HotSpot's subtype check on the object's class metadata. */
public final class Amd64TypeChecks {
    private Amd64TypeChecks() {
    }

    /**
     * {@code result = object instanceof T} (null gives the attribute's answer), HotSpot's way
     * ({@link #emitTest}): 1 or 0 in {@code result}. T is an embedded metadata constant
     * ({@code movabs}, patched and recorded by HotSpot). r10 is scratch.
     */
    public static final class TypeTestOp extends Amd64Op {
        private final TypeTest test;

        public TypeTestOp(AllocatableValue result, AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test) {
            super(values(result), values(object), null, values(hubTemp, typeTemp));
            this.test = checked(test);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Register result = reg(get(Mode.DEF, 0));
            Label isTrue = new Label("typetest-true");
            Label isFalse = new Label("typetest-false");
            Label done = new Label("typetest-done");
            Condition last = emitTest(e, test, reg(get(Mode.USE, 0)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), isTrue, isFalse);
            if (last != null) {
                asm.jcc(last.negate(), isFalse);
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
    public static final class TypeTestBranch extends Amd64Op implements BranchOp {
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
        protected void emitCode(Amd64CodeEmitter e) {
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
     * A checkcast's guard on its type test, fused: the failing side of the test jumps to the
     * uncommon trap (the guard's state and reason), the passing side falls through.
     */
    public static final class TypeTestGuard extends Amd64Op {
        private final TypeTest test;
        private final Deopt deopt;

        public TypeTestGuard(AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test, LirFrameState state, Deopt deopt) {
            super(null, values(object), null, values(hubTemp, typeTemp));
            this.test = checked(test);
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Label trap = e.trap(state(), deopt.reason(), deopt.action());
            Label pass = new Label("typeguard-pass");
            Condition last = emitTest(e, test, reg(get(Mode.USE, 0)), reg(get(Mode.TEMP, 0)), reg(get(Mode.TEMP, 1)), pass, trap);
            if (last != null) {
                e.asm().jcc(last.negate(), trap);
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
     * The type test on {@code object}, HotSpot's way, in the shape the attribute allows: null goes to
     * the attribute's answer (no test where the lowering proved the object non-null); then S, the object's class ({@link #loadKlass}), and T, the embedded
     * class; an exact test (or a type without subtypes) compares S with T (with compressed class
     * pointers and the klass in the header: the header's narrow klass with T's, no decoding); a type whose
     * {@code super_check_offset} is known and is a primary-super slot compares T with S's word there
     * (the display holds every primary super of S, S included: one compare decides); any other
     * goes through the secondary supers ({@link #subtypeCheck}, which reads the offset when it is not
     * known). Returns the condition of the last compare that means the object passes, the failing
     * side left to the caller; or null when every path already jumped to {@code pass} or {@code fail}.
     */
    static Condition emitTest(Amd64CodeEmitter e, TypeTest test, Register object, Register s, Register t, Label pass, Label fail) {
        Amd64Assembler asm = e.asm();
        HotSpotVmConfig c = e.config();
        Register scratch = Amd64CodeEmitter.SCRATCH;
        if (test.maybeNull()) {
            asm.test(QWORD, object, object);
            asm.jcc(Condition.E, test.nullPasses() ? pass : fail);
        }
        if (test.exact() && c.useCompressedClassPointers && !c.useCompactObjectHeaders) {
            // The narrow klass in the header against T's, an imm32 HotSpot writes (a narrow metadata
            // patch: locate_operand finds the immediate of this cmp m32, imm32).
            int at = asm.cmpDwordImm32(Address.of(object, c.oopKlassOffset), 0);
            e.recordPatch(new DataPatch(at, new ConstantReference((jdk.vm.ci.meta.VMConstant) ((HotSpotMetaspaceConstant) test.hub()).compress())));
            return Condition.E;
        }
        loadKlass(asm, c, s, object, scratch);
        int pc = asm.movabs(t, 0L);
        e.recordPatch(new DataPatch(pc, new ConstantReference((HotSpotMetaspaceConstant) test.hub())));
        if (test.exact()) {
            asm.alu(AluOp.CMP, QWORD, s, t); // the class itself, no subclass
            return Condition.E;
        }
        int offset = test.superCheckOffset();
        if (offset >= 0 && offset != c.klassSecondarySuperCacheOffset) {
            asm.alu(AluOp.CMP, QWORD, t, Address.of(s, offset)); // T's slot in S's primary supers
            return Condition.E;
        }
        subtypeCheck(asm, c, s, t, scratch, pass, fail, offset == c.klassSecondarySuperCacheOffset);
        return null;
    }

    /**
     * Jumps to {@code isTrue} if class S (register {@code s}) is class T ({@code t}) or a subclass or
     * implementor of it, else to {@code isFalse}: S is T; or S's word at T's {@code super_check_offset}
     * is T (a primary super, or the secondary-super cache); or, when that offset is the cache's, T is
     * in S's secondary supers (a linear scan of the array). Clobbers {@code s} and {@code scratch}.
     */
    static void subtypeCheck(Amd64Assembler asm, HotSpotVmConfig c, Register s, Register t, Register scratch, Label isTrue, Label isFalse) {
        subtypeCheck(asm, c, s, t, scratch, isTrue, isFalse, false);
    }

    /**
     * {@link #subtypeCheck}; with {@code secondary} T's {@code super_check_offset} is known to be the
     * secondary-super cache's (an interface, a class deeper than the display), so it is not read:
     * S is T, the cache holds T, or the scan finds it.
     */
    static void subtypeCheck(Amd64Assembler asm, HotSpotVmConfig c, Register s, Register t, Register scratch, Label isTrue, Label isFalse, boolean secondary) {
        asm.alu(AluOp.CMP, QWORD, s, t);
        asm.jcc(Condition.E, isTrue);
        if (secondary) {
            asm.alu(AluOp.CMP, QWORD, t, Address.of(s, c.klassSecondarySuperCacheOffset));
            asm.jcc(Condition.E, isTrue);
        } else {
            asm.mov(DWORD, scratch, Address.of(t, c.klassSuperCheckOffsetOffset));
            asm.alu(AluOp.CMP, QWORD, t, Address.of(s, scratch, Scale.ONE, 0));
            asm.jcc(Condition.E, isTrue);
            asm.alu(AluOp.CMP, DWORD, scratch, c.klassSecondarySuperCacheOffset);
            asm.jcc(Condition.NE, isFalse); // a primary super's slot: the answer was definite
        }
        asm.mov(QWORD, s, Address.of(s, c.klassSecondarySupersOffset));
        asm.mov(DWORD, scratch, Address.of(s, c.klassArrayLengthOffset));
        asm.lea(QWORD, s, Address.of(s, c.klassArrayDataOffset));
        Label loop = new Label("subtype-secondary");
        asm.bind(loop);
        asm.test(DWORD, scratch, scratch);
        asm.jcc(Condition.E, isFalse);
        asm.alu(AluOp.CMP, QWORD, t, Address.of(s));
        asm.jcc(Condition.E, isTrue);
        asm.alu(AluOp.ADD, QWORD, s, 8);
        asm.alu(AluOp.SUB, DWORD, scratch, 1);
        asm.jmp(loop);
    }

    /** {@code result = 1} at {@code isTrue}, {@code 0} at {@code isFalse}, both continuing at {@code done}. */
    static void answer(Amd64Assembler asm, Register result, Label isTrue, Label isFalse, Label done) {
        asm.bind(isTrue);
        asm.mov(DWORD, result, 1L);
        asm.jmp(done);
        asm.bind(isFalse);
        asm.mov(DWORD, result, 0L);
        asm.bind(done);
    }

    /**
     * The {@code aastore} store check: {@code result = 1} if {@code value} is null or its class is a
     * subtype of the element class of {@code array}'s class ({@code ObjArrayKlass::_element_klass}),
     * else 0. The inputs are alive through the op (the temps are written before the last read). r10
     * is scratch.
     */
    public static final class StoreCheckOp extends Amd64Op {
        public StoreCheckOp(AllocatableValue result, AllocatableValue array, AllocatableValue value, AllocatableValue valueHub, AllocatableValue elementHub) {
            super(values(result), null, values(array, value), values(valueHub, elementHub));
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
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
     * An {@code aastore}'s store check fused with its guard: a failing check jumps to the uncommon
     * trap (the guard's state and reason: the interpreter throws ArrayStoreException), a passing one
     * falls through. The inputs stay alive through the op, as in {@link StoreCheckOp}.
     */
    public static final class StoreCheckGuard extends Amd64Op {
        private final Deopt deopt;

        public StoreCheckGuard(AllocatableValue array, AllocatableValue value, AllocatableValue valueHub, AllocatableValue elementHub, LirFrameState state, Deopt deopt) {
            super(null, null, values(array, value), values(valueHub, elementHub));
            this.deopt = deopt;
            setState(state);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
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
     * Jumps to {@code isTrue} if {@code value} is null or its class (into {@code s}) is a subtype of
     * the element class of {@code array}'s class ({@code ObjArrayKlass::_element_klass}, into
     * {@code t}), else to {@code isFalse}. r10 is scratch.
     */
    static void storeCheck(Amd64Assembler asm, HotSpotVmConfig c, Register array, Register value, Register s, Register t, Label isTrue, Label isFalse) {
        Register scratch = Amd64CodeEmitter.SCRATCH;
        asm.test(QWORD, value, value);
        asm.jcc(Condition.E, isTrue);
        loadKlass(asm, c, s, value, scratch);
        loadKlass(asm, c, t, array, scratch);
        asm.mov(QWORD, t, Address.of(t, c.objArrayElementKlassOffset));
        subtypeCheck(asm, c, s, t, scratch, isTrue, isFalse);
    }

    /**
     * {@code dst = } the class-metadata pointer of the non-null {@code object}: the narrow klass from
     * the header (or the mark word's upper bits with compact object headers), decoded with the VM's
     * base and shift; or the full pointer without compressed class pointers.
     */
    static void loadKlass(Amd64Assembler asm, HotSpotVmConfig c, Register dst, Register object, Register scratch) {
        if (c.useCompactObjectHeaders) {
            asm.mov(QWORD, dst, Address.of(object));
            asm.shift(ShiftOp.SHR, QWORD, dst, c.markWordKlassShift);
        } else if (c.useCompressedClassPointers) {
            asm.mov(DWORD, dst, Address.of(object, c.oopKlassOffset)); // zero-extends
        } else {
            asm.mov(QWORD, dst, Address.of(object, c.oopKlassOffset));
            return;
        }
        if (c.narrowKlassShift != 0) {
            asm.shift(ShiftOp.SHL, QWORD, dst, c.narrowKlassShift);
        }
        if (c.narrowKlassBase != 0) {
            asm.movabs(scratch, c.narrowKlassBase);
            asm.alu(AluOp.ADD, QWORD, dst, scratch);
        }
    }
}
