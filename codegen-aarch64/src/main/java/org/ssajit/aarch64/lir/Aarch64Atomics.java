package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.AtomicOrder;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.backend.AtomicOps;
import org.ssajit.hotspot.ir.AtomicUpdate;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/**
 * {@link org.ssajit.hotspot.ir.HotSpotOp#COMPARE_AND_SWAP} of a word (or a 32-bit int: the w forms) at {@code [base]} (displacement 0: A64's
 * exclusive and LSE accesses take a bare register address). With {@code UseLSE}: {@code cas}, with
 * {@code a}, {@code l} or {@code al} as the ordering asks, on a copy of the expected word in x8, then
 * {@code cmp x8, expected}. Without: a {@code ldaxr}/{@code ldxr}, {@code cmp}, {@code stxr}/{@code stlxr}
 * loop, retried when the store fails spuriously (status in w9). Either leaves the flags EQ exactly
 * when the word was swapped.
 */
public final class Aarch64Atomics {
    private Aarch64Atomics() {
    }

    private static AtomicOrder order(AtomicUpdate.Ordering o) {
        return switch (o) {
            case ACQUIRE -> AtomicOrder.ACQUIRE;
            case RELEASE -> AtomicOrder.RELEASE;
            case ACQUIRE_RELEASE -> AtomicOrder.ACQUIRE_RELEASE;
        };
    }

    static void checkDisplacement(AtomicUpdate u) {
        if (u.displacement() != 0) {
            throw new IllegalStateException("a compare-and-swap at displacement " + u.displacement() + ": AArch64's takes a bare register address");
        }
    }

    /** The swap; afterwards the flags are EQ if it swapped, NE if not. */
    static void swap(Aarch64CodeEmitter e, int size, AtomicOrder order, Register base, Register expected, Register value) {
        Aarch64Assembler asm = e.asm();
        Register old = Aarch64CodeEmitter.SCRATCH1;
        if (e.config().useLse) {
            asm.mov(size, old, expected);
            asm.cas(size, order, old, value, base);
            asm.cmp(size, old, expected);
            return;
        }
        Label retry = new Label("cas-retry");
        Label failed = new Label("cas-failed");
        asm.bind(retry);
        if (order.acquire) {
            asm.ldaxr(size, old, base);
        } else {
            asm.ldxr(size, old, base);
        }
        asm.cmp(size, old, expected);
        asm.b(Condition.NE, failed);
        if (order.release) {
            asm.stlxr(size, Aarch64CodeEmitter.SCRATCH2, value, base);
        } else {
            asm.stxr(size, Aarch64CodeEmitter.SCRATCH2, value, base);
        }
        asm.cbnz(32, Aarch64CodeEmitter.SCRATCH2, retry);
        asm.bind(failed);
    }

    /** The swap as a 0/1 result ({@code cset}). */
    public static final class CompareAndSwap extends Aarch64Op {
        private final AtomicOrder order;
        private final int size;

        public CompareAndSwap(AtomicUpdate u, AllocatableValue result, AllocatableValue base, AllocatableValue expected, AllocatableValue value) {
            super(values(result), values(base, expected, value), null, null);
            checkDisplacement(u);
            this.order = order(u.ordering());
            this.size = u.bits();
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            swap(e, size, order, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)), reg(get(Mode.USE, 2)));
            e.asm().cset(32, reg(get(Mode.DEF, 0)), Condition.EQ);
        }

        @Override
        public String name() {
            return "cas" + order.suffix + (size == 32 ? "32" : "");
        }
    }

    /** The swap and {@code b.eq}/{@code b.ne} (codegen-core's {@link AtomicOps.CompareAndSwapBranch}). */
    public static final class CompareAndSwapBranch extends AtomicOps.CompareAndSwapBranch<Aarch64CodeEmitter> {
        private final AtomicOrder order;
        private final int size;

        public CompareAndSwapBranch(AtomicUpdate u, boolean onSuccess, AllocatableValue base, AllocatableValue expected, AllocatableValue value,
                        LirBlock trueTarget, LirBlock falseTarget) {
            super(onSuccess, values(base, expected, value), trueTarget, falseTarget);
            checkDisplacement(u);
            this.order = order(u.ordering());
            this.size = u.bits();
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            swap(e, size, order, reg(get(Mode.USE, 0)), reg(get(Mode.USE, 1)), reg(get(Mode.USE, 2)));
            e.branch(onSuccess ? Condition.EQ : Condition.NE, trueTarget, falseTarget);
        }

        @Override
        public String name() {
            return "casbranch" + order.suffix + (size == 32 ? "32" : "") + " " + targets();
        }
    }
}
