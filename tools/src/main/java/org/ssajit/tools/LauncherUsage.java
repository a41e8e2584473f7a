package org.ssajit.tools;

/**
 * The usage of the commands that the {@code ssajit} launcher script carries out itself (they start
 * JVMs with ssajit as their JIT, which a Java tool cannot do for its own JVM), kept here beside the
 * other commands' so that {@code ssajit help} and {@code ssajit help <command>} know every command.
 * The script's {@code JIT_FLAGS} is the one list of JVM options these texts describe.
 */
final class LauncherUsage {
    private LauncherUsage() {
    }

    static final String RUN = """
                    usage: ssajit run [java options] [-cp CLASSPATH] MAIN-CLASS [args...]
                           ssajit run [java options] -m MODULE/MAIN-CLASS [args...]
                           ssajit run [java options] -jar JAR [args...]

                    Runs a program on JDK 25 with ssajit as HotSpot's tier-4 compiler (C1 compiles tiers 1 to 3): java
                    gets the options 'ssajit flags' prints, then the arguments as given. The program's own options,
                    class path (java's default: $CLASSPATH or .) and module path are untouched; without a module path
                    of its own, ssajit's jars go on --module-path, not the upgrade module path, and java starts with
                    an AOT cache of the classes ssajit's compiles load (-XX:AOTCache), recorded once per JDK, build
                    and set of JVM options that change it (about 10 s, announced on stderr; SSAJIT_AOT=off: none).
                    ssajit's options are system properties, e.g.
                      ssajit run -Dssajit.Log=true -Dssajit.Stats=true -cp app.jar Main
                    and -Dssajit.Help=true lists them; HotSpot's pass through too, e.g. -XX:+PrintCompilation
                    (ssajit's compiles are its tier-4 lines). SSAJIT_JAVA_OPTS adds options in front of the arguments;
                    SSAJIT_TARGET=aarch64 runs the program on an emulated arm64 JDK 25.
                    Exit status: the program's (java's).
                    """;

    static final String DEMO = """
                    usage: ssajit demo [--graal]

                    Runs seven numeric kernels (org.ssajit.demo.NumericKernels, not inlined into the loop that
                    times them) in one JVM per mode: the interpreter (-Xint), C1 alone (-XX:TieredStopAtLevel=1),
                    C2 (HotSpot's default tiers) and ssajit as tier 4 (C1 below it), each kernel for 1.5 s or more.
                    Prints each kernel's best call in microseconds per mode with the ratios ssajit/C1 and
                    ssajit/C2 (below 1: ssajit is faster), checks that every mode computed the same checksums, and
                    shows which kernels each top tier compiled in time (-XX:+PrintCompilation). About a minute.
                      --graal   Graal as tier 4 as well, a column ssajit/graal (scripts/graal.sh fetches the
                                Graal compiler's jars from Maven Central into ~/.cache/ssajit/graal once;
                                from jars its own code warms up in the run, so its first compiles come late)
                    One JVM per mode, on a machine that may be busy: a first look. scripts/bench-interleaved.sh
                    measures the same kernels round after round.
                    Exit status: 0, or 1 if the modes computed different checksums.
                    """;

    static final String FLAGS = """
                    usage: ssajit flags

                    Prints, one a line, the JVM options that make a plain JDK 25 java run with ssajit as its tier-4
                    compiler, the ones 'ssajit run' uses: JVMCI on and ssajit selected; -XX:+EagerJVMCI, so that
                    ssajit starts and checks its -Dssajit.* options with the VM; ssajit's jars, absolute paths, on
                    --upgrade-module-path (not --module-path, which a program may set: java keeps the last);
                    the module to resolve, and the one export of JVMCI it needs. Use them all: without the
                    --add-exports the VM aborts at start. As a java argument file:
                      ./ssajit flags > ssajit.args
                      java @ssajit.args -cp app.jar Main
                      java -jar benchmarks.jar -jvmArgsPrepend @/abs/path/ssajit.args     (JMH, every fork)
                      <argLine>@${project.basedir}/ssajit.args</argLine>                 (Maven Surefire)
                    The paths name this checkout's jars: print the file again after moving the checkout.
                    """;

    static final String HELP = """
                    usage: ssajit help [command]

                    Lists the commands, or prints one command's usage ('ssajit <command> --help' does too).
                    Exit status: 0, or 2 for an unknown command.
                    """;
}
