package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;

/**
 * Exceptions that no handler of a compiled method takes leave its frame for the caller's handler
 * ({@code HotSpotOp.UNWIND}, {@code CallTarget.unwinds}) instead of deoptimizing it. {@link UnwindTargets}
 * run in the interpreter, then with every method of the class installed as ssajit's code, called
 * through reflection (an interpreted or compiled caller) and through the installed code (the call
 * stub): results, exceptions with their messages and stack traces, side effects and the lock of the
 * synchronized targets must be the interpreter's. A child JVM then shows that the frames are not
 * deoptimized: with unwinding off, the same program deoptimizes them.
 */
class ExceptionUnwindingTest {
    private static final int[] KS = {-1, 0, 1, 2, 3, 4, 5, 6, 7, 9};

    private static List<Object[]> inputs(Method m) {
        List<Object[]> in = new ArrayList<>();
        Class<?>[] p = m.getParameterTypes();
        for (int k : KS) {
            if (p.length == 1) {
                in.add(new Object[]{k});
            } else if (p[0] == int.class) {
                for (int n : new int[]{0, 1, 5, 40}) {
                    in.add(new Object[]{n, k});
                }
            } else if (p[0] == RuntimeException.class) {
                in.add(new Object[]{null, k});
                in.add(new Object[]{new IllegalArgumentException("given"), k});
            } else {
                in.add(new Object[]{null, k});
                in.add(new Object[]{new UnwindTargets.Thrower(), k});
                in.add(new Object[]{new UnwindTargets.Doubler(), k});
            }
        }
        return in;
    }

    /** What a call did: its result or exception (class, message, the frames of the targets), effects, the lock. */
    private static String outcome(Object result, Throwable thrown) {
        StringBuilder sb = new StringBuilder();
        if (thrown == null) {
            sb.append("returned ").append(result);
        } else {
            sb.append("threw ").append(thrown.getClass().getName()).append(": ").append(thrown.getMessage()).append(" at");
            for (StackTraceElement e : thrown.getStackTrace()) {
                if (e.getClassName().startsWith(UnwindTargets.class.getName())) {
                    sb.append(' ').append(e.getMethodName()).append(':').append(e.getLineNumber());
                }
            }
        }
        sb.append(", effects ").append(UnwindTargets.effects);
        if (Thread.holdsLock(UnwindTargets.class)) {
            sb.append(", LOCK STILL HELD");
        }
        return sb.toString();
    }

    private static List<String> callAll(Method m, List<Object[]> in) {
        List<String> out = new ArrayList<>();
        for (Object[] args : in) {
            UnwindTargets.effects = 0;
            try {
                out.add(outcome(m.invoke(null, args), null));
            } catch (InvocationTargetException e) {
                out.add(outcome(null, e.getCause()));
            } catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
        }
        return out;
    }

    private static List<String> executeAll(InstalledCode code, List<Object[]> in) {
        List<String> out = new ArrayList<>();
        for (Object[] args : in) {
            UnwindTargets.effects = 0;
            try {
                out.add(outcome(code.executeVarargs(args), null));
            } catch (InvalidInstalledCodeException e) {
                throw new AssertionError("installed code invalidated: " + code, e);
            } catch (Throwable t) {
                out.add(outcome(null, t));
            }
        }
        return out;
    }

    /** Installs ssajit's code for every method of the targets (the top-level one returned). */
    private static Map<String, InstalledCode> installAll() {
        Map<String, InstalledCode> codes = new TreeMap<>();
        for (Class<?> c : new Class<?>[]{UnwindTargets.class, UnwindTargets.Thrower.class, UnwindTargets.Doubler.class}) {
            for (Method m : c.getDeclaredMethods()) {
                if (!m.isSynthetic()) {
                    codes.put(c.getSimpleName() + "." + m.getName(), CompiledRunner.install(m));
                }
            }
        }
        return codes;
    }

    static java.util.stream.Stream<String> targets() {
        return Shard.of(java.util.stream.Stream.of("thrower", "through", "sixCalls", "throwIt", "catchesSome", "catchesAll", "locked", "lockedBlock", "deep",
                        "viaInterface"));
    }

    @ParameterizedTest
    @MethodSource("targets")
    void exceptionsLeaveCompiledFramesAsInTheInterpreter(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(UnwindTargets.class, name);
        List<Object[]> in = inputs(m);
        List<String> expected = callAll(m, in);
        // Each target both returns and throws, but catchesAll, whose handler takes everything.
        assertTrue(expected.stream().anyMatch(s -> s.startsWith("threw")) != name.equals("catchesAll") && expected.stream().anyMatch(s -> s.startsWith("returned")),
                        name + ": " + expected);
        Map<String, InstalledCode> codes = installAll();
        List<String> called = callAll(m, in);
        List<String> executed = executeAll(codes.get("UnwindTargets." + name), in);
        for (int i = 0; i < in.size(); i++) {
            String args = java.util.Arrays.toString(in.get(i));
            assertEquals(expected.get(i), called.get(i), name + args + " (method called)");
            assertEquals(expected.get(i), executed.get(i), name + args + " (installed code executed)");
        }
        for (var e : codes.entrySet()) {
            assertTrue(e.getValue().isValid(), e.getKey() + ": code invalidated");
        }
    }

    /**
     * The same calls in a child JVM that logs deoptimizations and the exceptions the interpreter
     * handles: once the targets are installed, none of their frames is deoptimized or handles an
     * exception in the interpreter (the null athrow of {@code throwIt} and the synchronized targets,
     * which deoptimize by design, are left out); the callers' handlers (interpreted, then C1's code)
     * catch what leaves them. With {@code UnwindExceptions=false} (the program's compiles' option) the same program deoptimizes
     * them: the interpreter rethrows in each. The program's checksum is the same both ways (the
     * child compiles with inlining on: {@code thrower}'s athrow leaves its callers' frames too).
     */
    @Test
    void framesAreNotDeoptimizedWhereExceptionsUnwind() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(Shard.isFirst(), "one shard of a split run runs the child JVMs");
        List<String> checksums = new ArrayList<>();
        List<String> with = interpreted(true, checksums);
        assertTrue(with.isEmpty(), "with unwinding: " + with.size() + " lines, first " + with.subList(0, Math.min(5, with.size())));
        List<String> without = interpreted(false, checksums);
        assertEquals(checksums.get(1), checksums.get(0), "the program's checksum with unwinding, against the interpreter's unwinding");
        for (String m : new String[]{"'thrower'", "'through'", "'sixCalls'", "'throwIt'", "'catchesSome'", "'deep'", "'viaInterface'", "'apply'"}) {
            assertTrue(without.stream().anyMatch(l -> l.contains(m)), m + " not in the interpreter with unwinding off");
        }
    }

    /** The child's log lines, once the targets are installed, of deoptimizations of and exceptions in the interpreter in the targets. */
    private static List<String> interpreted(boolean unwinding, List<String> checksums) throws Exception {
        ChildJvm.Result r = ChildJvm.run(List.of("-Xlog:deoptimization=debug,exceptions=info:stdout", "-XX:CompileCommand=quiet",
                        "-XX:CompileCommand=exclude,org.ssajit.jvmci.UnwindTargets*::*"), UnwindingProgram.class.getName(), List.of(String.valueOf(unwinding)),
                        Duration.ofMinutes(3));
        assertFalse(r.crashed(), r.describe());
        assertEquals(0, r.exitCode(), r.describe());
        String out = r.stdout();
        int installed = out.indexOf("\ninstalled\n");
        assertTrue(installed >= 0 && out.contains("unwinding program done"), r.describe());
        List<String> lines = new ArrayList<>();
        for (String l : out.substring(installed).split("\n")) {
            if (l.startsWith("checksum ")) {
                checksums.add(l);
            }
            // A method of the targets, not one whose signature names them.
            if (l.contains("thrown in interpreter method") && l.contains("in 'org/ssajit/jvmci/UnwindTargets")
                            || l.contains("trap_bci") && l.contains(" org.ssajit.jvmci.UnwindTargets")) {
                lines.add(l);
            }
        }
        return lines;
    }
}
