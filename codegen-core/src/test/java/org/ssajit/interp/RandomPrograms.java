package org.ssajit.interp;

import java.lang.classfile.CodeBuilder;

/**
 * ssa-core's random program generator (package-private in its test jar), for the register
 * allocator's differential tests.
 */
public final class RandomPrograms {
    /** The generated methods' descriptor: {@code (IJI)J}. */
    public static final String DESCRIPTOR = ProgramGenerator.DESCRIPTOR;

    private RandomPrograms() {
    }

    public static void generate(long seed, CodeBuilder b) {
        ProgramGenerator.generate(seed, b);
    }
}
