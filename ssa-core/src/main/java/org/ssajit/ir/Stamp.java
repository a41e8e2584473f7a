package org.ssajit.ir;

import java.util.Objects;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaType;
import org.ssajit.util.IntMath;

/**
 * What is known about a value wherever it is used: its kind, for an int or long the range of values it
 * can have, for a reference whether it can be null and a type it is an instance of (exactly, or that
 * type or a subtype). Stamps only ever describe every value that can occur; {@link #meet} gives a
 * stamp covering two. Float and double stamps carry their kind only.
 *
 * <p>A stamp never claims more than the bytecode verifier and the code guarantee: a declared type
 * (a parameter's, a field's) says the value is null or an instance of it, which the verifier ensures;
 * an unresolved or interface type says nothing (the verifier treats interfaces as Object).
 */
public final class Stamp {
    private static final Stamp VOID = new Stamp(JavaKind.Void, 0, 0, false, false, null, false);
    private static final Stamp FLOAT = new Stamp(JavaKind.Float, 0, 0, false, false, null, false);
    private static final Stamp DOUBLE = new Stamp(JavaKind.Double, 0, 0, false, false, null, false);
    private static final Stamp INT = new Stamp(JavaKind.Int, Integer.MIN_VALUE, Integer.MAX_VALUE, false, false, null, false);
    private static final Stamp LONG = new Stamp(JavaKind.Long, Long.MIN_VALUE, Long.MAX_VALUE, false, false, null, false);
    private static final Stamp OBJECT = new Stamp(JavaKind.Object, 0, 0, false, false, null, false);
    private static final Stamp NULL = new Stamp(JavaKind.Object, 0, 0, false, true, null, false);

    private final JavaKind kind;
    private final long lo;
    private final long hi;
    private final boolean nonNull;
    private final boolean alwaysNull;
    private final ResolvedJavaType type;
    private final boolean exactType;

    private Stamp(JavaKind kind, long lo, long hi, boolean nonNull, boolean alwaysNull, ResolvedJavaType type, boolean exactType) {
        this.kind = kind;
        this.lo = lo;
        this.hi = hi;
        this.nonNull = nonNull;
        this.alwaysNull = alwaysNull;
        this.type = type;
        this.exactType = exactType;
    }

    /** Nothing known beyond the kind (its stack kind: boolean, byte, char and short are ints). */
    public static Stamp unrestricted(JavaKind kind) {
        return switch (kind.getStackKind()) {
            case Int -> INT;
            case Long -> LONG;
            case Float -> FLOAT;
            case Double -> DOUBLE;
            case Object -> OBJECT;
            case Void -> VOID;
            default -> throw new IllegalArgumentException("no stamp for " + kind);
        };
    }

    /** The ints from {@code lo} to {@code hi} (inclusive). */
    public static Stamp forInt(long lo, long hi) {
        return integer(JavaKind.Int, IntMath.max(lo, Integer.MIN_VALUE), IntMath.min(hi, Integer.MAX_VALUE));
    }

    /** The longs from {@code lo} to {@code hi} (inclusive). */
    public static Stamp forLong(long lo, long hi) {
        return integer(JavaKind.Long, lo, hi);
    }

    private static Stamp integer(JavaKind kind, long lo, long hi) {
        if (lo > hi) {
            throw new IllegalArgumentException("empty range [" + lo + ", " + hi + "]");
        }
        return new Stamp(kind, lo, hi, false, false, null, false);
    }

    /** The values a field, array element or return value of {@code kind} can hold, on the stack (a char: 0..65535). */
    public static Stamp forValueOf(JavaKind kind) {
        return switch (kind) {
            case Boolean -> forInt(0, 1);
            case Byte -> forInt(Byte.MIN_VALUE, Byte.MAX_VALUE);
            case Char -> forInt(Character.MIN_VALUE, Character.MAX_VALUE);
            case Short -> forInt(Short.MIN_VALUE, Short.MAX_VALUE);
            default -> unrestricted(kind);
        };
    }

    public static Stamp forConstant(JavaConstant c) {
        return switch (c.getJavaKind().getStackKind()) {
            case Int -> forInt(c.asInt(), c.asInt());
            case Long -> forLong(c.asLong(), c.asLong());
            case Object -> c.isNull() ? NULL : new Stamp(JavaKind.Object, 0, 0, true, false, null, false);
            default -> unrestricted(c.getJavaKind());
        };
    }

    /**
     * A reference of declared type {@code declared} (null: unknown). Only a resolved class or array
     * type counts; exact if no subtype can exist (a final class, an array of primitives).
     */
    public static Stamp forDeclaredType(JavaType declared, boolean nonNull) {
        ResolvedJavaType t = declared instanceof ResolvedJavaType r && !r.isInterface() && !r.isJavaLangObject() ? r : null;
        boolean exact = t != null && (t.isArray() ? t.getElementalType().isPrimitive() || isLeaf(t.getElementalType()) : isLeaf(t));
        return new Stamp(JavaKind.Object, 0, 0, nonNull, false, t, exact);
    }

    private static boolean isLeaf(ResolvedJavaType t) {
        return t.isPrimitive() || !t.isInterface() && java.lang.reflect.Modifier.isFinal(t.getModifiers());
    }

    /** This stamp, known not to be null. */
    public Stamp asNonNull() {
        if (kind != JavaKind.Object || nonNull) {
            return this;
        }
        return new Stamp(kind, 0, 0, true, false, type, exactType);
    }

    public JavaKind kind() {
        return kind;
    }

    /** Lowest value of an int or long stamp. */
    public long lo() {
        return lo;
    }

    /** Highest value of an int or long stamp. */
    public long hi() {
        return hi;
    }

    public boolean isInteger() {
        return kind == JavaKind.Int || kind == JavaKind.Long;
    }

    /** An int or long that can take no other value than {@code v}. */
    public boolean isConstant(long v) {
        return isInteger() && lo == v && hi == v;
    }

    /** Whether {@code v} is among an int or long stamp's values (true for any other stamp). */
    public boolean contains(long v) {
        return !isInteger() || lo <= v && v <= hi;
    }

    public boolean isNonNegative() {
        return isInteger() && lo >= 0;
    }

    /** Whether every value of this int stamp is a value of {@code kind} (boolean: 0 or 1; byte, char, short). */
    public boolean fitsIn(JavaKind narrow) {
        Stamp s = forValueOf(narrow);
        return kind == JavaKind.Int && s.lo <= lo && hi <= s.hi;
    }

    public boolean isNonNull() {
        return nonNull;
    }

    public boolean isAlwaysNull() {
        return alwaysNull;
    }

    /** A type every non-null value is an instance of ({@link #isExactType()}: exactly), or null if unknown. */
    public ResolvedJavaType type() {
        return type;
    }

    public boolean isExactType() {
        return exactType;
    }

    /** The stamp covering the values of both (for a phi). */
    public Stamp meet(Stamp o) {
        if (kind != o.kind) {
            throw new IllegalArgumentException("meet of " + this + " and " + o);
        }
        if (isInteger()) {
            return lo <= o.lo && hi >= o.hi ? this : o.lo <= lo && o.hi >= hi ? o : integer(kind, IntMath.min(lo, o.lo), IntMath.max(hi, o.hi));
        }
        if (kind != JavaKind.Object) {
            return this;
        }
        if (alwaysNull) {
            return o.nonNull ? new Stamp(kind, 0, 0, false, false, o.type, o.exactType) : o;
        }
        if (o.alwaysNull) {
            return o.meet(this);
        }
        ResolvedJavaType t;
        boolean exact;
        if (type == null || o.type == null) {
            t = null;
            exact = false;
        } else if (type.equals(o.type)) {
            t = type;
            exact = exactType && o.exactType;
        } else {
            t = type.findLeastCommonAncestor(o.type);
            if (t != null && (t.isInterface() || t.isJavaLangObject())) {
                t = null;
            }
            exact = false;
        }
        return new Stamp(kind, 0, 0, nonNull && o.nonNull, false, t, exact);
    }

    /** Whether this stamp says at least what {@code o} says (every value of this is a value of {@code o}). */
    public boolean isWithin(Stamp o) {
        return meet(o).equals(o);
    }

    @Override
    public boolean equals(Object obj) {
        return obj instanceof Stamp s && kind == s.kind && lo == s.lo && hi == s.hi && nonNull == s.nonNull && alwaysNull == s.alwaysNull
                        && Objects.equals(type, s.type) && exactType == s.exactType;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, lo, hi, nonNull, type);
    }

    /** e.g. {@code i[0, 65535]}, {@code a! [Z exact}, {@code a null}. */
    @Override
    public String toString() {
        return switch (kind) {
            case Int, Long -> kind.getTypeChar() + "[" + lo + ", " + hi + "]";
            case Object -> "a" + (alwaysNull ? " null" : (nonNull ? "!" : "") + (type == null ? "" : " " + type.getName() + (exactType ? " exact" : "")));
            default -> String.valueOf(kind.getTypeChar());
        };
    }
}
