package org.ssajit.util;

/**
 * A read-only view of a list that its owner keeps changing (a block's predecessors or instructions):
 * like {@code Collections.unmodifiableList}, but its iterator is one object, not a wrapper around the
 * backing list's, and {@link #get} reaches the backing list directly; like every {@link IndexedList}
 * it runs none of the JDK's collection code. Every mutator throws {@link UnsupportedOperationException}.
 */
public final class ReadOnlyList<E> extends IndexedList<E> {
    private final CompilerList<E> backing;

    /** A view of {@code backing}. */
    public ReadOnlyList(CompilerList<E> backing) {
        this.backing = backing;
    }

    @Override
    public E get(int index) {
        return backing.get(index);
    }

    @Override
    public int size() {
        return backing.size();
    }

    @Override
    public boolean isEmpty() {
        return backing.isEmpty();
    }

    @Override
    public int indexOf(Object o) {
        return backing.indexOf(o);
    }

    @Override
    public int lastIndexOf(Object o) {
        return backing.lastIndexOf(o);
    }

    @Override
    public boolean contains(Object o) {
        return backing.contains(o);
    }

    @Override
    public Object[] toArray() {
        return backing.toArray();
    }

    @Override
    public <T> T[] toArray(T[] a) {
        return backing.toArray(a);
    }
}
