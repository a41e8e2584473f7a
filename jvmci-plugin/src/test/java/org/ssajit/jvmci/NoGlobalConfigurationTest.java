package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Options are values ({@link org.ssajit.options.OptionValues}), never globals. Two rules over the main
 * sources of every module of the repository:
 *
 * <ol>
 * <li>System properties are read ({@code System.getProperty}, {@code System.getProperties},
 * {@code Boolean.getBoolean}, {@code Integer.getInteger}, {@code Long.getLong}) or written
 * ({@code System.setProperty}) only by {@link SsajitOptions}, by the module {@code tools} (the
 * commands, which run outside the compiler) and by the disassembler locators (codegen-core's
 * {@code disasm/GnuObjdump.java}: where GNU objdump is, {@code -Dssajit.objdump} and
 * {@code -Dssajit.aarch64.objdump}, a tool's path, not a compiler option; AArch64's
 * {@code disasm/Objdump.java}: whether the host is AArch64, whose native objdump reads its code).</li>
 * <li>The compiler's modules (all but {@code tools}, {@code demo} and {@code benchmarks}, which are
 * programs) have no static field that is not final, and no static final field holding a mutable
 * cell or collection ({@code Atomic*}, adders, {@code ThreadLocal}, {@code new HashMap} and the like),
 * but for the state of the VM itself listed in {@link #STATE_OF_THE_VM}.</li>
 * </ol>
 */
class NoGlobalConfigurationTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** Modules that are programs or tools, not the compiler: rule 2 does not apply. */
    private static final Set<String> NOT_THE_COMPILER = Set.of("tools", "demo", "benchmarks");

    /** Where rule 1 allows reading system properties, as paths relative to the repository, or a module's main sources. */
    private static final List<String> MAY_READ_PROPERTIES = List.of("jvmci-plugin/src/main/java/org/ssajit/jvmci/SsajitOptions.java", "tools/src/main/",
                    "codegen-core/src/main/java/org/ssajit/disasm/GnuObjdump.java", "codegen-aarch64/src/main/java/org/ssajit/aarch64/disasm/Objdump.java");

    /**
     * Static mutable fields that are the VM's own state, not configuration: {@code file#field}. The
     * runtime stubs ssajit installed in this VM's code cache, once each.
     */
    private static final Set<String> STATE_OF_THE_VM = Set.of("codegen-core/src/main/java/org/ssajit/hotspot/RuntimeStubs.java#INSTALLED");

    private static final Pattern PROPERTY_ACCESS = Pattern
                    .compile("\\b(System\\s*\\.\\s*(getProperty|getProperties|setProperty|clearProperty)|Boolean\\s*\\.\\s*getBoolean|Integer\\s*\\.\\s*getInteger|Long\\s*\\.\\s*getLong)\\s*\\(");
    private static final Pattern MUTABLE_HOLDER = Pattern.compile("=\\s*(new\\s+([\\w.]*\\.)?(Atomic\\w+|LongAdder|DoubleAdder|LongAccumulator|ThreadLocal|InheritableThreadLocal|"
                    + "HashMap|ConcurrentHashMap|ConcurrentSkipListMap|LinkedHashMap|IdentityHashMap|WeakHashMap|TreeMap|EnumMap|ArrayList|LinkedList|"
                    + "CopyOnWriteArrayList|HashSet|LinkedHashSet|TreeSet|ArrayDeque|BitSet)\\b|([\\w.]*\\.)?ThreadLocal\\s*\\.\\s*withInitial)");
    private static final Pattern TYPE_KEYWORD = Pattern.compile("\\b(class|interface|enum|record|import|package)\\b");

    /** The main source files of every module, relative to the repository. */
    private static List<Path> mainSources() throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> s = Files.walk(module.resolve("src/main/java"))) {
                    s.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> files.add(ROOT.relativize(f)));
                }
            }
        }
        return files;
    }

    private static String module(Path relative) {
        return relative.getName(0).toString();
    }

    private static String slashed(Path relative) {
        return relative.toString().replace('\\', '/');
    }

    @Test
    void systemPropertiesAreReadOnlyByTheOptionsClassAndTheTools() throws IOException {
        List<Path> files = mainSources();
        assertTrue(files.size() > 200 && files.stream().map(NoGlobalConfigurationTest::module).distinct().count() >= 8, "scanned " + files.size() + " files");
        List<String> found = new ArrayList<>();
        for (Path f : files) {
            String path = slashed(f);
            if (MAY_READ_PROPERTIES.stream().anyMatch(path::startsWith)) {
                continue;
            }
            String code = withoutCommentsAndStrings(Files.readString(ROOT.resolve(f)));
            Matcher m = PROPERTY_ACCESS.matcher(code);
            while (m.find()) {
                found.add(path + ":" + line(code, m.start()) + ": " + m.group(1));
            }
        }
        assertEquals(List.of(), found, "system properties read outside SsajitOptions and the tools: options are OptionKeys, read by SsajitOptions");
    }

    @Test
    void theCompilerHasNoStaticMutableFields() throws IOException {
        List<String> found = new ArrayList<>();
        int scanned = 0;
        for (Path f : mainSources()) {
            if (NOT_THE_COMPILER.contains(module(f))) {
                continue;
            }
            scanned++;
            String path = slashed(f);
            for (String field : staticMutableFields(Files.readString(ROOT.resolve(f)))) {
                if (!STATE_OF_THE_VM.contains(path + "#" + field.substring(0, field.indexOf(':')))) {
                    found.add(path + "#" + field);
                }
            }
        }
        assertTrue(scanned > 200, "scanned " + scanned + " files");
        assertEquals(List.of(), found, "static mutable fields in the compiler: configuration goes in OptionValues, per-compiler state in the compiler's objects");
    }

    /** The scanner itself: what each rule catches and what it lets pass. */
    @Test
    void theScannerFindsWhatTheRulesForbid() {
        String code = """
                        class A {
                            static volatile boolean enabled = Boolean.parseBoolean(System.getProperty("x", "true"));
                            private static int count;
                            static final int LIMIT = 3;
                            public static final java.util.Map<String, Integer> CACHE = new java.util.concurrent.ConcurrentHashMap<>();
                            private static final AtomicLong INJECTED = new AtomicLong();
                            static final ThreadLocal<Boolean> SUSPENDED = ThreadLocal.withInitial(() -> false);
                            static final List<String> NAMES = List.of("a"); // static int commented;
                            String s = "static int inAString;";
                            final int instance = 1;
                            static int method(int x) { int local = x; return local; }
                            static { LIMIT2 = 1; }
                            @SuppressWarnings("x") static Object annotated = null;
                            static final Runnable R = () -> { int y = 0; };
                        }
                        """;
        assertEquals(List.of("enabled:2", "count:3", "CACHE:5", "INJECTED:6", "SUSPENDED:7", "annotated:13"), staticMutableFields(code));
        Matcher m = PROPERTY_ACCESS.matcher(withoutCommentsAndStrings(code + "\n// System.getProperty(\"y\")\nBoolean.getBoolean(\"z\");"));
        List<String> calls = new ArrayList<>();
        while (m.find()) {
            calls.add(m.group(1));
        }
        assertEquals(List.of("System.getProperty", "Boolean.getBoolean"), calls);
    }

    /** The static fields of {@code source} that are not final or hold a mutable cell or collection, as {@code name:line}. */
    static List<String> staticMutableFields(String source) {
        String code = withoutCommentsAndStrings(source);
        List<String> found = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= code.length(); i++) {
            char c = i < code.length() ? code.charAt(i) : ';';
            if (c != ';' && c != '{' && c != '}') {
                continue;
            }
            String head = code.substring(start, i);
            int headStart = start;
            start = i + 1;
            String declaration = head.replaceAll("@\\w+(\\s*\\([^)]*\\))?", " ");
            if (!declaration.matches("(?s).*\\bstatic\\b.*") || TYPE_KEYWORD.matcher(declaration).find()) {
                continue;
            }
            int equals = declaration.indexOf('=');
            String left = equals < 0 ? declaration : declaration.substring(0, equals);
            if (left.contains("(") || left.strip().equals("static")) {
                continue; // a method, or a static initializer
            }
            Matcher name = Pattern.compile("(\\w+)\\s*$").matcher(left);
            if (!name.find()) {
                continue;
            }
            boolean isFinal = left.matches("(?s).*\\bfinal\\b.*");
            if (!isFinal || MUTABLE_HOLDER.matcher(declaration).find()) {
                found.add(name.group(1) + ":" + line(code, headStart + head.indexOf(name.group(1), head.indexOf("static"))));
            }
        }
        return found;
    }

    private static int line(String code, int offset) {
        int n = 1;
        for (int i = 0; i < offset; i++) {
            if (code.charAt(i) == '\n') {
                n++;
            }
        }
        return n;
    }

    /** {@code source} with comments, string and character literals and text blocks blanked (line breaks kept). */
    static String withoutCommentsAndStrings(String source) {
        StringBuilder sb = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                while (i < source.length() && source.charAt(i) != '\n') {
                    sb.append(' ');
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
                blank(source, i, end, sb);
                i = end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? source.length() : end + 3;
                blank(source, i, end, sb);
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < source.length() && source.charAt(j) != c) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                int end = Math.min(j + 1, source.length());
                blank(source, i, end, sb);
                i = end;
            } else {
                sb.append(c);
                i++;
            }
        }
        return sb.toString();
    }

    private static void blank(String source, int from, int to, StringBuilder sb) {
        sb.append(source.charAt(from) == '"' || source.charAt(from) == '\'' ? source.charAt(from) : ' ');
        for (int k = from + 1; k < to; k++) {
            sb.append(source.charAt(k) == '\n' ? '\n' : ' ');
        }
    }
}
