package org.ssajit.hotspot;

/**
 * {@code sun.misc.Unsafe} of the VM the compiler runs in, which is the VM it compiles for: the lowering
 * allocates C2's preallocated exceptions with it, and tests read and write the real heap.
 */
public final class HostUnsafe {
    private HostUnsafe() {
    }

    public static final sun.misc.Unsafe UNSAFE;

    static {
        try {
            java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
