package org.ssajit.lowering;

import org.ssajit.hotspot.ir.TypeTest;

import jdk.vm.ci.hotspot.HotSpotResolvedObjectType;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The lowering's {@link TypeTest}s, shaped from what HotSpot fixed when it loaded the type: a type
 * without subtypes is tested by one comparison of class pointers; any other with its
 * {@code super_check_offset} read now ({@link HotSpotResolvedObjectType#superCheckOffset()}), so that
 * the back end tests a primary super (a class or array within the display) with one compare and
 * goes to the secondary supers only for the others (docs/HOTSPOT-NOTES.md, "Type checks").
 */
final class TypeTests {
    private TypeTests() {
    }

    /** {@code instanceof} ({@code nullPasses} false) or {@code checkcast} (true) of {@code t}. */
    static TypeTest subtypeTest(ResolvedJavaType t, ConstantReflectionProvider constantReflection, boolean nullPasses) {
        if (TypeTest.hasNoSubtypes(t)) {
            return new TypeTest(t, constantReflection.asObjectHub(t), nullPasses, true, -1);
        }
        int offset = t instanceof HotSpotResolvedObjectType h ? h.superCheckOffset() : -1;
        return new TypeTest(t, constantReflection.asObjectHub(t), nullPasses, false, offset);
    }

    /** Whether the object's class is {@code t} itself (a subclass fails). */
    static TypeTest classIs(ResolvedJavaType t, ConstantReflectionProvider constantReflection) {
        return new TypeTest(t, constantReflection.asObjectHub(t), false, true, -1);
    }
}
