package org.ssajit.amd64.asm;


import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;

import org.ssajit.asm.Assembler;
import org.ssajit.asm.Label;

/**
 * A memory operand: {@code [base + index*scale + displacement]}, or {@code [rip + displacement]}.
 * The base is optional when an index is present; {@code rsp} can never be an index (its SIB
 * encoding means "no index"). A rip-relative operand either carries a fixed displacement (patched
 * later, e.g. for a data-section reference: see {@link Amd64Assembler#lastRipReference()}) or
 * refers to a {@link Label}, whose displacement the assembler fills in.
 *
 * <p>Immutable. Only the 16 legacy general-purpose registers are accepted.
 */
public final class Address {
    private final Register base;
    private final Register index;
    private final Scale scale;
    private final int displacement;
    private final Label ripTarget;

    private Address(Register base, Register index, Scale scale, int displacement, Label ripTarget) {
        this.base = base;
        this.index = index;
        this.scale = scale;
        this.displacement = displacement;
        this.ripTarget = ripTarget;
    }

    /** {@code [base]}. */
    public static Address of(Register base) {
        return of(base, 0);
    }

    /** {@code [base + displacement]}. */
    public static Address of(Register base, int displacement) {
        Registers.checkGpr(Assembler.nonNull(base, "base"), "base");
        return new Address(base, null, Scale.ONE, displacement, null);
    }

    /** {@code [base + index*scale + displacement]}; {@code base} may be null (then a 32-bit displacement is always encoded). */
    public static Address of(Register base, Register index, Scale scale, int displacement) {
        if (base != null) {
            Registers.checkGpr(base, "base");
        }
        Assembler.nonNull(index, "index (use of(base, displacement) for none)");
        Registers.checkGpr(index, "index");
        if (index.encoding == AMD64.rsp.encoding) {
            throw new IllegalArgumentException("rsp cannot be an index register");
        }
        return new Address(base, index, Assembler.nonNull(scale, "scale"), displacement, null);
    }

    /** {@code [rip + displacement]}: relative to the end of the instruction that uses it. */
    public static Address rip(int displacement) {
        return new Address(AMD64.rip, null, Scale.ONE, displacement, null);
    }

    /** {@code [rip + (target - end of instruction)]}: a position in this code buffer. */
    public static Address rip(Label target) {
        return new Address(AMD64.rip, null, Scale.ONE, 0, Assembler.nonNull(target, "target"));
    }

    /** The base register, {@link AMD64#rip} for a rip-relative operand, or null. */
    public Register base() {
        return base;
    }

    /** The index register, or null. */
    public Register index() {
        return index;
    }

    public Scale scale() {
        return scale;
    }

    public int displacement() {
        return displacement;
    }

    public boolean isRipRelative() {
        return base == AMD64.rip;
    }

    /** The label a rip-relative operand refers to, or null. */
    public Label ripTarget() {
        return ripTarget;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        if (ripTarget != null) {
            return sb.append("rip + ").append(ripTarget).append(']').toString();
        }
        if (base != null) {
            sb.append(base.name);
        }
        if (index != null) {
            sb.append(base != null ? " + " : "").append(index.name).append('*').append(scale.value);
        }
        if (displacement != 0 || (base == null && index == null)) {
            sb.append(displacement < 0 ? " - " : " + ").append(Math.abs((long) displacement));
        }
        return sb.append(']').toString();
    }
}
