package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Field reads folded while compiling ({@code parse.ConstantFields}), run as installed code against the
 * interpreter: the folded values are the ones HotSpot holds, and {@code System.out}, final but set
 * again by {@code System.setOut}, is read where the code runs, not where it was compiled.
 */
class CompiledConstantFieldsTest {
    static final int[] TABLE = buildTable();
    static final long SEED = Long.parseLong("1234567890123");
    static final String GREETING = "hello, " + SEED;

    private static int[] buildTable() {
        int[] t = new int[16];
        for (int i = 0; i < t.length; i++) {
            t[i] = i * i - 3;
        }
        return t;
    }

    /** Folds: TABLE (the array stays memory: its elements are not final), SEED, GREETING. */
    static long mix(int i) {
        return TABLE[i & 15] * SEED + GREETING.length() + i;
    }

    static PrintStream out() {
        return System.out;
    }

    private static long loads(Method m) {
        Graph g = Pipeline.host().build(Jvmci.method(m));
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.LOAD_FIELD).count();
    }

    @Test
    void foldedStaticFinalsComputeWhatTheInterpreterDoes() throws Exception {
        Method m = Jvmci.declared(CompiledConstantFieldsTest.class, "mix");
        assertEquals(0, loads(m), "TABLE, SEED and GREETING fold");
        List<Supplier<Object[]>> in = List.of(() -> new Object[]{0}, () -> new Object[]{5}, () -> new Object[]{-1}, () -> new Object[]{Integer.MIN_VALUE},
                        () -> new Object[]{31});
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare("mix (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
    }

    @Test
    void systemOutIsReadWhereTheCodeRuns() throws Exception {
        Method m = Jvmci.declared(CompiledConstantFieldsTest.class, "out");
        assertEquals(1, loads(m), "System.out stays a read");
        InstalledCode code = CompiledRunner.install(m);
        PrintStream original = System.out;
        assertSame(original, code.executeVarargs());
        PrintStream other = new PrintStream(new ByteArrayOutputStream());
        System.setOut(other);
        try {
            assertSame(other, code.executeVarargs(), "the stream System.setOut set");
        } finally {
            System.setOut(original);
        }
    }
}
