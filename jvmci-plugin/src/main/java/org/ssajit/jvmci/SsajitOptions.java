package org.ssajit.jvmci;

import org.ssajit.util.CompilerList;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.TreeSet;

import org.ssajit.debug.FaultInjection;
import org.ssajit.lowering.LoweringOptions;
import org.ssajit.options.OptionKey;
import org.ssajit.options.OptionValues;
import org.ssajit.parse.Inlining;
import org.ssajit.util.IntMath;

/**
 * ssajit's options as system properties {@code -Dssajit.<Name>=<value>}: the list of every
 * {@link OptionKey} (this module's, declared here, and those other modules declare next to their users),
 * the parser that turns the properties into one immutable {@link OptionValues}, and the help.
 *
 * <p>Read and checked once, when HotSpot selects ssajit as its JVMCI compiler (at VM start-up with
 * {@code -XX:+EagerJVMCI}, which {@code -XX:+UseJVMCICompiler} implies unless turned off): a bad value or
 * an unknown {@code ssajit.*} property stops the VM ({@link SsajitCompilerFactory#onSelection}).
 * {@code -Dssajit.Help=true} (or {@code -XX:+JVMCIPrintProperties}) prints them. This class and the
 * tools are the only main code that reads system properties (NoGlobalConfigurationTest).
 */
public final class SsajitOptions {
    /** Prefix of every ssajit system property. */
    public static final String PREFIX = "ssajit.";

    public static final OptionKey<MethodFilter> METHOD_FILTER = new OptionKey<>("MethodFilter", MethodFilter.ALL, "<patterns>",
                    "Compile only matching methods. Comma-separated globs over Class.method (or Class.method(descriptor) when the "
                                    + "pattern has a '('), '*' any characters, '?' one; a leading '-' excludes. A method is compiled if it "
                                    + "matches an include pattern (or there is none) and no exclude pattern. Example: java.lang.Math.*,-*.abs",
                    MethodFilter::parse);
    public static final OptionKey<Boolean> LOG = OptionKey.bool("Log", false,
                    "One line per compilation on stderr: id, method, bytecode size, result or refusal reason, time, code size.");
    public static final OptionKey<Boolean> STATS = OptionKey.bool("Stats", false,
                    "At VM exit (even if nothing was compiled) print a summary on stderr: first one line with the methods compiled and refused "
                                    + "and the compile time against the run time (the VM's time since it started), then requests, bytecodes, compile "
                                    + "time by phase, code bytes, inlining and refusals by reason.");
    public static final OptionKey<Path> DUMP = new OptionKey<>("Dump", null, "<directory>",
                    "Write per method the SSA graph as text (.ir.txt) and Graphviz (.dot), every phase's graph, the LIR and the register "
                                    + "allocator's intervals for C1Visualizer (.cfg), and for installed code its disassembly (.s, needs GNU objdump), "
                                    + "into the directory (created if missing).",
                    v -> v.isBlank() ? null : Path.of(v));
    public static final OptionKey<Boolean> PRINT_INLINING = OptionKey.bool("PrintInlining", false,
                    "Per compile, on stderr: every call the inliner was asked about, as a tree (a callee's calls indented below it): "
                                    + "the bci, the callee, inlined (and how it was bound) or called, and why (the rule or limit that decided). "
                                    + "With -Dssajit.Dump also written to a .inlining.txt file.");
    public static final OptionKey<Boolean> VERIFY = OptionKey.bool("Verify", false,
                    "Testing: run the SSA verifier and the register-allocation verifier on every compilation (a failure refuses the method "
                                    + "and is reported as a compiler bug). Off by default, for their compile time; ssajit's tests, CI, ssajit fuzz "
                                    + "and ssajit ctw (unless it is set to false) turn it on.");
    public static final OptionKey<Boolean> COMPILE_SELF = OptionKey.bool("CompileSelf", false,
                    "Compile ssajit's own methods and the JVMCI module's (jdk.internal.vm.ci) too. false: HotSpot is told to leave the JVMCI module "
                                    + "and, on the module path (ssajit run), ssajit's modules to C1 (excludeFromJVMCICompilation); on the class path "
                                    + "ssajit refuses its own methods. Either way C1 runs the compiler.");
    public static final OptionKey<Boolean> HELP = OptionKey.bool("Help", false,
                    "Print this help on stderr when HotSpot selects ssajit as its compiler (at VM start-up), then run the program.");

    /** Every option, in the order the help lists them: this module's and those other modules declare next to their users. */
    public static final List<OptionKey<?>> ALL = CompilerList.of(METHOD_FILTER, LOG, STATS, DUMP, PRINT_INLINING, VERIFY, LoweringOptions.IMPLICIT_NULL_CHECKS,
                    COMPILE_SELF, LoweringOptions.MONITORS, LoweringOptions.COMPILED_HANDLERS, LoweringOptions.UNWIND_EXCEPTIONS,
                    LoweringOptions.IMPLICIT_EXCEPTIONS, LoweringOptions.ARRAY_COPY_STUBS, LoweringOptions.ALLOCATE_INSTANCE_INLINE, LoweringOptions.COUNTED_LOOP_SAFEPOINTS, Inlining.INLINE,
                    Inlining.HOT_INLINE_SIZE, Inlining.HOT_CALL_FREQUENCY_OPTION, Inlining.MAX_INLINE_LEVEL, Inlining.RECEIVER_TRAPS, org.ssajit.parse.BytecodeParser.UNTAKEN_BRANCH_TRAPS, org.ssajit.opt.EscapeAnalysis.ENABLED, FaultInjection.INJECT_FAULTS, HELP);

    private SsajitOptions() {
    }

    /** The system property of {@code key}: {@code ssajit.<name>}. */
    public static String property(OptionKey<?> key) {
        return PREFIX + key.name();
    }

    /**
     * Which {@code ssajit.*} properties are options. An option's name starts with an upper-case letter
     * ({@code -Dssajit.Log}): every such property must be one, and a typo is an error. The tools', the
     * build's and the tests' own properties start with a lower-case letter ({@code ssajit.objdump},
     * {@code ssajit.root}, {@code ssajit.jitModulePath}) or are in a namespace of their own
     * ({@code ssajit.test.java}, {@code ssajit.aarch64.java}, {@code ssajit.regalloc.sweep}): they are not
     * options and are not checked, but a lower-case name one edit away from an option's, case aside
     * ({@code -Dssajit.inline}, {@code -Dssajit.stat}), is taken for a typo of it.
     */
    static boolean isOptionName(String name) {
        return !name.isEmpty() && Character.isUpperCase(name.charAt(0)) || name.indexOf('.') < 0 && nearest(name) <= 1;
    }

    /** Options that cannot be used: each problem names the option, the value given and what is accepted. */
    public static final class InvalidOptions extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;
        private final List<String> problems;

        InvalidOptions(List<String> problems) {
            super(String.join("; ", problems));
            this.problems = CompilerList.copyOf(problems);
        }

        public List<String> problems() {
            return problems;
        }
    }

    /**
     * The options in the system properties; {@link InvalidOptions} if any is not valid. The one place
     * the compiler reads its options from the system properties.
     */
    public static OptionValues fromSystemProperties() {
        return parse(System.getProperties());
    }

    /**
     * The options in {@code properties}. Every {@code ssajit.*} property with an {@linkplain #isOptionName
     * option's name} must be an option with a valid value; otherwise {@link InvalidOptions} lists every
     * problem (an unknown name with the option it is probably a typo of).
     */
    public static OptionValues parse(Properties properties) {
        OptionValues values = OptionValues.DEFAULTS;
        List<String> problems = new CompilerList<>();
        for (OptionKey<?> o : ALL) {
            String raw = properties.getProperty(property(o));
            if (raw != null) {
                try {
                    values = withParsed(values, o, raw);
                } catch (RuntimeException e) {
                    problems.add("-D" + property(o) + "=" + raw + ": " + e.getMessage());
                }
            }
        }
        for (String key : new TreeSet<>(properties.stringPropertyNames())) {
            if (key.startsWith(PREFIX) && ALL.stream().noneMatch(o -> property(o).equals(key)) && isOptionName(key.substring(PREFIX.length()))) {
                problems.add("-D" + key + "=" + properties.getProperty(key) + ": no such option; " + suggestion(key.substring(PREFIX.length())));
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidOptions(problems);
        }
        return values;
    }

    private static <T> OptionValues withParsed(OptionValues values, OptionKey<T> key, String raw) {
        return values.with(key, key.parse(raw));
    }

    /** The edit distance, case aside, from {@code name} to the nearest option's name. */
    private static int nearest(String name) {
        return ALL.stream().mapToInt(o -> editDistance(name.toLowerCase(Locale.ROOT), o.name().toLowerCase(Locale.ROOT))).min().orElse(Integer.MAX_VALUE);
    }

    /** "did you mean -Dssajit.X?" for the option nearest {@code name} (case aside), or the list of options. */
    static String suggestion(String name) {
        OptionKey<?> best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (OptionKey<?> o : ALL) {
            int d = editDistance(name.toLowerCase(Locale.ROOT), o.name().toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = o;
                bestDistance = d;
            }
        }
        if (best != null && bestDistance <= IntMath.max(2, best.name().length() / 3)) {
            return "did you mean -D" + property(best) + "?";
        }
        return "ssajit's options are " + String.join(", ", ALL.stream().map(OptionKey::name).toList()) + " (-D" + property(HELP) + "=true describes them)";
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
                current[j] = IntMath.min(substitute, IntMath.min(previous[j], current[j - 1]) + 1);
            }
            int[] t = previous;
            previous = current;
            current = t;
        }
        return previous[b.length()];
    }

    private static String defaultText(Object v) {
        return v instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : v.toString();
    }

    public static void printHelp(PrintStream out) {
        out.println("ssajit options (system properties):");
        for (OptionKey<?> o : ALL) {
            out.printf("  -D%s=%s  (default: %s)%n", property(o), o.syntax(), o.defaultValue() == null ? "unset" : defaultText(o.defaultValue()));
            out.println("      " + o.help());
        }
    }
}
