package org.ssajit.parse;

import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.runtime.JVMCI;
import jdk.vm.ci.runtime.JVMCIBackend;

/** The JVMCI services the front end uses. */
public record Providers(MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection) {
    /** The host VM's providers (requires -XX:+EnableJVMCI). */
    public static Providers host() {
        JVMCIBackend backend = JVMCI.getRuntime().getHostJVMCIBackend();
        return new Providers(backend.getMetaAccess(), backend.getConstantReflection());
    }
}
