package org.ssajit.opt;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/** Which classes' objects escape analysis may leave unallocated ({@link EscapeAnalysis#qualifies}), as the VM describes them. */
class EscapeAnalysisClassesTest {
    static final class Plain {
        int a;
        Object b;
    }

    /** Not empty: HotSpot takes a class whose finalize() only returns for one without a finalizer. */
    static final class Finalizable {
        static int finalized;

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
            finalized++;
        }
    }

    static final class Weak extends java.lang.ref.WeakReference<Object> {
        Weak() {
            super(null);
        }
    }

    static final class Wide {
        int f0, f1, f2, f3, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15, f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28,
                        f29, f30, f31, f32;
    }

    static final class NeverInitialized {
        static final Object INSTANCE = new Object();
    }

    private static ResolvedJavaType type(Class<?> c) {
        return Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
    }

    @Test
    void aPlainInitializedClassQualifies() {
        new Plain();
        assertTrue(EscapeAnalysis.qualifies(type(Plain.class)));
    }

    @Test
    void finalizersReferencesWideAndUninitializedClassesDoNot() {
        new Finalizable();
        new Weak();
        new Wide();
        assertFalse(EscapeAnalysis.qualifies(type(Finalizable.class)), "a finalizer");
        assertFalse(EscapeAnalysis.qualifies(type(Weak.class)), "a Reference");
        assertFalse(EscapeAnalysis.qualifies(type(Wide.class)), "33 fields");
        assertFalse(EscapeAnalysis.qualifies(type(NeverInitialized.class)), "not initialized");
        assertFalse(EscapeAnalysis.qualifies(type(Runnable.class)), "an interface");
    }

    /** A class with a field the VM injected (a thread's JVMTI state) is left to the VM. */
    @Test
    void classesWithInjectedFieldsDoNot() {
        ResolvedJavaType thread = type(Thread.class);
        assertTrue(Arrays.stream(thread.getInstanceFields(true)).anyMatch(ResolvedJavaField::isInternal), "Thread has injected fields: pick another class");
        assertFalse(EscapeAnalysis.qualifies(thread));
    }
}
