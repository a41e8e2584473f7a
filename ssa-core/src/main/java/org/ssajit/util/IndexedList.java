package org.ssajit.util;

import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.NoSuchElementException;
import java.util.RandomAccess;
import java.util.function.Consumer;

/**
 * The read-only part of a {@link List} written in terms of {@link #get} and {@link #size}, with its
 * own iterators: what {@code java.util.AbstractList} gives, but as ssajit's code. The compiler runs in
 * the program's JVM; HotSpot leaves ssajit's modules to C1 without profiling, but the JDK methods they
 * call count their invocations like the program's, and the compiler's heavy use of the JDK's
 * collections (their iterators, {@code AbstractList}'s defaults) made them hot and queued tier-4
 * compiles of them from the compiler thread. A list of this kind runs none of the JDK's code for the
 * operations it overrides. Every mutator throws {@link UnsupportedOperationException} unless a
 * subclass overrides it.
 *
 * <p>{@link #modifications} is the count a subclass bumps on each structural change, which the
 * iterators check as {@code java.util}'s do.
 */
public abstract class IndexedList<E> implements List<E>, RandomAccess {
    protected IndexedList() {
    }

    /** Structural changes so far; the iterators fail fast if it changes under them. */
    protected int modifications() {
        return 0;
    }

    @Override
    public abstract E get(int index);

    @Override
    public abstract int size();

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean contains(Object o) {
        return indexOf(o) >= 0;
    }

    @Override
    public int indexOf(Object o) {
        int n = size();
        for (int i = 0; i < n; i++) {
            if (o == null ? get(i) == null : o.equals(get(i))) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int lastIndexOf(Object o) {
        for (int i = size() - 1; i >= 0; i--) {
            if (o == null ? get(i) == null : o.equals(get(i))) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public boolean containsAll(Collection<?> c) {
        for (Object o : c) {
            if (!contains(o)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Object[] toArray() {
        int n = size();
        Object[] a = new Object[n];
        for (int i = 0; i < n; i++) {
            a[i] = get(i);
        }
        return a;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        int n = size();
        T[] r = a.length >= n ? a : (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), n);
        for (int i = 0; i < n; i++) {
            r[i] = (T) get(i);
        }
        if (r.length > n) {
            r[n] = null;
        }
        return r;
    }

    @Override
    public void forEach(Consumer<? super E> action) {
        int n = size();
        int expected = modifications();
        for (int i = 0; i < n; i++) {
            action.accept(get(i));
        }
        if (modifications() != expected) {
            throw new ConcurrentModificationException();
        }
    }

    @Override
    public E getFirst() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return get(0);
    }

    @Override
    public E getLast() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return get(size() - 1);
    }

    @Override
    public E removeFirst() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return remove(0);
    }

    @Override
    public E removeLast() {
        if (isEmpty()) {
            throw new NoSuchElementException();
        }
        return remove(size() - 1);
    }

    @Override
    public void addFirst(E e) {
        add(0, e);
    }

    @Override
    public void addLast(E e) {
        add(e);
    }

    @Override
    public Iterator<E> iterator() {
        return new Itr(0);
    }

    @Override
    public ListIterator<E> listIterator() {
        return new Itr(0);
    }

    @Override
    public ListIterator<E> listIterator(int index) {
        if (index < 0 || index > size()) {
            throw new IndexOutOfBoundsException(index);
        }
        return new Itr(index);
    }

    @Override
    public List<E> subList(int fromIndex, int toIndex) {
        if (fromIndex < 0 || toIndex > size() || fromIndex > toIndex) {
            throw new IndexOutOfBoundsException("from " + fromIndex + " to " + toIndex + " of " + size());
        }
        return new SubList<>(this, fromIndex, toIndex);
    }

    @Override
    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    @Override
    public void add(int index, E element) {
        throw new UnsupportedOperationException();
    }

    @Override
    public E set(int index, E element) {
        throw new UnsupportedOperationException();
    }

    @Override
    public E remove(int index) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean remove(Object o) {
        int i = indexOf(o);
        if (i < 0) {
            return false;
        }
        remove(i);
        return true;
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        return addAll(size(), c);
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        int i = index;
        for (E e : c) {
            add(i++, e);
        }
        return i != index;
    }

    @Override
    public boolean removeAll(Collection<?> c) {
        return removeIf(c::contains);
    }

    @Override
    public boolean retainAll(Collection<?> c) {
        return removeIf(e -> !c.contains(e));
    }

    @Override
    public boolean removeIf(java.util.function.Predicate<? super E> filter) {
        boolean removed = false;
        for (int i = size() - 1; i >= 0; i--) {
            if (filter.test(get(i))) {
                remove(i);
                removed = true;
            }
        }
        return removed;
    }

    @Override
    public void clear() {
        for (int i = size() - 1; i >= 0; i--) {
            remove(i);
        }
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof List<?> other)) {
            return false;
        }
        int n = size();
        if (other instanceof RandomAccess) {
            if (other.size() != n) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                Object a = get(i);
                Object b = other.get(i);
                if (a == null ? b != null : !a.equals(b)) {
                    return false;
                }
            }
            return true;
        }
        int i = 0;
        for (Object b : other) {
            if (i == n) {
                return false;
            }
            Object a = get(i++);
            if (a == null ? b != null : !a.equals(b)) {
                return false;
            }
        }
        return i == n;
    }

    @Override
    public int hashCode() {
        int h = 1;
        int n = size();
        for (int i = 0; i < n; i++) {
            Object e = get(i);
            h = 31 * h + (e == null ? 0 : e.hashCode());
        }
        return h;
    }

    @Override
    public String toString() {
        int n = size();
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            Object e = get(i);
            sb.append(e == this ? "(this Collection)" : String.valueOf(e));
        }
        return sb.append(']').toString();
    }

    /** The list iterator: by index, failing fast on a structural change not made through it. */
    private final class Itr implements ListIterator<E> {
        private int cursor;
        private int last = -1;
        private int expected = modifications();

        Itr(int cursor) {
            this.cursor = cursor;
        }

        @Override
        public boolean hasNext() {
            return cursor < size();
        }

        @Override
        public E next() {
            if (modifications() != expected) {
                throw new ConcurrentModificationException();
            }
            int i = cursor;
            if (i >= size()) {
                throw new NoSuchElementException();
            }
            cursor = i + 1;
            last = i;
            return get(i);
        }

        @Override
        public boolean hasPrevious() {
            return cursor > 0;
        }

        @Override
        public E previous() {
            if (modifications() != expected) {
                throw new ConcurrentModificationException();
            }
            int i = cursor - 1;
            if (i < 0) {
                throw new NoSuchElementException();
            }
            cursor = i;
            last = i;
            return get(i);
        }

        @Override
        public int nextIndex() {
            return cursor;
        }

        @Override
        public int previousIndex() {
            return cursor - 1;
        }

        @Override
        public void remove() {
            if (last < 0) {
                throw new IllegalStateException();
            }
            if (modifications() != expected) {
                throw new ConcurrentModificationException();
            }
            IndexedList.this.remove(last);
            cursor = last;
            last = -1;
            expected = modifications();
        }

        @Override
        public void set(E e) {
            if (last < 0) {
                throw new IllegalStateException();
            }
            if (modifications() != expected) {
                throw new ConcurrentModificationException();
            }
            IndexedList.this.set(last, e);
        }

        @Override
        public void add(E e) {
            if (modifications() != expected) {
                throw new ConcurrentModificationException();
            }
            IndexedList.this.add(cursor++, e);
            last = -1;
            expected = modifications();
        }
    }

    /** A view of a range of a list; changes made through it reach the list, others invalidate it. */
    private static final class SubList<E> extends IndexedList<E> {
        private final IndexedList<E> root;
        private final int offset;
        private int size;
        private int expected;

        SubList(IndexedList<E> root, int from, int to) {
            this.root = root;
            this.offset = from;
            this.size = to - from;
            this.expected = root.modifications();
        }

        private void check() {
            if (root.modifications() != expected) {
                throw new ConcurrentModificationException();
            }
        }

        private int index(int i) {
            if (i < 0 || i >= size) {
                throw new IndexOutOfBoundsException(i);
            }
            return offset + i;
        }

        @Override
        protected int modifications() {
            return root.modifications();
        }

        @Override
        public E get(int index) {
            check();
            return root.get(index(index));
        }

        @Override
        public int size() {
            check();
            return size;
        }

        @Override
        public E set(int index, E element) {
            check();
            return root.set(index(index), element);
        }

        @Override
        public void add(int index, E element) {
            check();
            if (index < 0 || index > size) {
                throw new IndexOutOfBoundsException(index);
            }
            root.add(offset + index, element);
            expected = root.modifications();
            size++;
        }

        @Override
        public E remove(int index) {
            check();
            E old = root.remove(index(index));
            expected = root.modifications();
            size--;
            return old;
        }
    }
}
