package org.ssajit.interp;

import java.lang.reflect.Method;
import java.util.List;

import org.ssajit.testing.Jvmci;

/** Shorthands for differential tests: generated inputs, every build variant, strict agreement. */
public final class Diff {
    static final int INPUTS = 250;

    private Diff() {
    }

    static DifferentialRunner runner(Class<?> c, String name) {
        return DifferentialRunner.of(Jvmci.declared(c, name));
    }

    /** Runs {@code c.name} on generated inputs; every execution must be interpreted and agree. */
    static DifferentialRunner.Report check(Class<?> c, String name) {
        Method m = Jvmci.declared(c, name);
        return report(DifferentialRunner.of(m).run(Inputs.forMethod(m, name.hashCode(), INPUTS))).assertAgreement();
    }

    static DifferentialRunner.Report check(Class<?> c, String name, List<Object[]> inputs) {
        return report(runner(c, name).run(inputs)).assertAgreement();
    }

    static DifferentialRunner.Report report(DifferentialRunner.Report r) {
        System.out.println(r.summary());
        return r;
    }

    public static void checkAll(Class<?> c, String... names) {
        for (String n : names) {
            check(c, n);
        }
    }
}
