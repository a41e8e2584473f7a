package org.ssajit.demo.suite;

/**
 * Exceptions on a hot path: generated records validated by methods that throw checked exceptions
 * (with and without a stack trace) through several frames, caught, wrapped with a cause and
 * unwrapped; a recursive evaluator that unwinds from deep inside; resources closed by
 * try-with-resources and {@code finally} on every path; implicit exceptions (a division by zero, an
 * index out of bounds, a null receiver) caught in a loop. Checks: every resource opened is closed,
 * and the number of each failure is the number a validation without exceptions counts.
 */
final class Exceptions extends SuiteProgram {
    Exceptions() {
        super("exceptions");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 1985088120346813293L;
    }

    /** A record that fails validation; cheap: no stack trace, not suppressible. */
    static final class Invalid extends Exception {
        final int code;

        Invalid(String message, int code) {
            super(message, null, false, false);
            this.code = code;
        }
    }

    /** A failure with its stack trace, for the rarer errors. */
    static final class Broken extends Exception {
        Broken(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Counts opens and closes; closing twice is a program error. */
    final class Resource implements AutoCloseable {
        private boolean closed;

        Resource() {
            opened++;
        }

        @Override
        public void close() {
            check(!closed, "exceptions: a resource closed twice");
            closed = true;
            closedCount++;
        }
    }

    private int opened;
    private int closedCount;

    @Override
    protected long unit() {
        opened = 0;
        closedCount = 0;
        evalSteps = 0;
        long sum = validateAll();
        sum = sum * 31 + evaluate();
        sum = sum * 31 + implicit();
        check(opened == closedCount, "exceptions: " + opened + " resources opened, " + closedCount + " closed");
        return sum * 31 + opened;
    }

    /** Records of three fields; each checked by {@link #validate}, which throws at the first problem. */
    private long validateAll() {
        Rng rng = new Rng(17);
        int[] byCode = new int[6];
        int[] expected = new int[6];
        long good = 0;
        for (int i = 0; i < 900_000; i++) {
            int a = rng.below(1000) - 50;
            int b = rng.below(1000);
            int c = rng.below(97);
            expected[codeOf(a, b, c)]++;
            try (Resource r = new Resource()) {
                good += validate(a, b, c, r);
                byCode[0]++;
            } catch (Invalid e) {
                byCode[e.code]++;
            } catch (Broken e) {
                // Broken wraps an Invalid of code 5 from deeper down.
                check(e.getCause() instanceof Invalid inv && inv.code == 5 && e.getStackTrace().length > 0, "exceptions: a wrapped cause");
                byCode[5]++;
            }
        }
        for (int k = 0; k < byCode.length; k++) {
            check(byCode[k] == expected[k], "exceptions: " + byCode[k] + " records of code " + k + ", the plain check says " + expected[k]);
        }
        long sum = good;
        for (int n : byCode) {
            sum = sum * 31 + n;
        }
        return sum;
    }

    /** What {@link #validate} decides, without exceptions: 0 valid, else the code of the first problem. */
    private static int codeOf(int a, int b, int c) {
        if (a < 0) {
            return 1;
        }
        if (b % 7 == 0) {
            return 2;
        }
        if (a + b > 1500) {
            return 3;
        }
        if (c == 0) {
            return 4;
        }
        if ((a ^ b) % 31 == 0) {
            return 5;
        }
        return 0;
    }

    private long validate(int a, int b, int c, Resource r) throws Invalid, Broken {
        checkSign(a);
        int x;
        try {
            x = checkRange(a, b);
        } finally {
            // An inner resource on the same path: closed whether or not the check threw.
            new Resource().close();
        }
        return x + checkDeep(a, b, c, 3);
    }

    private static void checkSign(int a) throws Invalid {
        if (a < 0) {
            throw new Invalid("negative", 1);
        }
    }

    private static int checkRange(int a, int b) throws Invalid {
        if (b % 7 == 0) {
            throw new Invalid("multiple of 7", 2);
        }
        if (a + b > 1500) {
            throw new Invalid("too large", 3);
        }
        return a + b;
    }

    /** Recurses {@code depth} frames, then checks; code 5 becomes a {@link Broken} with the Invalid as cause. */
    private long checkDeep(int a, int b, int c, int depth) throws Invalid, Broken {
        if (depth > 0) {
            try {
                return checkDeep(a, b, c, depth - 1) + 1;
            } catch (Invalid e) {
                if (e.code == 5 && depth == 3) {
                    throw new Broken("wrapped at depth " + depth, e);
                }
                throw e;
            }
        }
        if (c == 0) {
            throw new Invalid("zero", 4);
        }
        if ((a ^ b) % 31 == 0) {
            throw new Invalid("pattern", 5);
        }
        return 100 / c;
    }

    /** The expression tree evaluator's error: thrown from deep inside, caught at the top. */
    static final class EvalError extends Exception {
        final int depth;

        EvalError(int depth) {
            super(null, null, false, false);
            this.depth = depth;
        }
    }

    /** Random expression trees (+, *, /) evaluated recursively; a division by zero unwinds to the top. */
    private long evaluate() {
        Rng rng = new Rng(23);
        long sum = 0;
        int failures = 0;
        int expectedFailures = 0;
        for (int t = 0; t < 45_000; t++) {
            int[] tree = new int[63]; // a complete tree in an array: node i has children 2i + 1, 2i + 2
            for (int i = 0; i < tree.length; i++) {
                tree[i] = i < 31 ? rng.below(3) : rng.below(10);
            }
            boolean zeroDivisor = hasZeroDivisor(tree, 0);
            expectedFailures += zeroDivisor ? 1 : 0;
            try (Resource r = new Resource()) {
                sum = sum * 31 + eval(tree, 0, 0);
                check(!zeroDivisor, "eval: no error although a divisor is zero");
            } catch (EvalError e) {
                failures++;
                sum += e.depth;
            }
        }
        check(failures == expectedFailures, "eval: " + failures + " errors, " + expectedFailures + " zero divisors");
        return (sum * 31 + failures) * 31 + evalSteps;
    }

    private long eval(int[] tree, int i, int depth) throws EvalError {
        if (i >= 31) {
            return tree[i];
        }
        long l = eval(tree, 2 * i + 1, depth + 1);
        long r = eval(tree, 2 * i + 2, depth + 1);
        try {
            switch (tree[i]) {
                case 0:
                    return l + r;
                case 1:
                    return (l * r) % 1_000_003;
                default:
                    if (r == 0) {
                        throw new EvalError(depth);
                    }
                    return l / r;
            }
        } finally {
            evalSteps++;
        }
    }

    /** Operators evaluated, counted in a {@code finally}: those that threw too. */
    private long evalSteps;

    /** Whether evaluating the tree divides by zero (left to right, as {@link #eval} does). */
    private static boolean hasZeroDivisor(int[] tree, int i) {
        return valueOrNull(tree, i) == null;
    }

    private static Long valueOrNull(int[] tree, int i) {
        if (i >= 31) {
            return (long) tree[i];
        }
        Long l = valueOrNull(tree, 2 * i + 1);
        if (l == null) {
            return null;
        }
        Long r = valueOrNull(tree, 2 * i + 2);
        if (r == null) {
            return null;
        }
        return switch (tree[i]) {
            case 0 -> l + r;
            case 1 -> (l * r) % 1_000_003;
            default -> r == 0 ? null : l / r;
        };
    }

    /** Implicit exceptions caught in a loop: their kind is counted, never their message. */
    private long implicit() {
        int[] data = new int[64];
        Object[] things = {"text", null, 42, 'c'};
        int divisions = 0;
        int bounds = 0;
        int nulls = 0;
        long sum = 0;
        for (int i = 0; i < 450_000; i++) {
            try {
                sum += 1000 / (i % 13);
            } catch (ArithmeticException e) {
                divisions++;
            }
            try {
                data[i % 70] += i;
            } catch (ArrayIndexOutOfBoundsException e) {
                bounds++;
            }
            try {
                sum += things[i & 3].hashCode() & 0xFF;
            } catch (NullPointerException e) {
                nulls++;
            }
        }
        // Thrown when i % 13 == 0, i % 70 >= 64 and i & 3 == 1.
        check(divisions == (450_000 + 12) / 13 && bounds == countBounds(450_000) && nulls == 450_000 / 4, "implicit: " + divisions + ", " + bounds + ", " + nulls);
        long d = 0;
        for (int v : data) {
            d = d * 31 + v;
        }
        return (((long) divisions * 31 + bounds) * 31 + nulls) * 31 + d;
    }

    private static int countBounds(int n) {
        int c = 0;
        for (int i = 0; i < n; i++) {
            c += i % 70 >= 64 ? 1 : 0;
        }
        return c;
    }
}
