package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.util.Identity;
import org.ssajit.util.IntMath;
import org.ssajit.util.ReadOnlyList;

/**
 * A basic block: phis, then instructions, then one {@link Terminator}. Exception edges leave a block
 * from the one instruction marked {@link Instruction#hasExceptionEdge()} (or its {@link Throw}); a
 * bytecode inside a try range that can throw always ends its block, so the state on the exception edge
 * is the state at the end of the block.
 */
public final class Block extends Identity {
    private final Graph graph;
    private final int id;
    private final int bci;
    private final CompilerList<Block> predecessors = new CompilerList<>(2);
    private final CompilerList<Phi> phis = new CompilerList<>(0);
    private final CompilerList<Instruction> instructions = new CompilerList<>();
    /** Where {@link #indexOf} looks first. */
    private int positionHint;
    /**
     * How many instructions from the start have their index recorded ({@link Instruction#positionInBlock}):
     * an edit at index {@code k} leaves the first {@code k} as they are.
     */
    private int numbered;
    private final CompilerList<Handler> handlers = new CompilerList<>(0);
    private CompilerList<Block> successors = CompilerList.of();
    private Terminator terminator;
    /** Read-only views of the lists above, made on first use: passes ask for them at every step. */
    private ReadOnlyList<Block> predecessorsView;
    private ReadOnlyList<Phi> phisView;
    private ReadOnlyList<Instruction> instructionsView;
    private ReadOnlyList<Handler> handlersView;
    /** Rarely run (an inline allocation's call of the VM): placed after the other blocks. */
    private boolean cold;

    Block(Graph graph, int id, int bci) {
        this.graph = graph;
        this.id = id;
        this.bci = bci;
    }

    public int id() {
        return id;
    }

    /** Whether the block rarely runs ({@link #setCold}). */
    public boolean isCold() {
        return cold;
    }

    /**
     * Marks the block rarely run, a slow path: instruction selection puts it after the other blocks,
     * so that the register allocator saves the values live across a call in it there, not on the
     * path that runs.
     */
    public void setCold() {
        cold = true;
    }

    /** The bytecode index of the block's first instruction, or -1 for a synthetic block. */
    public int bci() {
        return bci;
    }

    public ReadOnlyList<Block> predecessors() {
        ReadOnlyList<Block> v = predecessorsView;
        return v != null ? v : (predecessorsView = new ReadOnlyList<>(predecessors));
    }

    /** Appends a predecessor; the caller keeps complete phis in step (sealed blocks get no new preds). */
    public void addPredecessor(Block pred) {
        predecessors.add(pred);
        graph.controlFlowChanged();
    }

    public int predecessorIndex(Block pred) {
        return predecessors.indexOf(pred);
    }

    public ReadOnlyList<Phi> phis() {
        ReadOnlyList<Phi> v = phisView;
        return v != null ? v : (phisView = new ReadOnlyList<>(phis));
    }

    public Phi addPhi(Graph graph, jdk.vm.ci.meta.JavaKind kind) {
        Phi p = new Phi(graph, this, kind);
        phis.add(p);
        return p;
    }

    /** Removes a phi that has no users left and drops its operands. */
    public void removePhi(Phi phi) {
        if (phi.hasUsers()) {
            throw new IllegalStateException(phi + " still has users");
        }
        // Phis removed during construction are usually the newest.
        int i = phis.lastIndexOf(phi);
        if (i < 0) {
            throw new IllegalStateException(phi + " not in " + this);
        }
        phis.remove(i);
        phi.clearInputs();
        phi.detach();
    }

    public ReadOnlyList<Instruction> instructions() {
        ReadOnlyList<Instruction> v = instructionsView;
        return v != null ? v : (instructionsView = new ReadOnlyList<>(instructions));
    }

    /**
     * The instructions {@code which} selects, in order, in a list of their own (the block may change
     * after); when it selects none, an empty list, allocated for no block.
     */
    public List<Instruction> instructionsWhere(java.util.function.Predicate<? super Instruction> which) {
        List<Instruction> found = null;
        for (int k = 0, n = instructions.size(); k < n; k++) {
            Instruction i = instructions.get(k);
            if (which.test(i)) {
                if (found == null) {
                    found = new CompilerList<>();
                }
                found.add(i);
            }
        }
        return found == null ? CompilerList.of() : found;
    }

    public void append(Instruction i) {
        if (terminator != null) {
            throw new IllegalStateException(this + " is already terminated");
        }
        i.setBlock(this);
        instructions.add(i);
    }

    /**
     * Adds a new instruction at the end of a block that may be terminated already (before its
     * terminator): the caller guarantees that its operands are available there.
     */
    public void insertAtEnd(Instruction i) {
        if (i.block() != null) {
            throw new IllegalStateException(i + " is in " + i.block() + " already");
        }
        i.setBlock(this);
        instructions.add(i);
    }

    /**
     * Moves {@code i} from this block to the end of {@code target}'s instructions (before its
     * terminator), keeping its operands, users and state: the caller guarantees that its operands
     * are available there and that executing it there is equivalent.
     */
    public void moveToEnd(Instruction i, Block target) {
        int k = indexOf(i);
        if (k < 0) {
            throw new IllegalStateException(i + " not in " + this);
        }
        instructions.remove(k);
        numbered = IntMath.min(numbered, k);
        target.instructions.add(i);
        i.setBlock(target);
    }

    /**
     * Moves every instruction after {@code x} (an instruction of this block) to the end of
     * {@code target}'s, in order, keeping their operands, users and states: the caller guarantees that
     * their operands are available there and that running them there is equivalent. Linear in the
     * number moved and in {@code x}'s distance from the position hint, so that a pass splitting a
     * block at each of many points, last first, moves each instruction once.
     */
    public void moveInstructionsAfter(Instruction x, Block target) {
        int k = indexOf(x);
        if (k < 0) {
            throw new IllegalStateException(x + " not in " + this);
        }
        List<Instruction> tail = instructions.subList(k + 1, instructions.size());
        for (Instruction i : tail) {
            i.setBlock(target);
        }
        target.instructions.addAll(tail);
        tail.clear();
        numbered = IntMath.min(numbered, k + 1);
        positionHint = k;
    }

    /** Inserts a new instruction right before {@code anchor}, an instruction of this block. */
    public void insertBefore(Instruction anchor, Instruction i) {
        if (i.block() != null) {
            throw new IllegalStateException(i + " is in " + i.block() + " already");
        }
        int k = indexOf(anchor);
        if (k < 0) {
            throw new IllegalStateException(anchor + " not in " + this);
        }
        i.setBlock(this);
        instructions.add(k, i);
        numbered = IntMath.min(numbered, k);
        positionHint = k + 1;
    }

    /**
     * The index of {@code x} in {@link #instructions}, or -1. It looks first where the last lookup,
     * insertion or removal left off, just after it and just before it, then at the index recorded in
     * {@code x} while the instructions up to it are unchanged, else it records the indices from the
     * first changed one on until it finds {@code x}. A pass that lowers a block front to back edits at,
     * or asks for the instruction after, the one it is at; one that splits a block back to front edits
     * just before it; instruction selection asks for the instruction after others too; a search from
     * one end for each such step made them quadratic in the block's length.
     */
    private int indexOf(Instruction x) {
        int n = instructions.size();
        int h = IntMath.min(positionHint, n);
        if (h < n && instructions.get(h) == x) {
            return positionHint = h;
        }
        if (h + 1 < n && instructions.get(h + 1) == x) {
            return positionHint = h + 1;
        }
        if (h >= 1 && h - 1 < n && instructions.get(h - 1) == x) {
            return positionHint = h - 1;
        }
        int p = x.positionInBlock;
        if (p >= 0 && p < numbered && p < n && instructions.get(p) == x) {
            positionHint = p;
            return p;
        }
        for (int k = numbered; k < n; k++) {
            Instruction at = instructions.get(k);
            at.positionInBlock = k;
            numbered = k + 1;
            if (at == x) {
                positionHint = k;
                return k;
            }
        }
        return -1;
    }

    /**
     * The instruction after {@code i} in this block, or null if {@code i} is the last (or not here).
     * Constant time for a pass walking the block in order (the position hint).
     */
    public Instruction instructionAfter(Instruction i) {
        int k = indexOf(i);
        return k >= 0 && k + 1 < instructions.size() ? instructions.get(k + 1) : null;
    }

    /**
     * Drops predecessor {@code pred} (every occurrence) and each phi's operand from it. The caller
     * removes phis that become trivial.
     */
    public void removePredecessor(Block pred) {
        for (int k = predecessors.size() - 1; k >= 0; k--) {
            if (predecessors.get(k) == pred) {
                predecessors.remove(k);
                for (Phi p : phis) {
                    p.removeOperand(k);
                }
            }
        }
        graph.controlFlowChanged();
    }

    /** Replaces predecessor {@code old} (every occurrence) by {@code replacement}; phi operands stay as they are. */
    public void replacePredecessor(Block old, Block replacement) {
        for (int k = 0; k < predecessors.size(); k++) {
            if (predecessors.get(k) == old) {
                predecessors.set(k, replacement);
            }
        }
        graph.controlFlowChanged();
    }

    /**
     * Replaces the terminator: the old one is unlinked from its values. The caller keeps the
     * successors' predecessor lists and phis in step.
     */
    public void replaceTerminator(Terminator t) {
        if (terminator != null) {
            terminator.delete();
            terminator = null;
        }
        setTerminator(t);
    }

    /**
     * Moves this block's terminator, operands and state kept, to {@code target}, which has none; this
     * block is left without one. The caller keeps the successors' predecessor lists in step (each
     * successor's entry for this block becomes {@code target}'s, {@link #replacePredecessor}).
     */
    public void moveTerminator(Block target) {
        if (terminator == null || target.terminator != null) {
            throw new IllegalStateException("cannot move " + this + "'s terminator to " + target);
        }
        Terminator t = terminator;
        terminator = null;
        computeSuccessors();
        target.setTerminator(t);
    }

    /** Drops every exception edge of this block (the handlers stay in the graph; see {@link #removePredecessor}). */
    public void clearHandlers() {
        handlers.clear();
        computeSuccessors();
        graph.controlFlowChanged();
    }

    public void removeInstruction(Instruction i) {
        int k = indexOf(i);
        if (k < 0) {
            throw new IllegalStateException(i + " not in " + this);
        }
        instructions.remove(k);
        numbered = IntMath.min(numbered, k);
        positionHint = k;
        i.delete();
        i.setBlock(null);
    }

    public Terminator terminator() {
        return terminator;
    }

    public void setTerminator(Terminator t) {
        if (terminator != null) {
            throw new IllegalStateException(this + " is already terminated");
        }
        t.setBlock(this);
        terminator = t;
        computeSuccessors();
        graph.controlFlowChanged();
    }

    public ReadOnlyList<Handler> handlers() {
        ReadOnlyList<Handler> v = handlersView;
        return v != null ? v : (handlersView = new ReadOnlyList<>(handlers));
    }

    public void addHandler(Handler h) {
        handlers.add(h);
        computeSuccessors();
        graph.controlFlowChanged();
    }

    /** Normal successors then handler targets, each block once. */
    public CompilerList<Block> successors() {
        return successors;
    }

    private void computeSuccessors() {
        List<Block> targets = terminator == null ? CompilerList.of() : terminator.targets();
        if (handlers.isEmpty()) {
            successors = CompilerList.copyOf(targets); // the terminators' lists are immutable already: no copy
            return;
        }
        List<Block> s = new CompilerList<>(targets);
        for (Handler h : handlers) {
            if (!s.contains(h.target())) {
                s.add(h.target());
            }
        }
        successors = CompilerList.copyOf(s);
    }

    @Override
    public String toString() {
        return "b" + id;
    }
}
