// A canary for the fuzz harness: the JVM running ssajit never ends.
package fuzz.s900003;

public final class Main {
    public static void main(String[] args) throws InterruptedException {
        System.out.println("before");
        // Asleep, not spinning: the harness judges time without progress, and a spinning canary
        // took a core from the test JVMs beside it. Quiet: the loop runs no more code for ssajit to
        // compile (a JVM whose log keeps growing is busy, given three times the limit).
        boolean underSsajit = "ssajit".equals(System.getProperty("jvmci.Compiler"));
        while (underSsajit) {
            Thread.sleep(1000);
        }
        System.out.println("after");
    }
}
