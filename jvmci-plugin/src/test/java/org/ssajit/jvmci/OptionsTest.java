package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.ssajit.debug.FaultInjection;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.options.OptionKey;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.Inlining;

class OptionsTest {
    private static OptionValues parse(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return SsajitOptions.parse(p);
    }

    @Test
    void defaults() {
        OptionValues o = parse();
        assertFalse(o.get(SsajitOptions.LOG));
        assertFalse(o.get(SsajitOptions.STATS));
        assertNull(o.get(SsajitOptions.DUMP));
        assertFalse(o.get(SsajitOptions.VERIFY), "verification is a testing aid, off in production compiles");
        assertTrue(o.get(Inlining.INLINE));
        assertEquals(Inlining.HOT_CALLEE_BYTES, o.get(Inlining.HOT_INLINE_SIZE));
        assertEquals(Inlining.HOT_CALL_FREQUENCY, o.get(Inlining.HOT_CALL_FREQUENCY_OPTION));
        assertEquals(Inlining.HOT_CALL_FREQUENCY, org.ssajit.parse.BuildOptions.forCompile(o).hotCallFrequency());
        assertTrue(o.get(LoweringOptions.UNWIND_EXCEPTIONS));
        assertTrue(o.get(SsajitOptions.METHOD_FILTER).isAll());
    }

    @Test
    void typedValues() {
        OptionValues o = parse("ssajit.Log", "true", "ssajit.Stats", "TRUE", "ssajit.Dump", "/tmp/d", "ssajit.Verify", "true",
                        "ssajit.MethodFilter", "java.lang.Math.*", "ssajit.HotInlineSize", " 100");
        assertTrue(o.get(SsajitOptions.LOG));
        assertEquals(100, o.get(Inlining.HOT_INLINE_SIZE));
        assertThrows(IllegalArgumentException.class, () -> parse("ssajit.HotInlineSize", "-1"));
        assertTrue(o.get(SsajitOptions.STATS));
        assertEquals(Path.of("/tmp/d"), o.get(SsajitOptions.DUMP));
        assertTrue(o.get(SsajitOptions.VERIFY));
        assertTrue(o.get(SsajitOptions.METHOD_FILTER).matches("java.lang.Math", "max", "(II)I"));
        assertFalse(o.get(SsajitOptions.METHOD_FILTER).matches("java.lang.String", "length", "()I"));
    }

    @Test
    void badValueIsAnErrorNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("ssajit.Log", "yes"));
        assertTrue(e.getMessage().contains("-Dssajit.Log=yes"), e.getMessage());
    }

    /** The problem with a single bad property: named with its value and what is accepted. */
    private static String problem(String key, String value) {
        SsajitOptions.InvalidOptions e = assertThrows(SsajitOptions.InvalidOptions.class, () -> parse(key, value));
        assertEquals(1, e.problems().size(), e.problems()::toString);
        String p = e.problems().get(0);
        assertTrue(p.startsWith("-D" + key + "=" + value + ": "), p);
        return p;
    }

    /** Each kind of bad value, with what its option accepts. */
    @Test
    void badValuesSayWhatIsAccepted() {
        assertTrue(problem("ssajit.Inline", "maybe").endsWith(": expected true or false (or nothing, for true)"));
        assertTrue(problem("ssajit.HotInlineSize", "abc").endsWith(": expected a number of bytes, a whole number from 0 to 2147483647"));
        assertTrue(problem("ssajit.HotInlineSize", "-5").endsWith(": expected a number of bytes, a whole number from 0 to 2147483647"));
        assertTrue(problem("ssajit.InjectFaults", "2").endsWith(": expected a probability from 0 to 1, e.g. 0.01 (0: off)"));
        assertTrue(problem("ssajit.InjectFaults", "NaN").contains("expected a probability"));
        assertTrue(problem("ssajit.ImplicitExceptions", "sometimes").endsWith(": expected profile, always, preallocated or never"));
        assertTrue(problem("ssajit.MethodFilter", "[[[").contains("pattern '[[[': '[' at 1 is not allowed; a pattern is Class.method"));
        assertEquals(0.0, parse("ssajit.InjectFaults", "0").get(FaultInjection.INJECT_FAULTS));
        assertEquals(1.0, parse("ssajit.InjectFaults", "1").get(FaultInjection.INJECT_FAULTS));
        assertEquals(0, parse("ssajit.HotInlineSize", "0").get(Inlining.HOT_INLINE_SIZE));
        assertEquals(2.5, org.ssajit.parse.BuildOptions.forCompile(parse("ssajit.HotCallFrequency", "2.5")).hotCallFrequency());
        assertTrue(problem("ssajit.HotCallFrequency", "-1").endsWith(": expected a frequency, a number from 0 up, e.g. 0.25 or 2"));
        assertTrue(problem("ssajit.HotCallFrequency", "Infinity").endsWith(": expected a frequency, a number from 0 up, e.g. 0.25 or 2"));
    }

    @Test
    void unknownOptionIsAnErrorWithTheNearestName() {
        assertTrue(problem("ssajit.Lgo", "true").endsWith(": no such option; did you mean -Dssajit.Log?"));
        assertTrue(problem("ssajit.inline", "false").endsWith(": no such option; did you mean -Dssajit.Inline?"));
        assertTrue(problem("ssajit.HotInlinSize", "100").endsWith(": no such option; did you mean -Dssajit.HotInlineSize?"));
        String far = problem("ssajit.Xyzzyplugh", "1");
        assertTrue(far.contains("no such option; ssajit's options are MethodFilter, Log, "), far);
    }

    /** Every problem is reported at once, in a stable order (options, then unknown names sorted). */
    @Test
    void everyProblemIsReported() {
        SsajitOptions.InvalidOptions e = assertThrows(SsajitOptions.InvalidOptions.class,
                        () -> parse("ssajit.Inline", "maybe", "ssajit.Typo", "1", "ssajit.Log", "yes", "ssajit.Stats", "true"));
        assertEquals(3, e.problems().size(), e.problems()::toString);
        assertTrue(e.problems().get(0).startsWith("-Dssajit.Log=yes: "), e.problems()::toString);
        assertTrue(e.problems().get(1).startsWith("-Dssajit.Inline=maybe: "), e.problems()::toString);
        assertTrue(e.problems().get(2).startsWith("-Dssajit.Typo=1: no such option"), e.problems()::toString);
    }

    /**
     * The properties of ssajit's tools, build and tests (a lower-case name, or a namespace of their own)
     * are not options, and not errors either; an upper-case name must be an option, and a lower-case one
     * an edit away from an option's is a typo of it.
     */
    @Test
    void toolAndTestPropertiesAreNotOptions() {
        parse("ssajit.test.fullMatrix", "true", "ssajit.test.java", "/x", "ssajit.objdump", "/usr/bin/objdump", "ssajit.aarch64.objdump", "o",
                        "ssajit.aarch64.java", "j", "ssajit.jitModulePath", "a:b", "ssajit.programJava", "j", "ssajit.updateGolden", "true", "ssajit.root", "..",
                        "ssajit.regalloc.sweep", "10", "ssajit.cytron.seeds", "3", "ssajit.moduleName", "m", "ssajit.jdk.version", "25");
        assertTrue(problem("ssajit.Objdump", "x").contains(": no such option; ssajit's options are "));
        assertTrue(problem("ssajit.Verfy", "true").endsWith(": no such option; did you mean -Dssajit.Verify?"));
        assertTrue(problem("ssajit.stat", "true").endsWith(": no such option; did you mean -Dssajit.Stats?"));
        assertTrue(problem("ssajit.verify", "true").endsWith(": no such option; did you mean -Dssajit.Verify?"));
    }

    @Test
    void helpListsEveryOption() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SsajitOptions.printHelp(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String help = bytes.toString(StandardCharsets.UTF_8);
        for (OptionKey<?> o : SsajitOptions.ALL) {
            assertTrue(help.contains("-D" + SsajitOptions.property(o) + "="), o.name());
        }
    }

    @Test
    void filterIncludesAndExcludes() {
        MethodFilter f = MethodFilter.parse("java.lang.Math.*,-*.abs");
        assertTrue(f.matches("java.lang.Math", "max", "(II)I"));
        assertFalse(f.matches("java.lang.Math", "abs", "(I)I"));
        assertFalse(f.matches("java.lang.StrictMath", "max", "(II)I"));
        assertFalse(f.matches("java.lang.String", "hashCode", "()I"));
    }

    @Test
    void filterWithOnlyExclusionsKeepsTheRest() {
        MethodFilter f = MethodFilter.parse("-java.util.*");
        assertFalse(f.matches("java.util.HashMap", "get", "(Ljava/lang/Object;)Ljava/lang/Object;"));
        assertTrue(f.matches("java.lang.String", "length", "()I"));
    }

    @Test
    void filterWithDescriptorAndWildcards() {
        MethodFilter f = MethodFilter.parse(" java.lang.Math.max(II)I , java.util.Map$Entry.get?ey");
        assertTrue(f.matches("java.lang.Math", "max", "(II)I"));
        assertFalse(f.matches("java.lang.Math", "max", "(JJ)J"));
        assertTrue(f.matches("java.util.Map$Entry", "getKey", "()Ljava/lang/Object;"));
        assertFalse(f.matches("java.util.Map$Entry", "getValue", "()Ljava/lang/Object;"));
        // Regex metacharacters in a pattern are literal.
        assertFalse(MethodFilter.parse("java.lang.Math.m.x").matches("java.lang.Math", "max", "(II)I"));
    }

    @Test
    void emptyPatternIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> MethodFilter.parse("a.b.c,-"));
    }

    /** Patterns that could match no method are errors that say why; every form the docs and tools use is accepted. */
    @Test
    void malformedPatternsAreErrors() {
        for (String ok : new String[]{"java.lang.Math.*", "*.abs", "-*", "fuzz.*", "java.util.Map$Entry.get?ey", "java.lang.Math.max(II)I",
                        "java.lang.String.<init>", "*.<clinit>", "a.b(*)*", "a.b([Ljava/lang/Object;I)V", "Foo*", "org.ssajit.jvmci.HotProgram.*,-*.work",
                        "é.ü"}) {
            MethodFilter.parse(ok);
        }
        String[][] bad = {{"[[[", "'[' at 1 is not allowed"}, {"java.lang.Math.max(II", "a descriptor without its ')'"},
                        {"java.lang.Math.max(II)", "a descriptor without its return type"}, {"Foo", "no '.' between class and method"},
                        {"a..b", "an empty name between dots"}, {".a", "an empty name between dots"}, {"a.b.", "an empty name between dots"},
                        {"a.<inti>", "'<' at 3 starts neither <init> nor <clinit>"}, {"a.b(I)I(", "'(' at 8 is not allowed in a descriptor"},
                        {"a.b c", "' ' at 4 is not allowed"}, {"(I)V", "no Class.method before the descriptor"}, {"a.b(I)V)", "')' at 8 is not allowed in a descriptor"}};
        for (String[] b : bad) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MethodFilter.parse("java.lang.Math.*," + b[0]), b[0]);
            assertTrue(e.getMessage().startsWith("pattern '" + b[0] + "': " + b[1]), e.getMessage());
            assertTrue(e.getMessage().endsWith("; " + MethodFilter.ACCEPTED), e.getMessage());
        }
    }
}
