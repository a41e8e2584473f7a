package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.InvalidInstalledCodeException;

/**
 * The natives the parser expands ({@code parse.Intrinsics}), compiled and installed: {@code
 * Object.getClass} (the class's mirror through its OopHandle, after the call's null check) and
 * {@code Thread.currentThread} (through the JavaThread's {@code _vthread} handle), against HotSpot's
 * own results over {@link TypeCheckTargets#OBJECTS} (null, arrays of every shape, lambdas, deep
 * classes), the very {@code Class} and {@code Thread} objects, on platform and virtual threads.
 */
class CompiledNativeIntrinsicsTest {
    private static Method target(String name) {
        return Jvmci.declared(NativeIntrinsicTargets.class, name);
    }

    /** No call of the native is left in what is compiled. */
    private static void assertExpanded(Method m) {
        Graph g = Pipeline.host().build(Jvmci.method(m));
        long invokes = g.blocks().stream().flatMap(b -> b.instructions().stream())
                        .filter(i -> i.op() == Op.INVOKE && i.invokeTarget().method().getName().matches("getClass|currentThread")).count();
        assertEquals(0, invokes, () -> "a call left: " + g);
    }

    private static void check(String name, List<Supplier<Object[]>> in) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = target(name);
        assertExpanded(m);
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated (a null receiver's exception must not invalidate it)");
    }

    private static List<Supplier<Object[]>> objects(Object... more) {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Object o : TypeCheckTargets.OBJECTS) {
            for (Object x : more.length == 0 ? new Object[]{null} : more) {
                in.add(more.length == 0 ? () -> new Object[]{o} : () -> new Object[]{o, x});
            }
        }
        return in;
    }

    @ParameterizedTest
    @ValueSource(strings = {"classOf", "isStringClass", "className", "classOrCaught"})
    void getClassOfEveryKindOfObject(String name) {
        check(name, objects());
    }

    @Test
    void getClassComparedAndThroughAnInterface() throws Exception {
        check("sameClass", objects("t", 1, new int[0], null));
        List<Supplier<Object[]>> shapes = List.of(() -> new Object[]{new NativeIntrinsicTargets.Square()}, () -> new Object[]{null},
                        () -> new Object[]{(NativeIntrinsicTargets.Shape) new NativeIntrinsicTargets.Shape() { }});
        check("classOfShape", shapes);
        check("arrayClass", List.of(() -> new Object[]{new int[3]}, () -> new Object[]{null}));
        check("newObjectsClass", List.of(() -> new Object[0]));
        // The very mirror, not one that prints alike.
        InstalledCode code = CompiledRunner.install(target("classOf"));
        for (Object o : TypeCheckTargets.OBJECTS) {
            if (o != null) {
                assertSame(o.getClass(), code.executeVarargs(o), () -> "class of " + o);
            }
        }
    }

    @Test
    void getClassMovedOutOfALoop() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Object o : new Object[]{null, "s", 3, new Object[0]}) {
            for (int n : new int[]{0, 1, 5}) {
                in.add(() -> new Object[]{o, n});
            }
        }
        check("classInLoop", in);
    }

    @Test
    void currentThreadOnPlatformThreads() throws Exception {
        check("isCurrent", List.of(() -> new Object[]{Thread.currentThread()}, () -> new Object[]{new Thread(() -> { })}, () -> new Object[]{null}));
        check("currentAroundCall", List.of(() -> new Object[]{Thread.currentThread()}));
        check("currentName", List.of(() -> new Object[0]));
        InstalledCode code = CompiledRunner.install(target("current"));
        assertSame(Thread.currentThread(), code.executeVarargs());
        AtomicReference<Object> seen = new AtomicReference<>();
        Thread other = new Thread(() -> seen.set(call(code)), "ssajit-current-thread-test");
        other.start();
        other.join();
        assertSame(other, seen.get());
    }

    /** In a virtual thread, {@code Thread.currentThread()} is the virtual thread, not its carrier. */
    @Test
    void currentThreadOnVirtualThreads() throws Exception {
        InstalledCode code = CompiledRunner.install(target("current"));
        Method around = target("currentAroundCall");
        CompiledRunner.install(around);
        for (int k = 0; k < 20; k++) {
            AtomicReference<Object> seen = new AtomicReference<>();
            AtomicReference<Object> combined = new AtomicReference<>();
            Thread v = Thread.ofVirtual().unstarted(() -> {
                seen.set(call(code));
                Thread.yield(); // may continue on another carrier
                try {
                    combined.set(around.invoke(null, Thread.currentThread()));
                } catch (ReflectiveOperationException e) {
                    combined.set(e);
                }
            });
            v.start();
            v.join();
            assertSame(v, seen.get(), "the virtual thread");
            assertEquals(7, combined.get(), "both reads the virtual thread, and its name read between them");
        }
    }

    private static Object call(InstalledCode code) {
        try {
            return code.executeVarargs();
        } catch (InvalidInstalledCodeException e) {
            return e;
        }
    }
}
