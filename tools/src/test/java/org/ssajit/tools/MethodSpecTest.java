package org.ssajit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

class MethodSpecTest {
    @Test
    void parsesClassMethodAndDescriptor() {
        assertEquals(new MethodSpec("java.lang.Math", "max", "(II)I"), MethodSpec.parse("java.lang.Math.max(II)I"));
        assertEquals(new MethodSpec("java.lang.Math", "max", null), MethodSpec.parse("java.lang.Math.max"));
        assertEquals(new MethodSpec("java.lang.Math", "max", "(II)"), MethodSpec.parse("java.lang.Math.max(II)"));
        assertEquals(new MethodSpec("Top", "run", "()V"), MethodSpec.parse("Top.run()V"));
    }

    @Test
    void acceptsConstructorsInitializersNestedClassesAndSlashes() {
        assertEquals(new MethodSpec("java.util.HashMap$Node", "<init>", "(ILjava/lang/Object;Ljava/lang/Object;Ljava/util/HashMap$Node;)V"),
                        MethodSpec.parse("java.util.HashMap$Node.<init>(ILjava/lang/Object;Ljava/lang/Object;Ljava/util/HashMap$Node;)V"));
        assertEquals(new MethodSpec("java.lang.Integer", "<clinit>", null), MethodSpec.parse("java.lang.Integer.<clinit>"));
        assertEquals(new MethodSpec("java.lang.String", "indexOf", "(Ljava/lang/String;)I"), MethodSpec.parse("java/lang/String.indexOf(Ljava/lang/String;)I"));
        // Dots in a descriptor are read as slashes.
        assertEquals(new MethodSpec("java.lang.String", "indexOf", "(Ljava/lang/String;)I"), MethodSpec.parse("java.lang.String.indexOf(Ljava.lang.String;)I"));
        assertEquals(new MethodSpec("a.B", "lambda$run$0", null), MethodSpec.parse("  a.B.lambda$run$0 "));
    }

    @ParameterizedTest
    @ValueSource(strings = {"max", ".max", "java.lang.Math.", "java.lang.Math.max(II", "java.lang.Math.max(I)I)", "java.lang.Math.max((I)I", "java.lang.Math.ma<x",
                    "java..Math.max", "(II)I", ""})
    void rejectsMalformedSpecs(String text) {
        UsageException e = assertThrows(UsageException.class, () -> MethodSpec.parse(text));
        assertTrue(e.getMessage().contains(text.strip()), e.getMessage());
    }

    private static ResolvedJavaType type(Class<?> c) {
        ResolvedJavaType t = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
        t.link();
        return t;
    }

    private static String describe(ResolvedJavaMethod m) {
        return m.getName() + m.getSignature().toMethodDescriptor();
    }

    @Test
    void selectsByNameAndDescriptor() {
        ResolvedJavaType math = type(Math.class);
        assertEquals("max(II)I", describe(MethodSpec.parse("java.lang.Math.max(II)I").select(math)));
        assertEquals("max(JJ)J", describe(MethodSpec.parse("java.lang.Math.max(JJ)").select(math)));
        assertEquals("sqrt(D)D", describe(MethodSpec.parse("java.lang.Math.sqrt").select(math)));
        ResolvedJavaType string = type(String.class);
        assertEquals("<init>(Ljava/lang/String;)V", describe(MethodSpec.parse("java.lang.String.<init>(Ljava/lang/String;)V").select(string)));
        assertEquals("<clinit>()V", describe(MethodSpec.parse("java.lang.String.<clinit>").select(string)));
    }

    @Test
    void overloadedNameWithoutDescriptorListsTheCandidates() {
        UsageException e = assertThrows(UsageException.class, () -> MethodSpec.parse("java.lang.Math.max").select(type(Math.class)));
        assertTrue(e.getMessage().contains("ambiguous"), e.getMessage());
        for (String d : new String[]{"(II)I", "(JJ)J", "(FF)F", "(DD)D"}) {
            assertTrue(e.getMessage().contains("java.lang.Math.max" + d), e.getMessage());
        }
    }

    @Test
    void unknownMethodsSayWhatExists() {
        UsageException wrongDescriptor = assertThrows(UsageException.class, () -> MethodSpec.parse("java.lang.Math.max(I)I").select(type(Math.class)));
        assertTrue(wrongDescriptor.getMessage().contains("no method max(I)I") && wrongDescriptor.getMessage().contains("java.lang.Math.max(II)I"),
                        wrongDescriptor.getMessage());
        UsageException wrongName = assertThrows(UsageException.class, () -> MethodSpec.parse("java.lang.Math.maximum").select(type(Math.class)));
        assertTrue(wrongName.getMessage().contains("no method named maximum") && wrongName.getMessage().contains("max"), wrongName.getMessage());
    }

    @Test
    void declaredMethodsIncludeConstructorsAndInitializer() {
        var names = MethodSpec.declaredMethods(type(Integer.class)).stream().map(ResolvedJavaMethod::getName).toList();
        assertTrue(names.contains("<init>") && names.contains("<clinit>") && names.contains("parseInt"), names.toString());
    }
}
