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
import org.ssajit.parse.BytecodeParser;
import org.ssajit.parse.Inlining;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * A method handle's {@code guardWithTest} counts its test's outcomes ({@code
 * MethodHandleImpl.profileBoolean}); where one outcome was never counted, the compiled guard
 * deoptimizes for it instead of calling the side never run, which java.lang.invoke keeps from
 * inlining until it has run. A record's {@code equals} is such a chain of guards: called only with
 * another instance of the record, its test of the same object never passed and its test of the
 * record's class never failed. Compiled with untaken-branch traps, the graph has the two traps and no
 * call (without them, the calls stay); its installed code gives HotSpot's results on arguments like
 * those seen and stays valid, and deoptimizes, giving HotSpot's results, on the same object, another
 * class and null. The interpreter then runs the guard's count: compiled again, the guards have both
 * sides.
 */
class GuardProfileTrapsTest {
    private static final OptionValues TRAPS = Pipeline.TEST_OPTIONS.with(Inlining.INLINE, true).with(BytecodeParser.UNTAKEN_BRANCH_TRAPS, true);

    /** A record of this test alone: its equals' guards count only this test's calls. */
    record Point(int x, int y) {
    }

    static int pointEquals(Point p, Object o) {
        return p.equals(o) ? 1 : 0;
    }

    /**
     * The graph's calls into java.lang.invoke (a guard's side kept from inlining is an {@code
     * invokeBasic} of its counting wrapper). Other calls depend on profiles that other code shares
     * (the null side of {@code Objects.requireNonNull} in a field getter).
     */
    private static long handleCalls(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream())
                        .filter(v -> v instanceof Instruction i && i.op() == Op.INVOKE && i.attribute() instanceof org.ssajit.ir.InvokeTarget t
                                        && t.method().getDeclaringClass().getName().startsWith("Ljava/lang/invoke/"))
                        .count();
    }

    /**
     * The graph's deoptimizations for an outcome a guard never counted: those whose innermost frame is
     * a guard's lambda form ({@code guard}), at its call of {@code profileBoolean}. (The same-object
     * test, {@code ObjectMethods.eq}, may trap in its own branch instead, when its profile, which every
     * record's equals shares, saw only one side.)
     */
    private static List<Instruction> guardTraps(Graph g) {
        List<Instruction> traps = new ArrayList<>();
        for (var b : g.blocks()) {
            for (var v : b.instructions()) {
                if (v instanceof Instruction i && i.op() == Op.UNCOMMON_TRAP && i.attribute(DeoptimizationReason.class) == DeoptimizationReason.UnreachedCode
                                && i.state().method().getName().equals("guard") && i.state().method().getDeclaringClass().getName().contains("LambdaForm$MH")) {
                    traps.add(i);
                }
            }
        }
        return traps;
    }

    private static String traps(Graph g) {
        StringBuilder sb = new StringBuilder();
        for (var b : g.blocks()) {
            for (var v : b.instructions()) {
                if (v instanceof Instruction i && i.op() == Op.UNCOMMON_TRAP) {
                    for (org.ssajit.ir.FrameState fs = i.state(); fs != null; fs = fs.outer()) {
                        sb.append(fs.method().format("%H.%n")).append("@").append(fs.bci()).append(" <- ");
                    }
                    sb.append("\n");
                }
            }
        }
        return sb.toString();
    }

    @Test
    void aGuardSideNeverRunDeoptimizes() throws Exception {
        Point[] points = new Point[8];
        for (int i = 0; i < points.length; i++) {
            points[i] = new Point(i & 3, i >> 1);
        }
        // Another instance each time, equal about a quarter of the time: the guards of the fields run
        // both ways, the same-object test only fails, the class test only passes.
        int equal = 0;
        for (int k = 0; k < 2_000; k++) {
            Point p = points[k & 7];
            Point q = points[(k * 3 + (k >> 3)) & 7];
            equal += pointEquals(p, new Point(q.x(), q.y()));
        }
        assertTrue(equal > 0 && equal < 2_000, "both outcomes of the field guards: " + equal);

        Method m = Jvmci.declared(GuardProfileTrapsTest.class, "pointEquals");
        ResolvedJavaMethod rm = Jvmci.method(m);
        Pipeline p = Pipeline.host(TRAPS);
        Graph g = p.build(rm);
        assertFalse(guardTraps(g).isEmpty(), () -> "no guard deoptimizes for the class test's failure\n" + traps(g));
        assertEquals(0, handleCalls(g), () -> "a call of a guard's side left\n" + g);
        Graph off = Pipeline.host(TRAPS.with(BytecodeParser.UNTAKEN_BRANCH_TRAPS, false)).build(rm);
        assertTrue(guardTraps(off).isEmpty(), off::toString);
        assertTrue(handleCalls(off) >= 2, () -> "without the traps, the sides never run stay calls\n" + off);

        org.ssajit.codegen.CompiledCode compiled = CompiledRunner.compile(rm, p);
        Point a = new Point(2, 5);
        List<Object[]> seen = List.of(new Object[] {a, new Point(2, 5)}, new Object[] {a, new Point(2, 6)}, new Object[] {a, new Point(3, 5)});
        List<Object[]> unseen = List.of(new Object[] {a, a}, new Object[] {a, "a string"}, new Object[] {a, null});
        List<String> expectedSeen = new ArrayList<>();
        for (Object[] args : seen) {
            expectedSeen.add(Outcomes.of(m, args));
        }
        assertEquals(List.of("returned 1", "returned 0", "returned 0"), expectedSeen);
        InstalledCode code = Installer.host().installDirect(rm, compiled);
        assertTrue(code.isValid());
        for (int i = 0; i < seen.size(); i++) {
            assertEquals(expectedSeen.get(i), Outcomes.of(code, seen.get(i)), "arguments like those seen");
        }
        assertTrue(code.isValid(), "an outcome seen invalidated the code");
        // Each outcome never seen on code of its own, run before HotSpot's (which counts it).
        List<String> expectedUnseen = List.of("returned 1", "returned 0", "returned 0");
        for (int i = 0; i < unseen.size(); i++) {
            InstalledCode fresh = i == 0 ? code : Installer.host().installDirect(rm, compiled);
            assertEquals(expectedUnseen.get(i), Outcomes.of(fresh, unseen.get(i)), "an outcome never seen: " + java.util.Arrays.toString(unseen.get(i)));
            assertFalse(fresh.isValid(), "an outcome never seen did not deoptimize (the code is still valid)");
            assertEquals(expectedUnseen.get(i), Outcomes.of(m, unseen.get(i)));
        }
        // The interpreter counted each: the guards now have both sides.
        Graph again = p.build(rm);
        assertTrue(guardTraps(again).isEmpty(), () -> "a guard deoptimizes again after both outcomes ran\n" + traps(again));
        assertTrue(handleCalls(again) >= 1, () -> "the sides run once stay calls\n" + again);
    }
}
