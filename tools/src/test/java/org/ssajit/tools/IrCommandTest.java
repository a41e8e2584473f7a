package org.ssajit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IrCommandTest {
    /** Set by the generated class's static initializer, which the tool must never run. */
    private static final String INIT_PROPERTY = "ssajit.test.IrCommandTest.initialized";
    private static final String CLASS = "irtest.Gen";

    @TempDir
    static Path dir;
    static Path classes;
    static Path jar;

    record Run(int status, String out, String err) {
    }

    static Run ir(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = IrCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /**
     * {@code irtest.Gen}: {@code static int five()} is {@code 2 + 3}, {@code static int pick(int, int)} is an
     * {@code if}, and {@code <clinit>} sets a system property.
     */
    static byte[] generatedClass() {
        ClassDesc self = ClassDesc.of(CLASS);
        ClassDesc system = ClassDesc.of("java.lang.System");
        return ClassFile.of().build(self, cb -> {
            cb.withFlags(ClassFile.ACC_PUBLIC | ClassFile.ACC_SUPER);
            cb.withMethodBody("five", MethodTypeDesc.ofDescriptor("()I"), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC,
                            code -> code.iconst_2().iconst_3().iadd().ireturn());
            cb.withMethodBody("pick", MethodTypeDesc.ofDescriptor("(II)I"), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC, code -> {
                var other = code.newLabel();
                code.iload(0).iload(1).if_icmpge(other).iload(0).ireturn().labelBinding(other).iload(1).ireturn();
            });
            cb.withMethodBody("<clinit>", MethodTypeDesc.ofDescriptor("()V"), ClassFile.ACC_STATIC,
                            code -> code.ldc(INIT_PROPERTY).ldc("yes")
                                            .invokestatic(system, "setProperty", MethodTypeDesc.of(ConstantDescs.CD_String, ConstantDescs.CD_String, ConstantDescs.CD_String))
                                            .pop().return_());
        });
    }

    @BeforeAll
    static void writeClasses() throws IOException {
        byte[] bytes = generatedClass();
        classes = dir.resolve("classes");
        Path file = classes.resolve(CLASS.replace('.', '/') + ".class");
        Files.createDirectories(file.getParent());
        Files.write(file, bytes);
        jar = dir.resolve("gen.jar");
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(os)) {
            j.putNextEntry(new JarEntry(CLASS.replace('.', '/') + ".class"));
            j.write(bytes);
            j.closeEntry();
        }
    }

    @Test
    void printsAJdkMethod() {
        Run r = ir("jrt", "java.lang.Math.max(II)I");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("method java.lang.Math.max(int, int)int\n"), r.out());
        assertTrue(r.out().contains("= phi("), r.out());
        assertTrue(r.err().contains("blocks"), r.err());
    }

    /** {@code --inline}: callees parsed into the graph, and after it what became of each call and why. */
    @Test
    void inlineListsEachCallsOutcome() {
        Run r = ir("jrt", "java.lang.Integer.hashCode()I", "--inline");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\ninlining: 1 calls, 1 inlined\n  @4 java.lang.Integer.hashCode(int)  inlined: static\n"), r.out());
        assertFalse(r.out().contains("invoke"), r.out());
        Run thrower = ir("jrt", "java.util.Objects.requireNonNull(Ljava/lang/Object;)Ljava/lang/Object;", "--inline");
        assertEquals(0, thrower.status(), thrower.err());
        assertTrue(thrower.out().contains("java.lang.NullPointerException.<init>()  called: on a path that only throws\n"), thrower.out());
        Run off = ir("jrt", "java.lang.Integer.hashCode()I");
        assertFalse(off.out().contains("inlining:"), off.out());
        assertTrue(off.out().contains("invoke"), off.out());
    }

    /** {@code --osr BCI}: the graph of an OSR compile, entered at the loop header with the live locals. */
    @Test
    void osrGraphAtALoopHeader() throws Exception {
        jdk.vm.ci.meta.ResolvedJavaMethod fill = org.ssajit.testing.Jvmci.method(java.util.Arrays.class.getMethod("fill", int[].class, int.class));
        int header = new org.ssajit.bytecode.BlockMap(fill, new org.ssajit.bytecode.Linkage(fill)).blocks().stream()
                        .filter(org.ssajit.bytecode.BlockMap.BciBlock::isLoopHeader).findFirst().orElseThrow().startBci();
        Run r = ir("jrt", "java.util.Arrays.fill([II)V", "--osr", Integer.toString(header));
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("= osrlocal 0"), r.out());
        assertTrue(!r.out().contains("param"), r.out());
        Run inside = ir("jrt", "java.util.Arrays.fill([II)V", "--osr", Integer.toString(header + 1));
        assertEquals(1, inside.status(), inside.err());
        assertEquals(2, ir("jrt", "java.util.Arrays.fill([II)V", "--osr", "x").status());
    }

    @Test
    void loadsFromAClassDirectoryAndAJarWithoutInitializing() {
        for (Path cp : new Path[]{classes, jar}) {
            Run r = ir(cp.toString(), CLASS + ".pick");
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().startsWith("method irtest.Gen.pick(int, int)int"), r.out());
            Run clinit = ir(cp.toString(), CLASS + ".<clinit>()V");
            assertEquals(0, clinit.status(), clinit.err());
            assertTrue(clinit.out().contains("setProperty"), clinit.out());
        }
        assertNull(System.getProperty(INIT_PROPERTY), "the analyzed class was initialized");
    }

    @Test
    void optionsReachTheBuilderAndPrinters() throws IOException {
        Run opt = ir(jar.toString(), CLASS + ".five()I");
        assertTrue(opt.out().contains("return #5"), opt.out());
        Run noOpt = ir(jar.toString(), CLASS + ".five()I", "--no-opt");
        assertTrue(noOpt.out().contains("add #2, #3"), noOpt.out());

        Run states = ir("jrt", "java.util.ArrayList.get(I)Ljava/lang/Object;", "--states");
        assertEquals(0, states.status(), states.err());
        assertTrue(states.out().contains("state @"), states.out());
        assertFalse(ir("jrt", "java.util.ArrayList.get(I)Ljava/lang/Object;").out().contains("state @"));

        assertEquals(0, ir("jrt", "java.lang.Math.max(II)I", "--no-markers", "--no-scc").status());

        Path dotFile = dir.resolve("max.dot");
        Run dot = ir("jrt", "java.lang.Math.max(II)I", "--dot", dotFile.toString());
        assertEquals(0, dot.status(), dot.err());
        assertTrue(dot.out().startsWith("method "), "text is still printed");
        assertTrue(Files.readString(dotFile).startsWith("digraph "));

        Run dotOnly = ir("jrt", "java.lang.Math.max(II)I", "--dot=-");
        assertTrue(dotOnly.out().startsWith("digraph "), dotOnly.out());
    }

    @Test
    void bailoutsExitWithOneAndTheReason() {
        Run r = ir("jrt", "java.util.List.size");
        assertEquals(IrCommand.BAILOUT, r.status());
        assertTrue(r.err().contains("bailout (no bytecode"), r.err());
        assertEquals("", r.out());
    }

    @Test
    void usageErrorsExitWithTwo() {
        String[][] bad = {
            {},
            {"jrt"},
            {"jrt", "java.lang.Math.max(II)I", "extra"},
            {"jrt", "java.lang.Math.max(II)I", "--bogus"},
            {"jrt", "java.lang.Math.max(II)I", "--dot"},
            {"jrt", "java.lang.Math.max"},
            {"jrt", "java.lang.NoSuchClass.f"},
            {"jrt", "java.util.Map.Entry.getKey"},
            {dir.resolve("missing").toString(), "a.B.c"},
            {classes.toString(), "irtest.Gen.nothing"},
        };
        for (String[] args : bad) {
            Run r = ir(args);
            assertEquals(IrCommand.USAGE, r.status(), String.join(" ", args) + ": " + r.err());
            assertTrue(r.err().startsWith("ssajit ir: "), r.err());
            assertEquals("", r.out());
        }
        assertTrue(ir("jrt", "java.util.Map.Entry.getKey").err().contains("java.util.Map$Entry"), "suggests the binary name of a nested class");
        assertTrue(ir(classes.toString(), "java.lang.Nope.f").err().contains("not found"));
    }

    @Test
    void helpGoesToStdout() {
        Run r = ir("--help");
        assertEquals(0, r.status());
        assertTrue(r.out().contains("--dot FILE") && r.out().contains("jrt"), r.out());
    }
}
