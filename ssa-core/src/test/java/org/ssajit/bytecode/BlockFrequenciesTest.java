package org.ssajit.bytecode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Block frequencies from branch probabilities given here (not HotSpot's, which depend on what ran):
 * each expected figure is worked out by hand from the method's shape.
 */
class BlockFrequenciesTest {
    private static final double EPS = 1e-9;

    /** A profile that answers the branches it is given, in bci order of the conditional branches; the rest unknown. */
    private static BlockFrequencies.BranchProfile branches(BlockMap map, double... taken) {
        List<Integer> bcis = conditionalBranches(map);
        assertEquals(taken.length, bcis.size(), "conditional branches at " + bcis);
        Map<Integer, Double> p = new HashMap<>();
        for (int i = 0; i < taken.length; i++) {
            p.put(bcis.get(i), taken[i]);
        }
        return new BlockFrequencies.BranchProfile() {
            @Override
            public double taken(int bci) {
                return p.getOrDefault(bci, -1.0);
            }

            @Override
            public double[] switchProbabilities(int bci) {
                return null;
            }
        };
    }

    private static List<Integer> conditionalBranches(BlockMap map) {
        List<Integer> bcis = new ArrayList<>();
        for (BciBlock b : map.blocks()) {
            if (!b.isSynthetic() && Bytecodes.isConditionalBranch(map.code()[b.endBci()] & 0xff)) {
                bcis.add(b.endBci());
            }
        }
        bcis.sort(null);
        return bcis;
    }

    private static BlockMap map(String name) {
        ResolvedJavaMethod m = Jvmci.method(BlockFrequenciesTest.class, name);
        return new BlockMap(m, new Linkage(m));
    }

    /** The frequency of the block holding the {@code nth} instruction (from 0) with {@code opcode}. */
    private static double at(BlockMap map, BlockFrequencies f, int opcode, int nth) {
        BytecodeStream s = new BytecodeStream(map.code());
        int seen = 0;
        for (int bci = 0; bci < map.code().length; bci = s.nextBci()) {
            s.at(bci);
            if (s.opcode() == opcode && seen++ == nth) {
                for (BciBlock b : map.blocks()) {
                    if (!b.isSynthetic() && b.startBci() <= bci && bci <= b.endBci()) {
                        return f.of(b);
                    }
                }
            }
        }
        throw new AssertionError("no " + Bytecodes.nameOf(opcode) + " #" + nth);
    }

    static int diamond(int x) {
        int y;
        if (x > 0) {
            y = x * 3;
        } else {
            y = x - 7;
        }
        return y + 1;
    }

    @Test
    void aBranchSplitsItsBlocksFrequencyAsTheProfileSays() {
        BlockMap map = map("diamond");
        // javac: if (x <= 0) goto else: taken 70 %
        BlockFrequencies f = BlockFrequencies.estimate(map, branches(map, 0.7));
        assertEquals(1, f.of(map.entry()), EPS);
        assertEquals(0.3, at(map, f, Bytecodes.IMUL, 0), EPS);
        assertEquals(0.7, at(map, f, Bytecodes.ISUB, 0), EPS);
        assertEquals(1, at(map, f, Bytecodes.IRETURN, 0), EPS, "the join gets both");
    }

    static int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i * i;
        }
        return s;
    }

    @Test
    void aLoopRunsAsOftenAsItsExitProbabilitySays() {
        BlockMap map = map("loop");
        // the header's test leaves the loop 10 % of the time: 10 runs of the header per entry, 9 of the body
        BlockFrequencies f = BlockFrequencies.estimate(map, branches(map, 0.1));
        assertEquals(9, at(map, f, Bytecodes.IMUL, 0), 1e-6);
        assertEquals(1, at(map, f, Bytecodes.IRETURN, 0), 1e-6, "what leaves the loop is what entered it");
        // a loop the profile never saw leave is capped
        BlockFrequencies never = BlockFrequencies.estimate(map, branches(map, 0.0));
        assertEquals(BlockFrequencies.MAX_LOOP_FREQUENCY, at(map, never, Bytecodes.IMUL, 0), 1e-6);
    }

    static int nested(int n, int m) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                s += i * j;
            }
            s ^= i;
        }
        return s;
    }

    @Test
    void anInnerLoopRunsItsTripsForEachOuterIteration() {
        BlockMap map = map("nested");
        // outer header leaves 50 %: 2 headers, 1 outer body per entry; inner leaves 25 %: 4 headers, 3 bodies per outer body
        BlockFrequencies f = BlockFrequencies.estimate(map, branches(map, 0.5, 0.25));
        assertEquals(3, at(map, f, Bytecodes.IMUL, 0), 1e-6);
        assertEquals(1, at(map, f, Bytecodes.IXOR, 0), 1e-6);
        assertEquals(1, at(map, f, Bytecodes.IRETURN, 0), 1e-6);
    }

    static int checked(int x) {
        if (x < 0) {
            throw new IllegalArgumentException("negative");
        }
        return x * 5;
    }

    @Test
    void withoutAProfileAPathThatOnlyThrowsIsRareAndOtherBranchesEven() {
        BlockMap check = map("checked");
        BlockFrequencies f = BlockFrequencies.estimate(check, BlockFrequencies.NONE);
        assertEquals(1, at(check, f, Bytecodes.IMUL, 0), EPS);
        assertEquals(0, at(check, f, Bytecodes.ATHROW, 0), EPS);
        BlockMap diamond = map("diamond");
        BlockFrequencies even = BlockFrequencies.estimate(diamond, BlockFrequencies.NONE);
        assertEquals(0.5, at(diamond, even, Bytecodes.IMUL, 0), EPS);
        assertEquals(1, at(diamond, even, Bytecodes.IRETURN, 0), EPS);
    }

    static int caught(int x) {
        try {
            return 100 / x;
        } catch (ArithmeticException e) {
            return x * 11;
        }
    }

    @Test
    void handlersGetNothing() {
        BlockMap map = map("caught");
        BlockFrequencies f = BlockFrequencies.estimate(map, BlockFrequencies.NONE);
        assertEquals(1, at(map, f, Bytecodes.IDIV, 0), EPS);
        assertEquals(0, at(map, f, Bytecodes.IMUL, 0), EPS);
    }

    static int switched(int k) {
        switch (k) {
            case 1:
                return k * 3;
            case 2:
                return k * 5;
            case 3:
            case 4:
                return k * 7;
            default:
                return -1;
        }
    }

    @Test
    void aSwitchSplitsByItsCasesAndSharedTargetsAddUp() {
        BlockMap map = map("switched");
        int bci = -1;
        for (BciBlock b : map.blocks()) {
            int op = b.isSynthetic() ? -1 : map.code()[b.endBci()] & 0xff;
            if (op == Bytecodes.TABLESWITCH || op == Bytecodes.LOOKUPSWITCH) {
                bci = b.endBci();
            }
        }
        int switchBci = bci;
        // cases 1, 2, 3, 4, then the default
        double[] byCase = {0.1, 0.2, 0.3, 0.25, 0.15};
        BlockFrequencies f = BlockFrequencies.estimate(map, new BlockFrequencies.BranchProfile() {
            @Override
            public double taken(int at) {
                return -1;
            }

            @Override
            public double[] switchProbabilities(int at) {
                return at == switchBci ? byCase : null;
            }
        });
        assertEquals(0.1, at(map, f, Bytecodes.IMUL, 0), EPS);
        assertEquals(0.2, at(map, f, Bytecodes.IMUL, 1), EPS);
        assertEquals(0.55, at(map, f, Bytecodes.IMUL, 2), EPS);
        BlockFrequencies even = BlockFrequencies.estimate(map, BlockFrequencies.NONE);
        assertEquals(0.2, at(map, even, Bytecodes.IMUL, 0), EPS);
        assertEquals(0.4, at(map, even, Bytecodes.IMUL, 2), EPS);
    }

    @Test
    void irreducibleFlowHasNoFrequencies() {
        ResolvedJavaMethod m = Jvmci.method(ClassGen.irreducibleCountdown("FrequenciesIrreducible"), "f");
        BlockMap map = new BlockMap(m, new Linkage(m));
        assertFalse(map.isReducible());
        BlockFrequencies f = BlockFrequencies.estimate(map, BlockFrequencies.NONE);
        assertFalse(f.known());
        assertTrue(Double.isNaN(f.of(map.entry())));
        assertTrue(BlockFrequencies.estimate(map("loop"), BlockFrequencies.NONE).known());
    }
}
