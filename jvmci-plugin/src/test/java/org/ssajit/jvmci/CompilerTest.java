package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.ssajit.phases.PhaseTimes;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.options.OptionValues;

import jdk.vm.ci.code.CompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequestResult;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCICompiler;
import jdk.vm.ci.runtime.JVMCICompilerFactory;
import jdk.vm.ci.services.JVMCIServiceLocator;

/** The compiler called directly (no broker): what it answers, and that nothing escapes it. */
class CompilerTest {
    private static final HotSpotJVMCIRuntime RUNTIME = HotSpotJVMCIRuntime.runtime();

    /** The options of these tests' compilers: the defaults, with verification on. */
    private static final OptionValues OPTIONS = OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true);

    private static CompilationRequestResult compile(HotSpotResolvedJavaMethod m) {
        return compile(m, OPTIONS);
    }

    /** A request to a new compiler of its own with these options (tests running beside it are not affected). */
    private static CompilationRequestResult compile(HotSpotResolvedJavaMethod m, OptionValues options) {
        JVMCICompiler c = new SsajitCompiler(RUNTIME, options);
        return c.compileMethod(new HotSpotCompilationRequest(m, JVMCICompiler.INVOCATION_ENTRY_BCI, 0L, m.allocateCompileId(-1)));
    }

    @Test
    void serviceLocatorProvidesTheFactory() {
        List<JVMCICompilerFactory> factories = JVMCIServiceLocator.getProviders(JVMCICompilerFactory.class);
        assertTrue(factories.stream().anyMatch(f -> f.getCompilerName().equals("ssajit")), factories.toString());
    }

    /** Methods only this test compiles (the other tests install their own code for {@link Targets}). */
    static final class Subjects {
        static int triple(int x) {
            return 3 * x;
        }

        private static final java.lang.invoke.MethodHandle ID = java.lang.invoke.MethodHandles.identity(int.class);

        /** Compiled once its call site is linked (run it first): a signature-polymorphic call. */
        static int grid(int x) throws Throwable {
            return (int) ID.invokeExact(x & 3);
        }

        /** Refused by the lowering when monitors are turned off ({@code -Dssajit.Monitors=false}). */
        static synchronized int locked(int x) {
            return x + 1;
        }

        static int loop(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                s += i;
            }
            return s;
        }

        static int sumArray(int[] a) {
            int s = 0;
            for (int i = 0; i < a.length; i++) {
                s += a[i];
            }
            return s;
        }
    }

    /** Never initialized by anything: its static method must not be compiled yet (no initialization barrier). */
    static final class NotInitialized {
        static int f(int x) {
            return x + 1;
        }
    }

    private static HotSpotResolvedJavaMethod subject(Class<?> c, String name) {
        return (HotSpotResolvedJavaMethod) HandCode.method(c, name);
    }

    @Test
    void aMethodInScopeIsCompiledAndInstalled() throws Exception {
        Subjects.triple(1); // initialize the class, as for any method HotSpot finds hot
        HotSpotResolvedJavaMethod m = subject(Subjects.class, "triple");
        HotSpotCompilationRequestResult r = assertInstanceOf(HotSpotCompilationRequestResult.class, compile(m));
        assertNull(r.getFailureMessage());
        assertTrue(m.hasCompiledCode(), "the nmethod is the method's code now");
        for (int x : new int[]{0, 1, -1, 1 << 30, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            assertEquals(3 * x, Subjects.class.getDeclaredMethod("triple", int.class).invoke(null, x));
        }
    }

    private static void linkGrid() {
        try {
            Subjects.grid(1);
        } catch (Throwable t) {
            throw new AssertionError(t);
        }
    }

    @Test
    void outOfScopeIsRefusedWithTheReason() {
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(subject(Subjects.class, "locked"),
                        OPTIONS.with(LoweringOptions.MONITORS, false));
        assertNotNull(r.getFailureMessage());
        assertTrue(r.getFailureMessage().contains("synchronized method: monitors are turned off (-Dssajit.Monitors=false)"), r.getFailureMessage());
        assertFalse(r.getRetry());
    }

    /** A linked signature-polymorphic call compiles (a static call of HotSpot's adapter with the appendix). */
    @Test
    void linkedMethodHandleCallCompiles() {
        linkGrid();
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(subject(Subjects.class, "grid"));
        assertEquals(null, r.getFailureMessage());
    }

    /**
     * ssajit's own methods (from the compiler's jars or class directories) are refused unless
     * {@code -Dssajit.CompileSelf=true}; classes of the same packages from elsewhere (these tests) are
     * not its own.
     */
    @Test
    void ownCodeIsRefusedUnlessAskedFor() throws Exception {
        HotSpotResolvedJavaMethod own = subject(org.ssajit.ir.Stamp.class, "forInt");
        assertTrue(OwnCode.contains(own));
        assertTrue(OwnCode.contains(subject(org.ssajit.lowering.HotSpotLowering.class, "config")));
        assertFalse(OwnCode.contains(subject(Subjects.class, "triple")), "a test class in org.ssajit.jvmci is not the compiler's");
        assertFalse(OwnCode.contains(subject(Integer.class, "bitCount")));
        assertFalse(OwnCode.contains(subject(org.ssajit.demo.NumericKernels.class, "sieve")), "the demo program is a program");
        // In the benchmarks' shaded jar, the demo programs and the benchmarks share the compiler's location:
        // only their packages tell them apart.
        String compilerJar = OwnCode.locationOf(SsajitCompiler.class);
        assertTrue(OwnCode.isCompilerLocation(compilerJar));
        assertTrue(OwnCode.isCompilerClassName("Lorg/ssajit/ir/Graph;"));
        assertFalse(OwnCode.isCompilerClassName("Lorg/ssajit/demo/NumericKernels;"));
        assertFalse(OwnCode.isCompilerClassName("Lorg/ssajit/benchmarks/NumericBenchmarks;"));
        assertFalse(OwnCode.isCompilerClassName("Ljava/lang/String;"));
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(own);
        assertEquals("ssajit's own code (-Dssajit.CompileSelf=true compiles it)", r.getFailureMessage());
        HotSpotCompilationRequestResult self = (HotSpotCompilationRequestResult) compile(own, OPTIONS.with(SsajitOptions.COMPILE_SELF, true));
        assertTrue(self.getFailureMessage() == null || !self.getFailureMessage().contains("own code"), self.getFailureMessage());
    }

    /**
     * {@code -Dssajit.Dump}: the graph of a method the back end refuses is dumped too (there is no code
     * to dump): a synchronized method with {@code -Dssajit.Monitors=false}, refused by the lowering.
     */
    @Test
    void dumpHasTheGraphOfARefusedMethod(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Throwable {
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(subject(Subjects.class, "locked"),
                        OPTIONS.with(SsajitOptions.DUMP, dir).with(LoweringOptions.MONITORS, false));
        assertNotNull(r.getFailureMessage());
        assertTrue(r.getFailureMessage().contains("monitors are turned off"), r.getFailureMessage());
        List<String> files;
        try (var s = java.nio.file.Files.list(dir)) {
            files = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertTrue(files.stream().anyMatch(f -> f.matches("\\d+-.*Subjects\\.locked\\.ir\\.txt")), files.toString());
        assertTrue(files.stream().anyMatch(f -> f.matches("\\d+-.*Subjects\\.locked\\.dot")), files.toString());
        assertTrue(files.stream().noneMatch(f -> f.endsWith(".s")), files.toString());
    }

    /** {@code -Dssajit.Dump} of an installed method: the graph, the lowered graph (machine-level ops) and the code. */
    @Test
    void dumpHasTheLoweredGraphAndTheCodeOfAnInstalledMethod(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        Subjects.sumArray(new int[]{1, 2});
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(subject(Subjects.class, "sumArray"), OPTIONS.with(SsajitOptions.DUMP, dir));
        assertNull(r.getFailureMessage());
        java.nio.file.Path lowered;
        try (var s = java.nio.file.Files.list(dir)) {
            lowered = s.filter(p -> p.getFileName().toString().endsWith("Subjects.sumArray.lowered.ir.txt")).findFirst().orElseThrow();
        }
        String text = java.nio.file.Files.readString(lowered);
        assertTrue(text.contains(" = read ") && !text.contains("loadindexed"), text);
        try (var s = java.nio.file.Files.list(dir)) {
            assertTrue(s.anyMatch(p -> p.getFileName().toString().endsWith("Subjects.sumArray.s")));
        }
    }

    @Test
    void onStackReplacementAtTheLoopHeaderIsInstalled() {
        Subjects.loop(3);
        HotSpotResolvedJavaMethod m = subject(Subjects.class, "loop");
        // javac: 0 iconst_0, 1 istore_1, 2 iconst_0, 3 istore_2, 4 iload_2 (the loop's test), ...
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) new SsajitCompiler(RUNTIME, OPTIONS)
                        .compileMethod(new HotSpotCompilationRequest(m, 4, 0L, m.allocateCompileId(4)));
        assertNull(r.getFailureMessage());
    }

    @Test
    void onStackReplacementInsideABlockIsRefused() {
        Subjects.loop(3);
        HotSpotResolvedJavaMethod m = subject(Subjects.class, "loop");
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) new SsajitCompiler(RUNTIME, OPTIONS)
                        .compileMethod(new HotSpotCompilationRequest(m, 5, 0L, m.allocateCompileId(5)));
        assertNotNull(r.getFailureMessage());
        assertTrue(r.getFailureMessage().contains("OSR entry bci 5"), r.getFailureMessage());
        assertFalse(r.getRetry());
    }

    /** A static method of a class not initialized yet is compiled with a class-initialization barrier (InitBarrierTest). */
    @Test
    void uninitializedHolderIsCompiledWithABarrier() {
        HotSpotResolvedJavaMethod m = subject(NotInitialized.class, "f");
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(m);
        assertNull(r.getFailureMessage());
        assertFalse(m.getDeclaringClass().isInitialized(), "compiling must not initialize the class");
    }

    @Test
    void frontEndBailoutIsTheReason() {
        // An abstract method has no bytecode: the front end refuses it with its own reason.
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.META.lookupJavaType(Runnable.class).getDeclaredMethods()[0];
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) compile(m);
        assertNotNull(r.getFailureMessage());
        assertTrue(r.getFailureMessage().startsWith("bailout (no bytecode"), r.getFailureMessage());
    }

    @Test
    void aThrowableInsideBecomesARefusal() {
        JVMCICompiler c = new SsajitCompiler(RUNTIME, OPTIONS);
        // A request whose getMethod() throws stands for any bug inside the compiler.
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Targets.class, "add1");
        HotSpotCompilationRequest broken = new HotSpotCompilationRequest(m, -1, 0L, 1) {
            @Override
            public HotSpotResolvedJavaMethod getMethod() {
                throw new StackOverflowError("simulated");
            }
        };
        HotSpotCompilationRequestResult r = (HotSpotCompilationRequestResult) c.compileMethod(broken);
        assertTrue(r.getFailureMessage().startsWith("internal error in ssajit: java.lang.StackOverflowError: simulated"), r.getFailureMessage());
    }

    /**
     * Verification is a testing aid: a pipeline with the default options (a production compile's) runs
     * neither verifier, one with {@code Verify=true} (the tests', CI's, fuzzing's) runs both.
     */
    @Test
    void verifiersRunOnlyWhenAskedFor() {
        Subjects.sumArray(new int[]{1});
        HotSpotResolvedJavaMethod m = subject(Subjects.class, "sumArray");
        Pipeline production = Pipeline.host(OptionValues.DEFAULTS);
        Pipeline tested = Pipeline.host(OptionValues.DEFAULTS.with(SsajitOptions.VERIFY, true));
        production.compile(m);
        tested.compile(m);
        assertEquals(0, production.phaseTimes().nanos(PhaseTimes.Group.VERIFY_SSA));
        assertEquals(0, production.phaseTimes().nanos(PhaseTimes.Group.VERIFY_ALLOCATION));
        assertTrue(tested.phaseTimes().nanos(PhaseTimes.Group.VERIFY_SSA) > 0);
        assertTrue(tested.phaseTimes().nanos(PhaseTimes.Group.VERIFY_ALLOCATION) > 0);
    }

    @Test
    void supportedCollectorsAreSerialParallelG1ShenandoahZAndEpsilon() {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        JVMCICompiler compiler = new SsajitCompilerFactory().createCompiler(RUNTIME);
        assertTrue(compiler.isGCSupported(c.gcSerial));
        assertTrue(compiler.isGCSupported(c.gcParallel));
        assertTrue(compiler.isGCSupported(c.gcG1));
        // AMD64's entry barrier has one form (no patching type); on AArch64 both of JDK 25's types are emitted.
        assertEquals(c.nmethodPatchingType == -1 || c.nmethodPatchingType == c.nmethodPatchingStw
                        || c.nmethodPatchingType == c.nmethodPatchingConcurrent && c.patchingEpochAddress != 0, compiler.isGCSupported(c.gcShenandoah));
        // ZGC where the VM exports this target's relocation marks (JDK 25 has AMD64's and AArch64's).
        boolean zMarks = c.markZLoadGoodBeforeShl >= 0 || c.markZLoadGoodBeforeTbX >= 0 && c.nmethodPatchingType == c.nmethodPatchingConcurrent;
        assertEquals(zMarks, compiler.isGCSupported(c.gcZ), () -> SsajitCompiler.gcRefusal(c, c.gcZ));
        // Epsilon where the VM has the entry barrier's stub (JDK 25 has it under every collector).
        assertEquals(c.nmethodEntryBarrier != 0, compiler.isGCSupported(c.gcEpsilon));
        assertFalse(compiler.isGCSupported(-12345));
        assertTrue(SsajitCompiler.gcRefusal(c, -12345).contains("garbage collector is not supported"), () -> SsajitCompiler.gcRefusal(c, -12345));
    }
}
