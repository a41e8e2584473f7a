package org.ssajit.util;

import java.util.Collection;
import java.util.Iterator;

/**
 * The compiler's hash set, in place of {@code HashSet}, {@code LinkedHashSet} and identity sets on the
 * compiler's paths (see {@link IndexedList} for why): the keys of a {@link CompilerMap}, so it
 * iterates in insertion order and compares by {@code equals} ({@link #CompilerSet()}) or by identity
 * ({@link #identity()}).
 */
public final class CompilerSet<E> extends CollectionBase.SetBase<E> {
    private final CompilerMap<E, Boolean> map;

    private CompilerSet(CompilerMap<E, Boolean> map) {
        this.map = map;
    }

    /** An empty set comparing elements with {@code equals}. */
    public CompilerSet() {
        this(new CompilerMap<>());
    }

    /** A set comparing elements with {@code equals}, holding {@code c}'s elements in its iteration order. */
    public CompilerSet(Collection<? extends E> c) {
        this(new CompilerMap<>(c.size()));
        addAll(c);
    }

    /** An empty set comparing elements by identity. */
    public static <E> CompilerSet<E> identity() {
        return new CompilerSet<>(CompilerMap.identity());
    }

    @Override
    public int size() {
        return map.size();
    }

    @Override
    public boolean isEmpty() {
        return map.isEmpty();
    }

    @Override
    public boolean contains(Object o) {
        return map.containsKey(o);
    }

    @Override
    public boolean add(E e) {
        return map.put(e, Boolean.TRUE) == null;
    }

    @Override
    public boolean remove(Object o) {
        return map.remove(o) != null;
    }

    @Override
    public void clear() {
        map.clear();
    }

    @Override
    public Iterator<E> iterator() {
        return map.keySet().iterator();
    }
}
