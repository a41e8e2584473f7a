package org.ssajit.util;

import java.util.Collection;
import java.util.Comparator;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * The compiler's list: a growable array, or an unmodifiable one ({@link #of}, {@link #copyOf}), in
 * place of {@code java.util.ArrayList}, {@code List.of} and {@code List.copyOf} on the compiler's
 * paths (see {@link IndexedList} for why). The growable kind behaves as {@code ArrayList} does,
 * fail-fast iterators included; the unmodifiable kind, made by {@link #of} and {@link #copyOf}, holds
 * no nulls and throws {@link UnsupportedOperationException} from every mutator, as {@code List.of}'s.
 */
public final class CompilerList<E> extends IndexedList<E> {
    private static final Object[] EMPTY = {};
    private static final CompilerList<?> NONE = new CompilerList<>(EMPTY, 0, true);

    private Object[] elements;
    private int size;
    private int modifications;
    private final boolean frozen;

    private CompilerList(Object[] elements, int size, boolean frozen) {
        this.elements = elements;
        this.size = size;
        this.frozen = frozen;
    }

    /** An empty growable list. */
    public CompilerList() {
        this(EMPTY, 0, false);
    }

    /** An empty growable list with room for {@code capacity} elements. */
    public CompilerList(int capacity) {
        this(capacity == 0 ? EMPTY : new Object[capacity], 0, false);
    }

    /** A growable list of {@code c}'s elements, in its iteration order. */
    public CompilerList(Collection<? extends E> c) {
        this(EMPTY, 0, false);
        Object[] a = elementsOf(c);
        elements = a.length == 0 ? EMPTY : a;
        size = a.length;
    }

    private static Object[] elementsOf(Collection<?> c) {
        if (c instanceof CompilerList<?> l) {
            Object[] a = new Object[l.size];
            System.arraycopy(l.elements, 0, a, 0, l.size);
            return a;
        }
        if (c instanceof IndexedList<?> l) {
            int n = l.size();
            Object[] a = new Object[n];
            for (int i = 0; i < n; i++) {
                a[i] = l.get(i);
            }
            return a;
        }
        Object[] a = c.toArray();
        return a.getClass() == Object[].class ? a : copy(a, a.length);
    }

    private static Object[] copy(Object[] a, int length) {
        Object[] b = new Object[length];
        System.arraycopy(a, 0, b, 0, IntMath.min(a.length, length));
        return b;
    }

    @SuppressWarnings("unchecked")
    public static <E> CompilerList<E> of() {
        return (CompilerList<E>) NONE;
    }

    public static <E> CompilerList<E> of(E e) {
        return frozen(nonNull(e));
    }

    public static <E> CompilerList<E> of(E e1, E e2) {
        return frozen(nonNull(e1), nonNull(e2));
    }

    public static <E> CompilerList<E> of(E e1, E e2, E e3) {
        return frozen(nonNull(e1), nonNull(e2), nonNull(e3));
    }

    /** An unmodifiable list of {@code es} (copied). */
    @SafeVarargs
    public static <E> CompilerList<E> of(E... es) {
        Object[] a = new Object[es.length];
        for (int i = 0; i < es.length; i++) {
            a[i] = nonNull(es[i]);
        }
        return a.length == 0 ? of() : new CompilerList<>(a, a.length, true);
    }

    private static <E> CompilerList<E> frozen(Object... a) {
        return new CompilerList<>(a, a.length, true);
    }

    /** {@code c} itself if it is an unmodifiable list of this kind, else an unmodifiable copy. */
    @SuppressWarnings("unchecked")
    public static <E> CompilerList<E> copyOf(Collection<? extends E> c) {
        if (c instanceof CompilerList<?> l && l.frozen) {
            return (CompilerList<E>) l;
        }
        Object[] a = elementsOf(c);
        for (Object e : a) {
            nonNull(e);
        }
        return a.length == 0 ? of() : new CompilerList<>(a, a.length, true);
    }

    private static <T> T nonNull(T e) {
        if (e == null) {
            throw new NullPointerException();
        }
        return e;
    }

    @Override
    protected int modifications() {
        return modifications;
    }

    private void mutable() {
        if (frozen) {
            throw new UnsupportedOperationException();
        }
    }

    private int checkIndex(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("Index " + index + " out of bounds for length " + size);
        }
        return index;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E get(int index) {
        return (E) elements[checkIndex(index)];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public int indexOf(Object o) {
        Object[] a = elements;
        int n = size;
        if (o == null) {
            for (int i = 0; i < n; i++) {
                if (a[i] == null) {
                    return i;
                }
            }
        } else {
            for (int i = 0; i < n; i++) {
                if (o.equals(a[i])) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E set(int index, E element) {
        mutable();
        checkIndex(index);
        E old = (E) elements[index];
        elements[index] = element;
        return old;
    }

    private void ensureCapacity(int needed) {
        if (needed > elements.length) {
            int grown = elements.length + (elements.length >> 1);
            elements = copy(elements, IntMath.max(IntMath.max(needed, grown), 10));
        }
    }

    @Override
    public boolean add(E e) {
        mutable();
        modifications++;
        if (size == elements.length) {
            ensureCapacity(size + 1);
        }
        elements[size++] = e;
        return true;
    }

    @Override
    public void add(int index, E element) {
        mutable();
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
        }
        modifications++;
        ensureCapacity(size + 1);
        System.arraycopy(elements, index, elements, index + 1, size - index);
        elements[index] = element;
        size++;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E remove(int index) {
        mutable();
        checkIndex(index);
        modifications++;
        E old = (E) elements[index];
        int tail = size - index - 1;
        if (tail > 0) {
            System.arraycopy(elements, index + 1, elements, index, tail);
        }
        elements[--size] = null;
        return old;
    }

    @Override
    public boolean remove(Object o) {
        mutable();
        return super.remove(o);
    }

    @Override
    public boolean addAll(Collection<? extends E> c) {
        mutable();
        Object[] a = elementsOf(c);
        modifications++;
        if (a.length == 0) {
            return false;
        }
        ensureCapacity(size + a.length);
        System.arraycopy(a, 0, elements, size, a.length);
        size += a.length;
        return true;
    }

    @Override
    public boolean addAll(int index, Collection<? extends E> c) {
        mutable();
        if (index < 0 || index > size) {
            throw new IndexOutOfBoundsException("Index: " + index + ", Size: " + size);
        }
        Object[] a = elementsOf(c);
        modifications++;
        if (a.length == 0) {
            return false;
        }
        ensureCapacity(size + a.length);
        System.arraycopy(elements, index, elements, index + a.length, size - index);
        System.arraycopy(a, 0, elements, index, a.length);
        size += a.length;
        return true;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean removeIf(Predicate<? super E> filter) {
        mutable();
        int expected = modifications;
        int n = size;
        int kept = 0;
        Object[] a = elements;
        for (int i = 0; i < n; i++) {
            Object e = a[i];
            if (!filter.test((E) e)) {
                a[kept++] = e;
            }
        }
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        for (int i = kept; i < n; i++) {
            a[i] = null;
        }
        size = kept;
        if (kept != n) {
            modifications++;
            return true;
        }
        return false;
    }

    @Override
    @SuppressWarnings("unchecked")
    public void replaceAll(UnaryOperator<E> operator) {
        mutable();
        int expected = modifications;
        for (int i = 0; i < size; i++) {
            elements[i] = operator.apply((E) elements[i]);
        }
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        modifications++;
    }

    /** Sorts stably, as {@code ArrayList.sort} does ({@link CompilerArrays#sort}). */
    @Override
    @SuppressWarnings("unchecked")
    public void sort(Comparator<? super E> c) {
        mutable();
        int expected = modifications;
        CompilerArrays.sort((E[]) elements, 0, size, c);
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        modifications++;
    }

    @Override
    public void clear() {
        mutable();
        modifications++;
        for (int i = 0; i < size; i++) {
            elements[i] = null;
        }
        size = 0;
    }

    @Override
    public Object[] toArray() {
        return copy(elements, size);
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        T[] r = a.length >= size ? a : (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), size);
        System.arraycopy(elements, 0, r, 0, size);
        if (r.length > size) {
            r[size] = null;
        }
        return r;
    }

    /** Removes the elements from {@code newSize} on. */
    public void truncate(int newSize) {
        mutable();
        if (newSize < 0 || newSize > size) {
            throw new IndexOutOfBoundsException(newSize);
        }
        if (newSize < size) {
            modifications++;
            for (int i = newSize; i < size; i++) {
                elements[i] = null;
            }
            size = newSize;
        }
    }
}
