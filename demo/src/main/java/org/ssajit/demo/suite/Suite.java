package org.ssajit.demo.suite;

import java.util.List;

/** The programs of the suite, in the order {@code scripts/bench-programs.sh --suite} runs them. */
public final class Suite {
    private Suite() {
    }

    /** A new instance of every program (programs keep state between units only within one instance). */
    public static List<SuiteProgram> programs() {
        return List.of(new Constraints(), new Interpreter(), new Json(), new Hashing(), new Strings(), new Streams(), new Trees(), new Exceptions(),
                        new Particles(), new Graphs());
    }

    /** The program of that name, or null. */
    public static SuiteProgram program(String name) {
        for (SuiteProgram p : programs()) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }
}
