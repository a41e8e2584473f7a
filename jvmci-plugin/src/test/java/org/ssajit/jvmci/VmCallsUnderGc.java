package org.ssajit.jvmci;

import java.util.concurrent.atomic.AtomicInteger;

import jdk.vm.ci.code.InstalledCode;

/**
 * A child-JVM program for {@link CompiledAllocationTest#vmCallsThatRunJavaSurviveCollections}: ssajit's
 * code calls into the VM where the VM may run Java code before it returns (the
 * {@code NegativeArraySizeException} an allocation with a negative length creates, through its
 * constructors; {@code Finalizer.register}, which {@code Object.<init>} has the VM call), while
 * another thread collects all the time. A collection that walks the thread's stack then meets the
 * compiled frame below the VM's Java call: it must find a frame that HotSpot walks as a caller of a
 * runtime stub, not as a Java call site whose bytecode is an invoke (HotSpot reads the invoke's
 * signature there and dies on a {@code newarray} or a {@code return}: seed 1002542 of the program
 * generator, and a G1 run of the language corpus). Prints what it did; the test compares it.
 */
final class VmCallsUnderGc {
    private VmCallsUnderGc() {
    }

    static final AtomicInteger FINALIZED = new AtomicInteger();

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

    static int[] ints(int n) {
        return new int[n];
    }

    static String[] strings(int n) {
        return new String[n];
    }

    static int[][] matrix(int rows, int columns) {
        return new int[rows][columns];
    }

    static int finalizable(int i) {
        return new Finalizable(i).value;
    }

    private static volatile boolean done;

    public static void main(String[] args) throws Exception {
        int rounds = Integer.parseInt(args[0]);
        InstalledCode[] code = {
            CompiledRunner.install(VmCallsUnderGc.class.getDeclaredMethod("ints", int.class)),
            CompiledRunner.install(VmCallsUnderGc.class.getDeclaredMethod("strings", int.class)),
            CompiledRunner.install(VmCallsUnderGc.class.getDeclaredMethod("matrix", int.class, int.class)),
            CompiledRunner.install(Object.class.getDeclaredConstructor()),
            CompiledRunner.install(Finalizable.class.getDeclaredConstructor(int.class)),
            CompiledRunner.install(VmCallsUnderGc.class.getDeclaredMethod("finalizable", int.class)),
        };
        Thread collector = new Thread(() -> {
            while (!done) {
                System.gc();
            }
        }, "collector");
        collector.setDaemon(true);
        collector.start();
        int thrown = 0;
        long sum = 0;
        for (int r = 0; r < rounds; r++) {
            int n = -1 - (r & 7);
            try {
                ints(n);
            } catch (NegativeArraySizeException e) {
                thrown += e.getMessage().equals(Integer.toString(n)) ? 1 : 0;
            }
            try {
                strings(n);
            } catch (NegativeArraySizeException e) {
                thrown += e.getMessage().equals(Integer.toString(n)) ? 1 : 0;
            }
            try {
                matrix(2, n);
            } catch (NegativeArraySizeException e) {
                thrown += e.getMessage().equals(Integer.toString(n)) ? 1 : 0;
            }
            sum += ints(r & 15).length + matrix(r & 3, 2).length + finalizable(r);
        }
        done = true;
        collector.join();
        boolean valid = true;
        for (InstalledCode c : code) {
            valid &= c.isValid();
        }
        System.out.println("thrown=" + thrown + " sum=" + sum + " valid=" + valid);
    }
}
