package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.ir.Return;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * {@link Intrinsics}: the calls it knows become the operations they compute (no call left), with or
 * without inlining; constants fold except where a NaN would be made; bits there and back cancel; a
 * graph built without optimizations keeps every call. The values computed are checked end to end
 * against HotSpot by {@code CompiledMethodsTest#intrinsics} and the IR interpreter's tests.
 */
class IntrinsicsTest {
    static int floatBits(float x) {
        return Float.floatToRawIntBits(x);
    }

    static double all(float f, double d, int i, long l) {
        return Float.intBitsToFloat(i) + Double.longBitsToDouble(l) + Float.floatToRawIntBits(f) + Double.doubleToRawLongBits(d) + Math.sqrt(d)
                        + StrictMath.sqrt(d) + Math.abs(f) + Math.abs(d);
    }

    static long roundTrip(long l) {
        return Double.doubleToRawLongBits(Double.longBitsToDouble(l));
    }

    static double sqrtOfTwo() {
        return Math.sqrt(2.0);
    }

    static double sqrtOfMinusOne() {
        return Math.sqrt(-1.0);
    }

    static int bitsOfOne() {
        return Float.floatToRawIntBits(1.0f);
    }

    static float nanFromBits() {
        return Float.intBitsToFloat(0x7F80_0001);
    }

    /** Not an intrinsic: an instance method named like one stays a call. */
    double sqrt(double x) {
        return x;
    }

    double notStatic(double x) {
        return sqrt(x);
    }

    static double rounded(double d) {
        return Math.floor(d) + Math.ceil(d) + Math.rint(d) + StrictMath.floor(d) + StrictMath.ceil(d) + StrictMath.rint(d);
    }

    static double roundedConstants() {
        return Math.floor(-0.5) + Math.ceil(-0.5) * 3 + Math.rint(2.5) * 5;
    }

    static double roundedNaN() {
        return Math.floor(Double.NaN);
    }

    static Object classOf(Object o) {
        return o.getClass();
    }

    Object ownClass() {
        return getClass();
    }

    static Object newClass() {
        return new StringBuilder().getClass();
    }

    static Object stringClass(String s) {
        return s.getClass();
    }

    static boolean currentTwice() {
        return Thread.currentThread() == Thread.currentThread();
    }

    static boolean currentAroundCall() {
        Thread a = Thread.currentThread();
        Thread.yield();
        return a == Thread.currentThread();
    }

    static int bitCounts(int i, long l) {
        return Integer.numberOfLeadingZeros(i) + Integer.numberOfTrailingZeros(i) + Integer.bitCount(i) + Long.numberOfLeadingZeros(l)
                        + Long.numberOfTrailingZeros(l) + Long.bitCount(l) + Integer.bitCount(i);
    }

    static int bitCountConstants() {
        return Integer.numberOfLeadingZeros(0) + Integer.numberOfTrailingZeros(8) * 100 + Long.bitCount(-1L) * 10_000 + Long.numberOfLeadingZeros(1L) * 1_000_000;
    }

    private static Graph build(String name, BuildOptions o) {
        Graph g = Jvmci.build(Jvmci.method(IntrinsicsTest.class, name), o).graph();
        Verifier.verify(g);
        return g;
    }

    private static long count(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }

    private static Constant returned(Graph g) {
        for (var b : g.blocks()) {
            if (b.terminator() instanceof Return r && r.value() instanceof Constant c) {
                return c;
            }
        }
        return null;
    }

    @Test
    void callsBecomeOperations() {
        // Run once, as a method is before it is compiled: its calls resolved. (An unresolved one stays a call.)
        assertEquals(Math.sqrt(4.0) * 2 + 2 + 1 + 4 + 0x3F80_0000 + Double.doubleToRawLongBits(4.0), all(1.0f, 4.0, 0x4000_0000, 0), 1e3);
        for (BuildOptions o : List.of(BuildOptions.DEFAULT, BuildOptions.DEFAULT.withInlining(true))) {
            Graph g = build("all", o);
            assertEquals(0, count(g, Op.INVOKE), g::toString);
            // floatToRawIntBits(f) and Math.abs(f)'s bits of f: one value, numbered.
            assertEquals(1, count(g, Op.F2I_RAW), g::toString);
            assertEquals(1, count(g, Op.D2L_RAW), g::toString);
            assertEquals(2, count(g, Op.AND), "Math.abs: the sign bits cleared: " + g);
            assertEquals(2, count(g, Op.I2F_RAW), g::toString);
            assertEquals(2, count(g, Op.L2D_RAW), g::toString);
            assertEquals(1, count(g, Op.SQRT), "Math.sqrt and StrictMath.sqrt of the same value: one root, numbered: " + g);
            assertEquals(1, count(build("floatBits", o), Op.F2I_RAW));
        }
    }

    @Test
    void bitsThereAndBackCancel() {
        Graph g = build("roundTrip", BuildOptions.DEFAULT);
        assertEquals(0, count(g, Op.L2D_RAW) + count(g, Op.D2L_RAW), g::toString);
    }

    @Test
    void constantsFoldUnlessNaN() {
        assertEquals(Math.sqrt(2.0), returned(build("sqrtOfTwo", BuildOptions.DEFAULT)).value().asDouble());
        assertEquals(0x3F80_0000, returned(build("bitsOfOne", BuildOptions.DEFAULT)).value().asInt());
        // A NaN is left to the machine: its square root's NaN is the machine's, its bits the machine's moves'.
        Graph minusOne = build("sqrtOfMinusOne", BuildOptions.DEFAULT);
        assertEquals(1, count(minusOne, Op.SQRT), minusOne::toString);
        Graph nan = build("nanFromBits", BuildOptions.DEFAULT);
        assertEquals(1, count(nan, Op.I2F_RAW), nan::toString);
    }

    @Test
    void floorCeilAndRintRound() {
        assertEquals(2 + 3 + 2 + 2 + 3 + 2, rounded(2.5)); // resolved and run, as before a compile
        for (BuildOptions o : List.of(BuildOptions.DEFAULT, BuildOptions.DEFAULT.withInlining(true))) {
            Graph g = build("rounded", o);
            assertEquals(0, count(g, Op.INVOKE), g::toString);
            // Math's and StrictMath's of one mode: one value, numbered.
            assertEquals(3, count(g, Op.ROUND), g::toString);
        }
        // -1.0 + 3 * -0.0 + 5 * 2.0: folded; a NaN is left to the machine.
        assertEquals(9.0, returned(build("roundedConstants", BuildOptions.DEFAULT)).value().asDouble());
        Graph nan = build("roundedNaN", BuildOptions.DEFAULT);
        assertEquals(1, count(nan, Op.ROUND), nan::toString);
        assertEquals(6, count(build("rounded", BuildOptions.DEFAULT.withOptimize(false)), Op.INVOKE));
    }

    @Test
    void bitCountsAreOneOperationEach() {
        assertEquals(32 + 32 + 0 + 64 + 64 + 0, bitCounts(0, 0)); // resolved and run, as before a compile
        for (BuildOptions o : List.of(BuildOptions.DEFAULT, BuildOptions.DEFAULT.withInlining(true))) {
            Graph g = build("bitCounts", o);
            assertEquals(0, count(g, Op.INVOKE), g::toString);
            for (Op op : List.of(Op.ILZCNT, Op.ITZCNT, Op.LLZCNT, Op.LTZCNT, Op.LPOPCNT, Op.IPOPCNT)) {
                assertEquals(1, count(g, op), () -> op + " (Integer.bitCount twice: one value, numbered): " + g);
            }
        }
        assertEquals(32 + 3 * 100 + 64 * 10_000 + 63 * 1_000_000, returned(build("bitCountConstants", BuildOptions.DEFAULT)).value().asInt());
        assertEquals(7, count(build("bitCounts", BuildOptions.DEFAULT.withOptimize(false)), Op.INVOKE));
    }

    @Test
    void getClassReadsTheMirrorAfterTheCallsNullCheck() {
        Graph g = build("classOf", BuildOptions.DEFAULT);
        assertEquals(0, count(g, Op.INVOKE), g::toString);
        assertEquals(1, count(g, Op.CLASS_OF), g::toString);
        assertEquals(1, count(g, Op.RECEIVER_CHECK), "the call's NullPointerException: " + g);
        // The receiver of an instance method is never null: no check.
        Graph own = build("ownClass", BuildOptions.DEFAULT);
        assertEquals(1, count(own, Op.CLASS_OF), own::toString);
        assertEquals(0, count(own, Op.RECEIVER_CHECK), own::toString);
    }

    @Test
    void getClassOfAClassKnownExactlyIsAConstant() {
        newClass(); // resolved, as before a compile
        Graph g = build("newClass", BuildOptions.DEFAULT);
        assertEquals(0, count(g, Op.CLASS_OF) + count(g, Op.RECEIVER_CHECK), g::toString);
        assertEquals(Jvmci.PROVIDERS.constantReflection().asJavaClass(Jvmci.PROVIDERS.metaAccess().lookupJavaType(StringBuilder.class)), returned(g).value());
        // String is final, but the parameter may be null: the constant, after the check.
        Graph s = build("stringClass", BuildOptions.DEFAULT);
        assertEquals(0, count(s, Op.CLASS_OF), s::toString);
        assertEquals(1, count(s, Op.RECEIVER_CHECK), s::toString);
    }

    @Test
    void currentThreadIsReadAgainAfterACall() {
        Graph twice = build("currentTwice", BuildOptions.DEFAULT);
        assertEquals(1, count(twice, Op.CURRENT_THREAD), "no write between: one read: " + twice);
        assertEquals(0, count(twice, Op.INVOKE), twice::toString);
        Graph around = build("currentAroundCall", BuildOptions.DEFAULT);
        assertEquals(2, count(around, Op.CURRENT_THREAD), "a call between may change it: " + around);
    }

    @Test
    void unoptimizedGraphsAndOtherMethodsKeepTheirCalls() {
        Graph plain = build("all", BuildOptions.DEFAULT.withOptimize(false));
        assertEquals(8, count(plain, Op.INVOKE), plain::toString);
        assertEquals(0, count(plain, Op.SQRT));
        Graph virtual = build("notStatic", BuildOptions.DEFAULT);
        assertEquals(1, count(virtual, Op.INVOKE), virtual::toString);
    }
}
