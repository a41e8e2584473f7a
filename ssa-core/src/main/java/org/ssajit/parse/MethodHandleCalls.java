package org.ssajit.parse;

import static org.ssajit.bytecode.Bytecodes.INVOKEINTERFACE;
import static org.ssajit.bytecode.Bytecodes.INVOKESPECIAL;
import static org.ssajit.bytecode.Bytecodes.INVOKESTATIC;
import static org.ssajit.bytecode.Bytecodes.INVOKEVIRTUAL;

import org.ssajit.bytecode.Linkage;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MethodHandleAccessProvider;
import jdk.vm.ci.meta.MethodHandleAccessProvider.IntrinsicMethod;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The calls inside java.lang.invoke's generated code that the VM implements: {@code invokeBasic} on a
 * method handle, which runs the handle's lambda form, and {@code linkToStatic}, {@code linkToSpecial},
 * {@code linkToVirtual} and {@code linkToInterface}, which run the method a {@code MemberName} (their
 * last argument) names. When the handle or the member name is a constant of the compile (an
 * appendix, or a final field of a constant handle, {@link ConstantFields}), the VM says which method
 * runs ({@link MethodHandleAccessProvider}), and the call is that method's call:
 * <ul>
 * <li>{@code invokeBasic(mh, a...)}: the lambda form's method, a static method, with the same arguments
 * (the handle first);</li>
 * <li>{@code linkToStatic(a..., mn)} and {@code linkToSpecial(r, a..., mn)}: the method itself, without
 * the member name (linkToSpecial checks its receiver for null, as an {@code invokespecial} does);</li>
 * <li>{@code linkToVirtual(r, a..., mn)} and {@code linkToInterface}: a virtual or interface call of the
 * method on {@code r}, which selects by {@code r}'s class as the VM's linkage does.</li>
 * </ul>
 * What this gives is offered to the inliner only. A call the inliner leaves stays the call the bytecode
 * makes, to the VM's intrinsic with every argument: HotSpot binds compiled calls by the caller's
 * bytecode, so a call to the resolved method from this bci would reach the intrinsic with the wrong
 * arguments. Deoptimizing inside such an inlined method is right as it is: the caller's frame keeps
 * the call's arguments (the member name too), and HotSpot's unpacking counts a member name argument
 * beside the callee's parameters.
 */
final class MethodHandleCalls {
    /** A call rebound to the method it runs: its call site, and the arguments it takes. */
    record Rebound(Linkage.CallSite site, Value[] args, String how) {
        /** Whether the site runs {@link Linkage.CallSite#target()} itself, without selection by a receiver's class. */
        boolean exact() {
            return site.opcode() == INVOKESTATIC || site.opcode() == INVOKESPECIAL;
        }
    }

    private final MethodHandleAccessProvider access;

    MethodHandleCalls(MethodHandleAccessProvider access) {
        this.access = access;
    }

    /** Whether {@code m} may be one of the VM's method-handle intrinsics: a native method of {@code MethodHandle}. */
    static boolean mayBeIntrinsic(ResolvedJavaMethod m) {
        return m.isNative() && m.getDeclaringClass().getName().equals("Ljava/lang/invoke/MethodHandle;");
    }

    /** The call {@code cs} with {@code args} as the method it runs, or null if that is not known now. */
    Rebound rebind(Linkage.CallSite cs, Value[] args) {
        if (access == null || cs.appendix() != null || !(cs.target() instanceof ResolvedJavaMethod m) || !mayBeIntrinsic(m)) {
            return null;
        }
        IntrinsicMethod kind = access.lookupMethodHandleIntrinsic(m);
        if (kind == null || args.length == 0) {
            return null;
        }
        JavaKind[] kinds = cs.argumentKinds();
        switch (kind) {
            case INVOKE_BASIC -> {
                JavaConstant mh = constant(args[0]);
                ResolvedJavaMethod form = mh == null ? null : access.resolveInvokeBasicTarget(mh, false);
                if (form == null || !form.isStatic() || !form.hasBytecodes() || form.getSignature().getParameterCount(false) != kinds.length) {
                    return null;
                }
                return new Rebound(new Linkage.CallSite(form, INVOKESTATIC, null, kinds, cs.returnKind()), args, "the lambda form of a constant method handle");
            }
            case LINK_TO_STATIC, LINK_TO_SPECIAL, LINK_TO_VIRTUAL, LINK_TO_INTERFACE -> {
                JavaConstant member = constant(args[args.length - 1]);
                ResolvedJavaMethod target = member == null ? null : access.resolveLinkToTarget(member);
                if (target == null) {
                    return null;
                }
                boolean isStatic = kind == IntrinsicMethod.LINK_TO_STATIC;
                int parameters = target.getSignature().getParameterCount(false) + (isStatic ? 0 : 1);
                if (target.isStatic() != isStatic || parameters != args.length - 1) {
                    return null;
                }
                Value[] rest = org.ssajit.util.CompilerArrays.copyOf(args, args.length - 1);
                JavaKind[] restKinds = org.ssajit.util.CompilerArrays.copyOf(kinds, kinds.length - 1);
                int opcode = switch (kind) {
                    case LINK_TO_STATIC -> INVOKESTATIC;
                    case LINK_TO_SPECIAL -> INVOKESPECIAL;
                    case LINK_TO_VIRTUAL -> INVOKEVIRTUAL;
                    default -> INVOKEINTERFACE;
                };
                return new Rebound(new Linkage.CallSite(target, opcode, null, restKinds, cs.returnKind()), rest, "the method of a constant member name (" + kind + ")");
            }
            default -> {
                return null;
            }
        }
    }

    /** {@code MethodHandleImpl.isCompileConstant(Object)}: true while compiling for a value known now; its bytecode says false. */
    static boolean isCompileConstantQuery(ResolvedJavaMethod m) {
        return m.isStatic() && m.getName().equals("isCompileConstant") && m.getDeclaringClass().getName().equals("Ljava/lang/invoke/MethodHandleImpl;")
                        && m.getSignature().toMethodDescriptor().equals("(Ljava/lang/Object;)Z");
    }

    /**
     * The class of {@code v}'s object where java.lang.invoke's code makes it known, else null: an
     * object constant (a lambda without captures is its call site's constant), or the object of
     * {@code Unsafe.allocateInstance} of a constant class (a constructor handle's allocation, a
     * capturing lambda's), which is of exactly that class or throws.
     */
    static jdk.vm.ci.meta.ResolvedJavaType exactClass(Value v, Providers providers) {
        JavaConstant c = constant(v);
        if (c != null) {
            return providers.metaAccess().lookupJavaType(c);
        }
        if (v instanceof org.ssajit.ir.Instruction i && i.op() == org.ssajit.ir.Op.INVOKE && i.attribute() instanceof org.ssajit.ir.InvokeTarget t
                        && t.method() instanceof ResolvedJavaMethod m && m.getName().equals("allocateInstance")
                        && m.getDeclaringClass().getName().equals("Ljdk/internal/misc/Unsafe;") && i.inputCount() == 2
                        && constant(i.input(1)) instanceof JavaConstant mirror) {
            jdk.vm.ci.meta.ResolvedJavaType t2 = providers.constantReflection().asJavaType(mirror);
            // An abstract class, interface or array makes allocateInstance throw: no object of it.
            return t2 == null || t2.isInterface() || t2.isArray() || t2.isAbstract() ? null : t2;
        }
        return null;
    }

    /** {@code MethodHandleImpl.profileBoolean(boolean, int[])}: a guard's outcome, counted for C2's profile. */
    static boolean isProfileBoolean(ResolvedJavaMethod m) {
        return m.isStatic() && m.getName().equals("profileBoolean") && m.getDeclaringClass().getName().equals("Ljava/lang/invoke/MethodHandleImpl;")
                        && m.getSignature().toMethodDescriptor().equals("(Z[I)Z");
    }

    /** {@code Class.isInstance(Object)}. */
    static boolean isClassIsInstance(ResolvedJavaMethod m) {
        return !m.isStatic() && m.getName().equals("isInstance") && m.getDeclaringClass().getName().equals("Ljava/lang/Class;")
                        && m.getSignature().toMethodDescriptor().equals("(Ljava/lang/Object;)Z");
    }

    /** The non-null object constant {@code v} is, or null. */
    static JavaConstant constant(Value v) {
        if (v instanceof Constant c && c.value().getJavaKind() == JavaKind.Object && !c.value().isNull()) {
            return c.value();
        }
        return null;
    }
}
