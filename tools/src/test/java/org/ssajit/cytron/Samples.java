package org.ssajit.cytron;

import java.util.List;

/** Java methods whose javac bytecode exercises the shapes SSA construction must get right. */
@SuppressWarnings("unused")
final class Samples {
    private int field;
    private final Object lock = new Object();

    static int countedLoop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    static int nestedLoops(int[][] m) {
        int s = 0;
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                if (m[i][j] < 0) {
                    continue;
                }
                s += m[i][j];
            }
        }
        return s;
    }

    static int labeledBreaks(int[][] m, int key) {
        int found = -1;
        outer:
        for (int i = 0; i < m.length; i++) {
            int j = 0;
            while (j < m[i].length) {
                if (m[i][j] == key) {
                    found = i;
                    break outer;
                }
                if (m[i][j] > key) {
                    continue outer;
                }
                j++;
            }
        }
        return found;
    }

    static int doWhile(int x) {
        int steps = 0;
        do {
            x = (x & 1) == 0 ? x / 2 : 3 * x + 1;
            steps++;
        } while (x > 1);
        return steps;
    }

    static int loopCarriedSwap(int n) {
        int a = 0;
        int b = 1;
        for (int i = 0; i < n; i++) {
            int t = a;
            a = b;
            b = t + b;
        }
        return a;
    }

    static int copiesOnly(int x, int n) {
        int y = x;
        int z = y;
        for (int i = 0; i < n; i++) {
            int t = y;
            y = z;
            z = t;
        }
        return y + z;
    }

    static int tableSwitch(int k, int v) {
        int r;
        switch (k) {
            case 0 -> r = v;
            case 1 -> r = v + 1;
            case 2 -> r = v * 2;
            case 3 -> {
                return -v;
            }
            default -> r = 0;
        }
        return r;
    }

    @SuppressWarnings("fallthrough")
    static int lookupSwitchFallThrough(int k) {
        int r = 1;
        switch (k) {
            case 10:
                r += 1;
            case 1000:
                r *= 3;
                break;
            case 100000:
                r = 7;
            default:
                r -= 2;
        }
        return r;
    }

    static int stringSwitch(String s) {
        return switch (s) {
            case "a" -> 1;
            case "b", "c" -> 2;
            case "Aa", "BB" -> 3; // equal hash codes
            default -> 0;
        };
    }

    static int tryCatch(int[] a, int i) {
        int r = 1;
        try {
            r = a[i];
            r += a[i + 1];
        } catch (ArrayIndexOutOfBoundsException e) {
            r = -r;
        }
        return r;
    }

    static int tryCatchFinally(int[] a, int i) {
        int r = 0;
        try {
            r = a[i] / a[i + 1];
        } catch (ArithmeticException e) {
            r = -1;
        } catch (RuntimeException e) {
            r = -2;
        } finally {
            r += 10;
        }
        return r;
    }

    static int tryInLoop(List<String> items) {
        int bad = 0;
        int sum = 0;
        for (String s : items) {
            try {
                sum += Integer.parseInt(s);
            } catch (NumberFormatException e) {
                bad++;
            }
        }
        return sum * 31 + bad;
    }

    static int nestedTry(Object o) {
        int state = 0;
        try {
            state = 1;
            try {
                state = o.hashCode();
            } finally {
                state++;
            }
        } catch (NullPointerException e) {
            state = -state;
        }
        return state;
    }

    static int ternariesOnStack(int a, int b, boolean c) {
        return (c ? a : b) + (a > b ? a - b : b - a) * (c && a > 0 ? 2 : 3);
    }

    static String ternaryCall(Object o, boolean f) {
        return String.valueOf(f ? o : "none") + (o == null ? "" : o.toString());
    }

    static long longsAndDoubles(long a, double d, int n) {
        long acc = a;
        double x = d;
        for (int i = 0; i < n; i++) {
            acc = acc * 31 + (long) x;
            x = x > 1e6 ? x / 3 : x * 1.5;
        }
        return acc ^ Double.doubleToLongBits(x);
    }

    static double mixedSlots(boolean f, int n) {
        double r = 0;
        if (f) {
            long l = n;
            r = l * 2;
        } else {
            int i = n;
            float g = i;
            r = g;
        }
        return r;
    }

    synchronized int synchronizedMethod(int x) {
        field += x;
        return field;
    }

    int synchronizedBlocks(int x) {
        int r;
        synchronized (lock) {
            r = field;
            synchronized (this) {
                field = r + x;
            }
            if (x > 0) {
                r++;
            }
        }
        return r;
    }

    static synchronized int staticSynchronizedLoop(int[] a) {
        int m = Integer.MIN_VALUE;
        for (int v : a) {
            m = Math.max(m, v);
        }
        return m;
    }

    static int whileTrueWithReturn(int[] a, int k) {
        int i = 0;
        while (true) {
            if (i >= a.length) {
                return -1;
            }
            if (a[i] == k) {
                return i;
            }
            i++;
        }
    }

    static int deadStoresAndDeadLocals(int x) {
        int unused = x * 2;
        int y = 3;
        if (x > 0) {
            y = 4;
            unused = 5;
        }
        return y;
    }

    static boolean shortCircuit(int a, int b, int c) {
        return (a > 0 && b > 0) || (c > 0 && a != b) || (a == c ? b > c : c > b);
    }

    static int throwsInLoop(int[] a) {
        int i = 0;
        int s = 0;
        while (i < a.length) {
            if (a[i] < 0) {
                throw new IllegalArgumentException("negative at " + i);
            }
            s += a[i++];
        }
        return s;
    }

    static int arrayDup(int[] a, int i) {
        a[i] += a[i++] * 2;
        return a[i]++ + --a[0];
    }

    static long longDup(long[] a, int i) {
        long x = a[i]++;
        long y = a[i] += x;
        return x + y;
    }

    static int lambdaAndIndy(List<Integer> xs, int k) {
        int[] box = {0};
        xs.forEach(v -> box[0] += v * k);
        String s = "k=" + k + ", n=" + xs.size();
        return box[0] + s.length();
    }

    static int manyLocals(int a) {
        int b = a + 1, c = b + 1, d = c + 1, e = d + 1, f = e + 1, g = f + 1, h = g + 1;
        for (int i = 0; i < a; i++) {
            int t = b;
            b = c;
            c = d;
            d = e;
            e = f;
            f = g;
            g = h;
            h = t;
            if ((i & 3) == 0) {
                continue;
            }
            a--;
        }
        return b ^ c ^ d ^ e ^ f ^ g ^ h ^ a;
    }

    static int prunedAway(int a, boolean c) {
        int t;
        if (c) {
            t = a + 1;
            a = t * 2;
        } else {
            t = a - 1;
            a = t * 3;
        }
        return a; // t is dead here: pruned SSA has no phi for it
    }

    static int copyCascade(int x, boolean c1, boolean c2) {
        int y = x;
        if (c1) {
            y = x;
        }
        if (c2) {
            y = x;
        }
        return y;
    }

    static final String[] NAMES = {"countedLoop", "nestedLoops", "labeledBreaks", "doWhile", "loopCarriedSwap", "copiesOnly", "tableSwitch",
                    "lookupSwitchFallThrough", "stringSwitch", "tryCatch", "tryCatchFinally", "tryInLoop", "nestedTry", "ternariesOnStack", "ternaryCall",
                    "longsAndDoubles", "mixedSlots", "synchronizedMethod", "synchronizedBlocks", "staticSynchronizedLoop", "whileTrueWithReturn",
                    "deadStoresAndDeadLocals", "shortCircuit", "throwsInLoop", "arrayDup", "longDup", "lambdaAndIndy", "manyLocals", "prunedAway", "copyCascade"};

    private Samples() {
    }
}
