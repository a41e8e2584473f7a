// A canary for the fuzz harness: prints something else under ssajit than under -Xint.
package fuzz.s900001;

public final class Main {
    public static void main(String[] args) {
        System.out.println("checksum " + (System.getProperty("jvmci.Compiler") == null ? 1 : 2));
    }
}
