package org.ssajit.jvmci;

import static jdk.vm.ci.amd64.AMD64.r10;
import static jdk.vm.ci.amd64.AMD64.r8;
import static jdk.vm.ci.amd64.AMD64.r9;
import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rcx;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;
import static org.ssajit.amd64.hotspot.Amd64ValueKind.reg;

import java.util.Arrays;
import java.util.List;

import org.ssajit.amd64.asm.Address;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Amd64Assembler;
import org.ssajit.amd64.asm.Condition;
import org.ssajit.amd64.asm.Label;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.amd64.hotspot.Amd64FrameBuilder;
import org.ssajit.amd64.hotspot.Amd64ValueKind;
import org.ssajit.hotspot.BytecodeFrameBuilder;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.codegen.CompiledCode;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.CallingConvention;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterConfig;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.hotspot.HotSpotCallingConventionType;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCI;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * Hand-assembled machine code for the methods in {@link Targets}, written with the project's assembler
 * and {@link Amd64FrameBuilder}: what ssajit's back end will later produce, with every HotSpot-facing
 * piece (entry, frame, entry barrier, polls, traps, handlers, debug info) real. Argument registers come
 * from the VM's calling convention; bcis from the method's bytecode.
 *
 * <p>Each program is a correct implementation of its method for all inputs: where it does not handle a
 * case (null, short array, division by zero) it deoptimizes and lets the interpreter do it.
 */
final class HandCode {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();
    static final JVMCIBackend BACKEND = JVMCI.getRuntime().getHostJVMCIBackend();
    static final MetaAccessProvider META = BACKEND.getMetaAccess();
    static final RegisterConfig REGISTERS = BACKEND.getCodeCache().getRegisterConfig();

    private HandCode() {
    }

    static ResolvedJavaMethod method(Class<?> holder, String name) {
        List<java.lang.reflect.Method> found = Arrays.stream(holder.getDeclaredMethods()).filter(m -> m.getName().equals(name)).toList();
        if (found.size() != 1) {
            throw new IllegalArgumentException(holder.getName() + "." + name + ": " + found.size() + " methods");
        }
        return META.lookupJavaMethod(found.get(0));
    }

    static ResolvedJavaField field(Class<?> holder, String name) {
        try {
            return META.lookupJavaField(holder.getDeclaredField(name));
        } catch (NoSuchFieldException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Where the callee finds its arguments (all must be in registers for these programs). */
    static Register[] args(ResolvedJavaMethod m) {
        JavaType[] params = m.getSignature().toParameterTypes(null);
        CallingConvention cc = REGISTERS.getCallingConvention(HotSpotCallingConventionType.JavaCallee, m.getSignature().getReturnType(null), params,
                        Amd64ValueKind.FACTORY);
        Register[] regs = new Register[cc.getArgumentCount()];
        for (int i = 0; i < regs.length; i++) {
            AllocatableValue v = cc.getArgument(i);
            if (!(v instanceof RegisterValue r)) {
                throw new IllegalStateException("argument " + i + " of " + m + " is not in a register: " + v);
            }
            regs[i] = r.getRegister();
        }
        return regs;
    }

    static Register intResult() {
        return REGISTERS.getReturnRegister(JavaKind.Int);
    }

    /** The bci of the {@code n}-th (from 0) instruction with {@code opcode}. */
    static int bci(ResolvedJavaMethod m, int opcode, int n) {
        BytecodeStream s = new BytecodeStream(m.getCode());
        int seen = 0;
        for (int bci = 0; bci < s.length(); bci = s.nextBci()) {
            s.at(bci);
            if (s.opcode() == opcode && seen++ == n) {
                return bci;
            }
        }
        throw new IllegalArgumentException(m + " has no opcode " + opcode + " #" + n);
    }

    /** The target of the last backward goto: the header of the method's only loop. */
    static int loopHeader(ResolvedJavaMethod m) {
        BytecodeStream s = new BytecodeStream(m.getCode());
        int header = -1;
        for (int bci = 0; bci < s.length(); bci = s.nextBci()) {
            s.at(bci);
            if (s.opcode() == Bytecodes.GOTO && s.branchTarget() < bci) {
                header = s.branchTarget();
            }
        }
        if (header < 0) {
            throw new IllegalArgumentException(m + " has no backward goto");
        }
        return header;
    }

    // ------------------------------------------------------------------------------------------

    /** {@code return x + delta}. */
    static CompiledCode addConstant(ResolvedJavaMethod m, int delta) {
        Register x = args(m)[0];
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, FrameLayout.of(Amd64ValueKind.WORD, 0, 0));
        fb.emitPrologue();
        fb.asm().lea(DWORD, intResult(), Address.of(x, delta));
        fb.emitReturn();
        return fb.finish(m.format("%H.%n"));
    }

    /** {@code return x + x} ({@link Targets#twice}). */
    static CompiledCode scaled(ResolvedJavaMethod m) {
        Register x = args(m)[0];
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, FrameLayout.of(Amd64ValueKind.WORD, 0, 0));
        fb.emitPrologue();
        fb.asm().lea(DWORD, intResult(), Address.of(x, x, org.ssajit.amd64.asm.Scale.ONE, 0));
        fb.emitReturn();
        return fb.finish(m.format("%H.%n"));
    }

    /**
     * {@link Targets#spin}: a loop with a safepoint poll at its header whose frame state has the gate
     * and the array in registers (oops a moving GC must update) and the two longs in registers. A null
     * gate, a null or too short array trap at bci 0 (the interpreter then throws).
     */
    static CompiledCode spin(ResolvedJavaMethod m) {
        Register[] a = args(m);
        Register gate = a[0];
        Register out = a[1];
        Register i = r8;
        Register s = r9;
        int lengthOffset = CONFIG.arrayLengthOffset;
        int openOffset = field(Targets.Gate.class, "open").getOffset();
        int longBase = META.getArrayBaseOffset(JavaKind.Long);
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        Amd64Assembler asm = fb.asm();
        fb.emitPrologue();

        Label trap = new Label("trap");
        asm.test(QWORD, gate, gate);
        asm.jcc(Condition.E, trap);
        asm.test(QWORD, out, out);
        asm.jcc(Condition.E, trap);
        asm.alu(AluOp.CMP, DWORD, Address.of(out, lengthOffset), 2);
        asm.jcc(Condition.L, trap);
        asm.alu(AluOp.XOR, DWORD, i, i);
        asm.alu(AluOp.XOR, DWORD, s, s);

        int headerBci = loopHeader(m);
        BytecodeFrame atHeader = BytecodeFrameBuilder.at(m, headerBci)
                        .local(0, JavaKind.Object, reg(gate, JavaKind.Object))
                        .local(1, JavaKind.Object, reg(out, JavaKind.Object))
                        .local(2, JavaKind.Long, reg(i, JavaKind.Long))
                        .local(4, JavaKind.Long, reg(s, JavaKind.Long))
                        .build();
        Label header = new Label("header");
        Label exit = new Label("exit");
        asm.bind(header);
        fb.emitSafepointPoll(rax, DebugInfos.of(atHeader, layout));
        asm.mov(DWORD, rax, Address.of(gate, openOffset)); // a volatile read: a plain load on x86
        asm.test(DWORD, rax, rax);
        asm.jcc(Condition.NE, exit);
        asm.alu(AluOp.ADD, QWORD, s, i);
        asm.alu(AluOp.ADD, QWORD, i, 1);
        asm.jmp(header);

        asm.bind(exit);
        asm.mov(QWORD, Address.of(out, longBase), i);
        asm.mov(QWORD, Address.of(out, longBase + 8), s);
        fb.emitReturn();

        asm.bind(trap);
        BytecodeFrame atEntry = BytecodeFrameBuilder.at(m, 0)
                        .local(0, JavaKind.Object, reg(gate, JavaKind.Object))
                        .local(1, JavaKind.Object, reg(out, JavaKind.Object))
                        .build();
        fb.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.NullCheckException, DebugInfos.of(atEntry, layout));
        return fb.finish(m.format("%H.%n"));
    }

    /** Where {@link #mix} deoptimizes. */
    enum MixTrap {
        ENTRY,
        MUL,
        CALL
    }

    /**
     * {@code mix(int a, long b, Object o) = (b - 3a) * 7 + 3a + o.hashCode()}, which the code computes
     * only in part before it deoptimizes at {@code where}, leaving the rest to the interpreter. Values
     * live in argument registers, scratch registers, spill slots and as constants.
     */
    static CompiledCode mix(ResolvedJavaMethod m, MixTrap where) {
        Register[] args = args(m);
        Register a = args[0];
        Register b = args[1];
        Register o = args[2];
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        Amd64Assembler asm = fb.asm();
        fb.emitPrologue();
        BytecodeFrameBuilder frame;
        if (where == MixTrap.ENTRY) {
            frame = BytecodeFrameBuilder.at(m, 0)
                            .local(0, JavaKind.Int, reg(a, JavaKind.Int))
                            .local(1, JavaKind.Long, reg(b, JavaKind.Long))
                            .local(3, JavaKind.Object, reg(o, JavaKind.Object));
        } else {
            StackSlot cSlot = layout.spillSlot(0, Amd64ValueKind.INT);
            Register d = r8;
            asm.imul(DWORD, rax, a, 3); // c = a * 3
            asm.mov(DWORD, Address.of(jdk.vm.ci.amd64.AMD64.rsp, layout.spillOffset(0)), rax); // c lives in a spill slot
            asm.movsxd(r10, rax); // (long) c
            asm.mov(QWORD, d, b);
            asm.alu(AluOp.SUB, QWORD, d, r10); // d = b - c
            BytecodeFrameBuilder f = (where == MixTrap.MUL ? BytecodeFrameBuilder.at(m, bci(m, Bytecodes.LMUL, 0))
                            : BytecodeFrameBuilder.at(m, bci(m, Bytecodes.INVOKEVIRTUAL, 0)))
                            .local(0, JavaKind.Int, reg(a, JavaKind.Int))
                            .local(1, JavaKind.Long, reg(b, JavaKind.Long))
                            .local(3, JavaKind.Object, reg(o, JavaKind.Object))
                            .local(4, JavaKind.Int, cSlot)
                            .local(5, JavaKind.Long, reg(d, JavaKind.Long));
            if (where == MixTrap.MUL) {
                // Stack before lmul: d, 7L (the constant ldc2_w pushed).
                f.push(JavaKind.Long, reg(d, JavaKind.Long)).push(JavaKind.Long, JavaConstant.forLong(7));
            } else {
                // Stack before invokevirtual hashCode: d * 7 + c, o (o spilled to a stack slot).
                Register partial = r9;
                StackSlot oSlot = layout.spillSlot(8, Amd64ValueKind.OOP);
                asm.imul(QWORD, partial, d, 7);
                asm.alu(AluOp.ADD, QWORD, partial, r10);
                asm.mov(QWORD, Address.of(jdk.vm.ci.amd64.AMD64.rsp, layout.spillOffset(8)), o);
                f.push(JavaKind.Long, reg(partial, JavaKind.Long)).push(JavaKind.Object, oSlot);
            }
            frame = f;
        }
        fb.emitUncommonTrap(META, DeoptimizationAction.None, DeoptimizationReason.UnreachedCode, DebugInfos.of(frame.build(), layout));
        return fb.finish(m.format("%H.%n") + "@" + where);
    }

    /**
     * {@code a / b} with Java's semantics: {@code MIN_VALUE / -1} wraps (x86 {@code idiv} would fault),
     * division by zero deoptimizes before the {@code idiv} bytecode with {@code a, b} on the stack, so
     * the interpreter re-executes it and throws ArithmeticException.
     */
    static CompiledCode div(ResolvedJavaMethod m, DeoptimizationAction action) {
        Register[] args = args(m);
        Register a = args[0];
        Register b = args[1];
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 0, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        Amd64Assembler asm = fb.asm();
        fb.emitPrologue();
        Label trap = new Label("div-by-zero");
        Label negate = new Label("div-by-minus-one");
        asm.test(DWORD, b, b);
        asm.jcc(Condition.E, trap);
        asm.alu(AluOp.CMP, DWORD, b, -1);
        asm.jcc(Condition.E, negate);
        // idiv divides edx:eax; b may be in edx, so move it out first.
        asm.mov(DWORD, rcx, b);
        asm.mov(DWORD, rax, a);
        asm.cdq();
        asm.unary(UnaryOp.IDIV, DWORD, rcx);
        fb.emitReturn();
        asm.bind(negate);
        asm.mov(DWORD, rax, a);
        asm.unary(UnaryOp.NEG, DWORD, rax);
        fb.emitReturn();
        asm.bind(trap);
        BytecodeFrame atIdiv = BytecodeFrameBuilder.at(m, bci(m, Bytecodes.IDIV, 0))
                        .local(0, JavaKind.Int, reg(a, JavaKind.Int))
                        .local(1, JavaKind.Int, reg(b, JavaKind.Int))
                        .push(JavaKind.Int, reg(a, JavaKind.Int))
                        .push(JavaKind.Int, reg(b, JavaKind.Int))
                        .build();
        fb.emitUncommonTrap(META, action, DeoptimizationReason.ArithmeticException, DebugInfos.of(atIdiv, layout));
        return fb.finish(m.format("%H.%n"));
    }

    /**
     * {@link Targets#guarded}: instead of calling {@code callee(x)} the code calls a VM stub that throws
     * StackOverflowError as if thrown by that call. The exception comes back into this frame through
     * its exception handler entry, which deoptimizes; the interpreter finds the catch block. {@code x}
     * is kept in a spill slot: no register survives a call.
     */
    static CompiledCode guarded(ResolvedJavaMethod m) {
        Register x = args(m)[0];
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 8, 0);
        Amd64FrameBuilder fb = new Amd64FrameBuilder(CONFIG, layout);
        Amd64Assembler asm = fb.asm();
        fb.emitPrologue();
        asm.mov(DWORD, Address.of(jdk.vm.ci.amd64.AMD64.rsp, layout.spillOffset(0)), x);
        BytecodeFrame atCall = BytecodeFrameBuilder.at(m, bci(m, Bytecodes.INVOKESTATIC, 0))
                        .local(0, JavaKind.Int, layout.spillSlot(0, Amd64ValueKind.INT))
                        .duringCall(true)
                        .build();
        fb.emitForeignCall(CONFIG.throwDelayedStackOverflowErrorEntry, DebugInfos.of(atCall, layout));
        // Not reached (the stub always throws); the shape a real call would continue with.
        fb.emitReturn();
        return fb.finish(m.format("%H.%n"));
    }
}
