package org.ssajit.lir;

import jdk.vm.ci.meta.PlatformKind;
import jdk.vm.ci.meta.ValueKind;

/**
 * The kind of an LIR value: the machine kind (from the target's {@code Architecture.getPlatformKind})
 * and whether the value is an uncompressed object reference, which reference maps must report at
 * every safepoint. Compressed references never live across a safepoint in ssajit: they are decoded
 * right after the load.
 */
public final class LirKind extends ValueKind<LirKind> {
    private final boolean reference;

    public LirKind(PlatformKind kind, boolean reference) {
        super(kind);
        this.reference = reference;
    }

    public static LirKind value(PlatformKind kind) {
        return new LirKind(kind, false);
    }

    public static LirKind reference(PlatformKind kind) {
        return new LirKind(kind, true);
    }

    public boolean isReference() {
        return reference;
    }

    @Override
    public LirKind changeType(PlatformKind newKind) {
        return new LirKind(newKind, reference);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LirKind k && k.getPlatformKind() == getPlatformKind() && k.reference == reference;
    }

    @Override
    public int hashCode() {
        return getPlatformKind().hashCode() * 31 + (reference ? 1 : 0);
    }

    @Override
    public String toString() {
        return getPlatformKind().name() + (reference ? "(ref)" : "");
    }
}
