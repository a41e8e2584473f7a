package org.ssajit.parse;

import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.runtime.JVMCI;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * The JVMCI services the front end uses, and what its compiles share about classes: which static final
 * fields a class writes outside its initializer ({@link StaticFinalWrites}), scanned once per class for
 * every compile made with these providers.
 */
public record Providers(MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection, StaticFinalWrites staticFinalWrites) {
    public Providers {
        org.ssajit.util.Nulls.requireNonNull(staticFinalWrites);
    }

    /** These services with a cache of class scans of their own. */
    public Providers(MetaAccessProvider metaAccess, ConstantReflectionProvider constantReflection) {
        this(metaAccess, constantReflection, new StaticFinalWrites());
    }

    /** The host VM's providers (requires -XX:+EnableJVMCI). */
    public static Providers host() {
        JVMCIBackend backend = JVMCI.getRuntime().getHostJVMCIBackend();
        return new Providers(backend.getMetaAccess(), backend.getConstantReflection());
    }
}
