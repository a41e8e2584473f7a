package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.interp.Inputs;
import org.ssajit.interp.IrInterpreter;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * Nothing in construction or the optimizations relies on graph block ids being the bytecode blocks'
 * reverse-postorder numbers (an inliner's blocks would not be): with the blocks created in reverse
 * order, every method builds a verified graph with as many phis and instructions, by the same lookups
 * (the same temporary phis), which computes what the normally numbered one computes on every input. Loops (the unsealed-header lookups depend on
 * which predecessors are forward edges), nested loops, switches, handlers and an irreducible loop.
 */
class BlockNumberingTest {
    static int loops(int n, int m) {
        int s = 0;
        for (int i = 0; i < (n & 63); i++) {
            int j = m & 127;
            while (j > i) {
                s += j-- ^ i;
                if (s > 1000) {
                    break;
                }
            }
        }
        return s;
    }

    static long switches(int k, long l) {
        long r = 0;
        do {
            switch (k & 7) {
                case 0 -> r += l;
                case 1, 2 -> r ^= l << k;
                case 5 -> r -= k;
                default -> r *= 3;
            }
            k >>>= 1;
        } while (k != 0);
        return r;
    }

    static int handlers(int[] a, int i) {
        int r = 0;
        for (int k = 0; k < 3; k++) {
            try {
                r += a[i + k] / (i - k);
            } catch (ArithmeticException e) {
                r += 100;
            } catch (RuntimeException e) {
                r -= 1;
            }
        }
        return r;
    }

    @Test
    void scrambledBlockIdsBuildTheSameGraphs() {
        Class<?> irreducible = ClassGen.irreducibleCountdown("IrreducibleNumbering");
        List<Method> methods = new ArrayList<>();
        for (String n : List.of("loops", "switches", "handlers")) {
            methods.add(Jvmci.declared(BlockNumberingTest.class, n));
        }
        methods.add(Jvmci.declared(irreducible, "f"));
        int runs = 0;
        for (Method m : methods) {
            for (BuildOptions o : List.of(BuildOptions.DEFAULT, BuildOptions.DEFAULT.withOptimize(false), BuildOptions.DEFAULT.withMarkers(false))) {
                GraphBuilder.Result n = GraphBuilder.build(FrontEnd.analyze(Jvmci.method(m)), o, Jvmci.PROVIDERS, false);
                GraphBuilder.Result sc = GraphBuilder.build(FrontEnd.analyze(Jvmci.method(m)), o, Jvmci.PROVIDERS, true);
                Graph normal = n.graph();
                Graph scrambled = sc.graph();
                // The same lookups, the same phis placed and removed: the algorithm saw the same CFG.
                assertEquals(n.stats().toString(), sc.stats().toString(), () -> m + " " + o);
                Verifier.verify(scrambled);
                assertTrue(!idsByBci(normal).equals(idsByBci(scrambled)), () -> "the ids really differ: " + idsByBci(normal) + " " + idsByBci(scrambled));
                assertEquals(normal.phiCount(), scrambled.phiCount(), () -> m + " " + o + "\n" + normal + "\n" + scrambled);
                assertEquals(normal.instructionCount(), scrambled.instructionCount(), () -> m + " " + o);
                for (Object[] args : Inputs.forMethod(m, 11, 60)) {
                    assertEquals(new IrInterpreter(normal, 200_000).run(args.clone()).toString(), new IrInterpreter(scrambled, 200_000).run(args.clone()).toString(), () -> m.toString());
                    runs++;
                }
            }
        }
        assertTrue(runs > 500, "runs: " + runs);
    }

    /** Each block's id by its first bci. */
    private static java.util.Map<Integer, Integer> idsByBci(Graph g) {
        java.util.Map<Integer, Integer> m = new java.util.TreeMap<>();
        for (Block b : g.blocks()) {
            m.put(b.bci(), b.id());
        }
        return m;
    }
}
