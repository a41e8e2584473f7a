package org.ssajit.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Times whole programs, iteration after iteration in one JVM, for {@code scripts/bench-programs.sh},
 * which starts this under C1 only, ssajit and C2 in turn, round after round. Prints one line per
 * iteration: {@code program iteration milliseconds}; the script keeps the last iterations (the top
 * tier's code installed by then).
 *
 * <ul>
 * <li>{@code javac DIR}: javac (jdk.compiler, in this JVM through javax.tools) compiles every
 * {@code .java} file under DIR into a fresh directory, with JVMCI visible (for ssa-core's sources);
 * it must succeed; the class files' names and bytes go into the checksum.
 * <li>{@code collections}: a fixed workload of java.util: hash and tree maps of strings, sorting
 * lists of records with comparators, streams grouping and summing, string building.
 * </ul>
 * Both print a checksum at the end so that every mode can be seen to compute the same (compared by
 * {@code scripts/stress.sh}).
 *
 * <p>Usage: {@code ProgramTimer [--iterations N] javac DIR | collections}
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
            } else {
                rest.add(args[i]);
            }
        }
        if (rest.isEmpty()) {
            throw new IllegalArgumentException("usage: ProgramTimer [--iterations N] javac DIR | collections");
        }
        String program = rest.get(0);
        Runnable body = switch (program) {
            case "javac" -> javac(Path.of(rest.get(1)));
            case "collections" -> ProgramTimer::collections;
            default -> throw new IllegalArgumentException("no program " + program);
        };
        for (int i = 1; i <= iterations; i++) {
            long t0 = System.nanoTime();
            body.run();
            long t1 = System.nanoTime();
            System.out.printf("%s %d %.1f%n", program, i, (t1 - t0) / 1e6);
        }
        System.out.println("checksum " + checksum);
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
}
