package org.ssajit.jvmci;

import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;

/**
 * A part of a parameterized test's cases, for runs that split a suite over several JVMs (the AArch64
 * runs on the emulated JDK, one JVM per collector: {@code -Dssajit.test.shard=k/n} keeps the cases
 * whose position in sorted order is k modulo n). Without the property every case runs.
 */
final class Shard {
    static final String PROPERTY = "ssajit.test.shard";

    private Shard() {
    }

    /** The cases of this run's shard, in sorted order. */
    static Stream<String> of(Stream<String> cases) {
        List<String> all = cases.sorted().toList();
        String spec = System.getProperty(PROPERTY, "");
        if (spec.isEmpty()) {
            return all.stream();
        }
        String[] kn = spec.split("/");
        int k = Integer.parseInt(kn[0]);
        int n = Integer.parseInt(kn[1]);
        if (n <= 0 || k < 0 || k >= n) {
            throw new IllegalArgumentException(PROPERTY + "=" + spec + ": expected k/n with 0 <= k < n");
        }
        return IntStream.range(0, all.size()).filter(i -> i % n == k).mapToObj(all::get);
    }

    /**
     * Whether this run is the first shard (or there are no shards): a test whose child JVM picks its own
     * flags, so that every shard's run would repeat it, runs there only.
     */
    static boolean isFirst() {
        String spec = System.getProperty(PROPERTY, "");
        return spec.isEmpty() || spec.startsWith("0/");
    }
}
