package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r3;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.aarch64.lir.Aarch64MetadataEncodingTest.INT;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.asm.Aarch64Assembler;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.backend.SwitchOps;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;

/**
 * {@link Aarch64Switches.LookupSwitch} on {@code w3}, read back with objdump and run: the op is
 * emitted in block B0, key {@code i}'s target is block B{@code i+1} and the default the block after
 * the last key's (none of them right after B0), each a {@code brk} at its own address. A small
 * interpreter of what a lookup emits ({@code cmp}/{@code cmn} of {@code w3} with an immediate or
 * {@code w8}, {@code mov}/{@code movk} into {@code w8}, {@code b.cond}, {@code b}) follows the decoded
 * code for a value until it reaches a block's label, and records the keys compared on the way. With a
 * sequence the keys are compared in exactly its order, each {@code b.eq} going to its key's block;
 * without one they are searched by halves, and every key reaches its block and every other value the
 * default. Keys outside {@code cmp}'s 12-bit immediate (shifted by 12 or not) are moved into
 * {@code w8}; small negative ones are compared with {@code cmn}.
 */
class Aarch64SwitchEncodingTest {
    /** A branch and its target's address, as objdump prints them. */
    private static final Pattern BRANCH = Pattern.compile("^(b(?:\\.[a-z]{2})?) 0x([0-9a-f]+)$");
    private static final Pattern CMP = Pattern.compile("^(cmp|cmn) w3, (?:#0x([0-9a-f]+)(, lsl #12)?|(w8))$");
    private static final Pattern MOV = Pattern.compile("^(mov|movz|movn|movk) w8, #0x([0-9a-f]+)(?:, lsl #(16))?$");

    /** A lookup switch emitted in B0 and decoded; {@link #run} follows its code for one value. */
    private static final class Emitted {
        final int[] keys;
        final int start;
        final int end;
        /** Where each block's label is bound: B0 (the op) first. */
        final int[] blocks;
        final Map<Long, String> byAddress = new TreeMap<>();

        Emitted(int[] keys, int[] sequence) throws Exception {
            this.keys = keys;
            LirGraph g = new LirGraph(null, new Aarch64FrameMap());
            List<LirBlock> order = new ArrayList<>();
            for (int i = 0; i <= keys.length + 1; i++) {
                order.add(g.newBlock(null));
            }
            LirBlock[] targets = order.subList(1, keys.length + 1).toArray(LirBlock[]::new);
            LirBlock defaultTarget = order.get(keys.length + 1);
            Aarch64FrameBuilder frame = new Aarch64FrameBuilder(Aarch64MetadataEncodingTest.C, FrameLayout.of(AArch64Kind.QWORD, 0, 0));
            Aarch64CodeEmitter e = new Aarch64CodeEmitter(frame, HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess(), null, order);
            e.bind(order.get(0));
            start = e.position();
            new Aarch64Switches.LookupSwitch(r3.asValue(INT), keys, targets, defaultTarget, sequence).emit(e);
            end = e.position();
            e.asm().brk(0xFFFF); // not a block: control that runs past the op's end is caught
            blocks = new int[order.size()];
            for (int i = 1; i < order.size(); i++) {
                e.bind(order.get(i));
                blocks[i] = e.position();
                e.asm().brk(i);
            }
            e.finishBody();
            for (Objdump.Instruction i : Objdump.decode(e.asm().code(), 0)) {
                byAddress.put(i.address(), i.text());
            }
        }

        int defaultBlock() {
            return keys.length + 1;
        }

        /** The op's instructions, a branch to a block written {@code b.eq B2}. */
        List<String> listing() {
            List<String> out = new ArrayList<>();
            for (long pc = start; pc < end; pc += 4) {
                String t = byAddress.get(pc);
                Matcher m = BRANCH.matcher(t);
                int b = m.matches() ? block(Long.parseLong(m.group(2), 16)) : -1;
                out.add(b >= 0 ? m.group(1) + " B" + b : t);
            }
            return out;
        }

        private int block(long address) {
            for (int i = 1; i < blocks.length; i++) {
                if (blocks[i] == address) {
                    return i;
                }
            }
            return -1;
        }

        /** Where {@code value} goes: the block reached and the keys compared on the way, in order. */
        Run run(int value) {
            List<Integer> compared = new ArrayList<>();
            Integer w8 = null;
            boolean n = false;
            boolean z = false;
            boolean c = false;
            boolean v = false;
            long pc = start;
            for (int steps = 0; steps < 1000; steps++) {
                int b = block(pc);
                if (b >= 0) {
                    return new Run(b, compared);
                }
                if (pc < start || pc >= end) {
                    throw new AssertionError(String.format("value %d: control left the op at 0x%x%n%s", value, pc, String.join("\n", listing())));
                }
                String t = byAddress.get(pc);
                Matcher m;
                pc += 4;
                if ((m = CMP.matcher(t)).matches()) {
                    int operand;
                    if (m.group(4) != null) {
                        assertTrue(w8 != null, () -> "w8 read before it is written: " + t);
                        operand = w8;
                    } else {
                        operand = Integer.parseInt(m.group(2), 16) << (m.group(3) != null ? 12 : 0);
                    }
                    boolean sub = m.group(1).equals("cmp");
                    compared.add(sub ? operand : -operand);
                    // AddWithCarry(w3, sub ? ~operand : operand, sub): the flags as the hardware sets them.
                    long y = (sub ? ~operand : operand) & 0xFFFF_FFFFL;
                    long unsigned = (value & 0xFFFF_FFFFL) + y + (sub ? 1 : 0);
                    long signed = (long) value + (int) y + (sub ? 1 : 0);
                    int result = (int) unsigned;
                    n = result < 0;
                    z = result == 0;
                    c = (unsigned >>> 32) != 0;
                    v = signed != result;
                } else if ((m = MOV.matcher(t)).matches()) {
                    long imm = Long.parseLong(m.group(2), 16);
                    int shift = m.group(3) != null ? 16 : 0;
                    switch (m.group(1)) {
                        case "mov" -> w8 = (int) imm; // objdump prints movz, movn and orr as the value they make
                        case "movz" -> w8 = (int) (imm << shift);
                        case "movn" -> w8 = (int) ~(imm << shift);
                        default -> {
                            assertTrue(w8 != null, () -> "movk before w8 is written: " + t);
                            w8 = (int) (w8 & ~(0xFFFFL << shift) | imm << shift);
                        }
                    }
                } else if ((m = BRANCH.matcher(t)).matches()) {
                    boolean taken = switch (m.group(1)) {
                        case "b" -> true;
                        case "b.eq" -> z;
                        case "b.ne" -> !z;
                        case "b.lt" -> n != v;
                        case "b.ge" -> n == v;
                        case "b.gt" -> !z && n == v;
                        case "b.le" -> z || n != v;
                        default -> throw new AssertionError("a lookup compares signed values: " + t);
                    };
                    if (taken) {
                        pc = Long.parseLong(m.group(2), 16);
                    }
                } else {
                    throw new AssertionError("not part of a lookup: " + t);
                }
            }
            throw new AssertionError("value " + value + " loops");
        }
    }

    private record Run(int block, List<Integer> compared) {
    }

    /** objdump's text of {@code asm.mov(32, w8, value)}. */
    private static List<String> movW8(int value) throws Exception {
        Aarch64Assembler a = new Aarch64Assembler();
        a.mov(32, Aarch64CodeEmitter.SCRATCH1, value & 0xFFFF_FFFFL);
        List<String> out = new ArrayList<>();
        for (Objdump.Instruction i : Objdump.decode(a.code(), 0)) {
            out.add(i.text());
        }
        return out;
    }

    /** Every key, its neighbours and a few other values: each key's block, the default for the rest. */
    private static void assertEveryValueReachesItsBlock(Emitted e) {
        Map<Integer, Integer> blockOf = new HashMap<>();
        for (int i = 0; i < e.keys.length; i++) {
            blockOf.put(e.keys[i], i + 1);
        }
        List<Integer> values = new ArrayList<>(List.of(0, 1, -1, 2, 50, -100_000, 1 << 30, Integer.MIN_VALUE, Integer.MAX_VALUE));
        for (int k : e.keys) {
            values.addAll(List.of(k, k - 1, k + 1, k ^ 0x1000, k ^ 0x10000, k ^ 0x8000_0000));
        }
        int defaults = 0;
        for (int value : values) {
            int want = blockOf.getOrDefault(value, e.defaultBlock());
            defaults += want == e.defaultBlock() ? 1 : 0;
            assertEquals(want, e.run(value).block(), () -> "value " + value + "\n" + String.join("\n", e.listing()));
        }
        assertTrue(defaults > e.keys.length, "the default is tried too");
    }

    /**
     * The keys in the sequence's order (not the keys' order), each a compare and a {@code b.eq} to its
     * block; after the last the jump to the default. A key's value compares the keys before it in the
     * sequence and its own; any other value all of them, in that order.
     */
    @Test
    void aSequenceComparesInItsOrder() throws Exception {
        int[] keys = {Integer.MIN_VALUE, -70_000, -4096, -5, 3, 7, 100, 1000, 0x5000, 70_000, Integer.MAX_VALUE};
        int[] sequence = {6, 3, 9, 0, 7, 4, 2, 10, 8, 1, 5};
        Emitted e = new Emitted(keys, sequence);
        List<String> want = new ArrayList<>();
        want.addAll(List.of("cmp w3, #0x64", "b.eq B7"));
        want.addAll(List.of("cmn w3, #0x5", "b.eq B4"));
        want.addAll(movW8(70_000));
        want.addAll(List.of("cmp w3, w8", "b.eq B10"));
        want.addAll(movW8(Integer.MIN_VALUE));
        want.addAll(List.of("cmp w3, w8", "b.eq B1"));
        want.addAll(List.of("cmp w3, #0x3e8", "b.eq B8"));
        want.addAll(List.of("cmp w3, #0x3", "b.eq B5"));
        want.addAll(List.of("cmn w3, #0x1, lsl #12", "b.eq B3"));
        want.addAll(movW8(Integer.MAX_VALUE));
        want.addAll(List.of("cmp w3, w8", "b.eq B11"));
        want.addAll(List.of("cmp w3, #0x5, lsl #12", "b.eq B9"));
        want.addAll(movW8(-70_000));
        want.addAll(List.of("cmp w3, w8", "b.eq B2"));
        want.addAll(List.of("cmp w3, #0x7", "b.eq B6"));
        want.add("b B12");
        assertEquals(String.join("\n", want), String.join("\n", e.listing()));

        List<Integer> inOrder = Arrays.stream(sequence).map(k -> keys[k]).boxed().toList();
        for (int p = 0; p < sequence.length; p++) {
            Run r = e.run(keys[sequence[p]]);
            assertEquals(sequence[p] + 1, r.block(), "key " + keys[sequence[p]]);
            assertEquals(inOrder.subList(0, p + 1), r.compared(), "key " + keys[sequence[p]]);
        }
        for (int other : new int[] {0, -4, 4, 4095, 4097, 70_001, -69_999, Integer.MIN_VALUE + 1, Integer.MAX_VALUE - 1}) {
            Run r = e.run(other);
            assertEquals(e.defaultBlock(), r.block(), "value " + other);
            assertEquals(inOrder, r.compared(), "value " + other);
        }
        assertEveryValueReachesItsBlock(e);
    }

    /**
     * Without a sequence, more keys than {@value SwitchOps.LookupSwitch#SEARCH_LEAF}: the middle key is
     * compared first and a value compares far fewer keys than there are, yet every key reaches its
     * block and every other value the default, keys that need {@code w8} or {@code cmn} among them.
     */
    @Test
    void aSearchByHalvesFindsEveryKey() throws Exception {
        int[] keys = {Integer.MIN_VALUE, -1_000_000, -70_000, -4097, -4096, -4095, -5, -1, 0, 1, 3, 7, 100, 1000, 4095, 4096, 0x5000, 70_000,
                        0x1234_5678, Integer.MAX_VALUE};
        assertTrue(keys.length > 4 * SwitchOps.LookupSwitch.SEARCH_LEAF);
        Emitted e = new Emitted(keys, null);
        assertEveryValueReachesItsBlock(e);
        for (int value : new int[] {keys[0], keys[keys.length - 1], 2, -2, 5000}) {
            List<Integer> compared = e.run(value).compared();
            assertEquals(keys[keys.length / 2], compared.get(0), "the middle key first");
            assertTrue(compared.size() <= keys.length / 3, () -> "value " + value + " compared " + compared);
        }
        // Every key's b.eq goes to its own block, none twice.
        List<String> eqs = e.listing().stream().filter(t -> t.startsWith("b.eq")).sorted().toList();
        List<String> all = new ArrayList<>();
        for (int i = 1; i <= keys.length; i++) {
            all.add("b.eq B" + i);
        }
        assertEquals(all.stream().sorted().toList(), eqs);
    }
}
