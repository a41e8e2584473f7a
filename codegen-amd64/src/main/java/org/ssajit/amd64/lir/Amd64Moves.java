package org.ssajit.amd64.lir;

import static org.ssajit.amd64.lir.Operands.*;
import static org.ssajit.lir.LirOperands.*;

import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.lir.Amd64CodeEmitter.SCRATCH;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.OperandSize;
import org.ssajit.amd64.asm.SseOp;

import jdk.vm.ci.code.Register;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.Value;

/**
 * The code of codegen-core's {@link org.ssajit.backend.MoveOps}, what instruction selection and the
 * allocator insert ({@link #move}, {@link #loadConstant}): {@code mov} (32 bits for an int, 64 for a
 * long or reference), {@code movaps/movapd} between xmm registers, {@code movss/movsd} to and from
 * memory, stack to stack through {@link Amd64CodeEmitter#SCRATCH} (never allocated); 64-bit values
 * and float/double bit patterns through the scratch register, oops as patched {@code movabs}.
 */
public final class Amd64Moves {
    private Amd64Moves() {
    }

    /** Emits {@code dst := src} for two locations of the same kind; nothing for a value onto itself. */
    static void move(Amd64CodeEmitter e, Value dst, Value src) {
        if (sameLocation(dst, src)) {
            return;
        }
        Amd64Assembler asm = e.asm();
        boolean fp = isFloatKind(dst);
        boolean dbl = isDouble(dst);
        OperandSize size = size(dst);
        if (isRegister(dst)) {
            if (fp) {
                moveToXmm(e, dbl, reg(dst), src);
            } else {
                moveToRegister(e, size, reg(dst), src);
            }
        } else if (isRegister(src)) {
            Address a = e.address(dst);
            if (!fp) {
                asm.mov(size, a, reg(src));
            } else if (dbl) {
                asm.movsd(a, reg(src));
            } else {
                asm.movss(a, reg(src));
            }
        } else {
            // Stack to stack: the bits, through the scratch register.
            asm.mov(size, SCRATCH, e.address(src));
            asm.mov(size, e.address(dst), SCRATCH);
        }
    }

    /**
     * Emits {@code dst := c}. Integers: {@code xor r32, r32} for zero (clobbers the flags, which no op
     * keeps live between ops), else the shortest {@code mov}. Float and double bits go through
     * {@link Amd64CodeEmitter#SCRATCH} into the xmm register (zero: {@code xorps/xorpd}); to a stack
     * slot they are stored as integers. A non-null object is a 10-byte {@code movabs} whose immediate
     * HotSpot fills in and relocates (a data patch at the instruction).
     */
    static void loadConstant(Amd64CodeEmitter e, Value dst, JavaConstant c) {
        Amd64Assembler asm = e.asm();
        switch (c.getJavaKind().getStackKind()) {
            case Int -> {
                if (isRegister(dst)) {
                    loadInteger(asm, DWORD, reg(dst), c.asInt());
                } else {
                    asm.mov(DWORD, e.address(dst), c.asInt());
                }
            }
            case Long -> {
                if (isRegister(dst)) {
                    loadInteger(asm, QWORD, reg(dst), c.asLong());
                } else {
                    storeQword(e, e.address(dst), c.asLong());
                }
            }
            case Float -> {
                int bits = Float.floatToRawIntBits(c.asFloat());
                if (isRegister(dst)) {
                    if (bits == 0) {
                        asm.sse(SseOp.XORPS, reg(dst), reg(dst));
                    } else {
                        asm.mov(DWORD, SCRATCH, bits);
                        asm.movd(reg(dst), SCRATCH);
                    }
                } else {
                    asm.mov(DWORD, e.address(dst), bits);
                }
            }
            case Double -> {
                long bits = Double.doubleToRawLongBits(c.asDouble());
                if (isRegister(dst)) {
                    if (bits == 0) {
                        asm.sse(SseOp.XORPD, reg(dst), reg(dst));
                    } else {
                        asm.mov(QWORD, SCRATCH, bits);
                        asm.movq(reg(dst), SCRATCH);
                    }
                } else {
                    storeQword(e, e.address(dst), bits);
                }
            }
            case Object -> {
                if (c.isNull()) {
                    if (isRegister(dst)) {
                        loadInteger(asm, DWORD, reg(dst), 0);
                    } else {
                        asm.mov(QWORD, e.address(dst), 0);
                    }
                } else if (isRegister(dst)) {
                    loadOop(e, reg(dst), c);
                } else {
                    loadOop(e, SCRATCH, c);
                    asm.mov(QWORD, e.address(dst), SCRATCH);
                }
            }
            default -> throw new IllegalArgumentException("cannot load constant " + c);
        }
    }

    /** {@code r := oop}: {@code movabs r, 0} with a data patch HotSpot turns into the relocated pointer. */
    static void loadOop(Amd64CodeEmitter e, Register r, JavaConstant oop) {
        int pc = e.asm().movabs(r, 0L);
        e.recordOop(pc, oop);
    }

    private static void loadInteger(Amd64Assembler asm, OperandSize size, Register r, long v) {
        if (v == 0) {
            asm.alu(AluOp.XOR, DWORD, r, r); // zero-extends: clears all 64 bits
        } else {
            asm.mov(size, r, v);
        }
    }

    private static void storeQword(Amd64CodeEmitter e, Address a, long v) {
        if (v == (int) v) {
            e.asm().mov(QWORD, a, (int) v);
        } else {
            e.asm().mov(QWORD, SCRATCH, v);
            e.asm().mov(QWORD, a, SCRATCH);
        }
    }
}
