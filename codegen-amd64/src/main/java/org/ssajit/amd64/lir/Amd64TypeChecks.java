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
import org.ssajit.ir.TypeTest;

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
     * {@code result = object instanceof T} (null gives the attribute's answer), HotSpot's way: S, the
     * object's class (the narrow klass decoded, from the header or, with compact headers, the mark
     * word), then {@link #subtypeCheck} (the secondary supers scanned: an array with every one of
     * them, whatever order the VM's hash table gives it), or for an exact test S compared with T. T is an embedded metadata constant ({@code movabs}, patched and recorded by HotSpot). r10 is scratch.
     */
    public static final class TypeTestOp extends Amd64Op {
        private final TypeTest test;

        public TypeTestOp(AllocatableValue result, AllocatableValue object, AllocatableValue hubTemp, AllocatableValue typeTemp, TypeTest test) {
            super(values(result), values(object), null, values(hubTemp, typeTemp));
            if (!(test.hub() instanceof HotSpotMetaspaceConstant m) || m.isCompressed()) {
                throw new IllegalArgumentException("expected an uncompressed class-metadata constant: " + test.hub());
            }
            this.test = test;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register result = reg(get(Mode.DEF, 0));
            Register object = reg(get(Mode.USE, 0));
            Register s = reg(get(Mode.TEMP, 0));
            Register t = reg(get(Mode.TEMP, 1));
            Register scratch = Amd64CodeEmitter.SCRATCH;
            Label isTrue = new Label("typetest-true");
            Label isFalse = new Label("typetest-false");
            Label done = new Label("typetest-done");

            asm.test(QWORD, object, object);
            asm.jcc(Condition.E, test.nullPasses() ? isTrue : isFalse);
            loadKlass(asm, c, s, object, scratch);
            int pc = asm.movabs(t, 0L);
            e.recordPatch(new DataPatch(pc, new ConstantReference((HotSpotMetaspaceConstant) test.hub())));
            if (test.exact()) {
                asm.alu(AluOp.CMP, QWORD, s, t); // the class itself, no subclass
                asm.jcc(Condition.NE, isFalse);
            } else {
                subtypeCheck(asm, c, s, t, scratch, isTrue, isFalse);
            }
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "typetest " + test;
        }
    }

    /**
     * Jumps to {@code isTrue} if class S (register {@code s}) is class T ({@code t}) or a subclass or
     * implementor of it, else to {@code isFalse}: S is T; or S's word at T's {@code super_check_offset}
     * is T (a primary super, or the secondary-super cache); or, when that offset is the cache's, T is
     * in S's secondary supers (a linear scan of the array). Clobbers {@code s} and {@code scratch}.
     */
    static void subtypeCheck(Amd64Assembler asm, HotSpotVmConfig c, Register s, Register t, Register scratch, Label isTrue, Label isFalse) {
        asm.alu(AluOp.CMP, QWORD, s, t);
        asm.jcc(Condition.E, isTrue);
        asm.mov(DWORD, scratch, Address.of(t, c.klassSuperCheckOffsetOffset));
        asm.alu(AluOp.CMP, QWORD, t, Address.of(s, scratch, Scale.ONE, 0));
        asm.jcc(Condition.E, isTrue);
        asm.alu(AluOp.CMP, DWORD, scratch, c.klassSecondarySuperCacheOffset);
        asm.jcc(Condition.NE, isFalse); // a primary super's slot: the answer was definite
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
            Register scratch = Amd64CodeEmitter.SCRATCH;
            Label isTrue = new Label("storecheck-true");
            Label isFalse = new Label("storecheck-false");
            Label done = new Label("storecheck-done");
            asm.test(QWORD, value, value);
            asm.jcc(Condition.E, isTrue);
            loadKlass(asm, c, s, value, scratch);
            loadKlass(asm, c, t, array, scratch);
            asm.mov(QWORD, t, Address.of(t, c.objArrayElementKlassOffset));
            subtypeCheck(asm, c, s, t, scratch, isTrue, isFalse);
            answer(asm, result, isTrue, isFalse, done);
        }

        @Override
        public String name() {
            return "storecheck";
        }
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
