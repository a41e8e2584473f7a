package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;
import org.ssajit.testing.Profiles;


/**
 * Calls inlined for the receiver classes their profile saw ({@code Inlining.selectByProfile}), run by
 * the IR interpreter against the JVM: receivers of the profiled classes, of a class the profile never
 * saw, of a subclass of a profiled class (which the exact-class guard must send to the call), and null.
 */
class ProfiledInliningDiffTest {
    abstract static class Animal {
        abstract int legs(int k);
    }

    static class Dog extends Animal {
        @Override
        int legs(int k) {
            return 4 * k;
        }
    }

    static final class Puppy extends Dog {
        @Override
        int legs(int k) {
            return super.legs(k) + 1;
        }
    }

    static final class Bird extends Animal {
        @Override
        int legs(int k) {
            return 10 / k; // k == 0: ArithmeticException in inlined code
        }
    }

    static final class Fish extends Animal {
        @Override
        int legs(int k) {
            return -k;
        }
    }

    static int legsOf(Animal a, int k) {
        return a.legs(k) + a.legs(k + 1);
    }

    static String describe(CharSequence s, int i) {
        return s.length() + ":" + s.charAt(i);
    }

    @Test
    void guardedInliningAgreesWithTheJvm() throws Exception {
        Method m = ProfiledInliningDiffTest.class.getDeclaredMethod("legsOf", Animal.class, int.class);
        Animal dog = new Dog();
        Animal bird = new Bird();
        Profiles.warmUntilProfiled(Jvmci.method(m), 2, () -> legsOf(dog, 1) + legsOf(bird, 1));
        Graph g = Jvmci.build(Jvmci.method(m), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertEquals(2, g.inlinedMethods().size(), g::toString);
        assertTrue(count(g, Op.CLASS_IS) >= 2, g::toString);
        List<Object[]> inputs = new ArrayList<>();
        for (Animal a : new Animal[]{new Dog(), new Bird(), new Puppy(), new Fish(), null}) {
            for (int k : new int[]{-1, 0, 1, 5, Integer.MAX_VALUE, Integer.MIN_VALUE}) {
                inputs.add(new Object[]{a, k});
            }
        }
        Diff.report(DifferentialRunner.of(m).run(inputs)).assertAgreement();
    }

    @Test
    void guardedInterfaceCallsAgreeWithTheJvm() throws Exception {
        Method m = ProfiledInliningDiffTest.class.getDeclaredMethod("describe", CharSequence.class, int.class);
        Profiles.warmUntilProfiled(Jvmci.method(m), 1, () -> describe("abc", 1).length());
        Graph g = Jvmci.build(Jvmci.method(m), BuildOptions.DEFAULT.withInlining(true)).graph();
        assertTrue(count(g, Op.CLASS_IS) >= 1, g::toString);
        List<Object[]> inputs = new ArrayList<>();
        for (CharSequence s : new CharSequence[]{"abc", "", new StringBuilder("xyz"), java.nio.CharBuffer.wrap("hello"), null}) {
            for (int i : new int[]{-1, 0, 2, 4}) {
                inputs.add(new Object[]{s, i});
            }
        }
        Diff.report(DifferentialRunner.of(m).run(inputs)).assertAgreement();
    }

    private static long count(Graph g, Op op) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == op).count();
    }
}
