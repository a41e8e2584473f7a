package org.ssajit.cytron;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.stream.Collectors;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.testing.Jvmci;

/**
 * The minimality check of {@link CytronVsBraunTest} on real code: every method with bytecode of a few
 * large, branchy JDK classes and of all their nested classes. ({@link JavaBaseSweepTest} does all of
 * java.base on request.)
 */
class JdkCorpusTest {
    @ParameterizedTest
    @ValueSource(classes = {String.class, java.util.HashMap.class, java.util.ArrayList.class, java.util.regex.Pattern.class, java.math.BigInteger.class,
                    java.util.concurrent.ConcurrentHashMap.class})
    void allMethodsOf(Class<?> outer) {
        PhiComparison.Tally tally = new PhiComparison.Tally();
        Deque<Class<?>> todo = new ArrayDeque<>();
        todo.add(outer);
        int classes = 0;
        while (!todo.isEmpty()) {
            Class<?> c = todo.poll();
            classes++;
            PhiComparison.compareAll(Jvmci.PROVIDERS.metaAccess().lookupJavaType(c), tally);
            todo.addAll(java.util.List.of(c.getDeclaredClasses()));
        }
        System.out.println(outer.getName() + " and nested (" + classes + " classes): " + tally);
        tally.bailoutReasons.forEach(r -> System.out.println("  refused: " + r));
        tally.mismatches.forEach(m -> System.out.println("MISMATCH " + m.report()));
        assertTrue(tally.compared > 0, "nothing compared");
        assertTrue(tally.mismatches.isEmpty(), () -> tally.mismatches.stream().map(PhiComparison.Counts::summary).collect(Collectors.joining("\n")));
    }
}
