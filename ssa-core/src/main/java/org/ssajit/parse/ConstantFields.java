package org.ssajit.parse;

import java.util.Set;

import jdk.vm.ci.hotspot.HotSpotResolvedJavaField;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Field reads whose value is known while compiling, folded to that value by the parser. The rules
 * are the ones HotSpot's own compilers keep, stated here with why each holds:
 * <ul>
 * <li>A <b>static final</b> field of an <b>initialized</b> class: its {@code <clinit>} has finished and
 * wrote it for good, and every thread that sees the class initialized sees that write. Three fields
 * are final but changed later by the VM, {@code System.in}, {@code out} and {@code err}
 * ({@code System.setOut}): never folded. A class file older than version 53 may also write a static
 * final field outside {@code <clinit>}; a field its class writes from any other method is not folded
 * (each class's bytecode is scanned once for all the compiles of a compiler, {@link StaticFinalWrites},
 * as HotSpot's rewriter marks such fields).</li>
 * <li>A field annotated {@code @Stable} (the JDK's own, static or of a constant object) whose value is
 * not the default: a stable field is written at most once away from its default.</li>
 * <li>A <b>final instance field of a constant object</b> of {@code java.lang.invoke} or
 * {@code sun.invoke}, whose objects are never changed after construction (HotSpot trusts the same
 * packages): what folds a method handle's form and member when the handle is a constant.</li>
 * </ul>
 * Everything else is read at run time. One instance per compile; the scans of classes are the
 * providers' ({@link Providers#staticFinalWrites()}), shared by the compiles made with them.
 */
final class ConstantFields {
    private static final Set<String> SYSTEM_STREAMS = Set.of("in", "out", "err");

    private final Providers providers;

    ConstantFields(Providers providers) {
        this.providers = providers;
    }

    /** The value of the static field {@code f} if it is a constant, else null. */
    JavaConstant readStatic(JavaField field) {
        if (!(field instanceof ResolvedJavaField f) || !f.isStatic() || f.isVolatile() || !f.getDeclaringClass().isInitialized()) {
            return null;
        }
        boolean finalConstant = f.isFinal() && !isSystemStream(f) && !providers.staticFinalWrites().writtenOutsideInitializer(f);
        if (!finalConstant && !isStable(f)) {
            return null;
        }
        JavaConstant value = providers.constantReflection().readFieldValue(f, null);
        if (value == null || !finalConstant && value.isDefaultForKind()) {
            return null; // a stable field still at its default may be written once more
        }
        return value;
    }

    /** The value of the instance field {@code f} of the constant non-null {@code object} if it is a constant, else null. */
    JavaConstant readInstance(JavaField field, JavaConstant object) {
        if (!(field instanceof ResolvedJavaField f) || f.isStatic() || f.isVolatile() || object.isNull() || !(f instanceof HotSpotResolvedJavaField h)
                        || !h.isInObject(object)) {
            return null;
        }
        boolean trusted = f.isFinal() && isTrustedHolder(f.getDeclaringClass());
        if (!trusted && !h.isStable()) {
            return null;
        }
        JavaConstant value = providers.constantReflection().readFieldValue(f, object);
        if (value == null || !trusted && value.isDefaultForKind()) {
            return null;
        }
        return value;
    }

    private static boolean isStable(ResolvedJavaField f) {
        return f instanceof HotSpotResolvedJavaField h && h.isStable();
    }

    /** {@code java.lang.invoke} and {@code sun.invoke} and their subpackages, all in java.base. */
    static boolean isTrustedHolder(ResolvedJavaType t) {
        String name = t.getName();
        return name.startsWith("Ljava/lang/invoke/") || name.startsWith("Lsun/invoke/");
    }

    /** {@code System.in}, {@code out}, {@code err}: final, yet set by {@code System.setIn/Out/Err}. */
    static boolean isSystemStream(ResolvedJavaField f) {
        return f.getDeclaringClass().getName().equals("Ljava/lang/System;") && SYSTEM_STREAMS.contains(f.getName());
    }
}
