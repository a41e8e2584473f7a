// A canary for the fuzz harness: the JVM running ssajit dies (a write to address 8 through Unsafe).
package fuzz.s900002;

public final class Main {
    public static void main(String[] args) throws Exception {
        System.out.println("before");
        if ("ssajit".equals(System.getProperty("jvmci.Compiler"))) {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            ((sun.misc.Unsafe) f.get(null)).putLong(8L, 0L);
        }
        System.out.println("after");
    }
}
