package org.ssajit.aarch64.lir;

import static jdk.vm.ci.aarch64.AArch64.r1;
import static jdk.vm.ci.aarch64.AArch64.r19;
import static jdk.vm.ci.aarch64.AArch64.r20;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.aarch64.disasm.Objdump;
import org.ssajit.aarch64.hotspot.Aarch64FrameBuilder;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirKind;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * Ops whose slow paths are out of line, placed after the whole method body: their branches there
 * must reach across a large body. A64's {@code tbz}/{@code tbnz} reach only 32 KiB (the assembler
 * refuses a farther target), {@code b.cond} and {@code cbz} 1 MiB. A generated method of 1,800
 * bytecodes on the emulated arm64 JDK (fuzz seed 130) was refused because the monitor enter's test
 * of the mark word's monitor bit, a {@code tbnz}, could not reach its slow path 41 KB on.
 */
class Aarch64FarStubsTest {
    static final HotSpotVmConfig C = org.ssajit.aarch64.hotspot.Arm64LikeConfig.get();
    static final LirKind REF = LirKind.reference(AArch64Kind.QWORD);
    static final LirKind INT = LirKind.value(AArch64Kind.DWORD);
    /** Larger than tbz's reach, far below b.cond's. */
    static final int BODY_BYTES = 64 * 1024;

    static int locked(Object lock, int x) {
        synchronized (lock) {
            return x / 3 + String.valueOf(x).length();
        }
    }

    /** A state of {@link #locked} with its monitor held, every value in a register of its kind. */
    static LirFrameState stateHoldingTheLock() {
        Graph g = Jvmci.graph(Aarch64FarStubsTest.class, "locked");
        FrameState fs = g.blocks().stream().flatMap(b -> b.instructions().stream()).map(Instruction::state)
                        .filter(s -> s != null && s.locksSize() == 1).findFirst().orElseThrow();
        Value[] values = new Value[fs.inputCount()];
        Register[] regs = {r19, r20, jdk.vm.ci.aarch64.AArch64.r21, jdk.vm.ci.aarch64.AArch64.r22, jdk.vm.ci.aarch64.AArch64.r23};
        for (int k = 0; k < values.length; k++) {
            if (fs.input(k) != null) {
                values[k] = regs[k % regs.length].asValue(fs.input(k).kind() == JavaKind.Object ? REF : INT);
            }
        }
        return new LirFrameState(fs, values, false);
    }

    static Aarch64CodeEmitter emitter() {
        Aarch64FrameBuilder frame = new Aarch64FrameBuilder(C, FrameLayout.of(AArch64Kind.QWORD, 0, 0, 1));
        return new Aarch64CodeEmitter(frame, HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getMetaAccess(),
                        org.ssajit.hotspot.DebugInfos.valueKinds(new jdk.vm.ci.aarch64.AArch64(java.util.EnumSet.noneOf(jdk.vm.ci.aarch64.AArch64.CPUFeature.class))),
                        List.of());
    }

    @Test
    void monitorEnterAndExitReachTheirSlowPathsAcrossALargeBody() throws Exception {
        // The legacy modes call the VM in line: nothing out of line to reach.
        org.junit.jupiter.api.Assumptions.assumeTrue(C.lightweightLocking, "lightweight locking (JDK 25's default)");
        for (boolean enter : new boolean[]{true, false}) {
            Aarch64CodeEmitter e = emitter();
            e.frame().emitPrologue();
            new Aarch64Monitors.Monitor(enter, 0, r1.asValue(REF), stateHoldingTheLock()).emit(e);
            int start = e.asm().position();
            while (e.asm().position() - start < BODY_BYTES) {
                e.asm().nop();
            }
            int bodyEnd = e.asm().position();
            try {
                e.finishBody(); // binds the slow path first: a branch that cannot reach it throws BranchOutOfRangeException
            } catch (jdk.vm.ci.common.JVMCIError hostCannotInstall) {
                // Then the slow path's VM call asks for its AArch64 runtime stub, which only an arm64
                // VM installs: on this x86-64 host the label was bound (and every branch to it
                // patched) before that.
            }
            // Some conditional branch of the op (before the body) must land after the body: the slow
            // path's label, bound and patched.
            // (Word by word: the prologue's entry-barrier stub is never bound here.)
            java.nio.ByteBuffer op = java.nio.ByteBuffer.allocate(start).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            for (int pc = 0; pc < start; pc += 4) {
                op.putInt(e.asm().intAt(pc));
            }
            boolean reaches = false;
            for (Objdump.Instruction i : Objdump.decode(op.array(), 0)) {
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("b\\.\\w+\\s+0x([0-9a-f]+)").matcher(i.text());
                if (m.find() && Long.parseLong(m.group(1), 16) >= bodyEnd) {
                    reaches = true;
                }
            }
            assertTrue(reaches, (enter ? "lock" : "unlock") + ": no branch of the op reaches past the body");
        }
    }
}
