package org.ssajit.options;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The values of the options one compiler (and each of its compiles) runs under: immutable, built once
 * (the JIT's from the system properties, by jvmci-plugin's {@code SsajitOptions}; a test's from the
 * defaults with {@link #with}) and handed to the compile, never read from a global. An option not set
 * has its key's default.
 */
public final class OptionValues {
    /** Every option at its default. */
    public static final OptionValues DEFAULTS = new OptionValues(Map.of());

    /** The options set explicitly; a value may be null (e.g. no dump directory). */
    private final Map<OptionKey<?>, Object> set;

    private OptionValues(Map<OptionKey<?>, Object> set) {
        this.set = set;
    }

    /** These values with {@code key} set to {@code value}. */
    public <T> OptionValues with(OptionKey<T> key, T value) {
        Map<OptionKey<?>, Object> m = new HashMap<>(set);
        m.put(Objects.requireNonNull(key), value);
        return new OptionValues(Collections.unmodifiableMap(m));
    }

    /** The value of {@code key}: the one set, else its default. */
    @SuppressWarnings("unchecked")
    public <T> T get(OptionKey<T> key) {
        return set.containsKey(key) ? (T) set.get(key) : key.defaultValue();
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
