package org.ssajit.jvmci;

/**
 * Methods with a branch side that their warm-up never takes, for {@link UntakenBranchTrapsTest}: a
 * plain {@code if}, a value left on the operand stack across the branch, a loop's rare exit with live
 * loop variables, a null test, and a caller of the first, which inlines it.
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

    static String describe(Object o) {
        if (o == null) {
            return "null";
        }
        return o.getClass().getSimpleName() + o.hashCode() % 7;
    }

    /** {@link #sign}'s twin, warmed and inlined into {@link #signTwice} only. */
    static int inlinedSign(int x) {
        if (x < 0) {
            return -3 * x;
        }
        return x + 1;
    }

    static int signTwice(int x) {
        return 2 * inlinedSign(x) + 1;
    }
}
