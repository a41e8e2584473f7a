package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The minimality check on bytecode javac never emits: irreducible loops (Braun et al. Fig. 5 and
 * relatives), chains of thousands of blocks, and random control flow.
 */
class GeneratedShapesTest {
    private static final MethodTypeDesc INT_TO_INT = MethodTypeDesc.ofDescriptor("(I)I");

    static ResolvedJavaMethod generate(String name, String descriptor, Consumer<CodeBuilder> code) {
        return Jvmci.method(new ClassGen(name).staticMethod("f", descriptor, code).load(), "f");
    }

    /** Asserts the relations for one method and returns its counts. */
    static PhiComparison.Counts check(ResolvedJavaMethod m) {
        PhiComparison.Counts c = PhiComparison.compare(m);
        assertTrue(c.agrees(), c::report);
        return c;
    }

    /**
     * Braun et al. Fig. 5: a loop with two entries. {@code x} (local 0) is assigned once, before the
     * loop, so minimal SSA has no phi for it; reading it in both loop blocks makes the marker algorithm
     * place a phi in each, each the other's operand: a redundant SCC only Algorithm 5 removes.
     *
     * <pre>
     *   i = 0; if (n == 0) goto C
     * B: i = x + i; if (i >= n) goto EXIT
     * C: i = i - x; i++; if (i < n) goto B
     * EXIT: return x + i
     * </pre>
     */
    static ResolvedJavaMethod figure5() {
        return generate("Figure5", "(II)I", cb -> {
            Label b = cb.newLabel();
            Label c = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iconst_0().istore(2);
            cb.iload(1).ifeq(c);
            cb.labelBinding(b);
            cb.iload(0).iload(2).iadd().istore(2);
            cb.iload(2).iload(1).if_icmpge(exit);
            cb.labelBinding(c);
            cb.iload(2).iload(0).isub().istore(2);
            cb.iinc(2, 1);
            cb.iload(2).iload(1).if_icmplt(b);
            cb.labelBinding(exit);
            cb.iload(0).iload(2).iadd().ireturn();
        });
    }

    @Test
    void figure5SccPassMakesBraunMinimal() {
        PhiComparison.Counts c = check(figure5());
        System.out.println(c.summary());
        assertFalse(c.reducible(), "two entries into one loop");
        assertTrue(c.braunNoScc() > c.braun(), () -> "without Algorithm 5 the redundant phis of x stay: " + c.summary());
        assertEquals(c.cytronAfterCleanup(), c.braun(), c::summary);
        assertEquals(c.cytronPlaced(), c.braun(), () -> "x has one definition: Cytron places no phi for it. " + c.summary());
    }

    /** A two-entry loop whose variables really change in both loop blocks: the phis are all necessary. */
    @Test
    void irreducibleLoopWithLoopCarriedValues() {
        PhiComparison.Counts c = check(generate("IrreducibleCarried", "(II)I", cb -> {
            Label b = cb.newLabel();
            Label c2 = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iconst_0().istore(2);
            cb.iconst_1().istore(3);
            cb.iload(1).ifeq(c2);
            cb.labelBinding(b);
            cb.iload(2).iload(3).iadd().istore(2);
            cb.iload(2).iload(1).if_icmpge(exit);
            cb.labelBinding(c2);
            cb.iload(3).iload(0).imul().istore(3);
            cb.iinc(2, 1);
            cb.iload(2).iload(1).if_icmplt(b);
            cb.labelBinding(exit);
            cb.iload(2).iload(3).iadd().ireturn();
        }));
        assertFalse(c.reducible());
        assertTrue(c.braun() > 0);
    }

    /** A cycle of three blocks, each entered from outside, with the operand stack holding a value across it. */
    @Test
    void threeEntryCycleWithStackValue() {
        PhiComparison.Counts c = check(generate("ThreeEntries", "(II)I", cb -> {
            Label a = cb.newLabel();
            Label b = cb.newLabel();
            Label c3 = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iload(0); // stays on the stack through the whole cycle
            cb.iconst_0().istore(2);
            cb.iload(1).tableswitch(0, 1, c3, List.of(SwitchCase.of(0, a), SwitchCase.of(1, b)));
            cb.labelBinding(a);
            cb.iinc(2, 1);
            cb.iload(2).iload(1).if_icmpge(exit);
            cb.labelBinding(b);
            cb.iload(2).iload(0).iadd().istore(2);
            cb.labelBinding(c3);
            cb.iload(2).invokestatic(ConstantDescs.CD_Integer, "bitCount", INT_TO_INT).istore(2);
            cb.iload(2).iload(1).if_icmplt(a);
            cb.labelBinding(exit);
            cb.iload(2).iadd().ireturn();
        }));
        assertFalse(c.reducible());
    }

    /** An irreducible loop inside a try range: the handler merges locals from every trapping block of it. */
    @Test
    void irreducibleLoopInTryRange() {
        PhiComparison.Counts c = check(generate("IrreducibleTry", "(II)I", cb -> {
            Label start = cb.newLabel();
            Label b = cb.newLabel();
            Label c2 = cb.newLabel();
            Label end = cb.newLabel();
            Label exit = cb.newLabel();
            Label handler = cb.newLabel();
            cb.iconst_0().istore(2);
            cb.labelBinding(start);
            cb.iload(1).ifeq(c2);
            cb.labelBinding(b);
            cb.iload(2).invokestatic(ConstantDescs.CD_Integer, "bitCount", INT_TO_INT).iload(0).iadd().istore(2);
            cb.iload(2).iload(1).if_icmpge(exit);
            cb.labelBinding(c2);
            cb.iinc(2, 3);
            cb.iload(2).iload(0).invokestatic(ConstantDescs.CD_Integer, "rotateLeft", MethodTypeDesc.ofDescriptor("(II)I")).istore(2);
            cb.iload(2).iload(1).if_icmplt(b);
            cb.labelBinding(end);
            cb.goto_(exit);
            cb.labelBinding(handler);
            cb.pop();
            cb.iload(2).ineg().ireturn();
            cb.labelBinding(exit);
            cb.iload(2).ireturn();
            cb.exceptionCatchAll(start, end, handler);
        }));
        assertFalse(c.reducible());
    }

    /**
     * 9,000 if-diamonds in a row: 18,000 blocks, a dominator tree 9,000 deep and a phi at every join.
     * Neither builder may recurse over blocks.
     */
    @Test
    void longChainOfDiamonds() {
        int n = 9000;
        PhiComparison.Counts c = check(generate("Diamonds", "(I)I", cb -> {
            cb.iconst_0().istore(1);
            for (int k = 0; k < n; k++) {
                Label join = cb.newLabel();
                cb.iload(0).ifeq(join);
                cb.iinc(1, 1);
                cb.labelBinding(join);
            }
            cb.iload(1).ireturn();
        }));
        assertTrue(c.blocks() >= 2 * n, () -> c.blocks() + " blocks");
        assertEquals(n, c.braun(), c::summary);
    }

    /** 20,000 blocks joined by gotos, each the next one's only predecessor: the deepest possible tree. */
    @Test
    void longChainOfGotos() {
        int n = 20000;
        PhiComparison.Counts c = check(generate("Gotos", "(I)I", cb -> {
            Label loop = cb.newLabel();
            cb.labelBinding(loop);
            for (int k = 0; k < n; k++) {
                Label next = cb.newLabel();
                cb.goto_(next);
                cb.labelBinding(next);
            }
            cb.iinc(0, -1);
            cb.iload(0).ifgt(loop);
            cb.iload(0).ireturn();
        }));
        assertTrue(c.blocks() >= n, () -> c.blocks() + " blocks");
        assertEquals(1, c.braun(), c::summary);
    }

    /**
     * Random control flow over int locals: conditional and unconditional jumps to random blocks (so
     * loops with several entries are common), switches, copies, arithmetic, calls (frame states) and a
     * catch-all handler over a random range. For a longer run:
     * {@code -Dssajit.cytron.seeds=6000 -Dssajit.cytron.maxBlocks=40}.
     */
    @Test
    void randomControlFlow() {
        int seeds = Integer.getInteger("ssajit.cytron.seeds", 400);
        PhiComparison.Tally tally = new PhiComparison.Tally();
        List<String> failures = new ArrayList<>();
        for (long seed = 1; seed <= seeds; seed++) {
            ResolvedJavaMethod m = generate("Random" + seed, "(I)I", randomProgram(seed));
            PhiComparison.Counts c = PhiComparison.compare(m);
            tally.add(c);
            if (!c.agrees()) {
                failures.add("seed " + seed + ": " + c.report());
            }
        }
        System.out.println("random control flow: " + tally);
        assertTrue(failures.isEmpty(), () -> failures.stream().collect(Collectors.joining("\n")));
        assertTrue(tally.irreducible > seeds / 10, () -> "too few irreducible programs: " + tally);
        assertTrue(tally.reducible > seeds / 10, () -> "too few reducible programs: " + tally);
    }

    static Consumer<CodeBuilder> randomProgram(long seed) {
        return cb -> {
            Random r = new Random(seed);
            int blocks = 3 + r.nextInt(Integer.getInteger("ssajit.cytron.maxBlocks", 12));
            int locals = 2 + r.nextInt(4); // locals 1..locals, local 0 is the parameter
            Label[] label = new Label[blocks];
            for (int b = 0; b < blocks; b++) {
                label[b] = cb.newLabel();
            }
            boolean withHandler = r.nextBoolean();
            for (int v = 1; v <= locals; v++) {
                cb.iload(0).loadConstant(v).iadd().istore(v);
            }
            for (int b = 0; b < blocks; b++) {
                cb.labelBinding(label[b]);
                if (withHandler) {
                    cb.nop(); // an exception range must not be empty
                }
                for (int s = r.nextInt(4); s > 0; s--) {
                    int x = r.nextInt(locals + 1);
                    int y = r.nextInt(locals + 1);
                    int to = 1 + r.nextInt(locals);
                    switch (r.nextInt(4)) {
                        case 0 -> cb.iload(x).istore(to); // a copy: no new value
                        case 1 -> cb.iload(x).iload(y).iadd().istore(to);
                        case 2 -> cb.iinc(to, 1);
                        default -> cb.iload(x).invokestatic(ConstantDescs.CD_Integer, "bitCount", INT_TO_INT).istore(to);
                    }
                }
                boolean last = b == blocks - 1;
                int t = r.nextInt(10);
                int x = r.nextInt(locals + 1);
                if (t < 3 && !last) {
                    cb.iload(x).ifeq(label[r.nextInt(blocks)]);
                } else if (t < 5) {
                    cb.goto_(label[r.nextInt(blocks)]);
                } else if (t < 6) {
                    cb.iload(x).tableswitch(0, 1, label[r.nextInt(blocks)],
                                    List.of(SwitchCase.of(0, label[r.nextInt(blocks)]), SwitchCase.of(1, label[r.nextInt(blocks)])));
                } else if (t < 8 && !last) {
                    // falls through into the next block
                } else {
                    cb.iload(x).ireturn();
                }
            }
            if (withHandler) {
                int from = r.nextInt(blocks);
                int to = from + 1 + r.nextInt(blocks - from);
                Label end = to < blocks ? label[to] : cb.newLabel();
                if (to == blocks) {
                    cb.labelBinding(end);
                }
                Label handler = cb.newLabel();
                cb.labelBinding(handler);
                cb.pop();
                cb.iinc(1 + r.nextInt(locals), 7);
                cb.goto_(label[r.nextInt(blocks)]);
                cb.exceptionCatchAll(label[from], end, handler);
            }
        };
    }
}
