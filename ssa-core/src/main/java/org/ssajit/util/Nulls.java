package org.ssajit.util;

/**
 * {@code java.util.Objects.requireNonNull}, as ssajit's code: the compiler checks its arguments in
 * every instruction it assembles and every node it builds, and the JDK's method, called from the
 * compiler's code, was queued for tier-4 compiles of its own on the compiler thread (see {@link
 * IndexedList}).
 */
public final class Nulls {
    private Nulls() {
    }

    /** {@code o}; a {@link NullPointerException} if it is null. */
    public static <T> T requireNonNull(T o) {
        if (o == null) {
            throw new NullPointerException();
        }
        return o;
    }

    /** {@code o}; a {@link NullPointerException} with {@code message} if it is null. */
    public static <T> T requireNonNull(T o, String message) {
        if (o == null) {
            throw new NullPointerException(message);
        }
        return o;
    }
}
