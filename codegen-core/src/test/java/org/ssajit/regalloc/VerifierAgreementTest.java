package org.ssajit.regalloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.ssajit.regalloc.AllocationVerifierTest.locations;
import static org.ssajit.regalloc.AllocationVerifierTest.retype;
import static org.ssajit.regalloc.Harness.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.Graph;
import org.ssajit.lir.JumpOp;
import org.ssajit.lir.LabelOp;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.LirOp.Mode;
import org.ssajit.lir.TestTarget;
import org.ssajit.lir.Variable;
import org.ssajit.parse.BuildOptions;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.AllocatableValue;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.meta.Value;

/**
 * The {@link AllocationVerifier} (dense arrays, built for speed: it runs on every compile) and the
 * straightforward {@link MapAllocationVerifier} (maps and sets, the specification) reach the same
 * verdict, at the same instruction, on real allocations of JDK methods and on thousands of random
 * corruptions of them: an operand or a frame-state value moved to another location, an inserted move
 * removed, a reference-map entry dropped or added. Either verifier alone would pass most of the
 * other tests while checking less; this one fails at the first corruption they judge differently.
 */
class VerifierAgreementTest {
    private static final List<Class<?>> CLASSES = List.of(java.util.HashMap.class, java.util.ArrayList.class, java.math.BigInteger.class,
                    java.util.regex.Pattern.class, java.util.TreeMap.class, java.util.Formatter.class, java.util.concurrent.ConcurrentHashMap.class);
    private static final int CORRUPTIONS_PER_METHOD = 12;

    /** A verdict: null when the allocation is accepted, else the instruction the first error names. */
    private static String verdict(Runnable verifier) {
        try {
            verifier.run();
            return null;
        } catch (AllocationVerificationError e) {
            String m = e.getMessage();
            // The instruction, then what is wrong; the sets a message prints may list their names in another order.
            return m.replaceAll("\\[[^\\]]*\\]", "[...]").replace("nothing known", "[...]").replace("null", "[...]");
        }
    }

    /** Asserts that both verifiers judge alike; returns whether they reject. */
    private static boolean assertAgree(AllocationResult r, String what) {
        String fast = verdict(() -> AllocationVerifier.verify(r));
        String spec = verdict(() -> MapAllocationVerifier.verify(r));
        assertEquals(spec, fast, what);
        return fast != null;
    }

    @Test
    void bothVerifiersJudgeAlike() {
        int methods = 0;
        int cases = 0;
        int rejected = 0;
        for (Class<?> c : CLASSES) {
            ResolvedJavaType t = Jvmci.PROVIDERS.metaAccess().lookupJavaType(c);
            t.link();
            for (ResolvedJavaMethod m : t.getDeclaredMethods()) {
                if (!m.hasBytecodes()) {
                    continue;
                }
                Graph g;
                try {
                    g = Jvmci.build(m, BuildOptions.DEFAULT).graph();
                } catch (BailoutException e) {
                    continue;
                }
                RegisterAllocationConfig config = config(3, 3).withVerification(false);
                LirGraph lir = TestTarget.lower(g);
                AllocationResult r = LinearScan.allocate(lir, config);
                String name = m.format("%H.%n(%p)");
                assertAgree(r, name);
                methods++;
                Random random = new Random(name.hashCode());
                List<AllocatableValue> locations = locations(lir, config);
                List<LirOp> ops = new ArrayList<>();
                lir.blocks().forEach(b -> ops.addAll(b.ops()));
                for (int applied = 0, tries = 0; applied < CORRUPTIONS_PER_METHOD && tries < 50 * CORRUPTIONS_PER_METHOD; tries++) {
                    LirOp op = ops.get(random.nextInt(ops.size()));
                    Boolean rejects = corruptAndCheck(r, lir, op, locations, config, random, name);
                    if (rejects != null) {
                        applied++;
                        cases++;
                        rejected += rejects ? 1 : 0;
                    }
                }
                assertAgree(r, name + " restored");
            }
        }
        System.out.printf("verifier agreement: %d methods, %d corruptions, %d rejected by both%n", methods, cases, rejected);
        assertTrue(methods > 500 && cases > 5000 && rejected > cases / 2, methods + " methods, " + cases + " corruptions, " + rejected + " rejected");
    }

    /**
     * Applies one random corruption at {@code op}, checks that both verifiers agree, and undoes it;
     * returns whether they rejected it, or null if {@code op} offered nothing to corrupt of the kind drawn.
     */
    private static Boolean corruptAndCheck(AllocationResult r, LirGraph lir, LirOp op, List<AllocatableValue> locations, RegisterAllocationConfig config,
                    Random random, String method) {
        Value[][] orig = r.original(op);
        switch (random.nextInt(4)) {
            case 0: { // an allocated operand to another location
                if (orig == null || op instanceof LabelOp || op instanceof JumpOp) {
                    return null;
                }
                Mode m = Mode.values()[random.nextInt(Mode.values().length)];
                if (op.count(m) == 0) {
                    return null;
                }
                int i = random.nextInt(op.count(m));
                Value was = op.get(m, i);
                if (!(orig[m.ordinal()][i] instanceof Variable)) {
                    return null;
                }
                Value bad = retype(locations.get(random.nextInt(locations.size())), was, config);
                if (bad == null) {
                    return null;
                }
                op.set(m, i, bad);
                String what = method + ": " + op + " " + m + " " + i + " " + was + " -> " + bad;
                boolean rejects = assertAgree(r, what);
                op.set(m, i, was);
                return rejects;
            }
            case 1: { // a frame-state value to another location
                if (op.state() == null || op.state().values().length == 0) {
                    return null;
                }
                Value[] values = op.state().values();
                int i = random.nextInt(values.length);
                Value was = values[i];
                if (!(orig[orig.length - 1][i] instanceof Variable)) {
                    return null;
                }
                Value bad = retype(locations.get(random.nextInt(locations.size())), was, config);
                if (bad == null) {
                    return null;
                }
                values[i] = bad;
                String what = method + ": state of " + op + " value " + i + " " + was + " -> " + bad;
                boolean rejects = assertAgree(r, what);
                values[i] = was;
                return rejects;
            }
            case 2: { // an inserted move removed
                if (!r.isInserted(op)) {
                    return null;
                }
                LirBlock block = lir.blocks().stream().filter(b -> b.ops().contains(op)).findFirst().orElseThrow();
                int at = block.ops().indexOf(op);
                block.ops().remove(at);
                String what = method + ": removed " + op + " from " + block;
                boolean rejects = assertAgree(r, what);
                block.ops().add(at, op);
                return rejects;
            }
            default: { // a reference-map entry dropped, or a state value's location added
                if (op.state() == null) {
                    return null;
                }
                List<Value> saved = List.copyOf(op.state().liveReferences());
                List<Value> changed = new ArrayList<>(saved);
                String what;
                if (!saved.isEmpty() && random.nextBoolean()) {
                    Value dropped = changed.remove(random.nextInt(changed.size()));
                    what = method + ": " + dropped + " dropped from the reference map of " + op;
                } else {
                    Value[] values = op.state().values();
                    if (values.length == 0) {
                        return null;
                    }
                    Value added = values[random.nextInt(values.length)];
                    if (!(added instanceof AllocatableValue) || saved.contains(added)) {
                        return null;
                    }
                    changed.add(added);
                    what = method + ": " + added + " added to the reference map of " + op;
                }
                op.state().setLiveReferences(changed);
                boolean rejects = assertAgree(r, what);
                op.state().setLiveReferences(saved);
                return rejects;
            }
        }
    }
}
