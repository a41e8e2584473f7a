package org.ssajit.interp;

import java.lang.invoke.MethodType;
import java.lang.reflect.AccessibleObject;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Set;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;
import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.JavaMethod;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.runtime.JVMCI;

/**
 * From JVMCI's view of constant-pool entries to the reflective objects that execute them. Resolved
 * entries map to their mirrors; unresolved ones are resolved by name through the class loader of the
 * interpreted method's holder, following the JVM's resolution rules (JVMS 5.4.3), and failures become
 * the errors the JVM would throw ({@link NoClassDefFoundError}, {@link NoSuchFieldError},
 * {@link NoSuchMethodError}). Access checks of resolution are not repeated: javac's output passes them.
 */
final class Linker {
    private static final HotSpotJVMCIRuntime RUNTIME = HotSpotJVMCIRuntime.runtime();
    private static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();

    private final Class<?> holder;

    Linker(ResolvedJavaType holderType) {
        this.holder = RUNTIME.getMirror(holderType);
    }

    /** The class whose method is interpreted: the "current class" of resolution and invokespecial. */
    Class<?> holder() {
        return holder;
    }

    static Class<?> mirror(ResolvedJavaType t) {
        return RUNTIME.getMirror(t);
    }

    static Executable mirror(ResolvedJavaMethod m) {
        return RUNTIME.getMirror(m);
    }

    static ResolvedJavaMethod jvmci(Executable e) {
        return META.lookupJavaMethod(e);
    }

    /** Whether the method looks at its caller, which would be the interpreter rather than the interpreted method. */
    static boolean isCallerSensitive(Executable e) {
        return jvmci(e) instanceof HotSpotResolvedJavaMethod h && h.isCallerSensitive();
    }

    Class<?> classOf(JavaType t) {
        if (t instanceof ResolvedJavaType r) {
            return mirror(r);
        }
        return classNamed(t.getName());
    }

    /** A class by its descriptor ({@code Lpkg/C;}, {@code [I}), through the holder's loader. */
    Class<?> classNamed(String descriptor) {
        String binary;
        if (descriptor.startsWith("[")) {
            binary = descriptor.replace('/', '.');
        } else if (descriptor.startsWith("L") && descriptor.endsWith(";")) {
            binary = descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
        } else {
            Class<?> p = primitive(descriptor);
            if (p == null) {
                throw Stop.broken("bad type descriptor " + descriptor);
            }
            return p;
        }
        try {
            return Class.forName(binary, false, holder.getClassLoader());
        } catch (ClassNotFoundException e) {
            NoClassDefFoundError err = new NoClassDefFoundError(binary.replace('.', '/'));
            err.initCause(e);
            throw Stop.raise(err);
        } catch (LinkageError e) {
            throw Stop.raise(e);
        }
    }

    private static Class<?> primitive(String d) {
        return switch (d) {
            case "Z" -> boolean.class;
            case "B" -> byte.class;
            case "C" -> char.class;
            case "S" -> short.class;
            case "I" -> int.class;
            case "J" -> long.class;
            case "F" -> float.class;
            case "D" -> double.class;
            case "V" -> void.class;
            default -> null;
        };
    }

    // Fields ---------------------------------------------------------------------------------------

    Field fieldOf(JavaField f, boolean isStatic) {
        Field r;
        if (f instanceof ResolvedJavaField rf) {
            r = RUNTIME.getMirror(rf);
        } else {
            r = resolveField(classOf(f.getDeclaringClass()), f.getName(), f.getType().getName());
            if (Modifier.isStatic(r.getModifiers()) != isStatic) {
                throw Stop.raise(new IncompatibleClassChangeError("Expected " + (isStatic ? "static" : "non-static") + " field " + r));
            }
        }
        open(r);
        return r;
    }

    /** JVMS 5.4.3.2: the class, then its superinterfaces, then its superclass, recursively. */
    private static Field resolveField(Class<?> c, String name, String descriptor) {
        Field f = findField(c, name, descriptor);
        if (f == null) {
            throw Stop.raise(new NoSuchFieldError(c.getName() + "." + name));
        }
        return f;
    }

    private static Field findField(Class<?> c, String name, String descriptor) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) {
                if (f.getName().equals(name) && f.getType().descriptorString().equals(descriptor)) {
                    return f;
                }
            }
            for (Class<?> i : k.getInterfaces()) {
                Field f = findField(i, name, descriptor);
                if (f != null) {
                    return f;
                }
            }
        }
        return null;
    }

    // Methods --------------------------------------------------------------------------------------

    Executable methodOf(JavaMethod m) {
        if (m instanceof ResolvedJavaMethod r) {
            if (r.isClassInitializer()) {
                throw Stop.broken("call of a class initializer");
            }
            return mirror(r);
        }
        Class<?> c = classOf(m.getDeclaringClass());
        return resolveMethod(c, m.getName(), m.getSignature().toMethodDescriptor());
    }

    /**
     * JVMS 5.4.3.3/5.4.3.4 in the shape that matters for execution: the class and its superclasses, then
     * the superinterfaces (a default method before an abstract one), and for interfaces the public
     * methods of Object. The maximally-specific rule is approximated by breadth-first order.
     */
    static Executable resolveMethod(Class<?> c, String name, String descriptor) {
        if (name.equals("<init>")) {
            for (Constructor<?> k : c.getDeclaredConstructors()) {
                if (descriptorOf(k).equals(descriptor)) {
                    return k;
                }
            }
            throw Stop.raise(new NoSuchMethodError(c.getName() + ".<init>" + descriptor));
        }
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            Method m = declared(k, name, descriptor);
            if (m != null) {
                return m;
            }
        }
        Set<Class<?>> interfaces = new LinkedHashSet<>();
        Deque<Class<?>> work = new ArrayDeque<>();
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            work.addAll(java.util.List.of(k.getInterfaces()));
        }
        while (!work.isEmpty()) {
            Class<?> i = work.poll();
            if (interfaces.add(i)) {
                work.addAll(java.util.List.of(i.getInterfaces()));
            }
        }
        Method fallback = null;
        for (Class<?> i : interfaces) {
            Method m = declared(i, name, descriptor);
            if (m != null && !Modifier.isStatic(m.getModifiers()) && !Modifier.isPrivate(m.getModifiers())) {
                if (!Modifier.isAbstract(m.getModifiers())) {
                    return m;
                }
                if (fallback == null) {
                    fallback = m;
                }
            }
        }
        if (fallback != null) {
            return fallback;
        }
        if (c.isInterface()) {
            Method m = declared(Object.class, name, descriptor);
            if (m != null && Modifier.isPublic(m.getModifiers())) {
                return m;
            }
        }
        throw Stop.raise(new NoSuchMethodError(c.getName() + "." + name + descriptor));
    }

    private static Method declared(Class<?> k, String name, String descriptor) {
        for (Method m : k.getDeclaredMethods()) {
            if (m.getName().equals(name) && descriptorOf(m).equals(descriptor)) {
                return m;
            }
        }
        return null;
    }

    static String descriptorOf(Executable e) {
        Class<?> ret = e instanceof Method m ? m.getReturnType() : void.class;
        return MethodType.methodType(ret, e.getParameterTypes()).toMethodDescriptorString();
    }

    /**
     * Suppresses reflection's access checks where the module system allows it. Where it does not (a
     * non-public member of a package java.base does not open), later use fails and the interpreter
     * refuses; public members of exported packages need nothing.
     */
    static void open(AccessibleObject o) {
        try {
            o.trySetAccessible();
        } catch (SecurityException e) {
            // Left inaccessible: the access itself will report it.
        }
    }
}
