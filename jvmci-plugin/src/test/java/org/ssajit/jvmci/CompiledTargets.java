package org.ssajit.jvmci;

import java.util.Arrays;

/**
 * Methods ssajit compiles end to end ({@link CompiledMethodsTest}): every one inside the AMD64 back
 * end's scope (static; arithmetic, conversions, comparisons, branches, switches, loops, primitive field
 * and array access, reference loads). Each is small and named after what it exercises.
 */
@SuppressWarnings("unused")
final class CompiledTargets {
    private CompiledTargets() {
    }

    // int ------------------------------------------------------------------------------------------

    static int iadd(int a, int b) {
        return a + b;
    }

    static int isub(int a, int b) {
        return a - b;
    }

    static int imul(int a, int b) {
        return a * b;
    }

    static int idiv(int a, int b) {
        return a / b;
    }

    static int irem(int a, int b) {
        return a % b;
    }

    static int ineg(int a) {
        return -a;
    }

    static int iand(int a, int b) {
        return a & b;
    }

    static int ior(int a, int b) {
        return a | b;
    }

    static int ixor(int a, int b) {
        return a ^ b;
    }

    static int ishl(int a, int b) {
        return a << b;
    }

    static int ishr(int a, int b) {
        return a >> b;
    }

    static int iushr(int a, int b) {
        return a >>> b;
    }

    /** Immediates of every size, and constants on the left. */
    static int iconsts(int a) {
        int x = (a + 100_000) * 7 - 3;
        x = (x ^ 0x5555) | 0x100;
        x = x & 0xFFFF_FF0F;
        x = 1000 - x;
        x = x * -129 + (a * 128);
        return x - Integer.MIN_VALUE;
    }

    static int idivConsts(int a) {
        return a / 7 + a % 7 + a / -1 + a % -1 + a / Integer.MIN_VALUE + a % 1;
    }

    static int idivByZero(int a) {
        return a / 0;
    }

    static int ishiftConsts(int a) {
        int k32 = 32;
        int k33 = 33;
        int km1 = -1;
        return (a << 3) + (a >> 31) + (a >>> k33) + (a << k32) + (a >> km1) + (a >>> 0);
    }

    // long -----------------------------------------------------------------------------------------

    static long ladd(long a, long b) {
        return a + b;
    }

    static long lsub(long a, long b) {
        return a - b;
    }

    static long lmul(long a, long b) {
        return a * b;
    }

    static long ldiv(long a, long b) {
        return a / b;
    }

    static long lrem(long a, long b) {
        return a % b;
    }

    static long lneg(long a) {
        return -a;
    }

    static long land(long a, long b) {
        return a & b;
    }

    static long lor(long a, long b) {
        return a | b;
    }

    static long lxor(long a, long b) {
        return a ^ b;
    }

    static long lshl(long a, int b) {
        return a << b;
    }

    static long lshr(long a, int b) {
        return a >> b;
    }

    static long lushr(long a, int b) {
        return a >>> b;
    }

    /** 64-bit constants that do and do not fit a sign-extended imm32. */
    static long lconsts(long a) {
        long x = (a + 0x1_2345_6789L) * 3 - 0x7F_FFFF_FFFFL;
        x = x ^ -1L;
        x = x & 0xFFFF_FFFFL;
        x = x | 0x8000_0000_0000_0000L;
        return x * 0x10_0000_0001L + (a * -2) + (a >> 65) + (a << 64) + (a >>> 63);
    }

    static long ldivConsts(long a) {
        return a / 7 + a % -1 + a / -1 + a / Long.MIN_VALUE + a % 0x1_0000_0000L;
    }

    // float, double --------------------------------------------------------------------------------

    static float fadd(float a, float b) {
        return a + b;
    }

    static float fsub(float a, float b) {
        return a - b;
    }

    static float fmul(float a, float b) {
        return a * b;
    }

    static float fdiv(float a, float b) {
        return a / b;
    }

    static float fneg(float a) {
        return -a;
    }

    static double dadd(double a, double b) {
        return a + b;
    }

    static double dsub(double a, double b) {
        return a - b;
    }

    static double dmul(double a, double b) {
        return a * b;
    }

    static double ddiv(double a, double b) {
        return a / b;
    }

    static double dneg(double a) {
        return -a;
    }

    /** Float and double constants: zero (both signs), small and large bit patterns. */
    static double fpConsts(float a, double b) {
        float f = a * 2.5f + 0.0f - -0.0f;
        double d = b * 1e300 + 0.0 - 3.0;
        return f + d * -0.0 + (double) (f / 3.0f);
    }

    // conversions ----------------------------------------------------------------------------------

    static long i2l(int a) {
        return a;
    }

    static float i2f(int a) {
        return a;
    }

    static double i2d(int a) {
        return a;
    }

    static int l2i(long a) {
        return (int) a;
    }

    static float l2f(long a) {
        return a;
    }

    static double l2d(long a) {
        return a;
    }

    static int f2i(float a) {
        return (int) a;
    }

    static long f2l(float a) {
        return (long) a;
    }

    static double f2d(float a) {
        return a;
    }

    static int d2i(double a) {
        return (int) a;
    }

    static long d2l(double a) {
        return (long) a;
    }

    static float d2f(double a) {
        return (float) a;
    }

    static int i2b(int a) {
        return (byte) a;
    }

    static int i2c(int a) {
        return (char) a;
    }

    static int i2s(int a) {
        return (short) a;
    }

    // intrinsics (parse.Intrinsics): results as raw bits where a NaN's payload must survive ------------

    static int floatToRawIntBits(float a) {
        return Float.floatToRawIntBits(a);
    }

    static long doubleToRawLongBits(double a) {
        return Double.doubleToRawLongBits(a);
    }

    static float intBitsToFloat(int a) {
        return Float.intBitsToFloat(a);
    }

    static double longBitsToDouble(long a) {
        return Double.longBitsToDouble(a);
    }

    /** The bits through a float and back, with a multiplication between (so the two are not cancelled). */
    static int floatBitsTimesOne(int a) {
        return Float.floatToRawIntBits(Float.intBitsToFloat(a) * 1.0f);
    }

    static long doubleBitsTimesOne(long a) {
        return Double.doubleToRawLongBits(Double.longBitsToDouble(a) * 1.0);
    }

    /** Bits that are (or are not) a NaN, then compared as floats: the payload decides nothing, the NaN-ness all. */
    static int bitsCompared(int a, long b) {
        float f = Float.intBitsToFloat(a);
        double d = Double.longBitsToDouble(b);
        return (f == f ? 1 : 0) | (d == d ? 2 : 0) | (f < 1.0f ? 4 : 0) | (d > -1.0 ? 8 : 0);
    }

    static int leadingZeros(int a) {
        return Integer.numberOfLeadingZeros(a);
    }

    static int trailingZeros(int a) {
        return Integer.numberOfTrailingZeros(a);
    }

    static int bitCount(int a) {
        return Integer.bitCount(a);
    }

    static int leadingZerosLong(long a) {
        return Long.numberOfLeadingZeros(a);
    }

    static int trailingZerosLong(long a) {
        return Long.numberOfTrailingZeros(a);
    }

    static int bitCountLong(long a) {
        return Long.bitCount(a);
    }

    /** Every bit count of values made from both arguments, their results used together (and each input live after its count). */
    static long bitCountsMixed(int a, long b) {
        int x = a ^ (int) (b >>> 17);
        long y = b + a;
        int r = Integer.numberOfLeadingZeros(x) * 31 + Long.numberOfTrailingZeros(y) * 7 - Integer.bitCount(x) + Long.bitCount(y) * 3
                        + Long.numberOfLeadingZeros(y >>> 3) * 11 + Integer.numberOfTrailingZeros(x | 1 << 20) * 13;
        return r + x + y;
    }

    static int bitCountConsts() {
        return Integer.numberOfLeadingZeros(0) + Integer.numberOfTrailingZeros(0) * 3 + Long.numberOfLeadingZeros(0) * 5 + Long.numberOfTrailingZeros(0) * 7
                        + Integer.bitCount(-1) * 11 + Long.bitCount(-1L) * 13 + Integer.numberOfLeadingZeros(1) * 17 + Long.numberOfTrailingZeros(Long.MIN_VALUE) * 19;
    }

    static long sqrtBits(double a) {
        return Double.doubleToRawLongBits(Math.sqrt(a));
    }

    static long strictSqrtBits(double a) {
        return Double.doubleToRawLongBits(StrictMath.sqrt(a));
    }

    static double sqrtConsts() {
        return Math.sqrt(2.0) + Math.sqrt(0.25) + StrictMath.sqrt(1e300) + Math.sqrt(-0.0);
    }

    static long sqrtNegativeConstBits() {
        return Double.doubleToRawLongBits(Math.sqrt(-4.0));
    }

    static int absFloatBits(float a) {
        return Float.floatToRawIntBits(Math.abs(a));
    }

    static long absDoubleBits(double a) {
        return Double.doubleToRawLongBits(Math.abs(a));
    }

    static double absSum(float a, double b) {
        return Math.abs(a) + Math.abs(b) + StrictMath.abs(b * 2);
    }

    static long floorBits(double a) {
        return Double.doubleToRawLongBits(Math.floor(a));
    }

    static long ceilBits(double a) {
        return Double.doubleToRawLongBits(Math.ceil(a));
    }

    static long rintBits(double a) {
        return Double.doubleToRawLongBits(Math.rint(a));
    }

    static long strictRoundingBits(double a) {
        return Double.doubleToRawLongBits(StrictMath.floor(a)) ^ Double.doubleToRawLongBits(StrictMath.ceil(a)) * 31
                        ^ Double.doubleToRawLongBits(StrictMath.rint(a)) * 961;
    }

    /** Ties, values next to integers and to 2^52, where every double is integral. */
    static double roundingConsts() {
        return Math.floor(-0.5) + Math.ceil(-0.5) * 3 + Math.rint(2.5) * 5 + Math.rint(-3.5) * 7 + Math.floor(0x1p52 + 1) + Math.ceil(0x1.fffffffffffffp51)
                        + Math.rint(0.49999999999999994) * 11 + Math.floor(-Double.MIN_VALUE) * 13 + Math.ceil(1e300);
    }

    static int floorToInt(double a, double b) {
        return (int) Math.floor(a / b) + (int) Math.ceil(a * b);
    }

    /** Many values live across the conversions and roots: some of them spilled. */
    static double sqrtMix(double[] a) {
        if (a == null) {
            return -1;
        }
        double s = 0;
        long bits = 0;
        int ibits = 0;
        for (double x : a) {
            s += Math.sqrt(Math.abs(x)) + Math.sqrt(s);
            bits ^= Double.doubleToRawLongBits(x) + Double.doubleToRawLongBits(s);
            ibits += Float.floatToRawIntBits((float) x);
        }
        return s + Double.longBitsToDouble(bits & 0x000F_FFFF_FFFF_FFFFL) + Float.intBitsToFloat(ibits & 0x007F_FFFF);
    }

    // comparisons and branches ---------------------------------------------------------------------

    static int icmp(int a, int b) {
        int r = 0;
        if (a == b) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a < b) {
            r |= 4;
        }
        if (a >= b) {
            r |= 8;
        }
        if (a > b) {
            r |= 16;
        }
        if (a <= b) {
            r |= 32;
        }
        return r;
    }

    static int icmpConsts(int a) {
        int r = 0;
        if (a == 0) {
            r |= 1;
        }
        if (a < 0) {
            r |= 2;
        }
        if (a > 7) {
            r |= 4;
        }
        if (a <= -1000) {
            r |= 8;
        }
        if (a != Integer.MIN_VALUE) {
            r |= 16;
        }
        if (a >= Integer.MAX_VALUE) {
            r |= 32;
        }
        return r;
    }

    static int lcmp(long a, long b) {
        int r = 0;
        if (a == b) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a < b) {
            r |= 4;
        }
        if (a >= b) {
            r |= 8;
        }
        if (a > b) {
            r |= 16;
        }
        if (a <= b) {
            r |= 32;
        }
        if (a < 0x1_0000_0000L) {
            r |= 64;
        }
        if (a > -1L) {
            r |= 128;
        }
        return r;
    }

    /** javac compiles {@code <} and {@code <=} with fcmpg, {@code >} and {@code >=} with fcmpl: NaN makes each false. */
    static int fcmp(float a, float b) {
        int r = 0;
        if (a == b) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a < b) {
            r |= 4;
        }
        if (a >= b) {
            r |= 8;
        }
        if (a > b) {
            r |= 16;
        }
        if (a <= b) {
            r |= 32;
        }
        if (!(a < b)) {
            r |= 64;
        }
        if (!(a > b)) {
            r |= 128;
        }
        return r;
    }

    static int dcmp(double a, double b) {
        int r = 0;
        if (a == b) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a < b) {
            r |= 4;
        }
        if (a >= b) {
            r |= 8;
        }
        if (a > b) {
            r |= 16;
        }
        if (a <= b) {
            r |= 32;
        }
        if (!(a <= b)) {
            r |= 64;
        }
        if (!(a >= b)) {
            r |= 128;
        }
        return r;
    }

    static int acmp(Object a, Object b) {
        int r = 0;
        if (a == b) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a == null) {
            r |= 4;
        }
        if (b != null) {
            r |= 8;
        }
        return r;
    }

    /** A boolean result from a fused float compare: the phi of constants needs no narrowing. */
    static boolean fless(float a, float b) {
        return a < b;
    }

    /** An oop constant: embedded in the code (a data patch HotSpot relocates). */
    static boolean isHello(Object o) {
        return o == "hello" || o == null;
    }

    static String hello() {
        return "hello";
    }

    /**
     * Values of every kind live across traps that the method itself catches: after the deoptimization
     * the interpreter uses them, so they must have come through the debug info intact.
     */
    static double trapsKeepValues(float f, double d, long l, int[] a, int i) {
        Object o = a;
        double r;
        try {
            r = a[i] / (i - 1);
        } catch (RuntimeException e) {
            r = -1;
        }
        return r + f + d + l + (o == null ? 1 : 0) + i;
    }

    // arguments on the stack -----------------------------------------------------------------------

    /** More int arguments than registers: the last ones come on the caller's stack. */
    static long manyInts(int a, long b, int c, long d, int e, long f, int g, long h) {
        return a + 3 * b + 5 * c + 7 * d + 11 * e + 13 * f + 17 * g + 19 * h;
    }

    /** More float arguments than xmm registers, interleaved with ints. */
    static double manyDoubles(double a, float b, double c, int i, double d, float e, double f, double g, long j, float h, double k, double l) {
        return a + 2 * b + 3 * c + i + 5 * d + 7 * e + 11 * f + 13 * g + j + 17 * h + 19 * k + 23 * l;
    }

    // switches -------------------------------------------------------------------------------------

    static int tableSwitch(int k) {
        switch (k) {
            case -2:
                return 100;
            case -1:
                return 101;
            case 0:
                return 102;
            case 1:
            case 2:
                return 103;
            case 4:
                return 104;
            case 5:
                return 105;
            case 7:
                return 107;
            default:
                return -1;
        }
    }

    static int lookupSwitch(int k) {
        switch (k) {
            case Integer.MIN_VALUE:
                return 1;
            case -1000:
                return 2;
            case -1:
                return 3;
            case 0:
                return 4;
            case 7:
                return 5;
            case 100:
                return 6;
            case 1000:
                return 7;
            case 1 << 20:
                return 8;
            case Integer.MAX_VALUE:
                return 9;
            default:
                return -1;
        }
    }

    static int smallSwitch(int k) {
        switch (k) {
            case 3:
                return 30;
            case 1_000_000:
                return 40;
            default:
                return k;
        }
    }

    // loops ----------------------------------------------------------------------------------------

    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static long dot(long[] a, double[] b) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * (long) b[i];
        }
        return s;
    }

    // Accesses in loops to arrays from before the loop check against a length read before the loop
    // (0 for null): null arrays, short arrays and bad indexes must still throw where the bytecode does.

    static double strided(double[] a, double[] b, int n) {
        double s = 0;
        for (int k = 0; k < n; k++) {
            s += a[k] * b[k * n + 1];
        }
        return s;
    }

    /** A store to one array, then a read of another that may be null or shorter: the store must not repeat. */
    static int copyThenRead(int[] dst, int[] src, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            dst[i] = i * 3 + s;
            s += src[i];
        }
        return s;
    }

    static int fillTo(boolean[] z, int n) {
        int c = 0;
        for (int i = 0; i <= n; i++) {
            z[i] = (i & 1) == 0;
            c++;
        }
        return c;
    }

    // Fill loops (LoopFill: one value into consecutive elements). With the 40-element input arrays
    // the range reaches the machine code's rep stos; with the 4-element ones, the loop does the work;
    // out-of-range bounds store up to the array's end and then throw, as in the interpreter.

    static int fillInts(int[] a, int k, int v) {
        for (int i = k; i < a.length - 2; i++) {
            a[i] = v;
        }
        return k;
    }

    static void fillLongsTo(long[] a, int k, long v) {
        for (int i = k; i <= a.length - 3; i++) {
            a[i] = v;
        }
    }

    static void fillDoubles(double[] a, int k) {
        for (int i = k; i < a.length - 1; i++) {
            a[i] = -0.0;
        }
    }

    static void fillFloats(float[] a, int k, float v) {
        for (int i = k; i < a.length; i++) {
            a[i] = v;
        }
    }

    static void fillBooleansTo(boolean[] z, int n) {
        for (int i = 0; i <= n; i++) {
            z[i] = true;
        }
    }

    static void fillChars(char[] c, int k) {
        for (int i = k; i < c.length; i++) {
            c[i] = '\u8001';
        }
    }

    static void fillShorts(short[] s, int k, int n) {
        for (int i = k; i < n; i++) {
            s[i] = (short) -2;
        }
    }

    static void fillBytesMirrored(byte[] b, int k) {
        for (int i = k; b.length > i; i++) {
            b[i] = 1;
        }
    }

    // Constant-trip loops, unrolled (LoopUnrolling): each copy with its own constant index. An index
    // out of bounds or a null array in any iteration throws there, after the earlier iterations' stores.

    static int ringSum(int[] a, int at) {
        int s = 0;
        for (int d = -1; d <= 1; d++) {
            if (d != 0) {
                s = s * 31 + a[at + d];
            }
        }
        return s;
    }

    static int storeThree(int[] a, int at) {
        for (int i = 0; i < 3; i++) {
            a[at + i] = i * 7 + a.length;
        }
        return a.length;
    }

    static long constantIndexInLoop(long[] a, int n) {
        long s = 0;
        for (int i = 0; i < (n & 255); i++) { // in bounds for every n: at most 255 iterations (the oracle is the interpreter)
            s += a[2] + a[i & 3];
        }
        return s;
    }

    // An index whose register has a zero upper half addresses the element as it is; any other is
    // sign-extended first. Both must reach the element the bytecode names, or throw where it throws.

    /** {@code (int)} of a long whose upper half is not zero: the l2i must clear it, also in the long's own register. */
    static int narrowedIndex(int[] a, long j) {
        return a[(int) j];
    }

    static long narrowedInLoop(long[] a, long start) {
        long s = 0;
        for (long j = start; j - start < 8; j++) {
            s += a[(int) (j & 0xFFFF_FFFF_0000_0003L)] * (j - start + 1);
        }
        return s;
    }

    /** Int elements used only as longs: the load sign-extends them (negative elements included). */
    static long longSum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    /** Indexes read from an array, computed by shifts and arithmetic on a parameter, and a parameter itself. */
    static int computedIndexes(int[] a, int[] idx, int k) {
        int s = a[k >>> 30] + a[(k << 30) >>> 31] + a[k & 3] + a[-(k & 1)] + a[k * 3 & 3];
        for (int i = 0; i < idx.length; i++) {
            s += a[idx[i]];
        }
        return s + a[k];
    }

    /** Constants loaded once before the loop (doubles, -0.0, NaN, floats, a long beyond imm32), also when spilled under pressure. */
    static double constantsInLoop(double[] a, float f, long seed) {
        double s = -0.0;
        float g = f;
        long h = seed;
        for (int i = 0; i < a.length; i++) {
            s = s * 0.5 + a[i] * -2.25 + (a[i] != a[i] ? Double.NaN : -0.0);
            g = g * 1.25f - 3.5f;
            h = (h ^ a.length) * 0x9E37_79B9_7F4A_7C15L + 0x1_0000_0001L;
        }
        return s + g + h + (s * 1e-300 + 7.0) * (g + 0.1f) - (h ^ 0x7FFF_FFFF_FFFFL);
    }

    static int collatz(int n) {
        int steps = 0;
        long x = n;
        while (x > 1 && steps < 1000) {
            x = (x & 1) == 0 ? x / 2 : 3 * x + 1;
            steps++;
        }
        return steps;
    }

    /** A loop over references: aaload, reference field loads, safepoints with oops live. */
    static long walk(Holder[] hs, int rounds) {
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < hs.length; i++) {
                Holder h = hs[i];
                s += h.l + h.i;
                Holder n = h.next;
                if (n != null) {
                    s += n.i;
                }
            }
        }
        return s;
    }

    static volatile int stop;

    /**
     * Spins until {@link #stop} is set; returns the iteration count if {@code 2s == n(n-1)} still
     * holds (mod 2^64), -1 if a deoptimization lost or garbled a value.
     */
    static long spin() {
        long n = 0;
        long s = 0;
        while (stop == 0) {
            s += n;
            n++;
        }
        return s * 2 == n * (n - 1) ? n : -1;
    }

    /** Initialized by the first {@link #readLazy} call, never earlier. */
    static final class Lazy {
        static int x = 41;
    }

    static int readLazy() {
        return Lazy.x + 1;
    }

    // fields ---------------------------------------------------------------------------------------

    static final class Holder {
        int i;
        long l;
        float f;
        double d;
        byte b;
        short s;
        char c;
        boolean z;
        volatile int v;
        Object o;
        String str;
        Holder next;

        static int si;
        static long sl;
        static double sd;
        static boolean sz;
        static byte sb;
        static Object so = "static object";
        static volatile long sv;

        Holder(int x) {
            i = x;
            l = x * 0x1_0000_0001L;
            f = x / 3.0f;
            d = x / 7.0;
            b = (byte) x;
            s = (short) (x * 3);
            c = (char) (x * 5);
            z = (x & 1) != 0;
            v = -x;
            str = "h" + x;
            o = x % 2 == 0 ? str : null;
        }

        // Instance methods (CompiledMethodsTest "Holder.*"): the receiver is the first argument.

        int mix(int x) {
            return i * x + s - c + (z ? 1 : 0);
        }

        void bump(int x) {
            i += x;
            l -= x;
            d *= 1.5;
            z = !z;
            b = (byte) (b + x);
        }

        int divideBy(int x) {
            return i / x + (int) (l % x);
        }

        double scaled(double[] a) {
            double t = d;
            for (int k = 0; k < a.length; k++) {
                t += a[k] * f;
            }
            return t;
        }

        long chain(int n) {
            long t = 0;
            Holder h = this;
            for (int k = 0; k < n && h != null; k++) {
                t += h.l + h.i;
                h = h.next;
            }
            return t;
        }

        static void reset() {
            si = 3;
            sl = 5;
            sd = 0.5;
            sz = false;
            sb = 1;
            sv = 0;
        }

        @Override
        public String toString() {
            return "Holder[" + i + "," + l + "," + f + "," + d + "," + b + "," + s + "," + (int) c + "," + z + "," + v + "," + o + "," + str + "]";
        }
    }

    static double readAll(Holder h) {
        return h.i + h.l + h.f + h.d + h.b + h.s + h.c + (h.z ? 1 : 0) + h.v;
    }

    static void writeAll(Holder h, int x) {
        h.i = x;
        h.l = x * 3L;
        h.f = x;
        h.d = x;
        h.b = (byte) x;
        h.s = (short) x;
        h.c = (char) x;
        h.z = (x & 1) == 0;
        h.v = x;
    }

    static void writeConsts(Holder h) {
        h.i = -7;
        h.l = 0x1_2345_6789L;
        h.f = 1.5f;
        h.d = -0.0;
        h.b = (byte) 0x80;
        h.s = (short) 0x8001;
        h.c = '\uffff';
        h.z = true;
        h.v = 42;
    }

    static Object readRef(Holder h) {
        return h.o;
    }

    static String readString(Holder h) {
        return h.str;
    }

    static boolean readBoolean(Holder h) {
        return h.z;
    }

    static int statics(int x) {
        Holder.si += x;
        Holder.sl = Holder.sl * 31 + x;
        Holder.sd = Holder.sd * 2 - x;
        Holder.sz = !Holder.sz;
        Holder.sb = (byte) (Holder.sb + x);
        Holder.sv = Holder.sv + x;
        return Holder.si + (int) Holder.sl + (int) Holder.sd + (Holder.sz ? 1 : 0) + Holder.sb + (int) Holder.sv;
    }

    static Object staticRef() {
        return Holder.so;
    }

    // arrays ---------------------------------------------------------------------------------------

    static int iaload(int[] a, int i) {
        return a[i];
    }

    static long laload(long[] a, int i) {
        return a[i];
    }

    static float faload(float[] a, int i) {
        return a[i];
    }

    static double daload(double[] a, int i) {
        return a[i];
    }

    static int baload(byte[] a, int i) {
        return a[i];
    }

    static boolean zaload(boolean[] a, int i) {
        return a[i];
    }

    static int caload(char[] a, int i) {
        return a[i];
    }

    static int saload(short[] a, int i) {
        return a[i];
    }

    static Object aaload(Object[] a, int i) {
        return a[i];
    }

    static int arraylength(int[] a) {
        return a.length;
    }

    static void iastore(int[] a, int i, int v) {
        a[i] = v;
    }

    static void lastore(long[] a, int i, int v) {
        a[i] = v * 0x1_0000_0001L;
    }

    static void fastore(float[] a, int i, int v) {
        a[i] = v / 3.0f;
    }

    static void dastore(double[] a, int i, int v) {
        a[i] = v / 3.0;
    }

    static void bastore(byte[] a, int i, int v) {
        a[i] = (byte) v;
    }

    static void zastore(boolean[] a, int i, int v) {
        a[i] = v > 0;
    }

    static void castore(char[] a, int i, int v) {
        a[i] = (char) v;
    }

    static void sastore(short[] a, int i, int v) {
        a[i] = (short) v;
    }

    /** Constant indexes fold into the displacement; the bounds checks still run. */
    static int constIndexes(int[] a) {
        a[1] = a[0] + a[3];
        return a[2];
    }

    static void storeConsts(long[] l, double[] d, byte[] b, char[] c) {
        l[0] = -1L;
        l[1] = 0x1234_5678_9ABCL;
        d[0] = 0.0;
        d[1] = -2.5;
        b[0] = (byte) 200;
        c[0] = (char) -1;
    }

    static String render(Object o) {
        if (o instanceof int[] a) {
            return Arrays.toString(a);
        } else if (o instanceof long[] a) {
            return Arrays.toString(a);
        } else if (o instanceof float[] a) {
            return Arrays.toString(a);
        } else if (o instanceof double[] a) {
            return Arrays.toString(a);
        } else if (o instanceof byte[] a) {
            return Arrays.toString(a);
        } else if (o instanceof boolean[] a) {
            return Arrays.toString(a);
        } else if (o instanceof char[] a) {
            int[] x = new int[a.length];
            for (int i = 0; i < a.length; i++) {
                x[i] = a[i];
            }
            return Arrays.toString(x);
        } else if (o instanceof short[] a) {
            return Arrays.toString(a);
        } else if (o instanceof Object[] a) {
            return Arrays.deepToString(a);
        }
        return String.valueOf(o);
    }
}
