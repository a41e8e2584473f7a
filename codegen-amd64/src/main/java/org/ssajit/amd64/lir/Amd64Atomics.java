package org.ssajit.amd64.lir;

import static org.ssajit.amd64.asm.OperandSize.BYTE;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.backend.AtomicOps;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * {@link org.ssajit.hotspot.ir.HotSpotOp#COMPARE_AND_SWAP}: {@code lock cmpxchg [base + displacement], value} (a
 * quadword, or a doubleword for an int) with the expected value in rax (which the instruction overwrites with the old word on failure; nothing is live
 * in rax across it: the expected value is a fixed-register use). A locked instruction is a full fence
 * on x86, so every ordering the IR asks for holds.
 */
public final class Amd64Atomics {
    private Amd64Atomics() {
    }

    private static void checkRax(AllocatableValue expected) {
        if (!reg(expected).equals(AMD64.rax)) {
            throw new IllegalArgumentException("cmpxchg compares with rax: " + expected);
        }
    }

    private static OperandSize size(AtomicUpdate u) {
        return u.bits() == 32 ? DWORD : QWORD;
    }

    /** The swap as a 0/1 result: {@code lock cmpxchg; sete r8; movzx r32, r8}. */
    public static final class CompareAndSwap extends Amd64Op {
        private final int displacement;
        private final OperandSize size;

        public CompareAndSwap(AtomicUpdate u, AllocatableValue result, AllocatableValue base, AllocatableValue expected, AllocatableValue value) {
            super(values(result), values(base, expected, value), null, null);
            checkRax(expected);
            this.displacement = u.displacement();
            this.size = size(u);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            asm.lock();
            asm.cmpxchg(size, Address.of(reg(get(Mode.USE, 0)), displacement), reg(get(Mode.USE, 2)));
            asm.setcc(Condition.E, reg(get(Mode.DEF, 0)));
            asm.movzx(DWORD, reg(get(Mode.DEF, 0)), BYTE, reg(get(Mode.DEF, 0)));
        }

        @Override
        public String name() {
            return "cas" + (size == DWORD ? "32" : "") + " [+" + displacement + "]";
        }
    }

    /** {@code lock cmpxchg; jcc} (codegen-core's {@link AtomicOps.CompareAndSwapBranch}). */
    public static final class CompareAndSwapBranch extends AtomicOps.CompareAndSwapBranch<Amd64CodeEmitter> {
        private final int displacement;
        private final OperandSize size;

        public CompareAndSwapBranch(AtomicUpdate u, boolean onSuccess, AllocatableValue base, AllocatableValue expected, AllocatableValue value,
                        LirBlock trueTarget, LirBlock falseTarget) {
            super(onSuccess, values(base, expected, value), trueTarget, falseTarget);
            checkRax(expected);
            this.displacement = u.displacement();
            this.size = size(u);
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            asm.lock();
            asm.cmpxchg(size, Address.of(reg(get(Mode.USE, 0)), displacement), reg(get(Mode.USE, 2)));
            e.branch(onSuccess ? Condition.E : Condition.NE, trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "casbranch" + (size == DWORD ? "32" : "") + " [+" + displacement + "] " + targets();
        }
    }
}
