package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.backend.SwitchOps;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.Value;

/** tableswitch and lookupswitch. */
public final class Amd64Switches {
    private Amd64Switches() {
    }

    /**
     * A jump table over the keys {@code low .. low + targets.length - 1}: {@code r10 = value - low}
     * (32-bit, so zero-extended), one unsigned compare sends everything outside the table (below
     * {@code low} wraps around) to the default, then {@code jmp} to the table base plus the entry.
     * The table is in the code, after the out-of-line stubs: 4-byte entries relative to the table's
     * start, so nothing needs relocation. {@code base} is a TEMP register.
     */
    public static final class TableSwitch extends SwitchOps.TableSwitch<Amd64CodeEmitter> {
        public TableSwitch(Value value, AllocatableValue base, int low, LirBlock[] targets, LirBlock defaultTarget) {
            super(values(value), values(base), low, targets, defaultTarget);
        }

        @Override
        public int allowed(Mode m, int i) {
            return m == Mode.USE ? REG | STACK : REG;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Amd64Assembler asm = e.asm();
            Value v = get(Mode.USE, 0);
            Register base = reg(get(Mode.TEMP, 0));
            if (isRegister(v)) {
                asm.mov(DWORD, SCRATCH, reg(v));
            } else {
                asm.mov(DWORD, SCRATCH, e.address(v));
            }
            if (low != 0) {
                asm.alu(AluOp.SUB, DWORD, SCRATCH, low);
            }
            asm.alu(AluOp.CMP, DWORD, SCRATCH, targets.length - 1);
            asm.jcc(Condition.A, e.label(defaultTarget));
            Label table = new Label("jump-table");
            asm.lea(QWORD, base, Address.rip(table));
            asm.movsxd(SCRATCH, Address.of(base, SCRATCH, Scale.FOUR, 0));
            asm.alu(AluOp.ADD, QWORD, base, SCRATCH);
            asm.jmp(base);
            Label[] labels = new Label[targets.length];
            for (int i = 0; i < targets.length; i++) {
                labels[i] = e.label(targets[i]);
            }
            e.data(() -> {
                asm.align(4);
                asm.bind(table);
                int start = asm.position();
                for (Label l : labels) {
                    asm.emitInt(l.position() - start);
                }
            });
        }
    }

    /**
     * Sorted keys searched with compare-and-branch: every key in the order of the sequence, or by
     * halves (compare with the middle key: equal goes to its target, less to the lower half).
     */
    public static final class LookupSwitch extends SwitchOps.LookupSwitch<Amd64CodeEmitter> {
        public LookupSwitch(Value value, int[] keys, LirBlock[] targets, LirBlock defaultTarget, int[] sequence) {
            super(value, keys, targets, defaultTarget, sequence);
        }

        @Override
        public int allowed(Mode m, int i) {
            return REG | STACK;
        }

        @Override
        protected void emitCode(Amd64CodeEmitter e) {
            Value v = get(Mode.USE, 0);
            if (sequence != null) {
                for (int k : sequence) {
                    compare(e, v, keys[k]);
                    e.asm().jcc(Condition.E, e.label(targets[k]));
                }
                e.jump(defaultTarget);
            } else {
                search(e, v, 0, keys.length - 1, true);
            }
        }

        /** Emits the search of {@code keys[lo..hi]}; only the {@code last} part may fall through to the next block. */
        private void search(Amd64CodeEmitter e, Value v, int lo, int hi, boolean last) {
            Amd64Assembler asm = e.asm();
            if (hi - lo + 1 <= SEARCH_LEAF) {
                for (int i = lo; i <= hi; i++) {
                    compare(e, v, keys[i]);
                    asm.jcc(Condition.E, e.label(targets[i]));
                }
                if (last) {
                    e.jump(defaultTarget);
                } else {
                    asm.jmp(e.label(defaultTarget));
                }
                return;
            }
            int mid = (lo + hi) >>> 1;
            Label lower = new Label("switch-lower");
            compare(e, v, keys[mid]);
            asm.jcc(Condition.E, e.label(targets[mid]));
            asm.jcc(Condition.L, lower);
            search(e, v, mid + 1, hi, false);
            asm.bind(lower);
            search(e, v, lo, mid - 1, last);
        }

        private static void compare(Amd64CodeEmitter e, Value v, int key) {
            if (isRegister(v)) {
                e.asm().alu(AluOp.CMP, DWORD, reg(v), key);
            } else {
                e.asm().alu(AluOp.CMP, DWORD, e.address(v), key);
            }
        }
    }
}
