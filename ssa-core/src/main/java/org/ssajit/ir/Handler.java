package org.ssajit.ir;

import jdk.vm.ci.meta.JavaType;

/**
 * An exception edge: exceptions of {@code catchType} (any Throwable if null) go to {@code target}.
 * A block's handlers are tried in order, like the method's exception table. A handler that
 * {@code passesOn} is no handler of the bytecode's: its target releases an inlined synchronized
 * method's lock and throws the exception on to its own handlers, which are the ones that catch it.
 */
public record Handler(Block target, JavaType catchType, boolean passesOn) {
    /** A handler of the bytecode's exception table. */
    public Handler(Block target, JavaType catchType) {
        this(target, catchType, false);
    }

    @Override
    public String toString() {
        return (catchType == null ? "any" : catchType.toJavaName()) + (passesOn ? " (passed on)" : "") + " -> " + target;
    }
}
