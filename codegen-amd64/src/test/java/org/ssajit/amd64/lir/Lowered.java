package org.ssajit.amd64.lir;

import org.ssajit.ir.Graph;
import org.ssajit.lir.SelectionFileTest;

/** Graphs as instruction selection gets them: built, lowered for the host VM (explicit null checks) and verified. */
final class Lowered {
    private Lowered() {
    }

    /** The method {@code name} of {@code c} or a superclass (the shared topics of {@link SelectionFileTest}). */
    static Graph graph(Class<?> c, String name) {
        return SelectionFileTest.lowered(c, name);
    }

    static Graph of(Graph g) {
        return SelectionFileTest.lower(g);
    }
}
