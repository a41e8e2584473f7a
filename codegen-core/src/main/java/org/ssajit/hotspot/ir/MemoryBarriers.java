package org.ssajit.hotspot.ir;

/**
 * The orderings a {@link HotSpotOp#MEMBAR} enforces (its attribute: an Integer of these bits): no access
 * of the first kind before the barrier may be reordered with one of the second kind after it. The
 * Java memory model needs them around volatile accesses and at the end of constructors that wrote
 * final fields; each target emits what its memory model needs (x86: only StoreLoad costs anything).
 */
public final class MemoryBarriers {
    public static final int LOAD_LOAD = 1;
    public static final int LOAD_STORE = 2;
    public static final int STORE_LOAD = 4;
    public static final int STORE_STORE = 8;

    /** After a volatile read: later loads and stores stay after it (acquire). */
    public static final int AFTER_VOLATILE_READ = LOAD_LOAD | LOAD_STORE;
    /** Before a volatile write: earlier loads and stores stay before it (release). */
    public static final int BEFORE_VOLATILE_WRITE = LOAD_STORE | STORE_STORE;
    /** After a volatile write: a later volatile read does not pass it. */
    public static final int AFTER_VOLATILE_WRITE = STORE_LOAD;

    private MemoryBarriers() {
    }

    public static String toString(int bits) {
        StringBuilder sb = new StringBuilder();
        String[] names = {"loadload", "loadstore", "storeload", "storestore"};
        for (int i = 0; i < names.length; i++) {
            if ((bits & (1 << i)) != 0) {
                sb.append(sb.isEmpty() ? "" : "|").append(names[i]);
            }
        }
        return sb.toString();
    }
}
