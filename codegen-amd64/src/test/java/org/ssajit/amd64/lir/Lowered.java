package org.ssajit.amd64.lir;

import org.ssajit.ir.Graph;
import org.ssajit.lowering.HotSpotLowering;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

/** Graphs as instruction selection gets them: built, lowered for the host VM (explicit null checks) and verified. */
final class Lowered {
    private Lowered() {
    }

    static Graph graph(Class<?> c, String name) {
        return of(Jvmci.graph(c, name));
    }

    static Graph of(Graph g) {
        HotSpotLowering.host(false).lower(g);
        Verifier.verify(g);
        return g;
    }
}
