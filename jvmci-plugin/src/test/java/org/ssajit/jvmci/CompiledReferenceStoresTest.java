package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Reference stores end to end: each {@link StoreTargets} method compiled, installed and run, compared
 * with the interpreter (results, exceptions, and the contents of the argument arrays afterwards). The
 * store check runs over a matrix of array classes, indexes and values (ArrayStoreException,
 * ArrayIndexOutOfBounds, NullPointerException: each deoptimizes and the interpreter throws; the code
 * stays). The collector's barriers are exercised by stores of young objects into old ones followed by
 * young collections, and by references moved among old objects while collections run; under
 * {@link CompiledGcMatrixTest} this runs with heap verification under Serial, Parallel and G1 (with
 * concurrent marking), where a missing card mark or SATB entry loses an object; the {@code Cell}
 * targets exercise the same barriers without a type check.
 */
class CompiledReferenceStoresTest {
    static final int[] INTS = {0, 1, 2, 3, 6, 7, -1, 100, Integer.MIN_VALUE};

    static void check(String name, List<Supplier<Object[]>> in) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(StoreTargets.class, name);
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated (a failed check must not invalidate it)");
    }

    static List<Supplier<Object[]>> ints() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int v : INTS) {
            in.add(() -> new Object[]{v});
        }
        return in;
    }

    /**
     * A reference stored into an object the code just allocated needs no card mark where the VM
     * reduces initial card marks (its allocation slow path marks an object it placed in the old
     * generation itself), and needs one where it does not ({@code -XX:-ReduceInitialCardMarks}): the
     * flag is read from the VM. Under G1 and Serial, in child JVMs ({@link InitialCardMarks}).
     */
    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseG1GC -XX:+ReduceInitialCardMarks", "-XX:+UseG1GC -XX:-ReduceInitialCardMarks", "-XX:+UseSerialGC -XX:-ReduceInitialCardMarks"})
    void initialStoresMarkCardsUnlessTheVmReducesThem(String flags) throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "the child JVMs run in the first shard only");
        ChildJvm.Result r = ChildJvm.run(List.of(flags.split(" ")), InitialCardMarks.class.getName(), List.of(), java.time.Duration.ofMinutes(2));
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), r::describe);
        String expected = flags.contains("-ReduceInitialCardMarks") ? "byte writes=1" : "byte writes=0";
        org.junit.jupiter.api.Assertions.assertEquals(expected, r.stdout().strip(), () -> flags + ": " + r.describe());
    }

    @ParameterizedTest
    @ValueSource(strings = {"fields", "statics", "freshArrays", "constantsIntoFreshArrays"})
    void stores(String name) {
        check(name, ints());
    }

    /** Fresh arrays of classes, interfaces and arrays, and null: what {@code aastore} stores into. */
    static List<Supplier<Object[]>> arrays() {
        return List.of(() -> new Object[3], () -> new String[3], () -> new Integer[3], () -> new Number[3], () -> new Comparable<?>[3],
                        () -> new Serializable[3], () -> new CharSequence[3], () -> new int[3][], () -> new Object[3][], () -> new String[3][],
                        () -> new Cloneable[3], () -> null);
    }

    static List<Supplier<Object>> values() {
        return List.of(() -> null, () -> "s", () -> 42, () -> 4.5, () -> new int[1], () -> new Object[1], () -> new String[]{"t"}, () -> new StringBuilder("b"),
                        () -> new StoreTargets.Node(9));
    }

    @Test
    void aastoreMatrix() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Supplier<Object[]> a : arrays()) {
            for (int i : new int[]{0, 2, 3, -1}) {
                for (Supplier<Object> v : values()) {
                    in.add(() -> new Object[]{a.get(), i, v.get()});
                }
            }
        }
        check("aastore", in);
    }

    @Test
    void copyUntilOneDoesNotFit() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        List<Supplier<Object[]>> sources = List.of(() -> new Object[]{"a", "b", "c"}, () -> new Object[]{"a", 1, "c"}, () -> new String[]{"x", null, "z"},
                        () -> new Object[]{null, null}, () -> new Integer[]{1, 2, 3, 4}, () -> new Object[0]);
        for (Supplier<Object[]> from : sources) {
            for (Supplier<Object[]> to : arrays()) {
                in.add(() -> new Object[]{from.get(), to.get()});
            }
        }
        check("copy", in);
    }

    @Test
    void intoFinalElementClass() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int i : new int[]{0, 1, 2, 3, -1}) {
            for (String s : new String[]{null, "", "v"}) {
                in.add(() -> new Object[]{new String[]{"a", "b", "c"}, i, s});
            }
        }
        in.add(() -> new Object[]{null, 0, "v"});
        check("intoStrings", in);
    }

    @Test
    void rowsOfMatrices() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        List<Supplier<Object[]>> matrices = List.of(() -> new int[2][2], () -> new long[2][], () -> new Object[1][], () -> new Object[1], () -> new int[0][]);
        List<Supplier<Object>> rows = List.of(() -> new int[]{7}, () -> new long[]{8}, () -> null, () -> "x", () -> new Object[]{1});
        for (Supplier<Object[]> m : matrices) {
            for (Supplier<Object> r : rows) {
                in.add(() -> new Object[]{m.get(), r.get()});
            }
        }
        check("rows", in);
    }

    /** Young objects linked into old ones, then young collections: the cards must remember the links. */
    @Test
    void oldToYoung() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int n : new int[]{0, 5, -3}) {
            in.add(() -> {
                Object[] old = StoreTargets.aged(300);
                return new Object[]{old[0], old[1], n};
            });
        }
        check("oldToYoung", in);
    }

    @Test
    void shuffleKeepsEveryObject() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int seed : new int[]{1, 7, 12345}) {
            for (int size : new int[]{1, 2, 17, 500}) {
                in.add(() -> new Object[]{StoreTargets.ring(size), seed, 2000});
            }
        }
        check("shuffle", in);
    }

    /** {@link #oldToYoung} with typed fields: no type check, so it runs on every back end. */
    @Test
    void oldToYoungWithoutCasts() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int n : new int[]{0, 5, -3}) {
            in.add(() -> {
                Object[] old = StoreTargets.agedCells(300);
                return new Object[]{old[0], old[1], n};
            });
        }
        check("oldToYoungCells", in);
    }

    /** {@link #shuffleKeepsEveryObject} with typed fields. */
    @Test
    void shuffleWithoutCastsKeepsEveryObject() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int seed : new int[]{1, 7, 12345}) {
            for (int size : new int[]{1, 2, 17, 500}) {
                in.add(() -> new Object[]{StoreTargets.ringCells(size), seed, 2000});
            }
        }
        check("shuffleCells", in);
    }

    /**
     * The G1 barriers under concurrent marking, in a child JVM (in the first {@link Shard} only: the
     * child's flags do not depend on this JVM's collector): marking most of the time, SATB and dirty-card buffers of one entry
     * (the runtime slow paths through the register-saving stub run), heap verification before, during
     * and after collections. {@code Reference.get()} compiled keeps fetched referents alive (G1's
     * keep-alive barrier), hidden cells survive through the SATB pre-barrier.
     */
    @Test
    void g1BarriersUnderConcurrentMarking() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "the child JVM's flags are its own: run in the first shard only");
        ChildJvm.Result r = ChildJvm.run(List.of("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent", "-XX:G1SATBBufferSize=1", "-XX:G1UpdateBufferSize=1", "-Xmx256m",
                        "-XX:MaxTenuringThreshold=0", "-XX:+UnlockDiagnosticVMOptions", "-XX:+VerifyBeforeGC", "-XX:+VerifyDuringGC", "-XX:+VerifyAfterGC",
                        ChildJvm.NO_COLD_CODE_FLUSHING, "-XX:CompileCommand=quiet", "-XX:CompileCommand=exclude,org.ssajit.jvmci.StoreTargets::*"), CompiledScenarios.class.getName(), List.of("cellsHiddenWhileMarking", "referentsKeptAlive"),
                        java.time.Duration.ofMinutes(15)); // 2 to 7 minutes on the emulated arm64 JDK, 20 s on x86
        org.junit.jupiter.api.Assertions.assertFalse(r.crashed(), r::describe);
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), r::describe);
        assertTrue(r.stdout().contains("PASS cellsHiddenWhileMarking\n") && r.stdout().contains("PASS referentsKeptAlive\n"), r::describe);
    }
}
