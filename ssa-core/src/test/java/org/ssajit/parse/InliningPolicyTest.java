package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Which calls {@link Inlining} takes as bound to the method the bytecode names, and which it leaves as
 * calls. {@code invokespecial} selects by a lookup from the current class's direct superclass
 * (JVMS 6.5), so a method of a class further up may be overridden in between by a class compiled
 * later: only the current class's, its direct superclass's and its direct superinterfaces' methods
 * (and private ones) are taken.
 */
class InliningPolicyTest {
    static class A {
        int m() {
            return 1;
        }
    }

    static class B extends A {
        @Override
        int m() {
            return 2;
        }
    }

    static class C extends B {
        int n() {
            return 3;
        }
    }

    interface I {
        default int d() {
            return 4;
        }
    }

    interface J extends I {
    }

    static class D implements J {
    }

    static class E implements I {
    }

    private static ResolvedJavaMethod method(Class<?> c, String name) {
        return Jvmci.method(Jvmci.declared(c, name));
    }

    private static ResolvedJavaType type(Class<?> c) {
        return Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
    }

    @Test
    void invokespecialIsBoundOnlyWhereTheSelectionCannotFindAnotherMethod() {
        assertTrue(Inlining.specialSelects(method(B.class, "m"), type(C.class)), "the direct superclass's method");
        assertTrue(Inlining.specialSelects(method(C.class, "n"), type(C.class)), "the current class's own method");
        assertFalse(Inlining.specialSelects(method(A.class, "m"), type(C.class)), "A.m from C: B's override is selected");
        assertTrue(Inlining.specialSelects(method(I.class, "d"), type(E.class)), "a direct superinterface's default method");
        assertFalse(Inlining.specialSelects(method(I.class, "d"), type(D.class)), "I.d from D, which implements J only");
    }

    static int twice(int x) {
        return x * 2;
    }

    static int caller(int x) {
        return twice(x) + twice(x + 1);
    }

    static int recursive(int n) {
        return n <= 0 ? 0 : 1 + recursive(n - 1);
    }

    @Test
    void staticCalleesAreInlinedRecursionIsNot() {
        Graph g = Jvmci.build(method(InliningPolicyTest.class, "caller"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(List.of("twice"), g.inlinedMethods().stream().map(ResolvedJavaMethod::getName).toList());
        assertEquals(2, g.inlinedCallCount());
        Graph r = Jvmci.build(method(InliningPolicyTest.class, "recursive"), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertTrue(r.inlinedMethods().isEmpty(), () -> "recursion inlined: " + r.inlinedMethods());
        Graph off = Jvmci.build(method(InliningPolicyTest.class, "caller"), BuildOptions.DEFAULT).graph();
        assertEquals(0, off.inlinedCallCount());
    }
}
