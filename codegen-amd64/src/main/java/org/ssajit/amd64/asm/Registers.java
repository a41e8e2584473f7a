package org.ssajit.amd64.asm;

import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.code.Register;

/** Checks that a JVMCI register is one this assembler can encode. */
final class Registers {
    private Registers() {
    }

    /** One of the 16 legacy general-purpose registers (APX's r16-r31 need REX2/EVEX, not encoded here). */
    static int checkGpr(Register r, String role) {
        if (r == null) {
            throw new NullPointerException(role);
        }
        if (!r.getRegisterCategory().equals(AMD64.CPU) || r.encoding >= 16) {
            throw new IllegalArgumentException(role + " must be one of rax..r15, not " + r);
        }
        return r.encoding;
    }

    /** One of xmm0-xmm15 (xmm16-xmm31 exist only with EVEX, which this assembler does not emit). */
    static int checkXmm(Register r, String role) {
        if (r == null) {
            throw new NullPointerException(role);
        }
        if (!r.getRegisterCategory().equals(AMD64.XMM) || r.encoding >= 16) {
            throw new IllegalArgumentException(role + " must be one of xmm0..xmm15, not " + r);
        }
        return r.encoding;
    }
}
