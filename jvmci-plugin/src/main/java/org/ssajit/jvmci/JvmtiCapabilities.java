package org.ssajit.jvmci;

import org.ssajit.hotspot.HotSpotVmConfig;

import jdk.vm.ci.code.CompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MemoryAccessProvider;

/**
 * The JVMTI capabilities a compile must respect, as HotSpot recorded them in the request's
 * {@code JVMCICompileState} when the compile started (HotSpot refuses to install the code if they
 * grew meanwhile). A request without a compile state (built by ssajit's own tools) has none.
 *
 * @param postOnExceptions an agent can be told of exceptions thrown and caught: the interpreter posts
 *            those events, so exceptions must not be caught in compiled code
 * @param popFrame an agent can pop frames
 * @param accessLocalVariables an agent can read and write local variables, also dead ones
 */
public record JvmtiCapabilities(boolean postOnExceptions, boolean popFrame, boolean accessLocalVariables) {
    public static final JvmtiCapabilities NONE = new JvmtiCapabilities(false, false, false);

    /**
     * Whether frame states must name every local, live or not, as C1 and C2 keep them for such an
     * agent. ssajit's frame states name only the live locals.
     */
    public boolean retainsLocals() {
        return popFrame || accessLocalVariables;
    }

    /** The capabilities of {@code request}, read from its compile state through JVMCI's memory access. */
    static JvmtiCapabilities of(CompilationRequest request, HotSpotVmConfig config, MemoryAccessProvider memory) {
        long state = request instanceof HotSpotCompilationRequest h ? h.getJvmciEnv() : 0L;
        if (state == 0L) {
            return NONE;
        }
        return new JvmtiCapabilities(flag(memory, state, config.compileStateCanPostOnExceptionsOffset),
                        flag(memory, state, config.compileStateCanPopFrameOffset),
                        flag(memory, state, config.compileStateCanAccessLocalVariablesOffset));
    }

    private static boolean flag(MemoryAccessProvider memory, long address, int offset) {
        JavaConstant b = memory.readPrimitiveConstant(JavaKind.Byte, JavaConstant.forLong(address), offset, Byte.SIZE);
        return (b.asInt() & 0xff) != 0;
    }
}
