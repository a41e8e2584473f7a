package org.ssajit.interp;

/**
 * Classes used by exactly one method of {@link ResolutionDiffTest} each. They are nested here rather
 * than in the test (JUnit loads a test class's member classes while discovering tests) and appear in
 * no signature, so none is loaded before that method's graph is built, and the graph sees them
 * unresolved.
 */
final class ResolutionTargets {
    private ResolutionTargets() {
    }

    static class LazyNew {
        final int v;

        LazyNew(int v) {
            this.v = v * 3;
        }

        int twice() {
            return v * 2;
        }
    }

    static class LazyStatic {
        static int counter = 5;

        static int bump(int k) {
            counter += k;
            return counter;
        }
    }

    static class LazyType {
    }

    static class LazyArray {
    }

    static class LazyMulti {
    }

    static class LazyLdc {
    }

    static final class LazyException extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }
}
