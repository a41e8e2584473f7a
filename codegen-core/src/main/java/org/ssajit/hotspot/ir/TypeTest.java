package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.ResolvedJavaType;
import org.ssajit.util.Nulls;

/**
 * The attribute of a lowered {@link HotSpotOp#TYPE_TEST}: whether an object is an instance of {@code type}
 * (a class, an interface or an array type), and what a null reference gives ({@code instanceof}: 0;
 * {@code checkcast}: 1, null passes every cast). {@code hub} is the type's class-metadata pointer as
 * the VM's constant (code embeds it; HotSpot patches and tracks it).
 *
 * <p>{@code exact}: whether the object's class must be {@code type} itself, one comparison of class
 * pointers: a {@link Op#CLASS_IS} (a subclass fails), or a subtype test of a type without subtypes
 * (a final class, an array of primitives or of such a type). Only for a type that has instances of
 * its own (not an interface or an abstract class).
 *
 * <p>{@code superCheckOffset}: the type's {@code Klass::_super_check_offset}, which HotSpot sets when
 * it loads the class and never changes: where a subclass's metadata holds this type if it is one of
 * its primary supers (a class or array type within the display's depth), or the offset of the
 * secondary-super cache (interfaces, deeper classes). Known when the code is compiled, it lets the
 * back end test a primary super with one compare. -1 where not known (the code reads it from the
 * type's metadata).
 *
 * <p>{@code maybeNull}: false where the lowering proved the object non-null (its stamp, a dominating
 * null check or branch), so the code tests no null first.
 */
public record TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses, boolean exact, int superCheckOffset, boolean maybeNull) {
    public TypeTest {
        Nulls.requireNonNull(type, "type");
        Nulls.requireNonNull(hub, "hub");
        if (type.isPrimitive()) {
            throw new IllegalArgumentException("a type test of a primitive type: " + type);
        }
        if (exact && (type.isInterface() || (!type.isArray() && type.isAbstract()))) {
            throw new IllegalArgumentException("an exact class test of " + type.toJavaName() + ", which has no instances of its own");
        }
        if (superCheckOffset < -1) {
            throw new IllegalArgumentException("a negative super check offset: " + superCheckOffset);
        }
    }

    /** A subtype test ({@code instanceof}, {@code checkcast}) whose super check offset the code reads. */
    public TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses) {
        this(type, hub, nullPasses, false, -1, true);
    }

    public TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses, boolean exact, int superCheckOffset) {
        this(type, hub, nullPasses, exact, superCheckOffset, true);
    }

    /** This test of an object known not to be null. */
    public TypeTest ofNonNull() {
        return new TypeTest(type, hub, nullPasses, exact, superCheckOffset, false);
    }

    /**
     * Whether {@code t} has no proper subtype, ever: a final class, or an array whose element type is
     * primitive or has none (S[] is a subtype of T[] only for a subtype S of T). An instance of such a
     * type is one of exactly that class.
     */
    public static boolean hasNoSubtypes(ResolvedJavaType t) {
        if (t.isArray()) {
            ResolvedJavaType e = t.getComponentType();
            return e.isPrimitive() || hasNoSubtypes(e);
        }
        return !t.isPrimitive() && !t.isInterface() && !t.isAbstract() && t.isFinalFlagSet();
    }

    @Override
    public String toString() {
        return (exact ? "exactly " : "") + type.toJavaName() + (nullPasses ? ", null passes" : "")
                        + (superCheckOffset >= 0 && !exact ? ", super check at " + superCheckOffset : "") + (maybeNull ? "" : ", not null");
    }
}
