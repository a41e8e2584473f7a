package org.ssajit.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.Label;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntBinaryOperator;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Golden;
import org.ssajit.testing.Jvmci;

/**
 * Golden IR, with frame states, for every family of opcodes. Each family is a group of small methods;
 * the golden file shows each method built without on-the-fly optimizations, so every bytecode appears
 * as the instruction it becomes. Semantics are checked by the differential tests; these pin the shape.
 */
class OpcodeFamiliesTest {
    static final BuildOptions NO_OPT = BuildOptions.DEFAULT.withOptimize(false);

    // Constants -----------------------------------------------------------------------------------
    static Object constants(int which) {
        int i = -1 + 5 + 100 + 30000 + 1_000_000;
        long l = 0L + 1L + 1234567890123L;
        float f = 0f + 1f + 2f + 3.5f;
        double d = 0d + 1d + 2.25d;
        String s = "string";
        Class<?> k = Runnable.class;
        Object n = null;
        return switch (which) {
            case 0 -> i;
            case 1 -> l;
            case 2 -> f;
            case 3 -> d;
            case 4 -> s;
            case 5 -> k;
            default -> n;
        };
    }

    // Locals --------------------------------------------------------------------------------------
    static double locals(int a, long b, float c, double d, Object e) {
        int a2 = a;
        long b2 = b;
        float c2 = c;
        double d2 = d;
        Object e2 = e;
        a2 += 7;
        return a2 + b2 + c2 + d2 + (e2 == null ? 0 : 1);
    }

    // Arithmetic ----------------------------------------------------------------------------------
    static int intArithmetic(int x, int y) {
        return (x + y) - (x * y) + (x / y) + (x % y) + (-x) + (x << y) + (x >> y) + (x >>> y) + (x & y) + (x | y) + (x ^ y);
    }

    static long longArithmetic(long x, long y, int s) {
        return (x + y) - (x * y) + (x / y) + (x % y) + (-x) + (x << s) + (x >> s) + (x >>> s) + (x & y) + (x | y) + (x ^ y);
    }

    static double floatArithmetic(float x, float y, double u, double v) {
        return (x + y) - (x * y) + (x / y) + (x % y) + (-x) + (u + v) - (u * v) + (u / v) + (u % v) + (-u);
    }

    // Conversions and comparisons -------------------------------------------------------------------
    static long conversions(int i, long l, float f, double d) {
        return (long) i + (int) l + (long) (float) l + (long) (double) l + (int) f + (long) f + (long) (double) f + (int) d + (long) d
                        + (long) (float) d + (byte) i + (char) i + (short) i + (long) (float) i + (long) (double) i;
    }

    static int comparisons(long a, long b, float c, float d, double e, double f) {
        int r = 0;
        if (a < b) {
            r += 1;
        }
        if (c < d) {
            r += 2;
        }
        if (c > d) {
            r += 4;
        }
        if (e < f) {
            r += 8;
        }
        if (e > f) {
            r += 16;
        }
        return r;
    }

    static int branches(int a, int b, Object o, Object p) {
        int r = 0;
        if (a == 0) {
            r |= 1;
        }
        if (a != b) {
            r |= 2;
        }
        if (a < b) {
            r |= 4;
        }
        if (a >= 0) {
            r |= 8;
        }
        if (o == p) {
            r |= 16;
        }
        if (o == null) {
            r |= 32;
        }
        if (p != null) {
            r |= 64;
        }
        return r;
    }

    // Switches --------------------------------------------------------------------------------------
    static int tableSwitch(int x) {
        switch (x) {
            case 1: return 10;
            case 2: return 20;
            case 3: return 30;
            case 5: return 50;
            default: return -1;
        }
    }

    static int lookupSwitch(int x) {
        switch (x) {
            case -1000: return 1;
            case 7: return 2;
            case 1_000_000: return 3;
            default: return 0;
        }
    }

    // Fields ---------------------------------------------------------------------------------------
    static int sfield;
    static volatile long vfield;
    int ifield;
    double dfield;

    static int fields(OpcodeFamiliesTest t, int x) {
        sfield = x;
        t.ifield = sfield + 1;
        t.dfield = t.ifield * 2.0;
        vfield = (long) t.dfield;
        return t.ifield + (int) vfield;
    }

    // Arrays ---------------------------------------------------------------------------------------
    static long arrays(int n) {
        boolean[] z = new boolean[n];
        byte[] b = new byte[n];
        char[] c = new char[n];
        short[] s = new short[n];
        int[] i = new int[n];
        long[] l = new long[n];
        float[] f = new float[n];
        double[] d = new double[n];
        String[] o = new String[n];
        int[][] m = new int[n][n + 1];
        z[0] = true;
        b[0] = 1;
        c[0] = 'c';
        s[0] = 2;
        i[0] = 3;
        l[0] = 4;
        f[0] = 5;
        d[0] = 6;
        o[0] = "o";
        m[0][1] = 7;
        return (z[0] ? 1 : 0) + b[0] + c[0] + s[0] + i[0] + l[0] + (long) f[0] + (long) d[0] + o[0].length() + m[0][1] + m.length + m[0].length;
    }

    // Calls and objects -------------------------------------------------------------------------------
    interface Shape {
        int area();
    }

    record Square(int side) implements Shape {
        public int area() {
            return side * side;
        }
    }

    private int secret() {
        return ifield;
    }

    static String invokes(OpcodeFamiliesTest t, Shape s, int k) {
        Object o = new Square(k);
        int a = s.area() + ((Shape) o).area() + t.secret() + Math.abs(k) + t.hashCode();
        IntBinaryOperator op = (x, y) -> x + y + k;
        return "area " + a + op.applyAsInt(1, 2) + (o instanceof Square);
    }

    static int throwsAndMonitors(Object lock, int[] a, int i) {
        synchronized (lock) {
            try {
                return a[i];
            } catch (ArrayIndexOutOfBoundsException e) {
                throw new IllegalStateException(e);
            } finally {
                a[0]++;
            }
        }
    }

    /** javac leaves the receiver and the first argument on the stack across the branches of the ternaries. */
    static long stackAcrossBlocks(long x, boolean c, int[] a) {
        return Math.max(x, c ? x + 1 : a.length) + (c ? a[0] : a.length > 1 ? a[1] : -1);
    }

    private static String show(String name, Graph g) {
        return "# " + name + "\n" + new IrPrinter(true).print(g);
    }

    private static void family(String file, String... methods) {
        StringBuilder sb = new StringBuilder();
        for (String m : methods) {
            sb.append(show(m, Jvmci.graph(OpcodeFamiliesTest.class, m, NO_OPT))).append('\n');
            // Also with the optimizations on, built and verified (the shape is not pinned).
            Jvmci.graph(OpcodeFamiliesTest.class, m, BuildOptions.DEFAULT);
            Jvmci.graph(OpcodeFamiliesTest.class, m, NO_OPT.withMarkers(false));
        }
        Golden.check(file, sb.toString());
    }

    @Test
    void constantsAndLocals() {
        family("ops-constants-locals", "constants", "locals");
    }

    @Test
    void arithmetic() {
        family("ops-arithmetic", "intArithmetic", "longArithmetic", "floatArithmetic");
    }

    @Test
    void conversionsComparisonsBranches() {
        family("ops-conversions-comparisons", "conversions", "comparisons", "branches");
    }

    @Test
    void switches() {
        family("ops-switches", "tableSwitch", "lookupSwitch");
    }

    @Test
    void fieldsAndArrays() {
        family("ops-fields-arrays", "fields", "arrays");
    }

    @Test
    void callsObjectsExceptionsMonitors() {
        family("ops-calls-objects", "invokes", "throwsAndMonitors", "stackAcrossBlocks");
    }

    /** Each dup/swap form, with ints and longs, generated: the value each slot ends up holding is checked. */
    @ParameterizedTest
    @ValueSource(strings = {"dup", "dup_x1", "dup_x2_form1", "dup_x2_form2", "dup2_form1", "dup2_form2", "dup2_x1_form1", "dup2_x1_form2",
                    "dup2_x2_form1", "dup2_x2_form2", "dup2_x2_form3", "dup2_x2_form4", "swap", "pop2"})
    void stackShuffles(String form) throws Exception {
        Class<?> c = new ClassGen("Shuffle").staticMethod("f", "(IIJJ)J", cb -> {
            // Build the shuffled stack from ints 0,1 and longs 2,3, then fold it into one long:
            // result = ((v_deepest * 31 + v_next) * 31 + ...), so any misplaced value changes it.
            switch (form) {
                case "dup" -> cb.iload(0).dup();
                case "dup_x1" -> cb.iload(0).iload(1).dup_x1();
                case "dup_x2_form1" -> cb.iload(0).iload(1).iload(0).iconst_3().iadd().dup_x2();
                case "dup_x2_form2" -> cb.lload(2).iload(0).dup_x2();
                case "dup2_form1" -> cb.iload(0).iload(1).dup2();
                case "dup2_form2" -> cb.lload(2).dup2();
                case "dup2_x1_form1" -> cb.iload(0).iload(1).iload(0).iconst_5().iadd().dup2_x1();
                case "dup2_x1_form2" -> cb.iload(0).lload(2).dup2_x1();
                case "dup2_x2_form1" -> cb.iload(0).iload(1).iload(0).iconst_3().iadd().iload(1).iconst_4().iadd().dup2_x2();
                case "dup2_x2_form2" -> cb.iload(0).iload(1).lload(2).dup2_x2();
                case "dup2_x2_form3" -> cb.lload(2).iload(0).iload(1).dup2_x2();
                case "dup2_x2_form4" -> cb.lload(2).lload(4).dup2_x2();
                case "swap" -> cb.iload(0).iload(1).swap();
                case "pop2" -> cb.iload(0).iload(1).iload(1).iconst_2().iadd().pop2();
                default -> throw new IllegalArgumentException(form);
            }
            // Fold: the stack holds ints and longs; convert each top value to long and combine.
            foldStack(cb, form);
            cb.lreturn();
        }).load();
        Method jm = c.getMethod("f", int.class, int.class, long.class, long.class);
        var m = Jvmci.method(jm);
        for (BuildOptions o : new BuildOptions[]{BuildOptions.DEFAULT, NO_OPT, NO_OPT.withMarkers(false)}) {
            Graph g = Jvmci.build(m, o).graph();
            assertEquals(0, g.phiCount());
        }
        // The generated code runs on the JVM; the IR interpreter's differential tests compare the values.
        jm.invoke(null, 3, 5, 7L, 11L);
    }

    /** Stack layouts after each form, deepest first: 'I' int, 'J' long. */
    private static String layout(String form) {
        return switch (form) {
            case "dup", "swap" -> "II";
            case "dup_x1" -> "III";
            case "dup_x2_form1" -> "IIII";
            case "dup_x2_form2" -> "IJI";
            case "dup2_form1" -> "IIII";
            case "dup2_form2" -> "JJ";
            case "dup2_x1_form1" -> "IIIII";
            case "dup2_x1_form2" -> "JIJ";
            case "dup2_x2_form1" -> "IIIIII";
            case "dup2_x2_form2" -> "JIIJ";
            case "dup2_x2_form3" -> "IIJII";
            case "dup2_x2_form4" -> "JJJ";
            case "pop2" -> "I";
            default -> throw new IllegalArgumentException(form);
        };
    }

    private static void foldStack(java.lang.classfile.CodeBuilder cb, String form) {
        String l = layout(form);
        // Pop from the top into a long accumulator held in locals 6-7 (weights by position).
        cb.lconst_0().lstore(6);
        long weight = 1;
        for (int i = l.length() - 1; i >= 0; i--) {
            if (l.charAt(i) == 'I') {
                cb.i2l();
            }
            cb.loadConstant(weight);
            cb.lmul().lload(6).ladd().lstore(6);
            weight *= 1009;
        }
        cb.lload(6);
    }

    @Test
    void wideLocalsAndGotoW() throws Exception {
        Class<?> c = new ClassGen("Wide").staticMethod("f", "(I)I", cb -> {
            Label l = cb.newLabel();
            cb.iload(0).istore(300);  // wide istore
            cb.iinc(300, 1000);       // wide iinc
            cb.goto_w(l);
            cb.labelBinding(l);
            cb.iload(300).ireturn();  // wide iload
        }).load();
        Graph g = Jvmci.graph(c, "f", NO_OPT);
        Golden.check("ops-wide-goto_w", new IrPrinter(true).print(g));
        assertEquals(1007, c.getMethod("f", int.class).invoke(null, 7));
        List<org.ssajit.ir.Operation> ops = new ArrayList<>();
        for (Instruction i : g.blocks().get(0).instructions()) {
            ops.add(i.op());
        }
        assertTrue(ops.contains(Op.ADD));
    }
}
