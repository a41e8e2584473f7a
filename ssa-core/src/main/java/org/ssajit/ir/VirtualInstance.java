package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * An object that escape analysis did not allocate ({@link org.ssajit.opt.EscapeAnalysis}): where the
 * program held it, frame states hold this value instead. It is in no block and has no machine
 * location. Deoptimizing, HotSpot allocates the object and sets its fields from the values of the
 * state of the instruction that deoptimizes ({@link FrameState#virtualFieldValues}): the fields can differ from one
 * instruction to the next, while states of callers (shared by many instructions) name the object only.
 *
 * <p>{@link #fields()} are the type's instance fields in HotSpot's order,
 * {@link ResolvedJavaType#getInstanceFields(boolean) getInstanceFields(true)}, as JVMCI's
 * {@code VirtualObject} wants its values.
 */
public final class VirtualInstance extends Value {
    private final ResolvedJavaType type;
    private final ResolvedJavaField[] fields;

    VirtualInstance(Graph graph, ResolvedJavaType type, ResolvedJavaField[] fields) {
        super(graph, JavaKind.Object);
        this.type = type;
        this.fields = fields;
    }

    public ResolvedJavaType type() {
        return type;
    }

    /** The instance fields, superclasses' first; a state's field values for this object follow this order. */
    public int fieldCount() {
        return fields.length;
    }

    public ResolvedJavaField field(int i) {
        return fields[i];
    }

    /** The index of {@code f} in {@link #fields()}, or -1. */
    public int indexOf(ResolvedJavaField f) {
        for (int i = 0; i < fields.length; i++) {
            if (fields[i].equals(f)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public String toString() {
        return "virtual " + type.toJavaName(false);
    }
}
