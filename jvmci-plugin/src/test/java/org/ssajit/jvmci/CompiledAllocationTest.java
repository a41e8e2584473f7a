package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * Allocation end to end: each {@link AllocationTargets} method compiled, installed and run on lengths
 * and values from negative (NegativeArraySizeException: the slow path's pending exception
 * deoptimizes, the interpreter throws) through empty to huge (out of memory: the VM gives nothing,
 * the interpreter throws), compared with the interpreter. New objects must be zeroed, have their
 * class (getClass, hashCode of strings built on new arrays) and survive collections.
 */
class CompiledAllocationTest {
    static final int[] VALUES = {Integer.MIN_VALUE, -1000, -1, 0, 1, 2, 3, 7, 8, 31, 63, 64, 100, 1000, 4095, 65535, 1 << 20, Integer.MAX_VALUE};

    /**
     * {@code Object.<init>} registers the objects of classes with a finalizer at its return (JDK 25
     * always does it there): with ssajit's code installed for it, for the constructors and for the
     * method that allocates, every object of the finalizable class is finalized once unreachable;
     * and so with the code compiled with inlining, {@code Object.<init>}'s registration inlined.
     * Skipping the registration leaves them unfinalized; registering every object fails in the VM.
     */
    @org.junit.jupiter.api.Test
    void objectConstructorRegistersFinalizers() throws Exception {
        // The child JVM's collector is its own default, whichever this JVM uses.
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "the child JVM runs in the first shard only");
        for (String mode : new String[]{"call", "inline"}) {
            ChildJvm.Result r = ChildJvm.run(List.of("-Xmx256m"), FinalizerRegistration.class.getName(), List.of(mode), java.time.Duration.ofMinutes(3));
            org.junit.jupiter.api.Assertions.assertFalse(r.crashed(), r::describe);
            org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), r::describe);
            org.junit.jupiter.api.Assertions.assertEquals("made=100000 finalized=100000 valid=true", r.stdout().strip(), () -> mode + ": " + r.describe());
        }
    }

    /**
     * The VM calls of ssajit's code that may run Java code before they return (a negative length's
     * exception, made by its constructors; the finalizer registration) while another thread collects
     * without pause, under each collector: the program ends, every exception has its message, the
     * code stays installed. With the compiled frame as the thread's last Java frame during such a
     * call (no stub frame between), the first collection inside the Java code dies in HotSpot
     * (reading an invoke at the {@code multianewarray}'s bci, within a second on x86). A split run
     * (the emulated AArch64 JVMs) runs one collector in each JVM, fewer rounds.
     */
    @ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("collectors")
    void vmCallsThatRunJavaSurviveCollections(String collector) throws Exception {
        boolean emulated = !System.getProperty(ChildJvm.JAVA_PROPERTY, "").isEmpty();
        int rounds = emulated ? 500 : 4_000;
        ChildJvm.Result r = ChildJvm.run(List.of(collector, "-Xmx64m"), VmCallsUnderGc.class.getName(), List.of(Integer.toString(rounds)),
                        java.time.Duration.ofMinutes(emulated ? 10 : 3));
        org.junit.jupiter.api.Assertions.assertFalse(r.crashed(), r::describe);
        org.junit.jupiter.api.Assertions.assertEquals(0, r.exitCode(), r::describe);
        long sum = 0;
        for (int i = 0; i < rounds; i++) {
            sum += (i & 15) + (i & 3) + i;
        }
        org.junit.jupiter.api.Assertions.assertEquals("thrown=" + 3 * rounds + " sum=" + sum + " valid=true", r.stdout().strip(), r::describe);
    }

    static java.util.stream.Stream<String> collectors() {
        return Shard.of(java.util.stream.Stream.of("-XX:+UseSerialGC", "-XX:+UseParallelGC", "-XX:+UseG1GC"));
    }

    static void check(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(AllocationTargets.class, name);
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (int v : VALUES) {
            in.add(() -> new Object[]{v});
        }
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated (a failed allocation must not invalidate it)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"instances", "arrays", "smallArrays", "arrayStores", "churn", "survivesCollection", "multiArrays"})
    void allocation(String name) {
        check(name);
    }
}
