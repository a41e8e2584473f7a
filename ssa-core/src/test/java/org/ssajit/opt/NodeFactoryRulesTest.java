package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Value;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaConstant;

/**
 * One test per rule of the {@link NodeFactory}: the rule fires where it should, does not fire where
 * it would be wrong (floats, division by zero, memory across stores), and - for constant folding - the
 * folded value is what HotSpot computes when it runs the same method. The semantics of the
 * simplifications on non-constant inputs are checked by the differential tests through the IR
 * interpreter.
 */
class NodeFactoryRulesTest {
    static final BuildOptions NO_OPT = BuildOptions.DEFAULT.withOptimize(false);

    // Constant folding: every method folds completely; its value must be HotSpot's --------------------
    // Locals are not final, so javac leaves the arithmetic in the bytecode.
    static int addWraps() { int a = 2_000_000_000, b = 2_000_000_000; return a + b; }
    static int subWraps() { int a = Integer.MIN_VALUE, b = 1; return a - b; }
    static int mulWraps() { int a = 65537, b = 65537; return a * b; }
    static int divMinByMinusOne() { int a = Integer.MIN_VALUE, b = -1; return a / b; }
    static int remMinByMinusOne() { int a = Integer.MIN_VALUE, b = -1; return a % b; }
    static int divTruncates() { int a = -7, b = 2; return a / b; }
    static int remSign() { int a = -7, b = 2; return a % b; }
    static int shlMasked() { int a = 1, s = 33; return a << s; }
    static int shlNegativeCount() { int a = 1, s = -1; return a << s; }
    static int shrNegative() { int a = -8, s = 1; return a >> s; }
    static int ushrNegative() { int a = -8, s = 28; return a >>> s; }
    static int logic() { int a = 0b1100, b = 0b1010; return (a & b) * 100 + (a | b) * 10 + (a ^ b); }
    static long lshlMasked() { long a = 1, b = 1; int s = 65; return (a << s) + (b << 63); }
    static long ldivMin() { long a = Long.MIN_VALUE, b = -1; return a / b; }
    static long lremMin() { long a = Long.MIN_VALUE, b = -1; return a % b; }
    static long lushr() { long a = -1; int s = 60; return a >>> s; }
    static float faddInexact() { float a = 0.1f, b = 0.2f; return a + b; }
    static float fdivByZero() { float a = 1f, b = 0f; return a / b; }
    static float fzeroByZero() { float a = 0f, b = 0f; return a / b; }
    static float fnegZeroPlusZero() { float a = -0f, b = 0f; return a + b; }
    static float fremNegative() { float a = 5.5f, b = -2f; return a % b; }
    static double dremNegative() { double a = -5.5, b = 2.0; return a % b; }
    static double dmulUnderflow() { double a = Double.MIN_VALUE, b = 0.5; return a * b; }
    static int negMin() { int a = Integer.MIN_VALUE; return -a; }
    static long lnegMin() { long a = Long.MIN_VALUE; return -a; }
    static float fnegZero() { float a = 0f; return -a; }
    static double dnegNaN() { double a = Double.NaN; return -a; }
    static int f2iNaN() { float a = Float.NaN; return (int) a; }
    static int f2iSaturatesHigh() { float a = 1e20f; return (int) a; }
    static int d2iSaturatesLow() { double a = -1e300; return (int) a; }
    static long d2lNaN() { double a = Double.NaN; return (long) a; }
    static long f2lSaturates() { float a = -Float.MAX_VALUE; return (long) a; }
    static int i2b() { int a = 200; return (byte) a; }
    static int i2c() { int a = -1; return (char) a; }
    static int i2s() { int a = 40000; return (short) a; }
    static float l2fRounds() { long a = Long.MAX_VALUE; return (float) a; }
    static float d2fOverflow() { double a = 1e300; return (float) a; }
    static double i2dExact() { int a = Integer.MIN_VALUE; return (double) a; }
    static int l2iTruncates() { long a = 0x1_2345_6789L; return (int) a; }
    static int fcmpNaN() { float a = Float.NaN, b = 1f; return a < b ? 1 : (a > b ? 2 : 3); }
    static int fcmpgNaN() { float a = Float.NaN, b = 1f; return a > b ? 1 : 0; }
    static int dcmpZeros() { double a = -0.0, b = 0.0; return a == b ? 1 : 0; }
    static int lcmp() { long a = -1, b = 1; return a < b ? 1 : 0; }
    static int branchFolds() { int k = 3; if (k > 2) { return 1; } return 2; }
    static int switchFolds() { int k = 5; switch (k) { case 5: return 50; case 6: return 60; default: return 0; } }
    static int lookupSwitchFolds() { int k = -9; switch (k) { case 1000: return 1; case -9: return 2; default: return 0; } }

    @ParameterizedTest
    @ValueSource(strings = {"addWraps", "subWraps", "mulWraps", "divMinByMinusOne", "remMinByMinusOne", "divTruncates", "remSign", "shlMasked",
                    "shlNegativeCount", "shrNegative", "ushrNegative", "logic", "lshlMasked", "ldivMin", "lremMin", "lushr", "faddInexact", "fdivByZero",
                    "fzeroByZero", "fnegZeroPlusZero", "fremNegative", "dremNegative", "dmulUnderflow", "negMin", "lnegMin", "fnegZero", "dnegNaN",
                    "f2iNaN", "f2iSaturatesHigh", "d2iSaturatesLow", "d2lNaN", "f2lSaturates", "i2b", "i2c", "i2s", "l2fRounds", "d2fOverflow",
                    "i2dExact", "l2iTruncates", "fcmpNaN", "fcmpgNaN", "dcmpZeros", "lcmp", "branchFolds", "switchFolds", "lookupSwitchFolds"})
    void constantFoldingMatchesHotSpot(String name) throws Exception {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        assertEquals(0, g.instructionCount(), () -> "not folded completely:\n" + new IrPrinter().print(g));
        assertEquals(0, g.phiCount());
        Constant c = returnedConstant(g);
        Object jvm = Jvmci.declared(NodeFactoryRulesTest.class, name).invoke(null);
        assertSameValue(jvm, c.value(), name);
        // Without optimizations nothing is folded.
        assertTrue(Jvmci.graph(NodeFactoryRulesTest.class, name, NO_OPT).instructionCount() > 0 || name.endsWith("Folds"));
    }

    /** Bit-exact comparison: -0.0 differs from 0.0, NaN payloads are not compared (Java does not fix them). */
    static void assertSameValue(Object jvm, JavaConstant folded, String what) {
        switch (jvm) {
            case Integer i -> assertEquals(i.intValue(), folded.asInt(), what);
            case Long l -> assertEquals(l.longValue(), folded.asLong(), what);
            case Float f -> assertEquals(Float.floatToIntBits(f), Float.floatToIntBits(folded.asFloat()), what + ": " + f + " vs " + folded.asFloat());
            case Double d -> assertEquals(Double.doubleToLongBits(d), Double.doubleToLongBits(folded.asDouble()), what + ": " + d + " vs " + folded.asDouble());
            default -> throw new AssertionError(jvm.getClass());
        }
    }

    /** The constant a graph returns on every path (all returns return the same constant). */
    static Constant returnedConstant(Graph g) {
        Constant found = null;
        for (Block b : g.blocks()) {
            if (b.terminator() instanceof Return r) {
                Constant c = assertInstanceOf(Constant.class, r.value());
                assertTrue(found == null || found == c);
                found = c;
            }
        }
        assertNotNull(found);
        return found;
    }

    // Division by zero must throw at run time: never folded, keeps its frame state ---------------------
    static int divByZero() { int a = 1, b = 0; return a / b; }
    static int remByZero() { int a = 1, b = 0; return a % b; }
    static long ldivByZero() { long a = 1, b = 0; return a / b; }
    static long lremByZero() { long a = 1, b = 0; return a % b; }

    @ParameterizedTest
    @ValueSource(strings = {"divByZero", "remByZero", "ldivByZero", "lremByZero"})
    void integerDivisionByZeroIsNotFolded(String name) {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        Instruction div = only(g, name.contains("rem") ? Op.REM : Op.DIV);
        assertNotNull(div.state(), "a division that throws needs its frame state");
        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> Jvmci.declared(NodeFactoryRulesTest.class, name).invoke(null));
        assertInstanceOf(ArithmeticException.class, e.getCause());
    }

    // Arithmetic simplification of ints and longs -------------------------------------------------------
    static int addZero(int x) { return x + 0; }
    static int zeroAdd(int x) { return 0 + x; }
    static int subZero(int x) { return x - 0; }
    static long subSelf(long x) { return x - x; }
    static int mulZero(int x) { return x * 0; }
    static long mulOne(long x) { return x * 1; }
    static int divOne(int x) { return x / 1; }
    static int remOne(int x) { return x % 1; }
    static long remMinusOne(long x) { return x % -1; }
    static int andZero(int x) { return x & 0; }
    static int andAllOnes(int x) { return x & -1; }
    static long andSelf(long x) { return x & x; }
    static int orZero(int x) { return x | 0; }
    static int orSelf(int x) { return x | x; }
    static long xorZero(long x) { return x ^ 0; }
    static int xorSelf(int x) { return x ^ x; }
    static int shlZero(int x) { return x << 0; }
    static int shrThirtyTwo(int x) { return x >> 32; }
    static long ushrSixtyFour(long x) { return x >>> 64; }
    static int zeroShl(int s) { return 0 << s; }
    static int negNeg(int x) { return -(-x); }
    static int l2iOfI2l(int x) { return (int) (long) x; }
    static int i2bTwice(int x) { return (byte) (byte) x; }
    static int i2sOfI2b(int x) { return (short) (byte) x; }
    static int lcmpSelf(long x) { return x < x ? 1 : 0; }
    static int intCompareSelf(int x) { return x <= x ? 1 : 0; }

    /** The graph returns one of its parameters (or a constant) and computes nothing. */
    @ParameterizedTest
    @ValueSource(strings = {"addZero", "zeroAdd", "subZero", "subSelf", "mulZero", "mulOne", "divOne", "remOne", "remMinusOne", "andZero",
                    "andAllOnes", "andSelf", "orZero", "orSelf", "xorZero", "xorSelf", "shlZero", "shrThirtyTwo", "ushrSixtyFour", "zeroShl", "negNeg",
                    "l2iOfI2l", "lcmpSelf", "intCompareSelf"})
    void identitiesVanish(String name) {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        assertEquals(0, g.instructionCount(), () -> new IrPrinter().print(g));
        Value v = returned(g);
        assertTrue(v instanceof Parameter || v instanceof Constant, () -> new IrPrinter().print(g));
        assertTrue(Jvmci.graph(NodeFactoryRulesTest.class, name, NO_OPT).instructionCount() > 0 || name.endsWith("Self"));
    }

    static int subFromZero(int x) { return 0 - x; }
    static long mulMinusOne(long x) { return x * -1; }
    static int divMinusOne(int x) { return x / -1; }

    /** 0 - x, x * -1 and x / -1 become -x (x / -1 == -x even for MIN_VALUE, and cannot throw). */
    @ParameterizedTest
    @ValueSource(strings = {"subFromZero", "mulMinusOne", "divMinusOne"})
    void negationForms(String name) {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        assertEquals(1, g.instructionCount(), () -> new IrPrinter().print(g));
        only(g, Op.NEG);
    }

    @Test
    void narrowingTwiceKeepsOneNarrowing() {
        assertEquals(1, Jvmci.graph(NodeFactoryRulesTest.class, "i2bTwice").instructionCount());
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, "i2sOfI2b");
        assertEquals(1, g.instructionCount());
        only(g, Op.I2B);
    }

    // What must NOT be simplified ------------------------------------------------------------------------
    static float faddZero(float x) { return x + 0.0f; }      // -0.0f + 0.0f == +0.0f
    static double dmulZero(double x) { return x * 0.0; }     // NaN, -x, infinities
    static float fsubSelf(float x) { return x - x; }         // NaN - NaN is NaN
    static double dmulOne(double x) { return x * 1.0; }      // signalling NaN bits
    static int divSelf(int x) { return x / x; }              // throws for 0
    static int remSelf(int x) { return x % x; }              // throws for 0
    static int fcmpSelf(float x) { return x < x ? 1 : 0; }   // unordered for NaN... still false, but not via identity
    static int dcmpEqSelf(double x) { return x == x ? 1 : 0; } // false for NaN
    static int byteUnsigned(byte[] a) { return a[0] & 0xff; }     // negative bytes
    static int charLowByte(char[] a) { return a[0] & 0xff; }      // chars above 0xff
    static int charEvenMask(char[] a) { return a[0] & 0xfffe; }   // not a mask of low bits: odd chars
    static int charParameter(char x) { return x & 0xffff; }       // bytecode may pass any int for a char

    @ParameterizedTest
    @ValueSource(strings = {"faddZero", "dmulZero", "fsubSelf", "dmulOne", "divSelf", "remSelf", "fcmpSelf", "dcmpEqSelf", "byteUnsigned", "charLowByte", "charEvenMask", "charParameter"})
    void notSimplified(String name) {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        assertEquals(Jvmci.graph(NodeFactoryRulesTest.class, name, NO_OPT).instructionCount(), g.instructionCount(), () -> new IrPrinter().print(g));
    }

    static int charMasked(char[] a) { return a[0] & 0xffff; }
    static boolean instanceofMasked(Object o) { return o instanceof String & true; }

    /** A mask of low bits that a value's range fits in (a char element's 0xffff; a 0-or-1's 1) goes. */
    @ParameterizedTest
    @ValueSource(strings = {"charMasked", "instanceofMasked", "byteUnsigned"})
    void masksTheRangeFitsInVanish(String name) {
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, name);
        long ands = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.AND).count();
        assertEquals(name.equals("byteUnsigned") ? 1 : 0, ands, () -> new IrPrinter().print(g));
    }

    @Test
    void nanIsNotEqualToItself() throws Exception {
        Method m = Jvmci.declared(NodeFactoryRulesTest.class, "dcmpEqSelf");
        assertEquals(0, m.invoke(null, Double.NaN), "the JVM agrees that the fold would be wrong");
    }

    // Constants move right, so value numbering and the identities see one form ---------------------------
    static int constantLeft(int x) { return 5 + x; }

    @Test
    void commutativeConstantsGoRight() {
        Instruction add = only(Jvmci.graph(NodeFactoryRulesTest.class, "constantLeft"), Op.ADD);
        assertInstanceOf(Parameter.class, add.input(0));
        assertInstanceOf(Constant.class, add.input(1));
    }

    // Value numbering ------------------------------------------------------------------------------------
    static int cse(int a, int b) { return (a + b) * (a + b); }
    static int cseCommuted(int a, int b) { return (a * b) + (b * a); }
    static int cseThenSubSelf(int a, int b) { return (a * b) - (b * a); }
    static int cseConversion(int a) { return (int) (long) a + (int) ((long) a * 3); }

    int f;
    volatile int v;
    static int sf;
    static void call() {
    }

    static int loadTwice(NodeFactoryRulesTest o) { return o.f + o.f; }
    static int loadStoreLoad(NodeFactoryRulesTest o) { int a = o.f; o.f = 3; return a + o.f; }
    static int loadCallLoad(NodeFactoryRulesTest o) { int a = o.f; call(); return a + o.f; }
    static int volatileTwice(NodeFactoryRulesTest o) { return o.v + o.v; }
    static int volatileOrdersPlainLoads(NodeFactoryRulesTest o) { int a = o.f; int b = o.v; return a + b + o.f; }
    static int staticTwice() { return sf + sf; }
    static int arrayTwice(int[] a, int i) { return a[i] + a[i]; }
    static int arrayStoreBetween(int[] a, int i) { int x = a[i]; a[0] = 1; return x + a[i]; }
    static int lengthAcrossStore(int[] a) { int n = a.length; a[0] = 2; return n + a.length; }
    static int lengthOfNew(int n) { int[] a = new int[n]; return a.length; }
    int g;
    byte small;
    static int storeThenLoad(NodeFactoryRulesTest o, int x) { o.f = x; return o.f; }
    static int staticStoreThenLoad(int x) { sf = x; return sf; }
    static int storeOtherObjectBetween(NodeFactoryRulesTest o, NodeFactoryRulesTest p) { int a = o.f; p.f = 5; return a + o.f; }
    static int storeOtherFieldBetween(NodeFactoryRulesTest o) { int a = o.f; o.g = 5; return a + o.f; }
    static int arrayStoreBetweenFieldLoads(NodeFactoryRulesTest o, int[] a) { int x = o.f; a[0] = 1; return x + o.f; }
    static int fieldStoreBetweenArrayLoads(NodeFactoryRulesTest o, int[] a, int i) { int x = a[i]; o.f = 1; return x + a[i]; }
    static int storeNarrowField(NodeFactoryRulesTest o, int x) { o.small = (byte) x; return o.small; }
    static int volatileStoreBetween(NodeFactoryRulesTest o) { o.f = 1; o.v = 2; return o.f; }

    @Test
    void pureExpressionsAreNumbered() {
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "cse"), Op.ADD));
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "cseCommuted"), Op.MUL));
        Graph zero = Jvmci.graph(NodeFactoryRulesTest.class, "cseThenSubSelf");
        assertEquals(0, zero.instructionCount(), "a*b - b*a: numbered, then x - x, then the unused product is dead");
        assertEquals(0, returnedConstant(zero).asInt());
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "cse", NO_OPT), Op.ADD));
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "cseConversion"), Op.I2L));
    }

    @Test
    void memoryReadsMergeOnlyWithoutInterveningWrites() {
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "loadTwice"), Op.LOAD_FIELD));
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "loadTwice", NO_OPT), Op.LOAD_FIELD));
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "loadStoreLoad"), Op.LOAD_FIELD), "the second read gets the stored 3");
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "loadCallLoad"), Op.LOAD_FIELD));
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "volatileTwice"), Op.LOAD_FIELD));
        assertEquals(3, count(Jvmci.graph(NodeFactoryRulesTest.class, "volatileOrdersPlainLoads"), Op.LOAD_FIELD),
                        "a volatile read is an acquire: the later plain read must not merge with the earlier one");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "staticTwice"), Op.LOAD_FIELD));
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "arrayTwice"), Op.LOAD_INDEXED));
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "arrayStoreBetween"), Op.LOAD_INDEXED));
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "lengthAcrossStore"), Op.ARRAY_LENGTH), "lengths never change");
        Graph stored = Jvmci.graph(NodeFactoryRulesTest.class, "storeThenLoad");
        assertEquals(0, count(stored, Op.LOAD_FIELD));
        assertInstanceOf(Parameter.class, returned(stored), "o.f = x; return o.f returns x");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "storeThenLoad", NO_OPT), Op.LOAD_FIELD));
        assertEquals(0, count(Jvmci.graph(NodeFactoryRulesTest.class, "staticStoreThenLoad"), Op.LOAD_FIELD));
        assertEquals(2, count(Jvmci.graph(NodeFactoryRulesTest.class, "storeOtherObjectBetween"), Op.LOAD_FIELD), "p may be o");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "storeOtherFieldBetween"), Op.LOAD_FIELD), "another field is another location");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "arrayStoreBetweenFieldLoads"), Op.LOAD_FIELD), "array elements are not fields");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "fieldStoreBetweenArrayLoads"), Op.LOAD_INDEXED), "fields are not array elements");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "storeNarrowField"), Op.LOAD_FIELD), "a byte field narrows: not forwarded");
        assertEquals(1, count(Jvmci.graph(NodeFactoryRulesTest.class, "volatileStoreBetween"), Op.LOAD_FIELD), "a volatile store is a release: forget");
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, "lengthOfNew");
        assertEquals(0, count(g, Op.ARRAY_LENGTH));
        assertInstanceOf(Parameter.class, returned(g), "the length of new int[n] is n");
    }

    // Copy propagation and null checks ---------------------------------------------------------------
    static long copies(long x) { long y = x; long z = y; y = z; return y; }

    @Test
    void copiesCreateNothing() {
        for (BuildOptions o : new BuildOptions[]{BuildOptions.DEFAULT, NO_OPT}) {
            Graph g = Jvmci.graph(NodeFactoryRulesTest.class, "copies", o);
            assertEquals(0, g.instructionCount());
            assertInstanceOf(Parameter.class, returned(g));
        }
    }

    static int newIsNotNull() { Object o = new Object(); return o == null ? 1 : 2; }
    int receiverIsNotNull() { return this != null ? 1 : 2; }
    static int caughtIsNotNull(int[] a) {
        try {
            return a[3];
        } catch (RuntimeException e) {
            return e == null ? 1 : 2;
        }
    }
    static int sameReference(Object o) { return o == o ? 1 : 2; }
    static int paramMayBeNull(Object o) { return o == null ? 1 : 2; }

    @Test
    void nullChecksFoldOnlyForValuesThatCannotBeNull() {
        for (String m : new String[]{"newIsNotNull", "receiverIsNotNull", "caughtIsNotNull", "sameReference"}) {
            Graph g = Jvmci.graph(NodeFactoryRulesTest.class, m);
            assertEquals(0, g.blocks().stream().filter(b -> b.terminator() instanceof If i && i.x().kind() == jdk.vm.ci.meta.JavaKind.Object).count(), m);
        }
        Graph g = Jvmci.graph(NodeFactoryRulesTest.class, "paramMayBeNull");
        assertEquals(1, g.blocks().stream().filter(b -> b.terminator() instanceof If).count());
    }

    // Helpers -------------------------------------------------------------------------------------------
    static long count(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }

    static Instruction only(Graph g, Op op) {
        Instruction found = null;
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                if (i.op() == op) {
                    assertTrue(found == null, "more than one " + op);
                    found = i;
                }
            }
        }
        assertNotNull(found, () -> "no " + op + " in\n" + new IrPrinter().print(g));
        return found;
    }

    static Value returned(Graph g) {
        Value v = null;
        for (Block b : g.blocks()) {
            if (b.terminator() instanceof Return r) {
                assertTrue(v == null || v == r.value());
                v = r.value();
            }
        }
        return v;
    }
}
