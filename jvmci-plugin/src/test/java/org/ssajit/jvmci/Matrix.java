package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Which child-JVM matrices a test run covers. The default build ({@code mvn -B verify}, CI) runs a
 * cover: every collector and every object layout at least once, in pairs (a layout under one
 * collector). The {@code stress} profile ({@code mvn -B verify -Pstress}, about twice as long) runs
 * the full products: each collector alone and each layout alone, the corpus and OSR runs under every
 * collector. The property is set by that profile; nothing else reads it.
 */
final class Matrix {
    static final String PROPERTY = "ssajit.test.fullMatrix";

    private Matrix() {
    }

    /** True under {@code -Pstress}. */
    static boolean full() {
        return Boolean.getBoolean(PROPERTY);
    }

    /** Skips the calling test unless the full matrix was asked for, saying how to run it. */
    static void onlyInFullMatrix(String what) {
        assumeTrue(full(), what + ": part of the full matrix, run by mvn -B verify -Pstress");
    }
}
