package org.ssajit.parse;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.bytecode.Bytecodes;
import org.ssajit.bytecode.BytecodeStream;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Which static fields a class writes outside its {@code <clinit>} ({@code putstatic} in any other of
 * its methods), for {@link ConstantFields}: a static final field written so is never folded. Only a
 * class file older than version 53 can hold such a write (from version 53 on the VM refuses to link it),
 * and only to a field of its own class.
 *
 * <p>The answer depends on the class's bytecode alone, so a compiler keeps one of these for all its
 * compiles ({@link Providers#staticFinalWrites()}) and scans each class once: before, every compile
 * scanned the classes of the static finals it read again (about 100 bytes allocated per bytecode byte
 * compiled, with inlining). The scans are held per class by a {@link ClassValue} of the class's mirror:
 * safe under concurrent compiles (two compiles may scan a class at once; both find the same writes),
 * and what is held does not keep a class from being unloaded (a map keyed by the JVMCI type would: the
 * type holds its mirror). Where the mirror cannot be had, the class is scanned on every question.
 */
public final class StaticFinalWrites {
    /** A class's scan: the static fields of its own it writes outside {@code <clinit>}, null until scanned. */
    private static final class Scan {
        volatile Written written;
    }

    /** The writes of one class, by field name and type name (usually none). */
    private record Written(List<String> names, List<String> types) {
        static final Written NONE = new Written(CompilerList.of(), CompilerList.of());

        boolean contains(ResolvedJavaField f) {
            for (int i = 0; i < names.size(); i++) {
                if (names.get(i).equals(f.getName()) && types.get(i).equals(f.getType().getName())) {
                    return true;
                }
            }
            return false;
        }
    }

    private final ClassValue<Scan> scans = new ClassValue<>() {
        @Override
        protected Scan computeValue(Class<?> type) {
            return new Scan();
        }
    };

    /** How many classes this cache scanned (a test's count: a class is scanned once). */
    private final java.util.concurrent.atomic.AtomicInteger scanned = new java.util.concurrent.atomic.AtomicInteger();

    /** Whether a method of {@code f}'s class other than its {@code <clinit>} writes {@code f} (static). */
    public boolean writtenOutsideInitializer(ResolvedJavaField f) {
        ResolvedJavaType holder = f.getDeclaringClass();
        Class<?> mirror = mirror(holder);
        if (mirror == null) {
            return scan(holder).contains(f);
        }
        Scan s = scans.get(mirror);
        Written w = s.written;
        if (w == null) {
            w = scan(holder);
            s.written = w;
        }
        return w != Written.NONE && w.contains(f);
    }

    /** Classes scanned so far. */
    int scannedClasses() {
        return scanned.get();
    }

    private static Class<?> mirror(ResolvedJavaType t) {
        try {
            return HotSpotJVMCIRuntime.runtime().getMirror(t);
        } catch (RuntimeException | LinkageError e) {
            return null;
        }
    }

    /** The static fields of {@code holder} a {@code putstatic} outside {@code <clinit>} writes. */
    private Written scan(ResolvedJavaType holder) {
        scanned.incrementAndGet();
        List<String> names = null;
        List<String> types = null;
        ResolvedJavaMethod init = holder.getClassInitializer();
        for (ResolvedJavaMethod[] ms : new ResolvedJavaMethod[][]{holder.getDeclaredMethods(false), holder.getDeclaredConstructors(false)}) {
            for (ResolvedJavaMethod m : ms) {
                byte[] code = m.equals(init) ? null : m.getCode();
                if (code == null) {
                    continue;
                }
                BytecodeStream s = new BytecodeStream(code);
                for (int bci = 0; bci < code.length; bci = s.nextBci()) {
                    s.at(bci);
                    if (s.opcode() == Bytecodes.PUTSTATIC) {
                        JavaField w = m.getConstantPool().lookupField(s.cpIndex(), m, Bytecodes.PUTSTATIC);
                        if (w.getDeclaringClass().getName().equals(holder.getName())) {
                            if (names == null) {
                                names = new CompilerList<>();
                                types = new CompilerList<>();
                            }
                            names.add(w.getName());
                            types.add(w.getType().getName());
                        }
                    }
                }
            }
        }
        return names == null ? Written.NONE : new Written(CompilerList.copyOf(names), CompilerList.copyOf(types));
    }
}
