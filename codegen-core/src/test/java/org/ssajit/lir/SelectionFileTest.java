package org.ssajit.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.lowering.VmLayout;
import org.ssajit.testing.Golden;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/**
 * A back end's instruction selection as text, readable as its specification: for each topic a file
 * {@code src/test/resources/golden/lir-NAME.ir} in the back end's module, with a header (what the file
 * shows in the target's instructions, the Java source, the target, the VM layout) and the LIR before
 * register allocation of the method lowered for the host VM (explicit null checks). Regenerate with
 * {@code -Dssajit.updateGolden=true} after an intended change and review the diff.
 *
 * <p>The topics of this class ({@link #SHARED}: fields, arithmetic, conversions, longs, compares,
 * floats, arrays, bit tests, switches, locking, ...) are every back end's; a back end adds its own rules'
 * topics as static methods of its subclass. Offsets are this VM's: a VM with another layout skips the
 * comparison ({@link VmLayout}).
 */
public abstract class SelectionFileTest {
    /** The topics every back end's files cover: methods of this class. */
    protected static final List<String> SHARED = List.of("bitTests", "arithmetic", "longs", "compares", "conversions", "floats", "sum", "dense", "fewKeys", "sparse", "fields",
                    "arrays", "flag", "narrowChar", "uninitialized", "locked");

    /**
     * A file: the method {@code method} of {@code declaring} (this class for the shared topics) and what
     * its LIR shows, in the target's terms (the header's lines).
     */
    public record Topic(Class<?> declaring, String method, String... description) {
    }

    /** The target, as the header names it (architecture, features, where its description comes from). */
    protected abstract String target();

    /** The back end's instruction selection of a lowered graph. */
    protected abstract LirGraph select(Graph lowered);

    /** Every file of this back end: the {@link #SHARED} topics and its own. */
    protected abstract List<Topic> topics();

    /** The LIR as the files show it (a back end may rename what would read ambiguously). */
    protected String text(LirGraph lir) {
        return lir.toString();
    }

    /** The graph {@code name} of {@code c} or a superclass, built, lowered for the host VM (explicit null checks) and verified. */
    public static Graph lowered(Class<?> c, String name) {
        return lower(Jvmci.graph(declaring(c, name), name));
    }

    /** {@code g} lowered for the host VM (explicit null checks) and verified. */
    public static Graph lower(Graph g) {
        HotSpotLowering.host(false).lower(g);
        Verifier.verify(g);
        return g;
    }

    private static Class<?> declaring(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            if (Arrays.stream(k.getDeclaredMethods()).anyMatch(m -> m.getName().equals(name))) {
                return k;
            }
        }
        throw new IllegalArgumentException("no method " + name + " in " + c.getName() + " or its superclasses");
    }

    @TestFactory
    Stream<DynamicTest> selectionMatchesTheFiles() {
        return topics().stream().map(t -> DynamicTest.dynamicTest(t.method(), () -> check(t)));
    }

    /** Both back ends specify the same shared topics, each file says what it shows. */
    @Test
    void everySharedTopicHasAFile() {
        List<String> names = topics().stream().map(Topic::method).toList();
        assertTrue(names.containsAll(SHARED), () -> "missing shared topics: " + SHARED.stream().filter(s -> !names.contains(s)).toList());
        assertEquals(names.size(), names.stream().distinct().count(), names::toString);
        for (Topic t : topics()) {
            assertTrue(t.description().length > 0, () -> t.method() + " says nothing about what it shows");
        }
    }

    private void check(Topic t) {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        String layout = VmLayout.of(c, false);
        String file = "lir-" + t.method();
        VmLayout.assumeWrittenFor(Path.of("src/test/resources/golden", file + ".ir"), layout);
        LirGraph lir = select(lowered(t.declaring(), t.method()));
        StringBuilder text = new StringBuilder();
        text.append("# ").append(t.method()).append(": the instruction selection of\n");
        for (String line : source(t.declaring(), t.method())) {
            text.append("#   ").append(line).append('\n');
        }
        for (String line : t.description()) {
            text.append("# ").append(line).append('\n');
        }
        text.append("# target: ").append(target()).append('\n');
        text.append(VmLayout.header(layout)).append('\n');
        text.append("\n## output: the LIR before register allocation\n").append(VmLayout.named(text(lir), c));
        Golden.check(file, text.toString());
    }

    /** Where the test sources are, from a back end's module directory (the tests' working directory). */
    private static final List<Path> SOURCES = List.of(Path.of("src/test/java"), Path.of("../codegen-core/src/test/java"));

    /** The source of {@code c}'s static method {@code name}, its indentation removed. */
    static List<String> source(Class<?> c, String name) {
        Class<?> top = c;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        String relative = top.getName().replace('.', '/') + ".java";
        Path file = SOURCES.stream().map(d -> d.resolve(relative)).filter(Files::exists).findFirst()
                        .orElseThrow(() -> new AssertionError("no source of " + c.getName() + " in " + SOURCES));
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            if (l.stripLeading().startsWith("static ") && l.contains(" " + name + "(")) {
                String indent = l.substring(0, l.length() - l.stripLeading().length());
                List<String> method = new ArrayList<>();
                for (int j = i; j < lines.size(); j++) {
                    String m = lines.get(j);
                    method.add(m.startsWith(indent) ? m.substring(indent.length()) : m.strip());
                    if (j == i && m.stripTrailing().endsWith("}") || j > i && m.equals(indent + "}")) {
                        return method;
                    }
                }
            }
        }
        throw new AssertionError("no static method " + name + " in " + file);
    }

    // The shared topics --------------------------------------------------------------------------------

    static int arithmetic(int a, int b) {
        int x = (a + 5) * b - 1000;
        x ^= a << 3;
        x |= b >>> a;
        x &= -a;
        return x / b + x % 7 + (a >> b);
    }

    static long longs(long a, long b, int s) {
        long x = (a + 0x1_2345_6789L) * 3 - b;
        return (x << s) + (x >>> 2) + a / b + a % -1;
    }

    static int compares(long a, long b, float x, float y, double z) {
        int r = 0;
        if (a < b) {
            r += 1;
        }
        if (x < y) {
            r += 2;
        }
        if (x > y) {
            r += 4;
        }
        if (z != 0.5) {
            r += 8;
        }
        return r;
    }

    static double conversions(int i, long l, float f, double d) {
        return (int) f + (long) d + (float) l + (short) i + (char) i + (byte) i + (double) f + (int) d;
    }

    static double floats(float a, float b, double c) {
        return -(a * b - a / b) + c * 2.5 - -c;
    }

    static int sum(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    static int dense(int k) {
        return switch (k) {
            case 10 -> 1;
            case 11 -> 2;
            case 12 -> 3;
            case 14 -> 4;
            case 15 -> 5;
            case 16 -> 6;
            case 17 -> 7;
            case 18 -> 8;
            case 19 -> 9;
            case 20 -> 10;
            case 21 -> 11;
            case 22 -> 12;
            case 23 -> 13;
            case 24 -> 14;
            case 25 -> 15;
            case 26 -> 16;
            case 27 -> 17;
            default -> 0;
        };
    }

    static int fewKeys(int k) {
        return switch (k) {
            case 0 -> 5;
            case 1 -> 7;
            case 2 -> 9;
            case 3 -> 11;
            case 4 -> 13;
            default -> 0;
        };
    }

    static int sparse(int k) {
        switch (k) {
            case -100:
                return 1;
            case 7:
                return 2;
            case 1 << 20:
                return 3;
            default:
                return 0;
        }
    }

    protected static final class Point {
        int x;
        long y;
        boolean flag;
        Point next;
        static int count;
        static volatile boolean seen;
    }

    static {
        Point.count = 1; // initialized: its static fields are compiled, not deoptimized
    }

    /** Never initialized by the tests: its static field access deoptimizes. */
    static final class Uninitialized {
        static int value = 5;
    }

    static int uninitialized(int a) {
        return Uninitialized.value + a;
    }

    static int fields(Point p, boolean f) {
        p.x = p.x + 1;
        p.flag = f;
        Point.count += p.x;
        Point.seen = true;
        return p.next.x;
    }

    static void arrays(byte[] b, boolean[] z, char[] c, long[] l, Object[] o, int i) {
        b[i] = (byte) i;
        z[1] = b[0] != 0;
        c[i] = (char) l.length;
        l[2] = o[i] == null ? 1L : 0x1_0000_0000L;
    }

    static boolean flag(int a) {
        return a > 0;
    }

    static char narrowChar(int a) {
        return (char) (a * 3);
    }

    /**
     * A synchronized block: lightweight locking's fast paths, each compare-and-swap of the mark word
     * fused with the branch on its outcome (the swap succeeded: locked; failed: the VM's slow path).
     */
    static int locked(Object o, int x) {
        synchronized (o) {
            return x + 1;
        }
    }

    /** An int element used only as a long (not a shared file: a back end's own where its selection widens in the load). */
    static long widenedSum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    /**
     * {@code (x & y) == 0} and {@code != 0} become test branches (no {@code and}); an {@code and} with a
     * second user, or compared with something other than 0, stays an {@code and}.
     */
    static int bitTests(int a, int b, long l) {
        int r = 0;
        if ((a & 3) == 0) {
            r += 1;
        }
        if ((a & b) != 0) {
            r += 2;
        }
        if ((l & -8L) == 0) {
            r += 4;
        }
        if ((l & 0x1_0000_0000L) != 0) {
            r += 8;
        }
        int m = a & 12;
        if (m != 0) {
            r += m;
        }
        if ((b & 5) == 4) {
            r += 16;
        }
        return r;
    }
}
