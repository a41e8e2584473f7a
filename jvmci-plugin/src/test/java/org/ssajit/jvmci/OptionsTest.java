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

class OptionsTest {
    private static SsajitOptions parse(String... keyValues) {
        Properties p = new Properties();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.setProperty(keyValues[i], keyValues[i + 1]);
        }
        return SsajitOptions.parse(p);
    }

    @Test
    void defaults() {
        SsajitOptions o = parse();
        assertFalse(o.get(SsajitOptions.LOG));
        assertFalse(o.get(SsajitOptions.STATS));
        assertNull(o.get(SsajitOptions.DUMP));
        assertTrue(o.get(SsajitOptions.VERIFY));
        assertTrue(o.get(SsajitOptions.INLINE));
        assertEquals(org.ssajit.parse.Inlining.MAX_CALLEE_BYTES, o.get(SsajitOptions.HOT_INLINE_SIZE));
        assertTrue(o.get(SsajitOptions.UNWIND_EXCEPTIONS));
        assertTrue(o.get(SsajitOptions.METHOD_FILTER).isAll());
        assertTrue(o.warnings().isEmpty());
    }

    @Test
    void typedValues() {
        SsajitOptions o = parse("ssajit.Log", "true", "ssajit.Stats", "TRUE", "ssajit.Dump", "/tmp/d", "ssajit.Verify", "false",
                        "ssajit.MethodFilter", "java.lang.Math.*", "ssajit.HotInlineSize", " 100");
        assertTrue(o.get(SsajitOptions.LOG));
        assertEquals(100, o.get(SsajitOptions.HOT_INLINE_SIZE));
        assertThrows(IllegalArgumentException.class, () -> parse("ssajit.HotInlineSize", "-1"));
        assertTrue(o.get(SsajitOptions.STATS));
        assertEquals(Path.of("/tmp/d"), o.get(SsajitOptions.DUMP));
        assertFalse(o.get(SsajitOptions.VERIFY));
        assertTrue(o.get(SsajitOptions.METHOD_FILTER).matches("java.lang.Math", "max", "(II)I"));
        assertFalse(o.get(SsajitOptions.METHOD_FILTER).matches("java.lang.String", "length", "()I"));
    }

    @Test
    void badValueIsAnErrorNamingTheOption() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse("ssajit.Log", "yes"));
        assertTrue(e.getMessage().contains("-Dssajit.Log=yes"), e.getMessage());
    }

    @Test
    void unknownOptionIsAWarning() {
        SsajitOptions o = parse("ssajit.Lgo", "true");
        assertEquals(1, o.warnings().size());
        assertTrue(o.warnings().get(0).contains("-Dssajit.Lgo"));
    }

    @Test
    void helpListsEveryOption() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SsajitOptions.printHelp(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String help = bytes.toString(StandardCharsets.UTF_8);
        for (SsajitOptions.Option<?> o : SsajitOptions.ALL) {
            assertTrue(help.contains("-D" + o.property() + "="), o.name());
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
}
