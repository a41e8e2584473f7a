package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.ClassGen;

import jdk.vm.ci.code.InstalledCode;

/**
 * Bytecode javac never emits, compiled end to end: three-way compares whose result is a value (not
 * fused into a branch), ints returned from methods declared boolean, byte, char or short (ireturn
 * narrows), ints stored into boolean fields and arrays (masked to the low bit), an ldc of a class not
 * loaded yet (unresolved: deoptimizes). The interpreter is the oracle, as in {@link CompiledMethodsTest}.
 */
class GeneratedMethodsTest {
    private static final ClassDesc FIELDS = ClassDesc.of(GeneratedFields.class.getName());
    private static final Class<?> GENERATED = new ClassGen("IselGenerated")
                    .staticMethod("fcmpl", "(FF)I", c -> c.fload(0).fload(1).fcmpl().ireturn())
                    .staticMethod("fcmpg", "(FF)I", c -> c.fload(0).fload(1).fcmpg().ireturn())
                    .staticMethod("dcmpl", "(DD)I", c -> c.dload(0).dload(2).dcmpl().ireturn())
                    .staticMethod("dcmpg", "(DD)I", c -> c.dload(0).dload(2).dcmpg().ireturn())
                    .staticMethod("lcmp", "(JJ)I", c -> c.lload(0).lload(2).lcmp().ireturn())
                    .staticMethod("lcmpConst", "(J)I", c -> c.lload(0).ldc(0x1_0000_0000L).lcmp().ireturn())
                    .staticMethod("retBoolean", "(I)Z", c -> c.iload(0).ireturn())
                    .staticMethod("retByte", "(I)B", c -> c.iload(0).ireturn())
                    .staticMethod("retChar", "(I)C", c -> c.iload(0).ireturn())
                    .staticMethod("retShort", "(I)S", c -> c.iload(0).ireturn())
                    .staticMethod("retBooleanConst", "()Z", c -> c.iconst_2().ireturn())
                    .staticMethod("zastore", "([ZII)V", c -> c.aload(0).iload(1).iload(2).bastore().return_())
                    .staticMethod("zastoreConst", "([ZI)V", c -> c.aload(0).iload(1).iconst_3().bastore().return_())
                    .staticMethod("bastore", "([BII)V", c -> c.aload(0).iload(1).iload(2).bastore().return_())
                    .staticMethod("putBoolean", "(L" + GeneratedFields.class.getName().replace('.', '/') + ";I)V",
                                    c -> c.aload(0).iload(1).putfield(FIELDS, "z", ConstantDescs.CD_boolean).return_())
                    .staticMethod("putStaticBoolean", "(I)Z",
                                    c -> c.iload(0).putstatic(FIELDS, "sz", ConstantDescs.CD_boolean).getstatic(FIELDS, "sz", ConstantDescs.CD_boolean).ireturn())
                    .staticMethod("ldcUnloaded", "()Ljava/lang/Object;", c -> c.ldc(ClassDesc.of("org.ssajit.jvmci.GeneratedMethodsTest$NotLoadedBeforeTheLdc")).areturn())
                    .load();

    /** Loaded only by the generated {@code ldcUnloaded}. */
    public static final class NotLoadedBeforeTheLdc {
    }

    private static Method method(String name) {
        return org.ssajit.testing.Jvmci.declared(GENERATED, name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"fcmpl", "fcmpg", "dcmpl", "dcmpg", "lcmp", "lcmpConst", "retBoolean", "retByte", "retChar", "retShort", "retBooleanConst",
        "zastore", "zastoreConst", "bastore", "putBoolean", "putStaticBoolean"})
    void sameAsTheInterpreter(String name) {
        Method m = method(name);
        List<Supplier<Object[]>> in = CompiledMethodsTest.inputs(m);
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code = CompiledRunner.install(m);
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        CompiledMethodsTest.compare(name + " (method called)", in, expected, CompiledRunner.callAll(m, in));
        assertTrue(code.isValid(), name + " invalidated");
    }

    /** The class is not loaded at compile time: the code deoptimizes (and is dropped); compiled again, it embeds the mirror. */
    @Test
    void ldcOfAClassNotLoadedYet() throws Throwable {
        Method m = method("ldcUnloaded");
        InstalledCode first = CompiledRunner.install(m);
        Object r = m.invoke(null);
        assertTrue(r == NotLoadedBeforeTheLdc.class, "ldc result " + r);
        assertFalse(first.isValid() && first.isAlive(), "the unresolved ldc must drop the code");
        InstalledCode second = CompiledRunner.install(m);
        for (int i = 0; i < 10; i++) {
            assertTrue(second.executeVarargs() == NotLoadedBeforeTheLdc.class);
        }
        assertTrue(second.isValid());
    }
}
