package org.ssajit.launcher;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ssajit} launcher script as a user runs it, on the jars this build packaged (Failsafe runs
 * it after {@code package}; {@code SSAJIT_NO_BUILD=1}, so the script never starts Maven):
 * <ul>
 * <li>{@code ssajit flags} written to a java argument file makes a plain {@code java @file -cp DIR Main}
 * compile the program's hot method at tier 4 with ssajit, and the program prints what it prints under
 * {@code -Xint}; so does {@code java @file --module-path JAR -m MODULE/Main}, the program's own module
 * path beside ssajit's jars;</li>
 * <li>{@code ssajit run} starts java with exactly those options;</li>
 * <li>{@code ssajit help <command>} and {@code ssajit <command> --help} print each command's usage, and
 * an unknown command or help topic exits 2 listing every command.</li>
 * </ul>
 */
class LauncherIT {
    /** The launcher's commands, as the issue that asked for flags and help lists them. */
    private static final List<String> COMMANDS = List.of("run", "demo", "flags", "ctw", "ir", "corpus", "fuzz", "help");

    private static final Duration TIMEOUT = Duration.ofMinutes(3);
    private static final String MAIN = HotLoop.class.getName();

    @TempDir
    static Path work;

    private static List<String> flags;
    private static Path argFile;
    private static Path classes;
    private static String interpreted;

    record Run(List<String> command, int exitCode, String stdout, String stderr) {
        String describe() {
            return "command: " + String.join(" ", command) + "\nexit code: " + exitCode + "\n--- stdout:\n" + stdout + "\n--- stderr:\n" + stderr;
        }
    }

    private static Path launcher() {
        Path root = Path.of(System.getProperty("ssajit.root", "..")).toAbsolutePath().normalize();
        Path script = root.resolve("ssajit");
        assertTrue(Files.isExecutable(script), script + " is not the launcher");
        return script;
    }

    private static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private static Run exec(List<String> command, boolean asLauncher) throws IOException, InterruptedException {
        return exec(command, asLauncher, Map.of());
    }

    private static Run exec(List<String> command, boolean asLauncher, Map<String, String> extraEnv) throws IOException, InterruptedException {
        Path out = Files.createTempFile(work, "out", ".txt");
        Path err = Files.createTempFile(work, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        if (asLauncher) {
            Map<String, String> env = pb.environment();
            // The jars this build made, on this test's JDK 25; the host as target, no options of the caller's.
            env.put("SSAJIT_NO_BUILD", "1");
            env.put("JAVA_HOME", System.getProperty("java.home"));
            env.remove("SSAJIT_TARGET");
            env.remove("SSAJIT_JAVA_OPTS");
            // run's AOT caches in this test's directory, unless a test says otherwise.
            env.put("SSAJIT_AOT_DIR", work.resolve("aot").toString());
            env.remove("SSAJIT_AOT");
            env.putAll(extraEnv);
        }
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            p.destroyForcibly().waitFor();
            throw new AssertionError("timed out after " + TIMEOUT + ": " + String.join(" ", command) + "\n" + Files.readString(out) + Files.readString(err));
        }
        return new Run(command, p.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static Run ssajit(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher().toString()));
        command.addAll(List.of(args));
        return exec(command, true);
    }

    private static Run ssajitWith(Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(launcher().toString()));
        command.addAll(List.of(args));
        return exec(command, true, env);
    }

    private static Run java(List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(java().toString()));
        command.addAll(args);
        return exec(command, false);
    }

    /** Copies a test class's class file into {@code dir}, as a program's own class directory. */
    private static void copyClass(Class<?> c, Path dir) throws IOException {
        String name = c.getName().replace('.', '/') + ".class";
        Path target = dir.resolve(name);
        Files.createDirectories(target.getParent());
        try (InputStream in = c.getClassLoader().getResourceAsStream(name)) {
            Files.copy(in, target);
        }
    }

    @BeforeAll
    static void flagsIntoAnArgumentFile() throws Exception {
        Run r = ssajit("flags");
        assertEquals(0, r.exitCode(), r::describe);
        flags = r.stdout().lines().toList();
        argFile = work.resolve("ssajit.args");
        Files.writeString(argFile, r.stdout());
        classes = work.resolve("classes");
        copyClass(HotLoop.class, classes);
        copyClass(PrintJvmArguments.class, classes);
        Run xint = java(List.of("-Xint", "-cp", classes.toString(), MAIN));
        assertEquals(0, xint.exitCode(), xint::describe);
        assertTrue(xint.stdout().startsWith("hot loop: "), xint::describe);
        interpreted = xint.stdout();
    }

    @Test
    void flagsAreOptionsNamingTheCompilersJarsByAbsolutePaths() {
        assertTrue(flags.size() >= 5, flags.toString());
        for (String f : flags) {
            assertTrue(f.startsWith("-"), () -> "not an option: " + f + " in " + flags);
        }
        // EagerJVMCI: ssajit starts, and checks its options, with the VM.
        for (String f : List.of("-XX:+EnableJVMCI", "-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-XX:+EagerJVMCI")) {
            assertTrue(flags.contains(f), () -> f + " missing from " + flags);
        }
        List<String> paths = flags.stream().filter(f -> f.startsWith("--upgrade-module-path=")).toList();
        assertEquals(1, paths.size(), flags::toString);
        String[] jars = paths.get(0).substring("--upgrade-module-path=".length()).split(File.pathSeparator);
        assertTrue(jars.length >= 4, paths::toString);
        for (String jar : jars) {
            assertTrue(Path.of(jar).isAbsolute() && Files.isRegularFile(Path.of(jar)) && jar.endsWith(".jar"), () -> jar + " is not an absolute path to a jar");
        }
    }

    /**
     * The program's hot method was compiled at tier 4, by ssajit, and installed; the program printed what -Xint printed.
     * The VM's output is in the file {@link #observe} named, apart from ssajit's log on stderr: the VM
     * writes a line in several pieces, and a line of ssajit's, from another thread, could land between them.
     */
    private static void assertCompiledBySsajitAtTierFour(Run r, Path vmOutput) throws IOException {
        assertFalse(r.exitCode() == 134 || r.stdout().contains("A fatal error has been detected"), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(interpreted, r.stdout(), r::describe);
        String vm = Files.readString(vmOutput);
        // "   1234  567    b  4       org.ssajit.launcher.HotLoop::hot (20 bytes)", nothing after it.
        Pattern tier4 = Pattern.compile("^\\s*\\d+\\s+\\d+\\s+[sbn!]*\\s+4\\s+" + Pattern.quote(MAIN + "::hot") + " \\(\\d+ bytes\\)$", Pattern.MULTILINE);
        assertTrue(tier4.matcher(vm).find(), () -> "no installed tier-4 compile of HotLoop::hot in " + vmOutput + "\n" + r.describe() + "\n--- VM output:\n" + vm);
        // -Dssajit.Log: "[ssajit]   475 org.ssajit.launcher.HotLoop.hot(int, int)int, 20 bytes of bytecode: installed (...)".
        Pattern installed = Pattern.compile("^\\[ssajit\\].*" + Pattern.quote(MAIN + ".hot(") + ".*: installed", Pattern.MULTILINE);
        assertTrue(installed.matcher(r.stderr()).find(), () -> "ssajit did not install HotLoop.hot\n" + r.describe());
    }

    /**
     * Options a test adds to the user's command line: synchronous compiles, the VM's compile log
     * (-XX:+PrintCompilation) in the file {@code vmOutput} and ssajit's (-Dssajit.Log) on stderr.
     */
    private static List<String> observe(Path vmOutput) {
        return List.of("-Xbatch", "-XX:+UnlockDiagnosticVMOptions", "-XX:-DisplayVMOutput", "-XX:+LogVMOutput", "-XX:LogFile=" + vmOutput, "-XX:+PrintCompilation",
                        "-XX:CompileCommand=quiet", "-XX:CompileCommand=dontinline," + MAIN + "::hot", "-Dssajit.Log=true");
    }

    @Test
    void javaWithTheArgumentFileCompilesAtTierFourWithSsajit() throws Exception {
        List<String> args = new ArrayList<>(List.of("@" + argFile));
        Path vm = work.resolve("javaWithTheArgumentFileCompilesAtTierFourWithSsajit-vm.log");
        args.addAll(observe(vm));
        args.addAll(List.of("-cp", classes.toString(), MAIN));
        assertCompiledBySsajitAtTierFour(java(args), vm);
    }

    @Test
    void theArgumentFileComposesWithTheProgramsOwnModulePath() throws Exception {
        // The program as a module of its own (an automatic module, named in its manifest) on --module-path.
        Path jar = work.resolve("hotloop.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Automatic-Module-Name"), "hotloop");
        try (OutputStream o = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(o, manifest)) {
            String name = HotLoop.class.getName().replace('.', '/') + ".class";
            j.putNextEntry(new JarEntry(name));
            j.write(Files.readAllBytes(classes.resolve(name)));
            j.closeEntry();
        }
        List<String> args = new ArrayList<>(List.of("@" + argFile));
        Path vm = work.resolve("theArgumentFileComposesWithTheProgramsOwnModulePath-vm.log");
        args.addAll(observe(vm));
        args.addAll(List.of("--module-path", jar.toString(), "-m", "hotloop/" + MAIN));
        assertCompiledBySsajitAtTierFour(java(args), vm);
    }

    /**
     * {@code ssajit run} starts java with the flags {@code ssajit flags} prints; for a program without
     * a module path of its own, with ssajit's jars on {@code --module-path} instead of the upgrade
     * module path (the JDK's CDS archive stays on).
     */
    @Test
    void runStartsJavaWithExactlyTheFlags() throws Exception {
        Run r = ssajitWith(Map.of("SSAJIT_AOT", "off"), "run", "-cp", classes.toString(), PrintJvmArguments.class.getName());
        assertEquals(0, r.exitCode(), r::describe);
        List<String> onModulePath = flags.stream().map(f -> f.replaceFirst("^--upgrade-module-path=", "--module-path=")).toList();
        assertNotEquals(flags, onModulePath);
        assertEquals(onModulePath, r.stdout().lines().toList(), r::describe);

        Path empty = Files.createDirectories(classes.resolveSibling("no-modules"));
        Run own = ssajit("run", "-p", empty.toString(), "-cp", classes.toString(), PrintJvmArguments.class.getName());
        assertEquals(0, own.exitCode(), own::describe);
        List<String> printed = own.stdout().lines().toList();
        assertEquals(flags, printed.subList(0, flags.size()), own::describe);
    }

    private static final Pattern AOT_CACHE = Pattern.compile("^-XX:AOTCache=(.*)$", Pattern.MULTILINE);

    /** The cache that {@code ssajit run} started the JVM with (the flag PrintJvmArguments printed), or null. */
    private static Path aotCache(Run r) {
        Matcher m = AOT_CACHE.matcher(r.stdout());
        return m.find() ? Path.of(m.group(1)) : null;
    }

    /**
     * {@code ssajit run} records an AOT cache of the compiler once, in a directory per build of the jars
     * (removing other builds' caches), and starts programs with it: ssajit's classes come from the cache,
     * the program's from its own class path, which extends the cache's empty one, and the program runs
     * with ssajit as its tier-4 JIT. Options the cache depends on get a cache of their own; options that
     * change nothing in it (logging, properties, unlocking) share one; a program that manages CDS
     * itself, or lowers the compile thresholds, gets none.
     */
    @Test
    void runRecordsAnAotCacheOnceAndStartsProgramsFromIt() throws Exception {
        Path dir = Files.createDirectories(work.resolve("aot-once"));
        Path stale = Files.createDirectories(dir.resolve("0000000000000000"));
        Files.writeString(stale.resolve("0000000000000000.aot"), "not a cache");
        Map<String, String> env = Map.of("SSAJIT_AOT_DIR", dir.toString());
        String print = PrintJvmArguments.class.getName();

        Run first = ssajitWith(env, "run", "-cp", classes.toString(), print);
        assertEquals(0, first.exitCode(), first::describe);
        assertTrue(first.stderr().contains("recording an AOT cache"), first::describe);
        Path cache = aotCache(first);
        assertTrue(cache != null && Files.isRegularFile(cache) && cache.startsWith(dir), first::describe);
        assertFalse(Files.exists(stale), () -> "the cache of another build was kept: " + stale);
        List<String> onModulePath = flags.stream().map(f -> f.replaceFirst("^--upgrade-module-path=", "--module-path=")).toList();
        List<String> expected = new ArrayList<>(onModulePath);
        expected.add("-XX:AOTCache=" + cache);
        assertEquals(expected, first.stdout().lines().toList(), first::describe);

        // The same cache for options that do not change it, and ssajit's classes loaded from it.
        Path log = work.resolve("aot-class-load.txt");
        List<String> args = new ArrayList<>(List.of("run", "-Xlog:class+load=info:file=" + log));
        Path vm = work.resolve("run-vm.log");
        args.addAll(observe(vm));
        args.addAll(List.of("-cp", classes.toString(), MAIN));
        Run hot = ssajitWith(env, args.toArray(String[]::new));
        assertFalse(hot.stderr().contains("recording an AOT cache"), hot::describe);
        assertFalse(hot.stdout().contains("[aot]") || hot.stderr().contains("[aot]"), () -> "the JVM refused the cache\n" + hot.describe());
        assertCompiledBySsajitAtTierFour(hot, vm);
        List<String> loaded = Files.readAllLines(log);
        long shared = loaded.stream().filter(l -> l.contains(" org.ssajit.") && l.contains("source: shared objects file")).count();
        long fromJars = loaded.stream().filter(l -> l.contains(" org.ssajit.") && l.contains(".jar")).count();
        assertTrue(shared >= 300 && shared > 5 * fromJars, () -> shared + " of ssajit's classes from the cache, " + fromJars + " from its jars");
        assertTrue(loaded.stream().anyMatch(l -> l.contains(" " + MAIN + " ") && l.contains("source: file:")), "the program's class from its class path");

        // A cache of its own for other compressed oops, which the JVM takes without complaint.
        Run other = ssajitWith(env, "run", "-XX:-UseCompressedOops", "-cp", classes.toString(), print);
        assertEquals(0, other.exitCode(), other::describe);
        Path otherCache = aotCache(other);
        assertTrue(otherCache != null && !otherCache.equals(cache) && Files.isRegularFile(otherCache), other::describe);
        assertFalse(other.stdout().contains("[aot]") || other.stderr().contains("[aot]"), other::describe);
        assertTrue(Files.isRegularFile(cache), "the first cache is still there");

        // A source file (java adds --add-modules=ALL-DEFAULT, which would make the JVM refuse the cache),
        // a program that manages CDS itself, and SSAJIT_AOT=off: no cache.
        Path source = work.resolve("Args.java");
        Files.writeString(source, "public class Args { public static void main(String[] a) { "
                        + "java.lang.management.ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(System.out::println); } }\n");
        Run sourceFile = ssajitWith(env, "run", source.toString());
        assertEquals(0, sourceFile.exitCode(), sourceFile::describe);
        assertEquals(null, aotCache(sourceFile), sourceFile::describe);
        assertFalse(sourceFile.stdout().contains("[aot]") || sourceFile.stderr().contains("[aot]"), sourceFile::describe);
        assertTrue(sourceFile.stdout().contains("-XX:+UseJVMCICompiler"), sourceFile::describe);
        Run share = ssajitWith(env, "run", "-Xshare:off", "-cp", classes.toString(), print);
        assertEquals(0, share.exitCode(), share::describe);
        assertEquals(null, aotCache(share), share::describe);
        // Lowered compile thresholds: no cache (with it a first compile came before HotSpot's JVMCI could
        // start, and the VM stopped).
        Run low = ssajitWith(env, "run", "-XX:CompileThresholdScaling=0.01", "-cp", classes.toString(), print);
        assertEquals(0, low.exitCode(), low::describe);
        assertEquals(null, aotCache(low), low::describe);
        Run off = ssajitWith(Map.of("SSAJIT_AOT_DIR", dir.toString(), "SSAJIT_AOT", "off"), "run", "-cp", classes.toString(), print);
        assertEquals(onModulePath, off.stdout().lines().toList(), off::describe);
    }

    /** The commands {@code ssajit help} lists, each with the summary line under it. */
    private static Map<String, String> listed(String help) {
        Map<String, String> commands = new java.util.LinkedHashMap<>();
        Matcher m = Pattern.compile("^  ([a-z]+)(?: (.*))?$", Pattern.MULTILINE).matcher(help);
        while (m.find()) {
            commands.put(m.group(1), m.group(2) == null ? "" : m.group(2));
        }
        return commands;
    }

    private static Set<String> options(String text) {
        Set<String> options = new TreeSet<>();
        Matcher m = Pattern.compile("--[a-z][a-z-]*").matcher(text);
        while (m.find()) {
            options.add(m.group());
        }
        return options;
    }

    @Test
    void helpPrintsEveryCommandsOwnUsage() throws Exception {
        Run help = ssajit("help");
        assertEquals(0, help.exitCode(), help::describe);
        Map<String, String> listed = listed(help.stdout());
        assertEquals(new LinkedHashSet<>(COMMANDS), listed.keySet(), help::describe);
        for (String c : COMMANDS) {
            Run usage = ssajit("help", c);
            assertEquals(0, usage.exitCode(), usage::describe);
            assertTrue(usage.stdout().startsWith("usage: ssajit " + c), usage::describe);
            Run own = ssajit(c, "--help");
            assertEquals(0, own.exitCode(), own::describe);
            assertEquals(usage.stdout(), own.stdout(), own::describe);
            // A summary lists the options of the usage's first line, or says there are more.
            String summary = listed.get(c);
            if (!summary.contains("[options]")) {
                Set<String> first = options(usage.stdout().lines().findFirst().orElseThrow());
                assertTrue(options(summary).containsAll(first), () -> c + ": the summary '" + summary + "' leaves out some of " + first);
            }
        }
    }

    @Test
    void unknownCommandsAndTopicsExitTwoListingEveryCommand() throws Exception {
        for (String[] args : new String[][]{{"frobnicate"}, {"help", "frobnicate"}}) {
            Run r = ssajit(args);
            assertEquals(2, r.exitCode(), r::describe);
            assertEquals(new LinkedHashSet<>(COMMANDS), listed(r.stderr()).keySet(), r::describe);
        }
    }
}
