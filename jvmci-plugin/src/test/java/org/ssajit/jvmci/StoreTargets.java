package org.ssajit.jvmci;

import java.io.Serializable;

/**
 * Reference stores for {@link CompiledReferenceStoresTest}: putfield, putstatic (plain and volatile) and
 * aastore of references, with the aastore store check (ArrayStoreException) on arrays of classes,
 * interfaces and arrays, null values, and stores that link young objects into old ones (the
 * collectors' card marks must remember them: a young collection follows, then everything is read
 * back). HotSpot's compilers are kept off this class; every method here returns what it stored, read
 * back, so a lost or misplaced store changes the answer.
 */
final class StoreTargets {
    private StoreTargets() {
    }

    static final class Node {
        final int id;
        Node next;
        Object payload;
        volatile Node shared;

        Node(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "Node" + id;
        }
    }

    static Node sNode;
    static Object sObject;
    static volatile Object sVolatile;
    static String sString;

    /** Instance fields: a small cycle, a payload of another class, null, a volatile field. */
    static long fields(int n) {
        Node a = new Node(n);
        Node b = new Node(n + 1);
        a.next = b;
        b.next = (n & 1) == 0 ? a : null;
        a.payload = new int[]{n, n * 2};
        b.payload = (n & 2) == 0 ? "p" + n : null;
        a.shared = b;
        b.shared = a.shared;
        long s = a.next.id + (b.next == null ? 100 : b.next.id) + ((int[]) a.payload)[1] + (b.payload == null ? 7 : b.payload.hashCode());
        return s * 31 + a.shared.id + b.shared.id;
    }

    /** Static fields (the class's mirror is the base): plain, volatile, null. */
    static long statics(int n) {
        sNode = new Node(n);
        sNode.next = sNode;
        sObject = (n & 1) == 0 ? sNode : null;
        sVolatile = "v" + (n & 7);
        sString = (n & 4) == 0 ? null : "s";
        return sNode.next.id + (sObject == null ? 11 : ((Node) sObject).id) + sVolatile.hashCode() + (sString == null ? 5 : sString.length());
    }

    /** aastore into whatever array comes: the store check decides (ArrayStoreException, null passes). */
    static Object aastore(Object[] a, int i, Object v) {
        a[i] = v;
        return a[i];
    }

    /** aastore of elements of one array into another, until one does not fit. */
    static int copy(Object[] from, Object[] to) {
        int k = 0;
        for (; k < from.length && k < to.length; k++) {
            to[k] = from[k];
        }
        return k;
    }

    /** Into a String[] (a final element class): the stamps prove the check, which is left out. */
    static String intoStrings(String[] a, int i, String s) {
        a[i] = s;
        a[a.length - 1 - i] = null;
        return a[i];
    }

    /** Into arrays allocated here: their class is exact, the check cut down to the value's stamp. */
    static long freshArrays(int n) {
        Object[] o = new Object[4];
        Comparable<?>[] c = new Comparable<?>[4];
        Serializable[] s = new Serializable[4];
        int[][] m = new int[3][];
        o[0] = "x";
        o[1] = new int[n & 7];
        o[2] = o;
        c[0] = (n & 1) == 0 ? "c" : Integer.valueOf(n);
        c[1] = null;
        s[0] = Long.valueOf(n);
        s[1] = new int[2]; // an array is Serializable
        m[0] = new int[]{n};
        m[2] = m[0];
        return ((int[]) o[1]).length + (o[2] == o ? 3 : 0) + c[0].hashCode() + (c[1] == null ? 1 : 0) + s[0].hashCode() + ((int[]) s[1]).length
                        + m[2][0];
    }

    /**
     * Constants into arrays allocated here: a string fits a CharSequence[] (the lowering proves it, no
     * check); into what is an Integer[] it does not (the check stays: ArrayStoreException for n > 2).
     */
    static int constantsIntoFreshArrays(int n) {
        CharSequence[] c = new CharSequence[2];
        c[0] = "k";
        Object[] integers = new Integer[1];
        if (n > 2) {
            integers[0] = "x";
        }
        return c[0].length() + integers.length + (c[1] == null ? 1 : 0);
    }

    /** A multi-dimensional array's rows stored through an Object[] view (an int[][] accepts int[] only). */
    static int rows(Object[] matrix, Object row) {
        matrix[0] = row;
        return matrix.length;
    }

    /** Old objects for {@link #oldToYoung}: made, then promoted to the old generation by full collections. */
    static Object[] aged(int size) {
        Node[] old = new Node[size];
        for (int k = 0; k < size; k++) {
            old[k] = new Node(-k);
        }
        Object[][] table = new Object[16][16];
        for (int k = 0; k < 2; k++) {
            System.gc();
        }
        return new Object[]{old, table};
    }

    /**
     * Links new objects into old ones (fields and arrays) that nothing else wrote since they were
     * promoted, allocates enough to run young collections (which find the new objects only through
     * the cards the barriers dirtied), then reads everything back.
     */
    static long oldToYoung(Node[] old, Object[][] table, int n) {
        for (int k = 0; k < old.length; k++) {
            Node y = new Node(n + k);
            y.payload = new long[]{n, k};
            old[k].next = y;
            old[k].payload = y.payload;
            table[k & 15][(k + n) & 15] = y;
        }
        long garbage = 0;
        for (int k = 0; k < 100_000; k++) {
            garbage += new long[32].length; // about 27 MB of short-lived arrays
        }
        long s = garbage;
        for (int k = 0; k < old.length; k++) {
            Node y = old[k].next;
            long[] p = (long[]) old[k].payload;
            s = s * 31 + y.id + p[0] + p[1] + (y.payload == p ? 1 : 0);
        }
        for (Object[] row : table) {
            for (Object o : row) {
                s = s * 7 + (o == null ? 0 : ((Node) o).id);
            }
        }
        return s;
    }

    /**
     * Moves references around among old objects (swapping fields and array slots) while collections,
     * concurrent ones under G1, run: an object must never be lost, however it moves. Returns the sum
     * of the ids reachable from the array, which the swaps keep.
     */
    static long shuffle(Node[] nodes, int seed, int rounds) {
        int x = seed;
        for (int r = 0; r < rounds; r++) {
            x = x * 1103515245 + 12345;
            int i = (x >>> 8) % nodes.length;
            x = x * 1103515245 + 12345;
            int j = (x >>> 8) % nodes.length;
            Node a = nodes[i];
            Node b = nodes[j];
            Node t = a.next;
            a.next = b.next;
            b.next = t;
            Object p = a.payload;
            a.payload = b.payload;
            b.payload = p;
            nodes[i] = b;
            nodes[j] = a;
        }
        long sum = 0;
        for (Node n : nodes) {
            sum += n.id + (n.next == null ? 0 : n.next.id) + (n.payload instanceof int[] p ? p[0] : 0);
        }
        return sum;
    }

    /**
     * Hides each old object in a new one for a moment: the old array's slot is cleared while the only
     * other reference is in a new object, which G1's concurrent marking never scans (it counts objects
     * allocated since marking began as live without looking into them). Only the SATB pre-barrier of
     * the clearing store, which records the overwritten reference, keeps such an object marked.
     * Returns the sum of the ids (and payloads) found afterwards.
     */
    static long hide(Node[] holders, int rounds) {
        long s = 0;
        for (int r = 0; r < rounds; r++) {
            Node[] boxes = new Node[holders.length];
            for (int i = 0; i < holders.length; i++) {
                Node b = new Node(i);
                b.payload = holders[i];
                holders[i] = null;
                boxes[i] = b;
            }
            for (int i = 0; i < holders.length; i++) {
                holders[i] = (Node) boxes[i].payload;
            }
            for (Node n : holders) {
                s += n.id + ((int[]) n.payload)[0];
            }
        }
        return s;
    }

    /**
     * A new payload for every node (an old one, where the caller made them old: the store needs its
     * card marked for a young collection to find the payload); the payloads' sum.
     */
    static long adopt(Node[] nodes, int k) {
        long sum = 0;
        for (int i = 0; i < nodes.length; i++) {
            nodes[i].payload = new int[] {i + k};
        }
        for (Node n : nodes) {
            sum += ((int[]) n.payload)[0];
        }
        return sum;
    }

    /** Nodes for {@link #shuffle}, each with a successor and a payload of its own. */
    static Node[] ring(int size) {
        Node[] nodes = new Node[size];
        for (int k = 0; k < size; k++) {
            nodes[k] = new Node(k);
            nodes[k].payload = new int[]{k * 3};
        }
        for (int k = 0; k < size; k++) {
            nodes[k].next = new Node(1000 + k);
        }
        return nodes;
    }

    /**
     * A final class with typed fields, for the targets that store and read back without a cast or an
     * {@code instanceof} (a store into a {@code Cell[]} needs no store check either): they exercise the
     * barriers on a back end that does not compile type checks yet.
     */
    static final class Cell {
        final int id;
        Cell next;
        long[] data;

        Cell(int id) {
            this.id = id;
        }

        @Override
        public String toString() {
            return "Cell" + id;
        }
    }

    /** Old cells for {@link #oldToYoungCells}, as {@link #aged}. */
    static Object[] agedCells(int size) {
        Cell[] old = new Cell[size];
        for (int k = 0; k < size; k++) {
            old[k] = new Cell(-k);
        }
        Cell[][] table = new Cell[16][16];
        for (int k = 0; k < 2; k++) {
            System.gc();
        }
        return new Object[]{old, table};
    }

    /** {@link #oldToYoung} without casts: new cells and arrays linked into old ones, young collections, everything read back. */
    static long oldToYoungCells(Cell[] old, Cell[][] table, int n) {
        for (int k = 0; k < old.length; k++) {
            Cell y = new Cell(n + k);
            y.data = new long[]{n, k};
            old[k].next = y;
            old[k].data = y.data;
            table[k & 15][(k + n) & 15] = y;
        }
        long garbage = 0;
        for (int k = 0; k < 100_000; k++) {
            garbage += new long[32].length;
        }
        long s = garbage;
        for (int k = 0; k < old.length; k++) {
            Cell y = old[k].next;
            long[] p = old[k].data;
            s = s * 31 + y.id + p[0] + p[1] + (y.data == p ? 1 : 0);
        }
        for (Cell[] row : table) {
            for (Cell o : row) {
                s = s * 7 + (o == null ? 0 : o.id);
            }
        }
        return s;
    }

    /** {@link #shuffle} without casts: fields and array slots of old cells swapped; the sum of what is reachable stays. */
    static long shuffleCells(Cell[] cells, int seed, int rounds) {
        int x = seed;
        for (int r = 0; r < rounds; r++) {
            x = x * 1103515245 + 12345;
            int i = (x >>> 8) % cells.length;
            x = x * 1103515245 + 12345;
            int j = (x >>> 8) % cells.length;
            Cell a = cells[i];
            Cell b = cells[j];
            Cell t = a.next;
            a.next = b.next;
            b.next = t;
            long[] p = a.data;
            a.data = b.data;
            b.data = p;
            cells[i] = b;
            cells[j] = a;
        }
        long sum = 0;
        for (Cell c : cells) {
            sum += c.id + (c.next == null ? 0 : c.next.id) + (c.data == null ? 0 : c.data[0]);
        }
        return sum;
    }

    /** Cells for {@link #shuffleCells}, each with a successor and data of its own. */
    static Cell[] ringCells(int size) {
        Cell[] cells = new Cell[size];
        for (int k = 0; k < size; k++) {
            cells[k] = new Cell(k);
            cells[k].data = new long[]{k * 3L};
        }
        for (int k = 0; k < size; k++) {
            cells[k].next = new Cell(1000 + k);
        }
        return cells;
    }

    /**
     * {@link #hide} without casts, each old cell hidden in a new box for {@code millis} ms (a call that
     * sleeps): long enough for a whole concurrent marking to scan the emptied array, so that only the
     * SATB pre-barrier of the clearing store keeps the cells marked.
     */
    static long hideCells(Cell[] holders, int millis) {
        long s = 0;
        {
            Cell[] boxes = new Cell[holders.length];
            for (int i = 0; i < holders.length; i++) {
                Cell b = new Cell(i);
                b.next = holders[i];
                holders[i] = null;
                boxes[i] = b;
            }
            pause(millis);
            for (int i = 0; i < holders.length; i++) {
                holders[i] = boxes[i].next;
            }
            for (Cell c : holders) {
                s += c.id + c.data[0];
            }
        }
        return s;
    }

    /** Sleeps (interpreted: this class is kept from HotSpot's compilers); a call from compiled code. */
    static void pause(int millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
