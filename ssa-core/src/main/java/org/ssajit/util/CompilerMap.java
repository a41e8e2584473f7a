package org.ssajit.util;

import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The compiler's hash map, in place of {@code HashMap}, {@code LinkedHashMap} and
 * {@code IdentityHashMap} on the compiler's paths (see {@link IndexedList} for why). It iterates in
 * insertion order (a key put again keeps its place), as {@code LinkedHashMap} does, so what the
 * compiler derives from a walk over a map never depends on hash codes. Keys are compared with
 * {@code equals} ({@link #CompilerMap()}) or by identity ({@link #identity()}); null keys and values
 * are allowed.
 *
 * <p>Entries live in two dense arrays in insertion order; an open-addressing table of their indices
 * finds them. A removed entry leaves a hole that the next growth squeezes out.
 */
public final class CompilerMap<K, V> implements Map<K, V> {
    /** The key slot of a removed entry. */
    private static final Object REMOVED = new Object();
    /** The key stored for {@code null}. */
    private static final Object NULL = new Object();

    private final boolean identity;
    /** Keys ({@link #NULL} for null, {@link #REMOVED} for a hole) and values, in insertion order. */
    private Object[] keys;
    private Object[] values;
    /** Entries used in {@link #keys}, holes included. */
    private int used;
    private int size;
    /** Per slot, 1 + the index of an entry (holes included, so that probing goes past them), 0 if empty. */
    private int[] table;
    private int modifications;

    private CompilerMap(boolean identity, int capacity) {
        this.identity = identity;
        int n = IntMath.max(4, capacity);
        keys = new Object[n];
        values = new Object[n];
        table = new int[tableSizeFor(n)];
    }

    /** An empty map comparing keys with {@code equals}. */
    public CompilerMap() {
        this(false, 4);
    }

    /** An empty map comparing keys with {@code equals}, with room for {@code capacity} entries. */
    public CompilerMap(int capacity) {
        this(false, capacity);
    }

    /** A map comparing keys with {@code equals}, holding {@code m}'s entries in its iteration order. */
    public CompilerMap(Map<? extends K, ? extends V> m) {
        this(false, m.size());
        putAll(m);
    }

    /** An empty map comparing keys by identity, as {@code IdentityHashMap} does. */
    public static <K, V> CompilerMap<K, V> identity() {
        return new CompilerMap<>(true, 4);
    }

    private static int tableSizeFor(int entries) {
        int n = 8;
        while (n < 2 * entries) {
            n <<= 1;
        }
        return n;
    }

    private int hash(Object k) {
        int h = identity ? System.identityHashCode(k) : k.hashCode();
        h *= 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    private boolean same(Object a, Object b) {
        return a == b || (!identity && a.equals(b));
    }

    /** The index of {@code k}'s entry, or -1. */
    private int find(Object key) {
        Object k = key == null ? NULL : key;
        int mask = table.length - 1;
        int i = hash(k) & mask;
        while (true) {
            int e = table[i];
            if (e == 0) {
                return -1;
            }
            Object stored = keys[e - 1];
            if (stored != REMOVED && same(k, stored)) {
                return e - 1;
            }
            i = (i + 1) & mask;
        }
    }

    private int insert(K key, V value) {
        if (used == keys.length) {
            rebuild(size + 1);
        }
        Object k = key == null ? NULL : key;
        int mask = table.length - 1;
        int i = hash(k) & mask;
        while (table[i] != 0) {
            i = (i + 1) & mask;
        }
        int index = used++;
        keys[index] = k;
        values[index] = value;
        table[i] = index + 1;
        size++;
        modifications++;
        return index;
    }

    /** Squeezes the holes out, with room for {@code needed} entries. */
    private void rebuild(int needed) {
        int n = IntMath.max(4, IntMath.max(needed, size * 2));
        Object[] k = new Object[n];
        Object[] v = new Object[n];
        int j = 0;
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED) {
                k[j] = keys[i];
                v[j] = values[i];
                j++;
            }
        }
        keys = k;
        values = v;
        used = j;
        table = new int[tableSizeFor(n)];
        int mask = table.length - 1;
        for (int i = 0; i < j; i++) {
            int s = hash(k[i]) & mask;
            while (table[s] != 0) {
                s = (s + 1) & mask;
            }
            table[s] = i + 1;
        }
    }

    @SuppressWarnings("unchecked")
    private K keyAt(int index) {
        Object k = keys[index];
        return k == NULL ? null : (K) k;
    }

    @SuppressWarnings("unchecked")
    private V valueAt(int index) {
        return (V) values[index];
    }

    private void removeAt(int index) {
        keys[index] = REMOVED;
        values[index] = null;
        size--;
        modifications++;
        if (size == 0) {
            clear();
        }
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
    public boolean containsKey(Object key) {
        return find(key) >= 0;
    }

    @Override
    public boolean containsValue(Object value) {
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED && Objects.equals(value, values[i])) {
                return true;
            }
        }
        return false;
    }

    @Override
    public V get(Object key) {
        int i = find(key);
        return i < 0 ? null : valueAt(i);
    }

    @Override
    public V getOrDefault(Object key, V defaultValue) {
        int i = find(key);
        return i < 0 ? defaultValue : valueAt(i);
    }

    @Override
    public V put(K key, V value) {
        int i = find(key);
        if (i >= 0) {
            V old = valueAt(i);
            values[i] = value;
            return old;
        }
        insert(key, value);
        return null;
    }

    @Override
    public V putIfAbsent(K key, V value) {
        int i = find(key);
        if (i >= 0) {
            V old = valueAt(i);
            if (old == null) {
                values[i] = value;
            }
            return old;
        }
        insert(key, value);
        return null;
    }

    @Override
    public V remove(Object key) {
        int i = find(key);
        if (i < 0) {
            return null;
        }
        V old = valueAt(i);
        removeAt(i);
        return old;
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        if (m instanceof CompilerMap<? extends K, ? extends V> c) {
            for (int i = 0; i < c.used; i++) {
                if (c.keys[i] != REMOVED) {
                    put(c.keyAt(i), c.valueAt(i));
                }
            }
            return;
        }
        for (Map.Entry<? extends K, ? extends V> e : m.entrySet()) {
            put(e.getKey(), e.getValue());
        }
    }

    @Override
    public void clear() {
        if (used > 0) {
            for (int i = 0; i < used; i++) {
                keys[i] = null;
                values[i] = null;
            }
            int[] t = table;
            for (int i = 0; i < t.length; i++) {
                t[i] = 0;
            }
            used = 0;
            size = 0;
            modifications++;
        }
    }

    @Override
    public V computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        int i = find(key);
        if (i >= 0) {
            V old = valueAt(i);
            if (old != null) {
                return old;
            }
        }
        int expected = modifications;
        V v = mappingFunction.apply(key);
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        if (v != null) {
            if (i >= 0) {
                values[i] = v;
            } else {
                insert(key, v);
            }
        }
        return v;
    }

    @Override
    public V computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remapping) {
        int i = find(key);
        if (i < 0 || values[i] == null) {
            return null;
        }
        int expected = modifications;
        V v = remapping.apply(key, valueAt(i));
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        if (v == null) {
            removeAt(i);
        } else {
            values[i] = v;
        }
        return v;
    }

    @Override
    public V compute(K key, BiFunction<? super K, ? super V, ? extends V> remapping) {
        int i = find(key);
        int expected = modifications;
        V v = remapping.apply(key, i < 0 ? null : valueAt(i));
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        if (v == null) {
            if (i >= 0) {
                removeAt(i);
            }
        } else if (i >= 0) {
            values[i] = v;
        } else {
            insert(key, v);
        }
        return v;
    }

    @Override
    public V merge(K key, V value, BiFunction<? super V, ? super V, ? extends V> remapping) {
        if (value == null) {
            throw new NullPointerException();
        }
        int i = find(key);
        if (i < 0 || values[i] == null) {
            if (i < 0) {
                insert(key, value);
            } else {
                values[i] = value;
            }
            return value;
        }
        int expected = modifications;
        V v = remapping.apply(valueAt(i), value);
        if (modifications != expected) {
            throw new ConcurrentModificationException();
        }
        if (v == null) {
            removeAt(i);
        } else {
            values[i] = v;
        }
        return v;
    }

    @Override
    public void forEach(BiConsumer<? super K, ? super V> action) {
        int expected = modifications;
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED) {
                action.accept(keyAt(i), valueAt(i));
            }
            if (modifications != expected) {
                throw new ConcurrentModificationException();
            }
        }
    }

    @Override
    public Set<K> keySet() {
        return new SetView<>() {
            @Override
            K at(int index) {
                return keyAt(index);
            }

            @Override
            public boolean contains(Object o) {
                return containsKey(o);
            }

            @Override
            public boolean remove(Object o) {
                int i = find(o);
                if (i < 0) {
                    return false;
                }
                removeAt(i);
                return true;
            }
        };
    }

    @Override
    public Collection<V> values() {
        return new View<>() {
            @Override
            V at(int index) {
                return valueAt(index);
            }

            @Override
            public boolean contains(Object o) {
                return containsValue(o);
            }
        };
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        return new SetView<>() {
            @Override
            Map.Entry<K, V> at(int index) {
                return new Entry(index);
            }

            @Override
            public boolean contains(Object o) {
                if (!(o instanceof Map.Entry<?, ?> e)) {
                    return false;
                }
                int i = find(e.getKey());
                return i >= 0 && Objects.equals(values[i], e.getValue());
            }
        };
    }

    @Override
    public boolean equals(Object o) {
        if (o == this) {
            return true;
        }
        if (!(o instanceof Map<?, ?> m) || m.size() != size) {
            return false;
        }
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED) {
                K k = keyAt(i);
                Object v = values[i];
                if (v == null ? m.get(k) != null || !m.containsKey(k) : !v.equals(m.get(k))) {
                    return false;
                }
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = 0;
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED) {
                Object k = keyAt(i);
                Object v = values[i];
                h += (k == null ? 0 : identity ? System.identityHashCode(k) : k.hashCode()) ^ (v == null ? 0 : v.hashCode());
            }
        }
        return h;
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("{");
        boolean first = true;
        for (int i = 0; i < used; i++) {
            if (keys[i] != REMOVED) {
                if (!first) {
                    sb.append(", ");
                }
                first = false;
                Object k = keyAt(i);
                Object v = values[i];
                sb.append(k == this ? "(this Map)" : String.valueOf(k)).append('=').append(v == this ? "(this Map)" : String.valueOf(v));
            }
        }
        return sb.append('}').toString();
    }

    /** A live entry: reads and writes through to the map while its key is there. */
    private final class Entry implements Map.Entry<K, V> {
        private final int index;
        private final K key;

        Entry(int index) {
            this.index = index;
            this.key = keyAt(index);
        }

        @Override
        public K getKey() {
            return key;
        }

        @Override
        public V getValue() {
            return valueAt(index);
        }

        @Override
        public V setValue(V value) {
            V old = valueAt(index);
            values[index] = value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Map.Entry<?, ?> e && Objects.equals(key, e.getKey()) && Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            V v = getValue();
            return (key == null ? 0 : identity ? System.identityHashCode(key) : key.hashCode()) ^ (v == null ? 0 : v.hashCode());
        }

        @Override
        public String toString() {
            return key + "=" + getValue();
        }
    }

    /** A view of the entries in insertion order; its iterator removes through the map. */
    private abstract class View<T> extends CollectionBase<T> {
        abstract T at(int index);

        @Override
        public int size() {
            return size;
        }

        @Override
        public void clear() {
            CompilerMap.this.clear();
        }

        @Override
        public Iterator<T> iterator() {
            return new Iterator<>() {
                private int next = skip(0);
                private int last = -1;
                private int expected = modifications;

                private int skip(int i) {
                    while (i < used && keys[i] == REMOVED) {
                        i++;
                    }
                    return i;
                }

                @Override
                public boolean hasNext() {
                    return next < used;
                }

                @Override
                public T next() {
                    if (modifications != expected) {
                        throw new ConcurrentModificationException();
                    }
                    if (next >= used) {
                        throw new NoSuchElementException();
                    }
                    last = next;
                    next = skip(next + 1);
                    return at(last);
                }

                @Override
                public void remove() {
                    if (last < 0) {
                        throw new IllegalStateException();
                    }
                    if (modifications != expected) {
                        throw new ConcurrentModificationException();
                    }
                    // Not removeAt: emptying the map must not reset the arrays under the iteration.
                    keys[last] = REMOVED;
                    values[last] = null;
                    size--;
                    modifications++;
                    last = -1;
                    expected = modifications;
                }
            };
        }
    }

    /** A view with the equality of sets. */
    private abstract class SetView<T> extends View<T> implements Set<T> {
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
            for (T e : this) {
                h += e == null ? 0 : e.hashCode();
            }
            return h;
        }
    }
}
