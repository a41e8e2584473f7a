package org.ssajit.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * Use lists under random edits of phis (append, set, remove an operand, which shifts the later ones,
 * delete) and replace-all-uses, with values used in several slots of one node: after every edit, each
 * value's users are, as a multiset, exactly the (node, slot) pairs whose input it is, and every input
 * finds its own entry at the position it records.
 */
class UseListsTest {
    static int subject(int a) {
        return a;
    }

    @Test
    void editsKeepUseListsExact() {
        Random random = new Random(20261203);
        for (int round = 0; round < 300; round++) {
            Graph g = new Graph(Jvmci.method(UseListsTest.class, "subject"));
            Block b = g.newBlock(0);
            List<Value> values = new ArrayList<>();
            for (int k = 0; k < 4; k++) {
                values.add(g.addParameter(k, JavaKind.Int, false));
            }
            List<Phi> phis = new ArrayList<>();
            for (int step = 0; step < 60; step++) {
                switch (random.nextInt(6)) {
                    case 0 -> {
                        Phi p = b.addPhi(g, JavaKind.Int);
                        phis.add(p);
                        values.add(p);
                    }
                    case 1 -> {
                        if (!phis.isEmpty()) {
                            pick(random, phis).appendOperand(pick(random, values));
                        }
                    }
                    case 2 -> {
                        Phi p = phis.isEmpty() ? null : pick(random, phis);
                        if (p != null && p.operandCount() > 0) {
                            p.setInput(random.nextInt(p.operandCount()), pick(random, values));
                        }
                    }
                    case 3 -> {
                        Phi p = phis.isEmpty() ? null : pick(random, phis);
                        if (p != null && p.operandCount() > 0) {
                            p.removeOperand(random.nextInt(p.operandCount()));
                        }
                    }
                    case 4 -> {
                        Value old = pick(random, values);
                        Value with = pick(random, values);
                        if (old != with) {
                            old.replaceAllUsesWith(with);
                        }
                    }
                    default -> {
                        Phi p = phis.isEmpty() ? null : pick(random, phis);
                        if (p != null && !p.hasUsers()) {
                            b.removePhi(p);
                            phis.remove(p);
                            values.remove(p);
                        }
                    }
                }
                check(values, phis, round + "/" + step);
            }
        }
    }

    private static <T> T pick(Random random, List<T> list) {
        return list.get(random.nextInt(list.size()));
    }

    private static void check(List<Value> values, List<Phi> phis, String where) {
        Map<Value, Map<Node, Integer>> expected = new HashMap<>();
        for (Phi p : phis) {
            for (int k = 0; k < p.inputCount(); k++) {
                expected.computeIfAbsent(p.input(k), v -> new HashMap<>()).merge(p, 1, Integer::sum);
                assertTrue(p.inputUseListed(k), where + ": slot " + k + " of " + p + " not where it records");
            }
        }
        for (Value v : values) {
            Map<Node, Integer> actual = new HashMap<>();
            for (int i = 0; i < v.userCount(); i++) {
                actual.merge(v.user(i), 1, Integer::sum);
            }
            assertEquals(expected.getOrDefault(v, Map.of()), actual, where + ": users of " + v);
        }
    }
}
