package org.ssajit.ir;

import java.util.Objects;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The attribute of a lowered {@link Op#TYPE_TEST}: whether an object is an instance of {@code type}
 * (a class, an interface or an array type), and what a null reference gives ({@code instanceof}: 0;
 * {@code checkcast}: 1, null passes every cast). {@code hub} is the type's class-metadata pointer as
 * the VM's constant (code embeds it; HotSpot patches and tracks it).
 */
public record TypeTest(ResolvedJavaType type, Constant hub, boolean nullPasses) {
    public TypeTest {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(hub, "hub");
        if (type.isPrimitive()) {
            throw new IllegalArgumentException("a type test of a primitive type: " + type);
        }
    }

    @Override
    public String toString() {
        return type.toJavaName() + (nullPasses ? ", null passes" : "");
    }
}
