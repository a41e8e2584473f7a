package org.ssajit.interp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Arrays of every element kind and fields of every kind. Stores are checked through the arguments, the
 * receiver and the observed static state after each run, not only through the return value.
 */
class MemoryDiffTest {
    // Arrays ----------------------------------------------------------------------------------------

    static int ints(int[] a, int i) { a[i] = a[i] * 2 + 1; return a[a.length - 1 - i] + a.length; }
    static long longs(long[] a, int i) { a[i] += a[0]; a[i]++; return a[i] - a[a.length - 1]; }
    static float floats(float[] a, int i) { a[i] = -a[i] * 0.5f; return a[i] + a[0]; }
    static double doubles(double[] a, int i) { a[i] /= 3; return a[i] * a[a.length - 1]; }
    static int bytes(byte[] a, int i, int v) { a[i] = (byte) v; a[0] += 100; return a[i] + a[0]; }
    static int booleans(boolean[] a, int i, boolean v) { a[i] = v; a[0] ^= true; return (a[i] ? 1 : 0) + (a[0] ? 2 : 0); }
    static int chars(char[] a, int i, int v) { a[i] = (char) v; a[0]++; return a[i] * 3 + a[0]; }
    static int shorts(short[] a, int i, int v) { a[i] = (short) v; a[0] -= 7; return a[i] + a[0]; }
    static String objects(String[] a, int i, String v) { a[i] = v; return a[0] + "|" + a[i]; }
    static int length(int[] a) { return a.length; }

    static int arrayKinds(int n, int v) {
        int len = n & 7;
        int[] i = new int[len];
        long[] l = new long[len];
        float[] f = new float[len];
        double[] d = new double[len];
        byte[] b = new byte[len];
        boolean[] z = new boolean[len];
        char[] c = new char[len];
        short[] s = new short[len];
        Object[] o = new Object[len];
        int r = 0;
        for (int k = 0; k < len; k++) {
            i[k] = v + k;
            l[k] = (long) v << k;
            f[k] = v / (k + 1f);
            d[k] = v * 1.5 + k;
            b[k] = (byte) (v + k);
            z[k] = ((v >> k) & 1) != 0;
            c[k] = (char) (v * k);
            s[k] = (short) (v - k);
            o[k] = k % 2 == 0 ? null : Integer.valueOf(k);
        }
        for (int k = 0; k < len; k++) {
            r = r * 31 + i[k] + (int) l[k] + (int) f[k] + (int) d[k] + b[k] + (z[k] ? 1 : 0) + c[k] + s[k] + (o[k] == null ? 0 : 1);
        }
        return r;
    }

    static int arrayStoreException(int k) {
        Object[] a = new String[2];
        a[k & 1] = k > 0 ? (Object) "ok" : (Object) Integer.valueOf(k);
        return a.length;
    }

    static int negativeSize(int n) { n %= 100; return new double[n].length + new Object[n >> 1].length; }

    static int multiArrays(int a, int b) {
        int[][] m = new int[a & 7][b & 7];
        long[][][] cube = new long[a & 3][b & 3][2];
        String[][] partial = new String[a & 3][];
        for (int i = 0; i < m.length; i++) {
            for (int j = 0; j < m[i].length; j++) {
                m[i][j] = i * j + a;
            }
        }
        int r = 0;
        for (int[] row : m) {
            for (int x : row) {
                r += x;
            }
        }
        for (long[][] plane : cube) {
            r += plane.length;
            for (long[] row : plane) {
                row[1] = r;
                r += row.length + (int) row[1] % 5;
            }
        }
        return r + partial.length + (partial.length > 0 && partial[0] == null ? 1 : 0);
    }

    static int multiNegative(int a, int b) { return new int[a % 50][b % 50].length; }

    static int cloneAndCopy(int[] a) {
        int[] c = a.clone();
        c[0] = 99;
        int[] d = new int[a.length + 2];
        System.arraycopy(a, 0, d, 1, a.length);
        Arrays.fill(a, 3);
        return c[0] + d[1] + d.length + a.length;
    }

    /** An Object[] into a String[]: the store-checking copy, and the call from the first element that does not fit. */
    static int copyIntoStrings(int k) {
        Object[] src = {"a", "b", null, "d", "e", "f"};
        int at = Math.floorMod(k, 8);
        if (at < src.length) {
            src[at] = at; // an Integer, which a String[] cannot hold
        }
        String[] dest = new String[7];
        System.arraycopy(src, Math.floorMod(k >> 3, 3), dest, 1, 3 + Math.floorMod(k >> 5, 2));
        int h = 0;
        for (String x : dest) {
            h = h * 31 + (x == null ? 0 : x.charAt(0));
        }
        return h;
    }

    static long compoundArray(long[] a, int i) {
        // lastore of a[i]++ and a[i] += ... keep array, index and the old value on the stack (dup2_x2 forms).
        long old = a[i]++;
        a[i] += old << 1;
        return a[i]-- + old;
    }

    static int compoundIntArray(int[] a, int i) {
        int x = a[i]++;
        int y = ++a[i];
        a[i] *= 3;
        return x + y + a[i];
    }

    // Static fields --------------------------------------------------------------------------------

    static int si;
    static long sl;
    static float sf;
    static double sd;
    static byte sb;
    static boolean sz;
    static char sc;
    static short ss;
    static String so;
    static volatile int sv;

    static void resetStatics() {
        si = 1;
        sl = 2;
        sf = 3;
        sd = 4;
        sb = 5;
        sz = true;
        sc = 'c';
        ss = 7;
        so = "s";
        sv = 9;
    }

    static Object staticsSnapshot() {
        return Arrays.asList(si, sl, sf, sd, sb, sz, sc, ss, so, sv);
    }

    static int statics(int v) {
        si += v;
        sl = sl * v - si;
        sf = sf / v;
        sd = -sd * v;
        sb = (byte) (sb + v);
        sz = !sz || v > 0;
        sc += (char) v;
        ss = (short) (ss * v);
        so = so + v;
        sv = sv + si;
        return si + (int) sl + (int) sf + (int) sd + sb + (sz ? 1 : 0) + sc + ss + so.length() + sv;
    }

    static int chainedAssign(int v) {
        int a;
        int b;
        si = a = b = v * 2; // dup
        sl = sl = v; // dup2
        return a + b + si + (int) sl;
    }

    // Instance fields ------------------------------------------------------------------------------

    static class Base {
        int baseField = 10;
        protected long protectedLong = 20;
    }

    interface Constants {
        int K = 42;
        String NAME = "constants";
        List<String> LIST = List.of("a", "b");
    }

    static final class Holder extends Base implements Constants {
        int i = 1;
        long l = 2;
        float f = 3;
        double d = 4;
        byte b = 5;
        boolean z = true;
        char c = 'x';
        short s = 6;
        Object o = "obj";
        volatile long vl = 7;
        Holder next;

        int update(int v) {
            i += v;
            l -= v;
            f *= v;
            d /= v;
            b ^= (byte) v;
            z = v > 0;
            c++;
            s = (short) (s << v);
            o = v % 2 == 0 ? null : (Object) Integer.valueOf(v);
            vl += v;
            baseField -= v;
            protectedLong *= v;
            return i + (int) l + (int) f + (int) d + b + (z ? 1 : 0) + c + s + baseField + (int) protectedLong + K + NAME.length() + LIST.size();
        }

        long counter(int v) {
            // getfield/putfield with the receiver kept on the stack: dup, dup_x1, dup2_x1.
            int before = i++;
            long lb = l++;
            l += i;
            return before + lb + ++i + (l -= v);
        }

        int chase(int depth) {
            Holder h = this;
            for (int k = 0; k < (depth & 7); k++) {
                if (h.next == null) {
                    h.next = new Holder();
                    h.next.i = h.i + k;
                }
                h = h.next;
            }
            return h.i + (depth < 0 ? h.next.i : 0); // NPE for negative depth
        }
    }

    static int fieldOfNull(Holder h, int v) { return h.i + v; }

    /** Store-to-load forwarding must respect aliasing: h2 may be h1, so a store to h2.i forgets h1.i. */
    static long aliasing(int v, boolean same) {
        Holder h1 = new Holder();
        Holder h2 = same ? h1 : new Holder();
        h1.i = v;
        h2.i = v + 1;
        int a = h1.i;
        h1.l = a;
        h2.l += 5;
        h1.b = (byte) (v * 3);
        h1.s = (short) h1.b;
        return a + h1.l + h2.i + h1.b + h1.s + h2.l;
    }

    static class Lazy {
        static int initCount;
        static final long SEED;

        static {
            initCount++;
            SEED = System.nanoTime() == 0 ? 1 : 12345;
        }
    }

    static long staticInit(int v) { return Lazy.SEED + v; }

    // Tests ----------------------------------------------------------------------------------------

    @Test
    void arraysOfEveryKind() {
        Diff.checkAll(MemoryDiffTest.class, "ints", "longs", "floats", "doubles", "bytes", "booleans", "chars", "shorts", "objects", "length");
        Diff.checkAll(MemoryDiffTest.class, "arrayKinds", "arrayStoreException", "negativeSize", "multiArrays", "multiNegative", "cloneAndCopy", "copyIntoStrings", "compoundArray",
                        "compoundIntArray");
    }

    @Test
    void staticFields() {
        Diff.report(Diff.runner(MemoryDiffTest.class, "statics").reset(MemoryDiffTest::resetStatics).observe(MemoryDiffTest::staticsSnapshot)
                        .run(Inputs.forTypes(new Class<?>[]{int.class}, 1, Diff.INPUTS))).assertAgreement();
        Diff.report(Diff.runner(MemoryDiffTest.class, "chainedAssign").reset(MemoryDiffTest::resetStatics).observe(MemoryDiffTest::staticsSnapshot)
                        .run(Inputs.forTypes(new Class<?>[]{int.class}, 2, 100))).assertAgreement();
        Diff.check(MemoryDiffTest.class, "staticInit");
        Diff.check(MemoryDiffTest.class, "aliasing");
    }

    @Test
    void instanceFields() throws Exception {
        List<Object[]> ints = Inputs.forTypes(new Class<?>[]{int.class}, 3, Diff.INPUTS);
        for (String m : new String[]{"update", "counter", "chase"}) {
            Diff.report(DifferentialRunner.of(Holder.class.getDeclaredMethod(m, int.class)).receiver(Holder::new).run(ints)).assertAgreement();
        }
        List<Object[]> withNull = new ArrayList<>();
        withNull.add(new Object[]{null, 1});
        withNull.add(new Object[]{new Holder(), 2});
        Diff.check(MemoryDiffTest.class, "fieldOfNull", withNull);
    }
}
