// A canary for the fuzz harness: prints something else when ssajit compiles than under -Xint, and
// what -Xint prints in the harness's control run (the same JVM with ssajit refusing every method).
package fuzz.s900001;

public final class Main {
    public static void main(String[] args) {
        boolean ssajitCompiles = System.getProperty("jvmci.Compiler") != null && !"-*".equals(System.getProperty("ssajit.MethodFilter"));
        System.out.println("checksum " + (ssajitCompiles ? 2 : 1));
    }
}
