package org.ssajit.jvmci;

import org.junit.jupiter.api.Test;

/** {@link CompiledScenarios} in the test JVM ({@link CompiledGcMatrixTest} runs them in child JVMs under stress). */
class CompiledScenariosTest {
    @Test
    void scenariosPassHere() throws Exception {
        for (var e : CompiledScenarios.all().entrySet()) {
            // uninitializedClass needs a fresh JVM (Lazy is initialized once); endToEnd and calls are
            // CompiledMethodsTest's and CompiledCallsTest's job here.
            if (!e.getKey().equals("uninitializedClass") && !e.getKey().equals("endToEnd") && !e.getKey().equals("calls")
                            && !e.getKey().equals("typeChecks") && !e.getKey().equals("allocation") && !e.getKey().equals("referenceStores") && !e.getKey().equals("monitors")
                            && !e.getKey().equals("implicitExceptions") && !e.getKey().equals("nativeIntrinsics")
                            && !e.getKey().equals("arrayCopies")) {
                e.getValue().run();
            }
        }
    }
}
