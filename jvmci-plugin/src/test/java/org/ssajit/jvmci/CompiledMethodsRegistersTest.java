package org.ssajit.jvmci;

/**
 * {@link CompiledMethodsTest} again with the test allocator naming registers in every frame state:
 * deoptimizations read ints, longs, floats, doubles and references from general and xmm registers, as
 * they will with a real register allocator.
 */
class CompiledMethodsRegistersTest extends CompiledMethodsTest {
    @Override
    void run(String name) {
        CompiledRunner.statesInRegisters = true;
        try {
            checkCompiled(name);
        } finally {
            CompiledRunner.statesInRegisters = false;
        }
    }
}
