package org.ssajit.interp;

import java.lang.reflect.Method;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.ClassGen;

/** Random structured programs from {@link ProgramGenerator}, each compared with the JVM on many inputs. */
class FuzzDiffTest {
    private static final int PROGRAMS = 300;
    private static final int PER_CLASS = 50;

    @Test
    void randomPrograms() {
        int executions = 0;
        for (int first = 0; first < PROGRAMS; first += PER_CLASS) {
            ClassGen cg = new ClassGen("Fuzz");
            for (int k = first; k < first + PER_CLASS; k++) {
                long seed = 0x5eed0000L + k;
                cg.staticMethod("p" + k, ProgramGenerator.DESCRIPTOR, b -> ProgramGenerator.generate(seed, b));
            }
            Class<?> c = cg.load();
            for (int k = first; k < first + PER_CLASS; k++) {
                Method m = FoldDiffTest.findMethod(c, "p" + k);
                executions += DifferentialRunner.of(m).run(Inputs.forMethod(m, k, 25)).assertAgreement().executions();
            }
        }
        System.out.println("fuzz: " + PROGRAMS + " programs, " + executions + " executions agreed");
    }
}
