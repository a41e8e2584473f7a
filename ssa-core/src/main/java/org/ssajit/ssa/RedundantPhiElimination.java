package org.ssajit.ssa;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Set;

import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;
import org.ssajit.util.IntMath;

/**
 * Braun et al. Section 3.2, Algorithm 5: removes sets of phis that only reference each other and one
 * other value. Such sets arise from irreducible control flow (and from copy propagation), where
 * Algorithm 3 alone cannot see that a cycle of phis carries a single value. A redundant set always
 * contains a redundant strongly connected component (Lemma 1), so the pass computes the SCCs of the
 * phi subgraph and processes them operands-first; a component with several outside operands may
 * still contain redundant inner components, on which the procedure recurses.
 *
 * <p>Singleton components are checked too, so a phi that became trivial because an operand component
 * was replaced goes as well: afterwards no redundant phi set remains.
 */
public final class RedundantPhiElimination {
    private final Graph graph;
    /** Component number of each phi in the current call, by value id; stamp-based to avoid clearing. */
    private int[] component;
    private int[] componentStamp;
    private int stamp;
    private int removed;

    private RedundantPhiElimination(Graph graph) {
        this.graph = graph;
        this.component = new int[graph.valueIdLimit()];
        this.componentStamp = new int[graph.valueIdLimit()];
    }

    /** Runs the pass on every phi of {@code graph}; returns the number of phis removed. */
    public static int run(Graph graph) {
        List<Phi> phis = new CompilerList<>();
        List<Block> blocks = graph.blocks();
        for (int bi = 0; bi < blocks.size(); bi++) {
            List<Phi> blockPhis = blocks.get(bi).phis();
            for (int k = 0; k < blockPhis.size(); k++) {
                phis.add(blockPhis.get(k));
            }
        }
        if (phis.isEmpty()) {
            return 0;
        }
        RedundantPhiElimination pass = new RedundantPhiElimination(graph);
        pass.removeRedundantPhis(phis);
        return pass.removed;
    }

    private void removeRedundantPhis(List<Phi> phis) {
        for (List<Phi> scc : computePhiSccs(phis)) {
            processScc(scc);
        }
    }

    private void processScc(List<Phi> scc) {
        if (scc.size() == 1) {
            // Most components are one phi: trivial if its operands other than itself are one value.
            Phi p = scc.get(0);
            Value only = null;
            for (int i = 0; i < p.operandCount(); i++) {
                Value op = p.operand(i);
                if (op != p) {
                    if (only == null) {
                        only = op;
                    } else if (op != only) {
                        return;
                    }
                }
            }
            if (only != null) {
                replaceSccByValue(scc, only);
            }
            return;
        }
        int myStamp = ++stamp;
        for (Phi p : scc) {
            componentStamp[p.id()] = myStamp;
        }
        List<Phi> inner = new CompilerList<>();
        Set<Value> outerOps = new CompilerSet<>();
        for (Phi phi : scc) {
            boolean isInner = true;
            for (int i = 0; i < phi.operandCount(); i++) {
                Value op = phi.operand(i);
                if (!(op instanceof Phi q) || componentStamp[q.id()] != myStamp) {
                    outerOps.add(op);
                    isInner = false;
                }
            }
            if (isInner) {
                inner.add(phi);
            }
        }
        if (outerOps.size() == 1) {
            replaceSccByValue(scc, outerOps.iterator().next());
        } else if (outerOps.size() > 1 && !inner.isEmpty() && inner.size() < scc.size()) {
            removeRedundantPhis(inner);
        }
        // No outside operand at all: the component is unreachable; left alone, as in the paper.
    }

    private void replaceSccByValue(List<Phi> scc, Value value) {
        for (Phi p : scc) {
            p.replaceAllUsesWith(value);
        }
        for (Phi p : scc) {
            p.block().removePhi(p);
            removed++;
        }
    }

    /**
     * Tarjan's algorithm on the subgraph induced by {@code phis} (edges from a phi to its phi operands),
     * iteratively. Components come out operands-first: a component is emitted after every component it
     * reaches, which is the topological order Algorithm 5 needs.
     */
    private List<List<Phi>> computePhiSccs(List<Phi> phis) {
        int myStamp = ++stamp;
        for (int i = 0; i < phis.size(); i++) {
            Phi p = phis.get(i);
            componentStamp[p.id()] = myStamp;
            component[p.id()] = i; // position in `phis`
        }
        int n = phis.size();
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        ArrayFill.fill(index, -1);
        int[] tarjanStack = new int[n];
        int tsp = 0;
        int[] callNode = new int[n];
        int[] callEdge = new int[n];
        int csp = 0;
        int counter = 0;
        List<List<Phi>> result = new CompilerList<>();
        for (int root = 0; root < n; root++) {
            if (index[root] >= 0) {
                continue;
            }
            callNode[csp] = root;
            callEdge[csp] = 0;
            csp++;
            index[root] = low[root] = counter++;
            tarjanStack[tsp++] = root;
            onStack[root] = true;
            while (csp > 0) {
                int v = callNode[csp - 1];
                Phi pv = phis.get(v);
                if (callEdge[csp - 1] < pv.operandCount()) {
                    Value op = pv.operand(callEdge[csp - 1]++);
                    if (!(op instanceof Phi q) || componentStamp[q.id()] != myStamp) {
                        continue;
                    }
                    int w = component[q.id()];
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        tarjanStack[tsp++] = w;
                        onStack[w] = true;
                        callNode[csp] = w;
                        callEdge[csp] = 0;
                        csp++;
                    } else if (onStack[w]) {
                        low[v] = IntMath.min(low[v], index[w]);
                    }
                } else {
                    csp--;
                    if (csp > 0) {
                        int parent = callNode[csp - 1];
                        low[parent] = IntMath.min(low[parent], low[v]);
                    }
                    if (low[v] == index[v]) {
                        List<Phi> scc = new CompilerList<>();
                        int w;
                        do {
                            w = tarjanStack[--tsp];
                            onStack[w] = false;
                            scc.add(phis.get(w));
                        } while (w != v);
                        result.add(scc);
                    }
                }
            }
        }
        return result;
    }
}
