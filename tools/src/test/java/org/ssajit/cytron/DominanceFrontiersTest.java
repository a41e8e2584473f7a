package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BlockMap;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.Dominators;
import org.ssajit.bytecode.Linkage;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The runner algorithm against the definition (Cytron et al.): {@code Y} is in the dominance frontier
 * of {@code X} iff {@code X} dominates a predecessor of {@code Y} but does not strictly dominate
 * {@code Y}. Also the tree: every non-entry block is a child of its immediate dominator, once.
 */
class DominanceFrontiersTest {
    static void checkAgainstDefinition(ResolvedJavaMethod m) {
        BlockMap map = new BlockMap(m, new Linkage(m));
        List<BciBlock> rpo = map.blocks();
        int n = rpo.size();
        int[] idom = Dominators.compute(rpo);
        DominanceFrontiers df = new DominanceFrontiers(rpo);
        int[] parentSeen = new int[n];
        for (int x = 0; x < n; x++) {
            assertEquals(idom[x], df.idom(x));
            for (int i = df.childBegin(x); i < df.childEnd(x); i++) {
                int c = df.child(i);
                assertEquals(x, idom[c], "child of its immediate dominator");
                parentSeen[c]++;
            }
            List<Integer> expected = new ArrayList<>();
            for (int y = 0; y < n; y++) {
                boolean strictlyDominates = x != y && Dominators.dominates(idom, x, y);
                if (strictlyDominates) {
                    continue;
                }
                for (BciBlock p : rpo.get(y).predecessors()) {
                    if (Dominators.dominates(idom, x, p.id())) {
                        expected.add(y);
                        break;
                    }
                }
            }
            int[] actual = df.frontierOf(x);
            Arrays.sort(actual);
            String where = m.format("%H.%n(%p)") + ": DF(B" + x + ")";
            assertArrayEquals(expected.stream().mapToInt(Integer::intValue).toArray(), actual, where);
        }
        for (int b = 1; b < n; b++) {
            assertEquals(1, parentSeen[b], "B" + b + " is in the tree once");
        }
    }

    @Test
    void jdkMethods() {
        int checked = 0;
        for (Class<?> c : new Class<?>[]{String.class, java.util.HashMap.class, java.util.regex.Pattern.class}) {
            ResolvedJavaType t = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
            t.link();
            for (ResolvedJavaMethod m : t.getAllMethods(true)) {
                if (m.hasBytecodes()) {
                    checkAgainstDefinition(m);
                    checked++;
                }
            }
        }
        assertTrue(checked > 100);
    }

    @Test
    void irreducibleAndRandomMethods() {
        checkAgainstDefinition(GeneratedShapesTest.figure5());
        for (long seed = 1; seed <= 100; seed++) {
            checkAgainstDefinition(GeneratedShapesTest.generate("DfRandom" + seed, "(I)I", GeneratedShapesTest.randomProgram(seed)));
        }
    }
}
