package org.ssajit.jvmci;

/**
 * {@link CompiledMethodsTest} again with the test-only spill-everything allocator, once with frame
 * states naming stack slots and once naming registers: the back end must be right whatever locations
 * the allocator picks (memory operands everywhere; deoptimization reading every kind of value from
 * general and xmm registers). Then once more with linear scan, the legacy SSE encodings and the bit
 * counts without LZCNT and BMI1, which {@link CompiledMethodsTest} does not reach on a host with them.
 */
class CompiledMethodsRegistersTest extends CompiledMethodsTest {
    @Override
    void run(String name) {
        try {
            CompiledRunner.allocation = CompiledRunner.Allocation.SPILL_ALL;
            checkCompiled(name);
            CompiledRunner.allocation = CompiledRunner.Allocation.SPILL_ALL_STATES_IN_REGISTERS;
            checkCompiled(name);
            CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN_SSE;
            checkCompiled(name);
        } finally {
            CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        }
    }
}
