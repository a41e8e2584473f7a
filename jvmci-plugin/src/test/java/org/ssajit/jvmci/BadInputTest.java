package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.CodeBuilder;
import java.lang.classfile.Label;
import java.lang.classfile.instruction.SwitchCase;
import java.lang.constant.ClassDesc;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.jvmci.CompiledRunner.Outcome;
import org.ssajit.testing.ClassGen;

import jdk.vm.ci.code.InstalledCode;

/**
 * Class files the verifier accepts but javac never writes, through the whole pipeline: each method is
 * compiled and installed and must give the interpreter's results over edge inputs; what ssajit does not
 * compile (subroutines, jsr/ret, of class files before version 50) is refused with a reason that is
 * not a compiler bug; never a crash. The shapes: values on the operand stack across
 * a merge and around a loop's back edge (a long too), dead code, a handler whose range covers itself,
 * a method of 40 KB of bytecode, 250 nested diamonds, a tableswitch of 4,000 cases and a lookupswitch of
 * 3,000 sparse keys.
 */
class BadInputTest {
    private static final ClassDesc ARITHMETIC = ClassDesc.of("java.lang.ArithmeticException");

    private static final Class<?> GENERATED = new ClassGen("BadInput")
                    .staticMethod("stackAcrossMerge", "(II)I", BadInputTest::stackAcrossMerge)
                    .staticMethod("stackAroundLoop", "(II)I", BadInputTest::stackAroundLoop)
                    .staticMethod("longOnStackAroundLoop", "(JI)J", BadInputTest::longOnStackAroundLoop)
                    .staticMethod("deadCode", "(II)I", BadInputTest::deadCode)
                    .staticMethod("handlerCoversItself", "(II)I", BadInputTest::handlerCoversItself)
                    .staticMethod("hugeMethod", "(II)I", BadInputTest::hugeMethod)
                    .staticMethod("deepNesting", "(II)I", BadInputTest::deepNesting)
                    .staticMethod("hugeTableSwitch", "(II)I", BadInputTest::hugeTableSwitch)
                    .staticMethod("hugeLookupSwitch", "(II)I", BadInputTest::hugeLookupSwitch)
                    .load();

    /** {@code (a != 0 ? b : 5) * a}, the choice left on the stack where the branches meet. */
    private static void stackAcrossMerge(CodeBuilder c) {
        Label otherwise = c.newLabel();
        Label join = c.newLabel();
        c.iload(0).ifeq(otherwise);
        c.iload(1).goto_(join);
        c.labelBinding(otherwise);
        c.iconst_5();
        c.labelBinding(join);
        c.iload(0).imul().ireturn();
    }

    /** The accumulator lives on the operand stack, not in a local, around a loop of {@code b & 15} trips. */
    private static void stackAroundLoop(CodeBuilder c) {
        Label loop = c.newLabel();
        Label test = c.newLabel();
        c.iconst_0().istore(2);
        c.iload(0); // the accumulator, on the stack from here on
        c.goto_(test);
        c.labelBinding(loop);
        c.iconst_3().imul().iload(2).iadd();
        c.iinc(2, 1);
        c.labelBinding(test);
        c.iload(2).iload(1).bipush(15).iand().if_icmplt(loop);
        c.ireturn();
    }

    /** A long under an int on the stack around a loop, shuffled with dup2_x1 and pop2 every trip. */
    private static void longOnStackAroundLoop(CodeBuilder c) {
        Label loop = c.newLabel();
        Label test = c.newLabel();
        c.iconst_0().istore(3);
        c.lload(0).iload(2); // stack: long, int
        c.goto_(test);
        c.labelBinding(loop);
        // stack: long v, int k -> long v*31+k, int k+1
        c.dup_x2().pop(); // int k, long v
        c.ldc(31L).lmul(); // k, v*31
        c.dup2_x1().pop2(); // v*31, k
        c.dup().i2l(); // v*31, k, (long) k
        c.dup2_x1().pop2(); // v*31, (long) k, k
        c.istore(4).ladd().iload(4).iconst_1().iadd(); // v*31+k, k+1
        c.iinc(3, 1);
        c.labelBinding(test);
        c.iload(3).bipush(9).if_icmplt(loop);
        c.pop().lreturn();
    }

    /** Blocks nothing jumps to (the class-file library turns them into nop ... athrow, as the verifier needs). */
    private static void deadCode(CodeBuilder c) {
        Label live = c.newLabel();
        c.goto_(live);
        c.iload(0).iload(1).idiv().ireturn(); // never reached
        c.labelBinding(live);
        c.iload(0).iload(1).isub().ireturn();
    }

    /**
     * {@code a / (b + 1)}; on ArithmeticException a handler increments b and divides by {@code b % 3},
     * inside the same try range, so its own exception goes to itself ({@code b = -1}: twice).
     */
    private static void handlerCoversItself(CodeBuilder c) {
        Label start = c.newLabel();
        Label handler = c.newLabel();
        Label end = c.newLabel();
        c.labelBinding(start);
        c.iload(0).iload(1).iconst_1().iadd().idiv().ireturn();
        c.labelBinding(handler);
        c.pop();
        c.iinc(1, 1);
        c.iload(0).iload(1).iconst_3().irem().idiv().ireturn();
        c.labelBinding(end);
        c.exceptionCatch(start, end, handler, ARITHMETIC);
    }

    /** 40 KB of straight-line arithmetic. */
    private static void hugeMethod(CodeBuilder c) {
        for (int k = 0; k < 4000; k++) {
            c.iload(0).bipush(k % 100).imul().iload(1).ixor().istore(0);
            c.iinc(1, 1);
        }
        c.iload(0).ireturn();
    }

    /** 250 diamonds, each inside the one before: {@code if (((a >> (k & 31)) & 1) != 0) { b = b * 3 + k; } else { b ^= k; } ...}. */
    private static void deepNesting(CodeBuilder c) {
        nest(c, 0, 250);
        c.iload(1).ireturn();
    }

    private static void nest(CodeBuilder c, int k, int depth) {
        if (k == depth) {
            return;
        }
        Label otherwise = c.newLabel();
        Label join = c.newLabel();
        c.iload(0).loadConstant(k & 31).ishr().iconst_1().iand().ifeq(otherwise);
        c.iload(1).iconst_3().imul().loadConstant(k).iadd().istore(1);
        nest(c, k + 1, depth);
        c.goto_(join);
        c.labelBinding(otherwise);
        c.iload(1).loadConstant(k).ixor().istore(1);
        c.labelBinding(join);
    }

    /** {@code switch (a) { case 0..3999: return a * k + b (k per case); default: return -b; }} as a tableswitch. */
    private static void hugeTableSwitch(CodeBuilder c) {
        Label dflt = c.newLabel();
        List<SwitchCase> cases = new ArrayList<>();
        List<Label> targets = new ArrayList<>();
        for (int k = 0; k < 4000; k++) {
            Label l = c.newLabel();
            targets.add(l);
            cases.add(SwitchCase.of(k, l));
        }
        c.iload(0).tableswitch(0, 3999, dflt, cases);
        for (int k = 0; k < targets.size(); k++) {
            c.labelBinding(targets.get(k));
            c.iload(0).loadConstant(k % 7 + 1).imul().iload(1).iadd().ireturn();
        }
        c.labelBinding(dflt);
        c.iload(1).ineg().ireturn();
    }

    /** 3,000 keys spread over the whole int range (MIN_VALUE, 0 and -1 among them), as a lookupswitch. */
    private static void hugeLookupSwitch(CodeBuilder c) {
        Label dflt = c.newLabel();
        List<SwitchCase> cases = new ArrayList<>();
        List<Label> targets = new ArrayList<>();
        java.util.TreeSet<Integer> keys = new java.util.TreeSet<>(List.of(Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1, 7, 1000));
        java.util.Random r = new java.util.Random(3);
        while (keys.size() < 3000) {
            keys.add(r.nextInt());
        }
        for (int key : keys) {
            Label l = c.newLabel();
            targets.add(l);
            cases.add(SwitchCase.of(key, l));
        }
        c.iload(0).lookupswitch(dflt, cases);
        int k = 0;
        for (Label l : targets) {
            c.labelBinding(l);
            c.iload(1).loadConstant(k++).iadd().ireturn();
        }
        c.labelBinding(dflt);
        c.iload(1).iconst_m1().ixor().ireturn();
    }

    /**
     * A class file of version 49 (before stack maps) with a subroutine: {@code static int f(int a)}
     * calls it with jsr, it adds 5 to a local and returns with ret.
     */
    @org.junit.jupiter.api.Test
    void subroutinesAreRefusedWithAReason() throws Exception {
        ClassDesc desc = ClassDesc.of("org.ssajit.generated.Subroutine");
        byte[] bytes = java.lang.classfile.ClassFile.of(java.lang.classfile.ClassFile.StackMapsOption.DROP_STACK_MAPS).build(desc, cb -> {
            cb.withVersion(49, 0);
            cb.withFlags(java.lang.reflect.AccessFlag.PUBLIC, java.lang.reflect.AccessFlag.SUPER);
            cb.withMethodBody("f", java.lang.constant.MethodTypeDesc.ofDescriptor("(I)I"), java.lang.classfile.ClassFile.ACC_PUBLIC | java.lang.classfile.ClassFile.ACC_STATIC,
                            c -> {
                                Label sub = c.newLabel();
                                c.iload(0).istore(1);
                                c.with(java.lang.classfile.instruction.DiscontinuedInstruction.JsrInstruction.of(sub));
                                c.iload(1).ireturn();
                                c.labelBinding(sub);
                                c.astore(2);
                                c.iinc(1, 5);
                                c.with(java.lang.classfile.instruction.DiscontinuedInstruction.RetInstruction.of(2));
                            });
        });
        Class<?> k = new ClassLoader(BadInputTest.class.getClassLoader()) {
            Class<?> define() {
                return defineClass("org.ssajit.generated.Subroutine", bytes, 0, bytes.length);
            }
        }.define();
        Method f = k.getMethod("f", int.class);
        assertEquals(12, f.invoke(null, 7));
        try {
            CompiledRunner.install(f);
        } catch (Throwable t) {
            PipelineOutcome o = PipelineOutcome.of(t);
            assertFalse(o.bug(), o.message());
            assertTrue(o.message().toLowerCase(java.util.Locale.ROOT).contains("jsr") || o.message().toLowerCase(java.util.Locale.ROOT).contains("subroutine"),
                            o.message());
            return;
        }
        throw new AssertionError("a method with jsr/ret compiled: extend this test to compare it with the interpreter instead");
    }

    /**
     * Locking javac never writes: a method that returns holding the lock it took is refused (HotSpot's
     * compiled code requires structured locking; the interpreter releases the lock and throws
     * IllegalMonitorStateException), and a callee that throws holding its lock, inlined at a call
     * inside a try range, does not throw to the caller's handler in compiled code (the frame would
     * keep the lock): it deoptimizes, and the interpreter releases the lock as it unwinds (and throws
     * IllegalMonitorStateException instead).
     */
    @org.junit.jupiter.api.Test
    void unstructuredLocking() throws Exception {
        ClassDesc ise = ClassDesc.of("java.lang.IllegalStateException");
        Class<?> k = new ClassGen("org.ssajit.inlinable", "Unstructured").staticMethod("returnsHolding", "(Ljava/lang/Object;I)I", c -> c.aload(0).monitorenter().iload(1).ireturn())
                        .staticMethod("throwsHolding", "(Ljava/lang/Object;I)I", c -> {
                            Label fine = c.newLabel();
                            c.aload(0).monitorenter();
                            c.iload(1).ifge(fine);
                            c.new_(ise).dup().invokespecial(ise, "<init>", java.lang.constant.MethodTypeDesc.ofDescriptor("()V")).athrow();
                            c.labelBinding(fine);
                            c.aload(0).monitorexit().iload(1).ireturn();
                        })
                        .staticMethod("catches", "(Ljava/lang/Object;I)I", c -> {
                            // try { return throwsHolding(o, x) * 2; }
                            // catch (RuntimeException e) { return Thread.holdsLock(o) ? -100 : e instanceof IllegalMonitorStateException ? -2 : -1; }
                            Label start = c.newLabel();
                            Label end = c.newLabel();
                            Label handler = c.newLabel();
                            Label held = c.newLabel();
                            Label monitorState = c.newLabel();
                            c.labelBinding(start);
                            c.aload(0).iload(1).invokestatic(ClassDesc.of("org.ssajit.inlinable.Unstructured"), "throwsHolding",
                                            java.lang.constant.MethodTypeDesc.ofDescriptor("(Ljava/lang/Object;I)I"));
                            c.iconst_2().imul();
                            c.labelBinding(end);
                            c.ireturn();
                            c.labelBinding(handler);
                            c.astore(2);
                            c.aload(0).invokestatic(ClassDesc.of("java.lang.Thread"), "holdsLock", java.lang.constant.MethodTypeDesc.ofDescriptor("(Ljava/lang/Object;)Z"));
                            c.ifne(held);
                            c.aload(2).instanceOf(ClassDesc.of("java.lang.IllegalMonitorStateException")).ifne(monitorState);
                            c.iconst_m1().ireturn();
                            c.labelBinding(monitorState);
                            c.bipush(-2).ireturn();
                            c.labelBinding(held);
                            c.bipush(-100).ireturn();
                            c.exceptionCatch(start, end, handler, ClassDesc.of("java.lang.RuntimeException"));
                        }).load();
        Method returnsHolding = k.getMethod("returnsHolding", Object.class, int.class);
        Object lock = new Object();
        Throwable interpreted = assertThrows(java.lang.reflect.InvocationTargetException.class, () -> returnsHolding.invoke(null, lock, 3)).getCause();
        assertTrue(interpreted instanceof IllegalMonitorStateException, () -> "the interpreter threw " + interpreted);
        assertFalse(Thread.holdsLock(lock));
        try {
            CompiledRunner.install(returnsHolding);
            throw new AssertionError("a method that returns holding a lock compiled");
        } catch (AssertionError e) {
            throw e;
        } catch (Throwable t) {
            PipelineOutcome o = PipelineOutcome.of(t);
            assertFalse(o.bug(), o.message());
            assertTrue(o.message().contains("return holding 1 lock"), o.message());
        }

        Method catches = k.getMethod("catches", Object.class, int.class);
        Object[][] inputs = {{new Object(), 4}, {new Object(), -4}, {"interned", -1}, {new Object(), 0}};
        List<Object> expected = new ArrayList<>();
        for (Object[] in : inputs) {
            expected.add(catches.invoke(null, in));
            assertFalse(Thread.holdsLock(in[0]));
        }
        assertEquals(List.of(8, -2, -2, 0), expected, "the interpreter released the lock as it unwound, and threw IllegalMonitorStateException");
        Pipeline inlining = Pipeline.host(Pipeline.TEST_OPTIONS.with(org.ssajit.parse.Inlining.INLINE, true));
        jdk.vm.ci.meta.ResolvedJavaMethod rm = org.ssajit.testing.Jvmci.method(catches);
        org.ssajit.ir.Graph g = inlining.build(rm, -1, true);
        assertEquals(List.of("throwsHolding"), g.inlinedMethods().stream().map(jdk.vm.ci.meta.ResolvedJavaMethod::getName).toList(), () -> g.inliningDecisions().toString());
        InstalledCode code = Installer.host().installDirect(rm, inlining.compile(g, rm));
        try {
            for (int i = 0; i < inputs.length; i++) {
                assertEquals(expected.get(i), code.executeVarargs(inputs[i]), "input " + i);
                assertFalse(Thread.holdsLock(inputs[i][0]), "input " + i);
            }
        } finally {
            code.invalidate();
        }
    }

    private static Method method(String name) {
        return org.ssajit.testing.Jvmci.declared(GENERATED, name);
    }

    /** Every shape compiles (a refusal would be a regression) and runs as the interpreter runs it. */
    @ParameterizedTest
    @ValueSource(strings = {"stackAcrossMerge", "stackAroundLoop", "longOnStackAroundLoop", "deadCode", "handlerCoversItself", "hugeMethod", "deepNesting",
        "hugeTableSwitch", "hugeLookupSwitch"})
    void compiledAsTheInterpreterRunsIt(String name) {
        Method m = method(name);
        List<Supplier<Object[]>> in = new ArrayList<>(CompiledMethodsTest.inputs(m));
        for (int a : new int[]{0, 1, 2, 3998, 3999, 4000, -1, Integer.MIN_VALUE, Integer.MAX_VALUE}) {
            if (m.getParameterTypes()[0] == int.class) {
                in.add(() -> new Object[]{a, -1});
                in.add(() -> new Object[]{a, 12345});
            }
        }
        List<Outcome> expected = CompiledRunner.callAll(m, in);
        InstalledCode code;
        try {
            code = CompiledRunner.install(m);
        } catch (Throwable t) {
            PipelineOutcome o = PipelineOutcome.of(t);
            assertFalse(o.bug(), name + ": " + o.message());
            assertFalse(o.message().isBlank());
            throw new AssertionError(name + " refused (it compiled before): " + o.message(), t);
        }
        CompiledMethodsTest.compare(name + " (installed code executed)", in, expected, CompiledRunner.executeAll(code, in));
        assertTrue(code.isValid(), name + " invalidated");
        assertEquals(expected, CompiledRunner.callAll(m, in), name + " (called)");
    }
}
