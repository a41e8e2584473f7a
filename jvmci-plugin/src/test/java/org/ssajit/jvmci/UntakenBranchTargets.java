package org.ssajit.jvmci;

/**
 * Methods with a branch side that their warm-up never takes, for {@link UntakenBranchTrapsTest}: a
 * plain {@code if}, a value left on the operand stack across the branch, a loop's rare exit with live
 * loop variables, a null test, and a caller of {@link Callee#inlinedSign}, which inlines it. The test
 * JVM's HotSpot inlines none of this class's methods ({@code dontinline} in the surefire argLine): a
 * warm-up lambda compiled with one inlined would run it without profiling it (at tier 2, which a busy
 * C2 queue makes HotSpot choose).
 */
final class UntakenBranchTargets {
    private UntakenBranchTargets() {
    }

    static int sign(int x) {
        if (x < 0) {
            return -3 * x;
        }
        return x + 1;
    }

    /** javac leaves {@code x} on the stack below {@code y} at the branch. */
    static int plusMagnitude(int x, int y) {
        return x + (y > 0 ? y : -y);
    }

    static long sumUntil(int[] a, int stop) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            if (a[i] == stop) {
                s -= 7 * i;
                break;
            }
            s += (long) a[i] * i;
        }
        return s;
    }

    /** {@code x}, on the stack and in a local at the branch, is 7 where the side never seen runs. */
    static int pastSeven(int x) {
        if (x == 7) {
            return x * 100 + 1;
        }
        return x - 1;
    }

    /** A type test's 0 or 1, in a local and on the stack at the branch, is 1 where the side never seen runs. */
    static int stringish(Object o) {
        boolean s = o instanceof String;
        if (s) {
            return s ? 11 : 22;
        }
        return 3;
    }

    static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        return o.getClass().getSimpleName() + o.hashCode() % 7;
    }

    static int signTwice(int x) {
        return 2 * Callee.inlinedSign(x) + 1;
    }

    /** Outside the {@code dontinline} pattern, since ssajit must inline it (it honours HotSpot's directive). */
    static final class Callee {
        private Callee() {
        }

        /** {@link #sign}'s twin, warmed and inlined into {@link #signTwice} only. */
        static int inlinedSign(int x) {
            if (x < 0) {
                return -3 * x;
            }
            return x + 1;
        }
    }
}
