package org.ssajit.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The fixed sample the SSA benchmarks measure: every method with bytecode (constructors and class
 * initializers included) of the classes in {@link #CLASSES}, in a stable order, minus the methods the
 * front end refuses. For a given JDK build the sample is always the same; another JDK build has other
 * bytecode, so compare numbers only from one JDK.
 */
public final class SampleMethods {
    /** java.base classes chosen for variety: strings, numbers, collections, regex, concurrency, parsing. */
    public static final List<String> CLASSES = List.of(
                    "java.lang.String",
                    "java.lang.AbstractStringBuilder",
                    "java.lang.Integer",
                    "java.lang.Long",
                    "java.lang.Character",
                    "java.lang.Math",
                    "java.util.HashMap",
                    "java.util.ArrayList",
                    "java.util.LinkedList",
                    "java.util.TreeMap",
                    "java.util.ArrayDeque",
                    "java.util.Arrays",
                    "java.util.Collections",
                    "java.util.Formatter",
                    "java.util.regex.Pattern",
                    "java.util.regex.Matcher",
                    "java.math.BigInteger",
                    "java.math.BigDecimal",
                    "java.util.concurrent.ConcurrentHashMap",
                    "java.util.concurrent.ForkJoinPool",
                    "java.util.concurrent.locks.AbstractQueuedSynchronizer",
                    "java.time.LocalDate",
                    "java.net.URI",
                    "java.text.SimpleDateFormat",
                    "jdk.internal.math.FloatingDecimal",
                    "java.io.ObjectInputStream");

    private final List<ResolvedJavaMethod> methods;
    private final long bytecodeBytes;
    private final Map<String, Integer> refused;

    private SampleMethods(List<ResolvedJavaMethod> methods, long bytecodeBytes, Map<String, Integer> refused) {
        this.methods = methods;
        this.bytecodeBytes = bytecodeBytes;
        this.refused = refused;
    }

    /** Loads (without initializing) and links the classes, and keeps the methods ssajit's front end accepts. */
    public static SampleMethods load(Providers providers) {
        List<ResolvedJavaMethod> kept = new ArrayList<>();
        Map<String, Integer> refused = new TreeMap<>();
        long bytes = 0;
        for (String name : CLASSES) {
            ResolvedJavaType type;
            try {
                type = providers.metaAccess().lookupJavaType(Class.forName(name, false, ClassLoader.getPlatformClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("sample class " + name + " is missing from this JDK", e);
            }
            type.link();
            for (ResolvedJavaMethod m : declared(type)) {
                if (m.getCode() == null) {
                    continue; // abstract or native
                }
                try {
                    GraphBuilder.build(m, BuildOptions.DEFAULT, providers);
                } catch (BailoutException e) {
                    refused.merge(e.reason().name(), 1, Integer::sum);
                    continue;
                }
                kept.add(m);
                bytes += m.getCodeSize();
            }
        }
        return new SampleMethods(List.copyOf(kept), bytes, refused);
    }

    private static List<ResolvedJavaMethod> declared(ResolvedJavaType type) {
        List<ResolvedJavaMethod> all = new ArrayList<>(Arrays.asList(type.getDeclaredConstructors(false)));
        all.addAll(Arrays.asList(type.getDeclaredMethods(false)));
        if (type.getClassInitializer() != null) {
            all.add(type.getClassInitializer());
        }
        all.sort(Comparator.comparing(ResolvedJavaMethod::getName).thenComparing(m -> m.getSignature().toMethodDescriptor()));
        return all;
    }

    public List<ResolvedJavaMethod> methods() {
        return methods;
    }

    public long bytecodeBytes() {
        return bytecodeBytes;
    }

    /** Methods left out because the front end bails out on them, by reason. */
    public Map<String, Integer> refused() {
        return refused;
    }

    public String summary() {
        return "sample: " + methods.size() + " methods, " + bytecodeBytes + " bytes of bytecode, from " + CLASSES.size() + " classes; left out (bailouts): "
                        + (refused.isEmpty() ? "none" : refused);
    }
}
