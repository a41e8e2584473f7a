// A canary for the fuzz harness: a program whose output depends on how it runs, not on ssajit's code
// (different with JVMCI on, whether ssajit compiles or not): a generator error, not a mismatch.
package fuzz.s900005;

public final class Main {
    public static void main(String[] args) {
        System.out.println("checksum " + (System.getProperty("jvmci.Compiler") == null ? 1 : 2));
    }
}
