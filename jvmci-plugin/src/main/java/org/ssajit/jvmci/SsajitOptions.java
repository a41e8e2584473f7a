package org.ssajit.jvmci;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * ssajit's options: system properties {@code -Dssajit.<Name>=<value>}, each a typed key with a default
 * and help text. Read and checked once, when HotSpot selects ssajit as its JVMCI compiler (at VM
 * start-up with {@code -XX:+EagerJVMCI}, which {@code -XX:+UseJVMCICompiler} implies unless turned off):
 * a bad value or an unknown {@code ssajit.*} property stops the VM ({@link SsajitCompilerFactory#onSelection}).
 * {@code -Dssajit.Help=true} (or {@code -XX:+JVMCIPrintProperties}) prints them.
 */
public final class SsajitOptions {
    /** Prefix of every ssajit system property. */
    public static final String PREFIX = "ssajit.";

    /** One option: its property is {@code ssajit.<name>}. */
    public record Option<T>(String name, T defaultValue, String valueHelp, String help, Function<String, T> parser) {
        public String property() {
            return PREFIX + name;
        }
    }

    public static final Option<MethodFilter> METHOD_FILTER = new Option<>("MethodFilter", MethodFilter.ALL, "<patterns>",
                    "Compile only matching methods. Comma-separated globs over Class.method (or Class.method(descriptor) when the "
                                    + "pattern has a '('), '*' any characters, '?' one; a leading '-' excludes. A method is compiled if it "
                                    + "matches an include pattern (or there is none) and no exclude pattern. Example: java.lang.Math.*,-*.abs",
                    MethodFilter::parse);
    public static final Option<Boolean> LOG = new Option<>("Log", false, "true|false",
                    "One line per compilation on stderr: id, method, bytecode size, result or refusal reason, time, code size.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> STATS = new Option<>("Stats", false, "true|false",
                    "At VM exit (even if nothing was compiled) print a summary on stderr: first one line with the methods compiled and refused "
                                    + "and the compile time against the run time (the VM's time since it started), then requests, bytecodes, compile "
                                    + "time by phase, code bytes, inlining and refusals by reason.",
                    SsajitOptions::parseBoolean);
    public static final Option<Path> DUMP = new Option<>("Dump", null, "<directory>",
                    "Write per method the SSA graph as text (.ir.txt) and Graphviz (.dot), and for installed code its disassembly (.s, "
                                    + "needs GNU objdump), into the directory (created if missing).",
                    v -> v.isBlank() ? null : Path.of(v));
    public static final Option<Boolean> PRINT_INLINING = new Option<>("PrintInlining", false, "true|false",
                    "Per compile, on stderr: every call the inliner was asked about, as a tree (a callee's calls indented below it): "
                                    + "the bci, the callee, inlined (and how it was bound) or called, and why (the rule or limit that decided). "
                                    + "With -Dssajit.Dump also written to a .inlining.txt file.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> VERIFY = new Option<>("Verify", true, "true|false",
                    "Run the SSA verifier and the register-allocation verifier on every compilation (a failure refuses the method "
                                    + "and is reported as a compiler bug); false saves their compile time.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> IMPLICIT_NULL_CHECKS = new Option<>("ImplicitNullChecks", true, "true|false",
                    "Let a field access, array length read or bounds check fault on a null reference instead of testing it first; "
                                    + "HotSpot then deoptimizes and drops the code, and the recompile of a method whose profile shows such a "
                                    + "deoptimization tests explicitly. false: always test explicitly.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> COMPILE_SELF = new Option<>("CompileSelf", false, "true|false",
                    "Compile ssajit's own methods too. false: on the module path (ssajit run) HotSpot is told to leave ssajit's modules to C1 "
                                    + "(excludeFromJVMCICompilation); on the class path ssajit refuses them. Either way C1 runs the compiler.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> MONITORS = new Option<>("Monitors", true, "true|false",
                    "Compile monitorenter/monitorexit and synchronized methods. false refuses them (HotSpot's tiers run those "
                                    + "methods), to rule ssajit's locking out when a locking problem is suspected.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> COMPILED_HANDLERS = new Option<>("CompiledHandlers", true, "true|false",
                    "Catch exceptions thrown by calls in compiled code, with the method's own handlers. false: every exception "
                                    + "deoptimizes to the interpreter, which finds the handler.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> UNWIND_EXCEPTIONS = new Option<>("UnwindExceptions", true, "true|false",
                    "An exception that no handler of the compiled method (nor of a method inlined into it) takes leaves the frame "
                                    + "for the caller's handler, unless the frame holds a lock. false: the frame deoptimizes there and the "
                                    + "interpreter unwinds it. Needs CompiledHandlers.",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> ARRAY_COPY_STUBS = new Option<>("ArrayCopyStubs", true, "true|false",
                    "System.arraycopy of arrays whose element kind is known: inline checks, then the VM's copy stub; the call where a "
                                    + "check fails. false: every System.arraycopy stays a call (of the VM's native method).",
                    SsajitOptions::parseBoolean);
    public static final Option<Boolean> ALLOCATE_INSTANCE_INLINE = new Option<>("AllocateInstanceInline", true, "true|false",
                    "Unsafe.allocateInstance (constructor method handles, reflection's Constructor.newInstance): the instance allocated inline from the "
                                    + "thread's buffer when its class is fully initialized and the VM does not reserve it a slow path; the call "
                                    + "otherwise. false: every Unsafe.allocateInstance stays a call (of the VM's native method).",
                    SsajitOptions::parseBoolean);
    public static final Option<org.ssajit.lowering.ImplicitThrows.Mode> IMPLICIT_EXCEPTIONS = new Option<>("ImplicitExceptions",
                    org.ssajit.lowering.ImplicitThrows.Mode.PROFILE, "profile|always|never",
                    "When a null, division-by-zero, class-cast, array-store, out-of-bounds or negative-size exception caught by a handler of the same method is "
                                    + "thrown in compiled code: profile, once the method's profile says the bytecode threw (before that a failed "
                                    + "check deoptimizes and HotSpot recompiles after a few); always; never (every failed check deoptimizes). "
                                    + "Needs CompiledHandlers.",
                    org.ssajit.lowering.ImplicitThrows.Mode::parse);
    public static final Option<Boolean> INLINE = new Option<>("Inline", true, "true|false",
                    "Parse small callees (at most 35 bytes of bytecode, more at a hot call with HotInlineSize; in a try range only ones without calls or throws) into their callers: statically bound ones "
                                    + "(static, private, final, constructors, on an object of a known class), virtual ones with one "
                                    + "implementation among the classes loaded (class-hierarchy analysis: HotSpot deoptimizes the code when a "
                                    + "class loaded later overrides it), and virtual ones with several for the (at most 2) receiver classes "
                                    + "their profile saw, each behind a test of the receiver's class, the call kept for the others; a receiver "
                                    + "not known to be non-null is checked first; deoptimizing in inlined code rebuilds one interpreter frame per method.",
                    SsajitOptions::parseBoolean);
    public static final Option<Integer> HOT_INLINE_SIZE = new Option<>("HotInlineSize", org.ssajit.parse.Inlining.MAX_CALLEE_BYTES, "<bytes>",
                    "With Inline: the largest callee (bytes of bytecode) inlined at a hot call, one that runs at least "
                                    + org.ssajit.parse.Inlining.HOT_CALL_FREQUENCY + " times per entry into the compiled method as the branch profiles of the "
                                    + "methods it is inlined through estimate it, and that its own profile counted; elsewhere "
                                    + org.ssajit.parse.Inlining.MAX_CALLEE_BYTES + " bytes. " + org.ssajit.parse.Inlining.MAX_CALLEE_BYTES
                                    + " or less (the default): no exception for hot calls; C2 takes "
                                    + org.ssajit.parse.Inlining.HOT_CALLEE_BYTES + " (FreqInlineSize), which made javac slower under ssajit.",
                    SsajitOptions::parseBytes);
    public static final Option<Double> INJECT_FAULTS = new Option<>("InjectFaults", 0.0, "<probability>",
                    "Testing: make each fault-injection point of the compiler (in every phase, from SSA construction to installation) throw "
                                    + "with this probability; such a compile must end as a refusal \"injected fault\" (counted by Stats), "
                                    + "the program's output unchanged. 0: off.",
                    org.ssajit.debug.FaultInjection::parse);
    public static final Option<Boolean> HELP = new Option<>("Help", false, "true|false",
                    "Print this help on stderr when HotSpot selects ssajit as its compiler (at VM start-up), then run the program.",
                    SsajitOptions::parseBoolean);

    public static final List<Option<?>> ALL = List.of(METHOD_FILTER, LOG, STATS, DUMP, PRINT_INLINING, VERIFY, IMPLICIT_NULL_CHECKS, COMPILE_SELF, MONITORS, COMPILED_HANDLERS, UNWIND_EXCEPTIONS, IMPLICIT_EXCEPTIONS, ARRAY_COPY_STUBS, ALLOCATE_INSTANCE_INLINE, INLINE, HOT_INLINE_SIZE, INJECT_FAULTS, HELP);

    /**
     * System properties under {@code ssajit.} that are not options: those of ssajit's tools, build and
     * tests ({@code ssajit.test.*} and {@code ssajit.aarch64.*} as prefixes, the rest by name). Any
     * other {@code ssajit.*} property must name an option: a typo is an error, never ignored.
     */
    static final List<String> NOT_OPTIONS_PREFIXES = List.of("ssajit.test.", "ssajit.aarch64.");
    static final Set<String> NOT_OPTIONS = Set.of("ssajit.objdump", "ssajit.jitModulePath", "ssajit.programJava", "ssajit.updateGolden",
                    "ssajit.moduleName", "ssajit.jdk.version");

    private final Map<Option<?>, Object> values;

    private SsajitOptions(Map<Option<?>, Object> values) {
        this.values = values;
    }

    /** Options that cannot be used: each problem names the option, the value given and what is accepted. */
    public static final class InvalidOptions extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final List<String> problems;

        InvalidOptions(List<String> problems) {
            super(String.join("; ", problems));
            this.problems = List.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    /** The options in the system properties; {@link InvalidOptions} if any is not valid. */
    public static SsajitOptions fromSystemProperties() {
        return parse(System.getProperties());
    }

    /**
     * The options in {@code properties}. Every {@code ssajit.*} property must be an option with a valid
     * value, or one of the {@linkplain #NOT_OPTIONS properties that are not options}; otherwise
     * {@link InvalidOptions} lists every problem (an unknown name with the option it is probably a
     * typo of).
     */
    public static SsajitOptions parse(Properties properties) {
        Map<Option<?>, Object> values = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (Option<?> o : ALL) {
            String raw = properties.getProperty(o.property());
            Object v = o.defaultValue();
            if (raw != null) {
                try {
                    v = o.parser().apply(raw.trim());
                } catch (RuntimeException e) {
                    problems.add("-D" + o.property() + "=" + raw + ": " + e.getMessage());
                }
            }
            values.put(o, v);
        }
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (key.startsWith(PREFIX) && ALL.stream().noneMatch(o -> o.property().equals(key)) && !isNotAnOption(key)) {
                problems.add("-D" + key + "=" + properties.getProperty(key) + ": no such option; " + suggestion(key.substring(PREFIX.length())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidOptions(problems);
        }
        return new SsajitOptions(values);
    }

    private static boolean isNotAnOption(String key) {
        return NOT_OPTIONS.contains(key) || NOT_OPTIONS_PREFIXES.stream().anyMatch(key::startsWith);
    }

    /** "did you mean -Dssajit.X?" for the option nearest {@code name} (case aside), or the list of options. */
    static String suggestion(String name) {
        Option<?> best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Option<?> o : ALL) {
            int d = editDistance(name.toLowerCase(Locale.ROOT), o.name().toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = o;
                bestDistance = d;
            }
        }
        if (best != null && bestDistance <= Math.max(2, best.name().length() / 3)) {
            return "did you mean -D" + best.property() + "?";
        }
        return "ssajit's options are " + String.join(", ", ALL.stream().map(Option::name).toList()) + " (-D" + HELP.property() + "=true describes them)";
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character. */
    private static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitute = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitute, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    @SuppressWarnings("unchecked")
    public <T> T get(Option<T> option) {
        Objects.requireNonNull(option);
        return (T) values.get(option);
    }

    public static void printHelp(PrintStream out) {
        out.println("ssajit options (system properties):");
        for (Option<?> o : ALL) {
            out.printf("  -D%s=%s  (default: %s)%n", o.property(), o.valueHelp(), o.defaultValue() == null ? "unset" : o.defaultValue());
            out.println("      " + o.help());
        }
    }

    private static Integer parseBytes(String s) {
        try {
            int v = Integer.parseInt(s.trim());
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("expected a number of bytes, a whole number from 0 to " + Integer.MAX_VALUE);
    }

    private static Boolean parseBoolean(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("expected true or false (or nothing, for true)");
        };
    }
}
