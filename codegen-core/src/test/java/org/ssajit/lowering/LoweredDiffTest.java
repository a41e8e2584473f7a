package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.interp.DifferentialRunner;
import org.ssajit.options.OptionValues;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The lowering against HotSpot: the programs of tools' Java-level differential tests
 * ({@code org.ssajit.interp.*DiffTest}), each built in every variant, lowered (explicit null checks;
 * implicit ones on three corpora),
 * and run by the {@link org.ssajit.interp.IrInterpreter} with a {@link HotSpotMachine} on generated
 * inputs, exceptional ones included; the results, exceptions and arguments afterwards are compared
 * with HotSpot's, as the Java-level runs compare them. Lowered for the VM's collector and, with the
 * same layout, for Serial (card marks instead of G1's barriers).
 *
 * <p>A run that deoptimizes (a failed check that deoptimizes, a class not yet initialized, an
 * unresolved entry) or reaches what the machine does not simulate is not interpretable: counted,
 * printed by reason, never a failure; every mismatch is one, and so is a corpus class with too few
 * agreeing runs.
 */
class LoweredDiffTest {
    /** The VM's collector, Serial's card marks, or the VM's collector with implicit null checks (a read or write with a state faults on null). */
    enum Collector {
        VM, SERIAL, VM_IMPLICIT_NULL_CHECKS, G1_MARKING
    }

    static HotSpotLowering lowering(Collector gc) {
        OptionValues options = OptionValues.DEFAULTS.with(LoweringOptions.IMPLICIT_NULL_CHECKS, gc == Collector.VM_IMPLICIT_NULL_CHECKS);
        if (gc != Collector.SERIAL) {
            return HotSpotLowering.host(options);
        }
        JVMCIBackend b = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        HotSpotLowering host = HotSpotLowering.host(options);
        return new HotSpotLowering(host.config(), b.getMetaAccess(), b.getConstantReflection(), options, host.config().gcSerial);
    }

    /**
     * Runs every {@code @Test} method without parameters of tools' {@code org.ssajit.interp.<corpus>}
     * with every differential runner interpreting lowered graphs; returns the failures, one line each.
     */
    static Totals run(String corpus, Collector gc) throws ReflectiveOperationException {
        Class<?> c = Class.forName("org.ssajit.interp." + corpus, true, LoweredDiffTest.class.getClassLoader());
        HotSpotLowering lowering = lowering(gc);
        List<DifferentialRunner.Report> reports = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        java.lang.reflect.Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);
        List<Method> tests = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (m.isAnnotationPresent(org.junit.jupiter.api.Test.class) && m.getParameterCount() == 0 && !EXCLUDED.contains(corpus + "." + m.getName())) {
                tests.add(m);
            }
        }
        tests.sort(Comparator.comparing(Method::getName));
        var machines = gc == Collector.G1_MARKING ? HotSpotMachine.markingFactory(lowering) : HotSpotMachine.factory(lowering);
        // Locks stay LOCK and UNLOCK, which the interpreter runs as Java monitors on the real objects:
        // the machine cannot take part in the VM's lock stack and mark word (MonitorExpansionTest runs
        // the expansion over a model of them).
        boolean handlers = lowering.options().get(LoweringOptions.COMPILED_HANDLERS);
        DifferentialRunner.lowerEveryRun(g -> lowering.lower(g, handlers, p -> !p.name().equals("monitor expansion")), machines, reports::add, () -> {
            for (Method m : tests) {
                try {
                    m.setAccessible(true);
                    m.invoke(Modifier.isStatic(m.getModifiers()) ? null : k.newInstance());
                } catch (java.lang.reflect.InvocationTargetException e) {
                    failures.add(m.getName() + ": " + e.getCause());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        int executions = 0;
        int agreed = 0;
        Map<String, Integer> refused = new TreeMap<>();
        for (DifferentialRunner.Report r : reports) {
            executions += r.executions();
            agreed += r.agreed();
            r.notInterpretable().forEach((reason, n) -> refused.merge(normalized(reason), n, Integer::sum));
        }
        System.out.println(corpus + " lowered for " + gc + ": " + reports.size() + " reports, " + executions + " executions, " + agreed + " agreed");
        refused.forEach((reason, n) -> System.out.println("  not interpretable x" + n + ": " + reason));
        assertTrue(failures.isEmpty(), () -> corpus + " lowered for " + gc + ":\n" + String.join("\n", failures));
        List<String> unexpected = refused.keySet().stream().filter(r -> EXPECTED.stream().noneMatch(r::startsWith)).toList();
        assertTrue(unexpected.isEmpty(), () -> corpus + " lowered for " + gc + ": runs the machine could not follow " + unexpected);
        return new Totals(reports.size(), executions, agreed, refused);
    }

    /**
     * Why a lowered run may legitimately not be interpreted: HotSpot deoptimizes there, or it is a
     * call the interpreter cannot make (an invokedynamic or method-handle adapter). Any other reason
     * (no field of that kind at that offset, a class word not modeled, a thread word not simulated)
     * means the lowering did what the machine does not recognize: a failure.
     */
    static final List<String> EXPECTED = List.of("deoptimizes", "a lowered invokedynamic or method-handle call", "a lowered signature-polymorphic call");

    /** Tests that check the Java-level graph itself rather than running it (corpus.method). */
    static final List<String> EXCLUDED = List.of();

    record Totals(int reports, int executions, int agreed, Map<String, Integer> refused) {
    }

    /** A reason without the numbers that make every site's different. */
    static String normalized(String reason) {
        return reason.replaceAll("\\d+", "N");
    }

    @ParameterizedTest
    @ValueSource(strings = {"ArithmeticDiffTest", "ControlFlowDiffTest", "ExceptionDiffTest", "FoldDiffTest", "MemoryDiffTest", "ObjectDiffTest", "InvokeDiffTest",
                    "MonitorDiffTest", "StackShapesDiffTest", "TrickyShapesDiffTest", "FuzzDiffTest", "ResolutionDiffTest", "DynamicDiffTest", "ProfiledInliningDiffTest"})
    void corpusAgreesWithHotSpot(String corpus) throws ReflectiveOperationException {
        Totals t = run(corpus, Collector.VM);
        assertTrue(t.reports() > 0 && t.agreed() > 0, corpus + ": no lowered run agreed");
    }

    /** Serial's card marks ({@code BarrierExpansion}) instead of G1's barriers, on the corpora that store references. */
    @ParameterizedTest
    @ValueSource(strings = {"MemoryDiffTest", "ObjectDiffTest", "InvokeDiffTest", "ExceptionDiffTest"})
    void corpusAgreesWithHotSpotLoweredForSerial(String corpus) throws ReflectiveOperationException {
        Totals t = run(corpus, Collector.SERIAL);
        assertTrue(t.reports() > 0 && t.agreed() > 0, corpus + ": no lowered run agreed");
    }

    /** G1 while concurrent marking runs: the SATB pre-barrier logs every overwritten reference (G1 VMs only). */
    @ParameterizedTest
    @ValueSource(strings = {"MemoryDiffTest", "ObjectDiffTest", "InvokeDiffTest"})
    void corpusAgreesWithHotSpotWhileG1Marks(String corpus) throws ReflectiveOperationException {
        HotSpotVmConfig c = HotSpotVmConfig.host();
        org.junit.jupiter.api.Assumptions.assumeTrue(c.selectedGc() == c.gcG1, "the VM's collector is not G1");
        Totals t = run(corpus, Collector.G1_MARKING);
        assertTrue(t.reports() > 0 && t.agreed() > 0, corpus + ": no lowered run agreed");
    }

    /** Implicit null checks: the null check is the access itself; a null base deoptimizes there. */
    @ParameterizedTest
    @ValueSource(strings = {"MemoryDiffTest", "ObjectDiffTest", "ExceptionDiffTest"})
    void corpusAgreesWithHotSpotWithImplicitNullChecks(String corpus) throws ReflectiveOperationException {
        Totals t = run(corpus, Collector.VM_IMPLICIT_NULL_CHECKS);
        assertTrue(t.reports() > 0 && t.agreed() > 0, corpus + ": no lowered run agreed");
    }
}
