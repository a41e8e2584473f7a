package org.ssajit.amd64.hotspot;

import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.ValueKind;

/**
 * The kind of a register or stack-slot value in debug info: its AMD64 width and whether it holds an
 * object reference. HotSpot reads only the width (a reference whose width is not the word size is a
 * narrow oop); the reference bit is ours, for reference maps.
 */
public final class Amd64ValueKind extends ValueKind<Amd64ValueKind> {
    public static final Amd64ValueKind INT = new Amd64ValueKind(AMD64Kind.DWORD, false);
    public static final Amd64ValueKind LONG = new Amd64ValueKind(AMD64Kind.QWORD, false);
    public static final Amd64ValueKind FLOAT = new Amd64ValueKind(AMD64Kind.SINGLE, false);
    public static final Amd64ValueKind DOUBLE = new Amd64ValueKind(AMD64Kind.DOUBLE, false);
    /** An uncompressed object pointer (word size). */
    public static final Amd64ValueKind OOP = new Amd64ValueKind(AMD64Kind.QWORD, true);
    /** A compressed object pointer (32 bits). */
    public static final Amd64ValueKind NARROW_OOP = new Amd64ValueKind(AMD64Kind.DWORD, true);

    /** For {@code RegisterConfig.getCallingConvention}. */
    public static final ValueKindFactory<Amd64ValueKind> FACTORY = Amd64ValueKind::of;

    private final boolean reference;

    private Amd64ValueKind(PlatformKind kind, boolean reference) {
        super(kind);
        this.reference = reference;
    }

    /** The kind of a value of Java kind {@code kind} held uncompressed in a register or slot. */
    public static Amd64ValueKind of(JavaKind kind) {
        return switch (kind.getStackKind()) {
            case Int -> INT;
            case Long -> LONG;
            case Float -> FLOAT;
            case Double -> DOUBLE;
            case Object -> OOP;
            default -> throw new IllegalArgumentException("no value kind for " + kind);
        };
    }

    public boolean isReference() {
        return reference;
    }

    @Override
    public Amd64ValueKind changeType(PlatformKind newPlatformKind) {
        return new Amd64ValueKind(newPlatformKind, reference);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Amd64ValueKind k && k.getPlatformKind() == getPlatformKind() && k.reference == reference;
    }

    @Override
    public int hashCode() {
        return getPlatformKind().hashCode() * 2 + (reference ? 1 : 0);
    }

    @Override
    public String toString() {
        return (reference ? "ref:" : "") + getPlatformKind();
    }
}
