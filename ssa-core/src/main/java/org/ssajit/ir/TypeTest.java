package org.ssajit.ir;

import java.util.Objects;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The attribute of a lowered {@link Op#TYPE_TEST}: whether an object is an instance of {@code type}
 * (a class, an interface or an array type), and what a null reference gives ({@code instanceof}: 0;
 * {@code checkcast}: 1, null passes every cast). {@code hub} is the type's class-metadata pointer as
 * the VM's constant (code embeds it; HotSpot patches and tracks it). {@code exact}: whether the
 * object's class is {@code type} itself (a subclass fails; {@link Op#CLASS_IS}), one comparison of
 * class pointers; only for a class that can have instances of its own (not an interface, an abstract
 * class or an array type).
 */
public record TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses, boolean exact) {
    public TypeTest {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(hub, "hub");
        if (type.isPrimitive()) {
            throw new IllegalArgumentException("a type test of a primitive type: " + type);
        }
        if (exact && (type.isInterface() || type.isArray() || type.isAbstract())) {
            throw new IllegalArgumentException("an exact class test of " + type.toJavaName() + ", which has no instances of its own");
        }
    }

    /** A subtype test ({@code instanceof}, {@code checkcast}). */
    public TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses) {
        this(type, hub, nullPasses, false);
    }

    @Override
    public String toString() {
        return (exact ? "exactly " : "") + type.toJavaName() + (nullPasses ? ", null passes" : "");
    }
}
