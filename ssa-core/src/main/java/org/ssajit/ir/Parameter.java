package org.ssajit.ir;

import jdk.vm.ci.meta.JavaKind;

/** The value of an incoming argument; index 0 is the receiver of an instance method. */
public final class Parameter extends Value {
    private final int index;
    private final boolean receiver;

    Parameter(Graph graph, int index, JavaKind kind, boolean receiver) {
        super(graph, kind);
        this.index = index;
        this.receiver = receiver;
    }

    public int index() {
        return index;
    }

    /** The {@code this} of an instance method: never null. */
    public boolean isReceiver() {
        return receiver;
    }
}
