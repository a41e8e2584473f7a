package org.ssajit.jvmci;

import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.regex.Pattern;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Which methods ssajit compiles ({@code -Dssajit.MethodFilter}): comma-separated glob patterns over
 * {@code Class.method}, or {@code Class.method(descriptor)} for a pattern containing {@code '('};
 * {@code *} is any run of characters, {@code ?} one; a leading {@code -} makes it an exclusion. A method
 * passes when it matches some include pattern (or there is none) and no exclude pattern.
 *
 * <p>A pattern that could match no method is an error, not a filter that silently excludes
 * everything: outside the descriptor only Java identifier characters, {@code '.'} between non-empty
 * names, {@code <init>}, {@code <clinit>} and the wildcards; at least one {@code '.'} or wildcard
 * (the subject always has one); a descriptor {@code (...)R} of identifier characters, {@code '/'},
 * {@code ';'}, {@code '['} and wildcards, with its return type.
 */
public final class MethodFilter {
    public static final MethodFilter ALL = new MethodFilter("", CompilerList.of(), CompilerList.of());

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
        List<Glob> includes = new CompilerList<>();
        List<Glob> excludes = new CompilerList<>();
        for (String part : spec.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            boolean exclude = p.startsWith("-");
            String glob = exclude ? p.substring(1).trim() : p;
            if (glob.isEmpty()) {
                throw new IllegalArgumentException("an empty pattern after '-'; " + ACCEPTED);
            }
            String problem = problem(glob);
            if (problem != null) {
                throw new IllegalArgumentException("pattern '" + glob + "': " + problem + "; " + ACCEPTED);
            }
            (exclude ? excludes : includes).add(new Glob(glob, toRegex(glob), glob.indexOf('(') >= 0));
        }
        return new MethodFilter(spec.trim(), CompilerList.copyOf(includes), CompilerList.copyOf(excludes));
    }

    /** What a pattern may be, for error messages. */
    static final String ACCEPTED = "a pattern is Class.method or Class.method(descriptor), e.g. java.lang.Math.max(II)I: Java names, '.', '$', "
                    + "<init> and <clinit>, the wildcards '*' (any characters) and '?' (one), in a descriptor also '/', ';' and '['; "
                    + "patterns are separated by ',' and a leading '-' excludes";

    /** Why {@code glob} can match no method, or null if it is well formed. */
    private static String problem(String glob) {
        int open = glob.indexOf('(');
        String name = open < 0 ? glob : glob.substring(0, open);
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '<') {
                String token = name.startsWith("<init>", i) ? "<init>" : name.startsWith("<clinit>", i) ? "<clinit>" : null;
                if (token == null) {
                    return "'<' at " + (i + 1) + " starts neither <init> nor <clinit>";
                }
                i += token.length() - 1;
            } else if (!isNameChar(c) && c != '.' && c != '*' && c != '?') {
                return "'" + c + "' at " + (i + 1) + " is not allowed";
            }
        }
        if (name.isEmpty()) {
            return "no Class.method before the descriptor";
        }
        if (name.startsWith(".") || name.endsWith(".") || name.contains("..")) {
            return "an empty name between dots";
        }
        if (name.chars().noneMatch(c -> c == '.' || c == '*' || c == '?')) {
            return "no '.' between class and method (nor a wildcard standing for one)";
        }
        if (open >= 0) {
            int close = glob.indexOf(')', open);
            if (close < 0) {
                return "a descriptor without its ')'";
            }
            if (close == glob.length() - 1) {
                return "a descriptor without its return type (e.g. (II)I, or (II)* for any)";
            }
            for (int i = open + 1; i < glob.length(); i++) {
                char c = glob.charAt(i);
                if (!(isNameChar(c) || c == '/' || c == ';' || c == '[' || c == '*' || c == '?' || c == ')' && i == close)) {
                    return "'" + c + "' at " + (i + 1) + " is not allowed in a descriptor";
                }
            }
        }
        return null;
    }

    private static boolean isNameChar(char c) {
        return Character.isJavaIdentifierPart(c) && !Character.isIdentifierIgnorable(c);
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
        if (isAll()) {
            return true; // every request asks: no names built (the JDK's string code, hot on the compiler thread)
        }
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
