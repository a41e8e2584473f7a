package org.ssajit.interp;

import org.junit.jupiter.api.Test;

class ArithmeticDiffTest {
    static int iadd(int a, int b) { return a + b; }
    static int isub(int a, int b) { return a - b; }
    static int imul(int a, int b) { return a * b; }
    static int idiv(int a, int b) { return a / b; }
    static int irem(int a, int b) { return a % b; }

    @Test
    void ints() {
        Diff.checkAll(ArithmeticDiffTest.class, "iadd", "isub", "imul", "idiv", "irem");
    }
}
