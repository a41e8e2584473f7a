package org.ssajit.amd64.lir;

import static jdk.vm.ci.amd64.AMD64.r10;
import static jdk.vm.ci.amd64.AMD64.r11;
import static jdk.vm.ci.amd64.AMD64.r12;
import static jdk.vm.ci.amd64.AMD64.r13;
import static jdk.vm.ci.amd64.AMD64.r8;
import static jdk.vm.ci.amd64.AMD64.r9;
import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rbp;
import static jdk.vm.ci.amd64.AMD64.rdi;
import static jdk.vm.ci.amd64.AMD64.rbx;
import static jdk.vm.ci.amd64.AMD64.rcx;
import static jdk.vm.ci.amd64.AMD64.rdx;
import static jdk.vm.ci.amd64.AMD64.rsi;
import static jdk.vm.ci.amd64.AMD64.xmm0;
import static jdk.vm.ci.amd64.AMD64.xmm1;
import static jdk.vm.ci.amd64.AMD64.xmm2;
import static jdk.vm.ci.amd64.AMD64.xmm9;
import static jdk.vm.ci.amd64.AMD64.xmm12;
import static jdk.vm.ci.amd64.AMD64.xmm15;
import static jdk.vm.ci.amd64.AMD64.xmm3;
import static jdk.vm.ci.amd64.AMD64.xmm4;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.amd64.asm.OperandSize.DWORD;
import static org.ssajit.amd64.asm.OperandSize.QWORD;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.amd64.asm.AluOp;
import org.ssajit.amd64.asm.Scale;
import org.ssajit.amd64.asm.ShiftOp;
import org.ssajit.amd64.asm.SseOp;
import org.ssajit.amd64.asm.UnaryOp;
import org.ssajit.amd64.lir.Amd64Memory.AddressShape;
import org.ssajit.backend.ControlOps;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.backend.MoveOps;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirKind;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.amd64.AMD64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.DeoptimizationAction;
import jdk.vm.ci.meta.DeoptimizationReason;
import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.Value;

/**
 * Every AMD64 op in every operand shape it allows (register, stack slot, constant; same or different
 * registers), emitted after allocation and read back with objdump. The expected text states the
 * instruction sequence the op must be, including the Java-semantics sequences (idiv's -1 case, f2i's
 * saturation, NaN-aware compares).
 */
class Amd64OpEncodingTest {
    static final LirKind INT = LirKind.value(AMD64Kind.DWORD);
    static final LirKind LONG = LirKind.value(AMD64Kind.QWORD);
    static final LirKind REF = LirKind.reference(AMD64Kind.QWORD);
    static final LirKind FLOAT = LirKind.value(AMD64Kind.SINGLE);
    static final LirKind DOUBLE = LirKind.value(AMD64Kind.DOUBLE);
    static final JavaConstant MIRROR_OF_STRING = jdk.vm.ci.runtime.JVMCI.getRuntime().getHostJVMCIBackend().getConstantReflection()
                    .asJavaClass(OpCheck.META.lookupJavaType(String.class));

    /** The data patches recorded so far for {@code c}'s code (through its emitter or its frame builder). */
    private static int dataPatches(OpCheck c) {
        return (int) c.emitter.frame().sites().stream().filter(s -> s instanceof DataPatch).count();
    }

    static RegisterValue i(Register r) {
        return r.asValue(INT);
    }

    static RegisterValue l(Register r) {
        return r.asValue(LONG);
    }

    static RegisterValue ref(Register r) {
        return r.asValue(REF);
    }

    static RegisterValue f(Register r) {
        return r.asValue(FLOAT);
    }

    static RegisterValue d(Register r) {
        return r.asValue(DOUBLE);
    }

    static StackSlot slot(LirKind k, int offset) {
        return StackSlot.get(k, offset, false);
    }

    static ConstantValue ci(int v) {
        return new ConstantValue(INT, JavaConstant.forInt(v));
    }

    static ConstantValue cl(long v) {
        return new ConstantValue(LONG, JavaConstant.forLong(v));
    }

    static ConstantValue cf(float v) {
        return new ConstantValue(FLOAT, JavaConstant.forFloat(v));
    }

    static ConstantValue cd(double v) {
        return new ConstantValue(DOUBLE, JavaConstant.forDouble(v));
    }

    static MoveOps.Move<Amd64CodeEmitter> move(AllocatableValue dst, AllocatableValue src) {
        return new MoveOps.Move<>(dst, src, Amd64Moves::move);
    }

    static MoveOps.LoadConstant<Amd64CodeEmitter> loadConstant(AllocatableValue dst, ConstantValue c) {
        return new MoveOps.LoadConstant<>(dst, c, Amd64Moves::loadConstant);
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    // ----------------------------------------------------------------------------------------------

    @Test
    void moves() {
        OpCheck c = new OpCheck("moves");
        c.add(move(i(rax), i(rcx)), "mov eax,ecx");
        c.add(move(i(rax), i(rax)));
        c.add(move(slot(INT, 8), i(rcx)), "mov DWORD PTR [rsp+0x8],ecx");
        c.add(move(i(r9), slot(INT, 12)), "mov r9d,DWORD PTR [rsp+0xc]");
        c.add(move(slot(INT, 8), slot(INT, 12)), "mov r10d,DWORD PTR [rsp+0xc]", "mov DWORD PTR [rsp+0x8],r10d");
        c.add(move(slot(INT, 8), slot(INT, 8)));
        c.add(move(l(r8), l(r11)), "mov r8,r11");
        c.add(move(ref(rsi), ref(rax)), "mov rsi,rax");
        c.add(move(slot(LONG, 16), l(rbx)), "mov QWORD PTR [rsp+0x10],rbx");
        c.add(move(ref(rdx), slot(REF, 24)), "mov rdx,QWORD PTR [rsp+0x18]");
        c.add(move(slot(LONG, 16), slot(LONG, 24)), "mov r10,QWORD PTR [rsp+0x18]", "mov QWORD PTR [rsp+0x10],r10");
        c.add(move(f(xmm1), f(xmm9)), "movaps xmm1,xmm9");
        c.add(move(slot(FLOAT, 4), f(xmm2)), "movss DWORD PTR [rsp+0x4],xmm2");
        c.add(move(f(xmm0), slot(FLOAT, 4)), "movss xmm0,DWORD PTR [rsp+0x4]");
        c.add(move(slot(FLOAT, 4), slot(FLOAT, 8)), "mov r10d,DWORD PTR [rsp+0x8]", "mov DWORD PTR [rsp+0x4],r10d");
        c.add(move(d(xmm2), d(xmm1)), "movapd xmm2,xmm1");
        c.add(move(slot(DOUBLE, 8), d(xmm9)), "movsd QWORD PTR [rsp+0x8],xmm9");
        c.add(move(d(xmm0), slot(DOUBLE, 8)), "movsd xmm0,QWORD PTR [rsp+0x8]");
        c.add(move(slot(DOUBLE, 8), slot(DOUBLE, 16)), "mov r10,QWORD PTR [rsp+0x10]", "mov QWORD PTR [rsp+0x8],r10");
        // An incoming stack argument: above the return address.
        int total = OpCheck.LAYOUT.totalFrameSize();
        c.add(move(i(rax), StackSlot.get(INT, 8, true)), "mov eax,DWORD PTR [rsp+" + hex(total + 8) + "]");
        c.verify();
    }

    @Test
    void constants() {
        OpCheck c = new OpCheck("constants");
        c.add(loadConstant(i(rax), ci(0)), "xor eax,eax");
        c.add(loadConstant(i(r9), ci(5)), "mov r9d,0x5");
        c.add(loadConstant(i(rax), ci(-1)), "mov eax,0xffffffff");
        c.add(loadConstant(slot(INT, 8), ci(-7)), "mov DWORD PTR [rsp+0x8],0xfffffff9");
        c.add(loadConstant(l(rcx), cl(0)), "xor ecx,ecx");
        c.add(loadConstant(l(rcx), cl(0xFFFF_FFFFL)), "mov ecx,0xffffffff");
        c.add(loadConstant(l(rcx), cl(-1)), "mov rcx,0xffffffffffffffff");
        c.add(loadConstant(l(r11), cl(0x1_2345_6789L)), "movabs r11,0x123456789");
        c.add(loadConstant(slot(LONG, 16), cl(-2)), "mov QWORD PTR [rsp+0x10],0xfffffffffffffffe");
        c.add(loadConstant(slot(LONG, 16), cl(0x8000_0000L)), "mov r10d,0x80000000", "mov QWORD PTR [rsp+0x10],r10");
        c.add(loadConstant(slot(LONG, 16), cl(Long.MIN_VALUE)), "movabs r10,0x8000000000000000", "mov QWORD PTR [rsp+0x10],r10");
        c.add(loadConstant(f(xmm1), cf(0.0f)), "xorps xmm1,xmm1");
        c.add(loadConstant(f(xmm1), cf(-0.0f)), "mov r10d,0x80000000", "movd xmm1,r10d");
        c.add(loadConstant(f(xmm9), cf(1.5f)), "mov r10d,0x3fc00000", "movd xmm9,r10d");
        c.add(loadConstant(slot(FLOAT, 4), cf(1.5f)), "mov DWORD PTR [rsp+0x4],0x3fc00000");
        c.add(loadConstant(d(xmm2), cd(0.0)), "xorpd xmm2,xmm2");
        c.add(loadConstant(d(xmm2), cd(1.5)), "movabs r10,0x3ff8000000000000", "movq xmm2,r10");
        c.add(loadConstant(slot(DOUBLE, 8), cd(-0.0)), "movabs r10,0x8000000000000000", "mov QWORD PTR [rsp+0x8],r10");
        c.add(loadConstant(slot(DOUBLE, 8), cd(0.0)), "mov QWORD PTR [rsp+0x8],0x0");
        c.add(loadConstant(ref(rax), new ConstantValue(REF, JavaConstant.NULL_POINTER)), "xor eax,eax");
        c.add(loadConstant(slot(REF, 8), new ConstantValue(REF, JavaConstant.NULL_POINTER)), "mov QWORD PTR [rsp+0x8],0x0");
        JavaConstant oop = MIRROR_OF_STRING;
        int before = dataPatches(c);
        c.add(loadConstant(ref(rbx), new ConstantValue(REF, oop)), "movabs rbx,0x0");
        c.add(loadConstant(slot(REF, 8), new ConstantValue(REF, oop)), "movabs r10,0x0", "mov QWORD PTR [rsp+0x8],r10");
        assertEquals(before + 2, dataPatches(c), "each embedded oop is a data patch");
        CompiledCode code = c.verify();
        List<Site> patches = code.sites().stream().filter(s -> s instanceof DataPatch).toList();
        assertEquals(2, patches.size());
        for (Site p : patches) {
            // HotSpot finds the imm64 of the movabs at the patch's pc: REX.W B8+r.
            assertEquals(0xB8, code.code()[p.pcOffset + 1] & 0xF8, "movabs at " + p.pcOffset);
        }
    }

    /**
     * A class's metadata as a patched immediate (the lowering's {@code metadata}): {@code movabs} of the
     * pointer, {@code mov r32, imm32} of its narrow form; each a data patch at the instruction, whose
     * immediate HotSpot finds; a narrow class pointer decoded without the null test an oop needs.
     */
    @Test
    void metadataAndNarrowClassPointers() {
        OpCheck c = new OpCheck("metadata");
        jdk.vm.ci.hotspot.HotSpotMetaspaceConstant hub = (jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) jdk.vm.ci.runtime.JVMCI.getRuntime().getHostJVMCIBackend()
                        .getConstantReflection().asObjectHub(OpCheck.META.lookupJavaType(String.class));
        c.add(new org.ssajit.backend.LoadMetadata(l(rbx), (jdk.vm.ci.meta.VMConstant) hub), "movabs rbx,0x0");
        c.add(new org.ssajit.backend.LoadMetadata(i(r9), (jdk.vm.ci.meta.VMConstant) hub.compress()), "mov r9d,0x0");
        c.add(new org.ssajit.backend.LoadMetadata(i(rax), (jdk.vm.ci.meta.VMConstant) hub.compress()), "mov eax,0x0");
        c.add(new Amd64Memory.Decode(l(r8), i(rsi), NarrowEncoding.ofKlass(0, 3)), "mov r8d,esi", "shl r8,0x3");
        c.add(new Amd64Memory.Decode(l(r8), i(r8), NarrowEncoding.ofKlass(0x8_0000_0000L, 0)), "mov r8d,r8d", "movabs r10,0x800000000", "add r8,r10");
        c.add(new Amd64Memory.Decode(l(rdx), i(rcx), NarrowEncoding.ofKlass(0x4000_0000L, 10)), "mov edx,ecx", "shl rdx,0xa", "mov r10d,0x40000000",
                        "add rdx,r10");
        // The header's narrow class read and decoded in one op.
        c.add(new Amd64Memory.Load(JavaKind.Long, l(rax), ref(rsi), null, new AddressShape(null, 8), NarrowEncoding.ofKlass(0x700_0000L, 0)),
                        "mov eax,DWORD PTR [rsi+0x8]", "mov r10d,0x7000000", "add rax,r10");
        CompiledCode code = c.verify();
        List<DataPatch> patches = code.sites().stream().filter(s -> s instanceof DataPatch).map(s -> (DataPatch) s).toList();
        assertEquals(3, patches.size());
        assertEquals(0xB8, code.code()[patches.get(0).pcOffset + 1] & 0xF8, "movabs: REX.W B8+r");
        assertEquals(0xB9, code.code()[patches.get(1).pcOffset + 1] & 0xFF, "mov r9d: REX.B B8+1");
        assertEquals(0xB8, code.code()[patches.get(2).pcOffset] & 0xFF, "mov eax: B8");
        for (int k = 0; k < 3; k++) {
            var m = (jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) ((jdk.vm.ci.code.site.ConstantReference) patches.get(k).reference).getConstant();
            assertEquals(k > 0, m.isCompressed(), "patch " + k);
        }
    }

    @Test
    void integerArithmetic() {
        OpCheck c = new OpCheck("integer arithmetic");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, DWORD, i(rax), i(rax), i(rdx)), "add eax,edx");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, DWORD, i(rax), i(rcx), i(rdx)), "lea eax,[rcx+rdx*1]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, DWORD, i(rax), i(r13), i(r12)), "lea eax,[r13+r12*1+0x0]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, DWORD, i(rcx), i(rax), ci(-7)), "lea ecx,[rax-0x7]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.SUB, DWORD, i(rcx), i(r12), ci(100_000)), "lea ecx,[r12-0x186a0]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.SUB, DWORD, i(rcx), i(rax), ci(Integer.MIN_VALUE)), "mov ecx,eax", "sub ecx,0x80000000");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.SUB, DWORD, i(rcx), i(rax), i(rdx)), "mov ecx,eax", "sub ecx,edx");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, QWORD, l(rcx), l(rax), cl(Integer.MIN_VALUE)), "lea rcx,[rax-0x80000000]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.SUB, DWORD, i(rax), slot(INT, 8), i(rdx)), "mov eax,DWORD PTR [rsp+0x8]", "sub eax,edx");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.AND, DWORD, i(rax), i(rcx), slot(INT, 12)), "mov eax,ecx", "and eax,DWORD PTR [rsp+0xc]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.OR, DWORD, i(r8), i(r8), ci(5)), "or r8d,0x5");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.XOR, DWORD, i(r8), i(r8), ci(100_000)), "xor r8d,0x186a0");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.SUB, DWORD, i(rax), i(rax), ci(Integer.MIN_VALUE)), "sub eax,0x80000000");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.ADD, QWORD, l(r9), l(r11), l(rbx)), "lea r9,[r11+rbx*1]");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.AND, QWORD, l(rax), l(rax), cl(-16)), "and rax,0xfffffffffffffff0");
        c.add(new Amd64Arithmetic.IntegerBinary(AluOp.XOR, QWORD, l(rax), slot(LONG, 16), slot(LONG, 24)), "mov rax,QWORD PTR [rsp+0x10]", "xor rax,QWORD PTR [rsp+0x18]");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), i(rcx), ci(7)), "imul eax,ecx,0x7");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), slot(INT, 8), ci(1000)), "imul eax,DWORD PTR [rsp+0x8],0x3e8");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), i(rcx), i(rdx)), "mov eax,ecx", "imul eax,edx");
        c.add(new Amd64Arithmetic.IntegerMul(QWORD, l(rax), l(rax), slot(LONG, 16)), "imul rax,QWORD PTR [rsp+0x10]");
        c.add(new Amd64Arithmetic.IntegerMul(QWORD, l(rax), l(rcx), cl(-3)), "imul rax,rcx,0xfffffffffffffffd");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), i(rcx), ci(3)), "lea eax,[rcx+rcx*2]");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), i(rax), ci(5)), "lea eax,[rax+rax*4]");
        c.add(new Amd64Arithmetic.IntegerMul(QWORD, l(r13), l(r12), cl(9)), "lea r13,[r12+r12*8]");
        c.add(new Amd64Arithmetic.IntegerMul(DWORD, i(rax), slot(INT, 8), ci(5)), "imul eax,DWORD PTR [rsp+0x8],0x5");
        c.add(new Amd64Arithmetic.IntegerUnary(UnaryOp.NEG, DWORD, i(rax), i(rcx)), "mov eax,ecx", "neg eax");
        c.add(new Amd64Arithmetic.IntegerUnary(UnaryOp.NEG, QWORD, l(rax), slot(LONG, 16)), "mov rax,QWORD PTR [rsp+0x10]", "neg rax");
        c.add(new Amd64Arithmetic.IntegerUnary(UnaryOp.NOT, QWORD, l(rbx), l(rbx)), "not rbx");
        c.verify();
    }

    /** Java masks shift counts to 5 (int) or 6 (long) bits: constants at compile time, {@code cl} by the CPU. */
    @Test
    void shifts() {
        OpCheck c = new OpCheck("shifts");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHL, DWORD, i(rax), i(rdx), ci(3)), "mov eax,edx", "shl eax,0x3");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SAR, DWORD, i(rax), i(rax), ci(1)), "sar eax,1");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHR, DWORD, i(rax), i(rax), ci(33)), "shr eax,1");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHL, DWORD, i(rax), i(rdx), ci(32)), "mov eax,edx");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHL, DWORD, i(rax), i(rax), ci(-1)), "shl eax,0x1f");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHL, QWORD, l(rax), l(rax), ci(32)), "shl rax,0x20");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SAR, QWORD, l(rax), l(rax), ci(65)), "sar rax,1");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.ROL, DWORD, i(rax), i(rdx), ci(15)), "mov eax,edx", "rol eax,0xf");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.ROL, QWORD, l(r9), l(r9), ci(1)), "rol r9,1");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHR, QWORD, l(rax), slot(LONG, 16), ci(63)), "mov rax,QWORD PTR [rsp+0x10]", "shr rax,0x3f");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHL, DWORD, i(rax), i(rdx), i(rcx)), "mov eax,edx", "shl eax,cl");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SAR, QWORD, l(r8), slot(LONG, 16), i(rcx)), "mov r8,QWORD PTR [rsp+0x10]", "sar r8,cl");
        c.add(new Amd64Arithmetic.Shift(ShiftOp.SHR, QWORD, l(rbx), l(rbx), i(rcx)), "shr rbx,cl");
        c.verify();
    }

    /** idiv with a divisor that may be -1 takes {@code neg} for it (MIN_VALUE / -1 must not fault). */
    @Test
    void division() {
        OpCheck c = new OpCheck("division");
        c.add(new Amd64Arithmetic.DivRem(DWORD, i(rax), i(rdx), i(rax), i(rcx), true),
                        "cmp ecx,0xffffffff", "jne @5", "neg eax", "xor edx,edx", "jmp @end", "cdq", "idiv ecx");
        c.add(new Amd64Arithmetic.DivRem(DWORD, i(rax), i(rdx), i(rax), slot(INT, 8), true),
                        "cmp DWORD PTR [rsp+0x8],0xffffffff", "jne @5", "neg eax", "xor edx,edx", "jmp @end", "cdq", "idiv DWORD PTR [rsp+0x8]");
        c.add(new Amd64Arithmetic.DivRem(QWORD, l(rax), l(rdx), l(rax), l(r11), true),
                        "cmp r11,0xffffffffffffffff", "jne @5", "neg rax", "xor edx,edx", "jmp @end", "cqo", "idiv r11");
        c.add(new Amd64Arithmetic.DivRem(DWORD, i(rax), i(rdx), i(rax), i(rbx), false), "cdq", "idiv ebx");
        c.add(new Amd64Arithmetic.DivRem(QWORD, l(rax), l(rdx), l(rax), slot(LONG, 16), false), "cqo", "idiv QWORD PTR [rsp+0x10]");
        c.verify();
    }

    @Test
    void floatArithmetic() {
        OpCheck c = new OpCheck("float arithmetic");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.ADDSS, false, f(xmm0), f(xmm0), f(xmm1)), "addss xmm0,xmm1");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.SUBSS, false, f(xmm0), f(xmm2), f(xmm1)), "movaps xmm0,xmm2", "subss xmm0,xmm1");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.MULSS, false, f(xmm0), slot(FLOAT, 4), slot(FLOAT, 8)), "movss xmm0,DWORD PTR [rsp+0x4]", "mulss xmm0,DWORD PTR [rsp+0x8]");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.DIVSD, false, d(xmm9), d(xmm1), d(xmm2)), "movapd xmm9,xmm1", "divsd xmm9,xmm2");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.ADDSD, false, d(xmm0), slot(DOUBLE, 8), d(xmm1)), "movsd xmm0,QWORD PTR [rsp+0x8]", "addsd xmm0,xmm1");
        // AVX: no copy, whichever register the result gets.
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.SUBSS, true, f(xmm0), f(xmm2), f(xmm1)), "vsubss xmm0,xmm2,xmm1");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.SUBSD, true, d(xmm1), d(xmm2), d(xmm1)), "vsubsd xmm1,xmm2,xmm1");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.MULSD, true, d(xmm9), d(xmm9), d(xmm9)), "vmulsd xmm9,xmm9,xmm9");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.DIVSD, true, d(xmm12), d(xmm3), slot(DOUBLE, 8)), "vdivsd xmm12,xmm3,QWORD PTR [rsp+0x8]");
        c.add(new Amd64Arithmetic.FloatBinary(SseOp.ADDSS, true, f(xmm4), f(xmm15), slot(FLOAT, 4)), "vaddss xmm4,xmm15,DWORD PTR [rsp+0x4]");
        c.add(new Amd64Arithmetic.FloatNegate(f(xmm0), f(xmm1)), "movd r10d,xmm1", "xor r10d,0x80000000", "movd xmm0,r10d");
        c.add(new Amd64Arithmetic.FloatNegate(f(xmm0), slot(FLOAT, 4)), "mov r10d,DWORD PTR [rsp+0x4]", "xor r10d,0x80000000", "movd xmm0,r10d");
        c.add(new Amd64Arithmetic.FloatNegate(d(xmm2), d(xmm2)), "movq r10,xmm2", "rol r10,1", "xor r10,0x1", "ror r10,1", "movq xmm2,r10");
        c.add(new Amd64Arithmetic.FloatNegate(d(xmm2), slot(DOUBLE, 8)), "mov r10,QWORD PTR [rsp+0x8]", "rol r10,1", "xor r10,0x1", "ror r10,1", "movq xmm2,r10");
        c.verify();
    }

    @Test
    void conversions() {
        OpCheck c = new OpCheck("conversions");
        c.add(new Amd64Conversions.Convert(Op.I2L, l(rax), i(rcx)), "movsxd rax,ecx");
        c.add(new Amd64Conversions.Convert(Op.I2L, l(rax), slot(INT, 8)), "movsxd rax,DWORD PTR [rsp+0x8]");
        c.add(new Amd64Conversions.Convert(Op.L2I, i(rax), l(rcx)), "mov eax,ecx");
        // Onto itself still a 32-bit mov: it zeroes the upper half, which array indexing relies on.
        c.add(new Amd64Conversions.Convert(Op.L2I, i(rax), l(rax)), "mov eax,eax");
        c.add(new Amd64Conversions.Convert(Op.L2I, i(rax), slot(LONG, 16)), "mov eax,DWORD PTR [rsp+0x10]");
        c.add(new Amd64Conversions.Convert(Op.I2B, i(rax), i(rsi)), "movsx eax,sil");
        c.add(new Amd64Conversions.Convert(Op.I2B, i(rax), slot(INT, 8)), "movsx eax,BYTE PTR [rsp+0x8]");
        c.add(new Amd64Conversions.Convert(Op.I2C, i(rax), i(rcx)), "movzx eax,cx");
        c.add(new Amd64Conversions.Convert(Op.I2C, i(rax), slot(INT, 8)), "movzx eax,WORD PTR [rsp+0x8]");
        c.add(new Amd64Conversions.Convert(Op.I2S, i(r9), i(r9)), "movsx r9d,r9w");
        c.add(new Amd64Conversions.Convert(Op.I2F, f(xmm0), i(rcx)), "xorps xmm0,xmm0", "cvtsi2ss xmm0,ecx");
        c.add(new Amd64Conversions.Convert(Op.I2F, f(xmm0), slot(INT, 8)), "xorps xmm0,xmm0", "cvtsi2ss xmm0,DWORD PTR [rsp+0x8]");
        c.add(new Amd64Conversions.Convert(Op.L2F, f(xmm0), l(rcx)), "xorps xmm0,xmm0", "cvtsi2ss xmm0,rcx");
        c.add(new Amd64Conversions.Convert(Op.I2D, d(xmm1), i(rcx)), "xorps xmm1,xmm1", "cvtsi2sd xmm1,ecx");
        c.add(new Amd64Conversions.Convert(Op.L2D, d(xmm1), slot(LONG, 16)), "xorps xmm1,xmm1", "cvtsi2sd xmm1,QWORD PTR [rsp+0x10]");
        c.add(new Amd64Conversions.Convert(Op.F2D, d(xmm1), f(xmm2)), "xorps xmm1,xmm1", "cvtss2sd xmm1,xmm2");
        c.add(new Amd64Conversions.Convert(Op.F2D, d(xmm1), slot(FLOAT, 4)), "xorps xmm1,xmm1", "cvtss2sd xmm1,DWORD PTR [rsp+0x4]");
        c.add(new Amd64Conversions.Convert(Op.D2F, f(xmm1), d(xmm1)), "cvtsd2ss xmm1,xmm1");
        // The raw bit conversions: a move between register files, or a load of the slot's bits.
        c.add(new Amd64Conversions.MoveBits(Op.F2I_RAW, i(rax), f(xmm1)), "movd eax,xmm1");
        c.add(new Amd64Conversions.MoveBits(Op.F2I_RAW, i(r9), slot(FLOAT, 4)), "mov r9d,DWORD PTR [rsp+0x4]");
        c.add(new Amd64Conversions.MoveBits(Op.I2F_RAW, f(xmm9), i(rcx)), "movd xmm9,ecx");
        c.add(new Amd64Conversions.MoveBits(Op.I2F_RAW, f(xmm0), slot(INT, 8)), "movss xmm0,DWORD PTR [rsp+0x8]");
        c.add(new Amd64Conversions.MoveBits(Op.D2L_RAW, l(r8), d(xmm2)), "movq r8,xmm2");
        c.add(new Amd64Conversions.MoveBits(Op.D2L_RAW, l(rax), slot(DOUBLE, 16)), "mov rax,QWORD PTR [rsp+0x10]");
        c.add(new Amd64Conversions.MoveBits(Op.L2D_RAW, d(xmm1), l(rdx)), "movq xmm1,rdx");
        c.add(new Amd64Conversions.MoveBits(Op.L2D_RAW, d(xmm12), slot(LONG, 8)), "movsd xmm12,QWORD PTR [rsp+0x8]");
        // Square roots: the result register cleared first unless it holds the operand.
        c.add(new Amd64Arithmetic.FloatSqrt(d(xmm0), d(xmm1)), "xorps xmm0,xmm0", "sqrtsd xmm0,xmm1");
        c.add(new Amd64Arithmetic.FloatSqrt(d(xmm2), d(xmm2)), "sqrtsd xmm2,xmm2");
        c.add(new Amd64Arithmetic.FloatSqrt(d(xmm9), slot(DOUBLE, 8)), "xorps xmm9,xmm9", "sqrtsd xmm9,QWORD PTR [rsp+0x8]");
        c.add(new Amd64Arithmetic.FloatSqrt(f(xmm3), f(xmm4)), "xorps xmm3,xmm3", "sqrtss xmm3,xmm4");
        c.verify();
    }

    /**
     * f2i/f2l/d2i/d2l: cvtt* gives MIN_VALUE for NaN and overflow; then NaN becomes 0 and a positive
     * input MAX_VALUE ({@code not}), read from the sign of the input's bits.
     */
    @Test
    void floatToInteger() {
        OpCheck c = new OpCheck("float to integer");
        c.add(new Amd64Conversions.FloatToInteger(Op.F2I, i(rax), f(xmm1)), "cvttss2si eax,xmm1", "cmp eax,0x1", "jno @end", "ucomiss xmm1,xmm1", "jp @10",
                        "movd r10d,xmm1", "test r10d,r10d", "js @end", "not eax", "jmp @end", "xor eax,eax");
        c.add(new Amd64Conversions.FloatToInteger(Op.F2L, l(rcx), f(xmm9)), "cvttss2si rcx,xmm9", "cmp rcx,0x1", "jno @end", "ucomiss xmm9,xmm9", "jp @10",
                        "movd r10d,xmm9", "test r10d,r10d", "js @end", "not rcx", "jmp @end", "xor ecx,ecx");
        c.add(new Amd64Conversions.FloatToInteger(Op.D2I, i(rax), d(xmm0)), "cvttsd2si eax,xmm0", "cmp eax,0x1", "jno @end", "ucomisd xmm0,xmm0", "jp @10",
                        "movq r10,xmm0", "test r10,r10", "js @end", "not eax", "jmp @end", "xor eax,eax");
        c.add(new Amd64Conversions.FloatToInteger(Op.D2L, l(r8), d(xmm2)), "cvttsd2si r8,xmm2", "cmp r8,0x1", "jno @end", "ucomisd xmm2,xmm2", "jp @10",
                        "movq r10,xmm2", "test r10,r10", "js @end", "not r8", "jmp @end", "xor r8d,r8d");
        c.verify();
    }

    /** lcmp and the fcmp family as values: -1/0/1, NaN on the side the bytecode says. */
    @Test
    void threeWayCompares() {
        OpCheck c = new OpCheck("three-way compares");
        c.add(new Amd64Compares.LongCompare(i(rax), l(rcx), l(rdx)), "cmp rcx,rdx", "mov eax,0xffffffff", "jl @end", "setne al", "movzx eax,al");
        c.add(new Amd64Compares.LongCompare(i(rsi), slot(LONG, 16), l(rdx)), "cmp QWORD PTR [rsp+0x10],rdx", "mov esi,0xffffffff", "jl @end", "setne sil", "movzx esi,sil");
        c.add(new Amd64Compares.LongCompare(i(rax), l(rax), cl(0)), "test rax,rax", "mov eax,0xffffffff", "jl @end", "setne al", "movzx eax,al");
        c.add(new Amd64Compares.LongCompare(i(r9), l(rcx), cl(-5)), "cmp rcx,0xfffffffffffffffb", "mov r9d,0xffffffff", "jl @end", "setne r9b", "movzx r9d,r9b");
        c.add(new Amd64Compares.FloatCompare(i(rax), f(xmm0), f(xmm1), true), "ucomiss xmm0,xmm1", "mov eax,0xffffffff", "jb @end", "setne al", "movzx eax,al");
        c.add(new Amd64Compares.FloatCompare(i(rax), f(xmm0), f(xmm1), false), "ucomiss xmm1,xmm0", "mov eax,0x1", "jb @end", "setne al", "movzx eax,al", "neg eax");
        c.add(new Amd64Compares.FloatCompare(i(rbx), d(xmm2), d(xmm9), true), "ucomisd xmm2,xmm9", "mov ebx,0xffffffff", "jb @end", "setne bl", "movzx ebx,bl");
        c.add(new Amd64Compares.FloatCompare(i(rbx), d(xmm2), d(xmm9), false), "ucomisd xmm9,xmm2", "mov ebx,0x1", "jb @end", "setne bl", "movzx ebx,bl", "neg ebx");
        c.verify();
    }

    @Test
    void integerBranches() {
        OpCheck c = new OpCheck("integer branches");
        var b = c.blocks;
        c.add(new Amd64Compares.CompareBranch(Condition.LT, DWORD, i(rcx), i(rdx), b[2], b[1]), "cmp ecx,edx", "jl B2");
        c.add(new Amd64Compares.CompareBranch(Condition.LT, DWORD, i(rcx), i(rdx), b[1], b[2]), "cmp ecx,edx", "jge B2");
        c.add(new Amd64Compares.CompareBranch(Condition.LT, DWORD, i(rcx), i(rdx), b[2], b[3]), "cmp ecx,edx", "jl B2", "jmp B3");
        c.add(new Amd64Compares.CompareBranch(Condition.EQ, DWORD, i(rcx), ci(0), b[2], b[1]), "test ecx,ecx", "je B2");
        c.add(new Amd64Compares.CompareBranch(Condition.NE, DWORD, slot(INT, 8), ci(0), b[2], b[1]), "cmp DWORD PTR [rsp+0x8],0x0", "jne B2");
        c.add(new Amd64Compares.CompareBranch(Condition.GE, DWORD, slot(INT, 8), i(rax), b[2], b[1]), "cmp DWORD PTR [rsp+0x8],eax", "jge B2");
        c.add(new Amd64Compares.CompareBranch(Condition.GT, DWORD, i(rcx), ci(1000), b[2], b[1]), "cmp ecx,0x3e8", "jg B2");
        c.add(new Amd64Compares.CompareBranch(Condition.LE, DWORD, i(rcx), ci(-1), b[2], b[1]), "cmp ecx,0xffffffff", "jle B2");
        c.add(new Amd64Compares.CompareBranch(Condition.LT, QWORD, l(r8), cl(7), b[2], b[1]), "cmp r8,0x7", "jl B2");
        c.add(new Amd64Compares.CompareBranch(Condition.GE, QWORD, l(r8), l(r9), b[2], b[1]), "cmp r8,r9", "jge B2");
        c.add(new Amd64Compares.CompareBranch(Condition.EQ, QWORD, ref(rsi), new ConstantValue(REF, JavaConstant.NULL_POINTER), b[2], b[1]), "test rsi,rsi", "je B2");
        c.add(new Amd64Compares.CompareBranch(Condition.NE, QWORD, ref(rsi), ref(rdx), b[2], b[1]), "cmp rsi,rdx", "jne B2");
        c.verify();
    }

    /**
     * {@code COMPARE_AND_SWAP}: {@code lock cmpxchg} with the expected word in rax; fused with its
     * branch, one jcc on the flags it left (no compare after it); else sete.
     */
    private static org.ssajit.hotspot.ir.AtomicUpdate word(int displacement) {
        return new org.ssajit.hotspot.ir.AtomicUpdate(displacement, org.ssajit.hotspot.ir.AtomicUpdate.Ordering.ACQUIRE);
    }

    @Test
    void compareAndSwap() {
        OpCheck c = new OpCheck("compare-and-swap");
        var b = c.blocks;
        c.add(new Amd64Atomics.CompareAndSwapBranch(word(0), false, ref(rcx), l(rax), l(rbx), b[2], b[1]), "lock cmpxchg QWORD PTR [rcx],rbx", "jne B2");
        c.add(new Amd64Atomics.CompareAndSwapBranch(word(0), true, ref(rcx), l(rax), l(rbx), b[2], b[1]), "lock cmpxchg QWORD PTR [rcx],rbx", "je B2");
        c.add(new Amd64Atomics.CompareAndSwapBranch(word(8), true, ref(rsi), l(rax), l(r9), b[1], b[2]), "lock cmpxchg QWORD PTR [rsi+0x8],r9", "jne B2");
        c.add(new Amd64Atomics.CompareAndSwap(word(0), i(rdx), ref(rsi), l(rax), l(rbx)), "lock cmpxchg QWORD PTR [rsi],rbx", "sete dl", "movzx edx,dl");
        // Unsafe.compareAndSetInt: a doubleword.
        var int32 = new org.ssajit.hotspot.ir.AtomicUpdate(jdk.vm.ci.meta.JavaKind.Int, 0, org.ssajit.hotspot.ir.AtomicUpdate.Ordering.ACQUIRE_RELEASE);
        c.add(new Amd64Atomics.CompareAndSwap(int32, i(rdx), l(r10), i(rax), i(rbx)), "lock cmpxchg DWORD PTR [r10],ebx", "sete dl", "movzx edx,dl");
        c.add(new Amd64Atomics.CompareAndSwapBranch(int32, true, l(r10), i(rax), i(r11), b[2], b[1]), "lock cmpxchg DWORD PTR [r10],r11d", "je B2");
        c.verify();
    }

    /** {@code (x & y) == 0} / {@code != 0}: test and one jcc, with a register, an imm32 or a slot. */
    @Test
    void testBranches() {
        OpCheck c = new OpCheck("test branches");
        var b = c.blocks;
        c.add(new Amd64Compares.TestBranch(Condition.EQ, DWORD, i(rcx), ci(3), b[2], b[1]), "test cl,0x3", "je B2");
        c.add(new Amd64Compares.TestBranch(Condition.EQ, DWORD, i(rcx), ci(3), b[1], b[2]), "test cl,0x3", "jne B2");
        c.add(new Amd64Compares.TestBranch(Condition.NE, QWORD, l(rsi), cl(2), b[2], b[1]), "test sil,0x2", "jne B2");
        c.add(new Amd64Compares.TestBranch(Condition.NE, DWORD, i(rbx), i(r9), b[2], b[1]), "test ebx,r9d", "jne B2");
        c.add(new Amd64Compares.TestBranch(Condition.NE, DWORD, i(rax), ci(0x100), b[2], b[3]), "test eax,0x100", "jne B2", "jmp B3");
        c.add(new Amd64Compares.TestBranch(Condition.EQ, QWORD, l(r8), cl(-8), b[2], b[1]), "test r8,0xfffffffffffffff8", "je B2");
        c.add(new Amd64Compares.TestBranch(Condition.NE, QWORD, l(rdx), l(r11), b[2], b[1]), "test rdx,r11", "jne B2");
        c.add(new Amd64Compares.TestBranch(Condition.EQ, DWORD, slot(INT, 8), ci(1), b[2], b[1]), "test BYTE PTR [rsp+0x8],0x1", "je B2");
        c.add(new Amd64Compares.TestBranch(Condition.NE, QWORD, slot(LONG, 16), l(rcx), b[2], b[1]), "test QWORD PTR [rsp+0x10],rcx", "jne B2");
        c.verify();
    }

    /**
     * Fused fcmp + if: one jcc for the orders (operands swapped for the "g" forms, so unordered lands on
     * Java's side), parity for == and !=.
     */
    @Test
    void floatBranches() {
        OpCheck c = new OpCheck("float branches");
        var b = c.blocks;
        RegisterValue x = f(xmm0);
        RegisterValue y = f(xmm1);
        c.add(new Amd64Compares.FloatBranch(Condition.LT, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "jb B2");
        c.add(new Amd64Compares.FloatBranch(Condition.LE, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "jbe B2");
        c.add(new Amd64Compares.FloatBranch(Condition.GT, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "ja B2");
        c.add(new Amd64Compares.FloatBranch(Condition.GE, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "jae B2");
        c.add(new Amd64Compares.FloatBranch(Condition.LT, false, x, y, b[2], b[1]), "ucomiss xmm1,xmm0", "ja B2");
        c.add(new Amd64Compares.FloatBranch(Condition.LE, false, x, y, b[2], b[1]), "ucomiss xmm1,xmm0", "jae B2");
        c.add(new Amd64Compares.FloatBranch(Condition.GT, false, x, y, b[2], b[1]), "ucomiss xmm1,xmm0", "jb B2");
        c.add(new Amd64Compares.FloatBranch(Condition.GE, false, x, y, b[2], b[1]), "ucomiss xmm1,xmm0", "jbe B2");
        c.add(new Amd64Compares.FloatBranch(Condition.GE, false, x, y, b[1], b[2]), "ucomiss xmm1,xmm0", "ja B2");
        c.add(new Amd64Compares.FloatBranch(Condition.EQ, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "jp B1", "je B2");
        c.add(new Amd64Compares.FloatBranch(Condition.EQ, false, x, y, b[1], b[2]), "ucomiss xmm0,xmm1", "jp B2", "jne B2");
        c.add(new Amd64Compares.FloatBranch(Condition.EQ, true, x, y, b[2], b[3]), "ucomiss xmm0,xmm1", "jp B3", "je B2", "jmp B3");
        c.add(new Amd64Compares.FloatBranch(Condition.NE, true, x, y, b[2], b[1]), "ucomiss xmm0,xmm1", "jp B2", "jne B2");
        c.add(new Amd64Compares.FloatBranch(Condition.NE, false, x, y, b[1], b[2]), "ucomiss xmm0,xmm1", "jp B1", "je B2");
        c.add(new Amd64Compares.FloatBranch(Condition.LT, true, d(xmm2), d(xmm9), b[2], b[1]), "ucomisd xmm2,xmm9", "jb B2");
        c.add(new Amd64Compares.FloatBranch(Condition.NE, false, d(xmm2), d(xmm9), b[2], b[1]), "ucomisd xmm2,xmm9", "jp B2", "jne B2");
        c.verify();
    }

    @Test
    void switches() {
        OpCheck c = new OpCheck("switches");
        var b = c.blocks;
        var table = new Amd64Switches.TableSwitch(i(rcx), l(rax), 3, new org.ssajit.lir.LirBlock[]{b[1], b[2], b[3], b[2]}, b[1]);
        c.add(table, "mov r10d,ecx", "sub r10d,0x3", "cmp r10d,0x3", "ja B1", "lea rax,[rip+*]", "movsxd r10,DWORD PTR [rax+r10*4]", "add rax,r10", "jmp rax");
        int tableCase = c.emitter.position();
        c.add(new Amd64Switches.TableSwitch(slot(INT, 8), l(rbx), 0, new org.ssajit.lir.LirBlock[]{b[3], b[2]}, b[2]), "mov r10d,DWORD PTR [rsp+0x8]",
                        "cmp r10d,0x1", "ja B2", "lea rbx,[rip+*]", "movsxd r10,DWORD PTR [rbx+r10*4]", "add rbx,r10", "jmp rbx");
        c.add(new Amd64Switches.LookupSwitch(i(rcx), new int[]{1, 5}, new org.ssajit.lir.LirBlock[]{b[2], b[3]}, b[1], null), "cmp ecx,0x1", "je B2", "cmp ecx,0x5", "je B3");
        c.add(new Amd64Switches.LookupSwitch(slot(INT, 8), new int[]{Integer.MIN_VALUE}, new org.ssajit.lir.LirBlock[]{b[2]}, b[3], null),
                        "cmp DWORD PTR [rsp+0x8],0x80000000", "je B2", "jmp B3");
        // Binary search: the middle key first, the upper half, then the lower half (which may fall through).
        c.add(new Amd64Switches.LookupSwitch(i(rcx), new int[]{-5, 0, 10, 20, 30, 40}, new org.ssajit.lir.LirBlock[]{b[2], b[3], b[2], b[3], b[2], b[3]}, b[1], null),
                        "cmp ecx,0xa", "je B2", "jl @10", "cmp ecx,0x14", "je B3", "cmp ecx,0x1e", "je B2", "cmp ecx,0x28", "je B3", "jmp B1",
                        "cmp ecx,0xfffffffb", "je B2", "cmp ecx,0x0", "je B3");
        // The same keys one after the other, in the sequence's order.
        c.add(new Amd64Switches.LookupSwitch(i(rcx), new int[]{-5, 0, 10, 20, 30, 40}, new org.ssajit.lir.LirBlock[]{b[2], b[3], b[2], b[3], b[2], b[3]}, b[1],
                        new int[]{3, 0, 5, 1, 2, 4}), "cmp ecx,0x14", "je B3", "cmp ecx,0xfffffffb", "je B2", "cmp ecx,0x28", "je B3", "cmp ecx,0x0", "je B3",
                        "cmp ecx,0xa", "je B2", "cmp ecx,0x1e", "je B2");
        CompiledCode code = c.verify();
        // The tables: 4-byte entries relative to the table start, after the body.
        assertTrue(findTable(code, c, new int[]{1, 2, 3, 2}) > tableCase);
        assertTrue(findTable(code, c, new int[]{3, 2}) > tableCase);
    }

    /** The position of the 4-aligned jump table whose entries lead to the given blocks. */
    private static int findTable(CompiledCode code, OpCheck c, int[] blocks) {
        byte[] b = code.code();
        for (int at = 0; at + 4 * blocks.length <= b.length; at += 4) {
            boolean all = true;
            for (int k = 0; k < blocks.length && all; k++) {
                all = at + c.readInt(at + 4 * k) == c.blockPosition(blocks[k]);
            }
            if (all) {
                return at;
            }
        }
        throw new AssertionError("no jump table with entries for blocks " + java.util.Arrays.toString(blocks));
    }

    // Memory ---------------------------------------------------------------------------------------

    @Test
    void loads() {
        OpCheck c = new OpCheck("loads");
        AddressShape field = new AddressShape(null, 0x10);
        AddressShape element = new AddressShape(Scale.FOUR, 0x10);
        c.add(new Amd64Memory.Load(JavaKind.Int, i(rax), ref(rcx), null, field), "mov eax,DWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Long, l(rax), ref(rcx), null, field), "mov rax,QWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Byte, i(rax), ref(rcx), null, field), "movsx eax,BYTE PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Boolean, i(rax), ref(rcx), null, field), "movzx eax,BYTE PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Char, i(rax), ref(rcx), null, field), "movzx eax,WORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Short, i(rax), ref(rcx), null, field), "movsx eax,WORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Float, f(xmm1), ref(rcx), null, field), "movss xmm1,DWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Double, d(xmm1), ref(rcx), null, field), "movsd xmm1,QWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, i(rax), ref(rcx), i(rdx), element), "movsxd r10,edx", "mov eax,DWORD PTR [rcx+r10*4+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, i(rax), ref(rcx), ci(3), element), "mov eax,DWORD PTR [rcx+0x1c]");
        c.add(new Amd64Memory.Load(JavaKind.Double, d(xmm0), ref(rcx), i(rdx), new AddressShape(Scale.EIGHT, 0x10)), "movsxd r10,edx", "movsd xmm0,QWORD PTR [rcx+r10*8+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Char, i(rax), ref(rcx), i(rcx), new AddressShape(Scale.TWO, 0x10)), "movsxd r10,ecx", "movzx eax,WORD PTR [rcx+r10*2+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, i(rax), ref(rax), null, field), "mov eax,DWORD PTR [rax+0x10]");
        // An index whose upper half is known zero is the 64-bit index as it is.
        AddressShape zx = new AddressShape(Scale.FOUR, 0x10, true);
        c.add(new Amd64Memory.Load(JavaKind.Int, i(rax), ref(rcx), i(rdx), zx), "mov eax,DWORD PTR [rcx+rdx*4+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, i(r13), ref(r12), i(r13), zx), "mov r13d,DWORD PTR [r12+r13*4+0x10]");
        c.add(new Amd64Memory.Store(JavaKind.Byte, ref(rsi), i(r9), ci(1), new AddressShape(Scale.ONE, 0x10, true)), "mov BYTE PTR [rsi+r9*1+0x10],0x1");
        c.add(new Amd64Memory.Store(JavaKind.Double, ref(rcx), i(rax), d(xmm2), new AddressShape(Scale.EIGHT, 0x10, true)), "movsd QWORD PTR [rcx+rax*8+0x10],xmm2");
        // An int element widened to a long in the load: movsxd r64, m32.
        c.add(new Amd64Memory.Load(JavaKind.Int, l(rbx), ref(rsi), i(rdx), zx).widenedToLong(), "movsxd rbx,DWORD PTR [rsi+rdx*4+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, l(r8), ref(rsi), i(rdx), element).widenedToLong(), "movsxd r10,edx", "movsxd r8,DWORD PTR [rsi+r10*4+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Int, l(rax), ref(rcx), null, field).widenedToLong(), "movsxd rax,DWORD PTR [rcx+0x10]");
        JavaConstant mirror = MIRROR_OF_STRING;
        c.add(new Amd64Memory.Load(JavaKind.Long, l(rax), new ConstantValue(REF, mirror), null, new AddressShape(null, 0x70)), "movabs r10,0x0", "mov rax,QWORD PTR [r10+0x70]");
        // References: a full pointer, or a narrow oop decoded with each kind of encoding (null stays null with a base).
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(rax), ref(rcx), null, field), "mov rax,QWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(rax), ref(rcx), null, field, new NarrowEncoding(0, 3)), "mov eax,DWORD PTR [rcx+0x10]", "shl rax,0x3");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(rax), ref(rcx), null, field, new NarrowEncoding(0, 0)), "mov eax,DWORD PTR [rcx+0x10]");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(rdx), ref(rcx), null, field, new NarrowEncoding(0x8_0000_0000L, 3)), "mov edx,DWORD PTR [rcx+0x10]",
                        "test edx,edx", "je @end", "shl rdx,0x3", "movabs r10,0x800000000", "add rdx,r10");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(rdx), ref(rcx), null, field, new NarrowEncoding(0x4000_0000L, 0)), "mov edx,DWORD PTR [rcx+0x10]",
                        "test edx,edx", "je @end", "mov r10d,0x40000000", "add rdx,r10");
        c.add(new Amd64Memory.Decode(ref(r8), i(rsi), new NarrowEncoding(0, 3)), "mov r8d,esi", "shl r8,0x3");
        c.add(new Amd64Memory.Decode(ref(r8), i(r8), new NarrowEncoding(0x8_0000_0000L, 3)), "mov r8d,r8d", "test r8d,r8d", "je @end", "shl r8,0x3",
                        "movabs r10,0x800000000", "add r8,r10");
        // The length of a possibly null array, 0 for null; also when the result takes the array's register.
        int length = OpCheck.CONFIG.arrayLengthOffset;
        c.add(new Amd64Memory.LengthOrZero(i(rax), ref(rcx), length), "test rcx,rcx", "je @4", "mov eax,DWORD PTR [rcx+" + hex(length) + "]", "jmp @end", "xor eax,eax");
        c.add(new Amd64Memory.LengthOrZero(i(r9), ref(r9), length), "test r9,r9", "je @4", "mov r9d,DWORD PTR [r9+" + hex(length) + "]", "jmp @end", "xor r9d,r9d");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(r9), ref(rcx), i(rdx), element, new NarrowEncoding(0, 3)), "movsxd r10,edx", "mov r9d,DWORD PTR [rcx+r10*4+0x10]",
                        "shl r9,0x3");
        c.add(new Amd64Memory.Load(JavaKind.Object, ref(r9), ref(rcx), i(rdx), new AddressShape(Scale.EIGHT, 0x10)), "movsxd r10,edx", "mov r9,QWORD PTR [rcx+r10*8+0x10]");
        c.verify();
    }

    @Test
    void stores() {
        OpCheck c = new OpCheck("stores");
        AddressShape field = new AddressShape(null, 0x10);
        c.add(new Amd64Memory.Store(JavaKind.Byte, ref(rcx), null, i(rdx), field), "mov BYTE PTR [rcx+0x10],dl");
        c.add(new Amd64Memory.Store(JavaKind.Boolean, ref(rcx), null, i(rsi), field), "mov BYTE PTR [rcx+0x10],sil");
        c.add(new Amd64Memory.Store(JavaKind.Byte, ref(rcx), null, ci(200), field), "mov BYTE PTR [rcx+0x10],0xc8");
        c.add(new Amd64Memory.Store(JavaKind.Char, ref(rcx), null, i(rdx), field), "mov WORD PTR [rcx+0x10],dx");
        c.add(new Amd64Memory.Store(JavaKind.Short, ref(rcx), null, ci(-2), field), "mov WORD PTR [rcx+0x10],0xfffe");
        c.add(new Amd64Memory.Store(JavaKind.Int, ref(rcx), null, i(r11), field), "mov DWORD PTR [rcx+0x10],r11d");
        c.add(new Amd64Memory.Store(JavaKind.Int, ref(rcx), null, ci(-2), field), "mov DWORD PTR [rcx+0x10],0xfffffffe");
        c.add(new Amd64Memory.Store(JavaKind.Long, ref(rcx), null, l(rdx), field), "mov QWORD PTR [rcx+0x10],rdx");
        c.add(new Amd64Memory.Store(JavaKind.Long, ref(rcx), null, cl(-2), field), "mov QWORD PTR [rcx+0x10],0xfffffffffffffffe");
        c.add(new Amd64Memory.Store(JavaKind.Float, ref(rcx), null, f(xmm1), field), "movss DWORD PTR [rcx+0x10],xmm1");
        c.add(new Amd64Memory.Store(JavaKind.Float, ref(rcx), null, cf(1.5f), field), "mov DWORD PTR [rcx+0x10],0x3fc00000");
        c.add(new Amd64Memory.Store(JavaKind.Double, ref(rcx), null, d(xmm9), field), "movsd QWORD PTR [rcx+0x10],xmm9");
        c.add(new Amd64Memory.Store(JavaKind.Double, ref(rcx), null, cd(0.0), field), "mov QWORD PTR [rcx+0x10],0x0");
        c.add(new Amd64Memory.Store(JavaKind.Short, ref(rcx), i(rax), i(rdx), new AddressShape(Scale.TWO, 0x10)), "movsxd r10,eax", "mov WORD PTR [rcx+r10*2+0x10],dx");
        c.add(new Amd64Memory.Store(JavaKind.Long, ref(rcx), ci(2), cl(7), new AddressShape(Scale.EIGHT, 0x10)), "mov QWORD PTR [rcx+0x20],0x7");
        JavaConstant mirror = MIRROR_OF_STRING;
        c.add(new Amd64Memory.Store(JavaKind.Int, new ConstantValue(REF, mirror), null, i(rdx), new AddressShape(null, 0x70)), "movabs r10,0x0", "mov DWORD PTR [r10+0x70],edx");
        c.add(new Amd64Memory.StoreLoadBarrier(), "lock add DWORD PTR [rsp],0x0");
        c.verify();
    }

    // Checks, traps, control -----------------------------------------------------------------------

    static int sample(int[] a, int i) {
        return a[i] / i;
    }

    /** The state of {@link #sample}'s iaload with every value in a register of its kind. */
    static LirFrameState stateInRegisters() {
        Graph g = Jvmci.graph(Amd64OpEncodingTest.class, "sample");
        Instruction load = g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(x -> x.op() == Op.LOAD_INDEXED).findFirst().orElseThrow();
        FrameState fs = load.state();
        Value[] values = new Value[fs.inputCount()];
        Register[] regs = {rbx, rsi, r8, r9};
        for (int k = 0; k < values.length; k++) {
            if (fs.input(k) != null) {
                values[k] = fs.input(k).kind() == JavaKind.Object ? ref(regs[k]) : i(regs[k]);
            }
        }
        return new LirFrameState(fs, values, false);
    }

    private static final Deopt NPE = new Deopt(DeoptimizationReason.NullCheckException, DeoptimizationAction.None);
    private static final Deopt DIV_BY_ZERO = new Deopt(DeoptimizationReason.ArithmeticException, DeoptimizationAction.None);
    private static final Deopt AIOOBE = new Deopt(DeoptimizationReason.BoundsCheckException, DeoptimizationAction.None);

    /** A type test of {@code c} in the lowering's shape (exact for a type without subtypes, else with T's super check offset). */
    /**
     * The class-word compares of the lowering's subtype check, read in memory by the branch: a word
     * at a displacement or indexed (the display, the cache, the secondary supers), against a register
     * or an immediate; the header's narrow klass against a narrow class constant, a {@code cmp m32,
     * imm32} with its data patch on the instruction (HotSpot's {@code cmp_narrow_klass} shape).
     */
    @Test
    void memoryCompareBranches() {
        OpCheck c = new OpCheck("memory compares");
        var b = c.blocks;
        c.add(new Amd64Compares.MemoryCompareBranch(Condition.EQ, QWORD, l(rdx), null, new AddressShape(null, 0x40), l(rcx), b[2], b[1]),
                        "cmp QWORD PTR [rdx+0x40],rcx", "je B2");
        c.add(new Amd64Compares.MemoryCompareBranch(Condition.EQ, QWORD, l(rdx), i(rax), new AddressShape(Scale.EIGHT, 0x10, true), l(rcx), b[1], b[2]),
                        "cmp QWORD PTR [rdx+rax*8+0x10],rcx", "jne B2");
        c.add(new Amd64Compares.MemoryCompareBranch(Condition.EQ, QWORD, l(rdx), i(r9), new AddressShape(Scale.ONE, 0), l(rcx), b[2], b[1]),
                        "movsxd r10,r9d", "cmp QWORD PTR [rdx+r10*1],rcx", "je B2");
        c.add(new Amd64Compares.MemoryCompareBranch(Condition.LT, DWORD, l(rdx), null, new AddressShape(null, 8), ci(7), b[2], b[1]),
                        "cmp DWORD PTR [rdx+0x8],0x7", "jl B2");
        // A class's flags byte tested in memory (finalizer registration).
        c.add(new Amd64Compares.MemoryTestBranch(Condition.NE, l(rax), null, new AddressShape(null, 0xb6), 0x40, b[2], b[1]),
                        "test BYTE PTR [rax+0xb6],0x40", "jne B2");
        c.add(new Amd64Compares.MemoryTestBranch(Condition.EQ, l(rdx), i(rax), new AddressShape(Scale.ONE, 0x10, true), 1, b[1], b[2]),
                        "test BYTE PTR [rdx+rax*1+0x10],0x1", "jne B2");
        jdk.vm.ci.hotspot.HotSpotMetaspaceConstant hub = (jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) jdk.vm.ci.runtime.JVMCI.getRuntime().getHostJVMCIBackend()
                        .getConstantReflection().asObjectHub(OpCheck.META.lookupJavaType(String.class));
        int before = dataPatches(c);
        c.add(new Amd64Compares.MemoryCompareBranch(Condition.NE, ref(rsi), null, new AddressShape(null, 8), (jdk.vm.ci.meta.VMConstant) hub.compress(), b[2], b[1]),
                        "cmp DWORD PTR [rsi+0x8],0x0", "jne B2");
        assertEquals(before + 1, dataPatches(c), "the narrow class is a data patch");
        CompiledCode code = c.verify();
        DataPatch p = (DataPatch) code.sites().stream().filter(s -> s instanceof DataPatch).findFirst().orElseThrow();
        assertEquals(0x81, code.code()[p.pcOffset] & 0xFF, "cmp m32, imm32 at the patch");
        assertTrue(((jdk.vm.ci.hotspot.HotSpotMetaspaceConstant) ((jdk.vm.ci.code.site.ConstantReference) p.reference).getConstant()).isCompressed());
    }

    @Test
    void checks() {
        OpCheck c = new OpCheck("checks");
        c.add(new Amd64Checks.NullCheck(ref(rcx), stateInRegisters(), NPE), "test rcx,rcx", "je trap");
        c.add(new Amd64Checks.NullCheck(slot(REF, 8), stateInRegisters(), NPE), "cmp QWORD PTR [rsp+0x8],0x0", "je trap");
        c.add(new Amd64Checks.ZeroCheck(i(rdx), stateInRegisters(), DIV_BY_ZERO), "test edx,edx", "je trap");
        c.add(new Amd64Checks.ZeroCheck(slot(LONG, 16), stateInRegisters(), DIV_BY_ZERO), "cmp QWORD PTR [rsp+0x10],0x0", "je trap");
        int length = OpCheck.CONFIG.arrayLengthOffset;
        c.add(new Amd64Checks.BoundsCheck(ref(rcx), i(rdx), length, stateInRegisters(), AIOOBE, false), "cmp edx,DWORD PTR [rcx+" + hex(length) + "]", "jae trap");
        c.add(new Amd64Checks.BoundsCheck(ref(rcx), ci(3), length, stateInRegisters(), AIOOBE, false), "cmp DWORD PTR [rcx+" + hex(length) + "],0x3", "jbe trap");
        // The length's read as the array's implicit null check: only within the null page.
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                        () -> new Amd64Checks.BoundsCheck(ref(rcx), i(rdx), 4096, stateInRegisters(), AIOOBE, true));
        // A VM monitor op: its object in rsi, a state holding the monitor of its depth.
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Amd64Monitors.Monitor(false, 0, ref(rdx), stateInRegisters()));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new Amd64Monitors.Monitor(false, 0, ref(rsi), stateInRegisters()));
        // Against a length read before: register or stack slot; a constant index compares the length.
        c.add(new Amd64Checks.LengthCheck(i(rdx), i(r11), stateInRegisters(), AIOOBE), "cmp r11d,edx", "jbe trap");
        c.add(new Amd64Checks.LengthCheck(i(rdx), slot(INT, 24), stateInRegisters(), AIOOBE), "cmp DWORD PTR [rsp+0x18],edx", "jbe trap");
        c.add(new Amd64Checks.LengthCheck(ci(3), i(r11), stateInRegisters(), AIOOBE), "cmp r11d,0x3", "jbe trap");
        c.add(new Amd64Checks.LengthCheck(ci(0), i(r11), stateInRegisters(), AIOOBE), "test r11d,r11d", "jbe trap"); // index 0 fails only for length 0
        c.add(new Amd64Checks.LengthCheck(ci(0), slot(INT, 24), stateInRegisters(), AIOOBE), "cmp DWORD PTR [rsp+0x18],0x0", "jbe trap");
        var cfg = OpCheck.CONFIG;
        int request = OpCheck.META.encodeDeoptActionAndReason(DeoptimizationAction.InvalidateReprofile, DeoptimizationReason.Unresolved, 0).asInt();
        // In line, a call of the method's tail for the request (Amd64FrameBuilderTest reads the tail).
        c.add(new org.ssajit.backend.CheckOps.Deoptimize(stateInRegisters(), new Deopt(DeoptimizationReason.Unresolved, DeoptimizationAction.InvalidateReprofile)),
                        "call out-of-line", "ud2");
        c.verify();
    }

    @Test
    void control() {
        OpCheck c = new OpCheck("control");
        var cfg = OpCheck.CONFIG;
        c.add(new ControlOps.Entry(new RegisterValue[]{i(rsi), l(rdx)}));
        c.add(new ControlOps.Safepoint(stateInRegisters()), "mov r10,QWORD PTR [r15+" + hex(cfg.threadPollingPageOffset) + "]", "test DWORD PTR [r10],eax");
        c.add(new ControlOps.Return(i(rax)), "add rsp," + hex(OpCheck.LAYOUT.frameSize()), "pop rbp", "cmp rsp,QWORD PTR [r15+" + hex(cfg.threadPollingWordOffset) + "]",
                        "ja out-of-line", "ret");
        c.add(new ControlOps.Return(null), "add rsp," + hex(OpCheck.LAYOUT.frameSize()), "pop rbp", "cmp rsp,QWORD PTR [r15+" + hex(cfg.threadPollingWordOffset) + "]",
                        "ja out-of-line", "ret");
        c.verify();
    }

    @Test
    void jumpsFallThroughAndSkipEmptyBlocks() {
        OpCheck c = new OpCheck("jumps", true);
        var b = c.blocks;
        c.add(new org.ssajit.lir.JumpOp(b[1], new Value[0]));
        c.add(new org.ssajit.lir.JumpOp(b[2], new Value[0]), "jmp B2");
        c.add(new org.ssajit.lir.JumpOp(b[3], new Value[0]), "jmp B2");
        c.add(new Amd64Compares.CompareBranch(Condition.EQ, DWORD, i(rax), ci(0), b[3], b[1]), "test eax,eax", "je B2");
        c.verify();
    }

    /**
     * Debug info from an allocated frame state: each value where the allocator put it, with its Java
     * kind (a reference's register or slot gets the reference kind HotSpot needs), constants as they
     * are, and a reference map naming the frame's oops and the other live references.
     */
    @Test
    void debugInfoFromAllocatedState() {
        LirFrameState s = stateInRegisters();
        FrameState fs = s.frameState();
        // Before the iaload of a[i] / i: local 0 (a) is dead, local 1 (i) live; the stack holds a, i.
        assertEquals(null, fs.local(0));
        s.values()[1] = i(rsi);
        s.values()[fs.localsSize()] = slot(REF, 8);
        s.values()[fs.localsSize() + 1] = ci(3);
        StackSlot extra = slot(REF, 24);
        s.setLiveReferences(List.of(slot(REF, 8), ref(rbx), extra));
        OpCheck c = new OpCheck("debug info");
        jdk.vm.ci.code.DebugInfo info = c.emitter.debugInfo(s);
        jdk.vm.ci.code.BytecodeFrame frame = (jdk.vm.ci.code.BytecodeFrame) info.getBytecodePosition();
        assertEquals(fs.bci(), frame.getBCI());
        assertEquals(JavaKind.Illegal, frame.getLocalValueKind(0));
        assertEquals(Value.ILLEGAL, frame.getLocalValue(0));
        assertEquals(JavaKind.Int, frame.getLocalValueKind(1));
        assertEquals(rsi, ((RegisterValue) frame.getLocalValue(1)).getRegister());
        assertEquals(JavaKind.Object, frame.getStackValueKind(0));
        StackSlot onStack = assertInstanceOf(StackSlot.class, frame.getStackValue(0));
        assertEquals(8, onStack.getRawOffset());
        assertTrue(((org.ssajit.lir.LirKind) onStack.getValueKind()).isReference());
        assertEquals(JavaKind.Int, frame.getStackValueKind(1));
        assertEquals(JavaConstant.forInt(3), frame.getStackValue(1));
        assertTrue(!frame.duringCall && !frame.rethrowException);
        int total = OpCheck.LAYOUT.totalFrameSize();
        assertEquals("[stack:" + onStack.getOffset(total) + ", rbx:0, stack:" + extra.getOffset(total) + "]", info.getReferenceMap().toString());
    }

    /**
     * {@link Amd64Memory.Fill}: the result is {@code from} unless every check passes (from >= 0, last
     * < length, from <= last, at least 32 elements); then {@code rep stos} of the value's bits and
     * {@code last + 1}.
     */
    @Test
    void fill() {
        OpCheck c = new OpCheck("fill");
        String[] checks = {"test ebp,ebp", "jl @end", "cmp edx,ebx", "jge @end", "mov ecx,edx", "sub ecx,ebp", "jl @end", "cmp ecx,0x1f", "jl @end",
            "add ecx,0x1", "mov edi,ebp"};
        c.add(new Amd64Memory.Fill(JavaKind.Byte, Scale.ONE, 16, i(r8), ref(rsi), i(rbp), i(rdx), ci(0), i(rbx), l(rdi), l(rcx), l(rax)),
                        OpCheck.concat(OpCheck.concat(new String[]{"mov r8d,ebp"}, checks), "lea rdi,[rsi+rdi*1+0x10]", "xor eax,eax",
                            "rep stos BYTE PTR es:[rdi],al", "lea r8d,[rdx+0x1]"));
        c.add(new Amd64Memory.Fill(JavaKind.Char, Scale.TWO, 16, i(r8), ref(rsi), i(rbp), i(rdx), ci(0x8001), i(rbx), l(rdi), l(rcx), l(rax)),
                        OpCheck.concat(OpCheck.concat(new String[]{"mov r8d,ebp"}, checks), "lea rdi,[rsi+rdi*2+0x10]", "mov eax,0x8001",
                            "rep stos WORD PTR es:[rdi],ax", "lea r8d,[rdx+0x1]"));
        c.add(new Amd64Memory.Fill(JavaKind.Int, Scale.FOUR, 16, i(r8), ref(rsi), i(rbp), i(rdx), i(r11), i(rbx), l(rdi), l(rcx), l(rax)),
                        OpCheck.concat(OpCheck.concat(new String[]{"mov r8d,ebp"}, checks), "lea rdi,[rsi+rdi*4+0x10]", "mov eax,r11d",
                            "rep stos DWORD PTR es:[rdi],eax", "lea r8d,[rdx+0x1]"));
        c.add(new Amd64Memory.Fill(JavaKind.Float, Scale.FOUR, 16, i(r8), ref(rsi), i(rbp), i(rdx), cf(-0.0f), i(rbx), l(rdi), l(rcx), l(rax)),
                        OpCheck.concat(OpCheck.concat(new String[]{"mov r8d,ebp"}, checks), "lea rdi,[rsi+rdi*4+0x10]", "mov eax,0x80000000",
                            "rep stos DWORD PTR es:[rdi],eax", "lea r8d,[rdx+0x1]"));
        c.add(new Amd64Memory.Fill(JavaKind.Long, Scale.EIGHT, 16, i(r8), ref(rsi), i(rbp), i(rdx), cl(1L << 40), i(rbx), l(rdi), l(rcx), l(rax)),
                        OpCheck.concat(OpCheck.concat(new String[]{"mov r8d,ebp"}, checks), "lea rdi,[rsi+rdi*8+0x10]", "movabs rax,0x10000000000",
                            "rep stos QWORD PTR es:[rdi],rax", "lea r8d,[rdx+0x1]"));
        c.add(new Amd64Memory.Fill(JavaKind.Double, Scale.EIGHT, 16, i(r9), ref(rsi), i(rbp), i(rdx), d(xmm3), slot(INT, 8), l(rdi), l(rcx), l(rax)),
                        "mov r9d,ebp", "test ebp,ebp", "jl @end", "cmp edx,DWORD PTR [rsp+0x8]", "jge @end", "mov ecx,edx", "sub ecx,ebp", "jl @end",
                        "cmp ecx,0x1f", "jl @end", "add ecx,0x1", "mov edi,ebp", "lea rdi,[rsi+rdi*8+0x10]", "movq rax,xmm3",
                        "rep stos QWORD PTR es:[rdi],rax", "lea r9d,[rdx+0x1]");
        c.verify();
    }
}
