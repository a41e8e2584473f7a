package org.ssajit.testing;

import java.io.IOException;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.ssajit.ir.Graph;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/** Test helpers: JVMCI lookups and verified graph builds. */
public final class Jvmci {
    public static final Providers PROVIDERS = Providers.host();

    private Jvmci() {
    }

    public static ResolvedJavaMethod method(Executable e) {
        ResolvedJavaMethod m = PROVIDERS.metaAccess().lookupJavaMethod(e);
        m.getDeclaringClass().link();
        return m;
    }

    /** The one declared method called {@code name}. */
    public static Method declared(Class<?> c, String name) {
        List<Method> found = new ArrayList<>();
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                found.add(m);
            }
        }
        if (found.size() != 1) {
            throw new IllegalArgumentException(c.getName() + "." + name + ": " + found.size() + " methods");
        }
        found.get(0).setAccessible(true);
        return found.get(0);
    }

    public static ResolvedJavaMethod method(Class<?> c, String name) {
        return method(declared(c, name));
    }

    /** Builds and verifies. */
    public static GraphBuilder.Result build(ResolvedJavaMethod m, BuildOptions o) {
        GraphBuilder.Result r = GraphBuilder.build(m, o, PROVIDERS);
        Verifier.verify(r.graph());
        return r;
    }

    public static Graph graph(Class<?> c, String name) {
        return build(method(c, name), BuildOptions.DEFAULT).graph();
    }

    public static Graph graph(Class<?> c, String name, BuildOptions o) {
        return build(method(c, name), o).graph();
    }

    /** The linked classes of {@code module} whose class-file path starts with {@code prefix} (e.g. {@code java/util/}). */
    public static List<ResolvedJavaType> typesOf(String module, String prefix) throws IOException {
        FileSystem jrt = FileSystems.getFileSystem(URI.create("jrt:/"));
        Path root = jrt.getPath("/modules", module);
        List<String> names;
        try (Stream<Path> files = Files.walk(root)) {
            names = files.map(p -> root.relativize(p).toString()).filter(n -> n.endsWith(".class") && !n.equals("module-info.class") && n.startsWith(prefix))
                            .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.')).sorted().toList();
        }
        List<ResolvedJavaType> types = new ArrayList<>();
        for (String name : names) {
            try {
                ResolvedJavaType t = PROVIDERS.metaAccess().lookupJavaType(Class.forName(name, false, ClassLoader.getPlatformClassLoader()));
                t.link();
                types.add(t);
            } catch (ClassNotFoundException | LinkageError e) {
                // not loadable in this VM: left out
            }
        }
        return types;
    }
}
