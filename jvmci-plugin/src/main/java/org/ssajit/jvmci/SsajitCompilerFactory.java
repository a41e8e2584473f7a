package org.ssajit.jvmci;

import java.io.PrintStream;

import jdk.vm.ci.runtime.JVMCICompiler;
import jdk.vm.ci.runtime.JVMCICompilerFactory;
import jdk.vm.ci.runtime.JVMCIRuntime;

/**
 * Creates the ssajit compiler. Deliberately does nothing else: heavy work here runs while HotSpot
 * initializes JVMCI and can stall against the compiler thread (JVMCI-FACTS.md); the compiler
 * initializes itself on its first request.
 */
public final class SsajitCompilerFactory implements JVMCICompilerFactory {
    /** The name {@code -Djvmci.Compiler} selects. */
    public static final String NAME = "ssajit";

    @Override
    public String getCompilerName() {
        return NAME;
    }

    @Override
    public JVMCICompiler createCompiler(JVMCIRuntime runtime) {
        return new SsajitCompiler(runtime);
    }

    @Override
    public void printProperties(PrintStream out) {
        SsajitOptions.printHelp(out);
    }
}
