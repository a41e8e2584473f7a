package org.ssajit.jvmci;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a child JVM (the JDK running the tests) with this test class path and the flags JVMCI needs,
 * and collects its output. Crash files go to {@code target/}, never the working tree.
 */
final class ChildJvm {
    private static final String[] JVMCI_PACKAGES = {"runtime", "services", "hotspot", "code", "code.site", "meta", "amd64", "aarch64", "common"};

    record Result(List<String> command, int exitCode, String stdout, String stderr) {
        boolean crashed() {
            return stdout.contains("A fatal error has been detected") || stderr.contains("A fatal error has been detected");
        }

        String describe() {
            return "command: " + String.join(" ", command) + "\nexit: " + exitCode + "\n--- stdout (tail)\n" + tail(stdout) + "\n--- stderr (tail)\n" + tail(stderr);
        }

        private static String tail(String s) {
            return s.length() <= 6000 ? s : "..." + s.substring(s.length() - 6000);
        }
    }

    /**
     * For child JVMs whose tests assert that installed code stays valid while GCs run back to back:
     * HotSpot's cold-code heuristic flushes an nmethod not seen on a stack or entered for a few GCs
     * (reproduced with {@code -XX:NmethodSweepActivity=2000 -Xlog:codecache=debug}: "Flushing nmethod
     * ... cold=1"), which is HotSpot's policy, not a fault of the code. The surefire JVM gets the same
     * flag from the module's pom.
     */
    static final String NO_COLD_CODE_FLUSHING = "-XX:-UseCodeCacheFlushing";

    private ChildJvm() {
    }

    /** {@code -XX:+EnableJVMCI} and every {@code --add-exports} a JVMCI client needs. */
    static List<String> jvmciFlags() {
        List<String> flags = new ArrayList<>(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--add-modules=jdk.internal.vm.ci"));
        for (String p : JVMCI_PACKAGES) {
            flags.add("--add-exports=jdk.internal.vm.ci/jdk.vm.ci." + p + "=ALL-UNNAMED");
        }
        return flags;
    }

    /** The flags a user of ssajit needs: JVMCI on, and the one export its service locator needs. */
    static List<String> minimalFlags() {
        return List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=ALL-UNNAMED");
    }

    static Result run(List<String> vmFlags, String mainClass, List<String> args, Duration timeout) throws IOException, InterruptedException {
        return run(jvmciFlags(), vmFlags, mainClass, args, timeout);
    }

    static Result run(List<String> baseFlags, List<String> vmFlags, String mainClass, List<String> args, Duration timeout) throws IOException, InterruptedException {
        Path target = Path.of("target").toAbsolutePath();
        Files.createDirectories(target);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(baseFlags);
        cmd.add("-XX:ErrorFile=" + target.resolve("hs_err_child_pid%p.log"));
        cmd.addAll(vmFlags);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(mainClass);
        cmd.addAll(args);
        File out = Files.createTempFile(target, "child-", ".out").toFile();
        File err = Files.createTempFile(target, "child-", ".err").toFile();
        try {
            Process p = new ProcessBuilder(cmd).directory(target.toFile()).redirectOutput(out).redirectError(err).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("child JVM did not finish within " + timeout + "\n"
                                + new Result(cmd, -1, Files.readString(out.toPath()), Files.readString(err.toPath())).describe());
            }
            return new Result(cmd, p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8), Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out.toPath());
            Files.deleteIfExists(err.toPath());
        }
    }
}
