package org.ssajit.opt;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Undefined;
import org.ssajit.ir.Value;

/**
 * Loop-invariant code motion of pure instructions: an instruction of a loop whose operands are all
 * defined outside the loop (or are themselves moved) goes to the end of the block that enters the
 * loop, so {@code i * n} in {@code a[i * n + k]} is computed once per inner loop, not once per
 * iteration.
 *
 * <p>Only {@linkplain Instruction#isPure() pure} instructions move: no side effect, no exception, no
 * memory read (integer division and remainder, which can throw, are not pure; float division is), so
 * running one where the loop would not have run it changes nothing observable. A loop qualifies when
 * it has exactly one entering block and that block ends in a plain jump to the header; the entering
 * block dominates the whole loop, so the moved value dominates every use it had. Inner loops are
 * treated first, so a value invariant in several nested loops leaves all of them. Returns how many
 * instructions moved; a caller that value-numbers afterwards merges copies that land in one block.
 */
public final class LoopInvariantCodeMotion {
    private LoopInvariantCodeMotion() {
    }

    public static int run(Graph g) {
        Dominance dom = new Dominance(g);
        int moved = 0;
        for (Loop loop : innermostFirst(dom)) {
            for (Block b : loop.blocks()) {
                for (Instruction x : List.copyOf(b.instructions())) {
                    if (x.isPure() && x.state() == null && !x.hasExceptionEdge() && operandsInvariant(x, loop.body())) {
                        b.moveToEnd(x, loop.entry()); // later instructions of the loop see it outside the body
                        moved++;
                    }
                }
            }
        }
        return moved;
    }

    /**
     * A natural loop that code can be moved out of: its one entering block ({@link #loopEntry}) and its
     * blocks ({@link #body}), also in reverse postorder ({@code blocks}).
     */
    record Loop(Block header, Block entry, Set<Block> body, List<Block> blocks) {
        /** Whether {@code v} is defined outside the loop (constants, parameters and the like included). */
        boolean definesNot(Value v) {
            Block def = v instanceof Instruction i ? i.block() : v instanceof Phi p ? p.block() : null;
            return def == null || !body.contains(def);
        }
    }

    /**
     * The loops with an entering block code can be appended to, inner loops before the loops that
     * contain them (an inner loop's header comes after its outer loop's in reverse postorder).
     * Appending pure code to entering blocks keeps every one of them qualified.
     */
    static List<Loop> innermostFirst(Dominance dom) {
        List<Block> rpo = dom.reversePostorder();
        List<Loop> loops = new java.util.ArrayList<>();
        for (int h = rpo.size() - 1; h >= 0; h--) {
            Block header = rpo.get(h);
            Block entry = loopEntry(header, dom);
            Set<Block> body = entry == null ? null : body(header, dom);
            if (body != null) {
                loops.add(new Loop(header, entry, body, rpo.stream().filter(body::contains).toList()));
            }
        }
        return loops;
    }

    /** Whether every operand of {@code x} is defined outside {@code body} (instructions moved out already count). */
    private static boolean operandsInvariant(Instruction x, Set<Block> body) {
        for (int k = 0; k < x.inputCount(); k++) {
            Value v = x.input(k);
            if (v instanceof Constant || v instanceof Parameter || v instanceof Undefined) {
                continue;
            }
            Block def = v instanceof Instruction i ? i.block() : v instanceof Phi p ? p.block() : null;
            if (def == null || body.contains(def)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The one block that enters the loop {@code header} heads, if it ends in a plain jump to it and
     * code can be appended to it (its last instruction has no exception edge, which must stay last);
     * else null (also for a block that heads no loop).
     */
    static Block loopEntry(Block header, Dominance dom) {
        Block entry = null;
        boolean loop = false;
        for (Block p : header.predecessors()) {
            if (dom.dominates(header, p)) {
                loop = true;
            } else if (entry == null) {
                entry = p;
            } else {
                return null;
            }
        }
        if (!loop || entry == null || !(entry.terminator() instanceof Goto)) {
            return null;
        }
        List<Instruction> code = entry.instructions();
        return code.isEmpty() || !code.get(code.size() - 1).hasExceptionEdge() ? entry : null;
    }

    /**
     * The natural loop of {@code header}: the blocks from which a back edge's source is reachable
     * without passing the header. Null if one of them is not dominated by the header (a loop entered
     * elsewhere too: irreducible control flow).
     */
    static Set<Block> body(Block header, Dominance dom) {
        Set<Block> body = new HashSet<>();
        body.add(header);
        Deque<Block> work = new ArrayDeque<>();
        for (Block p : header.predecessors()) {
            if (dom.dominates(header, p) && body.add(p)) {
                work.push(p);
            }
        }
        while (!work.isEmpty()) {
            Block b = work.pop();
            if (!dom.dominates(header, b)) {
                return null;
            }
            for (Block p : b.predecessors()) {
                if (body.add(p)) {
                    work.push(p);
                }
            }
        }
        return body;
    }
}
