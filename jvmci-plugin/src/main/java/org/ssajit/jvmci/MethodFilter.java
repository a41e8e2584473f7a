package org.ssajit.jvmci;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Which methods ssajit compiles ({@code -Dssajit.MethodFilter}): comma-separated glob patterns over
 * {@code Class.method}, or {@code Class.method(descriptor)} for a pattern containing {@code '('};
 * {@code *} is any run of characters, {@code ?} one; a leading {@code -} makes it an exclusion. A method
 * passes when it matches some include pattern (or there is none) and no exclude pattern.
 */
public final class MethodFilter {
    public static final MethodFilter ALL = new MethodFilter("", List.of(), List.of());

    private final String spec;
    private final List<Glob> includes;
    private final List<Glob> excludes;

    private record Glob(String text, Pattern regex, boolean withDescriptor) {
        boolean matches(String className, String methodName, String descriptor) {
            String subject = className + "." + methodName + (withDescriptor ? descriptor : "");
            return regex.matcher(subject).matches();
        }
    }

    private MethodFilter(String spec, List<Glob> includes, List<Glob> excludes) {
        this.spec = spec;
        this.includes = includes;
        this.excludes = excludes;
    }

    public static MethodFilter parse(String spec) {
        List<Glob> includes = new ArrayList<>();
        List<Glob> excludes = new ArrayList<>();
        for (String part : spec.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            boolean exclude = p.startsWith("-");
            String glob = exclude ? p.substring(1).trim() : p;
            if (glob.isEmpty()) {
                throw new IllegalArgumentException("empty pattern in '" + spec + "'");
            }
            (exclude ? excludes : includes).add(new Glob(glob, toRegex(glob), glob.indexOf('(') >= 0));
        }
        return new MethodFilter(spec.trim(), List.copyOf(includes), List.copyOf(excludes));
    }

    private static Pattern toRegex(String glob) {
        StringBuilder sb = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> sb.append(".*");
                case '?' -> sb.append('.');
                default -> sb.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(sb.toString());
    }

    /** {@code className} in Java form ({@code java.util.Map$Entry}), {@code descriptor} like {@code (II)I}. */
    public boolean matches(String className, String methodName, String descriptor) {
        for (Glob g : excludes) {
            if (g.matches(className, methodName, descriptor)) {
                return false;
            }
        }
        if (includes.isEmpty()) {
            return true;
        }
        for (Glob g : includes) {
            if (g.matches(className, methodName, descriptor)) {
                return true;
            }
        }
        return false;
    }

    public boolean matches(ResolvedJavaMethod m) {
        return matches(m.getDeclaringClass().toJavaName(), m.getName(), m.getSignature().toMethodDescriptor());
    }

    public boolean isAll() {
        return includes.isEmpty() && excludes.isEmpty();
    }

    @Override
    public String toString() {
        return isAll() ? "*" : spec;
    }
}
