package org.ssajit.jvmci;

import org.ssajit.util.CompilerList;
import java.io.PrintStream;
import java.net.URL;
import java.security.CodeSource;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.ssajit.codegen.BackendProvider;
import org.ssajit.codegen.Backends;
import org.ssajit.ir.Graph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.options.OptionValues;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Which methods are ssajit's own: those of classes loaded from the jars (or class directories) the
 * compiler's modules came from. When ssajit's jars are on the application class path (as in its own
 * tests), HotSpot asks it to compile its own methods; by default it refuses them ({@code
 * -Dssajit.CompileSelf}), so a compiler bug cannot feed on itself and the compiler's speed does not
 * depend on its own code. Classes from elsewhere in a package of the same name (tests, programs)
 * are not its own, nor are the demo programs and the benchmarks ({@link #PROGRAMS}).
 *
 * <p>When the jars are on the module path ({@code ssajit run}), HotSpot is told instead never to ask:
 * {@link #toLeaveToC1} gives ssajit's modules, and the JVMCI module on either path, to
 * {@code HotSpotJVMCIRuntime.excludeFromJVMCICompilation}, and HotSpot's policy compiles their methods
 * with C1 only.
 */
final class OwnCode {
    private OwnCode() {
    }

    /**
     * Programs in packages of ssajit's name that are not the compiler: the demo programs and the JMH
     * benchmarks. They have jars of their own, but the benchmarks' shaded jar holds them together with
     * the compiler, so their location alone does not tell.
     */
    private static final List<String> PROGRAMS = CompilerList.of("Lorg/ssajit/demo/", "Lorg/ssajit/benchmarks/");

    /** The prefix of the automatic module names of ssajit's jars (their manifests' Automatic-Module-Name). */
    static final String MODULE_PREFIX = "org.ssajit.";

    private static final class Sources {
        static final Set<String> LOCATIONS = Stream.of(SsajitCompiler.class, Graph.class, HotSpotLowering.class, Backends.host().getClass())
                        .map(OwnCode::location).filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The named modules the compiler's classes are in: none on the class path; ssajit's automatic
     * modules when its jars are on the module path, as {@code ssajit run} puts them (every back end
     * found, by its provider's class: this does not need the JVMCI runtime, which is still being made
     * when HotSpot selects ssajit).
     */
    static Set<Module> modules() {
        Stream<Class<?>> backEnds = ServiceLoader.load(BackendProvider.class, BackendProvider.class.getClassLoader()).stream().map(ServiceLoader.Provider::type);
        return Stream.concat(Stream.of(SsajitCompiler.class, Graph.class, HotSpotLowering.class), backEnds).map(Class::getModule).filter(Module::isNamed)
                        .collect(Collectors.toUnmodifiableSet());
    }

    /** The JVMCI module ({@code jdk.internal.vm.ci}): on the VM's side of the compiler only, programs do not use it. */
    static Module jvmciModule() {
        return HotSpotJVMCIRuntime.class.getModule();
    }

    /**
     * The modules only the compiler uses, for HotSpot to leave to C1
     * ({@link HotSpotJVMCIRuntime#excludeFromJVMCICompilation}, which replaces the list HotSpot reads on
     * each policy decision): ssajit's own and the JVMCI module. Their methods then never reach tier 4,
     * as for a JVMCI compiler shipped in a module, and the compiler's work does not make compile work
     * for itself. None of ssajit's on the class path, where {@link #contains} refuses the requests for
     * its methods instead (the JVMCI module is named there too). Null with {@code -Dssajit.CompileSelf=true}.
     * Said on {@code err} with {@code -Dssajit.Log} or {@code -Dssajit.Stats}.
     *
     * <p>For {@link SsajitCompilerFactory#onSelection}, where the work is done: {@code createCompiler},
     * which hands the array to HotSpot, must run (next to) no code, as it holds the JVMCI runtime's lock
     * while blocking compiles are allowed again (under {@code -Xbatch} a hot method it called waited for
     * a tier-4 compile that waited for that lock: the fuzzer's canaries hung).
     */
    static Module[] toLeaveToC1(OptionValues options, PrintStream err) {
        if (options.get(SsajitOptions.COMPILE_SELF)) {
            return null;
        }
        try {
            Set<Module> mine = modules();
            List<Module> excluded = new CompilerList<>(mine);
            excluded.add(jvmciModule());
            if (options.get(SsajitOptions.LOG) || options.get(SsajitOptions.STATS)) {
                String own = mine.isEmpty() ? "" : mine.stream().map(Module::getName).sorted().toList() + " and ";
                err.println("[ssajit] left to C1 (excludeFromJVMCICompilation): " + own + "the JVMCI module " + jvmciModule().getName());
            }
            return excluded.toArray(new Module[0]);
        } catch (RuntimeException | LinkageError e) {
            // ssajit's own code is then refused per request (contains), as on the class path.
            err.println("[ssajit] warning: could not find the modules to exclude from JVMCI compilation: " + e);
            return null;
        }
    }

    /**
     * Whether {@code m} is the JVMCI module's (its packages are {@code jdk.vm.ci.*}). HotSpot leaves
     * those to C1 once {@link #toLeaveToC1} is handed over; a request made before that (while HotSpot
     * initialized JVMCI, which runs some of them hot) is refused instead.
     */
    static boolean isJvmci(ResolvedJavaMethod m) {
        return m.getDeclaringClass().getName().startsWith("Ljdk/vm/ci/");
    }

    /** Whether {@code m}'s class comes from one of the compiler's own jars or class directories. */
    static boolean contains(ResolvedJavaMethod m) {
        String name = m.getDeclaringClass().getName();
        return isCompilerClassName(name) && isCompilerLocation(location(HotSpotJVMCIRuntime.runtime().getMirror(m.getDeclaringClass())));
    }

    /** Whether a class of this (internal) name may be the compiler's: in ssajit's packages, not a program's. */
    static boolean isCompilerClassName(String name) {
        return name.startsWith("Lorg/ssajit/") && PROGRAMS.stream().noneMatch(name::startsWith);
    }

    /** Whether a class loaded from {@code where} (a code source URL) comes from the compiler's jars or class directories. */
    static boolean isCompilerLocation(String where) {
        return where != null && Sources.LOCATIONS.contains(where);
    }

    static String locationOf(Class<?> c) {
        return location(c);
    }

    private static String location(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        URL u = cs == null ? null : cs.getLocation();
        return u == null ? null : u.toString();
    }
}
