package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Opcode;
import java.lang.classfile.TypeKind;
import java.lang.classfile.instruction.ConvertInstruction;
import java.lang.classfile.instruction.OperatorInstruction;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.ClassGen;

/**
 * The node factory's folds and simplifications against the JVM: generated methods apply every
 * operation to constant operands (javac would fold these itself, so only hand-made bytecode reaches
 * the compiler's folder), and to one constant and one parameter (the algebraic identities).
 */
class FoldDiffTest {
    private static final int[] INTS = {0, 1, -1, 2, -2, 7, 31, 32, 33, 64, Integer.MIN_VALUE, Integer.MAX_VALUE};
    private static final long[] LONGS = {0, 1, -1, 2, 63, 64, 65, 0xFFFFFFFFL, Long.MIN_VALUE, Long.MAX_VALUE};
    private static final float[] FLOATS = {0f, -0f, 1f, -1f, 2.5f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MAX_VALUE, 3e9f};
    private static final double[] DOUBLES = {0d, -0d, 1d, -1d, -2.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1e19};

    private static final Opcode[] INT_OPS = {Opcode.IADD, Opcode.ISUB, Opcode.IMUL, Opcode.IDIV, Opcode.IREM, Opcode.IAND, Opcode.IOR, Opcode.IXOR, Opcode.ISHL, Opcode.ISHR,
                    Opcode.IUSHR};
    private static final Opcode[] LONG_OPS = {Opcode.LADD, Opcode.LSUB, Opcode.LMUL, Opcode.LDIV, Opcode.LREM, Opcode.LAND, Opcode.LOR, Opcode.LXOR};
    private static final Opcode[] LONG_SHIFTS = {Opcode.LSHL, Opcode.LSHR, Opcode.LUSHR};
    private static final Opcode[] FLOAT_OPS = {Opcode.FADD, Opcode.FSUB, Opcode.FMUL, Opcode.FDIV, Opcode.FREM};
    private static final Opcode[] DOUBLE_OPS = {Opcode.DADD, Opcode.DSUB, Opcode.DMUL, Opcode.DDIV, Opcode.DREM};

    /** Collects generated methods; each is then run differentially. */
    private static final class Gen {
        final ClassGen cg = new ClassGen("Fold");
        final List<String> names = new ArrayList<>();

        void add(String descriptor, Consumer<CodeBuilder> code) {
            String n = "m" + names.size();
            names.add(n);
            cg.staticMethod(n, descriptor, code);
        }

        int run() {
            Class<?> c = cg.load();
            int executions = 0;
            for (String n : names) {
                Method m = findMethod(c, n);
                List<Object[]> inputs = Inputs.forMethod(m, n.hashCode(), m.getParameterCount() == 0 ? 1 : 40);
                executions += DifferentialRunner.of(m).run(inputs).assertAgreement().executions();
            }
            return executions;
        }
    }

    static Method findMethod(Class<?> c, String name) {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalArgumentException(name);
    }

    private static void op(CodeBuilder b, Opcode o) {
        b.with(OperatorInstruction.of(o));
    }

    @Test
    void intConstantPairs() {
        Gen g = new Gen();
        for (Opcode o : INT_OPS) {
            for (int x : INTS) {
                for (int y : INTS) {
                    g.add("()I", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, o);
                        b.ireturn();
                    });
                }
            }
        }
        System.out.println("int constant pairs: " + g.run() + " executions");
    }

    @Test
    void intWithOneConstant() {
        Gen g = new Gen();
        for (Opcode o : INT_OPS) {
            for (int c : INTS) {
                g.add("(I)I", b -> {
                    b.iload(0).loadConstant(c);
                    op(b, o);
                    b.ireturn();
                });
                g.add("(I)I", b -> {
                    b.loadConstant(c).iload(0);
                    op(b, o);
                    b.ireturn();
                });
            }
            // x op x: sub, xor, and, or have identities on equal operands.
            g.add("(I)I", b -> {
                b.iload(0).iload(0);
                op(b, o);
                b.ireturn();
            });
        }
        g.add("(I)I", b -> b.iload(0).ineg().ineg().ireturn());
        g.add("(I)I", b -> b.iconst_0().iload(0).isub().iconst_0().swap().isub().ireturn());
        System.out.println("int with one constant: " + g.run() + " executions");
    }

    @Test
    void longs() {
        Gen g = new Gen();
        for (Opcode o : LONG_OPS) {
            for (long x : LONGS) {
                for (long y : LONGS) {
                    g.add("()J", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, o);
                        b.lreturn();
                    });
                }
                g.add("(J)J", b -> {
                    b.lload(0).loadConstant(x);
                    op(b, o);
                    b.lreturn();
                });
                g.add("(J)J", b -> {
                    b.loadConstant(x).lload(0);
                    op(b, o);
                    b.lreturn();
                });
            }
            g.add("(J)J", b -> {
                b.lload(0).lload(0);
                op(b, o);
                b.lreturn();
            });
        }
        for (Opcode o : LONG_SHIFTS) {
            for (int s : INTS) {
                for (long x : LONGS) {
                    g.add("()J", b -> {
                        b.loadConstant(x).loadConstant(s);
                        op(b, o);
                        b.lreturn();
                    });
                }
                g.add("(J)J", b -> {
                    b.lload(0).loadConstant(s);
                    op(b, o);
                    b.lreturn();
                });
            }
            for (long x : LONGS) {
                g.add("(I)J", b -> {
                    b.loadConstant(x).iload(0);
                    op(b, o);
                    b.lreturn();
                });
            }
        }
        g.add("(J)J", b -> b.lload(0).lneg().lneg().lreturn());
        g.add("(J)I", b -> b.lload(0).lload(0).lcmp().ireturn());
        System.out.println("longs: " + g.run() + " executions");
    }

    @Test
    void floatsAndDoubles() {
        Gen g = new Gen();
        for (Opcode o : FLOAT_OPS) {
            for (float x : FLOATS) {
                for (float y : FLOATS) {
                    g.add("()F", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, o);
                        b.freturn();
                    });
                }
                g.add("(F)F", b -> {
                    b.fload(0).loadConstant(x);
                    op(b, o);
                    b.freturn();
                });
            }
        }
        for (Opcode o : DOUBLE_OPS) {
            for (double x : DOUBLES) {
                for (double y : DOUBLES) {
                    g.add("()D", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, o);
                        b.dreturn();
                    });
                }
                g.add("(D)D", b -> {
                    b.loadConstant(x).dload(0);
                    op(b, o);
                    b.dreturn();
                });
            }
        }
        for (float x : FLOATS) {
            g.add("()F", b -> b.loadConstant(x).fneg().freturn());
        }
        for (double x : DOUBLES) {
            g.add("()D", b -> b.loadConstant(x).dneg().dreturn());
        }
        System.out.println("floats and doubles: " + g.run() + " executions");
    }

    @Test
    void conversionsAndCompares() {
        Gen g = new Gen();
        Opcode[] fromInt = {Opcode.I2L, Opcode.I2F, Opcode.I2D, Opcode.I2B, Opcode.I2C, Opcode.I2S};
        Opcode[] fromLong = {Opcode.L2I, Opcode.L2F, Opcode.L2D};
        Opcode[] fromFloat = {Opcode.F2I, Opcode.F2L, Opcode.F2D};
        Opcode[] fromDouble = {Opcode.D2I, Opcode.D2L, Opcode.D2F};
        for (Opcode o : fromInt) {
            for (int x : INTS) {
                g.add("()" + ret(o), b -> convertAndReturn(b.loadConstant(x), o));
            }
        }
        for (Opcode o : fromLong) {
            for (long x : LONGS) {
                g.add("()" + ret(o), b -> convertAndReturn(b.loadConstant(x), o));
            }
        }
        for (Opcode o : fromFloat) {
            for (float x : FLOATS) {
                g.add("()" + ret(o), b -> convertAndReturn(b.loadConstant(x), o));
            }
        }
        for (Opcode o : fromDouble) {
            for (double x : DOUBLES) {
                g.add("()" + ret(o), b -> convertAndReturn(b.loadConstant(x), o));
            }
        }
        // Conversion chains the factory simplifies (and ones it must not).
        Opcode[] narrow = {Opcode.I2B, Opcode.I2C, Opcode.I2S};
        for (Opcode a : narrow) {
            for (Opcode c : narrow) {
                g.add("(I)I", b -> {
                    b.iload(0).with(ConvertInstruction.of(a));
                    b.with(ConvertInstruction.of(c));
                    b.ireturn();
                });
            }
        }
        g.add("(I)I", b -> b.iload(0).i2l().l2i().ireturn());
        g.add("(J)J", b -> b.lload(0).l2i().i2l().lreturn());
        g.add("(F)F", b -> b.fload(0).f2d().d2f().freturn());
        g.add("(D)D", b -> b.dload(0).d2f().f2d().dreturn());
        g.add("(F)F", b -> b.fload(0).f2i().i2f().freturn());
        for (Opcode cmp : new Opcode[]{Opcode.FCMPL, Opcode.FCMPG}) {
            for (float x : FLOATS) {
                for (float y : FLOATS) {
                    g.add("()I", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, cmp);
                        b.ireturn();
                    });
                }
            }
            g.add("(F)I", b -> {
                b.fload(0).fload(0);
                op(b, cmp);
                b.ireturn();
            });
        }
        for (Opcode cmp : new Opcode[]{Opcode.DCMPL, Opcode.DCMPG}) {
            for (double x : DOUBLES) {
                for (double y : DOUBLES) {
                    g.add("()I", b -> {
                        b.loadConstant(x).loadConstant(y);
                        op(b, cmp);
                        b.ireturn();
                    });
                }
            }
            g.add("(D)I", b -> {
                b.dload(0).dload(0);
                op(b, cmp);
                b.ireturn();
            });
        }
        for (long x : LONGS) {
            for (long y : LONGS) {
                g.add("()I", b -> b.loadConstant(x).loadConstant(y).lcmp().ireturn());
            }
        }
        System.out.println("conversions and compares: " + g.run() + " executions");
    }

    @Test
    void foldedBranches() {
        Gen g = new Gen();
        Opcode[] cmp2 = {Opcode.IF_ICMPEQ, Opcode.IF_ICMPNE, Opcode.IF_ICMPLT, Opcode.IF_ICMPGE, Opcode.IF_ICMPGT, Opcode.IF_ICMPLE};
        Opcode[] cmp1 = {Opcode.IFEQ, Opcode.IFNE, Opcode.IFLT, Opcode.IFGE, Opcode.IFGT, Opcode.IFLE};
        for (Opcode o : cmp2) {
            for (int x : new int[]{-1, 0, 1, Integer.MIN_VALUE}) {
                for (int y : new int[]{-1, 0, 1, Integer.MAX_VALUE}) {
                    g.add("()I", b -> b.loadConstant(x).loadConstant(y).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
                }
            }
            // A constant on either side of a variable: the builder puts the constant second and mirrors
            // the condition.
            for (int c : new int[]{-1, 0, 1, 5, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
                g.add("(I)I", b -> b.loadConstant(c).iload(0).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
                g.add("(I)I", b -> b.iload(0).loadConstant(c).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
            }
            // x cmp x: decided by reflexivity alone.
            g.add("(I)I", b -> b.iload(0).iload(0).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        }
        for (Opcode o : cmp1) {
            for (int x : new int[]{-5, 0, 5}) {
                g.add("()I", b -> b.loadConstant(x).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
            }
        }
        // Reference identity: null against null, a new object against null, an object against itself.
        g.add("()I", b -> b.aconst_null().aconst_null().ifThenElse(Opcode.IF_ACMPEQ, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        g.add("(Ljava/lang/Object;)I", b -> b.aload(0).aload(0).ifThenElse(Opcode.IF_ACMPNE, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        for (Opcode o : new Opcode[]{Opcode.IF_ACMPEQ, Opcode.IF_ACMPNE}) {
            g.add("(Ljava/lang/Object;)I", b -> b.aconst_null().aload(0).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
            g.add("(Ljava/lang/Object;)I", b -> b.ldc("k").aload(0).ifThenElse(o, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        }
        g.add("()I", b -> b.iconst_2().newarray(TypeKind.INT).ifThenElse(Opcode.IFNULL, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        g.add("()I", b -> b.ldc("s").ifThenElse(Opcode.IFNONNULL, t -> t.iconst_1().ireturn(), e -> e.iconst_2().ireturn()).iconst_3().ireturn());
        // Switch on a constant, and array length of a fresh array (including a negative length).
        for (int k = -1; k <= 4; k++) {
            int key = k;
            g.add("()I", b -> {
                var d = b.newLabel();
                var c1 = b.newLabel();
                var c3 = b.newLabel();
                b.loadConstant(key).lookupswitch(d, List.of(java.lang.classfile.instruction.SwitchCase.of(1, c1), java.lang.classfile.instruction.SwitchCase.of(3, c3)));
                b.labelBinding(c1).bipush(11).ireturn();
                b.labelBinding(c3).bipush(33).ireturn();
                b.labelBinding(d).bipush(99).ireturn();
            });
            g.add("()I", b -> b.loadConstant(key).newarray(TypeKind.LONG).arraylength().ireturn());
        }
        int n = g.run();
        assertEquals(true, n > 0);
        System.out.println("folded branches: " + n + " executions");
    }

    private static String ret(Opcode o) {
        return switch (o) {
            case I2L, F2L, D2L -> "J";
            case I2F, L2F, D2F -> "F";
            case I2D, L2D, F2D -> "D";
            default -> "I";
        };
    }

    private static void convertAndReturn(CodeBuilder b, Opcode o) {
        b.with(ConvertInstruction.of(o));
        switch (ret(o)) {
            case "J" -> b.lreturn();
            case "F" -> b.freturn();
            case "D" -> b.dreturn();
            default -> b.ireturn();
        }
    }
}
