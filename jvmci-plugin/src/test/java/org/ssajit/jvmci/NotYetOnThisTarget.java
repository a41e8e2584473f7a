package org.ssajit.jvmci;

import java.lang.reflect.Executable;

import org.junit.jupiter.api.Assumptions;
import org.ssajit.amd64.lir.Amd64Backend;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.codegen.Backends;

import jdk.vm.ci.code.InstalledCode;

/**
 * Installs like {@link CompiledRunner#install}, for suites that run on every target while a younger
 * back end still refuses some of their methods: on a host whose back end is not AMD64, a method that
 * back end refuses as not supported yet (for example an {@code instanceof} before AArch64 compiles
 * type tests) aborts the test, which JUnit reports as skipped with the refusal. On AMD64 nothing is
 * skipped: a refusal fails the test as before.
 */
final class NotYetOnThisTarget {
    private NotYetOnThisTarget() {
    }

    static final boolean AMD64 = Backends.host() instanceof Amd64Backend;

    static InstalledCode install(Executable m) {
        try {
            return CompiledRunner.install(m);
        } catch (BailoutException e) {
            if (!AMD64 && e.reason() == BailoutException.Reason.UNSUPPORTED) {
                Assumptions.abort(m.getName() + ": " + e.getMessage());
            }
            throw e;
        }
    }
}
