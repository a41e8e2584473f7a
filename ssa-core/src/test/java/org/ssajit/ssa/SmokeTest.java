package org.ssajit.ssa;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.IrPrinter;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

class SmokeTest {
    static int loop(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += i;
        }
        return s;
    }

    static int cond(int a, int b) {
        return a > b ? a - b : b - a;
    }

    static int tryCatch(int[] a, int i) {
        int r = 1;
        try {
            r = a[i];
            r += a[i + 1];
        } catch (ArrayIndexOutOfBoundsException e) {
            r = -r;
        }
        return r;
    }

    synchronized long sync(long x, Object o) {
        synchronized (o) {
            return x * 2 + o.hashCode();
        }
    }

    @Test
    void print() {
        for (String n : new String[]{"loop", "cond", "tryCatch", "sync"}) {
            System.out.println(new IrPrinter(true).print(Jvmci.graph(SmokeTest.class, n)));
            System.out.println(new IrPrinter(false).print(Jvmci.graph(SmokeTest.class, n, BuildOptions.DEFAULT.withOptimize(false).withMarkers(false))));
        }
    }
}
