package org.ssajit.demo.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every program of the suite runs one unit in this JVM and computes its known checksum (its own
 * checks pass on the way), so that a program broken by a change fails the build rather than the
 * benchmark. About a second a program here, most of it before the JIT has compiled it.
 */
class SuiteProgramsTest {
    static List<String> names() {
        return Suite.programs().stream().map(SuiteProgram::name).toList();
    }

    @ParameterizedTest
    @MethodSource("names")
    void computesItsKnownChecksum(String name) {
        SuiteProgram p = Suite.program(name);
        assertEquals(p.expected(), p.checkedUnit(), name);
    }

    @Test
    void tenProgramsOfDistinctNames() {
        List<String> names = names();
        Set<String> distinct = new HashSet<>(names);
        assertEquals(10, names.size(), names::toString);
        assertEquals(names.size(), distinct.size(), names::toString);
        for (String n : names) {
            assertEquals(n, Suite.program(n).name());
        }
        assertEquals(null, Suite.program("javac"), "javac is ProgramTimer's, not the suite's");
    }

    /** A unit whose checksum is not the expected one fails the run, as does a failed check of its own. */
    @Test
    void aWrongResultFails() {
        SuiteProgram wrong = new SuiteProgram("wrong") {
            @Override
            protected long unit() {
                return 41;
            }

            @Override
            protected long expected() {
                return 42;
            }

            @Override
            public int unitsPerIteration() {
                return 2;
            }
        };
        SuiteProgram.WrongResult e = assertThrows(SuiteProgram.WrongResult.class, wrong::iteration);
        assertTrue(e.getMessage().contains("checksum 41, expected 42"), e.getMessage());
        SuiteProgram failing = new SuiteProgram("failing") {
            @Override
            protected long unit() {
                check(1 + 1 == 3, "arithmetic");
                return 0;
            }

            @Override
            protected long expected() {
                return 0;
            }

            @Override
            public int unitsPerIteration() {
                return 1;
            }
        };
        assertThrows(SuiteProgram.WrongResult.class, failing::checkedUnit);
    }
}
