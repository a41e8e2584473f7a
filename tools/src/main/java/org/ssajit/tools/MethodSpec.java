package org.ssajit.tools;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * A method named on the command line: {@code pkg.Class.method(descriptor)}.
 *
 * <ul>
 * <li>The class is a binary name ({@code java.util.HashMap$Node}); slashes are accepted for dots.</li>
 * <li>The method name may be {@code <init>} or {@code <clinit>}.</li>
 * <li>The descriptor is a JVM method descriptor, {@code (II)I}. It is optional when the name is unique
 * in the class, and its return type may be left out ({@code (II)}) to match by parameters.</li>
 * </ul>
 *
 * @param descriptor null when not given
 */
public record MethodSpec(String className, String methodName, String descriptor) {

    /** Parses {@code Class.method(descriptor)}; throws {@link UsageException} with what is wrong. */
    public static MethodSpec parse(String text) {
        String s = text.strip();
        String descriptor = null;
        int paren = s.indexOf('(');
        if (paren >= 0) {
            descriptor = s.substring(paren).replace('.', '/');
            s = s.substring(0, paren);
            int close = descriptor.indexOf(')');
            if (close < 0 || descriptor.indexOf('(', 1) >= 0 || descriptor.indexOf(')', close + 1) >= 0) {
                throw new UsageException("malformed descriptor '" + text.substring(paren) + "' in '" + text + "': expected a JVM descriptor such as (II)I or (Ljava/lang/String;)V");
            }
        }
        int dot = s.lastIndexOf('.');
        int slash = s.lastIndexOf('/');
        int sep = Math.max(dot, slash);
        if (sep <= 0 || sep == s.length() - 1) {
            throw new UsageException("expected Class.method or Class.method(descriptor), e.g. java.lang.Math.max(II)I, got '" + text + "'");
        }
        String className = s.substring(0, sep).replace('/', '.');
        String methodName = s.substring(sep + 1);
        boolean special = methodName.equals("<init>") || methodName.equals("<clinit>");
        if (!special && (methodName.indexOf('<') >= 0 || methodName.indexOf('>') >= 0)) {
            throw new UsageException("bad method name '" + methodName + "' in '" + text + "': only <init> and <clinit> may contain '<' or '>'");
        }
        if (className.startsWith(".") || className.endsWith(".") || className.contains("..")) {
            throw new UsageException("bad class name '" + className + "' in '" + text + "'");
        }
        return new MethodSpec(className, methodName, descriptor);
    }

    /** True if the descriptor was given without its return type. */
    boolean parametersOnly() {
        return descriptor != null && descriptor.endsWith(")");
    }

    public boolean matches(String name, String methodDescriptor) {
        if (!methodName.equals(name)) {
            return false;
        }
        if (descriptor == null) {
            return true;
        }
        if (parametersOnly()) {
            return methodDescriptor.startsWith(descriptor);
        }
        return methodDescriptor.equals(descriptor);
    }

    /**
     * Every method, constructor and class initializer the type declares, in a stable order. The type must
     * be linked for the methods to have bytecode.
     */
    public static List<ResolvedJavaMethod> declaredMethods(ResolvedJavaType type) {
        List<ResolvedJavaMethod> all = new ArrayList<>();
        all.addAll(Arrays.asList(type.getDeclaredConstructors(false)));
        all.addAll(Arrays.asList(type.getDeclaredMethods(false)));
        ResolvedJavaMethod clinit = type.getClassInitializer();
        if (clinit != null) {
            all.add(clinit);
        }
        all.sort(Comparator.comparing(ResolvedJavaMethod::getName).thenComparing(m -> m.getSignature().toMethodDescriptor()));
        return all;
    }

    /** The one method of {@code type} this spec names; throws {@link UsageException} listing candidates otherwise. */
    public ResolvedJavaMethod select(ResolvedJavaType type) {
        return select(declaredMethods(type));
    }

    ResolvedJavaMethod select(List<ResolvedJavaMethod> methods) {
        List<ResolvedJavaMethod> named = new ArrayList<>();
        List<ResolvedJavaMethod> matching = new ArrayList<>();
        for (ResolvedJavaMethod m : methods) {
            if (m.getName().equals(methodName)) {
                named.add(m);
                if (matches(m.getName(), m.getSignature().toMethodDescriptor())) {
                    matching.add(m);
                }
            }
        }
        if (matching.size() == 1) {
            return matching.get(0);
        }
        if (named.isEmpty()) {
            throw new UsageException("no method named " + methodName + " in " + className + nameHint(methods));
        }
        if (matching.isEmpty()) {
            throw new UsageException("no method " + methodName + descriptor + " in " + className + "; its methods named " + methodName + ":" + list(named));
        }
        throw new UsageException(className + "." + methodName + (descriptor == null ? "" : descriptor) + " is ambiguous; add a descriptor:" + list(matching));
    }

    private static String nameHint(List<ResolvedJavaMethod> methods) {
        if (methods.isEmpty()) {
            return " (it declares no methods)";
        }
        List<String> names = methods.stream().map(ResolvedJavaMethod::getName).distinct().toList();
        int limit = 20;
        String shown = String.join(" ", names.subList(0, Math.min(limit, names.size())));
        return "; it declares: " + shown + (names.size() > limit ? " ... (" + names.size() + " names)" : "");
    }

    private String list(List<ResolvedJavaMethod> ms) {
        StringBuilder sb = new StringBuilder();
        for (ResolvedJavaMethod m : ms) {
            sb.append("\n  ").append(className).append('.').append(m.getName()).append(m.getSignature().toMethodDescriptor());
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return className + "." + methodName + (descriptor == null ? "" : descriptor);
    }
}
