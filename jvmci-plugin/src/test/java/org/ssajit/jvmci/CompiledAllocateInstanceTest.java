package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.jvmci.AllocateInstanceTargets.Abstract;
import org.ssajit.jvmci.AllocateInstanceTargets.BadInit1;
import org.ssajit.jvmci.AllocateInstanceTargets.BadInit2;
import org.ssajit.jvmci.AllocateInstanceTargets.Big;
import org.ssajit.jvmci.AllocateInstanceTargets.BigSub;
import org.ssajit.jvmci.AllocateInstanceTargets.Color;
import org.ssajit.jvmci.AllocateInstanceTargets.Empty;
import org.ssajit.jvmci.AllocateInstanceTargets.Finalizable;
import org.ssajit.jvmci.AllocateInstanceTargets.Interface;
import org.ssajit.jvmci.AllocateInstanceTargets.Lazy1;
import org.ssajit.jvmci.AllocateInstanceTargets.Lazy2;
import org.ssajit.jvmci.AllocateInstanceTargets.OneInt;
import org.ssajit.jvmci.AllocateInstanceTargets.Plain;
import org.ssajit.jvmci.AllocateInstanceTargets.Point;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * {@code Unsafe.allocateInstance} compiled with its inline allocation ({@code lowering.InstanceAllocations},
 * {@link HotSpotOp#ALLOCATE_INSTANCE_OF} expanded by {@code lowering.AllocationExpansion}) against HotSpot's interpreter: the same object (class and every field
 * zero, null or false: no constructor ran) or the same exception with its message, for classes the
 * inline path allocates and classes it leaves to the call (not initialized yet, an initializer that
 * throws, abstract, interface, array, primitive, {@code Class}; a null class crashes HotSpot's own
 * native, interpreted or not), and over enough allocations to
 * fill the thread's allocation buffer many times. Built with inlining (the call is inside
 * {@code sun.misc.Unsafe.allocateInstance}).
 */
class CompiledAllocateInstanceTest {
    private static final Pipeline PIPELINE = Pipeline.host();
    private static final Installer INSTALLER = Installer.host();

    private static Method target(String name) {
        return Jvmci.declared(AllocateInstanceTargets.class, name);
    }

    private static String outcome(Object result, Throwable thrown) {
        if (thrown != null) {
            return "threw " + thrown.getClass().getName() + ": " + AllocateInstanceTargets.twinless(String.valueOf(thrown.getMessage()));
        }
        // allocate(String.class) gives a String without its array: rendered, never compared as a String.
        return result instanceof StringBuilder sb ? sb.toString() : AllocateInstanceTargets.render(result);
    }

    private static InstalledCode install(Method m) {
        ResolvedJavaMethod rm = Jvmci.method(m);
        Graph g = PIPELINE.build(rm, -1, true);
        assertEquals(1, mirrorClassReads(PIPELINE.lower(PIPELINE.build(rm, -1, true))), () -> "one inline allocation in " + m.getName());
        return INSTALLER.installDirect(rm, PIPELINE.compile(g, rm));
    }

    /**
     * The reads of a {@code java.lang.Class}'s {@code Klass*} in a lowered graph: one per inline
     * allocation (the expansion of {@link HotSpotOp#ALLOCATE_INSTANCE_OF}, docs/HOTSPOT-NOTES.md).
     */
    private static long mirrorClassReads(Graph g) {
        int offset = org.ssajit.hotspot.HotSpotVmConfig.host().mirrorKlassOffset;
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == HotSpotOp.READ && i.input(Op.In.BASE).kind() == jdk.vm.ci.meta.JavaKind.Object
                        && i.attribute(org.ssajit.hotspot.ir.Access.class).displacement() == offset && i.attribute(org.ssajit.hotspot.ir.Access.class).kind() == jdk.vm.ci.meta.JavaKind.Long)
                        .count();
    }

    private static String interpreted(Method m, Object... args) {
        try {
            return outcome(m.invoke(null, args), null);
        } catch (InvocationTargetException e) {
            return outcome(null, e.getCause());
        } catch (IllegalAccessException e) {
            throw new AssertionError(e);
        }
    }

    private static String compiled(InstalledCode code, Object... args) {
        try {
            return outcome(code.executeVarargs(args), null);
        } catch (InvalidInstalledCodeException e) {
            throw new AssertionError("installed code invalidated: " + code, e);
        } catch (Throwable t) {
            return outcome(null, t);
        }
    }

    /**
     * Every class shape, each twice (the second time the twin classes are initialized, or their
     * initialization has failed for good): the interpreter's runs use the first twin, the compiled
     * code's the second, so that the compiled code meets classes that are not initialized yet.
     */
    @Test
    void allocatesWhatTheInterpreterAllocatesAndThrowsWhatItThrows() {
        Method m = target("allocate");
        Class<?>[] shared = {Plain.class, OneInt.class, Empty.class, Big.class, BigSub.class, Finalizable.class, Point.class, Color.class, Object.class,
            String.class, AllocateInstanceTargets.HIDDEN, Abstract.class, Interface.class, Runnable.class, int.class, void.class, int[].class,
            Object[].class, Class.class};
        List<String> expected = new ArrayList<>();
        List<String> actual = new ArrayList<>();
        for (int round = 0; round < 2; round++) {
            for (Class<?> c : shared) {
                expected.add(interpreted(m, c));
            }
            expected.add(interpreted(m, Lazy1.class));
            expected.add(interpreted(m, BadInit1.class));
        }
        List<String> initializedBefore = List.copyOf(AllocateInstanceTargets.INITIALIZED);
        InstalledCode code = install(m);
        for (int round = 0; round < 2; round++) {
            for (Class<?> c : shared) {
                actual.add(compiled(code, c));
            }
            if (round == 0) {
                // Checked right after the call: reading the object's fields reflectively may initialize its class too.
                Object first;
                try {
                    first = code.executeVarargs(Lazy2.class);
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                assertEquals(List.of("Lazy", "Lazy"), AllocateInstanceTargets.INITIALIZED, "the first allocation of Lazy2 initializes it");
                actual.add(outcome(first, null));
            } else {
                actual.add(compiled(code, Lazy2.class));
            }
            actual.add(compiled(code, BadInit2.class));
        }
        assertEquals(expected, actual);
        // Lazy2 was initialized once, by the compiled code's call, as Lazy1 by the interpreter's.
        assertEquals(List.of("Lazy"), initializedBefore);
        assertEquals(List.of("Lazy", "Lazy"), AllocateInstanceTargets.INITIALIZED);
        assertTrue(code.isValid(), "code invalidated");
        assertTrue(expected.stream().anyMatch(s -> s.startsWith("Plain{a=0 b=0 c=null")), () -> String.join("\n", expected));
    }

    /** 60,000 allocations of 16 to 200 bytes: the buffer fills and is replaced many times; every object new and zeroed. */
    @Test
    void allocationsThatFillTheBufferGoOnThroughTheCall() {
        Method m = target("allocateMany");
        Class<?>[] classes = {Empty.class, Plain.class, BigSub.class};
        List<String> expected = new ArrayList<>();
        for (Class<?> c : classes) {
            String e = interpreted(m, c, 60_000);
            assertTrue(e.startsWith("60000 x "), e);
            expected.add(e);
        }
        InstalledCode code = install(m); // after the runs: the inliner leaves calls no profile saw
        for (int k = 0; k < classes.length; k++) {
            assertEquals(expected.get(k), compiled(code, classes[k], 60_000), classes[k].getSimpleName());
        }
        assertTrue(code.isValid(), "code invalidated");
    }

    /** {@code -Dssajit.AllocateInstanceInline=false}: the call stays. */
    @Test
    void theOptionKeepsTheCall() {
        Pipeline off = PIPELINE.withOptions(PIPELINE.options().with(LoweringOptions.ALLOCATE_INSTANCE_INLINE, false));
        ResolvedJavaMethod rm = Jvmci.method(target("allocate"));
        Graph g = off.lower(off.build(rm, -1, true));
        assertEquals(0, mirrorClassReads(g));
    }
}
