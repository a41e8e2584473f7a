package org.ssajit.jvmci;

import java.net.URL;
import java.security.CodeSource;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.ssajit.codegen.Backends;
import org.ssajit.ir.Graph;
import org.ssajit.lowering.HotSpotLowering;

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
 * {@link #excludeFromJvmciCompilation} hands ssajit's modules to
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
    private static final List<String> PROGRAMS = List.of("Lorg/ssajit/demo/", "Lorg/ssajit/benchmarks/");

    /** The prefix of the automatic module names of ssajit's jars (their manifests' Automatic-Module-Name). */
    static final String MODULE_PREFIX = "org.ssajit.";

    private static final class Sources {
        static final Set<String> LOCATIONS = Stream.of(SsajitCompiler.class, Graph.class, HotSpotLowering.class, Backends.host().getClass())
                        .map(OwnCode::location).filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * The named modules the compiler's classes are in: none on the class path; ssajit's automatic
     * modules when its jars are on the module path, as {@code ssajit run} puts them.
     */
    static Set<Module> modules() {
        return Stream.of(SsajitCompiler.class, Graph.class, HotSpotLowering.class, Backends.host().getClass()).map(Class::getModule)
                        .filter(Module::isNamed).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Asks HotSpot to leave ssajit's own modules to C1 ({@link HotSpotJVMCIRuntime#excludeFromJVMCICompilation}):
     * their methods then never reach tier 4, as for a JVMCI compiler shipped in a module. Returns the
     * modules excluded; none on the class path, where {@link #contains} refuses the requests instead.
     */
    static Set<Module> excludeFromJvmciCompilation() {
        Set<Module> mine = modules();
        if (!mine.isEmpty()) {
            HotSpotJVMCIRuntime.runtime().excludeFromJVMCICompilation(mine.toArray(new Module[0]));
        }
        return mine;
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
