package org.ssajit.interp;

import static org.ssajit.bytecode.Bytecodes.INVOKEDYNAMIC;
import static org.ssajit.bytecode.Bytecodes.INVOKEINTERFACE;
import static org.ssajit.bytecode.Bytecodes.INVOKESPECIAL;
import static org.ssajit.bytecode.Bytecodes.INVOKESTATIC;
import static org.ssajit.bytecode.Bytecodes.INVOKEVIRTUAL;

import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.VarHandle;
import java.lang.invoke.WrongMethodTypeException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

import org.ssajit.bytecode.Bytecodes;
import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;

import jdk.vm.ci.meta.ConstantPool;
import jdk.vm.ci.meta.ConstantReflectionProvider;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaMethod;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.runtime.JVMCI;

/**
 * Performs INVOKE instructions on the real JVM.
 *
 * <ul>
 * <li>invokestatic, invokevirtual, invokeinterface: {@link Method#invoke}, which dispatches virtually
 * exactly like the bytecodes (private methods are not overridden).</li>
 * <li>invokespecial of a super or default method: a {@code findSpecial}-style handle from a lookup with
 * private access to the interpreted method's holder, so dispatch starts above the holder as the JVM's
 * does. Private targets go through {@link Method#invoke}. Constructors are the interpreter's business
 * (see {@link IrInterpreter}).</li>
 * <li>invokedynamic: the appendix HotSpot linked the site with (the target of a constant call site, or
 * the call site itself) is invoked exactly with the call-site arguments - what the linker adapter does.
 * A site not linked yet is linked first through JVMCI ({@code BootstrapMethodInvocation.resolve()}), as
 * its first execution in the JVM would.</li>
 * <li>MethodHandle.invokeExact/invoke and VarHandle accessors: reproduced with public API from the call
 * site's symbolic type: exact type check or {@code asType}, and {@code VarHandle.toMethodHandle}.</li>
 * </ul>
 */
final class Invoker {
    private static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();
    private static final ConstantReflectionProvider REFLECTION = JVMCI.getRuntime().getHostJVMCIBackend().getConstantReflection();

    private final Linker linker;
    private final ResolvedJavaMethod method;
    private final Map<Instruction, Plan> plans = new IdentityHashMap<>();

    Invoker(Linker linker, ResolvedJavaMethod method) {
        this.linker = linker;
        this.method = method;
    }

    /** The method whose bytecode {@code i} comes from: the compiled one, or an inlined callee (its frame state says). */
    private ResolvedJavaMethod ownerOf(Instruction i) {
        return i.state() != null ? i.state().method() : method;
    }

    /** How one call site is performed, decided on its first execution (when the JVM would link it). */
    private sealed interface Plan {
    }

    /** Method.invoke: static, virtual, interface, private. */
    private record Reflective(Method method, boolean isStatic, boolean isInterface) implements Plan {
    }

    /** invokespecial of an inherited method: a special handle with the receiver first. */
    private record Special(MethodHandle handle, Method method) implements Plan {
    }

    /** A handle taking exactly the call-site arguments (invokedynamic). */
    private record Dynamic(MethodHandle handle, boolean appendixPassed) implements Plan {
    }

    /** MethodHandle.invokeExact/invoke with call-site type {@code type}; receiver and appendix are in the arguments. */
    private record Polymorphic(MethodType type, boolean exact, boolean appendixPassed) implements Plan {
    }

    /** A VarHandle access of mode {@code mode} with call-site type {@code type} (the VarHandle excluded). */
    private record VarHandleAccess(VarHandle.AccessMode mode, MethodType type, boolean appendixPassed) implements Plan {
    }

    /** The constructor an invokespecial {@code <init>} names. */
    Constructor<?> constructorOf(InvokeTarget target) {
        Executable e = linker.methodOf(target.method());
        if (!(e instanceof Constructor<?> c)) {
            throw Stop.broken("<init> resolved to " + e);
        }
        return c;
    }

    /** {@code new C(args)} for a placeholder receiver: allocation and construction in one. */
    Object construct(Constructor<?> c, Object[] args) {
        if (Linker.isCallerSensitive(c)) {
            throw Stop.refuse("caller-sensitive constructor " + c);
        }
        Linker.open(c);
        Object[] a = convert(args, 0, args.length, c.getParameterTypes());
        try {
            return c.newInstance(a);
        } catch (InvocationTargetException e) {
            throw Stop.raise(e.getCause());
        } catch (InstantiationException e) {
            throw Stop.raise(new InstantiationError(c.getDeclaringClass().getName()));
        } catch (IllegalAccessException | InaccessibleObjectException e) {
            throw Stop.refuse("cannot call " + c, e);
        } catch (IllegalArgumentException e) {
            throw Stop.broken("reflection rejected the arguments of " + c + ": " + e.getMessage());
        } catch (Error e) {
            throw Stop.raise(e);
        }
    }

    /** Executes the call; returns the stack value of the result (null for void). */
    Object invoke(Instruction i, InvokeTarget target, Object[] args) {
        Plan p = plans.get(i);
        if (p == null) {
            p = plan(i, target);
            plans.put(i, p);
        }
        return switch (p) {
            case Reflective r -> reflective(r, i, args);
            case Special s -> special(s, args);
            case Dynamic d -> dynamic(d, args);
            case Polymorphic m -> polymorphic(m, args);
            case VarHandleAccess v -> varHandle(v, args);
        };
    }

    // Linking ----------------------------------------------------------------------------------------

    private Plan plan(Instruction i, InvokeTarget t) {
        int opcode = t.opcode();
        if (opcode == INVOKEDYNAMIC) {
            return dynamicPlan(i, t);
        }
        if (opcode == INVOKEVIRTUAL) {
            Plan poly = polymorphicPlan(t);
            if (poly != null) {
                return poly;
            }
        }
        Executable e = linker.methodOf(t.method());
        if (!(e instanceof Method m)) {
            throw Stop.broken(Bytecodes.nameOf(opcode) + " of constructor " + e);
        }
        if (Linker.isCallerSensitive(m)) {
            // It would see the interpreter as its caller (Class.forName, MethodHandles.lookup, ...).
            throw Stop.refuse("caller-sensitive method " + m);
        }
        boolean isStatic = Modifier.isStatic(m.getModifiers());
        if (isStatic != (opcode == INVOKESTATIC)) {
            throw Stop.raise(new IncompatibleClassChangeError("Expected " + (isStatic ? "non-static" : "static") + " method " + m));
        }
        Linker.open(m);
        if (opcode == INVOKESPECIAL && !Modifier.isPrivate(m.getModifiers())) {
            // super.m() or I.super.m(): no virtual dispatch; the lookup starts above the holder (of
            // the method the bytecode is in: an inlined callee's own).
            Class<?> caller = Linker.mirror(ownerOf(i).getDeclaringClass());
            try {
                MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(caller, MethodHandles.lookup());
                return new Special(lookup.unreflectSpecial(m, caller), m);
            } catch (IllegalAccessException | InaccessibleObjectException ex) {
                throw Stop.refuse("no special access to " + m + " from " + caller.getName(), ex);
            }
        }
        return new Reflective(m, isStatic, opcode == INVOKEINTERFACE);
    }

    private Plan dynamicPlan(Instruction i, InvokeTarget t) {
        JavaConstant appendix = t.appendix();
        boolean passed = appendix != null;
        if (appendix == null) {
            appendix = linkCallSite(i);
        }
        Object a = Values.fromConstant(appendix);
        MethodHandle target = switch (a) {
            case CallSite cs -> cs.dynamicInvoker();
            case MethodHandle mh -> mh;
            default -> throw Stop.refuse("invokedynamic appendix " + Values.describe(a));
        };
        // The site calls its target exactly: never as a variable-arity collector.
        return new Dynamic(target.asFixedArity(), passed);
    }

    /** Links a call site the parser saw unlinked: runs its bootstrap method through the VM. */
    private JavaConstant linkCallSite(Instruction i) {
        ResolvedJavaMethod owner = ownerOf(i);
        int cpi = new BytecodeStream(owner.getCode()).at(i.bci()).cpIndex();
        ConstantPool pool = owner.getConstantPool();
        ConstantPool.BootstrapMethodInvocation bsm = pool.lookupBootstrapMethodInvocation(cpi, INVOKEDYNAMIC);
        if (bsm == null) {
            throw Stop.broken("no bootstrap method for invokedynamic at bci " + i.bci());
        }
        try {
            bsm.resolve();
        } catch (LinkageError e) {
            throw Stop.raise(e);
        } catch (RuntimeException | Error e) {
            throw Stop.refuse("linking invokedynamic at bci " + i.bci(), e);
        }
        JavaConstant appendix = pool.lookupAppendix(cpi, INVOKEDYNAMIC);
        if (appendix == null) {
            throw Stop.refuse("invokedynamic at bci " + i.bci() + " has no appendix after linking");
        }
        return appendix;
    }

    /** Null if {@code t} is an ordinary invokevirtual. */
    private Plan polymorphicPlan(InvokeTarget t) {
        JavaMethod m = t.method();
        if (t.appendix() != null) {
            Object a = Values.fromConstant(t.appendix());
            if (a instanceof MethodType type) {
                // The adapter's name is the only trace of which method the site named.
                String name = m.getName();
                if (name.startsWith("invokeExact")) {
                    return new Polymorphic(type, true, true);
                }
                if (name.startsWith("invoke")) {
                    return new Polymorphic(type, false, true);
                }
                throw Stop.refuse("signature-polymorphic adapter " + name);
            }
            if (a != null && a.getClass().getName().equals("java.lang.invoke.VarHandle$AccessDescriptor")) {
                return accessDescriptorPlan(t.appendix());
            }
            throw Stop.refuse("signature-polymorphic appendix " + Values.describe(a));
        }
        String holder = m.getDeclaringClass().getName();
        boolean mh = holder.equals("Ljava/lang/invoke/MethodHandle;");
        boolean vh = holder.equals("Ljava/lang/invoke/VarHandle;");
        if (!(m instanceof ResolvedJavaMethod) && (mh || vh)) {
            String name = m.getName();
            MethodType type = methodType(m.getSignature().toMethodDescriptor());
            if (mh && (name.equals("invokeExact") || name.equals("invoke"))) {
                return new Polymorphic(type, name.equals("invokeExact"), false);
            }
            if (vh) {
                try {
                    return new VarHandleAccess(VarHandle.AccessMode.valueFromMethodName(name), type, false);
                } catch (IllegalArgumentException e) {
                    return null; // an ordinary VarHandle method
                }
            }
        }
        return null;
    }

    /**
     * A linked VarHandle site: HotSpot's appendix is an internal AccessDescriptor; its access mode and
     * the site's exact type are read through JVMCI, which sees fields the module system hides.
     */
    private static Plan accessDescriptorPlan(JavaConstant descriptor) {
        ResolvedJavaType type = META.lookupJavaType(Values.fromConstant(descriptor).getClass());
        Integer mode = null;
        MethodType siteType = null;
        for (ResolvedJavaField f : type.getInstanceFields(true)) {
            JavaConstant v = REFLECTION.readFieldValue(f, descriptor);
            if (f.getName().equals("mode") && v != null) {
                mode = v.asInt();
            } else if (f.getName().equals("symbolicMethodTypeExact") && v != null && Values.fromConstant(v) instanceof MethodType mt) {
                siteType = mt;
            }
        }
        VarHandle.AccessMode[] modes = VarHandle.AccessMode.values();
        if (mode == null || siteType == null || mode < 0 || mode >= modes.length) {
            throw Stop.refuse("unrecognized VarHandle access descriptor");
        }
        return new VarHandleAccess(modes[mode], siteType, true);
    }

    private MethodType methodType(String descriptor) {
        try {
            return MethodType.fromMethodDescriptorString(descriptor, linker.holder().getClassLoader());
        } catch (TypeNotPresentException e) {
            NoClassDefFoundError err = new NoClassDefFoundError(e.typeName());
            err.initCause(e);
            throw Stop.raise(err);
        }
    }

    // Calls ------------------------------------------------------------------------------------------

    /**
     * {@code System.arraycopy} called directly, not through reflection: JDK 25's C1 compiles the
     * method handle that reflection calls the native through so that a failed store check throws a
     * NullPointerException without a message instead of the ArrayStoreException (docs/HOTSPOT-NOTES.md).
     */
    private static Object arraycopy(Object[] a) {
        try {
            System.arraycopy(a[0], (Integer) a[1], a[2], (Integer) a[3], (Integer) a[4]);
        } catch (RuntimeException e) {
            throw Stop.raise(e);
        }
        return null;
    }

    private Object reflective(Reflective r, Instruction i, Object[] args) {
        Method m = r.method();
        Object receiver = null;
        int first = 0;
        if (!r.isStatic()) {
            receiver = args[0];
            first = 1;
            if (receiver == null) {
                throw Stop.raise(new NullPointerException("Cannot invoke \"" + m.getDeclaringClass().getName() + "." + m.getName() + "()\" because receiver is null"));
            }
            if (!m.getDeclaringClass().isInstance(receiver)) {
                if (r.isInterface()) {
                    // The verifier does not check interface types; invokeinterface does.
                    throw Stop.raise(new IncompatibleClassChangeError("Class " + receiver.getClass().getName() + " does not implement the requested interface "
                                    + m.getDeclaringClass().getName()));
                }
                throw Stop.broken("receiver " + Values.describe(receiver) + " is not a " + m.getDeclaringClass().getName() + " at " + i);
            }
            if (m.getDeclaringClass() == Object.class && m.getName().equals("clone") && receiver.getClass().isArray()) {
                // Arrays override clone publicly; Object.clone itself is protected.
                return cloneArray(receiver);
            }
        }
        Object[] a = convert(args, first, args.length, m.getParameterTypes());
        if (m.getDeclaringClass() == System.class && m.getName().equals("arraycopy")) {
            return arraycopy(a);
        }
        Object result;
        try {
            result = m.invoke(receiver, a);
        } catch (InvocationTargetException e) {
            throw Stop.raise(e.getCause());
        } catch (IllegalAccessException | InaccessibleObjectException e) {
            throw Stop.refuse("cannot call " + m, e);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw Stop.broken("reflection rejected the arguments of " + m + ": " + e);
        } catch (Error e) {
            // ExceptionInInitializerError and friends: what the invoke bytecode would throw.
            throw Stop.raise(e);
        }
        return m.getReturnType() == void.class ? null : Values.toStack(result, m.getReturnType());
    }

    private static Object cloneArray(Object a) {
        return switch (a) {
            case int[] x -> x.clone();
            case long[] x -> x.clone();
            case float[] x -> x.clone();
            case double[] x -> x.clone();
            case byte[] x -> x.clone();
            case boolean[] x -> x.clone();
            case char[] x -> x.clone();
            case short[] x -> x.clone();
            case Object[] x -> x.clone();
            default -> throw Stop.broken("not an array");
        };
    }

    private Object special(Special s, Object[] args) {
        if (args[0] == null) {
            throw Stop.raise(new NullPointerException("receiver of invokespecial " + s.method() + " is null"));
        }
        MethodType type = s.handle().type();
        Object[] a = convert(args, 0, args.length, type.parameterArray());
        return callHandle(s.handle(), a, type.returnType());
    }

    private Object dynamic(Dynamic d, Object[] args) {
        int n = d.appendixPassed() ? args.length - 1 : args.length;
        MethodType type = d.handle().type();
        if (type.parameterCount() != n) {
            throw Stop.broken("invokedynamic passes " + n + " arguments to a target of type " + type);
        }
        return callHandle(d.handle(), convert(args, 0, n, type.parameterArray()), type.returnType());
    }

    private Object polymorphic(Polymorphic p, Object[] args) {
        int end = p.appendixPassed() ? args.length - 1 : args.length;
        if (!(args[0] instanceof MethodHandle) && args[0] != null) {
            throw Stop.broken("signature-polymorphic receiver " + Values.describe(args[0]));
        }
        MethodHandle mh = (MethodHandle) args[0];
        if (mh == null) {
            throw Stop.raise(new NullPointerException("Cannot invoke \"java.lang.invoke.MethodHandle.invoke" + (p.exact() ? "Exact" : "") + "\" because the handle is null"));
        }
        MethodHandle target;
        if (p.exact()) {
            if (!mh.type().equals(p.type())) {
                throw Stop.raise(new WrongMethodTypeException("handle's method type " + mh.type() + " but found " + p.type()));
            }
            target = mh.asFixedArity();
        } else {
            try {
                target = mh.asType(p.type()).asFixedArity();
            } catch (RuntimeException | Error e) {
                throw Stop.raise(e); // WrongMethodTypeException: what invoke throws
            }
        }
        return callHandle(target, convert(args, 1, end, p.type().parameterArray()), p.type().returnType());
    }

    private Object varHandle(VarHandleAccess v, Object[] args) {
        int end = v.appendixPassed() ? args.length - 1 : args.length;
        if (!(args[0] instanceof VarHandle) && args[0] != null) {
            throw Stop.broken("VarHandle receiver " + Values.describe(args[0]));
        }
        VarHandle vh = (VarHandle) args[0];
        if (vh == null) {
            throw Stop.raise(new NullPointerException("Cannot invoke \"java.lang.invoke.VarHandle." + v.mode().methodName() + "\" because the handle is null"));
        }
        MethodHandle target;
        try {
            if (vh.hasInvokeExactBehavior() && !vh.accessModeType(v.mode()).equals(v.type())) {
                throw Stop.raise(new WrongMethodTypeException("expected " + vh.accessModeType(v.mode()) + " but found " + v.type()));
            }
            // A VarHandle access behaves like MethodHandle.invoke of its access-mode handle.
            target = vh.toMethodHandle(v.mode()).asType(v.type()).asFixedArity();
        } catch (Stop s) {
            throw s;
        } catch (RuntimeException | Error e) {
            throw Stop.raise(e);
        }
        return callHandle(target, convert(args, 1, end, v.type().parameterArray()), v.type().returnType());
    }

    private static Object callHandle(MethodHandle h, Object[] a, Class<?> returnType) {
        Object result;
        try {
            result = h.invokeWithArguments(a);
        } catch (Throwable e) {
            throw Stop.raise(e);
        }
        return returnType == void.class ? null : Values.toStack(result, returnType);
    }

    private static Object[] convert(Object[] args, int from, int to, Class<?>[] types) {
        if (to - from != types.length) {
            throw Stop.broken("passing " + (to - from) + " arguments to parameters " + Arrays.toString(types));
        }
        Object[] a = new Object[types.length];
        for (int k = 0; k < types.length; k++) {
            Object v = args[from + k];
            if (v != null && !types[k].isPrimitive() && !types[k].isInstance(v)) {
                if (types[k].isInterface()) {
                    // The verifier treats interface types as Object, reflection does not.
                    throw Stop.refuse("reflection cannot pass " + Values.describe(v) + " as a " + types[k].getName());
                }
                throw Stop.broken("argument " + Values.describe(v) + " is not a " + types[k].getName());
            }
            a[k] = Values.toArgument(v, types[k]);
        }
        return a;
    }
}
