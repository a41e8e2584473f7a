package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.classfile.ClassFile;
import java.lang.constant.ClassDesc;
import java.lang.constant.ConstantDescs;
import java.lang.constant.DirectMethodHandleDesc;
import java.lang.constant.DynamicCallSiteDesc;
import java.lang.constant.MethodHandleDesc;
import java.lang.constant.MethodTypeDesc;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.StringConcatException;
import java.lang.reflect.InvocationTargetException;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;

/**
 * How an exception out of the pipeline is reported: a defect of ssajit (the fuzz harness's "exception
 * in ssajit") or the VM failing it. Under a full code cache the VM cannot link the invokedynamic sites
 * of ssajit's own code (its string concatenations, lambdas): seen in {@code scripts/stress.sh
 * code-cache}'s generated programs as "internal error in ssajit: java.lang.BootstrapMethodError:
 * bootstrap method initialization exception", caused by "Out of space in CodeCache for adapters".
 */
class PipelineOutcomeTest {
    /** A bootstrap method that fails, as the JDK's fail when the VM cannot define their classes. */
    public static java.lang.invoke.CallSite failingBootstrap(MethodHandles.Lookup lookup, String name, MethodType type) {
        throw new IllegalStateException("no room");
    }

    /** A real BootstrapMethodError, thrown by java.lang.invoke linking an invokedynamic. */
    private static Throwable realBootstrapMethodError() throws Exception {
        ClassDesc self = ClassDesc.of(PipelineOutcomeTest.class.getName());
        DirectMethodHandleDesc bsm = MethodHandleDesc.ofMethod(DirectMethodHandleDesc.Kind.STATIC, self, "failingBootstrap",
                        MethodTypeDesc.of(ConstantDescs.CD_CallSite, ConstantDescs.CD_MethodHandles_Lookup, ConstantDescs.CD_String, ConstantDescs.CD_MethodType));
        ClassDesc indy = ClassDesc.of(PipelineOutcomeTest.class.getPackageName() + ".IndyThatFails");
        byte[] bytes = ClassFile.of().build(indy, cb -> cb.withMethodBody("run", MethodTypeDesc.of(ConstantDescs.CD_void), ClassFile.ACC_PUBLIC | ClassFile.ACC_STATIC,
                        code -> code.invokedynamic(DynamicCallSiteDesc.of(bsm, "x", MethodTypeDesc.of(ConstantDescs.CD_void))).return_()));
        Class<?> c = MethodHandles.lookup().defineClass(bytes);
        InvocationTargetException e = assertThrows(InvocationTargetException.class, () -> c.getMethod("run").invoke(null));
        return e.getCause();
    }

    @Test
    void aFailedLinkOfAnInvokedynamicIsTheVmsNotACompilerBug() throws Exception {
        Throwable t = realBootstrapMethodError();
        assertInstanceOf(BootstrapMethodError.class, t);
        PipelineOutcome o = PipelineOutcome.of(t);
        assertFalse(o.bug(), o::toString);
        assertEquals(PipelineOutcome.VM_LINKAGE, o.category());
        assertTrue(o.message().contains("BootstrapMethodError"), o::message);
    }

    @Test
    void codeCacheExhaustionAnywhereInTheCausesIsTheVms() {
        // The chain seen under the 4 MB code cache, from a string concatenation of ssajit's own code.
        Throwable t = new BootstrapMethodError("bootstrap method initialization exception",
                        new StringConcatException("Generator failed", new StringConcatException("Exception while spinning the class",
                                        new OutOfMemoryError("Out of space in CodeCache for adapters"))));
        PipelineOutcome o = PipelineOutcome.of(t);
        assertFalse(o.bug(), o::toString);
        assertEquals(PipelineOutcome.VM_OUT_OF_MEMORY, o.category());
        assertFalse(PipelineOutcome.of(new OutOfMemoryError("Java heap space")).bug());
    }

    @Test
    void ssajitsOwnErrorsStayCompilerBugs() {
        // Thrown here, not by java.lang.invoke: defects of ssajit, whatever their type.
        for (Throwable t : new Throwable[] {new InternalError("unexpected node"), new IllegalStateException("x"), new NullPointerException(),
                        new LinkageError("made up"), new BootstrapMethodError("made up", new IllegalStateException())}) {
            PipelineOutcome o = PipelineOutcome.of(t);
            assertTrue(o.bug(), () -> t + " -> " + o);
            assertTrue(o.message().startsWith("internal error in ssajit: "), o::message);
        }
        PipelineOutcome bailout = PipelineOutcome.of(new BailoutException(BailoutException.Reason.UNSUPPORTED, "x"));
        assertFalse(bailout.bug());
    }
}
