package org.ssajit.parse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.BlockMap;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.Linkage;
import org.ssajit.bytecode.ParameterSlots;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/** Graphs of on-stack-replacement compiles: entered at a loop header with the live locals only. */
class OsrGraphTest {
    static long loop(int n, long start, int step) {
        long acc = start; // start: dead at the loop
        int unused = step * 7;
        long mul = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < n; i++) {
            acc = acc * mul + i + step;
        }
        return acc + unused;
    }

    static int reassignsItsArray(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i & 3];
            if (s > 100) {
                a = new int[4];
            }
        }
        return s;
    }

    static int keepsItsArray(int[] a, int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i & 3];
        }
        return s;
    }

    /** The bci of the method's (single) loop header. */
    private static int loopHeader(ResolvedJavaMethod m) {
        BlockMap map = new BlockMap(m, new Linkage(m));
        return map.blocks().stream().filter(BciBlock::isLoopHeader).mapToInt(BciBlock::startBci).findFirst().orElseThrow();
    }

    private static Graph osrGraph(ResolvedJavaMethod m, int bci, BuildOptions o) {
        Graph g = GraphBuilder.build(FrontEnd.analyze(m, bci), o, Jvmci.PROVIDERS).graph();
        Verifier.verify(g);
        return g;
    }

    @Test
    void entryReadsExactlyTheLiveLocalsWithTheirKinds() {
        ResolvedJavaMethod m = Jvmci.method(OsrGraphTest.class, "loop");
        int bci = loopHeader(m);
        for (BuildOptions o : new BuildOptions[]{BuildOptions.DEFAULT, BuildOptions.DEFAULT.withOptimize(false)}) {
            Graph g = osrGraph(m, bci, o);
            assertTrue(g.isOsr());
            assertEquals(bci, g.osrBci());
            assertTrue(g.parameters().isEmpty(), "an OSR graph has no parameters");
            Map<Integer, JavaKind> read = new TreeMap<>();
            boolean readsDone = false;
            for (Instruction i : g.entry().instructions()) {
                if (i.op() == Op.OSR_LOCAL) {
                    assertFalse(readsDone, "the entry block reads the locals first");
                    read.put(i.osrLocal(), i.kind());
                } else {
                    // Then only what loop-invariant code motion moved out of the loop.
                    assertTrue(i.isPure(), () -> i + " in the entry block");
                    readsDone = true;
                }
            }
            // Locals: n 0, start 1-2, step 3, acc 4-5, unused 6, mul 7-8, i 9. start is dead at the
            // loop (not read); unused is read after it, so it is read.
            assertEquals(Map.of(0, JavaKind.Int, 3, JavaKind.Int, 4, JavaKind.Long, 6, JavaKind.Int, 7, JavaKind.Long, 9, JavaKind.Int), read);
            for (Block b : g.blocks()) {
                assertTrue(b == g.entry() || b.bci() >= bci, b + ": code before the loop is not part of an OSR graph");
            }
        }
    }

    @Test
    void osrBciInsideABlockIsRefused() {
        ResolvedJavaMethod m = Jvmci.method(OsrGraphTest.class, "loop");
        BailoutException e = assertThrows(BailoutException.class, () -> FrontEnd.analyze(m, loopHeader(m) + 1));
        assertEquals(BailoutException.Reason.ILLEGAL_BYTECODE, e.reason());
    }

    /**
     * Every loop header of every method under java/util/ as an OSR entry: the graph builds and
     * verifies, or is refused for a reason an OSR entry can have (values on the operand stack, a
     * monitor held) or the whole method has.
     */
    @Test
    void everyLoopHeaderOfJavaUtilBuildsAVerifiedGraph() throws Exception {
        int built = 0;
        java.util.List<String> failures = new java.util.ArrayList<>();
        for (jdk.vm.ci.meta.ResolvedJavaType t : Jvmci.typesOf("java.base", "java/util/")) {
            java.util.List<ResolvedJavaMethod> methods = new java.util.ArrayList<>(java.util.List.of(t.getDeclaredMethods(false)));
            methods.addAll(java.util.List.of(t.getDeclaredConstructors(false)));
            for (ResolvedJavaMethod m : methods) {
                if (m.getCode() == null) {
                    continue;
                }
                java.util.List<Integer> headers;
                try {
                    headers = new BlockMap(m, new Linkage(m)).blocks().stream().filter(BciBlock::isLoopHeader).map(BciBlock::startBci).toList();
                } catch (BailoutException e) {
                    continue;
                }
                for (int bci : headers) {
                    try {
                        osrGraph(m, bci, BuildOptions.DEFAULT);
                        built++;
                    } catch (BailoutException e) {
                        // refused: fine
                    } catch (Throwable e) {
                        failures.add(m.format("%H.%n(%p)") + " @ " + bci + ": " + e);
                    }
                }
            }
        }
        assertEquals(java.util.List.of(), failures.subList(0, Math.min(failures.size(), 20)));
        assertTrue(built > 1000, "OSR graphs built: " + built);
    }

    @Test
    void aParameterNoAstoreWritesKeepsItsDeclaredType() {
        assertEquals("[I", ParameterSlots.unwrittenReferenceParameter(Jvmci.method(OsrGraphTest.class, "keepsItsArray"), 0).getName());
        assertNull(ParameterSlots.unwrittenReferenceParameter(Jvmci.method(OsrGraphTest.class, "reassignsItsArray"), 0));
        assertNull(ParameterSlots.unwrittenReferenceParameter(Jvmci.method(OsrGraphTest.class, "keepsItsArray"), 1), "an int parameter");
        assertNull(ParameterSlots.unwrittenReferenceParameter(Jvmci.method(OsrGraphTest.class, "keepsItsArray"), 2), "not a parameter");
    }
}
