package org.ssajit.interp;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.ClassGen;

/**
 * Hand-written bytecode: every form of dup, dup_x1, dup_x2, dup2, dup2_x1, dup2_x2, swap, pop and pop2
 * over ints and longs, the same shuffles with a branch between them and the use (stack slots live across
 * blocks), irreducible loops, and very long block chains.
 */
class StackShapesDiffTest {
    /** One generated method: parameters pushed in order, a shuffle, then the resulting stack folded. */
    private record Shape(String name, List<TypeKind> params, Consumer<CodeBuilder> shuffle, List<TypeKind> after) {
    }

    private static final TypeKind I = TypeKind.INT;
    private static final TypeKind J = TypeKind.LONG;

    private static List<Shape> shapes() {
        List<Shape> s = new ArrayList<>();
        s.add(new Shape("dup", List.of(I), CodeBuilder::dup, List.of(I, I)));
        s.add(new Shape("dupX1", List.of(I, I), CodeBuilder::dup_x1, List.of(I, I, I)));
        s.add(new Shape("dupX2form1", List.of(I, I, I), CodeBuilder::dup_x2, List.of(I, I, I, I)));
        s.add(new Shape("dupX2form2", List.of(J, I), CodeBuilder::dup_x2, List.of(I, J, I)));
        s.add(new Shape("dup2form1", List.of(I, I), CodeBuilder::dup2, List.of(I, I, I, I)));
        s.add(new Shape("dup2form2", List.of(J), CodeBuilder::dup2, List.of(J, J)));
        s.add(new Shape("dup2X1form1", List.of(I, I, I), CodeBuilder::dup2_x1, List.of(I, I, I, I, I)));
        s.add(new Shape("dup2X1form2", List.of(I, J), CodeBuilder::dup2_x1, List.of(J, I, J)));
        s.add(new Shape("dup2X2form1", List.of(I, I, I, I), CodeBuilder::dup2_x2, List.of(I, I, I, I, I, I)));
        s.add(new Shape("dup2X2form2", List.of(I, I, J), CodeBuilder::dup2_x2, List.of(J, I, I, J)));
        s.add(new Shape("dup2X2form3", List.of(J, I, I), CodeBuilder::dup2_x2, List.of(I, I, J, I, I)));
        s.add(new Shape("dup2X2form4", List.of(J, J), CodeBuilder::dup2_x2, List.of(J, J, J)));
        s.add(new Shape("swap", List.of(I, I), CodeBuilder::swap, List.of(I, I)));
        s.add(new Shape("pop", List.of(I, I), CodeBuilder::pop, List.of(I)));
        s.add(new Shape("pop2form1", List.of(J, I, I), CodeBuilder::pop2, List.of(J)));
        s.add(new Shape("pop2form2", List.of(I, J), CodeBuilder::pop2, List.of(I)));
        s.add(new Shape("swapDup2X2", List.of(I, I, J), b -> b.dup2_x2().pop2().swap(), List.of(J, I, I)));
        return s;
    }

    private static String descriptor(List<TypeKind> params) {
        StringBuilder sb = new StringBuilder("(");
        for (TypeKind k : params) {
            sb.append(k == I ? "I" : "J");
        }
        return sb.append(")J").toString();
    }

    /**
     * Stores the stack (given bottom to top) into fresh locals, then returns a position-weighted sum,
     * so that any permutation or lost value changes the result.
     */
    private static void fold(CodeBuilder b, List<TypeKind> stack, int firstLocal) {
        int[] slots = new int[stack.size()];
        int next = firstLocal;
        for (int k = 0; k < stack.size(); k++) {
            slots[k] = next;
            next += stack.get(k).slotSize();
        }
        for (int k = stack.size() - 1; k >= 0; k--) {
            b.storeLocal(stack.get(k), slots[k]);
        }
        b.lconst_0();
        for (int k = 0; k < stack.size(); k++) {
            b.ldc(1000003L).lmul();
            b.loadLocal(stack.get(k), slots[k]);
            if (stack.get(k) == I) {
                b.i2l();
            }
            b.ladd();
        }
        b.lreturn();
    }

    private static int loadParams(CodeBuilder b, List<TypeKind> params) {
        int slot = 0;
        for (TypeKind k : params) {
            b.loadLocal(k, slot);
            slot += k.slotSize();
        }
        return slot;
    }

    private static void run(ClassGen cg, List<String> names, int inputs) {
        Class<?> c = cg.load();
        for (String n : names) {
            Method m = FoldDiffTest.findMethod(c, n);
            Diff.report(DifferentialRunner.of(m).run(Inputs.forMethod(m, n.hashCode(), inputs))).assertAgreement();
        }
    }

    @Test
    void everyShuffleForm() {
        ClassGen cg = new ClassGen("Shuffles");
        List<String> names = new ArrayList<>();
        for (Shape s : shapes()) {
            names.add(s.name());
            cg.staticMethod(s.name(), descriptor(s.params()), b -> {
                int locals = loadParams(b, s.params());
                s.shuffle().accept(b);
                fold(b, s.after(), locals);
            });
        }
        run(cg, names, 60);
    }

    @Test
    void shufflesAcrossBranches() {
        // The same shuffles, but a diamond after the shuffle pushes one more value whose source depends on
        // the first parameter; every shuffled slot is live across both arms and the merge.
        ClassGen cg = new ClassGen("ShufflesBranching");
        List<String> names = new ArrayList<>();
        for (Shape s : shapes()) {
            String n = s.name() + "Branch";
            names.add(n);
            cg.staticMethod(n, descriptor(s.params()), b -> {
                int locals = loadParams(b, s.params());
                s.shuffle().accept(b);
                b.loadLocal(s.params().get(0), 0);
                if (s.params().get(0) == J) {
                    b.lconst_0().lcmp();
                }
                Label other = b.newLabel();
                Label join = b.newLabel();
                b.ifeq(other);
                b.loadConstant(17);
                b.goto_(join);
                b.labelBinding(other);
                b.loadLocal(s.params().get(s.params().size() - 1), locals - s.params().get(s.params().size() - 1).slotSize());
                if (s.params().get(s.params().size() - 1) == J) {
                    b.l2i();
                }
                b.labelBinding(join);
                List<TypeKind> after = new ArrayList<>(s.after());
                after.add(I);
                fold(b, after, locals);
            });
        }
        run(cg, names, 60);
    }

    @Test
    void irreducibleLoops() {
        ClassGen cg = new ClassGen("Irreducible");
        // Two entries into the cycle A <-> B; an int stays on the operand stack across the whole loop.
        cg.staticMethod("twoEntries", "(II)I", b -> {
            Label a = b.newLabel();
            Label bb = b.newLabel();
            Label end = b.newLabel();
            b.iload(0); // kept on the stack throughout
            b.iload(0).ifeq(bb);
            b.labelBinding(a);
            b.iinc(1, 1);
            b.iload(1).bipush(50).if_icmpgt(end);
            b.goto_(bb);
            b.labelBinding(bb);
            b.iinc(1, 3);
            b.iload(1).iload(0).iadd().bipush(60).if_icmpgt(end);
            b.goto_(a);
            b.labelBinding(end);
            b.iload(1).imul().ireturn();
        });
        // Three blocks jumping into each other from a switch: a cycle with three entries.
        cg.staticMethod("threeEntries", "(IJ)J", b -> {
            Label x = b.newLabel();
            Label y = b.newLabel();
            Label z = b.newLabel();
            Label end = b.newLabel();
            b.iload(0).iconst_3().irem();
            b.tableswitch(0, 1, z, List.of(java.lang.classfile.instruction.SwitchCase.of(0, x), java.lang.classfile.instruction.SwitchCase.of(1, y)));
            b.labelBinding(x);
            b.lload(1).ldc(3L).lmul().lstore(1);
            b.iinc(0, 1);
            b.iload(0).bipush(40).if_icmpgt(end);
            b.goto_(y);
            b.labelBinding(y);
            b.lload(1).ldc(7L).ladd().lstore(1);
            b.iinc(0, 2);
            b.iload(0).bipush(40).if_icmpgt(end);
            b.goto_(z);
            b.labelBinding(z);
            b.lload(1).iload(0).lshl().lstore(1);
            b.iinc(0, 3);
            b.iload(0).bipush(40).if_icmpgt(end);
            b.goto_(x);
            b.labelBinding(end);
            b.lload(1).iload(0).i2l().lxor().lreturn();
        });
        List<Object[]> inputs = new ArrayList<>();
        for (int i = -5; i <= 45; i += 5) {
            inputs.add(new Object[]{i, i * 7});
        }
        Class<?> c = cg.load();
        Diff.report(DifferentialRunner.of(FoldDiffTest.findMethod(c, "twoEntries")).run(inputs)).assertAgreement();
        List<Object[]> inputs2 = new ArrayList<>();
        for (int i = 0; i <= 40; i += 3) {
            inputs2.add(new Object[]{i, (long) i * 1234567L});
        }
        Diff.report(DifferentialRunner.of(FoldDiffTest.findMethod(c, "threeEntries")).run(inputs2)).assertAgreement();
    }

    @Test
    void longChains() {
        ClassGen cg = new ClassGen("Chains");
        // Thousands of single-predecessor blocks: deep lookups in the SSA builder.
        cg.staticMethod("gotoChain", "(IJ)J", b -> {
            for (int k = 0; k < 3000; k++) {
                Label next = b.newLabel();
                b.iinc(0, k % 7 - 3);
                b.goto_(next);
                b.labelBinding(next);
            }
            b.lload(1).iload(0).i2l().ladd().lreturn();
        });
        // A chain of diamonds, each merging the running value (a phi per diamond).
        cg.staticMethod("diamondChain", "(II)I", b -> {
            for (int k = 0; k < 500; k++) {
                Label odd = b.newLabel();
                Label join = b.newLabel();
                b.iload(1).iconst_1().ishl().istore(1);
                b.iload(0).loadConstant(k).iand().ifeq(odd);
                b.iinc(1, k & 15);
                b.goto_(join);
                b.labelBinding(odd);
                b.iload(1).iload(0).ixor().istore(1);
                b.labelBinding(join);
            }
            b.iload(1).ireturn();
        });
        Class<?> c = cg.load();
        for (String n : new String[]{"gotoChain", "diamondChain"}) {
            Method m = FoldDiffTest.findMethod(c, n);
            Diff.report(DifferentialRunner.of(m).run(Inputs.forMethod(m, 9, 20))).assertAgreement();
        }
    }

    @Test
    void stackAcrossDiamonds() {
        ClassGen cg = new ClassGen("StackDiamonds");
        // a, then (b or c), then (long d or e), then (f or g) are all on the stack before any is consumed.
        cg.staticMethod("f", "(IIJ)J", b -> {
            b.iload(0);
            b.iload(1).ifThenElse(Opcode.IFGT, t -> t.iload(1), e -> e.iload(0).ineg());
            b.lload(2).lconst_0().lcmp().ifThenElse(Opcode.IFLT, t -> t.lload(2).lneg(), e -> e.ldc(99L));
            b.iload(0).iload(1).ifThenElse(Opcode.IF_ICMPLT, t -> t.iconst_1(), e -> e.iconst_m1());
            fold(b, List.of(I, I, J, I), 4);
        });
        Class<?> c = cg.load();
        Method m = FoldDiffTest.findMethod(c, "f");
        Diff.report(DifferentialRunner.of(m).run(Inputs.forMethod(m, 10, 150))).assertAgreement();
    }
}
