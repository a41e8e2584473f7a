package org.ssajit.testing;

import java.lang.reflect.Executable;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.ssajit.ir.Graph;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;

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
}
