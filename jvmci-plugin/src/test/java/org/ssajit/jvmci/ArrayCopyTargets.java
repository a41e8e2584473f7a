package org.ssajit.jvmci;

/**
 * Callers of {@code System.arraycopy}, compiled by {@link CompiledArrayCopyTest}: every element kind
 * whose arrays' stamps give it (the VM's copy stub behind inline checks, the call where one fails),
 * overlapping ranges in one array, reference arrays of one class and of different classes, a
 * destination that is exactly {@code Object[]}, values live across the stub call, copies in a loop,
 * and arrays of unknown kind (a call).
 */
final class ArrayCopyTargets {
    private ArrayCopyTargets() {
    }

    static void booleans(boolean[] a, int ap, boolean[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void bytes(byte[] a, int ap, byte[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void chars(char[] a, int ap, char[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void shorts(short[] a, int ap, short[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void ints(int[] a, int ap, int[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void floats(float[] a, int ap, float[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void longs(long[] a, int ap, long[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    static void doubles(double[] a, int ap, double[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    /** References: the stub where both arrays have one class, else the call (a store check per element). */
    static void objects(Object[] a, int ap, Object[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    /** Arrays of a final element class: the stamps say one class exactly, no class comparison. */
    static void strings(String[] a, int ap, String[] b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }

    /** Within one array: the ranges overlap in either direction. */
    static void within(int[] a, int from, int to, int n) {
        System.arraycopy(a, from, a, to, n);
    }

    static void withinObjects(Object[] a, int from, int to, int n) {
        System.arraycopy(a, from, a, to, n);
    }

    /** Into a new {@code Object[]}: any reference array's elements fit, no class comparison. */
    static Object[] intoNewObjects(Object[] a, int from, int n) {
        Object[] b = new Object[n < 0 ? 0 : n];
        System.arraycopy(a, from, b, 0, n);
        return b;
    }

    /** Values in registers before the stub call, used after it (the call clobbers every register). */
    static long valuesAcross(long x, double d, int[] a, int[] b, int n, float f) {
        int before = b.length;
        System.arraycopy(a, 0, b, 0, n);
        return x * 31 + (long) (d * 7) + before + b[0] + (long) f + n;
    }

    /** A copy per iteration: a sliding window summed. */
    static long window(long[] a, int width) {
        long[] w = new long[width];
        long sum = 0;
        for (int k = 0; k + width <= a.length; k++) {
            System.arraycopy(a, k, w, 0, width);
            for (long v : w) {
                sum = sum * 3 + v;
            }
        }
        return sum;
    }

    /** A cell with an id, for {@link #churn}. */
    static final class Cell {
        final long id;

        Cell(long id) {
            this.id = id;
        }
    }

    /** The cells {@code 0 .. n - 1}. */
    static Cell[] cells(int n) {
        Cell[] c = new Cell[n];
        for (int k = 0; k < n; k++) {
            c[k] = new Cell(k);
        }
        return c;
    }

    /**
     * Reference copies a collector must see: each round rotates {@code cells} by one (an overlapping
     * copy within the array: every slot overwritten, which G1's snapshot-at-the-beginning barrier must
     * record while marking runs) and replaces eight cells by new ones with the same ids, copied in from
     * a young array (an old array then holds young cells: the stub's card marking must record it), and
     * eight more from a young Object[] (the store-checking stub, each element checked).
     * Returns the sum of the ids, the same after every round: a cell lost by a missing barrier is freed
     * and its memory reused.
     */
    static long churn(Cell[] cells, int rounds) {
        int n = cells.length;
        for (int r = 0; r < rounds; r++) {
            Cell first = cells[0];
            System.arraycopy(cells, 1, cells, 0, n - 1);
            cells[n - 1] = first;
            int at = (r * 37) % (n - 8);
            Cell[] young = new Cell[8];
            for (int k = 0; k < young.length; k++) {
                young[k] = new Cell(cells[at + k].id);
            }
            System.arraycopy(young, 0, cells, at, young.length);
            // The same from an Object[]: the store-checking stub, whose card marking must record it too.
            int other = (at + n / 2) % (n - 8);
            Object[] checked = new Object[8];
            for (int k = 0; k < checked.length; k++) {
                checked[k] = new Cell(cells[other + k].id);
            }
            System.arraycopy(checked, 0, cells, other, checked.length);
        }
        long sum = 0;
        for (Cell c : cells) {
            sum += c.id;
        }
        return sum;
    }

    /**
     * In a try range: the handlers catch what the call throws (a null array is not caught), and a
     * value set before the range reaches them.
     */
    static int caught(Object[] a, int ap, Object[] b, int bp, int n) {
        int before = ap * 3 + bp;
        try {
            System.arraycopy(a, ap, b, bp, n);
            return 0;
        } catch (ArrayStoreException e) {
            return before + 1000;
        } catch (IndexOutOfBoundsException e) {
            return before + 2000;
        }
    }

    /** The same with int arrays: only the bounds' exceptions. */
    static int caughtInts(int[] a, int ap, int[] b, int bp, int n) {
        int before = ap * 3 + bp;
        try {
            System.arraycopy(a, ap, b, bp, n);
            return 0;
        } catch (IndexOutOfBoundsException e) {
            return before + 2000;
        }
    }

    /** Arrays of a kind no stamp says: the call, which throws ArrayStoreException for mismatched kinds. */
    static void unknown(Object a, int ap, Object b, int bp, int n) {
        System.arraycopy(a, ap, b, bp, n);
    }
}
