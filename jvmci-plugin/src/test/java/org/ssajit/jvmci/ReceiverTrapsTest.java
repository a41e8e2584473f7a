package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.Inlining;
import org.ssajit.testing.Jvmci;
import org.ssajit.testing.Profiles;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * A virtual or interface call inlined for every receiver class its profile recorded deoptimizes for
 * any other receiver instead of calling ({@link Inlining#RECEIVER_TRAPS}). Each target is warmed with
 * some classes, compiled with the option on (the graph must have the trap and no call), and its
 * installed code run with the classes seen, then with another class and with null: every result and
 * every exception must be HotSpot's own (the interpreter re-executes the invoke from the trap's
 * state, so a state without the arguments, or the values below them, gives other results). A class
 * seen deoptimizes nothing and the code stays; another deoptimizes and invalidates it. HotSpot counts
 * the reason in the method's profile, and compiled again the method calls for other receivers.
 */
class ReceiverTrapsTest {
    private static final OptionValues TRAPS = Pipeline.TEST_OPTIONS.with(Inlining.INLINE, true).with(Inlining.RECEIVER_TRAPS, true);

    private static Method target(String name) {
        return Jvmci.declared(ReceiverTrapTargets.class, name);
    }

    private static long count(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(v -> v instanceof Instruction i && i.op() == op).count();
    }

    private static long receiverTraps(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream())
                        .filter(v -> v instanceof Instruction i && i.op() == Op.UNCOMMON_TRAP && i.attribute(DeoptimizationReason.class) == DeoptimizationReason.TypeCheckedInliningViolated)
                        .count();
    }

    /**
     * Compiles the warmed {@code name} with receiver traps, checks the graph has {@code traps} of them
     * and no call left, and runs its installed code on {@code seen} (the code must stay valid) and on
     * each of {@code unseen} (each on code of its own, which it must invalidate), comparing with
     * HotSpot's outcomes.
     */
    private static void run(String name, List<Object[]> seen, List<Object[]> unseen, Warming warm) throws Exception {
        Method m = target(name);
        ResolvedJavaMethod rm = Jvmci.method(m);
        Pipeline p = Pipeline.host(TRAPS);
        Graph g = p.build(rm);
        assertEquals(1, g.receiverTrapCount(), () -> name + ": no receiver trap\n" + g);
        assertEquals(1, receiverTraps(g), () -> name + "\n" + g);
        assertEquals(0, count(g, Op.INVOKE), () -> name + ": a call left for other receivers\n" + g);
        org.ssajit.codegen.CompiledCode compiled = CompiledRunner.compile(rm, p);
        List<String> expectedSeen = new ArrayList<>();
        for (Object[] a : seen) {
            expectedSeen.add(Outcomes.of(m, a));
        }
        List<String> expectedUnseen = new ArrayList<>();
        for (Object[] a : unseen) {
            expectedUnseen.add(Outcomes.of(m, a));
        }
        InstalledCode code = Installer.host().installDirect(rm, compiled);
        assertTrue(code.isValid(), name + ": installed code not valid");
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(expectedSeen.get(i), Outcomes.of(code, seen.get(i)), name + " on a receiver seen");
        }
        assertTrue(code.isValid(), name + ": a receiver seen invalidated the code");
        for (int i = 0; i < unseen.size(); i++) {
            InstalledCode fresh = i == 0 ? code : Installer.host().installDirect(rm, compiled);
            assertEquals(expectedUnseen.get(i), Outcomes.of(fresh, unseen.get(i)), name + " on a receiver never seen: " + java.util.Arrays.toString(unseen.get(i)));
            assertFalse(fresh.isValid(), name + ": a receiver never seen did not deoptimize (the code is still valid)");
        }
        // HotSpot counted the reason in the method's profile: profiled again with the classes it saw
        // before (the trap reprofiles the method) and compiled again, the call stays.
        assertTrue(rm.getProfilingInfo().getDeoptimizationCount(DeoptimizationReason.TypeCheckedInliningViolated) > 0, name + ": HotSpot counted no deoptimization");
        warm.run();
        assertTrue(rm.getProfilingInfo().getDeoptimizationCount(DeoptimizationReason.TypeCheckedInliningViolated) > 0, name + ": the count is gone");
        Graph again = Pipeline.host(TRAPS).build(rm);
        assertEquals(0, again.receiverTrapCount(), () -> name + ": a receiver trap again after one deoptimized\n" + again);
        assertEquals(1, count(again, Op.INVOKE), () -> name + ": no call for other receivers\n" + again);
    }

    /** Warms a target until its profile says what the test needs. */
    private interface Warming {
        void run() throws InterruptedException;
    }

    /**
     * Runs {@code call} until {@code m}'s profile records {@code classes} receiver classes at its first
     * virtual or interface call, without reprofiling {@code m} (which would clear the deoptimization
     * counts too): after the trap, HotSpot has reprofiled it itself. {@code m} was warmed by {@link
     * Profiles} first, which keeps it in the interpreter.
     */
    private static void rewarm(ResolvedJavaMethod m, int classes, java.util.function.IntSupplier call) {
        int bci = Profiles.firstVirtualCall(m);
        long start = System.nanoTime();
        long sink = 0;
        while (true) {
            var t = m.getProfilingInfo().getTypeProfile(bci);
            if (t != null && t.getTypes().length >= classes) {
                return;
            }
            assertTrue(System.nanoTime() - start < 120_000_000_000L, () -> "no receiver profile of " + m + " again after 2 minutes");
            for (int k = 0; k < 1_000; k++) {
                sink += call.getAsInt();
            }
        }
    }

    @Test
    void oneClassInALoop() throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(target("monomorphic"));
        ReceiverTrapTargets.Shape[] squares = {new ReceiverTrapTargets.Square(2), new ReceiverTrapTargets.Square(5), new ReceiverTrapTargets.Square(-3)};
        int[] n = {0};
        java.util.function.IntSupplier call = () -> ReceiverTrapTargets.monomorphic(squares, n[0]++);
        Profiles.warmUntilProfiled(rm, 1, call);
        Warming warm = () -> rewarm(rm, 1, call);
        ReceiverTrapTargets.Shape[] mixed = {new ReceiverTrapTargets.Square(4), new ReceiverTrapTargets.Circle(3), new ReceiverTrapTargets.Square(1)};
        ReceiverTrapTargets.Shape[] late = {new ReceiverTrapTargets.Square(4), new ReceiverTrapTargets.Square(6), new ReceiverTrapTargets.Strip()};
        ReceiverTrapTargets.Shape[] withNull = {new ReceiverTrapTargets.Square(4), null};
        run("monomorphic", List.<Object[]>of(new Object[] {squares, 7}, new Object[] {new ReceiverTrapTargets.Shape[0], 1}),
                        List.<Object[]>of(new Object[] {mixed, 9}, new Object[] {late, -2}, new Object[] {withNull, 3}), warm);
    }

    /**
     * Two classes; the receiver never seen is null, which the interpreter throws for before it profiles
     * the call: the profile after the trap is the one before, and only the deoptimization HotSpot
     * counted keeps the trap out of the code compiled again.
     */
    @Test
    void twoClasses() throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(target("bimorphic"));
        ReceiverTrapTargets.Shape[] two = {new ReceiverTrapTargets.Square(3), new ReceiverTrapTargets.Circle(2)};
        int[] n = {0};
        java.util.function.IntSupplier call = () -> ReceiverTrapTargets.bimorphic(two[n[0]++ & 1], n[0]);
        Profiles.warmUntilProfiled(rm, 2, call);
        Warming warm = () -> rewarm(rm, 2, call);
        run("bimorphic", List.<Object[]>of(new Object[] {two[0], 1}, new Object[] {two[1], Integer.MAX_VALUE}),
                        List.<Object[]>of(new Object[] {null, 5}), warm);
    }

    /**
     * A profile that counted a class beyond its rows (HotSpot's TypeProfileWidth is 2: the third class
     * counts as not recorded) keeps the call for other receivers; so does a call with the option off.
     */
    @Test
    void aClassBeyondTheProfileKeepsTheCall() throws Exception {
        ResolvedJavaMethod rm = Jvmci.method(target("threeClasses"));
        ReceiverTrapTargets.Shape[] three = {new ReceiverTrapTargets.Square(3), new ReceiverTrapTargets.Circle(2), new ReceiverTrapTargets.Strip()};
        int[] n = {0};
        int bci = Profiles.firstVirtualCall(rm);
        // 48 % squares, 48 % circles, 4 % strips: both rows inlined, the strips' share below what the profile must cover
        Profiles.warmUntil(rm, p -> {
            var t = p.getTypeProfile(bci);
            return t != null && t.getTypes().length == 2 && t.getNotRecordedProbability() > 0;
        }, () -> {
            int k = n[0]++ % 50;
            return ReceiverTrapTargets.threeClasses(three[k >= 48 ? 2 : k & 1], k); // the rows go to the classes seen first
        }, "a receiver profile of two classes and others");
        Graph g = Pipeline.host(TRAPS).build(rm);
        assertEquals(0, g.receiverTrapCount(), g::toString);
        assertEquals(2, g.inlinedByProfileCount(), g::toString);
        assertEquals(1, count(g, Op.INVOKE), () -> "the call stays for other receivers\n" + g);
        Graph off = Pipeline.host(TRAPS.with(Inlining.RECEIVER_TRAPS, false)).build(Jvmci.method(target("bimorphic")));
        assertEquals(0, off.receiverTrapCount(), off::toString);
    }
}
