package org.ssajit.jvmci;

/**
 * The end-to-end corpus: small methods, one concern each, covering every bytecode ssajit compiles in
 * this milestone (arithmetic, conversions and comparisons of every kind, branches, loops, switches,
 * primitive static and instance fields, reference loads, primitive arrays) and the exceptional cases
 * that must deoptimize (division by zero, null, out of bounds). Each method is compiled by ssajit,
 * installed, and compared with HotSpot's interpreter over many inputs. Loop counts taken from
 * parameters are cut with {@code %} (keeping their sign), so that edge inputs such as
 * {@code Integer.MAX_VALUE} stay fast in the interpreter.
 */
@SuppressWarnings("all")
final class EndToEndCorpus {
    private EndToEndCorpus() {
    }

    static int iadd(int x, int y) { return x + y; }

    static int isub(int x, int y) { return x - y; }

    static int imul(int x, int y) { return x * y; }

    static int idiv(int x, int y) { return x / y; }

    static int irem(int x, int y) { return x % y; }

    static int iand(int x, int y) { return x & y; }

    static int ior(int x, int y) { return x | y; }

    static int ixor(int x, int y) { return x ^ y; }

    static int ineg(int x) { return -x; }

    static int ishl(int x, int s) { return x << s; }

    static int ishlConst(int x) { return x << 7; }

    static int ishr(int x, int s) { return x >> s; }

    static int ishrConst(int x) { return x >> 7; }

    static int iushr(int x, int s) { return x >>> s; }

    static int iushrConst(int x) { return x >>> 7; }

    static int irotl(int x) { return (x << 15) | (x >>> 17); }

    static int irotlXorMaskedCount(int x) { return (x >>> -13) ^ (x << 13); }

    static int iNotARotation(int x) { return (x << 15) | (x >>> 18); }

    static int irotlSharedShift(int x) { int a = x << 5; return (a | (x >>> 27)) + a; }

    static int irotlTwoValues(int x, int y) { return (x << 7) | (y >>> 25); }

    static long lrotl(long x) { return (x << 23) | (x >>> 41); }

    static long lrotlMaskedCount(long x) { return (x >>> 3) | (x << -3); }

    static long lNotARotation(long x) { return (x << 32) | (x >>> 31); }

    static int imul3(int x) { return x * 3; }

    static int imul5(int x) { return 5 * x; }

    static int imul9(int x) { return x * 9; }

    static long lmul3(long x) { return x * 3; }

    static long lmul9(long x) { return 9L * x; }

    static int iaddImm0(int x) { return x + 0; }

    static int idivByZeroConst(int x) { int z = 0; return x / z; }

    static int iremByZeroConst(int x) { int z = 0; return x % z; }

    static int imulImm0(int x) { return x * 0; }

    static int iandImm0(int x) { return x & 0; }

    static int icmpImm0(int x) { return x < 0 ? 1 : (x == 0 ? 2 : 3); }

    static int iaddImm1(int x) { return x + 1; }

    static int idivImm1(int x) { return x / 1; }

    static int iremImm1(int x) { return x % 1; }

    static int imulImm1(int x) { return x * 1; }

    static int iandImm1(int x) { return x & 1; }

    static int icmpImm1(int x) { return x < 1 ? 1 : (x == 1 ? 2 : 3); }

    static int iaddImmm1(int x) { return x + -1; }

    static int idivImmm1(int x) { return x / -1; }

    static int iremImmm1(int x) { return x % -1; }

    static int imulImmm1(int x) { return x * -1; }

    static int iandImmm1(int x) { return x & -1; }

    static int icmpImmm1(int x) { return x < -1 ? 1 : (x == -1 ? 2 : 3); }

    static int iaddImm3(int x) { return x + 3; }

    static int idivImm3(int x) { return x / 3; }

    static int iremImm3(int x) { return x % 3; }

    static int imulImm3(int x) { return x * 3; }

    static int iandImm3(int x) { return x & 3; }

    static int icmpImm3(int x) { return x < 3 ? 1 : (x == 3 ? 2 : 3); }

    static int iaddImm1000(int x) { return x + 1000; }

    static int idivImm1000(int x) { return x / 1000; }

    static int iremImm1000(int x) { return x % 1000; }

    static int imulImm1000(int x) { return x * 1000; }

    static int iandImm1000(int x) { return x & 1000; }

    static int icmpImm1000(int x) { return x < 1000 ? 1 : (x == 1000 ? 2 : 3); }

    static int iaddImmm128(int x) { return x + -128; }

    static int idivImmm128(int x) { return x / -128; }

    static int iremImmm128(int x) { return x % -128; }

    static int imulImmm128(int x) { return x * -128; }

    static int iandImmm128(int x) { return x & -128; }

    static int icmpImmm128(int x) { return x < -128 ? 1 : (x == -128 ? 2 : 3); }

    static int iaddImm65536(int x) { return x + 65536; }

    static int idivImm65536(int x) { return x / 65536; }

    static int iremImm65536(int x) { return x % 65536; }

    static int imulImm65536(int x) { return x * 65536; }

    static int iandImm65536(int x) { return x & 65536; }

    static int icmpImm65536(int x) { return x < 65536 ? 1 : (x == 65536 ? 2 : 3); }

    static int iaddImmMIN(int x) { return x + Integer.MIN_VALUE; }

    static int idivImmMIN(int x) { return x / Integer.MIN_VALUE; }

    static int iremImmMIN(int x) { return x % Integer.MIN_VALUE; }

    static int imulImmMIN(int x) { return x * Integer.MIN_VALUE; }

    static int iandImmMIN(int x) { return x & Integer.MIN_VALUE; }

    static int icmpImmMIN(int x) { return x < Integer.MIN_VALUE ? 1 : (x == Integer.MIN_VALUE ? 2 : 3); }

    static int iaddImmMAX(int x) { return x + Integer.MAX_VALUE; }

    static int idivImmMAX(int x) { return x / Integer.MAX_VALUE; }

    static int iremImmMAX(int x) { return x % Integer.MAX_VALUE; }

    static int imulImmMAX(int x) { return x * Integer.MAX_VALUE; }

    static int iandImmMAX(int x) { return x & Integer.MAX_VALUE; }

    static int icmpImmMAX(int x) { return x < Integer.MAX_VALUE ? 1 : (x == Integer.MAX_VALUE ? 2 : 3); }

    static long ladd(long x, long y) { return x + y; }

    static long lsub(long x, long y) { return x - y; }

    static long lmul(long x, long y) { return x * y; }

    static long ldiv(long x, long y) { return x / y; }

    static long lrem(long x, long y) { return x % y; }

    static long land(long x, long y) { return x & y; }

    static long lor(long x, long y) { return x | y; }

    static long lxor(long x, long y) { return x ^ y; }

    static long lneg(long x) { return -x; }

    static long lshl(long x, int s) { return x << s; }

    static long lshlConst(long x) { return x << 45; }

    static long lshr(long x, int s) { return x >> s; }

    static long lshrConst(long x) { return x >> 45; }

    static long lushr(long x, int s) { return x >>> s; }

    static long lushrConst(long x) { return x >>> 45; }

    static long laddImm0(long x) { return x + 0L; }

    static long ldivByZeroConst(long x) { long z = 0; return x / z; }

    static long lremByZeroConst(long x) { long z = 0; return x % z; }

    static long lmulImm0(long x) { return x * 0L; }

    static long landImm0(long x) { return x & 0L; }

    static long lcmpImm0(long x) { return x < 0L ? 1 : (x == 0L ? 2 : 3); }

    static long laddImm1(long x) { return x + 1L; }

    static long ldivImm1(long x) { return x / 1L; }

    static long lremImm1(long x) { return x % 1L; }

    static long lmulImm1(long x) { return x * 1L; }

    static long landImm1(long x) { return x & 1L; }

    static long lcmpImm1(long x) { return x < 1L ? 1 : (x == 1L ? 2 : 3); }

    static long laddImmm1(long x) { return x + -1L; }

    static long ldivImmm1(long x) { return x / -1L; }

    static long lremImmm1(long x) { return x % -1L; }

    static long lmulImmm1(long x) { return x * -1L; }

    static long landImmm1(long x) { return x & -1L; }

    static long lcmpImmm1(long x) { return x < -1L ? 1 : (x == -1L ? 2 : 3); }

    static long laddImm3(long x) { return x + 3L; }

    static long ldivImm3(long x) { return x / 3L; }

    static long lremImm3(long x) { return x % 3L; }

    static long lmulImm3(long x) { return x * 3L; }

    static long landImm3(long x) { return x & 3L; }

    static long lcmpImm3(long x) { return x < 3L ? 1 : (x == 3L ? 2 : 3); }

    static long laddImm1000(long x) { return x + 1000L; }

    static long ldivImm1000(long x) { return x / 1000L; }

    static long lremImm1000(long x) { return x % 1000L; }

    static long lmulImm1000(long x) { return x * 1000L; }

    static long landImm1000(long x) { return x & 1000L; }

    static long lcmpImm1000(long x) { return x < 1000L ? 1 : (x == 1000L ? 2 : 3); }

    static long laddImmm128(long x) { return x + -128L; }

    static long ldivImmm128(long x) { return x / -128L; }

    static long lremImmm128(long x) { return x % -128L; }

    static long lmulImmm128(long x) { return x * -128L; }

    static long landImmm128(long x) { return x & -128L; }

    static long lcmpImmm128(long x) { return x < -128L ? 1 : (x == -128L ? 2 : 3); }

    static long laddImm65536(long x) { return x + 65536L; }

    static long ldivImm65536(long x) { return x / 65536L; }

    static long lremImm65536(long x) { return x % 65536L; }

    static long lmulImm65536(long x) { return x * 65536L; }

    static long landImm65536(long x) { return x & 65536L; }

    static long lcmpImm65536(long x) { return x < 65536L ? 1 : (x == 65536L ? 2 : 3); }

    static long laddImmMIN(long x) { return x + Long.MIN_VALUE; }

    static long ldivImmMIN(long x) { return x / Long.MIN_VALUE; }

    static long lremImmMIN(long x) { return x % Long.MIN_VALUE; }

    static long lmulImmMIN(long x) { return x * Long.MIN_VALUE; }

    static long landImmMIN(long x) { return x & Long.MIN_VALUE; }

    static long lcmpImmMIN(long x) { return x < Long.MIN_VALUE ? 1 : (x == Long.MIN_VALUE ? 2 : 3); }

    static long laddImmMAX(long x) { return x + Long.MAX_VALUE; }

    static long ldivImmMAX(long x) { return x / Long.MAX_VALUE; }

    static long lremImmMAX(long x) { return x % Long.MAX_VALUE; }

    static long lmulImmMAX(long x) { return x * Long.MAX_VALUE; }

    static long landImmMAX(long x) { return x & Long.MAX_VALUE; }

    static long lcmpImmMAX(long x) { return x < Long.MAX_VALUE ? 1 : (x == Long.MAX_VALUE ? 2 : 3); }

    static float fadd(float x, float y) { return x + y; }

    static float fsub(float x, float y) { return x - y; }

    static float fmul(float x, float y) { return x * y; }

    static float fdiv(float x, float y) { return x / y; }

    static float frem(float x, float y) { return x % y; }

    static float fneg(float x) { return -x; }

    static float fmulAdd(float x, float y, float z) { return x * y + z; }

    static float faddConst(float x) { return x + (float) 0.5; }

    static float fnegZeroSum(float x) { return x + -0.0f; }

    static double dadd(double x, double y) { return x + y; }

    static double dsub(double x, double y) { return x - y; }

    static double dmul(double x, double y) { return x * y; }

    static double ddiv(double x, double y) { return x / y; }

    static double drem(double x, double y) { return x % y; }

    static double dneg(double x) { return -x; }

    static double dmulAdd(double x, double y, double z) { return x * y + z; }

    static double daddConst(double x) { return x + (double) 0.5; }

    static double dnegZeroSum(double x) { return x + -0.0; }

    static long i2l(int x) { return (long) x; }

    static float i2f(int x) { return (float) x; }

    static double i2d(int x) { return (double) x; }

    static int l2i(long x) { return (int) x; }

    static float l2f(long x) { return (float) x; }

    static double l2d(long x) { return (double) x; }

    static int f2i(float x) { return (int) x; }

    static long f2l(float x) { return (long) x; }

    static double f2d(float x) { return (double) x; }

    static int d2i(double x) { return (int) x; }

    static long d2l(double x) { return (long) x; }

    static float d2f(double x) { return (float) x; }

    static byte i2b(int x) { return (byte) x; }

    static char i2c(int x) { return (char) x; }

    static short i2s(int x) { return (short) x; }

    static int i2bToInt(int x) { return (byte) x + 1; }

    static int i2cToInt(int x) { return (char) x + 1; }

    static int i2sToInt(int x) { return (short) x + 1; }

    static int ibranchlt(int x, int y) { if (x < y) { return 1; } return 0; }

    static boolean iboollt(int x, int y) { return x < y; }

    static int ibranchle(int x, int y) { if (x <= y) { return 1; } return 0; }

    static boolean iboolle(int x, int y) { return x <= y; }

    static int ibranchgt(int x, int y) { if (x > y) { return 1; } return 0; }

    static boolean iboolgt(int x, int y) { return x > y; }

    static int ibranchge(int x, int y) { if (x >= y) { return 1; } return 0; }

    static boolean iboolge(int x, int y) { return x >= y; }

    static int ibrancheq(int x, int y) { if (x == y) { return 1; } return 0; }

    static boolean ibooleq(int x, int y) { return x == y; }

    static int ibranchne(int x, int y) { if (x != y) { return 1; } return 0; }

    static boolean iboolne(int x, int y) { return x != y; }

    static int lbranchlt(long x, long y) { if (x < y) { return 1; } return 0; }

    static boolean lboollt(long x, long y) { return x < y; }

    static int lbranchle(long x, long y) { if (x <= y) { return 1; } return 0; }

    static boolean lboolle(long x, long y) { return x <= y; }

    static int lbranchgt(long x, long y) { if (x > y) { return 1; } return 0; }

    static boolean lboolgt(long x, long y) { return x > y; }

    static int lbranchge(long x, long y) { if (x >= y) { return 1; } return 0; }

    static boolean lboolge(long x, long y) { return x >= y; }

    static int lbrancheq(long x, long y) { if (x == y) { return 1; } return 0; }

    static boolean lbooleq(long x, long y) { return x == y; }

    static int lbranchne(long x, long y) { if (x != y) { return 1; } return 0; }

    static boolean lboolne(long x, long y) { return x != y; }

    static int fbranchlt(float x, float y) { if (x < y) { return 1; } return 0; }

    static boolean fboollt(float x, float y) { return x < y; }

    static int fbranchle(float x, float y) { if (x <= y) { return 1; } return 0; }

    static boolean fboolle(float x, float y) { return x <= y; }

    static int fbranchgt(float x, float y) { if (x > y) { return 1; } return 0; }

    static boolean fboolgt(float x, float y) { return x > y; }

    static int fbranchge(float x, float y) { if (x >= y) { return 1; } return 0; }

    static boolean fboolge(float x, float y) { return x >= y; }

    static int fbrancheq(float x, float y) { if (x == y) { return 1; } return 0; }

    static boolean fbooleq(float x, float y) { return x == y; }

    static int fbranchne(float x, float y) { if (x != y) { return 1; } return 0; }

    static boolean fboolne(float x, float y) { return x != y; }

    static int fcmpNaNOrder(float x, float y) { return x < y ? -1 : (x > y ? 1 : (x == y ? 0 : 7)); }

    static int dbranchlt(double x, double y) { if (x < y) { return 1; } return 0; }

    static boolean dboollt(double x, double y) { return x < y; }

    static int dbranchle(double x, double y) { if (x <= y) { return 1; } return 0; }

    static boolean dboolle(double x, double y) { return x <= y; }

    static int dbranchgt(double x, double y) { if (x > y) { return 1; } return 0; }

    static boolean dboolgt(double x, double y) { return x > y; }

    static int dbranchge(double x, double y) { if (x >= y) { return 1; } return 0; }

    static boolean dboolge(double x, double y) { return x >= y; }

    static int dbrancheq(double x, double y) { if (x == y) { return 1; } return 0; }

    static boolean dbooleq(double x, double y) { return x == y; }

    static int dbranchne(double x, double y) { if (x != y) { return 1; } return 0; }

    static boolean dboolne(double x, double y) { return x != y; }

    static int dcmpNaNOrder(double x, double y) { return x < y ? -1 : (x > y ? 1 : (x == y ? 0 : 7)); }

    static int ibranchZerolt(int x) { return x < 0 ? 5 : -5; }

    static int ibranchZerole(int x) { return x <= 0 ? 5 : -5; }

    static int ibranchZerogt(int x) { return x > 0 ? 5 : -5; }

    static int ibranchZeroge(int x) { return x >= 0 ? 5 : -5; }

    static int ibranchZeroeq(int x) { return x == 0 ? 5 : -5; }

    static int ibranchZerone(int x) { return x != 0 ? 5 : -5; }

    static int minInt(int a, int b) { return a < b ? a : b; }

    static long maxLong(long a, long b) { return a > b ? a : b; }

    static double clamp(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }

    static int sign(long x) { return x > 0 ? 1 : (x < 0 ? -1 : 0); }

    static int manyLive(int a, int b, int c, int d, int e, int f) { int g = a * b, h = c * d, i = e * f, j = a + f, k = b + e, l = c + d; return (g + h) * (i - j) + (k ^ l) * (a - f) + g * l - h * k + i * j; }

    static double manyLiveDoubles(double a, double b, double c, double d) { double e = a * b, f = c * d, g = a + c, h = b - d, i = e / (f + 1.5), j = g * h; return e + f * g - h * i + j * a - b * c + d * e; }

    static long mixedKinds(int a, long b, float c, double d) { return a + b + (long) c + (long) (d * 2) + (long) (c * a); }

    static int bitTestInt(int x) { return (x & 3) == 0 ? 1 : ((x & 0x80000000) != 0 ? 2 : 3); }

    static int bitTestIntReg(int x, int y) { int r = 0; if ((x & y) != 0) { r += 1; } if ((x & ~y) == 0) { r += 2; } return r; }

    static int bitTestLong(long x) { int r = 0; if ((x & -8L) == 0) { r += 1; } if ((x & 0x1_0000_0000L) != 0) { r += 2; } if ((x & Long.MIN_VALUE) == 0) { r += 4; } return r; }

    static int bitTestLongReg(long x, long y) { return (x & y) == 0 ? 7 : 9; }

    static int bitTestReused(int x) { int m = x & 12; return m != 0 ? m : -1; }

    static int bitTestInLoop(int n) { n %= 2048; int s = 0; for (int i = 0; i < n; i++) { if ((i & 1) == 0) { s += i; } else { s ^= i; } } return s; }

    // Bounds checks ssajit removes (index proven in bounds) or keeps: the same shapes as codegen-amd64's
    // Amd64LirGeneratorTest, here run on arrays of every length, null, and parameters that go out of bounds.

    static int bceCountUp(int[] a) { int s = 0; for (int i = 0; a.length > i; i++) { s += a[i]; } return s; }

    static int bceFromConstant(int[] a) { for (int i = 3; i < a.length; i++) { a[i] = i * 7; } return a.length; }

    static long bceWhileForm(long[] a) { int i = 0; long s = 0; while (true) { if (i >= a.length) { break; } s += a[i]; i++; } return s; }

    static int bceOffByOne(int[] a) { int s = 0; for (int i = 0; i <= a.length; i++) { s += a[i]; } return s; }

    static int bceFromParameter(int[] a, int k) { int s = 0; for (int i = k % 8; i < a.length; i++) { s += a[i]; } return s; }

    static int bceOtherArray(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += b[i]; } return s; }

    static int bceStepTwo(int[] a) { int s = 0; for (int i = 0; i < a.length; i += 2) { s += a[i]; } return s; }

    static int bceFromMinusOne(int[] a) { int s = 0; for (int i = -1; i < a.length; i++) { s += a[i]; } return s; }

    static int bceNextElement(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i + 1]; } return s; }

    static int bceGuardOtherBound(int[] a, int n) { n %= 64; int s = 0; for (int i = 0; i < n; i++) { s += a[i]; } return s; }

    static int bceAfterTheLoop(int[] a) { int i = 0; while (i < a.length) { i++; } return a[i - 1]; }

    static void bceCopy(double[] from, double[] to) { for (int i = 0; i < from.length; i++) { to[i] = from[i] * 2; } }

    /** The loop's length read (and null check) runs before the loop with the header's entry state: a null a deoptimizes after out[0]++, once. */
    static int storeThenLengthLoop(int[] out, int[] a) { out[0]++; int s = out.length; for (int i = 0; i < a.length; i++) { s += a[i] * i; } return s; }

    static int bceNested(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { for (int j = 0; j < a.length; j++) { s += a[i] ^ a[j]; } } return s; }

    static int sumTo(int n) { n %= 2048; int s = 0; for (int i = 0; i < n; i++) { s += i; } return s; }

    static long sumToLong(int n) { n %= 2048; long s = 0; for (int i = 0; i < n; i++) { s += (long) i * i; } return s; }

    static int countdown(int n) { n %= 2048; int k = 0; while (n > 0) { n -= 3; k++; } return k; }

    static int doWhile(int n) { n %= 2048; int k = 0; do { k += n; n--; } while (n > 0); return k; }

    static int nested(int n, int m) { n %= 64; m %= 64; int s = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < m; j++) { s += i ^ j; } } return s; }

    static int breakContinue(int n) { n %= 2048; int s = 0; for (int i = 0; i < n; i++) { if (i % 3 == 0) { continue; } if (s > 1000) { break; } s += i; } return s; }

    static int swapLoop(int a, int b, int n) { n %= 2048; for (int i = 0; i < n; i++) { int t = a; a = b; b = t + i; } return a * 31 + b; }

    static int rotateLoop(int a, int b, int c, int n) { n %= 2048; for (int i = 0; i < n; i++) { int t = a; a = b; b = c; c = t; } return a * 961 + b * 31 + c; }

    static double newton(double x, int n) { n %= 2048; double r = x > 1 ? x : 1; for (int i = 0; i < n; i++) { r = 0.5 * (r + x / r); } return r; }

    static long fib(int n) { n %= 2048; long a = 0, b = 1; for (int i = 0; i < n; i++) { long t = a + b; a = b; b = t; } return a; }

    static int gcd(int a, int b) { while (b != 0) { int t = a % b; a = b; b = t; } return a; }

    static int collatz(long n) { int steps = 0; while (n > 1 && steps < 1000) { n = (n & 1) == 0 ? n / 2 : 3 * n + 1; steps++; } return steps; }

    static float floatLoop(float x, int n) { n %= 2048; float s = 0; for (int i = 0; i < n; i++) { s = s * 0.5f + x; } return s; }

    static int loopWithManyLive(int n) { n %= 2048; int a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10, k = 11, l = 12, m = 13, o = 14; for (int x = 0; x < n; x++) { a += b; b += c; c += d; d += e; e += f; f += g; g += h; h += i; i += j; j += k; k += l; l += m; m += o; o += a; } return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h ^ i ^ j ^ k ^ l ^ m ^ o; }

    static double loopWithManyDoubles(int n) { n %= 2048; double a = 1, b = 2, c = 3, d = 4, e = 5, f = 6, g = 7, h = 8, i = 9, j = 10, k = 11, l = 12, m = 13, o = 14, p = 15, q = 16, r = 17; for (int x = 0; x < n; x++) { a += b * 0.5; b += c * 0.25; c += d; d -= e; e += f; f *= 0.99; g += h; h -= i * 0.1; i += j; j += k; k -= l; l += m; m += o; o -= p; p += q; q *= 1.01; r += a; } return a + b + c + d + e + f + g + h + i + j + k + l + m + o + p + q + r; }

    static int tswitch(int x) { switch (x) { case 0: return 10; case 1: return 11; case 2: return 12; case 3: return 13; case 5: return 15; default: return -1; } }

    static int lswitch(int x) { switch (x) { case -100000: return 1; case -7: return 2; case 0: return 3; case 42: return 4; case 1000000: return 5; default: return 0; } }

    static int switchInLoop(int n) { n %= 2048; int s = 0; for (int i = 0; i < n; i++) { switch (i & 7) { case 0: s += 3; break; case 1: s ^= i; break; case 2: case 3: s -= i; break; case 6: s *= 3; break; default: s++; } } return s; }

    static int switchFallthrough(int x) { int r = 0; switch (x) { case 1: r += 1; case 2: r += 2; case 3: r += 3; break; case 4: r += 4; default: r += 100; } return r; }

    static long switchLong(int k, long v) { switch (k) { case 10: return v * 2; case 20: return v + 1; case 30: return -v; default: return v; } }

    static int sInt; static long sLong; static float sFloat; static double sDouble; static byte sByte; static short sShort; static char sChar; static boolean sBool; static Object sRef;

    static int getStaticInt() { return sInt; }

    static void putStaticInt(int v) { sInt = v; }

    static int putGetStaticInt(int v) { sInt = v; return sInt; }

    static long getStaticLong() { return sLong; }

    static void putStaticLong(long v) { sLong = v; }

    static long putGetStaticLong(long v) { sLong = v; return sLong; }

    static float getStaticFloat() { return sFloat; }

    static void putStaticFloat(float v) { sFloat = v; }

    static float putGetStaticFloat(float v) { sFloat = v; return sFloat; }

    static double getStaticDouble() { return sDouble; }

    static void putStaticDouble(double v) { sDouble = v; }

    static double putGetStaticDouble(double v) { sDouble = v; return sDouble; }

    static byte getStaticByte() { return sByte; }

    static void putStaticByte(byte v) { sByte = v; }

    static byte putGetStaticByte(byte v) { sByte = v; return sByte; }

    static short getStaticShort() { return sShort; }

    static void putStaticShort(short v) { sShort = v; }

    static short putGetStaticShort(short v) { sShort = v; return sShort; }

    static char getStaticChar() { return sChar; }

    static void putStaticChar(char v) { sChar = v; }

    static char putGetStaticChar(char v) { sChar = v; return sChar; }

    static boolean getStaticBool() { return sBool; }

    static void putStaticBool(boolean v) { sBool = v; }

    static boolean putGetStaticBool(boolean v) { sBool = v; return sBool; }

    static int staticCounter(int n) { n %= 2048; for (int i = 0; i < n; i++) { sInt++; sLong += i; } return sInt + (int) sLong; }

    static boolean staticRefIsNull() { return sRef == null; }

    static final class Box {
        int i; long l; float f; double d; byte b; short s; char c; boolean z; Box next; int[] arr;

        /** Deterministic (no identity hash), so outcomes compare across runs. */
        @Override
        public String toString() {
            return "Box(" + i + " " + l + " " + f + " " + d + " " + b + " " + s + " " + (int) c + " " + z + " " + CompiledTargets.render(arr) + " " + next + ")";
        }
    }

    static int getInt(Box b) { return b.i; }

    static void putInt(Box b, int v) { b.i = v; }

    static int putGetInt(Box b, int v) { b.i = v; return b.i; }

    static long getLong(Box b) { return b.l; }

    static void putLong(Box b, long v) { b.l = v; }

    static long putGetLong(Box b, long v) { b.l = v; return b.l; }

    static float getFloat(Box b) { return b.f; }

    static void putFloat(Box b, float v) { b.f = v; }

    static float putGetFloat(Box b, float v) { b.f = v; return b.f; }

    static double getDouble(Box b) { return b.d; }

    static void putDouble(Box b, double v) { b.d = v; }

    static double putGetDouble(Box b, double v) { b.d = v; return b.d; }

    static byte getByte(Box b) { return b.b; }

    static void putByte(Box b, byte v) { b.b = v; }

    static byte putGetByte(Box b, byte v) { b.b = v; return b.b; }

    static short getShort(Box b) { return b.s; }

    static void putShort(Box b, short v) { b.s = v; }

    static short putGetShort(Box b, short v) { b.s = v; return b.s; }

    static char getChar(Box b) { return b.c; }

    static void putChar(Box b, char v) { b.c = v; }

    static char putGetChar(Box b, char v) { b.c = v; return b.c; }

    static boolean getBool(Box b) { return b.z; }

    static void putBool(Box b, boolean v) { b.z = v; }

    static boolean putGetBool(Box b, boolean v) { b.z = v; return b.z; }

    static Box getNext(Box b) { return b.next; }

    static int getNextInt(Box b) { return b.next.i; }

    static boolean nextIsNull(Box b) { return b.next == null; }

    static int listLength(Box b) { int n = 0; while (b != null) { n++; b = b.next; } return n; }

    static long listSum(Box b) { long s = 0; for (Box p = b; p != null; p = p.next) { s += p.i + p.l; } return s; }

    static int fieldArrayLength(Box b) { return b.arr.length; }

    static int fieldArraySum(Box b) { int s = 0; int[] a = b.arr; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static int sameRef(Box a, Box b) { return a == b ? 1 : (a.next == b ? 2 : 3); }

    static int boxAccumulate(Box b, int n) { n %= 2048; for (int i = 0; i < n; i++) { b.i += i; b.l ^= b.i; b.d += 0.5; } return b.i + (int) b.l + (int) b.d; }

    static int loadInt(int[] a, int i) { return a[i]; }

    static void storeInt(int[] a, int i, int v) { a[i] = v; }

    static int lengthInt(int[] a) { return a.length; }

    static int storeLoadInt(int[] a, int i, int v) { a[i] = v; return a[i]; }

    static long loadLong(long[] a, int i) { return a[i]; }

    static void storeLong(long[] a, int i, long v) { a[i] = v; }

    static int lengthLong(long[] a) { return a.length; }

    static long storeLoadLong(long[] a, int i, long v) { a[i] = v; return a[i]; }

    static float loadFloat(float[] a, int i) { return a[i]; }

    static void storeFloat(float[] a, int i, float v) { a[i] = v; }

    static int lengthFloat(float[] a) { return a.length; }

    static float storeLoadFloat(float[] a, int i, float v) { a[i] = v; return a[i]; }

    static double loadDouble(double[] a, int i) { return a[i]; }

    static void storeDouble(double[] a, int i, double v) { a[i] = v; }

    static int lengthDouble(double[] a) { return a.length; }

    static double storeLoadDouble(double[] a, int i, double v) { a[i] = v; return a[i]; }

    static byte loadByte(byte[] a, int i) { return a[i]; }

    static void storeByte(byte[] a, int i, byte v) { a[i] = v; }

    static int lengthByte(byte[] a) { return a.length; }

    static byte storeLoadByte(byte[] a, int i, byte v) { a[i] = v; return a[i]; }

    static short loadShort(short[] a, int i) { return a[i]; }

    static void storeShort(short[] a, int i, short v) { a[i] = v; }

    static int lengthShort(short[] a) { return a.length; }

    static short storeLoadShort(short[] a, int i, short v) { a[i] = v; return a[i]; }

    static char loadChar(char[] a, int i) { return a[i]; }

    static void storeChar(char[] a, int i, char v) { a[i] = v; }

    static int lengthChar(char[] a) { return a.length; }

    static char storeLoadChar(char[] a, int i, char v) { a[i] = v; return a[i]; }

    static boolean loadBool(boolean[] a, int i) { return a[i]; }

    static void storeBool(boolean[] a, int i, boolean v) { a[i] = v; }

    static int lengthBool(boolean[] a) { return a.length; }

    static boolean storeLoadBool(boolean[] a, int i, boolean v) { a[i] = v; return a[i]; }

    static int sumInts(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static long sumLongs(long[] a) { long s = 0; for (int i = a.length - 1; i >= 0; i--) { s += a[i]; } return s; }

    static double dot(double[] a, double[] b) { double s = 0; for (int i = 0; i < a.length; i++) { s += a[i] * b[i]; } return s; }

    static float maxFloat(float[] a) { float m = Float.NEGATIVE_INFINITY; for (int i = 0; i < a.length; i++) { if (a[i] > m) { m = a[i]; } } return m; }

    static int countTrue(boolean[] a) { int n = 0; for (int i = 0; i < a.length; i++) { if (a[i]) { n++; } } return n; }

    static int byteChecksum(byte[] a) { int h = 0; for (int i = 0; i < a.length; i++) { h = h * 31 + (a[i] & 0xff); } return h; }

    static int charSum(char[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static int shortSum(short[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } return s; }

    static void reverse(int[] a) { for (int i = 0, j = a.length - 1; i < j; i++, j--) { int t = a[i]; a[i] = a[j]; a[j] = t; } }

    static void fill(long[] a, long v) { for (int i = 0; i < a.length; i++) { a[i] = v + i; } }

    static int indexOf(int[] a, int v) { for (int i = 0; i < a.length; i++) { if (a[i] == v) { return i; } } return -1; }

    static void bubbleSort(int[] a) { for (int i = 0; i < a.length; i++) { for (int j = 0; j + 1 < a.length - i; j++) { if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; } } } }

    static void prefixSums(double[] a) { for (int i = 1; i < a.length; i++) { a[i] += a[i - 1]; } }

    static int outOfBoundsRead(int[] a) { return a[a.length]; }

    static int negativeIndex(int[] a, int i) { return a[-1 - (i & 1)]; }

    static void outOfBoundsWrite(long[] a, int i) { a[i + a.length] = 1; }

    static int readNull(int i) { int[] a = null; return a[i]; }

    static int lengthOfNull() { int[] a = null; return a.length; }

    static int getFieldOfNull() { Box b = null; return b.i; }

    static void putFieldOfNull(int v) { Box b = null; b.i = v; }

    static int twoDimSum(Box b) { int s = 0; int[] a = b.arr; for (int i = 0; i + 1 < a.length; i += 2) { s += a[i] * a[i + 1]; } return s; }
}
