package org.ssajit.util;

/**
 * A base for the compiler's objects that are equal only to themselves (the IR's nodes and blocks, the
 * LIR's blocks): {@code equals} and {@code hashCode} are {@code Object}'s identity, declared here so
 * that the compiler's lists and maps, which compare by {@code equals}, call this code and not the
 * JDK's {@code Object.equals}, which they made hot enough on the compiler thread for tier-4 compiles
 * of its own (see {@link IndexedList}).
 */
public abstract class Identity {
    protected Identity() {
    }

    @Override
    public final boolean equals(Object o) {
        return this == o;
    }

    @Override
    public final int hashCode() {
        return System.identityHashCode(this);
    }
}
