package org.ssajit.jvmci;

import java.net.URL;
import java.security.CodeSource;
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
 * compiler's modules came from. ssajit sits on the application class path, so HotSpot asks it to
 * compile its own methods once calls compile; by default it refuses them ({@code
 * -Dssajit.CompileSelf}), so a compiler bug cannot feed on itself and the compiler's speed does not
 * depend on its own code. Classes from elsewhere in a package of the same name (tests, programs)
 * are not its own, nor is the demo program ({@code org.ssajit.demo}) shipped in the compiler's jar.
 */
final class OwnCode {
    private OwnCode() {
    }

    /** The demo program's package: shipped in the compiler's jar, but a program like any other. */
    private static final String DEMO = "Lorg/ssajit/demo/";

    private static final class Sources {
        static final Set<String> LOCATIONS = Stream.of(SsajitCompiler.class, Graph.class, HotSpotLowering.class, Backends.host().getClass())
                        .map(OwnCode::location).filter(Objects::nonNull).collect(Collectors.toUnmodifiableSet());
    }

    /** Whether {@code m}'s class comes from one of the compiler's own jars or class directories. */
    static boolean contains(ResolvedJavaMethod m) {
        String name = m.getDeclaringClass().getName();
        if (!name.startsWith("Lorg/ssajit/") || name.startsWith(DEMO)) {
            return false;
        }
        Class<?> c = HotSpotJVMCIRuntime.runtime().getMirror(m.getDeclaringClass());
        String where = location(c);
        return where != null && Sources.LOCATIONS.contains(where);
    }

    private static String location(Class<?> c) {
        CodeSource cs = c.getProtectionDomain().getCodeSource();
        URL u = cs == null ? null : cs.getLocation();
        return u == null ? null : u.toString();
    }
}
