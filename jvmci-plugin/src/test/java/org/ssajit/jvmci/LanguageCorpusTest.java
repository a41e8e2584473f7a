package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every method of {@link LanguageCorpus} (the language as programs use it: calls of every kind,
 * lambdas, strings, records, enums, patterns, allocation, type checks, exception handling, monitors),
 * compiled by ssajit, installed, run on 160 seeded inputs and compared call by call with HotSpot's
 * interpreter, with the harness of {@link EndToEndCorpusTest}: return value or exception class, the
 * arrays and objects passed in, and the corpus's static fields.
 */
class LanguageCorpusTest {
    static Stream<String> methods() {
        return EndToEndCorpusTest.methods(LanguageCorpus.class);
    }

    @ParameterizedTest
    @MethodSource("methods")
    void matchesTheInterpreter(String name) {
        List<String> wrong = EndToEndCorpusTest.differences(LanguageCorpus.class, name, EndToEndCorpusTest.INPUTS);
        assertTrue(wrong.isEmpty(), () -> name + ": " + String.join("\n", wrong));
    }

    /**
     * The same, compiled as a JIT compile is, with the corpus's callees inlined: objects that its
     * methods allocate and only read, write and lock through inlined code are not allocated (escape
     * analysis), locks of inlined synchronized callees are taken in the caller's frame.
     */
    @ParameterizedTest
    @MethodSource("methods")
    void matchesTheInterpreterWithCalleesInlined(String name) {
        List<String> wrong = EndToEndCorpusTest.differences(LanguageCorpus.class, name, EndToEndCorpusTest.INPUTS, 0, EndToEndCorpusTest.INLINING);
        assertTrue(wrong.isEmpty(), () -> name + ": " + String.join("\n", wrong));
    }

    @Test
    void coversEnoughMethods() {
        // The whole corpus, not this run's shard of it.
        long n = java.util.Arrays.stream(LanguageCorpus.class.getDeclaredMethods())
                        .filter(m -> java.lang.reflect.Modifier.isStatic(m.getModifiers()) && !m.isSynthetic()).map(java.lang.reflect.Method::getName).distinct().count();
        assertTrue(n >= 150, "the language corpus must keep at least 150 methods: " + n);
    }
}
