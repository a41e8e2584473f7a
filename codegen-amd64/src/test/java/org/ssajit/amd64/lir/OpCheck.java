package org.ssajit.amd64.lir;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.Variable;

import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCI;
import org.ssajit.amd64.hotspot.Amd64ValueKind;

/**
 * A batch of allocated ops emitted into one method body and judged by one objdump run: each case names
 * the instructions objdump must print for it, in order. Jump targets are written symbolically: a
 * block ({@code B2}), an instruction of the same case ({@code @3}: its fourth instruction; {@code @end}:
 * right after the case), an uncommon trap ({@code trap}: a call of a tail that stores the trap request) or other out-of-line code
 * ({@code out-of-line}); {@code lea r,[rip+*]} matches any rip displacement.
 *
 * <p>The ops are emitted in block B0; B1 follows it (a jump there falls through), B2 and B3 do not.
 */
final class OpCheck {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();
    static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();
    static final FrameLayout LAYOUT = FrameLayout.of(Amd64ValueKind.WORD, 64, 0);
    private static final Pattern JUMP = Pattern.compile("^(j[a-z]+|call) (0x[0-9a-f]+)$");
    private static final Pattern RIP = Pattern.compile("\\[rip\\+0x[0-9a-f]+\\]");

    record Case(String what, int start, int end, List<String> expected) {
    }

    final String name;
    final Amd64FrameBuilder frame = new Amd64FrameBuilder(CONFIG, LAYOUT);
    final LirBlock[] blocks = new LirBlock[4];
    final Amd64CodeEmitter emitter;
    private final List<Case> cases = new ArrayList<>();
    private CompiledCode code;
    private Map<Long, Objdump.Instruction> byAddress;

    OpCheck(String name) {
        this(name, false);
    }

    /** {@code emptyB3}: B3 holds only a jump to B2 (an unused critical-edge block), which jumps skip. */
    OpCheck(String name, boolean emptyB3) {
        this.name = name;
        LirGraph g = new LirGraph(null, new Amd64FrameMap());
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = g.newBlock(null);
            blocks[i].ops().add(new LabelOp(blocks[i], new Variable[0]));
        }
        for (int i = 0; i < blocks.length; i++) {
            if (emptyB3 && i == 3) {
                blocks[i].ops().add(new org.ssajit.lir.JumpOp(blocks[2], new Value[0]));
            } else {
                blocks[i].ops().add(new Amd64Memory.StoreLoadBarrier()); // not empty: jumps are not threaded through it
            }
        }
        frame.emitPrologue();
        emitter = new Amd64CodeEmitter(frame, META, g.blocks());
        emitter.bind(blocks[0]);
    }

    /** Emits {@code op} and expects exactly {@code expected} (none: the op emits nothing). */
    OpCheck add(LirOp op, String... expected) {
        int start = emitter.position();
        op.emit(emitter);
        cases.add(new Case(op.toString(), start, emitter.position(), List.of(expected)));
        return this;
    }

    /** Emits the rest of the method, disassembles it and compares every case; returns the code. */
    CompiledCode verify() {
        emitter.asm().nop(); // B1 must not start where the last case ends
        for (int i = 1; i < blocks.length; i++) {
            emitter.bind(blocks[i]);
            emitter.asm().ud2();
        }
        emitter.finishBody();
        code = emitter.finish(name);
        byte[] bytes = code.code();
        List<Objdump.Instruction> decoded;
        try {
            decoded = Objdump.decode(bytes, 0);
        } catch (IOException e) {
            throw new AssertionError("objdump is required: " + e.getMessage(), e);
        }
        byAddress = new TreeMap<>();
        for (Objdump.Instruction i : decoded) {
            byAddress.put(i.address(), i);
        }
        List<String> problems = new ArrayList<>();
        for (Case c : cases) {
            List<Objdump.Instruction> got = new ArrayList<>();
            long pc = c.start;
            while (pc < c.end) {
                Objdump.Instruction i = byAddress.get(pc);
                if (i == null) {
                    problems.add(c.what + ": objdump found no instruction at " + Long.toHexString(pc));
                    break;
                }
                got.add(i);
                pc += i.length();
            }
            if (pc != c.end) {
                problems.add(c.what + ": instructions overrun the case");
                continue;
            }
            List<String> texts = new ArrayList<>();
            for (Objdump.Instruction i : got) {
                texts.add(symbolic(i, c, got));
            }
            if (!texts.equals(c.expected)) {
                problems.add(String.format("%s [%s]%n      expected %s%n      objdump  %s", c.what, HexFormat.ofDelimiter(" ").formatHex(bytes, c.start, c.end),
                                c.expected, texts));
            }
        }
        if (!problems.isEmpty()) {
            fail(name + ": " + problems.size() + " of " + cases.size() + " cases wrong\n  " + String.join("\n  ", problems));
        }
        System.out.println("[objdump] ops " + name + ": " + cases.size() + " cases match");
        return code;
    }

    /** The position of {@code blocks[i]}'s label. */
    int blockPosition(int i) {
        return emitter.label(blocks[i]).position();
    }

    int readInt(int at) {
        byte[] b = code.code();
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
    }

    private String symbolic(Objdump.Instruction insn, Case c, List<Objdump.Instruction> inCase) {
        String t = RIP.matcher(insn.text()).replaceAll("[rip+*]");
        Matcher m = JUMP.matcher(t);
        if (!m.matches()) {
            return t;
        }
        long target = Long.parseLong(m.group(2).substring(2), 16);
        if (m.group(1).equals("call")) {
            return "call out-of-line"; // a VM stub: HotSpot patches the displacement
        }
        return m.group(1) + " " + targetName(target, c, inCase);
    }

    private String targetName(long target, Case c, List<Objdump.Instruction> inCase) {
        for (int i = 0; i < blocks.length; i++) {
            if (target == blockPosition(i)) {
                return blocks[i].toString();
            }
        }
        if (target == c.end) {
            return "@end";
        }
        for (int i = 0; i < inCase.size(); i++) {
            if (inCase.get(i).address() == target) {
                return "@" + i;
            }
        }
        // An uncommon trap: a call of the method's tail for its request, which stores it in the thread.
        Objdump.Instruction at = byAddress.get(target);
        if (at != null && at.text().startsWith("call 0x")) {
            Objdump.Instruction tail = byAddress.get(Long.parseLong(at.text().substring("call 0x".length()), 16));
            if (tail != null && tail.text().startsWith("mov DWORD PTR [r15+0x" + Integer.toHexString(CONFIG.threadPendingDeoptimizationOffset) + "]")) {
                return "trap";
            }
        }
        return "out-of-line";
    }

    static String[] concat(String[] a, String... b) {
        String[] r = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }

    static Value[] values(Value... v) {
        return v;
    }
}
