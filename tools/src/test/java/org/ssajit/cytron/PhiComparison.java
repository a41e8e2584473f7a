package org.ssajit.cytron;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.IrPrinter;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.testing.Jvmci;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Builds one method four ways over one front end - Braun (optimizations off) with markers, without
 * markers, without the SCC pass, and pruned Cytron - verifies every graph and records the phi counts.
 */
final class PhiComparison {
    static final BuildOptions BRAUN = BuildOptions.DEFAULT.withOptimize(false);
    static final BuildOptions BRAUN_NO_MARKERS = BuildOptions.DEFAULT.withOptimize(false).withMarkers(false);
    static final BuildOptions BRAUN_NO_SCC = BuildOptions.DEFAULT.withOptimize(false).withRedundantPhiSccs(false);

    /** Phi counts of one method. */
    record Counts(String method, boolean reducible, int blocks, int braun, int braunNoMarkers, int braunNoScc, int cytronPlaced, int cytronAfterCleanup,
                    String braunIr, String cytronIr) {
        /** What the issue demands: equal on reducible CFGs, never more for Braun. */
        boolean agrees() {
            return braun == braunNoMarkers && braun <= cytronAfterCleanup && (!reducible || braun == cytronAfterCleanup);
        }

        String summary() {
            return method + (reducible ? "" : " (irreducible)") + ": braun " + braun + ", braun without markers " + braunNoMarkers + ", braun without SCC pass "
                            + braunNoScc + ", cytron placed " + cytronPlaced + ", cytron after cleanup " + cytronAfterCleanup;
        }

        /** The summary, and for a disagreement both graphs. */
        String report() {
            return braunIr == null ? summary() : summary() + "\n--- braun ---\n" + braunIr + "--- cytron ---\n" + cytronIr;
        }
    }

    /** Totals over a set of methods. */
    static final class Tally {
        int compared;
        int reducible;
        int irreducible;
        int bailouts;
        long braunPhis;
        long cytronPlaced;
        long cytronAfterCleanup;
        final List<Counts> mismatches = new ArrayList<>();
        final List<String> bailoutReasons = new ArrayList<>();

        void add(Counts c) {
            compared++;
            if (c.reducible()) {
                reducible++;
            } else {
                irreducible++;
            }
            braunPhis += c.braun();
            cytronPlaced += c.cytronPlaced();
            cytronAfterCleanup += c.cytronAfterCleanup();
            if (!c.agrees()) {
                mismatches.add(c);
            }
        }

        @Override
        public String toString() {
            return compared + " methods compared (" + reducible + " reducible, " + irreducible + " irreducible), " + bailouts + " refused by the front end; phis: braun "
                            + braunPhis + ", cytron placed " + cytronPlaced + ", cytron after cleanup " + cytronAfterCleanup + "; mismatches " + mismatches.size();
        }
    }

    private PhiComparison() {
    }

    static Counts compare(ResolvedJavaMethod m) {
        FrontEnd fe = FrontEnd.analyze(m);
        GraphBuilder.Result braun = GraphBuilder.build(fe, BRAUN, Jvmci.PROVIDERS);
        Verifier.verify(braun.graph());
        GraphBuilder.Result noMarkers = GraphBuilder.build(fe, BRAUN_NO_MARKERS, Jvmci.PROVIDERS);
        Verifier.verify(noMarkers.graph());
        GraphBuilder.Result noScc = GraphBuilder.build(fe, BRAUN_NO_SCC, Jvmci.PROVIDERS);
        Verifier.verify(noScc.graph());
        CytronBuilder.Result cytron = CytronBuilder.build(fe, Jvmci.PROVIDERS);
        Verifier.verify(cytron.graph());
        Counts c = new Counts(m.format("%H.%n(%p)"), fe.blocks().isReducible(), fe.blocks().blocks().size(), braun.graph().phiCount(),
                        noMarkers.graph().phiCount(), noScc.graph().phiCount(), cytron.phisPlaced(), cytron.phisAfterCleanup(), null, null);
        if (c.agrees()) {
            return c; // the IR text is only for reports, and large methods print slowly
        }
        return new Counts(c.method(), c.reducible(), c.blocks(), c.braun(), c.braunNoMarkers(), c.braunNoScc(), c.cytronPlaced(), c.cytronAfterCleanup(),
                        new IrPrinter().print(braun.graph()), new IrPrinter().print(cytron.graph()));
    }

    /** Compares every method with bytecode of {@code type}; methods the front end refuses are counted, not compared. */
    static void compareAll(ResolvedJavaType type, Tally tally) {
        type.link();
        for (ResolvedJavaMethod m : type.getAllMethods(true)) {
            if (!m.hasBytecodes()) {
                continue;
            }
            Counts c;
            try {
                c = compare(m);
            } catch (BailoutException e) {
                tally.bailouts++;
                tally.bailoutReasons.add(m.format("%H.%n(%p)") + ": " + e.getMessage());
                continue;
            } catch (RuntimeException | AssertionError e) {
                throw new AssertionError("while comparing " + m.format("%H.%n(%p)"), e);
            }
            tally.add(c);
        }
    }

    /** Every class of a module of the running JDK whose path starts with {@code prefix}, linked; classes that do not load are left out. */
    static List<ResolvedJavaType> typesOf(String module, String prefix) throws IOException {
        return Jvmci.typesOf(module, prefix);
    }
}
