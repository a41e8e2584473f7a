package org.ssajit.interp;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * Exception edges: handlers read locals through phis whose operands depend on where in the try range
 * the exception happened, so these exercise exactly the values the SSA builder gives handlers.
 */
class ExceptionDiffTest {
    static final class AppException extends Exception {
        private static final long serialVersionUID = 1L;
        final int code;

        AppException(int code) {
            super("code " + code);
            this.code = code;
        }
    }

    static int thrower(int k) throws AppException {
        switch (k & 7) {
            case 1: throw new IllegalStateException("ise");
            case 2: throw new AppException(k);
            case 3: throw new UncheckedIOException(new IOException("io"));
            case 4: return 100 / (k - 4); // ArithmeticException
            case 5: throw new AssertionError("fake"); // an Error, not an Exception
            default: return k;
        }
    }

    static int localsOnExceptionEdges(int a, int b) {
        int x = 1;
        long y = 2;
        double z = 3;
        try {
            x = a / b;          // may throw with x == 1
            y = x * 3L;
            z = y / (double) b;
            x = 100 / (a - b);  // may throw with x == a / b, y, z updated
            y += x;
        } catch (ArithmeticException e) {
            return (int) (x * 1000 + y * 10 + (long) z);
        }
        return (int) (x + y + (long) z);
    }

    static int tryCatchFinally(int k) {
        int r = 0;
        try {
            r = thrower(k);
            r += 10;
        } catch (IllegalStateException | UncheckedIOException e) {
            r = -1 - e.getMessage().length();
        } catch (AppException e) {
            r = -100 - e.code;
        } catch (RuntimeException e) {
            r = -1000;
        } finally {
            r *= 2;
        }
        return r;
    }

    static int finallyOverridesReturn(int k) {
        int r = 5;
        try {
            if (k > 0) {
                return r; // the value returned is captured before finally runs
            }
            r = thrower(k);
        } catch (AppException e) {
            r = e.code;
        } finally {
            r += 1000;
            if (k == 3) {
                return r;
            }
        }
        return r;
    }

    static int nestedTry(int a, int b) {
        int r = 0;
        try {
            try {
                r = a / b;
                int[] arr = new int[a & 3];
                r += arr[b & 7];
            } catch (ArithmeticException e) {
                r = -1;
                int[] arr = new int[1];
                r += arr[a & 1]; // may throw from the handler
            } finally {
                r += 100;
            }
        } catch (ArrayIndexOutOfBoundsException e) {
            r -= 50;
        }
        return r;
    }

    static int rethrow(int k) throws AppException {
        try {
            return thrower(k);
        } catch (IllegalStateException e) {
            throw new RuntimeException("wrapped", e);
        } catch (AppException e) {
            if (e.code > 10) {
                throw e; // rethrow the same object
            }
            return e.code;
        }
    }

    static int catchInLoop(int n) {
        int sum = 0;
        int errors = 0;
        for (int i = -3; i < (n & 15); i++) {
            try {
                sum += 60 / i;
                if (i == 5) {
                    throw new IllegalArgumentException();
                }
            } catch (ArithmeticException e) {
                errors++;
                continue;
            } catch (IllegalArgumentException e) {
                errors += 10;
                break;
            }
            sum++;
        }
        return sum * 100 + errors;
    }

    static int fromCallees(int k) {
        int r = 0;
        for (int i = 0; i < 8; i++) {
            try {
                r += thrower(k + i);
            } catch (Exception e) {
                r += e.getClass().getSimpleName().length();
            } catch (Error e) {
                r -= 1;
            }
        }
        return r;
    }

    static int throwNull(int k) {
        RuntimeException e = k > 0 ? null : new RuntimeException();
        try {
            throw e; // NullPointerException when e is null
        } catch (NullPointerException npe) {
            return 1;
        } catch (RuntimeException re) {
            return 2;
        }
    }

    static int uncaught(int k) throws AppException {
        int[] a = new int[2];
        a[k & 3] = thrower(k); // exceptions leave the method: AIOOBE, AppException, ...
        return a[0] + a[1];
    }

    static final class Resource implements AutoCloseable {
        final List<String> log;
        final boolean failClose;

        Resource(List<String> log, boolean failClose) {
            this.log = log;
            this.failClose = failClose;
            log.add("open");
        }

        @Override
        public void close() {
            log.add("close");
            if (failClose) {
                throw new IllegalStateException("close failed");
            }
        }
    }

    @SuppressWarnings("try") // the resources exist to be closed
    static String tryWithResources(int k) {
        List<String> log = new ArrayList<>();
        try (Resource r = new Resource(log, (k & 1) != 0); Resource s = new Resource(log, (k & 2) != 0)) {
            if ((k & 4) != 0) {
                throw new UnsupportedOperationException("body");
            }
            log.add("body");
        } catch (RuntimeException e) {
            log.add(e.getMessage() + " suppressed=" + e.getSuppressed().length);
        }
        return String.join(",", log);
    }

    static int exceptionValueAfterCatch(String s) {
        Exception saved = null;
        int n = 0;
        try {
            n = Integer.parseInt(s);
        } catch (NumberFormatException e) {
            saved = e;
        }
        return saved == null ? n : -saved.getClass().getName().length();
    }

    static int implicitExceptions(int[] a, Object o, int i) {
        int r = 0;
        try {
            r += a[i];
        } catch (NullPointerException e) {
            r += 1;
        } catch (ArrayIndexOutOfBoundsException e) {
            r += 2;
        }
        try {
            r += ((String) o).length();
        } catch (ClassCastException e) {
            r += 4;
        } catch (NullPointerException e) {
            r += 8;
        }
        try {
            r += a.length / i;
        } catch (RuntimeException e) {
            r += 16;
        }
        return r;
    }

    @Test
    void handlersAndPhis() {
        Diff.checkAll(ExceptionDiffTest.class, "localsOnExceptionEdges", "tryCatchFinally", "finallyOverridesReturn", "nestedTry", "rethrow", "catchInLoop", "fromCallees",
                        "throwNull", "uncaught", "tryWithResources", "exceptionValueAfterCatch");
    }

    @Test
    void implicitExceptionsCaught() {
        List<Object[]> inputs = new ArrayList<>();
        for (int[] a : new int[][]{null, {}, {5, 6, 7}}) {
            for (Object o : new Object[]{null, "abc", 3}) {
                for (int i : new int[]{-1, 0, 2, 3}) {
                    inputs.add(new Object[]{a, o, i});
                }
            }
        }
        Diff.check(ExceptionDiffTest.class, "implicitExceptions", inputs);
        List<Object[]> strings = new ArrayList<>();
        for (String s : new String[]{null, "", "12", "-7", "x", "99999999999"}) {
            strings.add(new Object[]{s});
        }
        Diff.check(ExceptionDiffTest.class, "exceptionValueAfterCatch", strings);
    }
}
