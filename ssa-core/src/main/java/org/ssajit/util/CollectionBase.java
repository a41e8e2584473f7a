package org.ssajit.util;

import java.util.Collection;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The parts of a {@link java.util.Collection} that follow from {@link #iterator}, {@link #size} and
 * {@link #contains}: what {@code java.util.AbstractCollection} gives, as ssajit's code (see
 * {@link IndexedList} for why); {@link SetBase} adds a set's {@code equals} and {@code hashCode}. The
 * views of a {@link CompilerMap} and {@link CompilerSet} are made of them. Adding throws
 * {@link UnsupportedOperationException} unless a subclass overrides {@link #add}; removing goes
 * through the iterator's {@code remove}.
 */
public abstract class CollectionBase<E> implements Collection<E> {
    protected CollectionBase() {
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean add(E e) {
        throw new UnsupportedOperationException();
    }

    @Override
    public boolean remove(Object o) {
        for (Iterator<E> it = iterator(); it.hasNext();) {
            E e = it.next();
            if (o == null ? e == null : o.equals(e)) {
                it.remove();
                return true;
            }
        }
        return false;
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
    public boolean addAll(Collection<? extends E> c) {
        boolean changed = false;
        for (E e : c) {
            changed |= add(e);
        }
        return changed;
    }

    @Override
    public boolean removeIf(Predicate<? super E> filter) {
        boolean removed = false;
        for (Iterator<E> it = iterator(); it.hasNext();) {
            if (filter.test(it.next())) {
                it.remove();
                removed = true;
            }
        }
        return removed;
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
    public void clear() {
        removeIf(e -> true);
    }

    @Override
    public Object[] toArray() {
        Object[] a = new Object[size()];
        int i = 0;
        for (E e : this) {
            a[i++] = e;
        }
        return a;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T[] toArray(T[] a) {
        int n = size();
        T[] r = a.length >= n ? a : (T[]) java.lang.reflect.Array.newInstance(a.getClass().getComponentType(), n);
        int i = 0;
        for (E e : this) {
            r[i++] = (T) e;
        }
        if (r.length > n) {
            r[n] = null;
        }
        return r;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("[");
        boolean first = true;
        for (E e : this) {
            if (!first) {
                sb.append(", ");
            }
            first = false;
            sb.append(e == this ? "(this Collection)" : String.valueOf(e));
        }
        return sb.append(']').toString();
    }

    /** A set of ssajit's own: {@link CollectionBase} with the equality of {@link Set}s. */
    public abstract static class SetBase<E> extends CollectionBase<E> implements Set<E> {
        protected SetBase() {
        }

        @Override
        public boolean equals(Object o) {
            if (o == this) {
                return true;
            }
            if (!(o instanceof Set<?> other) || other.size() != size()) {
                return false;
            }
            for (Object e : other) {
                if (!contains(e)) {
                    return false;
                }
            }
            return true;
        }

        @Override
        public int hashCode() {
            int h = 0;
            for (E e : this) {
                h += e == null ? 0 : e.hashCode();
            }
            return h;
        }
    }
}
