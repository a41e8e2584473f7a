package org.ssajit.jvmci;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.ssajit.amd64.lir.Amd64Backend;
import org.ssajit.amd64.lir.SpillAllAllocator;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.Graph;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Compiles a method with ssajit's {@link Pipeline} (linear scan) or, to test the back end with every
 * value in memory, with the test-only {@link SpillAllAllocator}; installs it; runs a method on argument
 * lists and records what happened, so the same calls can be compared before and after the
 * installation (the interpreter before is the oracle).
 */
final class CompiledRunner {
    private static final Installer INSTALLER = Installer.host();

    /** How variables get locations. Set by the test class before it compiles anything. */
    enum Allocation {
        /** The compiler's own: linear scan on SSA, verified. */
        LINEAR_SCAN,
        /**
         * As {@link #LINEAR_SCAN}, with the legacy SSE encodings even where the host has AVX, and the bit
         * counts without LZCNT and BMI1 (as on a baseline x86-64).
         */
        LINEAR_SCAN_SSE,
        /** Test-only: every variable in its own stack slot; frame states name the slots. */
        SPILL_ALL,
        /** Test-only: as {@link #SPILL_ALL}, but frame states name registers (loaded before each state). */
        SPILL_ALL_STATES_IN_REGISTERS
    }

    static volatile Allocation allocation = Allocation.LINEAR_SCAN;

    private static final Pipeline PIPELINE = Pipeline.host();
    /** The host's back end (AMD64 or AArch64: the tests run on either). */
    private static final Backend BACKEND = PIPELINE.backend();
    /** AMD64 with the legacy SSE encodings; elsewhere the same as {@link #PIPELINE}. */
    private static final Pipeline PIPELINE_SSE = BACKEND instanceof Amd64Backend a ? PIPELINE.withBackend(baseline(a)) : PIPELINE;

    private static Amd64Backend baseline(Amd64Backend a) {
        return a.withAvx(false).without(jdk.vm.ci.amd64.AMD64.CPUFeature.LZCNT, jdk.vm.ci.amd64.AMD64.CPUFeature.BMI1);
    }

    /** How a back end's refusal of an op it does not compile yet ends ({@code Aarch64Scope}). */

    private CompiledRunner() {
    }

    /** The result of one call: return value or exception, and the arguments as they were afterwards. */
    record Outcome(String result, String thrown, String argsAfter) {
        @Override
        public String toString() {
            return (thrown != null ? "threw " + thrown : "returned " + result) + (argsAfter.isEmpty() ? "" : ", args after " + argsAfter);
        }
    }

    static CompiledCode compile(ResolvedJavaMethod m) {
        return compile(m, null);
    }

    /** As {@link #compile(ResolvedJavaMethod)}, with {@code pipeline} (a test's own options) instead of {@link Pipeline#host()}, if not null. */
    static CompiledCode compile(ResolvedJavaMethod m, Pipeline pipeline) {
        Allocation a = allocation;
        Pipeline p = pipeline != null ? pipeline : PIPELINE;
        if (a == Allocation.LINEAR_SCAN) {
            return p.compile(m).code();
        }
        if (a == Allocation.LINEAR_SCAN_SSE) {
            return pipeline == null ? PIPELINE_SSE.compile(m).code() : BACKEND instanceof Amd64Backend b ? p.withBackend(baseline(b)).compile(m).code() : p.compile(m).code();
        }
        Graph g = p.lower(p.build(m));
        return BACKEND.compile(g, m.format("%H.%n"), lir -> {
            if (a == Allocation.SPILL_ALL_STATES_IN_REGISTERS) {
                SpillAllAllocator.allocateStatesInRegisters(lir);
            } else {
                SpillAllAllocator.allocate(lir);
            }
        });
    }

    static InstalledCode install(java.lang.reflect.Executable m) {
        return install(m, null);
    }

    /** As {@link #install(java.lang.reflect.Executable)}, compiled by {@code pipeline} (a test's own options) if not null. */
    static InstalledCode install(java.lang.reflect.Executable m, Pipeline pipeline) {
        try {
            // As for any method HotSpot finds hot: its class has been initialized by then.
            Class.forName(m.getDeclaringClass().getName(), true, m.getDeclaringClass().getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new AssertionError(e);
        }
        ResolvedJavaMethod rm = Jvmci.method(m);
        CompiledCode compiled = compile(rm, pipeline);
        InstalledCode code = (pipeline == null ? INSTALLER : INSTALLER.withFaults(pipeline.faults())).installDirect(rm, compiled);
        if (!code.isValid()) {
            throw new AssertionError("installed code for " + m + " is not valid");
        }
        return code;
    }

    /**
     * Calls {@code m} (whatever code HotSpot runs for it) with fresh arguments from each supplier list;
     * for an instance method the first argument is the receiver (never null).
     */
    static List<Outcome> callAll(Method m, List<Supplier<Object[]>> inputs) {
        List<Outcome> out = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            Object[] args = in.get();
            try {
                Object r = java.lang.reflect.Modifier.isStatic(m.getModifiers()) ? m.invoke(null, args)
                                : m.invoke(args[0], java.util.Arrays.copyOfRange(args, 1, args.length));
                out.add(outcome(r, null, args));
            } catch (InvocationTargetException e) {
                out.add(outcome(null, e.getCause(), args));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    /** Calls the installed code directly (it runs even if a caller inlined the method). */
    static List<Outcome> executeAll(InstalledCode code, List<Supplier<Object[]>> inputs) {
        List<Outcome> out = new ArrayList<>();
        for (Supplier<Object[]> in : inputs) {
            Object[] args = in.get();
            try {
                out.add(outcome(code.executeVarargs(args), null, args));
            } catch (InvalidInstalledCodeException e) {
                throw new AssertionError("installed code invalidated: " + code, e);
            } catch (Throwable t) {
                out.add(outcome(null, t, args));
            }
        }
        return out;
    }

    private static Outcome outcome(Object result, Throwable thrown, Object[] args) {
        StringBuilder sb = new StringBuilder();
        for (Object a : args) {
            if (a != null && (a.getClass().isArray() || a instanceof CompiledTargets.Holder || a instanceof GeneratedFields || a instanceof EndToEndCorpus.Box)) {
                sb.append(sb.isEmpty() ? "" : " ").append(CompiledTargets.render(a));
            }
        }
        return new Outcome(result == null ? null : CompiledTargets.render(result), thrown == null ? null : thrown.getClass().getName(), sb.toString());
    }
}
