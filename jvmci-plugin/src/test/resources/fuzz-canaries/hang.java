// A canary for the fuzz harness: the JVM running ssajit never ends.
package fuzz.s900003;

public final class Main {
    public static void main(String[] args) {
        System.out.println("before");
        while ("ssajit".equals(System.getProperty("jvmci.Compiler"))) {
            Thread.onSpinWait();
        }
        System.out.println("after");
    }
}
