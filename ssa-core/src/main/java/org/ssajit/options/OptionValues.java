package org.ssajit.options;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.Nulls;
import java.util.Map;

/**
 * The values of the options one compiler (and each of its compiles) runs under: immutable, built once
 * (the JIT's from the system properties, by jvmci-plugin's {@code SsajitOptions}; a test's from the
 * defaults with {@link #with}) and handed to the compile, never read from a global. An option not set
 * has its key's default.
 */
public final class OptionValues {
    /** Every option at its default. */
    public static final OptionValues DEFAULTS = new OptionValues(CompilerMap.identity());

    /**
     * The options set explicitly; a value may be null (e.g. no dump directory). Keys are compared by
     * identity (as {@link OptionKey} does), and the map is never handed out: the phases of every
     * compile read options, one lookup each.
     */
    private final CompilerMap<OptionKey<?>, Object> set;

    private static final Object UNSET = new Object();

    private OptionValues(CompilerMap<OptionKey<?>, Object> set) {
        this.set = set;
    }

    /** These values with {@code key} set to {@code value}. */
    public <T> OptionValues with(OptionKey<T> key, T value) {
        CompilerMap<OptionKey<?>, Object> m = CompilerMap.identity();
        m.putAll(set);
        m.put(Nulls.requireNonNull(key), value);
        return new OptionValues(m);
    }

    /** The value of {@code key}: the one set, else its default. */
    @SuppressWarnings("unchecked")
    public <T> T get(OptionKey<T> key) {
        Object v = set.getOrDefault(key, UNSET);
        return v == UNSET ? key.defaultValue() : (T) v;
    }

    /** Whether {@code key} was set (to any value, its default too). */
    public boolean isSet(OptionKey<?> key) {
        return set.containsKey(key);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        set.entrySet().stream().sorted(Map.Entry.comparingByKey((a, b) -> a.name().compareTo(b.name())))
                        .forEach(e -> sb.append(sb.length() > 1 ? ", " : "").append(e.getKey().name()).append('=').append(e.getValue()));
        return sb.append('}').toString();
    }
}
