package org.ssajit.jvmci;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code Unsafe.allocateInstance} for {@link CompiledAllocateInstanceTest}: through {@code sun.misc.Unsafe},
 * whose method, inlined, calls {@code jdk.internal.misc.Unsafe.allocateInstance}, the call
 * {@code lowering.InstanceAllocations} expands. Classes of every shape the inline path and the call
 * divide between them: initialized or not (each twin class is initialized by only one of the
 * interpreter's and the compiled code's runs), an initializer that throws, abstract classes,
 * interfaces, arrays, primitive types, {@code Class}, sizes with a 4-byte gap after the header and
 * beyond the unrolled zeroing, a finalizable class, a hidden class, a record, an enum. HotSpot's
 * compilers are kept off it.
 */
final class AllocateInstanceTargets {
    private AllocateInstanceTargets() {
    }

    static final sun.misc.Unsafe U;

    static {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            U = (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Initializations in the order they ran, by class name without its twin digit. */
    static final List<String> INITIALIZED = new ArrayList<>();

    static final class Plain {
        long a = 5;
        int b = 6;
        Object c = "seven";
    }

    static final class OneInt {
        int x = 1;
    }

    static final class Empty {
    }

    static class Big {
        long l0 = 1, l1 = 1, l2 = 1, l3 = 1, l4 = 1, l5 = 1, l6 = 1, l7 = 1, l8 = 1, l9 = 1, l10 = 1, l11 = 1, l12 = 1, l13 = 1, l14 = 1, l15 = 1;
        Object o0 = "x", o1 = "y", o2 = "z";
        byte b0 = 1;
        char c0 = 'c';
    }

    static final class BigSub extends Big {
        double d = 2.5;
    }

    abstract static class Abstract {
        int a = 1;
    }

    interface Interface {
    }

    static final class Finalizable {
        int f = 3;

        @Override
        @SuppressWarnings({"deprecation", "removal"})
        protected void finalize() {
        }
    }

    record Point(int x, int y) {
    }

    enum Color { RED, GREEN }

    static final class Lazy1 {
        static {
            INITIALIZED.add("Lazy");
        }

        int v = 4;
    }

    static final class Lazy2 {
        static {
            INITIALIZED.add("Lazy");
        }

        int v = 4;
    }

    static final class BadInit1 {
        static {
            if (INITIALIZED != null) {
                throw new IllegalStateException("initializer fails");
            }
        }

        int v;
    }

    static final class BadInit2 {
        static {
            if (INITIALIZED != null) {
                throw new IllegalStateException("initializer fails");
            }
        }

        int v;
    }

    static final Class<?> HIDDEN = ((Runnable) () -> { }).getClass();

    /** The compiled method: one allocation. */
    static Object allocate(Class<?> c) throws InstantiationException {
        return U.allocateInstance(c);
    }

    /**
     * Many allocations, enough to fill the thread's allocation buffer several times (the inline path
     * then answers null and the call allocates from the VM): each object must be new, of its class, and
     * zeroed (every 16th rendered: reflection is slow on the emulated target). A
     * StringBuilder: a String would be taken for an allocated object.
     */
    static StringBuilder allocateMany(Class<?> c, int n) throws InstantiationException {
        Object previous = null;
        int distinct = 0;
        StringBuilder first = new StringBuilder();
        for (int k = 0; k < n; k++) {
            Object o = U.allocateInstance(c);
            if (o != previous) {
                distinct++;
            }
            if (k == 0) {
                first.append(render(o));
            } else if (k % 16 == 0 || o.getClass() != c) {
                String shape = render(o);
                if (!shape.equals(first.toString())) {
                    return new StringBuilder("object " + k + " differs: " + shape);
                }
            }
            previous = o;
        }
        return new StringBuilder().append(distinct).append(" x ").append(first);
    }

    /** A new object as the test compares it: its class (without a twin digit) and every instance field's value. */
    static String render(Object o) {
        if (o == null) {
            return "null";
        }
        StringBuilder sb = new StringBuilder(twinless(o.getClass().getSimpleName().isEmpty() ? "hidden" : o.getClass().getSimpleName())).append('{');
        for (Class<?> k = o.getClass(); k != null && k != Object.class && k != Record.class && k != Enum.class; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers())) {
                    continue;
                }
                try {
                    f.setAccessible(true);
                    sb.append(f.getName()).append('=').append(f.get(o)).append(' ');
                } catch (ReflectiveOperationException | RuntimeException e) {
                    sb.append(f.getName()).append("=? ");
                }
            }
        }
        return sb.append('}').toString();
    }

    static String twinless(String s) {
        return s.replaceAll("(Lazy|BadInit)[12]", "$1");
    }
}
