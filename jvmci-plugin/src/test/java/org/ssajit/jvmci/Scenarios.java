package org.ssajit.jvmci;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.ssajit.codegen.CompiledCode;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The checks that prove installed hand-assembled code works against a live HotSpot: each installs code
 * for a {@link Targets} method directly into the code cache (no compile broker), calls the method the
 * ordinary way and compares with Java's result. Each throws {@link AssertionError} on failure.
 *
 * <p>JUnit runs them in the test JVM ({@link InstalledCodeTest}); {@link #main} runs them in child JVMs
 * started with other collectors and stress flags ({@link GcMatrixTest}) and prints {@code PASS <name>}
 * per scenario.
 */
public final class Scenarios {
    private static final Installer INSTALLER = Installer.host();
    /** A sink so allocation loops are not optimized away. */
    static volatile Object sink;

    private Scenarios() {
    }

    static InstalledCode install(ResolvedJavaMethod m, CompiledCode code) {
        InstalledCode installed = INSTALLER.installDirect(m, code);
        check(installed.isValid(), "installed code for " + m + " is not valid");
        return installed;
    }

    /** Calls from Java enter the installed code: it returns x + 1000 where the bytecode returns x. */
    static void marker() throws InvalidInstalledCodeException {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "marker");
        InstalledCode code = install(m, HandCode.addConstant(m, 1000));
        for (int k = -5000; k < 50_000; k++) {
            int r = Targets.marker(k);
            check(r == k + 1000, "marker(" + k + ") = " + r + ", installed code not entered");
        }
        check((Integer) code.executeVarargs(7) == 1007, "executeVarargs(7) != 1007");
        check(code.isValid(), "marker code invalidated");
    }

    /** {@code add1}: entry barrier, frame, return poll; many calls, optionally with GCs in between. */
    static void add1(boolean withGc) {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "add1");
        InstalledCode code = install(m, HandCode.addConstant(m, 1));
        int[] edges = {Integer.MIN_VALUE, -1, 0, 1, Integer.MAX_VALUE - 1, Integer.MAX_VALUE};
        for (int x : edges) {
            check(Targets.add1(x) == x + 1, "add1(" + x + ")");
        }
        long seed = 42;
        for (int k = 0; k < 400_000; k++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int x = (int) (seed >>> 32);
            int r = Targets.add1(x);
            check(r == x + 1, "add1(" + x + ") = " + r);
            if (withGc && k % 40_000 == 0) {
                System.gc();
            }
        }
        check(code.isValid(), "add1 code invalidated");
    }

    /**
     * A loop with a safepoint poll runs while another thread forces GCs (each a safepoint; full GCs
     * move the young objects the loop holds in registers). The loop must see the gate opened through
     * the moved gate and write its results into the moved {@code out}: both need the reference map at
     * the poll. Then a null gate, a null or short array take the uncommon trap at bci 0.
     */
    static void spinWithGc() throws InterruptedException {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "spin");
        InstalledCode code = install(m, HandCode.spin(m));
        for (int round = 0; round < 3; round++) {
            Targets.Gate gate = new Targets.Gate();
            long[] out = new long[2];
            Spinner t = runSpin(gate, out, false);
            awaitTopFrame(t.thread(), "spin"); // the collections below must find it in the loop
            for (int gc = 0; gc < 4; gc++) {
                garbage();
                System.gc();
            }
            gate.open = 1;
            join(t, "spin");
            checkSpinResult(out);
        }
        Targets.Gate open = new Targets.Gate();
        open.open = 1;
        expectThrows(NullPointerException.class, () -> Targets.spin(null, new long[2]));
        expectThrows(NullPointerException.class, () -> Targets.spin(open, null));
        expectThrows(ArrayIndexOutOfBoundsException.class, () -> Targets.spin(open, new long[1]));
        long[] out = new long[2];
        Targets.spin(open, out);
        check(out[0] == 0 && out[1] == 0, "spin with an open gate");
        check(code.isValid(), "spin code invalidated by Action.None traps");
    }

    /**
     * The code of a running loop is invalidated: HotSpot deoptimizes the frame at its next safepoint
     * poll (through the deopt handler and the rescue slot), and the interpreter continues the loop
     * from the poll's frame state, with the same counter and sum. No sleeping: the invalidation waits
     * until the spinner's top frame is the compiled loop, and the gate opens only after a handshake
     * with the spinner (a stack walk, at its poll) after the invalidation. GcMatrixTest finds the
     * deoptimization at the loop header in HotSpot's trace.
     */
    static void spinDeoptimized() throws InterruptedException {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "spinDeopt");
        InstalledCode code = install(m, HandCode.spin(m));
        Targets.Gate gate = new Targets.Gate();
        long[] out = new long[2];
        Spinner t = runSpin(gate, out, true);
        awaitTopFrame(t.thread(), "spinDeopt");
        code.invalidate(); // deoptimizes active frames
        // isValid() may still answer true here on JDK 25; isAlive() is cleared by invalidate(true).
        check(!code.isAlive(), "invalidated code still alive");
        awaitTopFrame(t.thread(), "spinDeopt"); // a handshake: the spinner passed a poll since the invalidation
        gate.open = 1;
        join(t, "spinDeopt");
        checkSpinResult(out);
    }

    /** Deoptimization with values in registers, spill slots and constants, at entry and mid-method. */
    static void mix() {
        Object[] objects = {new Object(), "ssajit", 12345, List.of(1, 2, 3)};
        long[] bs = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x1234_5678_9abc_def0L};
        int[] as = {0, 1, -7, Integer.MIN_VALUE, Integer.MAX_VALUE, 1 << 20};
        for (HandCode.MixTrap where : HandCode.MixTrap.values()) {
            String name = switch (where) {
                case ENTRY -> "mixAtEntry";
                case MUL -> "mixAtMul";
                case CALL -> "mixAtCall";
            };
            ResolvedJavaMethod m = HandCode.method(Targets.class, name);
            InstalledCode code = install(m, HandCode.mix(m, where));
            int calls = 0;
            for (int a : as) {
                for (long b : bs) {
                    for (Object o : objects) {
                        long expected = Targets.Reference.mix(a, b, o);
                        long actual = switch (where) {
                            case ENTRY -> Targets.mixAtEntry(a, b, o);
                            case MUL -> Targets.mixAtMul(a, b, o);
                            case CALL -> Targets.mixAtCall(a, b, o);
                        };
                        check(actual == expected, name + "(" + a + ", " + b + ", " + o + ") = " + actual + ", expected " + expected);
                        if (++calls % 50 == 0) {
                            System.gc(); // oops in the deoptimized frames were found and kept
                        }
                    }
                }
            }
            check(code.isValid(), name + " code invalidated by Action.None traps");
        }
    }

    /** Division: compiled fast path, MIN_VALUE / -1, and division by zero thrown by the interpreter after a trap. */
    static void div() {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "div");
        InstalledCode code = install(m, HandCode.div(m, DeoptimizationAction.None));
        int[] values = {0, 1, -1, 2, -2, 7, -7, 1000, Integer.MIN_VALUE, Integer.MAX_VALUE};
        for (int round = 0; round < 200; round++) {
            for (int a : values) {
                for (int b : values) {
                    if (b == 0) {
                        ArithmeticException e = expectThrows(ArithmeticException.class, () -> Targets.div(a, b));
                        check("/ by zero".equals(e.getMessage()), "message " + e.getMessage());
                    } else {
                        check(Targets.div(a, b) == a / b, "div(" + a + ", " + b + ")");
                    }
                }
            }
        }
        check(code.isValid(), "div code invalidated by Action.None traps");

        ResolvedJavaMethod mi = HandCode.method(Targets.class, "divInvalidating");
        InstalledCode invalidating = install(mi, HandCode.div(mi, DeoptimizationAction.InvalidateRecompile));
        check(Targets.divInvalidating(7, 2) == 3, "divInvalidating(7, 2)");
        check(invalidating.isValid(), "divInvalidating invalid before any trap");
        expectThrows(ArithmeticException.class, () -> Targets.divInvalidating(1, 0));
        check(!invalidating.isValid(), "an InvalidateRecompile trap must invalidate the code");
        check(Targets.divInvalidating(-9, 2) == -4, "divInvalidating after invalidation");
    }

    /**
     * An exception thrown into the compiled frame by a VM stub it called comes back through the
     * exception handler entry, which deoptimizes; the interpreter runs the catch block.
     */
    static void exceptionHandler() {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "guarded");
        InstalledCode code = install(m, HandCode.guarded(m));
        for (int x = -500; x < 500; x++) {
            int r = Targets.guarded(x);
            check(r == -x, "guarded(" + x + ") = " + r + ", expected the catch block's " + -x);
        }
        check(code.isValid(), "guarded code invalidated");
    }

    /**
     * Recursion that calls the installed {@code add1} at every level until the stack overflows: the
     * prologue's stack bang must turn an overflow into StackOverflowError, not a crash.
     */
    static void stackOverflow() {
        ResolvedJavaMethod m = HandCode.method(Targets.class, "add1");
        install(m, HandCode.addConstant(m, 1));
        for (int round = 0; round < 20; round++) {
            int[] depth = {0};
            try {
                recurse(depth, round);
                throw new AssertionError("no StackOverflowError");
            } catch (StackOverflowError expected) {
                check(depth[0] > 100, "overflowed at depth " + depth[0]);
            }
        }
        check(Targets.add1(1) == 2, "add1 after stack overflows");
    }

    private static int recurse(int[] depth, int pad) {
        depth[0]++;
        int x = Targets.add1(depth[0]);
        // Vary the frame a little so the overflow hits at different offsets.
        long p0 = pad;
        long p1 = pad * 3L;
        return recurse(depth, pad) + x + (int) (p0 + p1);
    }

    // ------------------------------------------------------------------------------------------

    /** A thread running a spin target, and what it threw, if anything. */
    private record Spinner(Thread thread, AtomicReference<Throwable> failure) {
        boolean isAlive() {
            return thread.isAlive();
        }
    }

    private static Spinner runSpin(Targets.Gate gate, long[] out, boolean deopt) {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                if (deopt) {
                    Targets.spinDeopt(gate, out);
                } else {
                    Targets.spin(gate, out);
                }
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "spinner");
        t.setDaemon(true); // a stale oop would keep it spinning forever; the JVM must still exit
        t.start();
        return new Spinner(t, failure);
    }

    /**
     * Waits until {@code method} is the top frame of {@code t} (a stack walk is a handshake: the
     * thread stops at a poll while it is taken). Fails after 60 s.
     */
    static void awaitTopFrame(Thread t, String method) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            check(t.isAlive(), t.getName() + " ended before " + method + " ran");
            StackTraceElement[] st = t.getStackTrace();
            if (st.length > 0 && st[0].getMethodName().equals(method)) {
                return;
            }
            Thread.sleep(1);
        }
        check(false, t.getName() + " never ran " + method);
    }

    private static void join(Spinner s, String what) throws InterruptedException {
        s.thread().join(60_000);
        check(!s.isAlive(), what + " still spinning 60 s after the gate opened: did it lose track of the moved gate?");
        if (s.failure().get() != null) {
            throw new AssertionError(what + " threw", s.failure().get());
        }
    }

    /** out[1] must be 0 + 1 + ... + (out[0] - 1), wrapping like Java's long arithmetic. */
    private static void checkSpinResult(long[] out) {
        long n = out[0];
        check(n > 0, "loop ran " + n + " iterations");
        long expected = (n % 2 == 0) ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
        check(out[1] == expected, "sum after " + n + " iterations is " + out[1] + ", expected " + expected);
    }

    private static void garbage() {
        for (int i = 0; i < 2000; i++) {
            sink = new byte[1024];
        }
    }

    interface ThrowingRunnable {
        void run() throws Throwable;
    }

    static <T extends Throwable> T expectThrows(Class<T> type, ThrowingRunnable r) {
        try {
            r.run();
        } catch (Throwable t) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
            throw new AssertionError("expected " + type.getName() + ", got " + t, t);
        }
        throw new AssertionError("expected " + type.getName() + ", nothing thrown");
    }

    static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }

    /** Every scenario, by name. */
    static Map<String, ThrowingRunnable> all() {
        Map<String, ThrowingRunnable> m = new LinkedHashMap<>();
        m.put("marker", Scenarios::marker);
        m.put("add1", () -> add1(false));
        m.put("add1-gc", () -> add1(true));
        m.put("spin-gc", Scenarios::spinWithGc);
        m.put("spin-deopt", Scenarios::spinDeoptimized);
        m.put("mix", Scenarios::mix);
        m.put("div", Scenarios::div);
        m.put("exception-handler", Scenarios::exceptionHandler);
        m.put("stack-overflow", Scenarios::stackOverflow);
        return m;
    }

    /** Runs the named scenarios (all without arguments); exit status 1 on the first failure. */
    public static void main(String[] args) {
        Map<String, ThrowingRunnable> all = all();
        List<String> names = args.length == 0 ? new ArrayList<>(all.keySet()) : List.of(args);
        for (String name : names) {
            ThrowingRunnable r = all.get(name);
            if (r == null) {
                System.out.println("UNKNOWN " + name);
                System.exit(2);
            }
            try {
                r.run();
                System.out.println("PASS " + name);
            } catch (Throwable t) {
                System.out.println("FAIL " + name + ": " + t);
                t.printStackTrace(System.out);
                System.exit(1);
            }
        }
    }
}
