package org.ssajit.amd64.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;

import org.junit.jupiter.api.Test;
import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;

/**
 * The pipeline picks its back end from the VM's architecture through {@code ServiceLoader}: on this
 * AMD64 host the AMD64 provider registered in this module's {@code META-INF/services}; for an
 * architecture no provider supports, a clear error naming the providers found.
 */
class BackendDiscoveryTest {
    @Test
    void theHostGetsTheAmd64BackEnd() {
        Backend b = Backends.host();
        assertInstanceOf(Amd64Backend.class, b);
        assertEquals(HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getTarget().arch, b.architecture());
        assertFalse(b.allocatableRegisters().contains(Amd64CodeEmitter.SCRATCH), "r10 is the back end's scratch");
        assertTrue(b.withheldRegisters().contains(Amd64CodeEmitter.SCRATCH));
    }

    @Test
    void anArchitectureWithoutBackEndIsRefusedByName() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Backends.forTarget(new AArch64(EnumSet.noneOf(AArch64.CPUFeature.class))));
        assertTrue(e.getMessage().contains("aarch64") && e.getMessage().contains(Amd64Backend.Provider.class.getName()), e.getMessage());
    }
}
