package org.ssajit.interp;

// Classes used by exactly one method of ResolutionDiffTest each. They are top-level (JUnit loads the
// member classes of a test class while discovering tests) and appear in no signature, so none is
// loaded before that method's graph is built, and the graph sees them unresolved.

class LazyNew {
    final int v;

    LazyNew(int v) {
        this.v = v * 3;
    }

    int twice() {
        return v * 2;
    }
}

class LazyStatic {
    static int counter = 5;

    static int bump(int k) {
        counter += k;
        return counter;
    }
}

class LazyType {
}

class LazyArray {
}

class LazyMulti {
}

class LazyLdc {
}

final class LazyException extends RuntimeException {
    private static final long serialVersionUID = 1L;
}

