package org.ssajit.ir;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerList;
import org.ssajit.util.Bits;
import org.ssajit.util.IntMath;
import java.util.Collections;
import java.util.List;

import jdk.vm.ci.meta.JavaKind;

/**
 * The loops of a graph, found once and shared by every pass, the LIR builder and the block layout.
 *
 * <p>A <em>back edge</em> is an edge (normal or exceptional) {@code latch -> header} where the header
 * dominates the latch. The loop of a header is the natural loop of all its back edges together: the
 * header and every block that reaches a latch without passing the header. Every block of it is
 * dominated by the header. Loops nest: a loop's parent is the innermost other loop containing its
 * header. A cycle without a back edge (irreducible control flow, entered at two places) forms no loop
 * here; {@link #isReducible()} tells whether the graph has one. Blocks unreachable from the entry
 * belong to no loop.
 *
 * <p>The analysis is a snapshot: a pass that adds blocks or edges computes it again; moving
 * instructions between blocks leaves it valid.
 */
public final class Loops {
    private final Graph graph;
    private final Dominance dominance;
    /** Loops by their headers' reverse postorder: an outer loop before the loops nested in it. */
    private final List<Loop> loops;
    /** The innermost loop of each block, by block id; null outside every loop. */
    private final Loop[] innermost;
    private final boolean reducible;

    public Loops(Graph graph) {
        this(graph, new Dominance(graph));
    }

    public Loops(Graph graph, Dominance dominance) {
        this.graph = graph;
        this.dominance = dominance;
        this.innermost = new Loop[graph.blockIdLimit()];
        List<Block> rpo = dominance.reversePostorder();
        int[] order = new int[graph.blockIdLimit()];
        ArrayFill.fill(order, -1);
        Block[] byId = new Block[graph.blockIdLimit()];
        for (int i = 0; i < rpo.size(); i++) {
            order[rpo.get(i).id()] = i;
            byId[rpo.get(i).id()] = rpo.get(i);
        }
        List<Loop> found = new CompilerList<>();
        boolean allRetreatingAreBack = true;
        for (int headerIndex = 0; headerIndex < rpo.size(); headerIndex++) {
            Block header = rpo.get(headerIndex);
            List<Block> latches = new CompilerList<>(1);
            List<Block> preds = header.predecessors();
            for (int pi = 0; pi < preds.size(); pi++) {
                Block p = preds.get(pi);
                if (!dominance.isReachable(p) || !p.successors().contains(header)) {
                    continue;
                }
                if (dominance.dominates(header, p)) {
                    if (!latches.contains(p)) {
                        latches.add(p);
                    }
                } else if (order[p.id()] >= order[header.id()]) {
                    allRetreatingAreBack = false; // a retreating edge to a block that does not dominate it
                }
            }
            if (!latches.isEmpty()) {
                found.add(new Loop(header, latches, body(header, latches), byId, order));
            }
        }
        this.reducible = allRetreatingAreBack;
        this.loops = CompilerList.copyOf(found);
        // Outer loops come first, so an inner loop overwrites its blocks' entries and finds its parent
        // already recorded at its header.
        for (int li = 0; li < loops.size(); li++) {
            Loop l = loops.get(li);
            Loop enclosing = innermost[l.header.id()];
            l.parent = enclosing;
            l.depth = enclosing == null ? 1 : enclosing.depth + 1;
            if (enclosing != null) {
                enclosing.children.add(l);
            }
            for (int bi = 0; bi < l.blocks.size(); bi++) {
                Block b = l.blocks.get(bi);
                innermost[b.id()] = l;
            }
        }
    }

    /** The header and every block from which a latch is reachable without passing the header. */
    private Bits body(Block header, List<Block> latches) {
        Bits body = new Bits(graph.blockIdLimit());
        body.set(header.id());
        CompilerList<Block> work = new CompilerList<>();
        for (int li = 0; li < latches.size(); li++) {
            Block l = latches.get(li);
            if (!body.get(l.id())) {
                body.set(l.id());
                work.add(l);
            }
        }
        while (!work.isEmpty()) {
            Block b = work.remove(work.size() - 1);
            List<Block> preds = b.predecessors();
            for (int pi = 0; pi < preds.size(); pi++) {
                Block p = preds.get(pi);
                if (dominance.isReachable(p) && !body.get(p.id()) && p.successors().contains(b)) {
                    body.set(p.id());
                    work.add(p);
                }
            }
        }
        return body;
    }

    public Graph graph() {
        return graph;
    }

    public Dominance dominance() {
        return dominance;
    }

    /** Every loop, outer loops before the loops nested in them (headers in reverse postorder). */
    public List<Loop> loops() {
        return loops;
    }

    /** Every loop, inner loops before the loops containing them. */
    public List<Loop> innermostFirst() {
        List<Loop> out = new CompilerList<>(loops);
        Collections.reverse(out);
        return out;
    }

    /** The innermost loop containing {@code b}, or null. */
    public Loop innermost(Block b) {
        return b.id() < innermost.length ? innermost[b.id()] : null;
    }

    /** How many loops contain {@code b} (0 outside every loop). */
    public int depth(Block b) {
        Loop l = innermost(b);
        return l == null ? 0 : l.depth;
    }

    /** The loop {@code b} heads, or null. */
    public Loop loopHeadedBy(Block b) {
        Loop l = innermost(b);
        return l != null && l.header == b ? l : null;
    }

    /** Whether {@code from -> to} is a back edge: {@code to} heads a loop and dominates {@code from}. */
    public boolean isBackEdge(Block from, Block to) {
        Loop l = loopHeadedBy(to);
        return l != null && l.latches.contains(from);
    }

    /** Whether every cycle of the graph passes a back edge (no loop with two entries). */
    public boolean isReducible() {
        return reducible;
    }

    /** One natural loop. */
    public static final class Loop {
        private final Block header;
        private final List<Block> latches;
        private final Bits body;
        private final List<Block> blocks;
        private final List<Block> entering;
        private final List<Loop> children = new CompilerList<>(0);
        private Loop parent;
        private int depth;

        /** {@code byId} and {@code order}: the graph's reachable blocks by id, and their reverse-postorder numbers. */
        Loop(Block header, List<Block> latches, Bits body, Block[] byId, int[] order) {
            this.header = header;
            this.latches = CompilerList.copyOf(latches);
            this.body = body;
            // In time proportional to the body, not the graph (a graph may have a loop per type check).
            List<Block> in = new CompilerList<>(body.cardinality());
            for (int id = body.nextSetBit(0); id >= 0; id = body.nextSetBit(id + 1)) {
                in.add(byId[id]);
            }
            in.sort((x, y) -> IntMath.compare(order[x.id()], order[y.id()]));
            this.blocks = CompilerList.copyOf(in);
            List<Block> out = new CompilerList<>(1);
            List<Block> preds = header.predecessors();
            for (int pi = 0; pi < preds.size(); pi++) {
                Block p = preds.get(pi);
                if (!body.get(p.id()) && !out.contains(p)) {
                    out.add(p);
                }
            }
            this.entering = CompilerList.copyOf(out);
        }

        public Block header() {
            return header;
        }

        /** The sources of the loop's back edges. */
        public List<Block> latches() {
            return latches;
        }

        /** The loop's blocks in reverse postorder, the header first. */
        public List<Block> blocks() {
            return blocks;
        }

        /** The header's predecessors outside the loop. */
        public List<Block> enteringBlocks() {
            return entering;
        }

        /** The innermost loop that contains this one, or null. */
        public Loop parent() {
            return parent;
        }

        /** The loops directly nested in this one. */
        public List<Loop> children() {
            return Collections.unmodifiableList(children);
        }

        /** 1 for an outermost loop. */
        public int depth() {
            return depth;
        }

        public boolean contains(Block b) {
            return body.get(b.id());
        }

        /** Whether {@code inner} is this loop or nested in it. */
        public boolean contains(Loop inner) {
            for (Loop l = inner; l != null; l = l.parent) {
                if (l == this) {
                    return true;
                }
            }
            return false;
        }

        /** Whether {@code v} is defined outside the loop (constants, parameters and undefined values included). */
        public boolean definesNot(Value v) {
            Block def = v instanceof Instruction i ? i.block() : v instanceof Phi p ? p.block() : null;
            return def == null || !contains(def);
        }

        /**
         * The block where code that runs once before the loop goes: the loop's only entering block, if
         * it ends in a plain jump to the header and its last instruction has no exception edge (which
         * must stay last); else null. It dominates the whole loop.
         */
        public Block preheader() {
            if (entering.size() != 1 || !(entering.get(0).terminator() instanceof Goto)) {
                return null;
            }
            Block entry = entering.get(0);
            List<Instruction> code = entry.instructions();
            return code.isEmpty() || !code.get(code.size() - 1).hasExceptionEdge() ? entry : null;
        }

        /**
         * {@code phi} as a basic induction variable of this loop: a phi of the header whose operand on
         * every back edge is {@code phi + stride} for one int or long constant stride, computed inside
         * the loop. Null otherwise.
         */
        public InductionVariable inductionVariable(Phi phi) {
            if (phi.block() != header || phi.kind() != JavaKind.Int && phi.kind() != JavaKind.Long) {
                return null;
            }
            Instruction increment = null;
            long stride = 0;
            List<Value> initial = new CompilerList<>(1);
            for (int k = 0; k < phi.operandCount(); k++) {
                Block pred = header.predecessors().get(k);
                Value op = phi.operand(k);
                if (!latches.contains(pred)) {
                    initial.add(op);
                    continue;
                }
                if (op == phi) {
                    continue; // a back edge on which the value does not change
                }
                if (!(op instanceof Instruction add) || add.op() != Op.ADD || add.kind() != phi.kind() || !contains(add.block())) {
                    return null;
                }
                Value other = add.input(0) == phi ? add.input(1) : add.input(1) == phi ? add.input(0) : null;
                if (!(other instanceof Constant c)) {
                    return null;
                }
                long s = phi.kind() == JavaKind.Int ? c.asInt() : c.asLong();
                if (increment != null && (increment != add || s != stride)) {
                    return null;
                }
                increment = add;
                stride = s;
            }
            return increment == null ? null : new InductionVariable(phi, CompilerList.copyOf(initial), increment, stride);
        }

        /**
         * This loop as a counted loop: its header ends in an {@code if} that compares a basic
         * induction variable of the header ({@link #inductionVariable}) with a bound defined outside
         * the loop, one target inside the loop and one outside. Null otherwise. The shape of
         * {@code for (i = init; i < n; i += s)} as javac compiles it, and of its {@code <=}, {@code >}
         * and mirrored variants.
         */
        public CountedLoop countedLoop() {
            if (!(header.terminator() instanceof If test)) {
                return null;
            }
            boolean trueInside = contains(test.trueTarget());
            if (trueInside == contains(test.falseTarget())) {
                return null;
            }
            Block inside = trueInside ? test.trueTarget() : test.falseTarget();
            Condition goOn = trueInside ? test.condition() : test.condition().negate();
            Value bound;
            InductionVariable iv;
            if (test.x() instanceof Phi p && (iv = inductionVariable(p)) != null) {
                bound = test.y();
            } else if (test.y() instanceof Phi p && (iv = inductionVariable(p)) != null) {
                bound = test.x();
                goOn = goOn.mirror();
            } else {
                return null;
            }
            return definesNot(bound) ? new CountedLoop(iv, goOn, bound, inside) : null;
        }

        @Override
        public String toString() {
            return "loop " + header + " (depth " + depth + ", " + blocks.size() + " blocks)";
        }
    }

    /**
     * A counted loop ({@link Loop#countedLoop()}): it goes on, into {@code body}, while
     * {@code iv.phi() goOn bound} holds (signed int comparison); {@code bound} is defined outside the
     * loop. Whether the induction variable can overflow before the test fails is not said.
     */
    public record CountedLoop(InductionVariable iv, Condition goOn, Value bound, Block body) {
    }

    /**
     * {@code phi = φ(initial..., increment)} with {@code increment = phi + stride} on every back edge.
     * Nothing here says the increment cannot overflow: that takes a bound (see the users).
     *
     * @param initial the operands from the blocks entering the loop
     */
    public record InductionVariable(Phi phi, List<Value> initial, Instruction increment, long stride) {
    }
}
