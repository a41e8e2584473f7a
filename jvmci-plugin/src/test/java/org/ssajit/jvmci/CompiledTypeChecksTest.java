package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.code.InstalledCode;

/**
 * {@code instanceof} and {@code checkcast} end to end: each {@link TypeCheckTargets} check is compiled,
 * installed and run on every object of {@link TypeCheckTargets#OBJECTS} (null included); answers,
 * casts and ClassCastExceptions must equal the interpreter's, and a failed cast must leave the code
 * installed. The types cover HotSpot's three paths: the object's own class, a primary super (a
 * class, or an array, within the display's 8 levels), and the secondary supers (interfaces,
 * classes deeper than the display, arrays of interfaces; a class with 70 interfaces).
 */
class CompiledTypeChecksTest {
    static List<Supplier<Object[]>> inputs() {
        List<Supplier<Object[]>> in = new ArrayList<>();
        for (Object o : TypeCheckTargets.OBJECTS) {
            in.add(() -> new Object[]{o});
        }
        return in;
    }

    static void check(String name) {
        CompiledRunner.allocation = CompiledRunner.Allocation.LINEAR_SCAN;
        Method m = Jvmci.declared(TypeCheckTargets.class, name);
        List<Supplier<Object[]>> in = inputs();
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + ": code invalidated (a failed cast must not invalidate it)");
    }

    /** The types of {@link #instanceOfAndCheckcast}, this run's {@link Shard} of them. */
    static Stream<String> types() {
        return Shard.of(Stream.of("Object", "String", "Number", "Integer", "Comparable", "CharSequence", "Serializable", "Cloneable", "List", "Collection",
                        "RandomAccess", "ArrayList", "IntArray", "LongArray", "ObjectArray", "StringArray", "ComparableArray", "ObjectArray2", "IntArray2",
                        "SerializableArray", "D3", "D7", "D8", "D10", "D10Array", "I0", "I33", "I69", "Many", "Runnable"));
    }

    @ParameterizedTest
    @MethodSource("types")
    void instanceOfAndCheckcast(String type) {
        check("is" + type);
        check("as" + type);
    }

    /** The targets of {@link #checksCombined}, this run's {@link Shard} of them. */
    static Stream<String> combined() {
        return Shard.of(Stream.of("castThenLength", "castArrayThenLength", "classify", "castsAfterTests", "castsAfterInterfaceTests"));
    }

    @ParameterizedTest
    @MethodSource("combined")
    void checksCombined(String name) {
        check(name);
    }
}
