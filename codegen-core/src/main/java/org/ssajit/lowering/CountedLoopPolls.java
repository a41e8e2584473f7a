package org.ssajit.lowering;

import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Loops;
import org.ssajit.ir.Loops.Loop;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Terminator;

import jdk.vm.ci.meta.JavaKind;

/**
 * The safepoint polls of innermost counted int loops left out, as Graal does and C2 did before loop
 * strip mining ({@link LoweringOptions#COUNTED_LOOP_SAFEPOINTS} keeps them). A poll only bounds how
 * long a thread takes to reach a safepoint; it changes no result. Left out, a thread in such a loop
 * reaches its next safepoint after the loop, at most 2<sup>32</sup> iterations later: the loop must
 * end by then, whatever its inputs, and no other cycle may lose its poll.
 *
 * <p>What is proved of each loop whose back edges lose their polls:
 * <ul>
 * <li>It is a counted loop ({@link Loop#countedLoop()}): its header tests an int induction variable
 * against a bound defined outside the loop, each iteration passes that test, and every back edge
 * adds the one constant stride (none leaves the variable as it was, which could spin forever).</li>
 * <li>The test fails before the variable wraps around: {@code i < n} with stride 1 ({@code i + 1}
 * cannot pass {@code Integer.MAX_VALUE} while {@code i < n}), {@code i > n} with stride -1, the
 * same with a larger stride or {@code <=}/{@code >=} where the bound is a constant far enough from
 * the end of the range, {@code i != n} with stride 1 or -1 (it meets {@code n} within
 * 2<sup>32</sup> steps), {@code i == n} (one iteration).</li>
 * <li>It contains no loop, so no cycle of the graph passes only through unpolled back edges but
 * this loop's own iterations: with nested counted loops only the inner one goes without.</li>
 * <li>Each back edge's branch goes backwards only to this loop's header (a branch that is also
 * another loop's back edge keeps its poll), and the graph is reducible.</li>
 * </ul>
 * Returns the number of back edges that lost their poll.
 */
public final class CountedLoopPolls {
    private CountedLoopPolls() {
    }

    public static int run(Graph g) {
        Loops loops = g.loops();
        if (!loops.isReducible()) {
            return 0;
        }
        int removed = 0;
        for (Loop loop : loops.innermostFirst()) {
            if (!loop.children().isEmpty() || !endsInTime(loop)) {
                continue;
            }
            for (Block latch : loop.latches()) {
                Terminator t = latch.terminator();
                if (t.isSafepoint() && onlyBackTo(loops, latch, loop.header())) {
                    t.replaceState(null);
                    removed++;
                }
            }
        }
        return removed;
    }

    /** Whether {@code loop} is a counted int loop whose test fails within 2^32 iterations, whatever its inputs. */
    static boolean endsInTime(Loop loop) {
        Loops.CountedLoop counted = loop.countedLoop();
        if (counted == null || counted.iv().phi().kind() != JavaKind.Int) {
            return false;
        }
        Phi i = counted.iv().phi();
        Block header = loop.header();
        for (int k = 0; k < i.operandCount(); k++) {
            if (loop.latches().contains(header.predecessors().get(k)) && i.operand(k) != counted.iv().increment()) {
                return false; // a back edge that leaves i as it was
            }
        }
        long stride = counted.iv().stride();
        Integer bound = counted.bound() instanceof Constant c && c.kind() == JavaKind.Int ? c.asInt() : null;
        return switch (counted.goOn()) {
            case LT -> stride == 1 || stride > 1 && bound != null && bound <= (long) Integer.MAX_VALUE - stride + 1;
            case LE -> stride >= 1 && bound != null && bound <= (long) Integer.MAX_VALUE - stride;
            case GT -> stride == -1 || stride < -1 && bound != null && bound >= (long) Integer.MIN_VALUE - stride - 1;
            case GE -> stride <= -1 && bound != null && bound >= (long) Integer.MIN_VALUE - stride;
            case NE -> stride == 1 || stride == -1;
            case EQ -> stride != 0;
        };
    }

    /** Whether every edge out of {@code latch} that goes back to a loop header goes to {@code header}. */
    private static boolean onlyBackTo(Loops loops, Block latch, Block header) {
        for (Block target : latch.terminator().targets()) {
            if (target != header && loops.isBackEdge(latch, target)) {
                return false;
            }
        }
        return true;
    }
}
