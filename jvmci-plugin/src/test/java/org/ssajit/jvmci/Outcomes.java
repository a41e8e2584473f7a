package org.ssajit.jvmci;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

import jdk.vm.ci.code.InstalledCode;

/** What a call did, as text to compare: its result, or the class of what it threw. */
final class Outcomes {
    private Outcomes() {
    }

    /** {@code m} run by HotSpot (reflection). */
    static String of(Method m, Object[] args) {
        try {
            return "returned " + m.invoke(null, args);
        } catch (InvocationTargetException e) {
            return "threw " + e.getCause().getClass().getName();
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    /** {@code code} run directly. */
    static String of(InstalledCode code, Object[] args) {
        try {
            return "returned " + code.executeVarargs(args);
        } catch (Throwable t) {
            return "threw " + t.getClass().getName();
        }
    }
}
