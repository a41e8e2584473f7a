package org.ssajit.jvmci;

import jdk.internal.misc.Unsafe;

/**
 * Callers of {@code jdk.internal.misc.Unsafe}'s natives that the parser expands (its get and put of
 * each primitive kind and getReference, plain and volatile), compiled by {@link CompiledUnsafeTest}:
 * arrays and fields of every kind, static fields through their class's mirror, memory outside the
 * heap, and the reads around an unsafe write that must not be taken for earlier ones.
 */
final class UnsafeTargets {
    private UnsafeTargets() {
    }

    static final Unsafe U = Unsafe.getUnsafe();

    static final long INTS = U.arrayBaseOffset(int[].class);
    static final long BYTES = U.arrayBaseOffset(byte[].class);
    static final long SHORTS = U.arrayBaseOffset(short[].class);
    static final long CHARS = U.arrayBaseOffset(char[].class);
    static final long LONGS = U.arrayBaseOffset(long[].class);
    static final long FLOATS = U.arrayBaseOffset(float[].class);
    static final long DOUBLES = U.arrayBaseOffset(double[].class);
    static final long OBJECTS = U.arrayBaseOffset(Object[].class);
    static final long OBJECT_SCALE = U.arrayIndexScale(Object[].class);

    static final class Holder {
        int i;
        long l;
        byte b;
        short s;
        char c;
        float f;
        double d;
        Object o;
        volatile int vi;
        volatile long vl;
        volatile Object vo;
        static int si;
        static Object so;
    }

    static final long I = U.objectFieldOffset(Holder.class, "i");
    static final long L = U.objectFieldOffset(Holder.class, "l");
    static final long B = U.objectFieldOffset(Holder.class, "b");
    static final long S = U.objectFieldOffset(Holder.class, "s");
    static final long C = U.objectFieldOffset(Holder.class, "c");
    static final long F = U.objectFieldOffset(Holder.class, "f");
    static final long D = U.objectFieldOffset(Holder.class, "d");
    static final long O = U.objectFieldOffset(Holder.class, "o");
    static final long VI = U.objectFieldOffset(Holder.class, "vi");
    static final long VL = U.objectFieldOffset(Holder.class, "vl");
    static final long VO = U.objectFieldOffset(Holder.class, "vo");

    static int getInt(int[] a, int i) {
        return U.getInt(a, INTS + 4L * i);
    }

    /** Written through Unsafe, read back as elements. */
    static int putInts(int n, int v) {
        int[] a = new int[n];
        for (int k = 0; k < n; k++) {
            U.putInt(a, INTS + 4L * k, v * k);
        }
        int sum = 0;
        for (int x : a) {
            sum = sum * 31 + x;
        }
        return sum;
    }

    /** Sign-extended, as a byte is; written as its low eight bits. */
    static int bytes(byte[] a, int i, int v) {
        int before = U.getByte(a, BYTES + i);
        U.putByte(a, BYTES + i, (byte) v);
        return before * 1000 + U.getByte(a, BYTES + i) + a[i] * 7;
    }

    static int shorts(short[] a, int i, int v) {
        int before = U.getShort(a, SHORTS + 2L * i);
        U.putShort(a, SHORTS + 2L * i, (short) v);
        return before * 100000 + U.getShort(a, SHORTS + 2L * i) + a[i];
    }

    /** Zero-extended, as a char is. */
    static int chars(char[] a, int i, int v) {
        int before = U.getChar(a, CHARS + 2L * i);
        U.putChar(a, CHARS + 2L * i, (char) v);
        return before * 100000 + U.getChar(a, CHARS + 2L * i) + a[i];
    }

    static long longs(long[] a, int i, long v) {
        long before = U.getLong(a, LONGS + 8L * i);
        U.putLong(a, LONGS + 8L * i, v);
        return before * 31 + U.getLong(a, LONGS + 8L * i) + a[i];
    }

    /** The bits as they are, a NaN's payload included. */
    static long floats(float[] a, int i, int bits) {
        float before = U.getFloat(a, FLOATS + 4L * i);
        U.putFloat(a, FLOATS + 4L * i, Float.intBitsToFloat(bits));
        return (long) Float.floatToRawIntBits(before) << 32 | Float.floatToRawIntBits(U.getFloat(a, FLOATS + 4L * i)) & 0xffffffffL;
    }

    static long doubles(double[] a, int i, long bits) {
        double before = U.getDouble(a, DOUBLES + 8L * i);
        U.putDouble(a, DOUBLES + 8L * i, Double.longBitsToDouble(bits));
        return Double.doubleToRawLongBits(before) * 31 + Double.doubleToRawLongBits(U.getDouble(a, DOUBLES + 8L * i));
    }

    static Object getReference(Object[] a, int i) {
        return U.getReference(a, OBJECTS + OBJECT_SCALE * i);
    }

    static Object getReferenceVolatile(Object[] a, int i) {
        return U.getReferenceVolatile(a, OBJECTS + OBJECT_SCALE * i);
    }

    /** Every field of an object by its offset, read and written. */
    static long fields(Holder h, int v) {
        long r = U.getInt(h, I) + U.getLong(h, L) * 3 + U.getByte(h, B) * 5 + U.getShort(h, S) * 7 + U.getChar(h, C) * 11
                        + (long) U.getFloat(h, F) * 13 + (long) U.getDouble(h, D) * 17 + (U.getReference(h, O) == null ? 0 : 19);
        U.putInt(h, I, v);
        U.putLong(h, L, v * 3L);
        U.putByte(h, B, (byte) v);
        U.putShort(h, S, (short) v);
        U.putChar(h, C, (char) v);
        U.putFloat(h, F, v * 0.5f);
        U.putDouble(h, D, v * 0.25);
        return r * 31 + h.i + h.l + h.b + h.s + h.c + (long) (h.f * 4) + (long) (h.d * 8);
    }

    /** A field read after an unsafe write of the same field is not the value read before it. */
    static int fieldAfterUnsafeWrite(Holder h, int v) {
        int before = h.i;
        U.putInt(h, I, v);
        return before * 1000 + h.i;
    }

    /** An element read after an unsafe write of the same element is not the one read before it. */
    static int elementAfterUnsafeWrite(int[] a, int v) {
        int before = a[0];
        U.putInt(a, INTS, v);
        return before * 1000 + a[0];
    }

    /** An unsafe read after a field store is not the unsafe read before it. */
    static int unsafeReadAfterFieldStore(Holder h, int v) {
        int before = U.getInt(h, I);
        h.i = v;
        return before * 1000 + U.getInt(h, I);
    }

    /** An unsafe read after an element store is not the unsafe read before it. */
    static int unsafeReadAfterElementStore(int[] a, int v) {
        int before = U.getInt(a, INTS);
        a[0] = v;
        return before * 1000 + U.getInt(a, INTS);
    }

    static long volatiles(Holder h, int v) {
        long before = U.getIntVolatile(h, VI) + U.getLongVolatile(h, VL) * 3 + (U.getReferenceVolatile(h, VO) == null ? 0 : 5);
        U.putIntVolatile(h, VI, v);
        U.putLongVolatile(h, VL, v * 7L);
        return before * 31 + h.vi + h.vl;
    }

    /** A static field: the base is its class's mirror. */
    static int staticField(int v) {
        Object base = U.staticFieldBase(field("si"));
        long offset = U.staticFieldOffset(field("si"));
        int before = U.getInt(base, offset);
        U.putInt(base, offset, v);
        return before * 1000 + Holder.si + (U.getReference(base, U.staticFieldOffset(field("so"))) == null ? 0 : 1);
    }

    private static java.lang.reflect.Field field(String name) {
        try {
            return Holder.class.getDeclaredField(name);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(e);
        }
    }

    /** Memory outside the heap: a null base and an absolute address. */
    static long offHeap(long v, int shift) {
        long address = U.allocateMemory(16);
        try {
            U.putLong(null, address, v);
            U.putInt(null, address + 8, (int) (v >>> shift));
            U.putByte(null, address + 12, (byte) v);
            return U.getLong(null, address) * 31 + U.getInt(null, address + 8) * 7 + U.getByte(null, address + 12) + U.getShort(null, address + 2);
        } finally {
            U.freeMemory(address);
        }
    }

    /** The byte order of the machine: an int written, its bytes read. */
    static int byteOrder(int v) {
        byte[] a = new byte[8];
        U.putInt(a, BYTES + 1, v);
        return a[0] + a[1] * 3 + a[2] * 5 + a[3] * 7 + a[4] * 11 + a[5] * 13 + U.getInt(a, BYTES + 1);
    }

    /** A swap of one int of four: 1 if it swapped, and every element after it (the neighbours unchanged). */
    static long casInt(int[] a, int i, int expected, int v) {
        boolean swapped = U.compareAndSetInt(a, INTS + 4L * i, expected, v);
        return (swapped ? 1L << 62 : 0) + a[0] * 31L * 31 * 31 + a[1] * 31L * 31 + a[2] * 31L + a[3];
    }

    static long casLong(long[] a, int i, long expected, long v) {
        boolean swapped = U.compareAndSetLong(a, LONGS + 8L * i, expected, v);
        return (swapped ? 1L << 62 : 0) ^ a[0] * 31 ^ a[1] * 7 ^ a[2];
    }

    /** A field's swap, its result tested by a branch (the fused form). */
    static int casField(Holder h, int expected, int v) {
        if (U.compareAndSetInt(h, I, expected, v)) {
            return h.i * 3 + h.vi;
        }
        return -h.i - h.vi;
    }

    /** {@code n} increments of {@code counter[0]} by the loop {@code getAndAddInt} runs: atomic across threads. */
    static int increment(int[] counter, int n) {
        for (int k = 0; k < n; k++) {
            int v;
            do {
                v = U.getIntVolatile(counter, INTS);
            } while (!U.compareAndSetInt(counter, INTS, v, v + 1));
        }
        return counter[0];
    }

    static long incrementLong(long[] counter, int n) {
        for (int k = 0; k < n; k++) {
            long v;
            do {
                v = U.getLongVolatile(counter, LONGS + 8);
            } while (!U.compareAndSetLong(counter, LONGS + 8, v, v + (1L << 33) + 1));
        }
        return counter[1];
    }

    /** A boolean read as the native's wrapper returns it: 1 for any byte but 0. */
    static int booleansOfBytes(byte[] a, int i) {
        return U.getBoolean(a, BYTES + i) ? 1 : 0;
    }

    /** The result's bits, not a branch on it: stored as a boolean and read back as a byte. */
    static int booleanOfByte(byte[] a, int i) {
        boolean z = U.getBooleanVolatile(a, BYTES + i);
        boolean[] out = new boolean[1];
        U.putBoolean(out, BOOLEANS, z);
        return U.getByte(out, BOOLEANS);
    }

    static int booleans(boolean[] a, int i, boolean v) {
        U.putBoolean(a, BOOLEANS + i, v);
        return (a[0] ? 1 : 0) + (a[1] ? 2 : 0) + (a[2] ? 4 : 0) + (U.getBoolean(a, BOOLEANS + i) ? 8 : 0);
    }

    static final long BOOLEANS = U.arrayBaseOffset(boolean[].class);

    /** References stored through Unsafe, plain and volatile, read back as elements and fields. */
    static int putReferences(Object[] a, Holder h, Object x, Object y) {
        U.putReference(a, OBJECTS, x);
        U.putReferenceVolatile(a, OBJECTS + OBJECT_SCALE * 2, y);
        U.putReference(h, O, y);
        U.putReferenceVolatile(h, VO, x);
        return (a[0] == x ? 1 : 0) + (a[1] == null ? 2 : 0) + (a[2] == y ? 4 : 0) + (h.o == y ? 8 : 0) + (h.vo == x ? 16 : 0);
    }

    /** A reference's swap: 1 if it swapped, and which object each slot holds. */
    /**
     * {@code rounds} swaps of {@code b[i]} from what {@code a[i]} holds, slot after slot, each pair of
     * slots stored one new object a round of the arrays before: where a collection cycle starts
     * evacuating meanwhile (Shenandoah), {@code a[i]}'s read gives the object's to-space copy while
     * {@code b[i]} may still hold its from-space one, which must not fail the swap. Returns how many
     * swaps failed (none may).
     */
    static int swapsFromCopies(Object[] a, Object[] b, int rounds) {
        int failed = 0;
        int i = 0;
        for (int k = 0; k < rounds; k++) {
            Object e = a[i];
            if (!U.compareAndSetReference(b, OBJECTS + OBJECT_SCALE * i, e, b)) {
                failed++;
            }
            Object x = new int[] {k};
            a[i] = x;
            b[i] = x;
            i = i + 1 == a.length ? 0 : i + 1;
        }
        return failed;
    }

    static int casReference(Object[] a, int i, Object expected, Object x) {
        boolean swapped = U.compareAndSetReference(a, OBJECTS + OBJECT_SCALE * i, expected, x);
        return (swapped ? 1 : 0) + (a[0] == x ? 2 : 0) + (a[1] == x ? 4 : 0) + (a[2] == x ? 8 : 0) + (a[1] == expected ? 16 : 0);
    }

    /**
     * New objects stored into an old array through Unsafe, half by put and half by swap: without their
     * cards dirtied, a young collection would not see them referenced from there.
     */
    static int storeYoung(Object[] old, int seed) {
        for (int k = 0; k < old.length; k++) {
            Object v = new int[]{seed + k};
            if (k % 2 == 0) {
                U.putReference(old, OBJECTS + OBJECT_SCALE * k, v);
            } else {
                U.compareAndSetReference(old, OBJECTS + OBJECT_SCALE * k, old[k], v);
            }
        }
        return old.length;
    }
}
