package org.ssajit.jvmci.ctw;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.ssajit.util.IntMath;

/**
 * The totals of one compile-the-world run: every method ends compiled, refused (with the category
 * {@code -Dssajit.Stats} counts) or failed (a compiler bug or code HotSpot rejected), so
 * {@code methods == compiled + refused + failed}. Speed is measured over the methods after the
 * warm-up (the first tenth), when the compiler's own code has been compiled by HotSpot.
 */
final class CtwStats {
    /** How many refusals or failures of one kind, and the first method it happened to. */
    static final class Kind {
        int count;
        final String exampleMethod;
        final String exampleMessage;

        Kind(String exampleMethod, String exampleMessage) {
            this.exampleMethod = exampleMethod;
            this.exampleMessage = exampleMessage;
        }
    }

    String corpus = "";
    int classes;
    int classesSkipped;
    String classSkippedExample;
    int methods;
    int compiled;
    int refused;
    int failed;
    long bytecodeBytes;
    long compiledBytecodeBytes;
    long codeBytes;
    long compileNanos;
    int warmupMethods;
    int measuredMethods;
    long measuredBytecodeBytes;
    long measuredNanos;
    /** The compiling thread's CPU time over the same methods. */
    long measuredCpuNanos;
    long measuredCompiledBytecodeBytes;
    long measuredCompiledNanos;
    long invalidateNanos;
    /** The pipeline's compile time by phase ({@code PhaseTimes.summary()}), or null. */
    String phases;
    double wallSeconds;
    long codeCachePeakBytes = -1;
    final Map<String, Kind> refusals = new TreeMap<>();
    /** Per refusal category, what was refused: the message without the construct and its bci (e.g. {@code calls are not compiled}). */
    final Map<String, Map<String, Kind>> refusalDetails = new TreeMap<>();
    final Map<String, Kind> failures = new TreeMap<>();
    int classesNotInitialized;
    String classNotInitializedExample;

    /** One method's outcome: {@code refusal} and {@code failure} null when it was compiled and installed. */
    void record(int bytecodes, long nanos, long cpuNanos, boolean measured, String refusal, String failure, String method, String message, int code) {
        methods++;
        bytecodeBytes += bytecodes;
        compileNanos += nanos;
        if (measured) {
            measuredMethods++;
            measuredBytecodeBytes += bytecodes;
            measuredNanos += nanos;
            measuredCpuNanos += cpuNanos;
        }
        if (refusal != null) {
            refused++;
            refusals.computeIfAbsent(refusal, k -> new Kind(method, message)).count++;
            refusalDetails.computeIfAbsent(refusal, k -> new TreeMap<>()).computeIfAbsent(detail(message), k -> new Kind(method, message)).count++;
        } else if (failure != null) {
            failed++;
            failures.computeIfAbsent(failure, k -> new Kind(method, message)).count++;
        } else {
            compiled++;
            compiledBytecodeBytes += bytecodes;
            codeBytes += code;
            if (measured) {
                measuredCompiledBytecodeBytes += bytecodes;
                measuredCompiledNanos += nanos;
            }
        }
    }

    /** {@code "invokestatic Foo.bar()int at bci 3: calls are not compiled"} -> {@code "calls are not compiled"}. */
    static String detail(String message) {
        return shorten(String.valueOf(message).replaceFirst("^.*? at bci \\d+: ", ""), 120);
    }

    double compileSeconds() {
        return compileNanos / 1e9;
    }

    /** Bytecode bytes per second of pipeline and installation time, after the warm-up. */
    double bytesPerSecond() {
        return measuredNanos == 0 ? 0 : measuredBytecodeBytes / (measuredNanos / 1e9);
    }

    /** Bytecode bytes per second of the compiling thread's CPU time, after the warm-up. */
    double bytesPerCpuSecond() {
        return measuredCpuNanos == 0 ? 0 : measuredBytecodeBytes / (measuredCpuNanos / 1e9);
    }

    /** The same over the methods that were compiled and installed only (the whole pipeline ran). */
    double compiledBytesPerSecond() {
        return measuredCompiledNanos == 0 ? 0 : measuredCompiledBytecodeBytes / (measuredCompiledNanos / 1e9);
    }

    void printTable(PrintStream o) {
        o.printf("ssajit ctw: %s, %d classes (%d skipped: not loadable or not linkable%s), %d methods with bytecode, %.1f s%n",
                        corpus, classes, classesSkipped, classSkippedExample == null ? "" : ", e.g. " + classSkippedExample, methods, wallSeconds);
        o.printf("  compiled %d (%.1f %%), refused %d, failed %d%n", compiled, 100.0 * compiled / IntMath.max(1, methods), refused, failed);
        if (classesNotInitialized > 0) {
            o.printf("  %d classes failed to initialize (--initialize), e.g. %s%n", classesNotInitialized, classNotInitializedExample);
        }
        o.printf("  refused by reason (and, below each, the %d most frequent constructs refused):%n", DETAILS_PRINTED);
        printKinds(o, refusals, 200, refusalDetails);
        o.printf("  failed (compiler exceptions, verifier errors, installations HotSpot or the installer rejected):%n");
        printKinds(o, failures, 500, Map.of());
        o.printf("  bytecode bytes %d (compiled methods: %d), code bytes %d%n", bytecodeBytes, compiledBytecodeBytes, codeBytes);
        o.printf("  compile time %.2f s (pipeline and installation of every method; invalidating the code took %.2f s more)%n", compileSeconds(),
                        invalidateNanos / 1e9);
        if (phases != null) {
            o.printf("  %s%n", phases);
        }
        o.printf("  speed %.0f bytecode bytes/s over the %d methods after the first 10 %% (%d methods of warm-up not counted): %d bytes in %.2f s%n",
                        bytesPerSecond(), measuredMethods, warmupMethods, measuredBytecodeBytes, measuredNanos / 1e9);
        o.printf("        %.0f bytecode bytes per second of the compiling thread's CPU time: %.2f s%n", bytesPerCpuSecond(), measuredCpuNanos / 1e9);
        o.printf("        %.0f bytecode bytes/s over those of them that were compiled and installed: %d bytes in %.2f s%n",
                        compiledBytesPerSecond(), measuredCompiledBytecodeBytes, measuredCompiledNanos / 1e9);
        if (codeCachePeakBytes >= 0) {
            o.printf("  code cache (nmethod heaps) peak use %d KB: every installed method was invalidated at once%n", codeCachePeakBytes / 1024);
        }
    }

    private static final int DETAILS_PRINTED = 8;

    private static void printKinds(PrintStream o, Map<String, Kind> kinds, int maxMessage, Map<String, Map<String, Kind>> details) {
        if (kinds.isEmpty()) {
            o.printf("    none%n");
            return;
        }
        for (Map.Entry<String, Kind> e : byCount(kinds)) {
            Kind k = e.getValue();
            o.printf("    %8d  %s%n              e.g. %s: %s%n", k.count, e.getKey(), k.exampleMethod, shorten(k.exampleMessage, maxMessage));
            Map<String, Kind> d = details.getOrDefault(e.getKey(), Map.of());
            if (d.size() > 1) {
                byCount(d).stream().limit(DETAILS_PRINTED).forEach(x -> o.printf("      %8d  %s%n", x.getValue().count, x.getKey()));
                if (d.size() > DETAILS_PRINTED) {
                    o.printf("      %8s  (%d more)%n", "", d.size() - DETAILS_PRINTED);
                }
            }
        }
    }

    private static List<Map.Entry<String, Kind>> byCount(Map<String, Kind> kinds) {
        return kinds.entrySet().stream().sorted(Comparator.comparingInt((Map.Entry<String, Kind> e) -> -e.getValue().count).thenComparing(Map.Entry::getKey)).toList();
    }

    static String shorten(String s, int max) {
        String oneLine = String.valueOf(s).replace('\n', ' ');
        return oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 3) + "...";
    }

    String toJson() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("corpus", corpus);
        m.put("classes", classes);
        m.put("classesSkipped", classesSkipped);
        m.put("classesNotInitialized", classesNotInitialized);
        m.put("methods", methods);
        m.put("compiled", compiled);
        m.put("refused", refused);
        m.put("failed", failed);
        m.put("refusalsByReason", counts(refusals));
        Map<String, Object> details = new LinkedHashMap<>();
        refusalDetails.forEach((k, v) -> details.put(k, counts(v)));
        m.put("refusalDetails", details);
        m.put("failuresByKind", counts(failures));
        m.put("failureExamples", examples(failures));
        m.put("bytecodeBytes", bytecodeBytes);
        m.put("compiledBytecodeBytes", compiledBytecodeBytes);
        m.put("codeBytes", codeBytes);
        m.put("compileSeconds", compileSeconds());
        m.put("invalidateSeconds", invalidateNanos / 1e9);
        m.put("warmupMethods", warmupMethods);
        m.put("measuredMethods", measuredMethods);
        m.put("measuredBytecodeBytes", measuredBytecodeBytes);
        m.put("measuredSeconds", measuredNanos / 1e9);
        m.put("bytesPerSecond", bytesPerSecond());
        m.put("measuredCpuSeconds", measuredCpuNanos / 1e9);
        m.put("bytesPerCpuSecond", bytesPerCpuSecond());
        m.put("compiledBytesPerSecond", compiledBytesPerSecond());
        m.put("wallSeconds", wallSeconds);
        m.put("codeCachePeakBytes", codeCachePeakBytes);
        StringBuilder sb = new StringBuilder();
        write(sb, m);
        return sb.toString();
    }

    private static Map<String, Object> counts(Map<String, Kind> kinds) {
        Map<String, Object> m = new LinkedHashMap<>();
        kinds.forEach((k, v) -> m.put(k, v.count));
        return m;
    }

    private static Map<String, Object> examples(Map<String, Kind> kinds) {
        Map<String, Object> m = new LinkedHashMap<>();
        kinds.forEach((k, v) -> m.put(k, v.exampleMethod + ": " + shorten(v.exampleMessage, 500)));
        return m;
    }

    private static void write(StringBuilder sb, Object v) {
        if (v instanceof Map<?, ?> map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                sb.append(first ? "" : ",");
                first = false;
                write(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (v instanceof String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\n' -> sb.append("\\n");
                    case '\r' -> sb.append("\\r");
                    case '\t' -> sb.append("\\t");
                    default -> {
                        if (c < 0x20) {
                            sb.append(String.format("\\u%04x", (int) c));
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        } else if (v instanceof Double d) {
            sb.append(d.isNaN() || d.isInfinite() ? "0" : String.format(java.util.Locale.ROOT, "%.3f", d));
        } else {
            sb.append(v);
        }
    }
}
