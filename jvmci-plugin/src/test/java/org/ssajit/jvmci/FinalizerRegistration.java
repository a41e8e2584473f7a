package org.ssajit.jvmci;

import java.util.concurrent.atomic.AtomicInteger;

import org.ssajit.parse.Inlining;

import jdk.vm.ci.code.InstalledCode;

/**
 * A child-JVM program for {@link CompiledAllocationTest#objectConstructorRegistersFinalizers}: installs
 * ssajit's code for {@code Object.<init>} (as the method's code, so every call of it that is not
 * inlined runs it, the interpreter's too) and for the constructors below, makes objects of a class
 * with a finalizer and of one without, lets them become unreachable and prints how many were made,
 * how many finalized, and whether the code stayed installed. Its own JVM, since the whole VM runs
 * ssajit's {@code Object.<init>} meanwhile. With the argument {@code inline} the code is compiled with
 * inlining: {@code Object.<init>} inlined into the constructors, its registration with it.
 */
final class FinalizerRegistration {
    private FinalizerRegistration() {
    }

    static final AtomicInteger FINALIZED = new AtomicInteger();
    static long sink;

    static final class Finalizable {
        final int value;

        Finalizable(int value) {
            this.value = value;
        }

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
            FINALIZED.incrementAndGet();
        }
    }

    static final class Plain {
        final int value;

        Plain(int value) {
            this.value = value;
        }
    }

    static int make(int i) {
        return new Finalizable(i).value + new Plain(i).value;
    }

    @SuppressWarnings({"deprecation", "removal"})
    public static void main(String[] args) throws Exception {
        Pipeline p = Pipeline.host(Pipeline.TEST_OPTIONS.with(Inlining.INLINE, args.length > 0 && args[0].equals("inline")));
        InstalledCode object = CompiledRunner.install(Object.class.getDeclaredConstructor(), p);
        InstalledCode finalizable = CompiledRunner.install(Finalizable.class.getDeclaredConstructor(int.class), p);
        InstalledCode plain = CompiledRunner.install(Plain.class.getDeclaredConstructor(int.class), p);
        InstalledCode maker = CompiledRunner.install(FinalizerRegistration.class.getDeclaredMethod("make", int.class), p);
        int made = 0;
        for (int r = 0; r < 20; r++) {
            for (int i = 0; i < 5_000; i++) {
                sink += make(i);
                made++;
            }
            System.gc();
        }
        boolean valid = object.isValid() && finalizable.isValid() && plain.isValid() && maker.isValid();
        for (int tries = 0; tries < 500 && FINALIZED.get() < made; tries++) {
            System.gc();
            System.runFinalization();
            Thread.sleep(10);
        }
        System.out.println("made=" + made + " finalized=" + FINALIZED.get() + " valid=" + valid);
    }
}
