package org.ssajit.interp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Value;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.ClassGen;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * {@link Stamps} never claims what is not so: every value the IR interpreter computes (parameters,
 * phis, instructions) on many inputs, exceptional ones included, lies within its inferred stamp: an
 * int or long in its range, a reference that the stamp calls non-null is not null, and one of the
 * stamp's type is an instance of it (exactly, where the stamp says exact). Over random programs (loops,
 * shifts, masks, conversions, arrays, handlers) and hand-written loops whose induction variables the
 * inference proves non-negative.
 */
class StampSoundnessTest {
    static int countUp(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < (n & 4095); i++) {
            s += a.length > i ? a[i] & 0xff : (byte) i;
        }
        return s;
    }

    static long nested(long[] a, int n) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = i; j < (n & 4095); j += 3) {
                s += (a[i] >>> 60) + (j & 0xffff) + (char) j;
            }
        }
        return s;
    }

    static int downward(int n) {
        int s = 0;
        for (int i = n & 0xfffff; i > 0; i -= 37) {
            s += i % 7 + (short) (i * 31);
        }
        return s;
    }

    static int wraps(int n) {
        int s = 0;
        for (int i = 0; i != (n & 4095); i++) { // no bound below the increment: as far as stamps know, i can wrap around
            s ^= i + Integer.MAX_VALUE;
        }
        return s;
    }

    /** Bit counts of edge values (0 gives the widths, 32 and 64; -1 gives them as bit counts). */
    static long bitCounts(int i, long l) {
        int a = Integer.numberOfLeadingZeros(i) + Integer.numberOfTrailingZeros(i >> 3) * 3 + Integer.bitCount(i & 0xff0f) * 5;
        long b = Long.numberOfLeadingZeros(l) + Long.numberOfTrailingZeros(l) * 7L + Long.bitCount(l ^ i) * 11L;
        return a * 131L + b;
    }

    static Object pick(String[] a, int i, Object o) {
        Object r = i > 0 && i < a.length ? a[i] : o;
        return r != null ? r : a;
    }

    static byte[] fresh(int n) {
        return new byte[n & 15];
    }

    static String text(int n) {
        return Integer.toString(n);
    }

    static CharSequence sequence(int n) {
        return n > 0 ? text(n) : new StringBuilder("b");
    }

    /** Calls' results, typed by their declared return types; an interface's says nothing. */
    static Object returned(int n) {
        byte[] b = fresh(n);
        String s = text(n);
        CharSequence c = sequence(n);
        return n > 10 ? b : n > 0 ? s : c;
    }

    @Test
    void handWrittenLoops() {
        int checked = 0;
        for (String name : List.of("countUp", "nested", "downward", "wraps", "bitCounts", "pick", "returned")) {
            Method m = FoldDiffTest.findMethod(StampSoundnessTest.class, name);
            checked += check(m, Inputs.forMethod(m, 7, 200));
        }
        assertTrue(checked > 10_000, "values checked: " + checked);
    }

    @Test
    void randomPrograms() {
        int checked = 0;
        ClassGen cg = new ClassGen("StampFuzz");
        int programs = 150;
        for (int k = 0; k < programs; k++) {
            long seed = 0x57a3b0L + k;
            cg.staticMethod("p" + k, ProgramGenerator.DESCRIPTOR, b -> ProgramGenerator.generate(seed, b));
        }
        Class<?> c = cg.load();
        for (int k = 0; k < programs; k++) {
            Method m = FoldDiffTest.findMethod(c, "p" + k);
            checked += check(m, Inputs.forMethod(m, k, 12));
        }
        assertTrue(checked > 100_000, "values checked: " + checked);
    }

    /** An induction variable counting up under {@code i < n} is known non-negative; one that can wrap is not. */
    @Test
    void inductionVariables() {
        Graph up = Jvmci.graph(StampSoundnessTest.class, "countUp", BuildOptions.DEFAULT);
        Stamps.infer(up);
        assertTrue(up.blocks().stream().flatMap(b -> b.phis().stream()).anyMatch(p -> p.stamp().equals(Stamp.forInt(0, Integer.MAX_VALUE))), up::toString);
        Graph wraps = Jvmci.graph(StampSoundnessTest.class, "wraps", BuildOptions.DEFAULT);
        Stamps.infer(wraps);
        assertTrue(wraps.blocks().stream().flatMap(b -> b.phis().stream()).filter(p -> p.kind() == JavaKind.Int).noneMatch(p -> p.stamp().isNonNegative()),
                        wraps::toString);
    }

    /**
     * A call's reference result has its declared return type, looked up from the callee's class: a
     * primitive array and a final class exactly, an interface not at all (JVMCI gives every reference
     * return type unresolved when asked without an accessing class).
     */
    @Test
    void callResultsHaveTheirReturnTypes() {
        Graph g = Jvmci.graph(StampSoundnessTest.class, "returned", BuildOptions.DEFAULT);
        Stamps.infer(g);
        java.util.Map<String, Stamp> byCallee = new java.util.HashMap<>();
        for (var b : g.blocks()) {
            for (var i : b.instructions()) {
                if (i.op() == org.ssajit.ir.Op.INVOKE) {
                    byCallee.put(i.invokeTarget().method().getName(), i.stamp());
                }
            }
        }
        ResolvedJavaType bytes = Jvmci.PROVIDERS.metaAccess().lookupJavaType(byte[].class);
        ResolvedJavaType string = Jvmci.PROVIDERS.metaAccess().lookupJavaType(String.class);
        assertTrue(byCallee.get("fresh").isExactType() && bytes.equals(byCallee.get("fresh").type()), () -> byCallee + "\n" + g);
        assertTrue(byCallee.get("text").isExactType() && string.equals(byCallee.get("text").type()), () -> byCallee + "\n" + g);
        assertEquals(null, byCallee.get("sequence").type(), () -> byCallee + "\n" + g);
    }

    /** Runs {@code m}'s graph on every input and checks each computed value against its stamp; returns how many. */
    private static int check(Method m, List<Object[]> inputs) {
        Graph g = Jvmci.graph(m.getDeclaringClass(), m.getName(), BuildOptions.DEFAULT);
        Stamps.infer(g);
        List<String> violations = new ArrayList<>();
        int[] count = {0};
        IrInterpreter interp = new IrInterpreter(g, 2_000_000).observe((v, value) -> {
            count[0]++;
            String bad = violation(v, value);
            if (bad != null && violations.size() < 10) {
                violations.add(v + " = " + Values.describe(value) + ": " + bad);
            }
        });
        for (Object[] args : inputs) {
            interp.run(args.clone());
        }
        assertEquals(List.of(), violations, () -> m + "\n" + g);
        return count[0];
    }

    private static String violation(Value v, Object value) {
        Stamp s = v.stamp();
        switch (v.kind()) {
            case Int -> {
                int x = (Integer) value;
                return s.contains(x) ? null : "outside " + s;
            }
            case Long -> {
                long x = (Long) value;
                return s.contains(x) ? null : "outside " + s;
            }
            case Object -> {
                if (value == null) {
                    return s.isNonNull() ? "null, stamp " + s : null;
                }
                if (s.isAlwaysNull()) {
                    return "not null, stamp " + s;
                }
                if (value instanceof IrInterpreter.Uninitialized || s.type() == null) {
                    return null;
                }
                Class<?> c = value.getClass();
                ResolvedJavaType actual = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
                if (s.isExactType() ? !actual.equals(s.type()) : !s.type().isAssignableFrom(actual)) {
                    return "a " + c.getName() + ", stamp " + s;
                }
                return null;
            }
            default -> {
                return null;
            }
        }
    }
}
