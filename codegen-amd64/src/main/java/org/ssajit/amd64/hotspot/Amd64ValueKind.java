package org.ssajit.amd64.hotspot;

import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.meta.JavaKind;

import org.ssajit.lir.LirKind;

/**
 * The kinds of register and stack-slot values in AMD64 debug info: codegen-core's {@link LirKind}s of
 * the AMD64 widths (what {@code DebugInfos.valueKind} gives for AMD64), as constants. HotSpot reads only
 * the width (a reference whose width is not the word size is a narrow oop); the reference bit is ours,
 * for reference maps.
 */
public final class Amd64ValueKind {
    public static final LirKind INT = LirKind.value(AMD64Kind.DWORD);
    public static final LirKind LONG = LirKind.value(AMD64Kind.QWORD);
    public static final LirKind FLOAT = LirKind.value(AMD64Kind.SINGLE);
    public static final LirKind DOUBLE = LirKind.value(AMD64Kind.DOUBLE);
    /** An uncompressed object pointer (word size). */
    public static final LirKind OOP = LirKind.reference(AMD64Kind.QWORD);
    /** A compressed object pointer (32 bits). */
    public static final LirKind NARROW_OOP = LirKind.reference(AMD64Kind.DWORD);
    /** The word, for {@code FrameLayout}. */
    public static final AMD64Kind WORD = AMD64Kind.QWORD;

    /** For {@code RegisterConfig.getCallingConvention}. */
    public static final ValueKindFactory<LirKind> FACTORY = Amd64ValueKind::of;

    private Amd64ValueKind() {
    }

    /** The kind of a value of Java kind {@code kind} held uncompressed in a register or slot. */
    public static LirKind of(JavaKind kind) {
        return switch (kind.getStackKind()) {
            case Int -> INT;
            case Long -> LONG;
            case Float -> FLOAT;
            case Double -> DOUBLE;
            case Object -> OOP;
            default -> throw new IllegalArgumentException("no value kind for " + kind);
        };
    }

    /** {@code reg} holding a value of {@code kind}, as debug info wants it. */
    public static RegisterValue reg(Register reg, JavaKind kind) {
        return reg.asValue(of(kind));
    }
}
