package org.ssajit.aarch64.lir;

import static org.ssajit.aarch64.lir.Aarch64CodeEmitter.SCRATCH1;
import static org.ssajit.aarch64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import org.ssajit.aarch64.asm.Aarch64Assembler;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/**
 * The code of codegen-core's {@link org.ssajit.backend.MoveOps}, what instruction selection and the
 * allocator insert ({@link #move}, {@link #loadConstant}): {@code mov} (32 bits for an int, 64 for a
 * long or reference), {@code fmov} between SIMD registers, {@code ldr}/{@code str} to and from the
 * frame, stack to stack and constants a store needs in a register through x8, which is never
 * allocated (zero as zr). None touches the flags.
 */
public final class Aarch64Moves {
    private Aarch64Moves() {
    }

    /** Emits {@code dst := src} for two locations of the same kind; nothing for a value onto itself. */
    static void move(Aarch64CodeEmitter e, Value dst, Value src) {
        if (sameLocation(dst, src)) {
            return;
        }
        Aarch64Assembler asm = e.asm();
        int size = size(dst);
        if (isRegister(dst) && isRegister(src)) {
            if (isFloatKind(dst)) {
                asm.fmov(size, reg(dst), reg(src));
            } else {
                asm.mov(size, reg(dst), reg(src));
            }
        } else if (isRegister(dst)) {
            asm.ldr(size, reg(dst), e.address(src, size));
        } else if (isRegister(src)) {
            asm.str(size, reg(src), e.address(dst, size));
        } else {
            // Stack to stack: the bits, through x8 (the addresses may use x9).
            asm.ldr(size, SCRATCH1, e.address(src, size));
            asm.str(size, SCRATCH1, e.address(dst, size));
        }
    }

    /**
     * Emits {@code dst := c}. Integers: the shortest {@code movz/movn/movk/orr} sequence; zero to a
     * slot is a store of zr. Float and double: {@code fmov} of an 8-bit immediate where one encodes it,
     * zero from zr, else the bits through x8. A non-null object is the 48-bit {@code movz/movk/movk}
     * whose value HotSpot fills in and relocates (a data patch at the {@code movz}).
     */
    static void loadConstant(Aarch64CodeEmitter e, Value dst, JavaConstant c) {
        Aarch64Assembler asm = e.asm();
        long bits;
        switch (c.getJavaKind().getStackKind()) {
            case Int -> bits = c.asInt();
            case Long -> bits = c.asLong();
            case Float -> {
                float f = c.asFloat();
                if (isRegister(dst) && Float.floatToRawIntBits(f) != 0 && Aarch64Assembler.isFpImmediate(f)) {
                    asm.fmov(32, reg(dst), f);
                    return;
                }
                bits = Float.floatToRawIntBits(f);
            }
            case Double -> {
                double d = c.asDouble();
                if (isRegister(dst) && Double.doubleToRawLongBits(d) != 0 && Aarch64Assembler.isFpImmediate(d)) {
                    asm.fmov(64, reg(dst), d);
                    return;
                }
                bits = Double.doubleToRawLongBits(d);
            }
            case Object -> {
                if (c.isNull()) {
                    bits = 0;
                } else if (isRegister(dst)) {
                    e.loadOop(reg(dst), c);
                    return;
                } else {
                    e.loadOop(SCRATCH1, c);
                    asm.str(64, SCRATCH1, e.address(dst, 64));
                    return;
                }
            }
            default -> throw new IllegalArgumentException("cannot load constant " + c);
        }
        int size = size(dst);
        if (isRegister(dst) && !isFloatKind(dst)) {
            asm.mov(size, reg(dst), size == 32 ? bits & 0xFFFF_FFFFL : bits);
            return;
        }
        Register source = AArch64.zr;
        if (bits != 0) {
            asm.mov(size, SCRATCH1, size == 32 ? bits & 0xFFFF_FFFFL : bits);
            source = SCRATCH1;
        }
        if (isRegister(dst)) {
            asm.fmov(size, reg(dst), source);
        } else {
            asm.str(size, source, e.address(dst, size));
        }
    }
}
