package org.ssajit.codegen;

import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * Makes a {@link Backend} for one architecture. Each back-end module registers one in
 * {@code META-INF/services/org.ssajit.codegen.BackendProvider}; {@link Backends} picks the one whose
 * {@link #supports} accepts the VM's architecture.
 */
public interface BackendProvider {
    /** Whether this provider's back end emits code for {@code architecture}. */
    boolean supports(Architecture architecture);

    /** The back end for a VM ({@code jvmci} is its host JVMCI backend: providers, code cache, target). */
    Backend create(HotSpotVmConfig config, JVMCIBackend jvmci);
}
