package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.MethodTypeDesc;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Block;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Op;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Constant-pool entries the method has never used are unresolved in a graph built before it runs; the
 * interpreter resolves them by name through the holder's loader, as the JVM does on first execution.
 * Each test asserts that its graph really contains unresolved entries, then compares with the JVM.
 */
class ResolutionDiffTest {
    static int newAndCall(int a) {
        ResolutionTargets.LazyNew n = new ResolutionTargets.LazyNew(a);
        return n.twice() + n.v;
    }

    static int staticFieldAndMethod(int a) {
        ResolutionTargets.LazyStatic.counter = a;
        return ResolutionTargets.LazyStatic.bump(a) + ResolutionTargets.LazyStatic.counter;
    }

    static int typeChecks(int a) {
        Object o = a > 0 ? new Object() : (a < 0 ? "s" : null);
        Object[] arr = new ResolutionTargets.LazyArray[a & 3];
        Object[][] multi = new ResolutionTargets.LazyMulti[a & 1][2];
        return (o instanceof ResolutionTargets.LazyType ? 1 : 0) + arr.length + multi.length + (o == null ? ((ResolutionTargets.LazyType) o) == null ? 10 : 0 : 0);
    }

    static String classLiteral(int a) {
        Class<?> c = a > 0 ? ResolutionTargets.LazyLdc.class : int[].class;
        return c.getSimpleName();
    }

    static int catchType(int a) {
        try {
            if (a > 0) {
                throw new ResolutionTargets.LazyException();
            }
            return 1;
        } catch (ResolutionTargets.LazyException e) {
            return 2;
        }
    }

    private static void assertUnresolved(Class<?> c, String name) {
        Graph g = Jvmci.graph(c, name, BuildOptions.DEFAULT);
        int unresolved = 0;
        for (Block b : g.blocks()) {
            for (Instruction i : b.instructions()) {
                Object a = i.attribute();
                boolean u = i.op() == Op.LOAD_CONSTANT || (a instanceof FieldRef f && !f.isResolved()) || (a instanceof InvokeTarget t && !t.isResolved())
                                || (a instanceof JavaType t && !(t instanceof ResolvedJavaType));
                unresolved += u ? 1 : 0;
            }
        }
        assertTrue(unresolved > 0, () -> "expected unresolved entries in\n" + new IrPrinter().print(g));
    }

    @Test
    void unresolvedEntriesResolveByName() {
        for (String n : new String[]{"newAndCall", "staticFieldAndMethod", "typeChecks", "classLiteral"}) {
            assertUnresolved(ResolutionDiffTest.class, n);
            Diff.check(ResolutionDiffTest.class, n);
        }
        // The verifier loads catch types (they must be Throwables), so this one is resolved; still compared.
        Diff.check(ResolutionDiffTest.class, "catchType");
    }

    @Test
    void missingClassThrowsNoClassDefFoundError() {
        // References to a class that no loader can find: the JVM throws NoClassDefFoundError at first use.
        ClassDesc missing = ClassDesc.of("org.ssajit.generated.DoesNotExist");
        ClassGen cg = new ClassGen("Missing");
        cg.staticMethod("newMissing", "(I)I", b -> {
            b.iload(0).ifThen(java.lang.classfile.Opcode.IFGT, t -> t.new_(missing).pop());
            b.iload(0).ireturn();
        });
        cg.staticMethod("staticOfMissing", "(I)I", b -> {
            b.iload(0).ifThen(java.lang.classfile.Opcode.IFLT, t -> t.invokestatic(missing, "f", MethodTypeDesc.of(ConstantDescs.CD_int)).ireturn());
            b.iload(0).ireturn();
        });
        cg.staticMethod("fieldOfMissing", "(I)I", b -> {
            b.iload(0).ifThen(java.lang.classfile.Opcode.IFEQ, t -> t.getstatic(missing, "x", ConstantDescs.CD_int).ireturn());
            b.iload(0).ireturn();
        });
        cg.staticMethod("castToMissing", "(Ljava/lang/Object;)I", b -> {
            b.aload(0).checkcast(missing).pop();
            b.iconst_1().ireturn();
        });
        Class<?> c = cg.load();
        List<Object[]> ints = new ArrayList<>();
        for (int i = -1; i <= 1; i++) {
            ints.add(new Object[]{i});
        }
        for (String n : new String[]{"newMissing", "staticOfMissing", "fieldOfMissing"}) {
            Method m = FoldDiffTest.findMethod(c, n);
            Diff.report(DifferentialRunner.of(m).run(ints)).assertAgreement();
        }
        List<Object[]> objs = new ArrayList<>();
        objs.add(new Object[]{null}); // checkcast of null never resolves the class
        objs.add(new Object[]{"x"});
        Diff.report(DifferentialRunner.of(FoldDiffTest.findMethod(c, "castToMissing")).run(objs)).assertAgreement();
    }

    private static Class<?> failingInitializer() {
        ClassGen cg = new ClassGen("BadInit");
        cg.staticMethod("<clinit>", "()V", b -> b.iconst_1().iconst_0().idiv().pop().return_());
        cg.staticMethod("f", "(I)I", b -> b.iload(0).ireturn());
        return cg.load();
    }

    @Test
    void failingClassInitializer() throws Exception {
        // Class initialization happens once, so the JVM and the interpreter each get a fresh copy of the
        // class: the first call fails with ExceptionInInitializerError, later ones with NoClassDefFoundError.
        Method jvm = FoldDiffTest.findMethod(failingInitializer(), "f");
        Method interpreted = FoldDiffTest.findMethod(failingInitializer(), "f");
        IrInterpreter interp = new IrInterpreter(Jvmci.build(Jvmci.method(interpreted), BuildOptions.DEFAULT).graph());
        for (int round = 0; round < 2; round++) {
            Throwable expected;
            try {
                jvm.invoke(null, 1);
                throw new AssertionError("initializer did not fail");
            } catch (java.lang.reflect.InvocationTargetException e) {
                expected = e.getCause();
            } catch (LinkageError e) {
                expected = e;
            }
            Outcome o = interp.run(1);
            assertTrue(o instanceof Outcome.Threw t && t.exception().getClass() == expected.getClass(), "round " + round + ": jvm " + expected + ", interpreter " + o);
        }
    }
}
