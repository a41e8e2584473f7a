package org.ssajit.interp;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.Opcode;
import java.lang.classfile.instruction.ConvertInstruction;
import java.lang.classfile.instruction.OperatorInstruction;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random structured bytecode for differential fuzzing: assignments of int and long expressions (every
 * arithmetic, shift, conversion and comparison bytecode, float and double detours included) to a fixed
 * set of locals, nested if/else, bounded loops, switches with fall-through, try/catch around divisions,
 * values left on the operand stack across diamonds, and stack shuffles. Every local is assigned before
 * any branch, so the result always verifies; loops have constant trip counts, so it always terminates.
 *
 * <p>Descriptor {@code (IJI)J}; the result folds every local, so a wrong value anywhere shows.
 */
final class ProgramGenerator {
    static final String DESCRIPTOR = "(IJI)J";

    private static final int FIRST_INT = 4;
    private static final int INTS = 6; // slots 4..9
    private static final int FIRST_LONG = 10;
    private static final int LONGS = 3; // slots 10, 12, 14
    private static final int FIRST_COUNTER = 16;
    private static final int ARRAY = 20; // an int[4], and a long[3] in the next slot
    private static final int LONG_ARRAY = 21;
    private static final int MAX_DEPTH = 3;
    private static final int[] INT_CONSTANTS = {0, 1, -1, 2, 3, 7, 31, 32, 100, -128, 255, 65535, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final long[] LONG_CONSTANTS = {0, 1, -1, 63, 64, 1L << 32, Long.MIN_VALUE, Long.MAX_VALUE, 0x123456789L};
    private static final ClassDesc ARITHMETIC_EXCEPTION = ClassDesc.of("java.lang.ArithmeticException");
    private static final ClassDesc RUNTIME_EXCEPTION = ClassDesc.of("java.lang.RuntimeException");

    private final Random r;
    private final CodeBuilder b;
    private int depth;

    private ProgramGenerator(Random r, CodeBuilder b) {
        this.r = r;
        this.b = b;
    }

    static void generate(long seed, CodeBuilder b) {
        new ProgramGenerator(new Random(seed), b).method();
    }

    private void method() {
        for (int k = 0; k < INTS; k++) {
            b.iload(0).loadConstant(k * 7919 + 1).imul().iload(3).iadd().istore(FIRST_INT + k);
        }
        for (int k = 0; k < LONGS; k++) {
            b.lload(1).loadConstant((long) k * 1_000_003L).lxor().lstore(FIRST_LONG + 2 * k);
        }
        b.iconst_4().newarray(java.lang.classfile.TypeKind.INT).astore(ARRAY);
        b.iconst_3().newarray(java.lang.classfile.TypeKind.LONG).astore(LONG_ARRAY);
        statements(4 + r.nextInt(5));
        b.lconst_0();
        for (int k = 0; k < INTS; k++) {
            b.ldc(1000003L).lmul().iload(FIRST_INT + k).i2l().ladd();
        }
        for (int k = 0; k < LONGS; k++) {
            b.ldc(1000003L).lmul().lload(FIRST_LONG + 2 * k).ladd();
        }
        for (int k = 0; k < 4; k++) {
            b.ldc(1000003L).lmul().aload(ARRAY).loadConstant(k).iaload().i2l().ladd();
        }
        for (int k = 0; k < 3; k++) {
            b.ldc(1000003L).lmul().aload(LONG_ARRAY).loadConstant(k).laload().ladd();
        }
        b.lreturn();
    }

    private int intLocal() {
        return FIRST_INT + r.nextInt(INTS);
    }

    private int longLocal() {
        return FIRST_LONG + 2 * r.nextInt(LONGS);
    }

    private void statements(int n) {
        for (int k = 0; k < n; k++) {
            statement();
        }
    }

    private void statement() {
        int choice = depth >= MAX_DEPTH ? r.nextInt(7) : r.nextInt(15);
        depth++;
        switch (choice) {
            case 0, 1, 2 -> {
                intExpr(3);
                b.istore(intLocal());
            }
            case 3, 4 -> {
                longExpr(3);
                b.lstore(longLocal());
            }
            case 5 -> b.iinc(intLocal(), r.nextInt(200) - 100);
            case 6 -> arrayStore();
            case 7, 8 -> ifElse();
            case 9 -> loop();
            case 10 -> switchStatement();
            case 11, 12 -> tryCatch();
            case 13 -> stackAcrossDiamond();
            default -> shuffle();
        }
        depth--;
    }

    /** a[i] = v or a[i] += v (the latter keeps array, index and old value on the stack: dup2, dup2_x2). */
    private void arrayStore() {
        if (r.nextBoolean()) {
            b.aload(ARRAY);
            index(4);
            if (r.nextBoolean()) {
                intExpr(2);
            } else {
                b.dup2().iaload();
                intExpr(1);
                b.iadd();
            }
            b.iastore();
        } else {
            b.aload(LONG_ARRAY);
            index(3);
            if (r.nextBoolean()) {
                longExpr(2);
            } else {
                b.dup2().laload();
                b.dup2_x2(); // a[i]++ shape: the old value copied below the array and index
                b.lconst_1().ladd();
                b.lastore();
                b.lstore(longLocal());
                return;
            }
            b.lastore();
        }
    }

    /** An index into an array of length n; out of range only inside try/catch regions, where it is caught. */
    private void index(int n) {
        intExpr(1);
        b.loadConstant(n - 1).iand();
    }

    private void ifElse() {
        Label otherwise = b.newLabel();
        Label join = b.newLabel();
        condition(otherwise);
        statements(1 + r.nextInt(2));
        if (r.nextBoolean()) {
            b.goto_(join);
            b.labelBinding(otherwise);
            statements(1 + r.nextInt(2));
        } else {
            b.labelBinding(otherwise); // if without else
        }
        b.labelBinding(join);
    }

    /** Jumps to {@code target} when a random comparison fails. */
    private void condition(Label target) {
        switch (r.nextInt(4)) {
            case 0 -> {
                intExpr(2);
                intExpr(2);
                b.branch(pick(Opcode.IF_ICMPEQ, Opcode.IF_ICMPNE, Opcode.IF_ICMPLT, Opcode.IF_ICMPGE, Opcode.IF_ICMPGT, Opcode.IF_ICMPLE), target);
            }
            case 1 -> {
                intExpr(2);
                b.branch(pick(Opcode.IFEQ, Opcode.IFNE, Opcode.IFLT, Opcode.IFGE, Opcode.IFGT, Opcode.IFLE), target);
            }
            case 2 -> {
                longExpr(2);
                longExpr(2);
                b.lcmp().branch(pick(Opcode.IFLT, Opcode.IFGE, Opcode.IFEQ), target);
            }
            default -> {
                floatOf();
                floatOf();
                b.with(OperatorInstruction.of(pick(Opcode.FCMPL, Opcode.FCMPG)));
                b.branch(pick(Opcode.IFLT, Opcode.IFGT, Opcode.IFNE), target);
            }
        }
    }

    private void loop() {
        int counter = FIRST_COUNTER + depth;
        int trips = 1 + r.nextInt(4);
        Label head = b.newLabel();
        Label exit = b.newLabel();
        b.iconst_0().istore(counter);
        b.labelBinding(head);
        b.iload(counter).loadConstant(trips).if_icmpge(exit);
        statements(1 + r.nextInt(3));
        if (r.nextInt(4) == 0) {
            // An early exit (break) on a data-dependent condition.
            intExpr(1);
            b.ifeq(exit);
        }
        b.iinc(counter, 1);
        b.goto_(head);
        b.labelBinding(exit);
    }

    private void switchStatement() {
        intExpr(2);
        b.iconst_3().iand();
        Label dflt = b.newLabel();
        Label end = b.newLabel();
        List<SwitchCase> cases = new ArrayList<>();
        List<Label> labels = new ArrayList<>();
        int[] keys = r.nextBoolean() ? new int[]{0, 1, 2} : new int[]{0, 2, 3};
        for (int k : keys) {
            Label l = b.newLabel();
            labels.add(l);
            cases.add(SwitchCase.of(k, l));
        }
        if (r.nextBoolean()) {
            b.tableswitch(dflt, cases);
        } else {
            b.lookupswitch(dflt, cases);
        }
        for (Label l : labels) {
            b.labelBinding(l);
            statements(1);
            if (r.nextInt(3) != 0) {
                b.goto_(end); // otherwise fall through into the next case
            }
        }
        b.labelBinding(dflt);
        statements(1);
        b.labelBinding(end);
    }

    private void tryCatch() {
        Label start = b.newLabel();
        Label end = b.newLabel();
        Label handler = b.newLabel();
        Label after = b.newLabel();
        b.labelBinding(start);
        statements(1);
        intExpr(2);
        intExpr(1);
        b.with(OperatorInstruction.of(pick(Opcode.IDIV, Opcode.IREM)));
        b.istore(intLocal());
        if (r.nextBoolean()) {
            // Unmasked index: may throw ArrayIndexOutOfBoundsException (caught only by a RuntimeException handler).
            b.aload(ARRAY);
            intExpr(1);
            b.iaload().istore(intLocal());
        }
        statements(1);
        b.labelBinding(end);
        b.goto_(after);
        b.labelBinding(handler);
        b.pop();
        statements(1);
        b.labelBinding(after);
        b.exceptionCatch(start, end, handler, r.nextBoolean() ? ARITHMETIC_EXCEPTION : RUNTIME_EXCEPTION);
    }

    private void stackAcrossDiamond() {
        Label otherwise = b.newLabel();
        Label join = b.newLabel();
        intExpr(2); // stays on the stack across the diamond
        longExpr(1);
        condition(otherwise);
        intExpr(2);
        b.goto_(join);
        b.labelBinding(otherwise);
        intExpr(1);
        b.labelBinding(join);
        b.i2l().ladd().l2i().iadd().istore(intLocal());
    }

    private void shuffle() {
        switch (r.nextInt(5)) {
            case 0 -> {
                intExpr(1);
                intExpr(1);
                b.swap().isub().istore(intLocal());
            }
            case 1 -> {
                intExpr(1);
                intExpr(1);
                b.dup_x1().isub().imul().istore(intLocal());
            }
            case 2 -> {
                longExpr(1);
                intExpr(1);
                b.dup_x2().pop(); // [int, long]
                b.dup2_x1().pop2(); // [long, int]
                b.i2l().lsub().lstore(longLocal());
            }
            case 3 -> {
                intExpr(1);
                longExpr(1);
                b.dup2_x1().pop2().i2l().lxor().lstore(longLocal());
            }
            default -> {
                longExpr(1);
                longExpr(1);
                b.dup2_x2().pop2().lsub().lstore(longLocal());
            }
        }
    }

    // Expressions ----------------------------------------------------------------------------------

    private void intExpr(int d) {
        if (d == 0 || r.nextInt(4) == 0) {
            switch (r.nextInt(4)) {
                case 0 -> b.loadConstant(INT_CONSTANTS[r.nextInt(INT_CONSTANTS.length)]);
                case 1 -> b.iload(r.nextBoolean() ? 0 : 3);
                default -> b.iload(intLocal());
            }
            return;
        }
        switch (r.nextInt(10)) {
            case 9 -> {
                b.aload(ARRAY);
                index(4);
                b.iaload();
            }
            case 0, 1, 2 -> {
                intExpr(d - 1);
                intExpr(d - 1);
                Opcode op = pick(Opcode.IADD, Opcode.ISUB, Opcode.IMUL, Opcode.IAND, Opcode.IOR, Opcode.IXOR, Opcode.ISHL, Opcode.ISHR, Opcode.IUSHR, Opcode.IDIV,
                                Opcode.IREM);
                if (op == Opcode.IDIV || op == Opcode.IREM) {
                    b.iconst_1().ior(); // a divisor that cannot be zero, except inside try/catch
                }
                b.with(OperatorInstruction.of(op));
            }
            case 3 -> {
                intExpr(d - 1);
                b.ineg();
            }
            case 4 -> {
                longExpr(d - 1);
                b.l2i();
            }
            case 5 -> {
                intExpr(d - 1);
                b.with(ConvertInstruction.of(pick(Opcode.I2B, Opcode.I2C, Opcode.I2S)));
            }
            case 6 -> {
                longExpr(d - 1);
                longExpr(d - 1);
                b.lcmp();
            }
            case 7 -> {
                floatOf();
                b.f2i();
            }
            default -> {
                intExpr(d - 1);
                b.i2d();
                intExpr(d - 1);
                b.i2d().ddiv();
                if (r.nextBoolean()) {
                    b.d2i();
                } else {
                    b.d2l().l2i();
                }
            }
        }
    }

    /** A float computed from ints: divisions by zero give infinities and NaN. */
    private void floatOf() {
        intExpr(1);
        b.i2f();
        intExpr(1);
        b.i2f();
        b.with(OperatorInstruction.of(pick(Opcode.FADD, Opcode.FMUL, Opcode.FDIV, Opcode.FREM, Opcode.FSUB)));
    }

    private void longExpr(int d) {
        if (d == 0 || r.nextInt(4) == 0) {
            switch (r.nextInt(3)) {
                case 0 -> b.loadConstant(LONG_CONSTANTS[r.nextInt(LONG_CONSTANTS.length)]);
                case 1 -> b.lload(1);
                default -> b.lload(longLocal());
            }
            return;
        }
        switch (r.nextInt(6)) {
            case 0, 1, 2 -> {
                longExpr(d - 1);
                longExpr(d - 1);
                Opcode op = pick(Opcode.LADD, Opcode.LSUB, Opcode.LMUL, Opcode.LAND, Opcode.LOR, Opcode.LXOR, Opcode.LDIV, Opcode.LREM);
                if (op == Opcode.LDIV || op == Opcode.LREM) {
                    b.lconst_1().lor();
                }
                b.with(OperatorInstruction.of(op));
            }
            case 3 -> {
                longExpr(d - 1);
                intExpr(d - 1);
                b.with(OperatorInstruction.of(pick(Opcode.LSHL, Opcode.LSHR, Opcode.LUSHR)));
            }
            case 4 -> {
                intExpr(d - 1);
                b.i2l();
            }
            default -> {
                longExpr(d - 1);
                b.l2d().ldc(0.75).dmul().d2l();
            }
        }
    }

    @SafeVarargs
    private <T> T pick(T... options) {
        return options[r.nextInt(options.length)];
    }
}
