package org.ssajit.options;

import java.util.Locale;
import java.util.function.Function;
import org.ssajit.util.Nulls;

/**
 * One compiler option: its name (the system property is {@code ssajit.<name>}), its type through its
 * default and its parser, and its help text. Declared once, as a constant next to the code that reads
 * it; compared by identity. Its value in a compile comes from that compile's {@link OptionValues}.
 *
 * @param <T> the value's type
 */
public final class OptionKey<T> {
    private final String name;
    private final T defaultValue;
    private final String syntax;
    private final String help;
    private final Function<String, T> parser;

    /**
     * @param syntax the values accepted, for the help ({@code true|false}, {@code <bytes>})
     * @param parser turns the property's text (trimmed) into a value, or throws an
     *            {@link IllegalArgumentException} whose message says what is accepted
     */
    public OptionKey(String name, T defaultValue, String syntax, String help, Function<String, T> parser) {
        this.name = Nulls.requireNonNull(name);
        this.defaultValue = defaultValue;
        this.syntax = Nulls.requireNonNull(syntax);
        this.help = Nulls.requireNonNull(help);
        this.parser = Nulls.requireNonNull(parser);
    }

    /** A switch: {@code true}, {@code false}, or nothing (for true, as in {@code -Dssajit.Log}). */
    public static OptionKey<Boolean> bool(String name, boolean defaultValue, String help) {
        return new OptionKey<>(name, defaultValue, "true|false", help, OptionKey::parseBoolean);
    }

    /** A whole number from 0 up: {@code what} it counts, for the error message ("a number of bytes"). */
    public static OptionKey<Integer> count(String name, int defaultValue, String syntax, String what, String help) {
        return new OptionKey<>(name, defaultValue, syntax, help, s -> parseCount(s, what));
    }

    /** A probability, from 0 to 1. */
    public static OptionKey<Double> probability(String name, double defaultValue, String help) {
        return new OptionKey<>(name, defaultValue, "<probability>", help, OptionKey::parseProbability);
    }

    /** A number from 0 up, not necessarily whole (a frequency): {@code what} it is, for the error message. */
    public static OptionKey<Double> number(String name, double defaultValue, String syntax, String what, String help) {
        return new OptionKey<>(name, defaultValue, syntax, help, s -> parseNumber(s, what));
    }

    /** One of an enum's constants, named in lower case. */
    public static <E extends Enum<E>> OptionKey<E> choice(String name, E defaultValue, String help) {
        Class<E> type = defaultValue.getDeclaringClass();
        String syntax = String.join("|", java.util.Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList());
        return new OptionKey<>(name, defaultValue, syntax, help, s -> parseChoice(s, type));
    }

    public String name() {
        return name;
    }

    public T defaultValue() {
        return defaultValue;
    }

    /** The values accepted, as the help shows them. */
    public String syntax() {
        return syntax;
    }

    public String help() {
        return help;
    }

    /** The value {@code text} stands for; an {@link IllegalArgumentException} saying what is accepted if none. */
    public T parse(String text) {
        return parser.apply(text.trim());
    }

    @Override
    public String toString() {
        return name;
    }

    private static Boolean parseBoolean(String s) {
        return switch (s.toLowerCase(Locale.ROOT)) {
            case "true", "" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("expected true or false (or nothing, for true)");
        };
    }

    private static Integer parseCount(String s, String what) {
        try {
            int v = Integer.parseInt(s);
            if (v >= 0) {
                return v;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("expected " + what + ", a whole number from 0 to " + Integer.MAX_VALUE);
    }

    private static Double parseNumber(String s, String what) {
        try {
            double r = Double.parseDouble(s);
            if (r >= 0 && r < Double.POSITIVE_INFINITY) {
                return r;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("expected " + what + ", a number from 0 up, e.g. 0.25 or 2");
    }

    private static Double parseProbability(String s) {
        try {
            double r = Double.parseDouble(s);
            if (r >= 0 && r <= 1) {
                return r;
            }
        } catch (NumberFormatException e) {
            // the message below says what is accepted
        }
        throw new IllegalArgumentException("expected a probability from 0 to 1, e.g. 0.01 (0: off)");
    }

    private static <E extends Enum<E>> E parseChoice(String s, Class<E> type) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(s)) {
                return e;
            }
        }
        E[] all = type.getEnumConstants();
        StringBuilder sb = new StringBuilder("expected ");
        for (int i = 0; i < all.length; i++) {
            sb.append(i == 0 ? "" : i == all.length - 1 ? " or " : ", ").append(all[i].name().toLowerCase(Locale.ROOT));
        }
        throw new IllegalArgumentException(sb.toString());
    }
}
