package org.ssajit.tools.fuzz;

import java.lang.classfile.ClassFile;
import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.constant.ClassDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.AccessFlag;
import java.util.Random;

/**
 * Control flow Java cannot express, as class files: {@code static long irr(int a, long b, int n)}
 * with a loop of two blocks entered at either one (which one depends on {@code a}), so the loop is
 * irreducible; at most 15 trips ({@code n & 15}), a self loop on the first block that also counts, and
 * arithmetic (division included, never by zero) on the accumulator and on {@code a} carried around it.
 */
final class IrreducibleLoops {
    private static final int A = 0;
    private static final int N = 3;
    private static final int I = 4;
    private static final int ACC = 5;

    private IrreducibleLoops() {
    }

    static byte[] generate(String binaryName, long seed) {
        Random r = new Random(seed);
        return ClassFile.of().build(ClassDesc.of(binaryName), cb -> {
            cb.withFlags(AccessFlag.PUBLIC, AccessFlag.FINAL);
            cb.withMethodBody("irr", MethodTypeDesc.ofDescriptor("(IJI)J"), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, b -> body(b, r));
        });
    }

    private static void body(CodeBuilder b, Random r) {
        Label first = b.newLabel();
        Label second = b.newLabel();
        Label end = b.newLabel();
        b.iconst_0().istore(I);
        b.lload(1).lstore(ACC);
        b.iload(N).bipush(15).iand().istore(N);
        b.iload(A).loadConstant(1 << r.nextInt(4)).iand().ifeq(second);
        b.labelBinding(first);
        step(b, r);
        step(b, r);
        b.iinc(I, 1);
        b.iload(I).iload(N).if_icmpge(end);
        if (r.nextBoolean()) {
            // a self loop on the first block as well
            b.lload(ACC).loadConstant(3L).land().l2i().ifeq(first);
        }
        b.labelBinding(second);
        step(b, r);
        b.iinc(I, 1);
        b.iload(I).iload(N).if_icmplt(first);
        b.labelBinding(end);
        b.lload(ACC).iload(A).i2l().lxor().lreturn();
    }

    private static void step(CodeBuilder b, Random r) {
        switch (r.nextInt(6)) {
            case 0 -> b.lload(ACC).loadConstant(0x9E3779B97F4A7C15L).lmul().iload(I).i2l().ladd().lstore(ACC);
            case 1 -> b.lload(ACC).dup2().loadConstant(1 + r.nextInt(63)).lushr().lxor().lstore(ACC);
            case 2 -> b.lload(ACC).iload(A).iload(I).iconst_1().ior().idiv().i2l().ladd().lstore(ACC);
            case 3 -> b.lload(ACC).iload(A).iload(I).ishl().i2l().lsub().lstore(ACC);
            case 4 -> b.iload(A).iconst_3().imul().iconst_1().iadd().istore(A);
            default -> b.lload(ACC).lload(ACC).loadConstant((long) r.nextInt(1000) | 1).lrem().ladd().lstore(ACC);
        }
    }
}
