package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The minimality check of {@link CytronVsBraunTest} over every class of a module, for a slow, thorough
 * run: {@code mvn -B -q test -Dtest=JavaBaseSweepTest -Dssajit.cytron.sweep=java.base}; optionally
 * {@code -Dssajit.cytron.sweepPrefix=java/util/} restricts it to classes under a package path.
 */
@EnabledIfSystemProperty(named = "ssajit.cytron.sweep", matches = ".+")
class JavaBaseSweepTest {
    @Test
    void sweep() throws IOException {
        String module = System.getProperty("ssajit.cytron.sweep");
        String prefix = System.getProperty("ssajit.cytron.sweepPrefix", "");
        List<ResolvedJavaType> types = PhiComparison.typesOf(module, prefix);
        PhiComparison.Tally tally = new PhiComparison.Tally();
        for (ResolvedJavaType t : types) {
            PhiComparison.compareAll(t, tally);
        }
        System.out.println(module + " " + prefix + ": " + types.size() + " classes, " + tally);
        tally.bailoutReasons.forEach(r -> System.out.println("  refused: " + r));
        tally.mismatches.forEach(m -> System.out.println("MISMATCH " + m.report()));
        assertTrue(tally.compared > 0, "nothing compared");
        assertTrue(tally.mismatches.isEmpty(), () -> tally.mismatches.stream().map(PhiComparison.Counts::summary).collect(Collectors.joining("\n")));
    }
}
