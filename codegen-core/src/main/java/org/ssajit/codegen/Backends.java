package org.ssajit.codegen;

import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.ServiceLoader;

import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.runtime.JVMCIBackend;

/** Finds the back end for the VM's architecture among the {@link BackendProvider}s on the class path. */
public final class Backends {
    private Backends() {
    }

    /** The provider for {@code architecture}; IllegalStateException naming the ones found if none supports it. */
    public static BackendProvider forTarget(Architecture architecture) {
        List<String> seen = new CompilerList<>();
        for (BackendProvider p : ServiceLoader.load(BackendProvider.class, BackendProvider.class.getClassLoader())) {
            if (p.supports(architecture)) {
                return p;
            }
            seen.add(p.getClass().getName());
        }
        throw new IllegalStateException("no ssajit back end for " + architecture.getName() + " (found: " + (seen.isEmpty() ? "none" : String.join(", ", seen)) + ")");
    }

    /** The back end for the VM this runs in (requires {@code -XX:+EnableJVMCI}). */
    public static Backend host() {
        JVMCIBackend jvmci = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return forTarget(jvmci.getTarget().arch).create(HotSpotVmConfig.host(), jvmci);
    }
}
