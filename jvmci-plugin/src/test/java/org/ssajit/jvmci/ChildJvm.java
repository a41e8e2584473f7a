package org.ssajit.jvmci;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Starts a child JVM (the JDK running the tests, see {@link #java()}) with this test class path and the flags JVMCI needs,
 * and collects its output. Crash files go to {@code target/}, never the working tree. ssajit verifies every
 * compile in a child ({@link #VERIFY}), as in every test.
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

    /** Every child JVM's: ssajit, where it is the JIT, runs its verifiers on every compile. */
    static final String VERIFY = "-Dssajit.Verify=true";

    private ChildJvm() {
    }

    /** {@code -XX:+EnableJVMCI} and every {@code --add-exports} a JVMCI client needs. */
    static List<String> jvmciFlags() {
        List<String> flags = new ArrayList<>(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "--add-modules=jdk.internal.vm.ci"));
        for (String p : JVMCI_PACKAGES) {
            flags.add("--add-exports=jdk.internal.vm.ci/jdk.vm.ci." + p + "=ALL-UNNAMED");
        }
        flags.add("--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED"); // UnsafeTargets
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
        return run(baseFlags, vmFlags, System.getProperty("java.class.path"), mainClass, args, timeout);
    }

    /**
     * As {@code ssajit run} starts a program: the compiler's four jars on the module path as automatic
     * modules (HotSpot then leaves their methods to C1), the one JVMCI export to the locator's module,
     * ssajit as tier 4; the rest of this test class path is the program's class path. The program's
     * classes must not be in a package of ssajit's modules (the module's package wins).
     */
    static Result runAsSsajitRun(List<String> vmFlags, String mainClass, List<String> args, Duration timeout) throws IOException, InterruptedException {
        List<Path> modules = compilerModules();
        List<String> classPath = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!COMPILER_LOCATIONS.contains(Path.of(e).toAbsolutePath().normalize())) {
                classPath.add(e);
            }
        }
        List<String> base = new ArrayList<>(List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit",
                        "--module-path", String.join(File.pathSeparator, modules.stream().map(Path::toString).toList()), "--add-modules=org.ssajit.jvmci",
                        "--add-exports=jdk.internal.vm.ci/jdk.vm.ci.services=org.ssajit.jvmci"));
        return run(base, vmFlags, String.join(File.pathSeparator, classPath), mainClass, args, timeout);
    }

    /** Where the compiler's classes come from in this JVM: a class of each of ssajit's four modules, and its automatic module name. */
    private static final Map<String, Class<?>> COMPILER_MODULES = new LinkedHashMap<>();
    static {
        COMPILER_MODULES.put("org.ssajit.ssa", org.ssajit.ir.Graph.class);
        COMPILER_MODULES.put("org.ssajit.codegen", org.ssajit.lowering.HotSpotLowering.class);
        // The host's back end, under its module's name (the jar's Automatic-Module-Name).
        Class<?> backend = org.ssajit.codegen.Backends.host().getClass();
        COMPILER_MODULES.put(backend.getPackageName().startsWith("org.ssajit.aarch64") ? "org.ssajit.aarch64" : "org.ssajit.amd64", backend);
        COMPILER_MODULES.put("org.ssajit.jvmci", SsajitCompiler.class);
    }

    private static final Set<Path> COMPILER_LOCATIONS = COMPILER_MODULES.values().stream().map(ChildJvm::location).collect(Collectors.toSet());

    private static Path location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath().normalize();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * The compiler's jars for the module path. A module built in this reactor may be a class directory
     * (this module's own {@code target/classes} always is while its tests run): it is packed into a jar
     * under {@code target/} with the Automatic-Module-Name the build gives its jar.
     */
    static synchronized List<Path> compilerModules() throws IOException {
        List<Path> jars = new ArrayList<>();
        for (Map.Entry<String, Class<?>> e : COMPILER_MODULES.entrySet()) {
            Path where = location(e.getValue());
            if (Files.isDirectory(where)) {
                Path jar = Path.of("target", "module-path", e.getKey() + ".jar").toAbsolutePath();
                Files.createDirectories(jar.getParent());
                // Written aside and moved into place: a test running beside this one
                // (ssajit.test.threads) may be starting a child JVM that reads the jar.
                Path partial = Files.createTempFile(jar.getParent(), e.getKey(), ".partial");
                Manifest mf = new Manifest();
                mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
                mf.getMainAttributes().put(new Attributes.Name("Automatic-Module-Name"), e.getKey());
                try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(partial), mf); Stream<Path> files = Files.walk(where)) {
                    for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
                        String name = where.relativize(f).toString().replace(File.separatorChar, '/');
                        if (name.equals("META-INF/MANIFEST.MF")) {
                            continue;
                        }
                        out.putNextEntry(new JarEntry(name));
                        Files.copy(f, out);
                        out.closeEntry();
                    }
                }
                Files.move(partial, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                where = jar;
            } else {
                try (JarFile jf = new JarFile(where.toFile())) {
                    Manifest mf = jf.getManifest();
                    String name = mf == null ? null : mf.getMainAttributes().getValue("Automatic-Module-Name");
                    if (!e.getKey().equals(name)) {
                        throw new IllegalStateException(where + " has Automatic-Module-Name " + name + ", expected " + e.getKey() + " (rebuild it)");
                    }
                }
            }
            jars.add(where);
        }
        return jars;
    }

    /**
     * The java a child JVM runs: {@value #JAVA_PROPERTY} if set, else this JVM's own launcher. Under
     * emulation (the aarch64 profile) this JVM's {@code java.home} is the arm64 JDK inside the sysroot,
     * which the kernel cannot start without binfmt_misc: the profile names the wrapper that runs it
     * under qemu.
     */
    static String java() {
        String java = System.getProperty(JAVA_PROPERTY, "");
        return java.isEmpty() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : java;
    }

    static final String JAVA_PROPERTY = "ssajit.test.java";

    /**
     * A child that ran out of time: its threads' stacks (HotSpot prints them on SIGQUIT, to stdout),
     * the main thread's and the compiler threads' quoted, so that a hang can be told from a slow run.
     */
    private static String threadDump(Process p, File out) {
        try {
            long before = out.length();
            // The shell's own kill: a system without procps's kill binary still has sh.
            new ProcessBuilder("sh", "-c", "kill -QUIT \"$1\"", "sh", Long.toString(p.pid())).start().waitFor(5, TimeUnit.SECONDS);
            Thread.sleep(3000);
            String all = Files.readString(out.toPath(), StandardCharsets.ISO_8859_1);
            String dump = all.substring((int) Math.min(before, all.length()));
            StringBuilder sb = new StringBuilder("--- thread dump at the timeout (main and compiler threads)\n");
            for (String thread : dump.split("\n\n")) {
                if (thread.startsWith("\"main\"") || thread.contains("CompilerThread")) {
                    sb.append(thread, 0, Math.min(thread.length(), 4000)).append("\n\n");
                }
            }
            return sb.toString();
        } catch (IOException | RuntimeException e) {
            return "--- no thread dump: " + e + "\n";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "--- no thread dump: interrupted\n";
        }
    }

    /** The last lines of a child's stdout that say how far it got (PASS, FAIL, TIME lines). */
    private static String progress(String stdout) {
        List<String> lines = stdout.lines().filter(l -> l.startsWith("PASS ") || l.startsWith("FAIL ") || l.startsWith("TIME ")).toList();
        List<String> last = lines.subList(Math.max(0, lines.size() - 5), lines.size());
        return "--- progress: " + lines.size() + " PASS/FAIL/TIME lines" + (last.isEmpty() ? "" : ", the last: " + String.join(" | ", last)) + "\n";
    }

    private static Result run(List<String> baseFlags, List<String> vmFlags, String classPath, String mainClass, List<String> args, Duration timeout)
                    throws IOException, InterruptedException {
        Path target = Path.of("target").toAbsolutePath();
        Files.createDirectories(target);
        List<String> cmd = new ArrayList<>();
        cmd.add(java());
        cmd.addAll(baseFlags);
        cmd.add("-XX:ErrorFile=" + target.resolve("hs_err_child_pid%p.log"));
        // Tests verify every compile (production compiles do not, by default); a test's own flag comes later and wins.
        cmd.add(VERIFY);
        cmd.addAll(vmFlags);
        if (vmFlags.contains("-Xbatch") || vmFlags.contains("-XX:-BackgroundCompilation")) {
            cmd.addAll(org.ssajit.tools.fuzz.FuzzCommand.NO_WAIT_UNDER_REFERENCE_QUEUE_LOCKS);
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(args);
        File out = Files.createTempFile(target, "child-", ".out").toFile();
        File err = Files.createTempFile(target, "child-", ".err").toFile();
        try {
            Process p = new ProcessBuilder(cmd).directory(target.toFile()).redirectOutput(out).redirectError(err).start();
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                String dump = threadDump(p, out);
                p.destroyForcibly().waitFor();
                String stdout = Files.readString(out.toPath());
                throw new AssertionError("child JVM did not finish within " + timeout + "\n" + progress(stdout) + dump
                                + new Result(cmd, -1, stdout, Files.readString(err.toPath())).describe());
            }
            return new Result(cmd, p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8), Files.readString(err.toPath(), StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out.toPath());
            Files.deleteIfExists(err.toPath());
        }
    }
}
