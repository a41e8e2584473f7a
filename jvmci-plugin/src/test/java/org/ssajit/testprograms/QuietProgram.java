package org.ssajit.testprograms;

/**
 * A program that runs too briefly for any method to reach tier 4: prints one line on stdout and on
 * stderr. For the options checked at VM start-up, whose help and summary must appear although ssajit
 * compiles nothing, before and after the program's line.
 */
public final class QuietProgram {
    private QuietProgram() {
    }

    public static void main(String[] args) {
        System.out.println("main ran");
        System.err.println("main ran");
    }
}
