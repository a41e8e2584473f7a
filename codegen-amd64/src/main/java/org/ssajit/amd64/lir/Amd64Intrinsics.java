package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;
import static org.ssajit.lir.LirOperands.reg;
import static org.ssajit.lir.LirOperands.values;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The reads behind the natives the parser expands ({@code parse.Intrinsics}): two loads through
 * HotSpot's OopHandles, whose slots hold uncompressed oops outside the heap (the collectors this
 * back end supports read them without a barrier).
 */
public final class Amd64Intrinsics {
    private Amd64Intrinsics() {
    }

    /**
     * {@code classof}: {@code result = object == null ? null : object.getClass()}, the object's class
     * metadata ({@link Amd64Metadata#loadKlass}), its {@code _java_mirror} handle, the handle's oop.
     * r10 is scratch.
     */
    public static final class ClassOf extends Amd64Op {
        public ClassOf(AllocatableValue result, AllocatableValue object) {
            super(values(result), values(object), null, null);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            HotSpotVmConfig c = e.config();
            Register r = reg(get(Mode.DEF, 0));
            Register o = reg(get(Mode.USE, 0));
            Label isNull = new Label("classof-null");
            Label done = new Label("classof-done");
            asm.test(QWORD, o, o);
            asm.jcc(Condition.E, isNull);
            Amd64Metadata.loadKlass(asm, c, r, o, SCRATCH);
            asm.mov(QWORD, r, Address.of(r, c.klassJavaMirrorOffset));
            asm.mov(QWORD, r, Address.of(r));
            asm.jmp(done);
            asm.bind(isNull);
            asm.alu(AluOp.XOR, DWORD, r, r);
            asm.bind(done);
        }

        @Override
        public String name() {
            return "classof";
        }
    }
}
