package org.ssajit.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

import org.ssajit.demo.suite.Suite;
import org.ssajit.demo.suite.SuiteProgram;

/**
 * Times whole programs, iteration after iteration in one JVM, for {@code scripts/bench-programs.sh},
 * which starts this under C1 only, ssajit, C2 and Graal in turn, round after round. Prints one line
 * per iteration: {@code program iteration wall-ms cpu-ms}, the elapsed time and the CPU time of the
 * thread that runs the program (compiler threads not counted); the script keeps the last iterations
 * (the top tier's code installed by then).
 *
 * <ul>
 * <li>the programs of the real-program suite ({@link org.ssajit.demo.suite.Suite}: constraints,
 * interpreter, json, hashing, strings, streams, trees, exceptions, particles, graphs), each checking
 * its own results: a wrong one ends the run with {@link org.ssajit.demo.suite.SuiteProgram.WrongResult}
 * (exit status 1);
 * <li>{@code javac DIR}: javac (jdk.compiler, in this JVM through javax.tools) compiles every
 * {@code .java} file under DIR into a fresh directory, with JVMCI visible (for ssa-core's sources);
 * it must succeed; the class files' names and bytes go into the checksum.
 * <li>{@code collections}: a fixed workload of java.util: hash and tree maps of strings, sorting
 * lists of records with comparators, streams grouping and summing, string building.
 * <li>{@code nbody}: five bodies under gravity, stepped 300,000 times (objects' double fields,
 * square roots); the final energy's bits go into the checksum.
 * <li>{@code copies}: {@code System.arraycopy} of ints, bytes and references, short and long
 * ranges: a sliding window, chunks out of a ring of bytes, a bounded list of references that grows
 * by copying and shifts on each insert; sums of what was copied go into the checksum.
 * <li>{@code handles}: objects made through constructor method handles ({@code findConstructor},
 * {@code invokeExact}: two million) and through {@code Constructor.newInstance} (a million), both of
 * which allocate with {@code Unsafe.allocateInstance} (lambdas' {@code ::new} use {@code new}); their
 * fields go into the checksum.
 * </ul>
 * Each prints a checksum at the end so that every mode can be seen to compute the same (compared by
 * {@code scripts/stress.sh} and {@code scripts/bench-programs.sh}).
 *
 * <p>Usage: {@code ProgramTimer [--iterations N] javac DIR | collections | nbody | copies | handles | SUITE-PROGRAM};
 * {@code ProgramTimer --list-suite} prints the suite's programs, one a line.
 */
public final class ProgramTimer {
    private ProgramTimer() {
    }

    public static void main(String[] args) throws IOException {
        int iterations = 12;
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--iterations")) {
                iterations = Integer.parseInt(args[++i]);
            } else if (args[i].equals("--list-suite")) {
                Suite.programs().forEach(p -> System.out.println(p.name()));
                return;
            } else {
                rest.add(args[i]);
            }
        }
        if (rest.isEmpty()) {
            throw new IllegalArgumentException("usage: ProgramTimer [--iterations N] javac DIR | collections | nbody | copies | handles | SUITE-PROGRAM");
        }
        String program = rest.get(0);
        Runnable body = switch (program) {
            case "javac" -> javac(Path.of(rest.get(1)));
            case "collections" -> ProgramTimer::collections;
            case "nbody" -> ProgramTimer::nbody;
            case "copies" -> ProgramTimer::copies;
            case "handles" -> ProgramTimer::handles;
            default -> suite(program);
        };
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int i = 1; i <= iterations; i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long t0 = System.nanoTime();
            body.run();
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            System.out.printf(Locale.ROOT, "%s %d %.1f %.1f%n", program, i, (t1 - t0) / 1e6, (c1 - c0) / 1e6);
        }
        System.out.println("checksum " + checksum);
    }

    /** A program of the suite: an iteration is its units, each checked. */
    private static Runnable suite(String name) {
        SuiteProgram p = Suite.program(name);
        if (p == null) {
            throw new IllegalArgumentException("no program " + name);
        }
        return () -> checksum = checksum * 31 + p.iteration();
    }

    private static Runnable javac(Path sources) throws IOException {
        List<String> files;
        try (Stream<Path> s = Files.walk(sources)) {
            files = s.filter(p -> p.toString().endsWith(".java")).map(Path::toString).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("no .java files under " + sources);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        return () -> {
            try {
                Path out = Files.createTempDirectory("ssajit-bench-javac");
                List<String> a = new ArrayList<>(List.of("-d", out.toString(), "-proc:none", "-nowarn", "-XDsuppressNotes"));
                // ssa-core's sources use JVMCI, which javac must be shown (as in JavacUnderSsajitTest).
                a.addAll(List.of("--add-modules", "jdk.internal.vm.ci"));
                for (String p : List.of("meta", "code", "code.site", "hotspot", "runtime", "services", "common", "amd64")) {
                    a.addAll(List.of("--add-exports", "jdk.internal.vm.ci/jdk.vm.ci." + p + "=ALL-UNNAMED"));
                }
                a.addAll(files);
                if (javac.run(null, null, null, a.toArray(new String[0])) != 0) {
                    throw new IllegalStateException("javac failed");
                }
                // What javac wrote, into the checksum: each class file's name and bytes, in name order.
                java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                try (Stream<Path> w = Files.walk(out)) {
                    for (Path f : w.filter(Files::isRegularFile).sorted().toList()) {
                        crc.update(out.relativize(f).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        crc.update(Files.readAllBytes(f));
                    }
                }
                checksum = checksum * 31 + crc.getValue();
                try (Stream<Path> w = Files.walk(out)) {
                    w.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
    }

    record Item(String name, int group, long weight) {
    }

    static long checksum;

    private static void collections() {
        long sum = 0;
        for (int round = 0; round < 20; round++) {
            Map<String, Integer> counts = new HashMap<>();
            TreeMap<String, Long> tree = new TreeMap<>();
            List<Item> items = new ArrayList<>();
            long seed = 12345 + round;
            for (int i = 0; i < 20_000; i++) {
                seed = seed * 6364136223846793005L + 1442695040888963407L;
                int k = (int) (seed >>> 40) & 4095;
                String key = "k" + k;
                counts.merge(key, 1, Integer::sum);
                tree.merge(key, (long) i, Long::sum);
                items.add(new Item(key, k % 17, seed >>> 50));
            }
            items.sort(Comparator.comparingInt(Item::group).thenComparing(Item::name).thenComparingLong(Item::weight));
            Map<Integer, Long> byGroup = items.stream().collect(Collectors.groupingBy(Item::group, Collectors.summingLong(Item::weight)));
            StringBuilder sb = new StringBuilder();
            for (Map.Entry<String, Long> e : tree.headMap("k2", false).entrySet()) {
                sb.append(e.getKey()).append('=').append(e.getValue() % 1000).append(';');
            }
            sum = sum * 31 + counts.size() + items.get(items.size() / 2).weight() + byGroup.get(3) + sb.toString().hashCode();
        }
        checksum += sum;
    }
    /** A body of {@link #nbody}: position, velocity, mass. */
    static final class Body {
        double x;
        double y;
        double z;
        double vx;
        double vy;
        double vz;
        final double mass;

        Body(double x, double y, double z, double vx, double vy, double vz, double mass) {
            this.x = x;
            this.y = y;
            this.z = z;
            this.vx = vx;
            this.vy = vy;
            this.vz = vz;
            this.mass = mass;
        }
    }

    /** What {@link #handles} makes: two fields set by its constructor. */
    record Made(int a, long b) {
    }

    private static final java.lang.invoke.MethodHandle MADE;
    private static final java.lang.reflect.Constructor<Made> MADE_REFLECTIVELY;

    static {
        try {
            MADE = java.lang.invoke.MethodHandles.lookup().findConstructor(Made.class, java.lang.invoke.MethodType.methodType(void.class, int.class, long.class));
            MADE_REFLECTIVELY = Made.class.getDeclaredConstructor(int.class, long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** See the class comment: objects through constructor handles and reflection. */
    private static void handles() {
        long sum = 0;
        try {
            for (int i = 0; i < 2_000_000; i++) {
                Made m = (Made) MADE.invokeExact(i, (long) i * 3);
                sum += m.a() ^ m.b();
            }
            for (int i = 0; i < 1_000_000; i++) {
                Made m = MADE_REFLECTIVELY.newInstance(i, (long) i * 5);
                sum += m.a() + m.b();
            }
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        checksum = checksum * 31 + sum;
    }

    /** See the class comment: array copies of three kinds, about a million times each. */
    private static void copies() {
        long sum = 0;
        int[] data = new int[4096];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 31;
        }
        int[] window = new int[48];
        for (int round = 0; round < 600; round++) {
            for (int k = 0; k + window.length <= data.length; k += 5) {
                System.arraycopy(data, k, window, 0, window.length);
                sum += window[round % window.length];
            }
        }
        byte[] ring = new byte[8192];
        for (int i = 0; i < ring.length; i++) {
            ring[i] = (byte) (i * 7);
        }
        byte[] chunk = new byte[16];
        for (int k = 0; k < 2_000_000; k++) {
            System.arraycopy(ring, (k * 16) & (ring.length - 1), chunk, 0, chunk.length);
            sum += chunk[k & 15];
        }
        Object[] list = new Object[8];
        int size = 0;
        for (int i = 0; i < 1_000_000; i++) {
            if (size == list.length) {
                Object[] grown = new Object[size * 2];
                System.arraycopy(list, 0, grown, 0, size);
                list = grown;
            }
            int at = i % 5;
            if (at > size) {
                at = size;
            }
            int moved = Math.min(size - at, 24);
            System.arraycopy(list, at, list, at + 1, moved);
            list[at] = Integer.valueOf(i);
            size = Math.min(at + moved + 1 > size ? at + moved + 1 : size, 64);
            sum += ((Integer) list[size / 2]).intValue();
        }
        checksum = checksum * 31 + sum;
    }

    /**
     * A heavy central body and four lighter ones on roughly circular orbits (units where the central
     * mass is 4 pi squared), stepped with a fixed time step; the total energy (kinetic plus potential)
     * at the end goes into the checksum. Java's floating point is strict: every mode computes the
     * same bits.
     */
    private static void nbody() {
        double central = 4 * Math.PI * Math.PI;
        Body[] bodies = new Body[5];
        bodies[0] = new Body(0, 0, 0, 0, 0, 0, central);
        for (int i = 1; i < bodies.length; i++) {
            double r = 1.5 * i + 0.25 * i * i;
            double angle = 0.9 * i;
            double speed = Math.sqrt(central / r);
            bodies[i] = new Body(r * Math.cos(angle), r * Math.sin(angle), 0.05 * i, -speed * Math.sin(angle), speed * Math.cos(angle), 0.001 * i,
                            central * 1e-4 / i);
        }
        for (int step = 0; step < 300_000; step++) {
            advance(bodies, 0.001);
        }
        checksum = checksum * 31 + Double.doubleToLongBits(energy(bodies));
    }

    private static void advance(Body[] bodies, double dt) {
        for (int i = 0; i < bodies.length; i++) {
            Body a = bodies[i];
            for (int j = i + 1; j < bodies.length; j++) {
                Body b = bodies[j];
                double dx = a.x - b.x;
                double dy = a.y - b.y;
                double dz = a.z - b.z;
                double d2 = dx * dx + dy * dy + dz * dz;
                double scale = dt / (d2 * Math.sqrt(d2));
                a.vx -= dx * b.mass * scale;
                a.vy -= dy * b.mass * scale;
                a.vz -= dz * b.mass * scale;
                b.vx += dx * a.mass * scale;
                b.vy += dy * a.mass * scale;
                b.vz += dz * a.mass * scale;
            }
        }
        for (Body b : bodies) {
            b.x += dt * b.vx;
            b.y += dt * b.vy;
            b.z += dt * b.vz;
        }
    }

    private static double energy(Body[] bodies) {
        double e = 0;
        for (int i = 0; i < bodies.length; i++) {
            Body a = bodies[i];
            e += 0.5 * a.mass * (a.vx * a.vx + a.vy * a.vy + a.vz * a.vz);
            for (int j = i + 1; j < bodies.length; j++) {
                Body b = bodies[j];
                double dx = a.x - b.x;
                double dy = a.y - b.y;
                double dz = a.z - b.z;
                e -= a.mass * b.mass / Math.sqrt(dx * dx + dy * dy + dz * dz);
            }
        }
        return e;
    }
}
