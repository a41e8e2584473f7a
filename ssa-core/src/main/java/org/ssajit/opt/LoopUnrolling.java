package org.ssajit.opt;

import java.util.List;
import java.util.Map;

import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Loops;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Value;
import org.ssajit.util.CompilerList;
import org.ssajit.util.CompilerMap;

import jdk.vm.ci.meta.JavaKind;

/**
 * Full unrolling of small counted loops whose trip count is a constant: {@code for (d = -1; d <= 1; d++)}
 * becomes its body three times over, each copy with its own constant {@code d}, so that tests of
 * {@code d} fold, the loop's branches and its safepoint poll disappear, and a loop nested in another
 * leaves the outer one a straight body that can be unrolled in turn (inner loops first).
 *
 * <p>The loop must be exactly a counted loop ({@link Loops.Loop#countedLoop()}) of an int induction
 * variable with a constant start, a constant bound and a constant stride, so that the number of
 * times the body runs is computed here by running the header's test in Java's int arithmetic (an
 * overflowing variable included): that number, at most {@link #MAX_TRIPS}, is exact, whatever the
 * body does, since the body cannot change the variable (only the increment feeds its phi) and the
 * header's test is the only way out. So the loop has one entering block that jumps to the header,
 * one back edge, a header with phis and the test only, no exception handlers, no nested loop, and
 * no other exit; a body block ends in a jump or a two-way branch. The copies run the body's
 * instructions in the same order with the same frame states (their values those of the iteration),
 * so what the code does, its exceptions and its deoptimizations are unchanged.
 */
public final class LoopUnrolling {
    /** The most iterations a loop is unrolled for. */
    public static final int MAX_TRIPS = 16;
    /** The most instructions the copies of a loop's body may have in all. */
    public static final int MAX_INSTRUCTIONS = 160;

    private LoopUnrolling() {
    }

    /** Unrolls every loop that qualifies, inner loops first; returns how many. */
    public static int run(Graph g) {
        int unrolled = 0;
        boolean again = true;
        while (again) {
            again = false;
            for (Loop loop : g.loops().innermostFirst()) {
                Plan plan = plan(loop);
                if (plan != null) {
                    unroll(g, plan);
                    g.countUnrolledLoop();
                    unrolled++;
                    again = true;
                    break; // the loops are computed again
                }
            }
        }
        return unrolled;
    }

    /** A loop to unroll: its blocks and the facts the copies need. */
    private record Plan(Loop loop, Block header, Block entering, Block latch, Block first, Block exit, List<Block> body, int trips) {
    }

    private static Plan plan(Loop loop) {
        Block header = loop.header();
        if (!loop.children().isEmpty() || !header.instructions().isEmpty() || header.predecessors().size() != 2 || loop.latches().size() != 1
                        || loop.enteringBlocks().size() != 1 || !header.handlers().isEmpty()) {
            return null;
        }
        Block entering = loop.enteringBlocks().get(0);
        Block latch = loop.latches().get(0);
        if (!(entering.terminator() instanceof Goto) || latch == header || !(latch.terminator() instanceof Goto)) {
            return null;
        }
        Loops.CountedLoop counted = loop.countedLoop();
        if (counted == null || counted.iv().phi().kind() != JavaKind.Int || counted.iv().initial().size() != 1
                        || !(counted.iv().initial().get(0) instanceof Constant start) || !(counted.bound() instanceof Constant bound)) {
            return null;
        }
        If test = (If) header.terminator();
        Block first = counted.body();
        Block exit = test.trueTarget() == first ? test.falseTarget() : test.trueTarget();
        // The iterations, in Java's int arithmetic: the body runs while the test holds.
        int trips = 0;
        int i = start.asInt();
        int stride = (int) counted.iv().stride();
        while (counted.goOn().test(i, bound.asInt())) {
            if (++trips > MAX_TRIPS) {
                return null;
            }
            i += stride;
        }
        if (trips == 0) {
            return null;
        }
        List<Block> body = new CompilerList<>();
        int size = 0;
        for (Block b : loop.blocks()) {
            if (b == header) {
                continue;
            }
            if (!b.handlers().isEmpty() || !(b.terminator() instanceof Goto || b.terminator() instanceof If)) {
                return null;
            }
            if (b.terminator() instanceof If f && f.trueTarget() == f.falseTarget()) {
                return null;
            }
            for (Block s : b.terminator().targets()) {
                if (!loop.contains(s) || s == header && b != latch) {
                    return null;
                }
            }
            for (Instruction x : b.instructions()) {
                if (x.hasExceptionEdge() || !copyable(x.op())) {
                    return null;
                }
            }
            size += b.instructions().size() + b.phis().size() + 1;
            body.add(b);
        }
        if ((long) size * trips > MAX_INSTRUCTIONS) {
            return null;
        }
        return new Plan(loop, header, entering, latch, first, exit, body, trips);
    }

    /** Whether a copy of an instruction of {@code op} means what the original means at that place. */
    private static boolean copyable(org.ssajit.ir.Operation op) {
        return op != Op.OSR_LOCAL && op != Op.OSR_LOCK && op != Op.EXCEPTION_OBJECT && op != Op.MONITOR_ENTER && op != Op.MONITOR_EXIT;
    }

    private static void unroll(Graph g, Plan p) {
        NodeFactory factory = new NodeFactory(g, true);
        Block header = p.header();
        int fromEntry = header.predecessorIndex(p.entering());
        int fromLatch = header.predecessorIndex(p.latch());
        // The header's phis' values on entry to the iteration being copied.
        Map<Phi, Value> current = new CompilerMap<>();
        for (Phi phi : header.phis()) {
            current.put(phi, phi.operand(fromEntry));
        }
        // Each iteration's copies of the body's blocks, made up front: a copy's jumps name later copies.
        Block[][] copies = new Block[p.trips()][];
        Map<Block, Integer> index = new CompilerMap<>();
        for (int k = 0; k < p.body().size(); k++) {
            index.put(p.body().get(k), k);
        }
        for (int t = 0; t < p.trips(); t++) {
            copies[t] = new Block[p.body().size()];
            for (int k = 0; k < p.body().size(); k++) {
                Block b = p.body().get(k);
                copies[t][k] = g.newBlock(b.bci());
                if (b.isCold()) {
                    copies[t][k].setCold();
                }
            }
        }
        List<Block> unreached = new CompilerList<>();
        Block lastLatch = null;
        Goto entry = (Goto) p.entering().terminator();
        p.entering().replaceTerminator(new Goto(entry.bci(), copies[0][index.get(p.first())]));
        for (int t = 0; t < p.trips(); t++) {
            Map<Value, Value> map = new CompilerMap<>(current);
            Map<FrameState, FrameState> states = new CompilerMap<>();
            java.util.function.UnaryOperator<Value> f = v -> map.getOrDefault(v, v);
            Block before = t == 0 ? p.entering() : lastLatch;
            for (int k = 0; k < p.body().size(); k++) {
                Block b = p.body().get(k);
                Block copy = copies[t][k];
                // The edges into the copy that the copies made so far have.
                List<Integer> live = new CompilerList<>();
                for (int j = 0; j < b.predecessors().size(); j++) {
                    Block pred = b.predecessors().get(j);
                    Block from = pred == header ? before : copies[t][index.get(pred)];
                    if (from.terminator() != null && from.terminator().targets().contains(copy)) {
                        copy.addPredecessor(from);
                        live.add(j);
                    }
                }
                if (live.isEmpty()) {
                    unreached.add(copy);
                    continue;
                }
                for (Phi phi : b.phis()) {
                    Value only = f.apply(phi.operand(live.get(0)));
                    boolean same = true;
                    for (int j : live) {
                        same &= f.apply(phi.operand(j)) == only;
                    }
                    if (same) {
                        map.put(phi, only);
                        continue;
                    }
                    Phi q = copy.addPhi(g, phi.kind());
                    for (int j : live) {
                        q.appendOperand(f.apply(phi.operand(j)));
                    }
                    q.setStamp(phi.stamp());
                    map.put(phi, q);
                }
                factory.setBlock(copy);
                for (Instruction x : b.instructions()) {
                    map.put(x, copy(g, factory, copy, x, f, states));
                }
                Terminator end = b.terminator();
                if (end instanceof If test) {
                    Value x = f.apply(test.x());
                    Value y = f.apply(test.y());
                    Block yes = target(test.trueTarget(), t, p, copies, index);
                    Block no = target(test.falseTarget(), t, p, copies, index);
                    Boolean known = factory.foldCondition(test.condition(), x, y);
                    copy.setTerminator(known == null ? new If(test.bci(), test.condition(), x, y, yes, no) : new Goto(test.bci(), known ? yes : no));
                } else {
                    copy.setTerminator(new Goto(end.bci(), target(((Goto) end).target(), t, p, copies, index)));
                }
                if (b == p.latch()) {
                    lastLatch = copy;
                }
            }
            Map<Phi, Value> next = new CompilerMap<>();
            for (Phi phi : header.phis()) {
                next.put(phi, f.apply(phi.operand(fromLatch)));
            }
            current = next;
        }
        if (lastLatch == null) {
            throw new IllegalStateException("unrolling " + p.loop() + ": the last iteration does not reach the back edge");
        }
        p.exit().replacePredecessor(header, lastLatch);
        for (Phi phi : header.phis()) {
            phi.replaceAllUsesWith(current.get(phi));
        }
        // The loop itself is left without an entry; the copies never reached have no edges.
        g.removeBlocks(unreached::contains);
        UnreachableBlocks.remove(g);
    }

    /** Where a copy's jump to {@code target} goes: the same iteration's copy, the next iteration's first block, or out. */
    private static Block target(Block target, int t, Plan p, Block[][] copies, Map<Block, Integer> index) {
        if (target != p.header()) {
            return copies[t][index.get(target)];
        }
        return t + 1 < p.trips() ? copies[t + 1][index.get(p.first())] : p.exit();
    }

    private static Value copy(Graph g, NodeFactory factory, Block copy, Instruction x, java.util.function.UnaryOperator<Value> f, Map<FrameState, FrameState> states) {
        Value[] in = new Value[x.inputCount()];
        for (int k = 0; k < in.length; k++) {
            in[k] = f.apply(x.input(k));
        }
        // Arithmetic on the copy's constants folds (a pure one: no division that may throw).
        if (x.isPure() && x.op() instanceof Op op && op.isBinaryArithmetic() && x.state() == null) {
            return factory.binary(op, x.kind(), in[0], in[1], x.bci(), null);
        }
        Instruction c = new Instruction(g, x.op(), x.kind(), x.attribute(), x.bci(), in);
        c.setStamp(x.stamp());
        if (x.state() != null) {
            c.setState(x.state().mapped(f, states));
        }
        copy.append(c);
        return c;
    }
}
