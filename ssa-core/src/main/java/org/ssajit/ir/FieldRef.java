package org.ssajit.ir;

import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;

/**
 * The field of a getfield/putfield/getstatic/putstatic. The field may be unresolved; whether it is
 * static comes from the bytecode, which is all an unresolved field can tell.
 */
public record FieldRef(JavaField field, boolean isStatic) {
    public boolean isResolved() {
        return field instanceof ResolvedJavaField;
    }

    public boolean isVolatile() {
        return field instanceof ResolvedJavaField f && f.isVolatile();
    }

    public JavaKind kind() {
        return field.getJavaKind();
    }

    @Override
    public String toString() {
        return field.format("%H.%n") + (isResolved() ? "" : " (unresolved)");
    }
}
