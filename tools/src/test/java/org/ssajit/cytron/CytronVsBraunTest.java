package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.testing.Jvmci;

/**
 * The minimality check: with on-the-fly optimizations off, Braun plus the SCC pass places
 * exactly as many phis as pruned Cytron (after its cleanup) on every method with reducible control
 * flow, never more on any method, and the same number with markers as without.
 */
class CytronVsBraunTest {
    static Stream<String> samples() {
        return Stream.of(Samples.NAMES);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void sample(String name) {
        PhiComparison.Counts c = PhiComparison.compare(Jvmci.method(Samples.class, name));
        assertTrue(c.reducible(), "javac emits reducible control flow");
        assertEquals(c.braun(), c.braunNoMarkers(), c::report);
        assertEquals(c.braun(), c.cytronAfterCleanup(), c::report);
        assertTrue(c.cytronPlaced() >= c.cytronAfterCleanup(), c::report);
    }
}
