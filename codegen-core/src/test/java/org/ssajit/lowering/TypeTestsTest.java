package org.ssajit.lowering;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The shapes of the lowering's type tests ({@link TypeTests}): one class compare exactly for the
 * types without subtypes, HotSpot's super check offset read at compile time for the others, a
 * primary-super slot for classes and arrays within the display, the secondary-super cache's offset
 * for interfaces and classes deeper than it. The end-to-end tests run the code of each shape.
 */
class TypeTestsTest {
    static final HotSpotVmConfig CONFIG = HotSpotVmConfig.host();

    static class D0 {
    }

    static class D1 extends D0 {
    }

    static class D2 extends D1 {
    }

    static class D3 extends D2 {
    }

    static class D4 extends D3 {
    }

    static class D5 extends D4 {
    }

    static class D6 extends D5 {
    }

    static class D7 extends D6 {
    }

    abstract static class Shape {
    }

    static ResolvedJavaType type(Class<?> c) {
        return Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
    }

    static TypeTest test(Class<?> c) {
        return TypeTests.subtypeTest(type(c), Jvmci.PROVIDERS.constantReflection(), false);
    }

    @Test
    void typesWithoutSubtypesAreOneCompare() {
        for (Class<?> c : new Class<?>[]{String.class, Integer.class, int[].class, long[][].class, String[].class, String[][].class, boolean[].class}) {
            TypeTest t = test(c);
            assertTrue(t.exact(), c + ": " + t);
            assertTrue(TypeTest.hasNoSubtypes(type(c)), c::getName);
        }
        for (Class<?> c : new Class<?>[]{Object.class, Number.class, Shape.class, D7.class, Object[].class, Number[].class, Runnable.class, Runnable[].class,
            Object[][].class, java.util.ArrayList.class}) {
            assertFalse(test(c).exact(), c::getName);
            assertFalse(TypeTest.hasNoSubtypes(type(c)), c::getName);
        }
    }

    @Test
    void primarySupersHaveTheirDisplaySlot() {
        // Object is the display's first slot, D0 (depth 1) the second, ...: HotSpot's display has 8.
        int object = test(Object.class).superCheckOffset();
        assertNotEquals(CONFIG.klassSecondarySuperCacheOffset, object);
        Class<?>[] chain = {D0.class, D1.class, D2.class, D3.class, D4.class, D5.class, D6.class, D7.class};
        for (int depth = 1; depth < chain.length; depth++) {
            assertEquals(object + 8 * depth, test(chain[depth - 1]).superCheckOffset(), chain[depth - 1].getName());
        }
        // D7 is at depth 8: past the display, a secondary super.
        assertEquals(CONFIG.klassSecondarySuperCacheOffset, test(D7.class).superCheckOffset());
        assertEquals(object + 8, test(Number.class).superCheckOffset());
        assertEquals(CONFIG.klassSecondarySuperCacheOffset, test(Runnable.class).superCheckOffset());
        assertEquals(CONFIG.klassSecondarySuperCacheOffset, test(java.io.Serializable[].class).superCheckOffset());
    }

    @Test
    void classIsIsExactAndOnlyForClassesWithInstances() {
        TypeTest t = TypeTests.classIs(type(D3.class), Jvmci.PROVIDERS.constantReflection());
        assertTrue(t.exact());
        assertThrows(IllegalArgumentException.class, () -> TypeTests.classIs(type(Shape.class), Jvmci.PROVIDERS.constantReflection()));
        assertThrows(IllegalArgumentException.class, () -> TypeTests.classIs(type(Runnable.class), Jvmci.PROVIDERS.constantReflection()));
    }
}
