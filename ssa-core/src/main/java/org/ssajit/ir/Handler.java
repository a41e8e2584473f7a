package org.ssajit.ir;

import jdk.vm.ci.meta.JavaType;

/**
 * An exception edge: exceptions of {@code catchType} (any Throwable if null) go to {@code target}.
 * A block's handlers are tried in order, like the method's exception table.
 */
public record Handler(Block target, JavaType catchType) {
    @Override
    public String toString() {
        return (catchType == null ? "any" : catchType.toJavaName()) + " -> " + target;
    }
}
