package org.ssajit.ir;

import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;

/**
 * The field of a getfield/putfield/getstatic/putstatic. The field may be unresolved; whether it is
 * static comes from the bytecode, which is all an unresolved field can tell.
 */
public record FieldRef(JavaField field, boolean isStatic) {
    /*
     * equals and hashCode written out: a record's generated ones go through method handles
     * (java.lang.invoke's code), slow while the compiler still runs in the interpreter, and they made
     * java.lang.invoke's methods hot enough for tier-4 compiles of their own on the compiler thread.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof FieldRef f && f.isStatic == isStatic && (f.field == field || field != null && field.equals(f.field));
    }

    @Override
    public int hashCode() {
        return (field == null ? 0 : field.hashCode()) * 31 + (isStatic ? 1 : 0);
    }

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
