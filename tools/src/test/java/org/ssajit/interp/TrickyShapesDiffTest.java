package org.ssajit.interp;

import java.lang.classfile.Label;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.ClassGen;

/**
 * Shapes that stress SSA construction: slots reused with different kinds, handlers reached from many
 * blocks with different values, finally blocks duplicated into break/continue paths, exceptions inside
 * loops inside locks, dead code, many locals with wide instructions.
 */
class TrickyShapesDiffTest {
    static long slotReuse(int a, boolean c) {
        long r = 0;
        for (int i = 0; i < (a & 7); i++) {
            if (((i ^ a) & 1) == 0) {
                int t = a * i;        // the slot holds an int here
                r += t;
            } else {
                String s = "v" + i;   // and a reference here
                r += s.length();
            }
            if (c) {
                double d = r / 3.0;   // a double over two slots, overlapping both
                r += (long) d;
            } else {
                long l = r << 1;
                Object o = l > 100 ? Long.valueOf(l) : null;
                r += o == null ? 1 : 2;
            }
        }
        return r;
    }

    static int handlerFromManyBlocks(int a, int b) {
        int x = 0;
        int y = 100;
        try {
            x = 10 / (a & 3);        // throw point 1: x = 0, y = 100
            y = x + 1;
            if (b > 0) {
                x = 20 / (b & 1);    // throw point 2: x = 10/..., y = x + 1
                y = -x;
            } else {
                y = 30 / (b | 1) + (int) Math.signum(b);
                x = new int[b & 7][0].length / (a & 1); // throw point 3 (NegativeArraySize cannot happen, ArithmeticException can)
            }
            return x * 1000 + y;
        } catch (ArithmeticException e) {
            return -(x * 1000 + y);
        }
    }

    static int finallyWithBreakContinue(int n) {
        int r = 0;
        int finals = 0;
        for (int i = 0; i < (n & 31); i++) {
            try {
                if (i % 7 == 6) {
                    break;
                }
                if (i % 3 == 0) {
                    continue;
                }
                if (i % 5 == 4) {
                    r += 100 / (i - i);
                }
                r += i;
            } catch (ArithmeticException e) {
                r -= 1000;
            } finally {
                finals++;
                r = r * 3 / 2;
            }
        }
        return r * 100 + finals;
    }

    static final Object LOCK = new Object();
    static final Object[] LOCKS = {new Object(), new Object(), new Object()};

    static int locksLoopsExceptions(int n) {
        int r = 0;
        for (int i = 0; i < (n & 15); i++) {
            synchronized (LOCK) {
                try {
                    synchronized (LOCKS[i % 3]) {
                        r += 12 / (i % 4);
                    }
                } catch (ArithmeticException e) {
                    r += Thread.holdsLock(LOCK) ? 100 : -100;
                    if (i > 8) {
                        break;
                    }
                }
            }
        }
        return r + (Thread.holdsLock(LOCK) ? 1 : 0);
    }

    static int nestedLoopsWithExits(int a, int b) {
        int r = 0;
        int i = 0;
        outer:
        while (true) {
            int j = i;
            do {
                if (j > (b & 15)) {
                    break outer;
                }
                r += switch (j % 4) {
                    case 0 -> a;
                    case 1 -> {
                        if (r > 1000) {
                            yield -r;
                        }
                        yield j;
                    }
                    case 2 -> {
                        i += 2;
                        yield 0;
                    }
                    default -> 1;
                };
                j++;
            } while (j < i + 3);
            i++;
            if (i > 20) {
                return -1;
            }
        }
        return r;
    }

    static int unreachableAfterLoop(int a) {
        int x = a;
        while (true) {
            if (x > 100 || x < -100) {
                return x;
            }
            x = x * 2 + (x >= 0 ? 1 : -1);
        }
    }

    static int swapThroughHandler(int a, int b) {
        // A swap whose second half is on the exception path: phis in the handler see the partial swap.
        int t = 0;
        try {
            for (int i = 0; i < 4; i++) {
                t = a;
                a = b / (i - 2 + (a & 1));
                b = t;
            }
        } catch (ArithmeticException e) {
            return a * 7 + b * 3 + t;
        }
        return a - b;
    }

    static double mixedKindsAcrossMerges(int k, long l, float f, double d) {
        long acc = l;
        float fl = f;
        double db = d;
        for (int i = 0; i < (k & 7); i++) {
            switch (i & 3) {
                case 0 -> acc += (long) fl;
                case 1 -> fl *= 1.5f;
                case 2 -> db -= acc;
                default -> {
                    long t = acc;
                    acc = (long) db;
                    db = t;
                }
            }
        }
        return acc + fl + db;
    }

    @SuppressWarnings("all") // self-assignments are the point
    static int redundantPhiCycles(int a, int n) {
        // x, y never change: the phis of both loop headers form a redundant SCC (Braun et al., Alg. 5).
        int x = a;
        int y = a * 2;
        int r = 0;
        for (int i = 0; i < (n & 7); i++) {
            for (int j = 0; j < (n & 3); j++) {
                if (((i + j) & 1) == 0) {
                    x = x;
                    int t = x;
                    x = t;
                } else {
                    y = y;
                }
                r += j;
            }
            int u = y;
            y = u;
        }
        return x + y * 3 + r;
    }

    static int copiesAroundLoops(int a, int n) {
        // Values copied between variables on every path: after copy propagation they are one value.
        int p = a;
        int q = p;
        int k = 0;
        while (k < (n & 15)) {
            int tmp = q;
            q = p;
            p = tmp;   // p and q always hold a
            k += (p == q) ? 1 : 100;
        }
        return p + q + k;
    }

    @Test
    void javacShapes() {
        Diff.checkAll(TrickyShapesDiffTest.class, "slotReuse", "handlerFromManyBlocks", "finallyWithBreakContinue", "locksLoopsExceptions", "nestedLoopsWithExits",
                        "unreachableAfterLoop", "swapThroughHandler", "mixedKindsAcrossMerges", "redundantPhiCycles", "copiesAroundLoops");
    }

    @Test
    void wideLocals() {
        // More than 256 locals: wide loads, stores and iinc, and a loop carrying values in high slots.
        ClassGen cg = new ClassGen("Wide");
        cg.staticMethod("f", "(IJ)J", b -> {
            b.iload(0).istore(300);
            b.lload(1).lstore(400);
            b.iconst_0().istore(500);
            Label head = b.newLabel();
            Label done = b.newLabel();
            b.labelBinding(head);
            b.iload(500).bipush(10).if_icmpge(done);
            b.iinc(300, 1000);
            b.iinc(500, 1);
            b.lload(400).iload(300).i2l().ladd().lstore(400);
            b.goto_(head);
            b.labelBinding(done);
            b.lload(400).iload(300).i2l().lmul().lreturn();
        });
        Class<?> c = cg.load();
        Method m = FoldDiffTest.findMethod(c, "f");
        Diff.report(DifferentialRunner.of(m).run(Inputs.forMethod(m, 11, 80))).assertAgreement();
    }

    @Test
    void deadCodeAndHandlersOnlyThroughExceptions() {
        // A handler whose try range covers a loop; the handler falls into code after the loop.
        ClassGen cg = new ClassGen("Handlers");
        cg.staticMethod("g", "(I)I", b -> {
            Label start = b.newLabel();
            Label end = b.newLabel();
            Label handler = b.newLabel();
            Label after = b.newLabel();
            Label loop = b.newLabel();
            b.iconst_0().istore(1);
            b.labelBinding(start);
            b.labelBinding(loop);
            b.iinc(1, 1);
            b.bipush(100).iload(0).iload(1).isub().idiv().pop(); // throws when i == arg
            b.iload(1).bipush(20).if_icmplt(loop);
            b.labelBinding(end);
            b.goto_(after);
            b.labelBinding(handler);
            b.pop();
            b.iload(1).ineg().istore(1);
            b.labelBinding(after);
            b.iload(1).ireturn();
            b.exceptionCatch(start, end, handler, java.lang.constant.ClassDesc.of("java.lang.ArithmeticException"));
        });
        Class<?> c = cg.load();
        List<Object[]> in = new ArrayList<>();
        for (int i = -2; i < 25; i++) {
            in.add(new Object[]{i});
        }
        Diff.report(DifferentialRunner.of(FoldDiffTest.findMethod(c, "g")).run(in)).assertAgreement();
    }
}
