package org.ssajit.jvmci.ctw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.verify.VerificationError;

import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * {@code ssajit ctw} in this JVM (JVMCI enabled, ssajit not the JIT, as the launcher runs it) over three
 * java.base classes: its counts add up, and every failure it is shown is counted where it belongs.
 */
class CompileTheWorldTest {
    /**
     * Initialized long before the test runs (so no method is refused as not initialized); StringBuffer's
     * synchronized methods compile, and so does Object's constructor (it registers finalizers): all of
     * them compile.
     */
    private static final List<Class<?>> CLASSES = List.of(Math.class, StrictMath.class, Integer.class, StringBuffer.class, Object.class);
    private static final String[] ARGS = {"--module", "java.base", "--classes", "^java\\.lang\\.(Math|StrictMath|Integer|StringBuffer|Object)$", "--json"};

    private record Run(int status, String out, String err, Map<String, Object> json) {
        long count(String key) {
            Object v = json.get(key);
            assertNotNull(v, key + " missing from " + json);
            return ((Number) v).longValue();
        }

        @SuppressWarnings("unchecked")
        Map<String, Object> map(String key) {
            Object v = json.get(key);
            assertNotNull(v, key + " missing from " + json);
            return (Map<String, Object>) v;
        }

        String describe() {
            return "status " + status + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
        }
    }

    private static Run ctw(BiFunction<ResolvedJavaMethod, CompiledCode, CompiledCode> afterCompile, String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8); PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = CompileTheWorld.run(args, o, e, afterCompile);
        }
        String text = out.toString(StandardCharsets.UTF_8);
        String[] lines = text.strip().split("\n");
        Map<String, Object> json = lines[lines.length - 1].startsWith("{") ? Json.parse(lines[lines.length - 1]) : Map.of();
        return new Run(status, text, err.toString(StandardCharsets.UTF_8), json);
    }

    /** The methods with bytecode of {@link #CLASSES}, counted through reflection (not JVMCI, as the tool does). */
    private static int methodsWithBytecode() throws Exception {
        int n = 0;
        for (Class<?> c : CLASSES) {
            n += (int) Stream.of(c.getDeclaredMethods()).filter(m -> !Modifier.isAbstract(m.getModifiers()) && !Modifier.isNative(m.getModifiers())).count();
            n += c.getDeclaredConstructors().length;
            n += hasClassInitializer(c) ? 1 : 0;
        }
        return n;
    }

    private static boolean hasClassInitializer(Class<?> c) {
        return jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess().lookupJavaType(c).getClassInitializer() != null;
    }

    @Test
    void countsAddUpAndNothingFails() throws Exception {
        Run r = ctw(null, ARGS);
        assertEquals(0, r.status(), r.describe());
        long methods = r.count("methods");
        assertEquals(methodsWithBytecode(), methods, r.describe());
        assertEquals(CLASSES.size(), r.count("classes"), r.describe());
        assertEquals(0, r.count("failed"), r.describe());
        assertEquals(methods, r.count("compiled") + r.count("refused") + r.count("failed"), r.describe());
        assertEquals(methods, r.count("compiled"), r.describe());
        assertEquals(0, r.count("refused"), r.describe());
        assertTrue(r.map("refusalsByReason").isEmpty(), r.describe());
        assertTrue(r.count("codeBytes") > 0, r.describe());
        assertEquals(r.count("bytecodeBytes"), r.count("compiledBytecodeBytes"), r.describe());
        assertTrue(r.count("compiledBytecodeBytes") > 0, r.describe());
        assertEquals(methods / 10, r.count("warmupMethods"), r.describe());
        assertEquals(methods - methods / 10, r.count("measuredMethods"), r.describe());
        assertTrue(((Number) r.json().get("compileSeconds")).doubleValue() > 0, r.describe());
        assertTrue(((Number) r.json().get("bytesPerSecond")).doubleValue() > 0, r.describe());
        assertTrue(((Number) r.json().get("bytesPerCpuSecond")).doubleValue() > 0, r.describe());
        assertTrue(((Number) r.json().get("compiledBytesPerSecond")).doubleValue() > 0, r.describe());
        assertTrue(((Number) r.json().get("invalidateSeconds")).doubleValue() > 0, r.describe());
        assertTrue(r.out().contains("after the first 10 %"), r.describe());
        // ctw tests the compiler: its verifiers run although -Dssajit.Verify is off by default (the JIT's production compiles).
        java.util.regex.Matcher verifiers = java.util.regex.Pattern.compile("SSA verifier (\\d+\\.\\d) ms .*allocation verifier (\\d+\\.\\d) ms").matcher(r.out());
        assertTrue(verifiers.find() && Double.parseDouble(verifiers.group(1)) > 0 && Double.parseDouble(verifiers.group(2)) > 0, r.describe());
    }

    /**
     * HotSpot's own size check counts the stubs it adds at installation (a stub to the interpreter per
     * static call): a method whose code and data are just under {@code JVMCINMethodSizeLimit} but whose
     * stubs are not is refused before installation, with a reason, not failed by HotSpot ("code is too
     * large"). {@code SystemModules$default.moduleDescriptors()} of JDK 25 (about 1,100 static calls,
     * 650 KB of code) was such a method.
     */
    @Test
    void aMethodNearTheSizeLimitIsRefusedNotFailed() {
        Run r = ctw(null, "--module", "java.base", "--classes", "^jdk\\.internal\\.module\\.SystemModules\\$default$", "--json");
        assertEquals(0, r.count("failed"), r.describe());
        assertEquals(0, r.status(), r.describe());
        assertEquals(r.count("methods"), r.count("compiled") + r.count("refused"), r.describe());
        assertTrue(r.map("refusalsByReason").keySet().stream().allMatch(k -> k.contains("too large")), r.describe());
    }

    /**
     * Four methods that compiled are made to go wrong, one way each: a bailout (a refusal), an exception
     * and a verifier error inside the pipeline, and code without its entry-barrier mark, which HotSpot
     * refuses to install (failures). The counts must move by exactly these.
     */
    @Test
    void countsEveryWayAMethodGoesWrong() {
        int barrierMark = HotSpotVmConfig.host().markEntryBarrierPatch;
        AtomicInteger reachedEnd = new AtomicInteger();
        List<String> spoiled = new ArrayList<>();
        Run r = ctw((m, code) -> {
            reachedEnd.incrementAndGet();
            String name = m.format("%H.%n(%p)");
            switch (spoiled.size()) {
                case 0 -> {
                    spoiled.add(name);
                    throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "test: refused");
                }
                case 1 -> {
                    spoiled.add(name);
                    throw new IllegalStateException("test: compiler bug");
                }
                case 2 -> {
                    spoiled.add(name);
                    throw new VerificationError("test: broken graph");
                }
                case 3 -> {
                    spoiled.add(name);
                    List<Site> sites = code.sites().stream().filter(s -> !(s instanceof Mark mk && mk.id instanceof Integer i && i == barrierMark)).toList();
                    assertEquals(code.sites().size() - 1, sites.size(), "the code has one entry-barrier mark");
                    return new CompiledCode(code.name(), code.code(), sites, code.totalFrameSize(), code.deoptRescueSlot(), code.dataSection(),
                                    code.dataSectionAlignment(), code.dataSectionPatches());
                }
                default -> {
                    return code;
                }
            }
        }, ARGS);
        assertEquals(4, spoiled.size(), r.describe());
        assertEquals(1, r.status(), "failures make the exit status 1\n" + r.describe());
        long methods = r.count("methods");
        assertEquals(methods, r.count("compiled") + r.count("refused") + r.count("failed"), r.describe());
        assertEquals(reachedEnd.get() - 4, r.count("compiled"), r.describe());
        assertEquals(methods - reachedEnd.get() + 1, r.count("refused"), r.describe());
        assertEquals(3, r.count("failed"), r.describe());

        Map<String, Object> failures = r.map("failuresByKind");
        assertEquals(Map.of("internal error: java.lang.IllegalStateException", 1L, "compiler bug: SSA verification failed", 1L,
                        "installation rejected: java.lang.IllegalArgumentException", 1L), longs(failures), r.describe());
        Map<String, Object> examples = r.map("failureExamples");
        assertEquals(spoiled.get(1) + ": test: compiler bug", examples.get("internal error: java.lang.IllegalStateException"), r.describe());
        assertEquals(spoiled.get(2) + ": test: broken graph", examples.get("compiler bug: SSA verification failed"), r.describe());
        String rejected = (String) examples.get("installation rejected: java.lang.IllegalArgumentException");
        assertTrue(rejected.startsWith(spoiled.get(3) + ": ") && rejected.contains("entry barrier"), rejected);
        // Every failure kind is listed with its stack trace.
        assertEquals(3, r.err().lines().filter(l -> l.startsWith("== ctw failure")).count(), r.describe());
        // The bailout is counted under its category, as what was refused.
        @SuppressWarnings("unchecked")
        Map<String, Object> unsupported = (Map<String, Object>) r.map("refusalDetails").get("bailout: not supported yet");
        assertEquals(1L, ((Number) unsupported.get("test: refused")).longValue(), r.describe());
    }

    @Test
    void usageErrorsAndEmptySelections() {
        assertEquals(2, ctw(null, "--frobnicate").status());
        assertEquals(2, ctw(null, "--module", "no.such.module").status());
        assertEquals(2, ctw(null, "--module", "java.base", "--jar", "x.jar").status());
        Run none = ctw(null, "--classes", "^no\\.such\\.Class$", "--json");
        assertEquals(0, none.status(), none.describe());
        assertEquals(0, none.count("methods"), none.describe());
        assertEquals(0, none.count("classes"), none.describe());
    }

    private static Map<String, Long> longs(Map<String, Object> m) {
        Map<String, Long> r = new LinkedHashMap<>();
        m.forEach((k, v) -> r.put(k, ((Number) v).longValue()));
        return r;
    }

    /** Just enough JSON for the tool's last line: objects, strings, numbers. */
    static final class Json {
        private final String s;
        private int i;

        private Json(String s) {
            this.s = s;
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> parse(String s) {
            Json j = new Json(s);
            Object v = j.value();
            if (j.i != s.length()) {
                throw new IllegalArgumentException("trailing characters at " + j.i + ": " + s);
            }
            return (Map<String, Object>) v;
        }

        private Object value() {
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    String k = string();
                    expect(':');
                    m.put(k, value());
                    if (s.charAt(i) == ',') {
                        i++;
                    } else {
                        expect('}');
                        return m;
                    }
                }
            }
            if (c == '"') {
                return string();
            }
            int start = i;
            while (i < s.length() && "-+.eE0123456789".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String num = s.substring(start, i);
            if (num.isEmpty()) {
                throw new IllegalArgumentException("unexpected '" + c + "' at " + start + ": " + s);
            }
            return num.contains(".") || num.contains("e") || num.contains("E") ? (Object) Double.parseDouble(num) : (Object) Long.parseLong(num);
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 'r' -> b.append('\r');
                        case 't' -> b.append('\t');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                            i += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
            i++;
            return b.toString();
        }

        private void expect(char c) {
            if (s.charAt(i) != c) {
                throw new IllegalArgumentException("expected '" + c + "' at " + i + ": " + s);
            }
            i++;
        }
    }
}
