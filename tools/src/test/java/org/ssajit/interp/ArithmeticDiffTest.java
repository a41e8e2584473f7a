package org.ssajit.interp;

import org.junit.jupiter.api.Test;

/** Every arithmetic, logic, shift, conversion and comparison bytecode on edge and random operands. */
class ArithmeticDiffTest {
    static int iadd(int a, int b) { return a + b; }
    static int isub(int a, int b) { return a - b; }
    static int imul(int a, int b) { return a * b; }
    static int idiv(int a, int b) { return a / b; }
    static int irem(int a, int b) { return a % b; }
    static int ineg(int a) { return -a; }
    static int iand(int a, int b) { return a & b; }
    static int ior(int a, int b) { return a | b; }
    static int ixor(int a, int b) { return a ^ b; }
    static int inot(int a) { return ~a; }
    static int ishl(int a, int b) { return a << b; }
    static int ishr(int a, int b) { return a >> b; }
    static int iushr(int a, int b) { return a >>> b; }
    static int iinc(int a) { a += 5; a -= 1000; a++; return a; }
    static int iincWide(int a) { int b = a; b += 30000; b -= -32768; return b * 3; }
    static int imixed(int a, int b) { return (a * 31 + b) ^ (a >>> 3) - (b << 7) / (a | 1); }

    static long ladd(long a, long b) { return a + b; }
    static long lsub(long a, long b) { return a - b; }
    static long lmul(long a, long b) { return a * b; }
    static long ldiv(long a, long b) { return a / b; }
    static long lrem(long a, long b) { return a % b; }
    static long lneg(long a) { return -a; }
    static long land(long a, long b) { return a & b; }
    static long lor(long a, long b) { return a | b; }
    static long lxor(long a, long b) { return a ^ b; }
    static long lshl(long a, int b) { return a << b; }
    static long lshr(long a, int b) { return a >> b; }
    static long lushr(long a, int b) { return a >>> b; }
    static long lmixed(long a, int s, long b) { return ((a << s) + (b >>> s)) * (a - b) % (b | 1L); }

    static float fadd(float a, float b) { return a + b; }
    static float fsub(float a, float b) { return a - b; }
    static float fmul(float a, float b) { return a * b; }
    static float fdiv(float a, float b) { return a / b; }
    static float frem(float a, float b) { return a % b; }
    static float fneg(float a) { return -a; }
    static float fzeroes(float a) { return (a * 0.0f) + (0.0f - a) + (a + -0.0f); }

    static double dadd(double a, double b) { return a + b; }
    static double dsub(double a, double b) { return a - b; }
    static double dmul(double a, double b) { return a * b; }
    static double ddiv(double a, double b) { return a / b; }
    static double drem(double a, double b) { return a % b; }
    static double dneg(double a) { return -a; }
    static double dzeroes(double a) { return (a * 0.0) - (0.0 - a) * (a - 0.0); }

    static long i2l(int a) { return a; }
    static float i2f(int a) { return a; }
    static double i2d(int a) { return a; }
    static int l2i(long a) { return (int) a; }
    static float l2f(long a) { return a; }
    static double l2d(long a) { return a; }
    static int f2i(float a) { return (int) a; }
    static long f2l(float a) { return (long) a; }
    static double f2d(float a) { return a; }
    static int d2i(double a) { return (int) a; }
    static long d2l(double a) { return (long) a; }
    static float d2f(double a) { return (float) a; }
    static byte i2b(int a) { return (byte) a; }
    static char i2c(int a) { return (char) a; }
    static short i2s(int a) { return (short) a; }
    static int narrowChains(int a) { return (byte) (short) a + (short) (byte) a + (char) (byte) a + (byte) (char) a + (short) (char) a + (char) (short) a; }
    static int convChains(long l, double d) { return (int) (long) (int) l + (int) (float) d + (int) (long) d + (int) (double) (float) d; }

    static int lcmp(long a, long b) { return (a < b ? 1 : 0) | (a <= b ? 2 : 0) | (a > b ? 4 : 0) | (a >= b ? 8 : 0) | (a == b ? 16 : 0) | (a != b ? 32 : 0); }
    static int fcmp(float a, float b) { return (a < b ? 1 : 0) | (a <= b ? 2 : 0) | (a > b ? 4 : 0) | (a >= b ? 8 : 0) | (a == b ? 16 : 0) | (a != b ? 32 : 0); }
    static int dcmp(double a, double b) { return (a < b ? 1 : 0) | (a <= b ? 2 : 0) | (a > b ? 4 : 0) | (a >= b ? 8 : 0) | (a == b ? 16 : 0) | (a != b ? 32 : 0); }
    static int fself(float a) { return (a == a ? 1 : 0) | (a != a ? 2 : 0) | (a < a ? 4 : 0) | (a >= a ? 8 : 0); }
    static int dself(double a) { return (a == a ? 1 : 0) | (a != a ? 2 : 0) | (a <= a ? 4 : 0) | (a > a ? 8 : 0); }
    static int icmp(int a, int b) { return (a < b ? 1 : 0) | (a <= b ? 2 : 0) | (a > b ? 4 : 0) | (a >= b ? 8 : 0) | (a == b ? 16 : 0) | (a != b ? 32 : 0); }
    static int izero(int a) { return (a < 0 ? 1 : 0) | (a <= 0 ? 2 : 0) | (a > 0 ? 4 : 0) | (a >= 0 ? 8 : 0) | (a == 0 ? 16 : 0) | (a != 0 ? 32 : 0); }
    static boolean bool(boolean a, boolean b) { return a ^ b | (a & !b); }

    static int bytes(byte a, short b, char c) { return a * b + c - (a ^ c) + (b >> 3) + (char) (c + a); }
    static int mathCalls(int a, double d) { return Math.abs(a) + Math.max(a, 3) + (int) Math.sqrt(Math.abs(d)) + Integer.bitCount(a) + Long.numberOfTrailingZeros(a); }

    @Test
    void ints() {
        Diff.checkAll(ArithmeticDiffTest.class, "iadd", "isub", "imul", "idiv", "irem", "ineg", "iand", "ior", "ixor", "inot", "ishl", "ishr", "iushr", "iinc", "iincWide",
                        "imixed");
    }

    @Test
    void longs() {
        Diff.checkAll(ArithmeticDiffTest.class, "ladd", "lsub", "lmul", "ldiv", "lrem", "lneg", "land", "lor", "lxor", "lshl", "lshr", "lushr", "lmixed");
    }

    @Test
    void floats() {
        Diff.checkAll(ArithmeticDiffTest.class, "fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "fzeroes");
    }

    @Test
    void doubles() {
        Diff.checkAll(ArithmeticDiffTest.class, "dadd", "dsub", "dmul", "ddiv", "drem", "dneg", "dzeroes");
    }

    @Test
    void conversions() {
        Diff.checkAll(ArithmeticDiffTest.class, "i2l", "i2f", "i2d", "l2i", "l2f", "l2d", "f2i", "f2l", "f2d", "d2i", "d2l", "d2f", "i2b", "i2c", "i2s", "narrowChains",
                        "convChains");
    }

    @Test
    void comparisons() {
        Diff.checkAll(ArithmeticDiffTest.class, "lcmp", "fcmp", "dcmp", "fself", "dself", "icmp", "izero", "bool");
    }

    @Test
    void subwordAndCalls() {
        Diff.checkAll(ArithmeticDiffTest.class, "bytes", "mathCalls");
    }
}
