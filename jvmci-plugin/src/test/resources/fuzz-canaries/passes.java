// A canary for the fuzz harness: the same output either way, and an exception escaping main.
package fuzz.s900004;

public final class Main {
    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 100_000; i++) {
            sum = sum * 31 + (i ^ (i >>> 3));
        }
        System.out.println("checksum " + sum);
        throw new IllegalStateException("escapes " + (sum & 7));
    }
}
