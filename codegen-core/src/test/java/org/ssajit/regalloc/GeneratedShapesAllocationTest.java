package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.Harness.check;
import static org.ssajit.regalloc.Harness.config;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.RandomPrograms;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.TestTarget;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

/** Bytecode javac never emits: irreducible loops, long block chains, random programs. */
class GeneratedShapesAllocationTest {
    private static final ClassDesc HELPERS = ClassDesc.of(Helpers.class.getName());
    private static final MethodTypeDesc MIX = MethodTypeDesc.ofDescriptor("(II)I");

    private static Method generate(String name, String descriptor, Consumer<CodeBuilder> code) {
        Class<?> c = new ClassGen(name).staticMethod("f", descriptor, code).load();
        return Jvmci.declared(c, "f");
    }

    /** The graph after one run of {@code m}, so that its call sites are linked (resolved) like in a hot method. */
    private static Graph graph(Method m, Object... warmUp) {
        try {
            m.invoke(null, warmUp);
        } catch (java.lang.reflect.InvocationTargetException e) {
            // Thrown by the method: it ran, which is all that was needed.
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
        return Jvmci.build(Jvmci.method(m), org.ssajit.parse.BuildOptions.DEFAULT).graph();
    }

    /**
     * A loop with two entries (B and C), a call inside and a swap of two locals in one of its blocks:
     * <pre>
     *   i = 0; a = n * 3; b = c + 7; if (c == 0) goto C
     * B: i++; swap(a, b); if (i >= n) goto EXIT
     * C: a = mix(a, i); i += 2; if (i < n) goto B
     * EXIT: return a * 31 + b + i
     * </pre>
     */
    static Method irreducibleWithCallAndSwap() {
        return generate("IrreducibleSwap", "(II)I", cb -> {
            Label b = cb.newLabel();
            Label c = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iconst_0().istore(2);
            cb.iload(0).iconst_3().imul().istore(3);
            cb.iload(1).bipush(7).iadd().istore(4);
            cb.iload(1).ifeq(c);
            cb.labelBinding(b);
            cb.iinc(2, 1);
            cb.iload(3).iload(4).istore(3).istore(4);
            cb.iload(2).iload(0).if_icmpge(exit);
            cb.labelBinding(c);
            cb.iload(3).iload(2).invokestatic(HELPERS, "mix", MIX).istore(3);
            cb.iinc(2, 2);
            cb.iload(2).iload(0).if_icmplt(b);
            cb.labelBinding(exit);
            cb.iload(3).bipush(31).imul().iload(4).iadd().iload(2).iadd().ireturn();
        });
    }

    /** A cycle of three blocks, each entered from a switch, with a value on the operand stack throughout. */
    static Method threeEntryCycle() {
        return generate("ThreeEntries", "(II)I", cb -> {
            Label a = cb.newLabel();
            Label b = cb.newLabel();
            Label c = cb.newLabel();
            Label exit = cb.newLabel();
            cb.iload(0);
            cb.iconst_0().istore(2);
            cb.iload(0).istore(3);
            cb.iload(1).tableswitch(0, 1, c, List.of(SwitchCase.of(0, a), SwitchCase.of(1, b)));
            cb.labelBinding(a);
            cb.iinc(2, 1);
            cb.iload(2).iload(1).if_icmpge(exit);
            cb.labelBinding(b);
            cb.iload(3).iload(2).imul().istore(3);
            cb.labelBinding(c);
            cb.iinc(2, 3);
            cb.iload(2).bipush(40).if_icmplt(a);
            cb.labelBinding(exit);
            cb.iload(2).iadd().iload(3).iadd().ireturn();
        });
    }

    @Test
    void irreducibleLoops() {
        Method m = irreducibleWithCallAndSwap();
        List<Object[]> in = List.of(new Object[]{0, 0}, new Object[]{9, 0}, new Object[]{9, 1}, new Object[]{30, 5});
        for (int ints = 3; ints <= 5; ints++) {
            check(graph(m, 9, 1), config(ints, 3), m, in);
        }
        Method t = threeEntryCycle();
        List<Object[]> in3 = List.of(new Object[]{1, 0}, new Object[]{2, 1}, new Object[]{3, 2}, new Object[]{4, 50});
        for (int ints = 3; ints <= 5; ints++) {
            check(graph(t, 1, 0), config(ints, 3), t, in3);
        }
    }

    /**
     * {@code steps} diamonds in a row over three locals, with a call every 64 steps: about three LIR
     * blocks per step, values live across all of them.
     */
    static Method chain(int steps) {
        return generate("Chain" + steps, "(III)I", cb -> {
            for (int k = 0; k < steps; k++) {
                Label skip = cb.newLabel();
                cb.iload(0).loadConstant(k * 7 + 1).iadd().istore(0);
                cb.iload(0).iload(1).if_icmplt(skip);
                cb.iload(1).iload(2).ixor().istore(1);
                if (k % 64 == 0) {
                    cb.iload(1).iload(0).invokestatic(HELPERS, "mix", MIX).istore(2);
                }
                cb.labelBinding(skip);
            }
            cb.iload(0).iload(1).iadd().iload(2).iadd().ireturn();
        });
    }

    @Test
    void longChainOfBlocksIsLinear() {
        long[] work = new long[2];
        int[] blocks = new int[2];
        for (int i = 0; i < 2; i++) {
            int steps = 600 * (i + 1);
            Method m = chain(steps);
            Harness.Checked c = check(graph(m, 1, 2, 3), config(3, 3), m, List.of(new Object[]{1, 2, 3}, new Object[]{-1000, 5000, 7}));
            AllocationStats s = c.result().stats();
            work[i] = s.totalWork();
            blocks[i] = c.lir().blocks().size();
            assertTrue(blocks[i] > 2 * steps, "a block chain: " + blocks[i]);
            assertTrue(s.livenessBlockVisits() <= 3L * blocks[i], () -> "liveness visits " + s);
            System.out.println("chain of " + blocks[i] + " blocks: " + s);
        }
        double ratio = (double) work[1] / work[0];
        double blockRatio = (double) blocks[1] / blocks[0];
        assertTrue(ratio < 1.3 * blockRatio, () -> "work " + work[0] + " -> " + work[1] + " for blocks " + blocks[0] + " -> " + blocks[1]);
    }

    @Test
    void randomPrograms() {
        int programs = Integer.getInteger("ssajit.test.fuzzPrograms", 60);
        Random r = new Random(42);
        int executions = 0;
        ClassGen cg = new ClassGen("RegallocFuzz");
        for (int k = 0; k < programs; k++) {
            long seed = 0x5eed0000L + k;
            cg.staticMethod("p" + k, RandomPrograms.DESCRIPTOR, b -> RandomPrograms.generate(seed, b));
        }
        Class<?> c = cg.load();
        for (int k = 0; k < programs; k++) {
            Method m = Jvmci.declared(c, "p" + k);
            List<Object[]> in = new ArrayList<>();
            for (int n = 0; n < 4; n++) {
                in.add(new Object[]{r.nextInt(200) - 100, r.nextLong(), r.nextInt(7)});
            }
            in.add(new Object[]{0, 0L, 0});
            Graph g = graph(m, 1, 2L, 3);
            try {
                check(g, config(3, 3), m, in);
                check(g, config(5, 3), m, in);
                check(g, config(4, 3, java.util.Set.of(org.ssajit.lir.TestTarget.INT_REGISTERS.get(3))), m, in);
            } catch (RuntimeException e) {
                throw new AssertionError("program p" + k + "\n" + TestTarget.lower(g), e);
            }
            executions += 3 * in.size();
        }
        assertEquals(programs * 15, executions);
    }

    @Test
    void chainLirHasNoCriticalEdges() {
        LirGraph lir = TestTarget.lower(graph(chain(10), 1, 2, 3));
        lir.blocks().forEach(b -> b.successors().forEach(s -> assertTrue(b.successors().size() == 1 || s.predecessors().size() == 1)));
    }
}
