package org.ssajit.interp;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Branches, switches, loops and values that javac leaves on the operand stack across blocks. */
class ControlFlowDiffTest {
    static int branches(int a, int b) {
        int r = 0;
        if (a == 0) r += 1;
        if (a != 0) r += 2;
        if (a < 0) r += 4;
        if (a >= 0) r += 8;
        if (a > 0) r += 16;
        if (a <= 0) r += 32;
        if (a == b) r += 64;
        if (a != b) r += 128;
        if (a < b) r += 256;
        if (a >= b) r += 512;
        if (a > b) r += 1024;
        if (a <= b) r += 2048;
        return r;
    }

    static int refBranches(Object a, Object b) {
        int r = 0;
        if (a == null) r |= 1;
        if (a != null) r |= 2;
        if (a == b) r |= 4;
        if (a != b) r |= 8;
        if (b == null) r |= 16;
        return r;
    }

    static int shortCircuit(int a, int b, int c) {
        if ((a > 0 && b > 0) || (c < 0 && !(a == b))) {
            return a > b || b > c ? 1 : 2;
        }
        return a < 0 && b < 0 && c < 0 ? 3 : 4;
    }

    static int ternaryOnStack(int a, int b, boolean c) {
        // javac keeps the left operand on the stack while evaluating the conditional.
        return a + (c ? b : -b) * (a > b ? 3 : 5) - (c ? (a < 0 ? 1 : 2) : 7);
    }

    static long ternaryLong(long a, double d, boolean c) {
        long x = a * (c ? 2L : -3L) + (d > 0 ? (long) d : a);
        double y = d + (c ? a : 1.5) - (a > 0 ? d * 2 : -d);
        return x + (long) y + (c ? 1 : 0);
    }

    static int callWithTernaries(int a, int b) {
        return Math.max(a > 0 ? a : -a, b > 0 ? b : (a == b ? 0 : b)) + Integer.compare(a < b ? a : b, a ^ b);
    }

    static String nestedTernaryObjects(int a, String s) {
        return (a > 10 ? "big" : a > 0 ? s : a == 0 ? null : "neg") + (s == null ? "!" : s.length() > 2 ? "long" : "short");
    }

    @SuppressWarnings("fallthrough")
    static int tableSwitch(int k) {
        switch (k) {
            case 0: return 10;
            case 1: return 11;
            case 2: k += 100; // fall through
            case 3: return k * 2;
            case 4: break;
            case 5: return -5;
            case 7: return 70;
            default: k = -k;
        }
        return k + 1;
    }

    @SuppressWarnings("fallthrough")
    static int lookupSwitch(int k) {
        int r = 0;
        switch (k) {
            case -1000000: r = 1; break;
            case -1: r = 2; break;
            case 100: r = 3; // fall through
            case 12345: r += 4; break;
            case Integer.MAX_VALUE: r = 5; break;
            case Integer.MIN_VALUE: r = 6; break;
            default: r = k % 7;
        }
        return r;
    }

    static int switchExpression(int k, long l) {
        long v = switch (k & 7) {
            case 0, 1 -> l;
            case 2 -> l * 2;
            case 3 -> {
                long t = l;
                for (int i = 0; i < 3; i++) {
                    t += i;
                }
                yield t;
            }
            case 5 -> -l;
            default -> k;
        };
        return (int) (v ^ (v >>> 32));
    }

    static int stringSwitch(String s) {
        return switch (s == null ? "" : s) {
            case "a" -> 1;
            case "abc" -> 2;
            case "Hello, World" -> 3;
            case "" -> 4;
            default -> s.length();
        };
    }

    enum Color { RED, GREEN, BLUE }

    static int enumSwitch(int i) {
        Color c = Color.values()[Math.floorMod(i, 3)];
        switch (c) {
            case RED: return 1;
            case GREEN: return 2;
            default: return 3;
        }
    }

    static int sumLoop(int n) {
        int s = 0;
        for (int i = 0; i < n && i < 1000; i++) {
            s += i * i;
        }
        return s;
    }

    static int whileDoWhile(int n) {
        int a = 0;
        int i = n & 63;
        while (i > 0) {
            a += i;
            i -= 3;
        }
        do {
            a ^= i;
            i++;
        } while (i < 5);
        return a;
    }

    static int nestedBreakContinue(int n, int m) {
        int r = 0;
        n &= 31;
        m &= 31;
        outer:
        for (int i = 0; i < n; i++) {
            if (i % 5 == 4) {
                continue;
            }
            for (int j = 0; j < m; j++) {
                if (j == i) {
                    continue outer;
                }
                if (i * j > 50) {
                    break outer;
                }
                if ((i + j) % 3 == 0) {
                    continue;
                }
                r += i * 10 + j;
            }
            r -= i;
        }
        return r;
    }

    static int swapInLoop(int a, int b, int n) {
        // Parallel copies at the loop header: the swap problem of SSA destruction.
        for (int i = 0; i < (n & 15); i++) {
            int t = a;
            a = b;
            b = t + i;
        }
        return a * 3 - b;
    }

    static int rotateInLoop(int a, int b, int c, int n) {
        for (int i = 0; i < (n & 15); i++) {
            int t = a;
            a = b;
            b = c;
            c = t;
        }
        return a * 100 + b * 10 + c;
    }

    static long longDoubleLoop(long l, double d, int n) {
        long acc = l;
        double x = d;
        for (int i = 0; i < (n & 31); i++) {
            acc = acc * 31 + (long) x;
            x = x / 2 + i;
            if (x > 1e6) {
                x -= 1e6;
            }
        }
        return acc + Double.doubleToLongBits(x);
    }

    static int earlyReturnLoop(int[] a, int key) {
        if (a == null) {
            return -2;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] == key) {
                return i;
            }
        }
        return -1;
    }

    static int deadLocals(int a) {
        int unused = a * 2;
        int x;
        if (a > 0) {
            x = 1;
        } else {
            x = 2;
            unused = 5;
        }
        return x + (a > 100 ? unused : 0);
    }

    static int collatz(int n) {
        int steps = 0;
        long x = (n & 0xffff) + 1;
        while (x != 1 && steps < 10000) {
            x = (x & 1) == 0 ? x / 2 : 3 * x + 1;
            steps++;
        }
        return steps;
    }

    static int labeledBlocks(int a) {
        int r = 0;
        done:
        {
            if (a > 5) {
                r = 1;
                break done;
            }
            for (int i = 0; i < 3; i++) {
                if (a == i) {
                    r = 10 + i;
                    break done;
                }
            }
            r = -1;
        }
        return r;
    }

    @Test
    void conditionalBranches() {
        Diff.checkAll(ControlFlowDiffTest.class, "branches", "shortCircuit", "deadLocals", "labeledBlocks");
        Object o = new Object();
        List<Object[]> inputs = new ArrayList<>();
        for (Object a : new Object[]{null, o, "x"}) {
            for (Object b : new Object[]{null, o, "y"}) {
                inputs.add(new Object[]{a, b});
            }
        }
        Diff.check(ControlFlowDiffTest.class, "refBranches", inputs);
    }

    @Test
    void stackValuesAcrossBlocks() {
        Diff.checkAll(ControlFlowDiffTest.class, "ternaryOnStack", "ternaryLong", "callWithTernaries", "nestedTernaryObjects");
    }

    @Test
    void switchStatements() {
        List<Object[]> keys = new ArrayList<>();
        for (int k = -3; k <= 10; k++) {
            keys.add(new Object[]{k});
        }
        for (int k : new int[]{-1000000, 100, 12345, Integer.MAX_VALUE, Integer.MIN_VALUE, 99, 101}) {
            keys.add(new Object[]{k});
        }
        Diff.check(ControlFlowDiffTest.class, "tableSwitch", keys);
        Diff.check(ControlFlowDiffTest.class, "lookupSwitch", keys);
        Diff.checkAll(ControlFlowDiffTest.class, "tableSwitch", "lookupSwitch", "switchExpression", "stringSwitch", "enumSwitch");
    }

    @Test
    void loopShapes() {
        Diff.checkAll(ControlFlowDiffTest.class, "sumLoop", "whileDoWhile", "nestedBreakContinue", "swapInLoop", "rotateInLoop", "longDoubleLoop", "earlyReturnLoop",
                        "collatz");
    }
}
