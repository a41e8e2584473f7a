package org.ssajit.ir;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import jdk.vm.ci.meta.JavaKind;

/**
 * A graph as one {@code begin_cfg} section of a C1Visualizer file ({@link CfgOutput}), as C1 prints
 * its HIR: per block its name ({@code b<id>}, as {@link IrPrinter} names it), bcis, predecessors,
 * normal successors, exception handlers ({@code xhandlers}), flags ({@code std} or {@code osr} on the
 * entry, {@code ex} on a handler entry, {@code llh} on a loop header, {@code lle} on a loop's latch),
 * immediate dominator, innermost loop and loop depth; the phis as {@code begin_locals} entries
 * ({@code <index> <name> [<operand per predecessor> ...]}); the instructions, then the terminator, as
 * {@code begin_HIR} lines {@code [.]<bci> <users> <name> <text> <|@} ({@code .}: an instruction that
 * is not pure, pinned to its place).
 *
 * <p>Names are identifiers, unique in the section: a value is named as {@link IrPrinter} numbers it
 * ({@code v<n>}, so the text dump and the {@code .cfg} agree), an instruction without a value
 * {@code x<id>}, a terminator {@code t<block id>}. Parameters, and the constants and undefined values
 * the graph uses ({@code c<k>}), belong to no block: they are listed first in the entry block, as C1
 * lists its constants, so every name a phi or an instruction's text uses is defined in the section.
 * An instruction's text is {@link IrPrinter}'s (constants inline), then its frame state.
 */
public final class CfgGraphPrinter {
    private final Graph graph;
    private final IrPrinter text = new IrPrinter(false);
    /** Constants and undefined values the graph uses, with their names, in order of first use. */
    private final Map<Value, String> graphValues = new CompilerMap<>();
    private final Loops loops;
    private final Map<Loops.Loop, Integer> loopIndex = CompilerMap.identity();
    private final Set<Block> handlerEntries = new CompilerSet<>();
    private final Set<Block> latches = new CompilerSet<>();

    private CfgGraphPrinter(Graph graph) {
        this.graph = graph;
        text.print(graph); // fixes the value numbering
        // An analysis of its own: a dump must not change what the compile has cached.
        this.loops = new Loops(graph);
        for (Loops.Loop l : loops.loops()) {
            loopIndex.put(l, loopIndex.size());
            latches.addAll(l.latches());
        }
        for (Block b : graph.blocks()) {
            for (Handler h : b.handlers()) {
                handlerEntries.add(h.target());
            }
            for (Phi p : b.phis()) {
                nameGraphValues(p);
            }
            for (Instruction i : b.instructions()) {
                nameGraphValues(i);
            }
            if (b.terminator() != null) {
                nameGraphValues(b.terminator());
            }
        }
    }

    /** Appends {@code graph} as a section named {@code phase}. */
    public static void print(String phase, Graph graph, CfgOutput out) {
        new CfgGraphPrinter(graph).print(phase, out);
    }

    private void nameGraphValues(Node n) {
        for (int k = 0; k < n.inputCount(); k++) {
            Value v = n.input(k);
            if ((v instanceof Constant || v instanceof Undefined) && !graphValues.containsKey(v)) {
                graphValues.put(v, "c" + graphValues.size());
            }
        }
    }

    private void print(String phase, CfgOutput out) {
        out.begin("cfg").string("name", phase);
        for (Block b : graph.blocks()) {
            block(b, out);
        }
        out.end("cfg");
    }

    private void block(Block b, CfgOutput out) {
        out.begin("block");
        out.string("name", b.toString());
        out.integer("from_bci", b.bci());
        out.integer("to_bci", toBci(b));
        out.strings("predecessors", names(b.predecessors()));
        Terminator t = b.terminator();
        out.strings("successors", names(t == null ? CompilerList.of() : t.targets()));
        List<Block> handlers = new CompilerList<>();
        for (Handler h : b.handlers()) {
            if (!handlers.contains(h.target())) {
                handlers.add(h.target());
            }
        }
        out.strings("xhandlers", names(handlers));
        out.strings("flags", flags(b));
        Dominance dominance = loops.dominance();
        if (dominance.isReachable(b) && dominance.immediateDominator(b) != null) {
            out.string("dominator", dominance.immediateDominator(b).toString());
        }
        Loops.Loop loop = loops.innermost(b);
        if (loop != null) {
            out.integer("loop_index", loopIndex.get(loop));
            out.integer("loop_depth", loops.depth(b));
        }
        if (!b.phis().isEmpty()) {
            out.begin("states").begin("locals");
            out.integer("size", b.phis().size());
            out.string("method", graph.method() == null ? "?" : graph.method().format("%H.%n(%p)"));
            for (int i = 0; i < b.phis().size(); i++) {
                Phi p = b.phis().get(i);
                StringBuilder l = new StringBuilder().append(i).append(' ').append(name(p)).append(" [");
                for (int k = 0; k < p.operandCount(); k++) {
                    l.append(k == 0 ? "" : " ").append(name(p.operand(k)));
                }
                out.line(l.append(']').toString());
            }
            out.end("locals").end("states");
        }
        out.begin("HIR");
        if (b == graph.entry()) {
            for (Parameter p : graph.parameters()) {
                hir(out, false, -1, p.userCount(), name(p), "param " + p.index() + (p.isReceiver() ? " (receiver)" : "") + ":" + IrPrinter.kindChar(p.kind()));
            }
            graphValues.forEach((v, n) -> hir(out, false, -1, v.userCount(), n, "const " + text.ref(v)));
        }
        for (Instruction i : b.instructions()) {
            String s = text.instructionText(i);
            if (i.kind() != JavaKind.Void) {
                s = s.substring(s.indexOf(" = ") + 3); // the name is its own column
            }
            hir(out, !i.isPure(), i.bci(), i.userCount(), name(i), withState(s, i.state()));
        }
        if (t != null) {
            hir(out, true, t.bci(), 0, "t" + b.id(), withState(text.terminatorText(t), t.state()));
        }
        out.end("HIR");
        out.end("block");
    }

    private static void hir(CfgOutput out, boolean pinned, int bci, int users, String name, String text) {
        out.line((pinned ? "." : "") + bci + " " + users + " " + name + " " + CfgOutput.free(text) + " " + CfgOutput.COLUMN_END);
    }

    private String withState(String s, FrameState state) {
        return state == null ? s : s + "  " + text.stateText(state);
    }

    private String name(Value v) {
        if (v == null) {
            return "-";
        }
        String n = graphValues.get(v);
        if (n != null) {
            return n;
        }
        if (v instanceof Instruction i && i.kind() == JavaKind.Void) {
            return "x" + i.id();
        }
        return CfgOutput.ident(text.ref(v));
    }

    private static List<String> names(List<Block> blocks) {
        List<String> out = new CompilerList<>(blocks.size());
        for (Block b : blocks) {
            out.add(b.toString());
        }
        return out;
    }

    private List<String> flags(Block b) {
        List<String> f = new CompilerList<>(3);
        if (b == graph.entry()) {
            f.add(graph.isOsr() ? "osr" : "std");
        }
        if (handlerEntries.contains(b)) {
            f.add("ex");
        }
        if (loops.loopHeadedBy(b) != null) {
            f.add("llh");
        }
        if (latches.contains(b)) {
            f.add("lle");
        }
        return f;
    }

    /** The bci of the block's last bytecode that has one: its terminator's, else its last instruction's; -1 if none. */
    private static int toBci(Block b) {
        if (b.terminator() != null && b.terminator().bci() >= 0) {
            return b.terminator().bci();
        }
        for (int k = b.instructions().size() - 1; k >= 0; k--) {
            if (b.instructions().get(k).bci() >= 0) {
                return b.instructions().get(k).bci();
            }
        }
        return -1;
    }
}
