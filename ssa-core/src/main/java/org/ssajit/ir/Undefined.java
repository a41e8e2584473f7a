package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/**
 * The value of a variable read where no definition reaches (Algorithm 3's {@code new Undefined()}):
 * only in unreachable data flow, since verified bytecode never reads an unassigned local.
 */
public final class Undefined extends Value {
    Undefined(Graph graph, JavaKind kind) {
        super(graph, kind);
    }

    @Override
    public String toString() {
        return "undef";
    }
}
