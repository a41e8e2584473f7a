package org.ssajit.backend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Switch;
import org.ssajit.parse.BytecodeParser;
import org.ssajit.testing.Jvmci;
import org.ssajit.testing.Profiles;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * A switch of few keys is compiled as compares in a row, the cases HotSpot's profile counted most
 * first: the parser keeps the profile's shares on the switch, and {@link HotSpotLirGenerator#sequence}
 * orders the keys by them.
 */
class SwitchSequenceTest {
    static int dispatch(int op) {
        switch (op) {
            case 0:
                return 3;
            case 1:
                return 5;
            case 2:
                return 7;
            case 3:
                return 11;
            case 4:
                return 13;
            default:
                return -1;
        }
    }

    /** Case 3 six times in ten, case 1 three times, case 4 once; cases 0 and 2 and the default never. */
    private static int warmOnce(int i) {
        int r = i % 10;
        return dispatch(r < 6 ? 3 : r < 9 ? 1 : 4);
    }

    private static Switch switchOf(Graph g) {
        for (Block b : g.blocks()) {
            if (b.terminator() instanceof Switch s) {
                return s;
            }
        }
        throw new AssertionError("no switch\n" + g);
    }

    @Test
    void theCasesThatRanMostAreComparedFirst() throws InterruptedException {
        ResolvedJavaMethod m = Jvmci.method(SwitchSequenceTest.class, "dispatch");
        int bci = Profiles.firstOf(m, Bytecodes.TABLESWITCH, Bytecodes.LOOKUPSWITCH);
        int[] i = {0};
        Profiles.warmUntil(m, p -> p.getExecutionCount(bci) >= BytecodeParser.UNTAKEN_MIN_COUNT && p.getSwitchProbabilities(bci) != null
                        && p.getSwitchProbabilities(bci)[3] > 0.5, () -> warmOnce(i[0]++), "a switch profile at bci " + bci);
        Switch s = switchOf(Jvmci.graph(SwitchSequenceTest.class, "dispatch"));
        assertTrue(s.profiled(), "the parser keeps the profile");
        assertTrue(s.probability(3) > s.probability(1) && s.probability(1) > s.probability(4) && s.probability(4) > s.probability(0), "shares as run");
        assertTrue(HotSpotLirGenerator.comparesInARow(s), "most runs take a case");
        int[] sequence = HotSpotLirGenerator.sequence(s);
        assertArrayEquals(new int[]{3, 1, 4}, java.util.Arrays.copyOf(sequence, 3), java.util.Arrays.toString(sequence));
        assertArrayEquals(new int[]{0, 2}, java.util.Arrays.copyOfRange(sequence, 3, 5), "the cases that never ran in key order");
    }

    /** {@link #dispatch}'s switch again: a method of its own for a profile of its own. */
    static int mostlyDefault(int op) {
        switch (op) {
            case 0:
                return 3;
            case 1:
                return 5;
            case 2:
                return 7;
            case 3:
                return 11;
            case 4:
                return 13;
            default:
                return -1;
        }
    }

    /** A switch whose runs mostly take the default is a table (or a search), not a row of five compares all run each time. */
    @Test
    void aSwitchMostlyTakingTheDefaultIsNotARow() throws InterruptedException {
        ResolvedJavaMethod m = Jvmci.method(SwitchSequenceTest.class, "mostlyDefault");
        int bci = Profiles.firstOf(m, Bytecodes.TABLESWITCH, Bytecodes.LOOKUPSWITCH);
        int[] i = {0};
        Profiles.warmUntil(m, p -> p.getExecutionCount(bci) >= BytecodeParser.UNTAKEN_MIN_COUNT && p.getSwitchProbabilities(bci) != null
                        && p.getSwitchProbabilities(bci)[5] > 0.6, () -> mostlyDefault(i[0]++ % 10 < 8 ? 9 : 2), "a switch profile at bci " + bci);
        Switch s = switchOf(Jvmci.graph(SwitchSequenceTest.class, "mostlyDefault"));
        assertTrue(s.profiled() && s.probability(s.keyCount()) > 0.5, "the default's share");
        assertFalse(HotSpotLirGenerator.comparesInARow(s));
        Switch hot = switchOf(Jvmci.graph(SwitchSequenceTest.class, "neverRun"));
        assertTrue(HotSpotLirGenerator.comparesInARow(hot), "without a profile: a row");
    }

    static int neverRun(int op) {
        return switch (op) {
            case 7 -> 1;
            case 9 -> 2;
            case 10 -> 3;
            default -> 0;
        };
    }

    @Test
    void withoutAProfileTheKeysGoInOrder() {
        Switch s = switchOf(Jvmci.graph(SwitchSequenceTest.class, "neverRun"));
        assertFalse(s.profiled());
        int[] inOrder = new int[s.keyCount()]; // javac's tableswitch 7..10 (8 to the default)
        java.util.Arrays.setAll(inOrder, k -> k);
        assertArrayEquals(inOrder, HotSpotLirGenerator.sequence(s));
    }
}
