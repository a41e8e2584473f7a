package org.ssajit.testing;

import java.util.function.IntSupplier;

import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.bytecode.Bytecodes;

import jdk.vm.ci.meta.JavaTypeProfile;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * HotSpot's profiles for tests of what ssajit makes of them: warming a method until its profile says what
 * a test needs. A warmed method must not be inlined by C1 or C2 into the loop that warms it (the root
 * pom's {@code -XX:CompileCommand=dontinline} for it): compiled into a caller before it had a profile of
 * its own, it would never get one.
 */
public final class Profiles {
    private Profiles() {
    }

    /**
     * Runs {@code warm} (which calls {@code m}) until the receiver profile of {@code m}'s first virtual
     * or interface call records {@code classes} classes: HotSpot's profiling code collects it once the
     * method is hot. Fails after 2,000,000 runs.
     */
    public static void warmUntilProfiled(ResolvedJavaMethod m, int classes, IntSupplier warm) {
        int bci = firstVirtualCall(m);
        long sink = 0;
        for (int round = 0; round < 2_000; round++) {
            JavaTypeProfile p = m.getProfilingInfo().getTypeProfile(bci);
            if (p != null && p.getTypes().length >= classes) {
                return;
            }
            for (int k = 0; k < 1_000; k++) {
                sink += warm.getAsInt();
            }
        }
        throw new AssertionError("no receiver profile at bci " + bci + " of " + m + " after 2,000,000 runs (" + sink + ")");
    }

    /** The bci of {@code m}'s first {@code invokevirtual} or {@code invokeinterface}. */
    public static int firstVirtualCall(ResolvedJavaMethod m) {
        BytecodeStream s = new BytecodeStream(m.getCode());
        for (int bci = 0; bci < m.getCodeSize(); bci = s.nextBci()) {
            int op = s.at(bci).opcode();
            if (op == Bytecodes.INVOKEVIRTUAL || op == Bytecodes.INVOKEINTERFACE) {
                return bci;
            }
        }
        throw new AssertionError("no virtual call in " + m);
    }
}
