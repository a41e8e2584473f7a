package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH2;
import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.asm.Address;
import org.ssajit.aarch64.asm.Condition;
import org.ssajit.aarch64.asm.ExtendType;
import org.ssajit.aarch64.asm.Label;
import org.ssajit.backend.SwitchOps;
import org.ssajit.lir.LirBlock;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.AllocatableValue;

/** {@code tableswitch} and {@code lookupswitch}. */
public final class Aarch64Switches {
    private Aarch64Switches() {
    }

    /**
     * A jump table: {@code w8 = v - low}; one unsigned compare sends everything outside the table to
     * the default; {@code adr x9, table; ldrsw x8, [x9, w8, uxtw #2]; add x9, x9, x8; br x9}. The table's
     * entries are 32-bit offsets of the targets from the table, placed in the code after the stubs: no
     * relocation.
     */
    public static final class TableSwitch extends SwitchOps.TableSwitch<Aarch64CodeEmitter> {
        public TableSwitch(AllocatableValue value, int low, LirBlock[] targets, LirBlock defaultTarget) {
            super(values(value), null, low, targets, defaultTarget);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Aarch64Assembler asm = e.asm();
            Register v = reg(get(Mode.USE, 0));
            if (low == 0) {
                asm.mov(32, SCRATCH1, v);
            } else if (Aarch64Compares.isCompareImmediate(32, low)) {
                if (Aarch64Assembler.isArithmeticImmediate(low)) {
                    asm.sub(32, SCRATCH1, v, low);
                } else {
                    asm.add(32, SCRATCH1, v, -(long) low);
                }
            } else {
                asm.mov(32, SCRATCH2, low & 0xFFFF_FFFFL);
                asm.sub(32, SCRATCH1, v, SCRATCH2);
            }
            if (Aarch64Assembler.isArithmeticImmediate(targets.length)) {
                asm.cmp(32, SCRATCH1, targets.length);
            } else {
                asm.mov(32, SCRATCH2, targets.length);
                asm.cmp(32, SCRATCH1, SCRATCH2);
            }
            asm.b(Condition.HS, e.label(defaultTarget));
            Label table = new Label("jump-table");
            asm.adr(SCRATCH2, table);
            asm.ldrs(64, 32, SCRATCH1, Address.indexed(SCRATCH2, SCRATCH1, ExtendType.UXTW, true));
            asm.add(64, SCRATCH2, SCRATCH2, SCRATCH1);
            asm.br(SCRATCH2);
            e.data(() -> {
                asm.align(4);
                asm.bind(table);
                int base = table.position();
                for (LirBlock t : targets) {
                    asm.emitInt(e.label(t).position() - base);
                }
            });
        }
    }

    /**
     * Compares with the sorted keys: every one in the order of the sequence, or searched by halves
     * ({@code b.lt} into the lower half, {@code b.gt} into the upper, {@code b.eq} to the key's target).
     */
    public static final class LookupSwitch extends SwitchOps.LookupSwitch<Aarch64CodeEmitter> {
        public LookupSwitch(AllocatableValue value, int[] keys, LirBlock[] targets, LirBlock defaultTarget, int[] sequence) {
            super(value, keys, targets, defaultTarget, sequence);
        }

        @Override
        protected void emitCode(Aarch64CodeEmitter e) {
            Register v = reg(get(Mode.USE, 0));
            if (sequence != null) {
                for (int k : sequence) {
                    compareKey(e.asm(), v, keys[k]);
                    e.asm().b(Condition.EQ, e.label(targets[k]));
                }
            } else {
                search(e, v, 0, keys.length);
            }
            e.jump(defaultTarget);
        }

        /** Keys [from, to): control falls out of the emitted code for a value none of them matches. */
        private void search(Aarch64CodeEmitter e, Register v, int from, int to) {
            Aarch64Assembler asm = e.asm();
            if (to - from <= SEARCH_LEAF) {
                for (int k = from; k < to; k++) {
                    compareKey(asm, v, keys[k]);
                    asm.b(Condition.EQ, e.label(targets[k]));
                }
                return;
            }
            int mid = (from + to) >>> 1;
            Label lower = new Label("lookup-lower");
            Label upper = new Label("lookup-upper");
            compareKey(asm, v, keys[mid]);
            asm.b(Condition.EQ, e.label(targets[mid]));
            asm.b(Condition.LT, lower);
            asm.b(upper);
            asm.bind(lower);
            search(e, v, from, mid);
            asm.b(e.label(defaultTarget)); // not e.jump: more code of this op follows
            asm.bind(upper);
            search(e, v, mid + 1, to);
        }

        private static void compareKey(Aarch64Assembler asm, Register v, int key) {
            if (Aarch64Compares.isCompareImmediate(32, key)) {
                if (Aarch64Assembler.isArithmeticImmediate(key)) {
                    asm.cmp(32, v, key);
                } else {
                    asm.cmn(32, v, -(long) key);
                }
            } else {
                asm.mov(32, SCRATCH1, key & 0xFFFF_FFFFL);
                asm.cmp(32, v, SCRATCH1);
            }
        }
    }
}
