package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.AccessFlag;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Op;
import org.ssajit.ir.Return;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.hotspot.HotSpotConstantReflectionProvider;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * {@link ConstantFields}: which field reads fold to the value read while compiling, and which must
 * stay reads (the ones that would be wrong to fold: a field the VM or an old class file writes again,
 * a class not initialized, a stable field at its default, a final field HotSpot does not trust).
 */
class ConstantFieldsTest {
    /** Not a compile-time constant: javac leaves a getstatic, {@code <clinit>} computes it. */
    static final int COMPUTED = Integer.parseInt("42");
    static final String NAME = String.valueOf(COMPUTED);
    static int notFinal = 7;

    static int computed() {
        return COMPUTED + 1;
    }

    static String name() {
        return NAME;
    }

    static int notFinal() {
        return notFinal;
    }

    static PrintStream out() {
        return System.out;
    }

    /** Never initialized by these tests: nothing runs code of it. */
    static final class NotInitialized {
        static final int VALUE = Integer.parseInt("5");
    }

    static int ofNotInitialized() {
        return NotInitialized.VALUE;
    }

    private static Graph build(Class<?> c, String name) {
        Graph g = Jvmci.build(Jvmci.method(c, name), BuildOptions.DEFAULT).graph();
        Verifier.verify(g);
        return g;
    }

    private static long reads(Graph g) {
        return g.blocks().stream().flatMap(b -> b.instructions().stream()).filter(i -> i.op() == Op.LOAD_FIELD).count();
    }

    private static JavaConstant returned(Graph g) {
        for (var b : g.blocks()) {
            if (b.terminator() instanceof Return r && r.value() instanceof Constant c) {
                return c.value();
            }
        }
        return null;
    }

    @Test
    void staticFinalFieldsOfInitializedClassesFold() {
        assertEquals(42, COMPUTED);
        Graph g = build(ConstantFieldsTest.class, "computed");
        assertEquals(0, reads(g), g::toString);
        assertEquals(43, returned(g).asInt(), "the read folded and the add with it: " + g);
        Graph s = build(ConstantFieldsTest.class, "name");
        assertEquals(0, reads(s), s::toString);
        assertEquals(object(NAME), returned(s));
    }

    @Test
    void otherStaticReadsStay() {
        assertEquals(1, reads(build(ConstantFieldsTest.class, "notFinal")), "not final");
        assertEquals(1, reads(build(ConstantFieldsTest.class, "out")), "System.out: final, but System.setOut changes it");
        ResolvedJavaType holder = Jvmci.PROVIDERS.metaAccess().lookupJavaType(NotInitialized.class);
        assertTrue(!holder.isInitialized(), "the test must not have initialized it");
        assertEquals(1, reads(build(ConstantFieldsTest.class, "ofNotInitialized")), "a class not initialized: its <clinit> has not written the field");
    }

    /**
     * A class file of version 52 may write its static final field outside {@code <clinit>}; HotSpot
     * lets it, so the field is no constant. The same class at version 69 (where such a write is an
     * IllegalAccessError) folds it.
     */
    @Test
    void aStaticFinalFieldWrittenOutsideClinitStays() throws Exception {
        for (int version : List.of(52, ClassFile.latestMajorVersion())) {
            Class<?> c = oldStyleHolder("Holder" + version, version, version == 52);
            c.getMethod("get").invoke(null); // initialized
            if (version == 52) {
                c.getMethod("set").invoke(null);
                assertEquals(2, c.getMethod("get").invoke(null), "HotSpot let the write through");
            }
            Graph g = build(c, "get");
            assertEquals(version == 52 ? 1 : 0, reads(g), "version " + version + ": " + g);
        }
    }

    /**
     * One set of providers for many compiles, as a compiler keeps: the holder's bytecode is scanned
     * once ({@link StaticFinalWrites}), and every compile, the concurrent ones included, still keeps the
     * read of the field its class writes again. Fresh providers scan again.
     */
    @Test
    void theScanOfAClassIsSharedByTheCompilesOfOneCompiler() throws Exception {
        Class<?> c = oldStyleHolder("SharedHolder", 52, true);
        c.getMethod("get").invoke(null);
        c.getMethod("set").invoke(null);
        Providers providers = new Providers(Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection());
        var get = Jvmci.method(c, "get");
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
        try {
            List<java.util.concurrent.Future<Long>> builds = new java.util.ArrayList<>();
            for (int i = 0; i < 16; i++) {
                builds.add(pool.submit(() -> reads(GraphBuilder.build(get, BuildOptions.DEFAULT, providers).graph())));
            }
            for (var b : builds) {
                assertEquals(1, b.get(), "the field its class writes outside <clinit> is read in every compile");
            }
        } finally {
            pool.shutdown();
        }
        assertEquals(1, reads(GraphBuilder.build(get, BuildOptions.DEFAULT, providers).graph()), "and after the scan was cached");
        int scans = providers.staticFinalWrites().scannedClasses();
        assertTrue(scans >= 1 && scans <= 4, "scanned once, or once per compile that raced the first: " + scans);
        assertEquals(1, reads(GraphBuilder.build(get, BuildOptions.DEFAULT, providers).graph()));
        assertEquals(scans, providers.staticFinalWrites().scannedClasses(), "a later compile scans nothing");
        Providers fresh = new Providers(Jvmci.PROVIDERS.metaAccess(), Jvmci.PROVIDERS.constantReflection());
        assertEquals(1, reads(GraphBuilder.build(get, BuildOptions.DEFAULT, fresh).graph()));
        assertEquals(1, fresh.staticFinalWrites().scannedClasses(), "other providers, another cache");
    }

    /** {@code static final int X = 1} set by {@code <clinit>}; {@code get()} returns it; if {@code writer}, {@code set()} writes 2. */
    private static Class<?> oldStyleHolder(String simpleName, int version, boolean writer) {
        ClassDesc self = ClassDesc.of("org.ssajit.generated." + simpleName);
        byte[] bytes = ClassFile.of().build(self, cb -> {
            cb.withVersion(version, 0);
            cb.withFlags(AccessFlag.PUBLIC, AccessFlag.SUPER);
            cb.withField("X", ConstantDescs.CD_int, ClassFile.ACC_STATIC | ClassFile.ACC_FINAL);
            cb.withMethodBody("<clinit>", MethodTypeDesc.of(ConstantDescs.CD_void), ClassFile.ACC_STATIC, code -> {
                code.iconst_1();
                code.putstatic(self, "X", ConstantDescs.CD_int);
                code.return_();
            });
            cb.withMethodBody("get", MethodTypeDesc.of(ConstantDescs.CD_int), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, code -> {
                code.getstatic(self, "X", ConstantDescs.CD_int);
                code.ireturn();
            });
            if (writer) {
                cb.withMethodBody("set", MethodTypeDesc.of(ConstantDescs.CD_void), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, code -> {
                    code.iconst_2();
                    code.putstatic(self, "X", ConstantDescs.CD_int);
                    code.return_();
                });
            }
        });
        return new ClassLoader(ConstantFieldsTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass("org.ssajit.generated." + simpleName, bytes, 0, bytes.length);
            }
        }.define();
    }

    static final class Plain {
        final int x;
        int y = 1;

        Plain(int x) {
            this.x = x;
        }
    }

    private static JavaConstant object(Object o) {
        return ((HotSpotConstantReflectionProvider) Jvmci.PROVIDERS.constantReflection()).forObject(o);
    }

    private static ResolvedJavaField field(Class<?> c, String name) throws NoSuchFieldException {
        return Jvmci.PROVIDERS.metaAccess().lookupJavaField(c.getDeclaredField(name));
    }

    /** Instance fields of constant objects: trusted finals of java.lang.invoke and stable fields with a value fold; others stay. */
    @Test
    void instanceFieldsOfConstants() throws Exception {
        ConstantFields cf = new ConstantFields(Jvmci.PROVIDERS);
        MethodHandle mh = MethodHandles.lookup().findStatic(ConstantFieldsTest.class, "computed", MethodType.methodType(int.class));
        JavaConstant handle = object(mh);
        JavaConstant type = cf.readInstance(field(MethodHandle.class, "type"), handle);
        assertNotNull(type, "MethodHandle.type: final, of java.lang.invoke");
        assertEquals(object(mh.type()), type);
        assertNull(cf.readInstance(field(Plain.class, "x"), object(new Plain(3))),
                        "a final field of a class HotSpot does not trust: reflection or deserialization may write it");
        // String.value and String.hash are @Stable; a new string's hash is 0 until hashCode computes it.
        JavaConstant abc = object(new String("abc"));
        assertNotNull(cf.readInstance(field(String.class, "value"), abc), "a stable field with a value");
        assertNull(cf.readInstance(field(String.class, "hash"), abc), "a stable field at its default: it may still be written once");
        assertNull(cf.readInstance(field(Plain.class, "y"), object(new Plain(3))), "neither final nor stable");
        assertNull(cf.readInstance(field(MethodHandle.class, "type"), JavaConstant.NULL_POINTER), "null: the read throws");
        assertNull(cf.readInstance(field(MethodHandle.class, "type"), abc), "not a field of that object");
    }
}
