package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Locale;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;
import org.ssajit.options.OptionValues;
import org.ssajit.testing.Golden;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The lowering as text, readable as its specification: for each topic a file
 * {@code src/test/resources/golden/lowering-NAME.ir} with a header saying what it shows, the Java
 * source, the Java-level IR the parser builds from it (the input) and the lowered IR (the output),
 * explicit null checks, the collector the header names. Regenerate with
 * {@code -Dssajit.updateGolden=true} after an intended change and review the diff.
 *
 * <p>Offsets are this VM's (the header's {@code layout} line: compressed oops and class pointers,
 * compact headers, collector); a VM with another layout skips the comparison. Values that change from
 * run to run are named: {@code CARD_TABLE} (the card table's base), {@code NARROW_KLASS_BASE}.
 */
class LoweringFileTest {
    static final class Point {
        int x;
        Object next;
    }

    static {
        new Point(); // loaded and initialized: the accesses resolve
    }

    static int field(Point p) {
        return p.x + 1;
    }

    static int element(int[] a, int i) {
        return a[i];
    }

    static int typeCheck(Object o) {
        return o instanceof Number ? 1 : 0;
    }

    static int interfaceCheck(Object o) {
        return o instanceof CharSequence ? 1 : 0;
    }

    static int[] allocation(int n) {
        return new int[n];
    }

    static void referenceStore(Point p, Object v) {
        p.next = v;
    }

    static int checks(int[] a, Point p, Object o) {
        int s = p.x;
        p.x = s + 1;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        Number n = (Number) o;
        Number m = (Number) o;
        return s / 3 + (n == m ? a[0] : 0);
    }

    static final String CHECKS_SOURCE = """
                    static int checks(int[] a, Point p, Object o) {
                        int s = p.x;
                        p.x = s + 1;
                        for (int i = 0; i < a.length; i++) {
                            s += a[i];
                        }
                        Number n = (Number) o;
                        Number m = (Number) o;
                        return s / 3 + (n == m ? a[0] : 0);
                    }""";

    enum Topic {
        FIELD("field", false, "static int field(Point p) { return p.x + 1; }",
                        "A field read: the null check (deoptimizing, the state before getfield), then the int read at the",
                        "field's offset from the object."),
        ARRAY("element", false, "static int element(int[] a, int i) { return a[i]; }",
                        "An array element: the null check, the length read at the array-length offset, the bounds check",
                        "(one unsigned compare, deoptimizing), the element read at base offset + index * 4."),
        TYPE_CHECK("typeCheck", false, "static int typeCheck(Object o) { return o instanceof Number ? 1 : 0; }",
                        "instanceof a class within the primary display: null goes to the false side; the object's narrow",
                        "class word read and decoded; one compare of the word at Number's super check offset in it with",
                        "Number's class, branched on (nothing materialized)."),
        INTERFACE_CHECK("interfaceCheck", false, "static int interfaceCheck(Object o) { return o instanceof CharSequence ? 1 : 0; }",
                        "instanceof an interface: the class itself, the secondary-super cache, then the loop over the",
                        "secondary supers (length at the array's length offset, elements 8 bytes apart)."),
        ALLOCATION("allocation", false, "static int[] allocation(int n) { return new int[n]; }",
                        "newarray: lengths above the inline limit (and negative ones, through the unsigned test) go to",
                        "the VM's vmcall new_array_or_null; else the size rounded to 8, the TLAB bump (top + size > end:",
                        "the VM's), the mark",
                        "word from the class's prototype header, the narrow class, the length, the zeroing loop, a",
                        "store-store barrier, and objectat publishing the object."),
        CARD_MARK("referenceStore", true, "static void referenceStore(Point p, Object v) { p.next = v; }",
                        "A reference store under Serial: the narrow oop written, then the card mark: the field's address",
                        "shifted by the card shift, plus the card table's base, and the dirty value written there."),
        G1_BARRIERS("referenceStore", false, "static void referenceStore(Point p, Object v) { p.next = v; }",
                        "The same store under G1: the SATB pre-barrier (only while marking: the old value enqueued, a",
                        "full queue calls the runtime), the store, then the post-barrier's filters (same region, null",
                        "value, young card, dirty card after a store-load barrier), the card dirtied and enqueued.");

        final String method;
        final boolean serial;
        final String source;
        final String[] description;

        Topic(String method, boolean serial, String source, String... description) {
            this.method = method;
            this.serial = serial;
            this.source = source;
            this.description = description;
        }

        String fileName() {
            return "lowering-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    @ParameterizedTest
    @EnumSource(Topic.class)
    void loweredIrMatchesTheFile(Topic t) throws Exception {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        String layout = VmLayout.of(c, t.serial);
        VmLayout.assumeWrittenFor(Path.of("src/test/resources/golden", t.fileName() + ".ir"), layout);
        Graph g = Jvmci.graph(LoweringFileTest.class, t.method);
        Verifier.verify(g);
        String input = new IrPrinter(true).print(g);
        OptionValues options = OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, false);
        HotSpotLowering host = HotSpotLowering.host(options);
        HotSpotLowering lowering = host;
        if (t.serial) {
            JVMCIBackend b = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
            lowering = new HotSpotLowering(c, b.getMetaAccess(), b.getConstantReflection(), options, c.gcSerial);
        }
        lowering.lower(g);
        Verifier.verify(g);
        String output = new IrPrinter(true).print(g);
        StringBuilder text = new StringBuilder();
        text.append("# ").append(t.name().toLowerCase(Locale.ROOT).replace('_', ' ')).append(": the lowering of\n#   ").append(t.source).append('\n');
        for (String line : t.description) {
            text.append("# ").append(line).append('\n');
        }
        text.append(VmLayout.header(layout)).append('\n');
        text.append("\n## input: the Java-level IR\n").append(input).append("\n## output: the lowered IR (explicit null checks)\n").append(VmLayout.named(output, c));
        String actual = text.toString();
        assertTrue(!actual.contains(Long.toString(c.cardTableAddress)), "the card table's base is named");
        Golden.check(t.fileName(), actual);
    }

    /**
     * The checks, as {@code lowering-checks.ir} specifies them: the graph after the instruction
     * lowering (every check explicit), after {@link CheckElimination} and after
     * {@link ImplicitNullChecks} (on here).
     */
    @org.junit.jupiter.api.Test
    void checksMatchTheFile() throws Exception {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        String layout = VmLayout.of(c, false);
        String name = "lowering-checks";
        VmLayout.assumeWrittenFor(Path.of("src/test/resources/golden", name + ".ir"), layout);
        Graph g = Jvmci.graph(LoweringFileTest.class, "checks");
        Verifier.verify(g);
        StringBuilder text = new StringBuilder();
        text.append("# checks: the lowering's checks, emitted, then eliminated, then made implicit\n");
        for (String line : CHECKS_SOURCE.split("\n")) {
            text.append("#   ").append(line).append('\n');
        }
        text.append("""
                        # The instruction lowering emits every check: p's null check at each access of p, a's at
                        # arraylength and at each element (against the loop's checked length, or a length read), the
                        # bounds checks, the zero check of the constant divisor, both casts' type test, guard and pi.
                        # Check elimination removes what cannot fail: p's second null check (the first dominates it),
                        # a's null checks after arraylength's, the loop's bounds check (i < a.length on the loop's
                        # edge, i non-negative), the zero check (3 is not 0), the second cast (the first dominates it:
                        # its pi stays). a[0] keeps its bounds check and the length read it compares with.
                        # Implicit null checks (on) make the remaining null checks of p and of a the reads after them.
                        """);
        text.append(VmLayout.header(layout)).append('\n');
        text.append("\n## input: the Java-level IR\n").append(new IrPrinter(true).print(g));
        HotSpotLowering lowering = HotSpotLowering.host(true);
        LoweringState state = new LoweringState(g, true);
        for (org.ssajit.phases.PhaseSuite.LoweringPhase p : org.ssajit.phases.PhaseSuite.standard().loweringSteps()) {
            p.step().run(lowering, state);
            if (p.name().equals("instruction lowering") || p.name().equals("check elimination") || p.name().equals("implicit null checks")) {
                text.append("\n## after ").append(p.name()).append('\n').append(VmLayout.named(new IrPrinter(true).print(g), c));
            }
            if (p.name().equals("implicit null checks")) {
                break;
            }
        }
        trivialPhisAndVerify(lowering, state);
        Golden.check(name, text.toString());
    }

    /** The rest of the lowering, then the verifier: the graph the steps above left is a sound one. */
    private static void trivialPhisAndVerify(HotSpotLowering lowering, LoweringState state) {
        boolean after = false;
        for (org.ssajit.phases.PhaseSuite.LoweringPhase p : org.ssajit.phases.PhaseSuite.standard().loweringSteps()) {
            if (after) {
                p.step().run(lowering, state);
            }
            after |= p.name().equals("implicit null checks");
        }
        Verifier.verify(state.graph());
    }
}
