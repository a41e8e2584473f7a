package org.ssajit.jvmci.ctw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.ssajit.jvmci.ctw.CompileWork.Phase;
import org.ssajit.jvmci.ctw.CompileWork.Totals;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * A compile-speed regression check that counts work, never time: the bytes the compiler allocates
 * per bytecode byte ({@link CompileWork}), phase by phase, over a fixed sample of java.base, must stay
 * under bounds about 1.5 times what the compiler allocates now. The bounds are for the phases whose
 * data structures were made dense (the bytecode analyses with SSA construction, and register
 * allocation) and for the whole compile. The compiler runs as C1 code in production, which removes
 * no allocation; here the JIT may remove some, so the figures can only come out lower.
 *
 * <p>On this sample ({@code CompileWork --classes <SAMPLE> --initialize --passes 2} with a C1-compiled
 * compiler, -XX:TieredStopAtLevel=1): without inlining 393 B/bc byte for analyses and SSA
 * construction, 351 for register allocation, 1,551 for the whole compile; with inlining 806, 476 and
 * 2,495. Before the front end and the allocator moved to dense tables they were 653, 972 and 2,819,
 * and 1,415, 1,481 and 4,885: each bound fails for them. Since the lowering expands G1's barriers and
 * the TLAB allocation as IR (what the back ends used to emit directly), a compile with inlining
 * allocates more: 3,901 B per bytecode byte in this test under G1, against a bound of 3,750 before;
 * the whole-compile bound with inlining is 4,200 until that work is cut again.
 */
class CompileWorkTest {
    /** Popular, initialized classes: their methods compile the same way in every run. */
    private static final Pattern SAMPLE = Pattern.compile("^java\\.(util\\.(ArrayList|HashMap|TreeMap|Formatter|regex\\.Pattern)|lang\\.(String|Integer|Long|Character)|math\\.BigInteger)$");

    /** Bytes allocated per bytecode byte, at most: analyses and SSA construction, allocation, all phases. */
    private static final double[] WITHOUT_INLINING = {600, 530, 2350};
    private static final double[] WITH_INLINING = {1250, 720, 4200};

    private static Totals measure(boolean inline) throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(), "no per-thread allocation counts");
        List<ResolvedJavaMethod> methods = CompileWork.moduleMethods("java.base", SAMPLE, 1, true);
        CompileWork work = new CompileWork();
        work.measure(methods, inline, null); // loads and links what the compiler needs once
        Totals t = work.measure(methods, inline, null);
        System.out.printf("CompileWorkTest, %s: %d methods, %d bytecode bytes; B/bc byte: analyses+SSA %.0f, allocation %.0f, all %.0f%n",
                        inline ? "inlining" : "no inlining", t.methods, t.bytecodeBytes, perByte(t, Phase.ANALYZE, Phase.BUILD), perByte(t, Phase.ALLOCATE),
                        t.allocatedPerBytecodeByte());
        return t;
    }

    private static double perByte(Totals t, Phase... phases) {
        long bytes = 0;
        for (Phase p : phases) {
            bytes += t.allocated[p.ordinal()];
        }
        return (double) bytes / t.bytecodeBytes;
    }

    private static void check(Totals t, double[] bounds) {
        // The sample compiles: the bounds are about real work, not refusals.
        assertTrue(t.methods > 500 && t.bytecodeBytes > 40_000, t.methods + " methods, " + t.bytecodeBytes + " bytecode bytes");
        assertEquals(t.methods, t.compiled, "methods refused: " + t.refused);
        double front = perByte(t, Phase.ANALYZE, Phase.BUILD);
        double allocator = perByte(t, Phase.ALLOCATE);
        double all = t.allocatedPerBytecodeByte();
        assertTrue(front <= bounds[0], String.format("analyses and SSA construction allocate %.0f B per bytecode byte (bound %.0f)", front, bounds[0]));
        assertTrue(allocator <= bounds[1], String.format("register allocation allocates %.0f B per bytecode byte (bound %.0f)", allocator, bounds[1]));
        assertTrue(all <= bounds[2], String.format("a compile allocates %.0f B per bytecode byte (bound %.0f)", all, bounds[2]));
    }

    @Test
    void allocationPerBytecodeByteWithoutInlining() throws Exception {
        check(measure(false), WITHOUT_INLINING);
    }

    @Test
    void allocationPerBytecodeByteWithInlining() throws Exception {
        check(measure(true), WITH_INLINING);
    }
}
