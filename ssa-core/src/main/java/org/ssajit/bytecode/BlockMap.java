package org.ssajit.bytecode;

import org.ssajit.util.CompilerList;
import static org.ssajit.bytecode.Bytecodes.*;

import org.ssajit.util.Bits;
import java.util.List;

import jdk.vm.ci.meta.ExceptionHandler;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Block discovery for one method: leaders are bci 0, branch and switch targets, handler entries, the
 * instruction after any branch, return or throw, and the instruction after every bytecode that
 * {@linkplain Linkage#traps traps} inside a try range (so an exception edge always leaves from the end of a block). Only blocks
 * reachable from the entry over normal and exception edges are kept, numbered in reverse postorder.
 *
 * <p>If bci 0 is a branch target, a synthetic start block without instructions precedes it, so the
 * entry block never has predecessors.
 *
 * <p>For an on-stack-replacement compile the map starts at the OSR bci instead (a loop header the
 * interpreter jumps into): a synthetic start block always precedes that block, and only what is
 * reachable from it is kept.
 *
 * <p>A method inlined at a call that a handler of a caller covers ({@link #coveredByCaller()}) is in a
 * try range everywhere: every bytecode that traps ends its block, so that an exception can leave from
 * there to the caller's handlers ({@link BciBlock#endsInTrap()}).
 */
public final class BlockMap {
    /** A block of bytecode. Successors and handlers are fixed once the map is built. */
    public static final class BciBlock {
        /** Position in reverse postorder; also the index into {@link BlockMap#blocks()}. */
        int id;
        final int startBci;
        int endBci;
        BciBlock[] successors = NONE;
        HandlerEdge[] handlers = NO_HANDLERS;
        final List<BciBlock> predecessors = new CompilerList<>(2);
        boolean isHandlerEntry;
        boolean endsInTrap;
        boolean isLoopHeader;
        int loopDepthHint;

        BciBlock(int startBci) {
            this.startBci = startBci;
        }

        public int id() {
            return id;
        }

        /** First bci, or -1 for the synthetic start block. */
        public int startBci() {
            return startBci;
        }

        /** Bci of the last instruction (meaningless for the synthetic start block). */
        public int endBci() {
            return endBci;
        }

        public boolean isSynthetic() {
            return startBci < 0;
        }

        /** Normal successors, distinct, in the order the terminator names them. */
        public BciBlock[] successors() {
            return successors;
        }

        /** Exception edges of the block's last instruction, in exception-table order. */
        public HandlerEdge[] handlers() {
            return handlers;
        }

        public List<BciBlock> predecessors() {
            return predecessors;
        }

        public boolean isHandlerEntry() {
            return isHandlerEntry;
        }

        /** Whether the block's last bytecode can throw ({@link Linkage#traps}). */
        public boolean endsInTrap() {
            return endsInTrap;
        }

        /** Target of a retreating edge in the depth-first walk (a loop header in reducible code). */
        public boolean isLoopHeader() {
            return isLoopHeader;
        }

        /** All successors: normal ones, then handler targets not already listed (read-only). */
        public List<BciBlock> allSuccessors() {
            if (allSuccessors == null) {
                CompilerList<BciBlock> all = new CompilerList<>(successors.length + handlers.length);
                for (BciBlock s : successors) {
                    all.add(s);
                }
                for (HandlerEdge h : handlers) {
                    if (!all.contains(h.target)) {
                        all.add(h.target);
                    }
                }
                allSuccessors = CompilerList.copyOf(all);
            }
            return allSuccessors;
        }

        /** {@link #allSuccessors()}, made on first use: successors and handlers are set by then. */
        private List<BciBlock> allSuccessors;

        @Override
        public String toString() {
            return "B" + id + "[" + startBci + ".." + endBci + "]";
        }
    }

    /** An exception edge: exceptions of {@code catchType} (null: any) go to {@code target}. */
    public record HandlerEdge(BciBlock target, JavaType catchType) {
    }

    private static final BciBlock[] NONE = {};
    private static final HandlerEdge[] NO_HANDLERS = {};

    private final ResolvedJavaMethod method;
    private final Linkage linkage;
    private final byte[] code;
    private final ExceptionHandler[] exceptionHandlers;
    private final Bits instructionStarts = new Bits();
    private final List<BciBlock> blocks;
    private final BciBlock[] blockAtBci;
    private final boolean reducible;
    private final int osrBci;
    private final boolean coveredByCaller;
    private int edgeCount;

    public BlockMap(ResolvedJavaMethod method, Linkage linkage) {
        this(method, linkage, -1, false);
    }

    /**
     * @param osrBci -1 for the whole method, else the bci an on-stack-replacement compile enters at
     * @param coveredByCaller the method is inlined at a call inside a try range of a caller: every
     *            bytecode that traps ends its block
     */
    public BlockMap(ResolvedJavaMethod method, Linkage linkage, int osrBci, boolean coveredByCaller) {
        this.method = method;
        this.osrBci = osrBci;
        this.coveredByCaller = coveredByCaller;
        this.linkage = linkage;
        this.code = method.getCode();
        if (code == null || code.length == 0) {
            throw new BailoutException(BailoutException.Reason.NO_BYTECODE, method.format("%H.%n(%p)") + " has no bytecode");
        }
        this.exceptionHandlers = method.getExceptionHandlers();
        BytecodeStream s = new BytecodeStream(code);
        Bits leaders = scan(s);
        this.blockAtBci = new BciBlock[code.length];
        List<BciBlock> all = makeBlocks(s, leaders);
        if (osrBci >= 0 && (osrBci >= code.length || blockAtBci[osrBci] == null || blockAtBci[osrBci].startBci != osrBci)) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "OSR entry bci " + osrBci + " does not start a block");
        }
        this.blocks = order(all);
        this.reducible = checkReducible();
    }

    public ResolvedJavaMethod method() {
        return method;
    }

    /** The bci an on-stack-replacement compile enters at, or -1 for the whole method. */
    public int osrBci() {
        return osrBci;
    }

    /** Whether the method is parsed at a call that a caller's handler covers: a try range everywhere. */
    public boolean coveredByCaller() {
        return coveredByCaller;
    }

    public byte[] code() {
        return code;
    }

    /** Reachable blocks in reverse postorder; the entry is first. */
    public List<BciBlock> blocks() {
        return blocks;
    }

    public BciBlock entry() {
        return blocks.get(0);
    }

    /** The reachable block starting at {@code bci}, or null. */
    public BciBlock blockStartingAt(int bci) {
        BciBlock b = blockAtBci[bci];
        return b != null && b.startBci == bci && b.id >= 0 ? b : null;
    }

    /** The reachable block that holds the instruction at {@code bci}, or null. */
    public BciBlock blockContaining(int bci) {
        BciBlock b = blockAtBci[bci];
        return b != null && b.id >= 0 ? b : null;
    }

    public boolean isInstructionStart(int bci) {
        return instructionStarts.get(bci);
    }

    private Bits throwBound;

    /**
     * Whether every path from {@code b} ends in an {@code athrow} that leaves the method: {@code b}
     * ends in such an {@code athrow}, or has normal successors and each of them is throw-bound. A
     * block with exception edges is not (a handler of the method may take what is thrown there, and
     * go on normally), nor one on a cycle (a loop that throws to leave may run for long). A caller's
     * handler that covers the method does not count: a path that fails is not worth inlining into even
     * where a caller catches what it throws. The paths where a method gives up (a failed check
     * building its exception): {@code Inlining} keeps their calls (a least fixpoint over reverse
     * postorder, computed once).
     */
    public boolean isThrowBound(BciBlock b) {
        if (throwBound == null) {
            Bits bound = new Bits(blocks.size());
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int i = blocks.size() - 1; i >= 0; i--) {
                    BciBlock x = blocks.get(i);
                    if (bound.get(i) || x.isSynthetic() || x.handlers.length > 0) {
                        continue;
                    }
                    boolean all = (code[x.endBci] & 0xff) == ATHROW;
                    if (!all && x.successors.length > 0) {
                        all = true;
                        for (BciBlock t : x.successors) {
                            all &= bound.get(t.id);
                        }
                    }
                    if (all) {
                        bound.set(i);
                        changed = true;
                    }
                }
            }
            throwBound = bound;
        }
        return throwBound.get(b.id);
    }

    private int[] idom;

    /** The immediate dominators of the blocks ({@link Dominators#compute}; shared, do not modify). */
    public int[] dominators() {
        if (idom == null) {
            idom = Dominators.compute(blocks);
        }
        return idom;
    }

    /** Number of CFG edges between reachable blocks (normal and exception). */
    public int edgeCount() {
        return edgeCount;
    }

    /** Whether every cycle of the CFG has a header that dominates it (Hecht and Ullman). */
    public boolean isReducible() {
        return reducible;
    }

    // ---------------------------------------------------------------------------------------------

    private Bits scan(BytecodeStream s) {
        Bits leaders = new Bits(code.length);
        leaders.set(0);
        int bci = 0;
        while (bci < code.length) {
            instructionStarts.set(bci);
            s.at(bci);
            int op = s.opcode();
            int next = s.nextBci();
            if (next > code.length) {
                throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "instruction at " + bci + " runs past the end");
            }
            switch (op) {
                case JSR, JSR_W, RET -> throw new BailoutException(BailoutException.Reason.JSR_RET, Bytecodes.nameOf(op) + " at bci " + bci);
                case GOTO, GOTO_W -> {
                    leaders.set(s.branchTarget());
                    leaders.set(next);
                }
                case TABLESWITCH, LOOKUPSWITCH -> {
                    leaders.set(s.switchDefaultTarget());
                    for (int i = 0; i < s.switchCaseCount(); i++) {
                        leaders.set(s.switchTarget(i));
                    }
                    leaders.set(next);
                }
                case IRETURN, LRETURN, FRETURN, DRETURN, ARETURN, RETURN, ATHROW -> leaders.set(next);
                default -> {
                    if (Bytecodes.isConditionalBranch(op)) {
                        leaders.set(s.branchTarget());
                        leaders.set(next);
                    } else if (linkage.traps(s) && (coveredByCaller || isCovered(bci))) {
                        leaders.set(next);
                    }
                }
            }
            bci = next;
        }
        for (ExceptionHandler h : exceptionHandlers) {
            leaders.set(h.getHandlerBCI());
        }
        // Leaders past the end (fall-through after the last instruction) are not blocks.
        leaders.clear(code.length, leaders.length() + 1);
        for (int l = leaders.nextSetBit(0); l >= 0; l = leaders.nextSetBit(l + 1)) {
            if (!instructionStarts.get(l)) {
                throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "jump into the middle of an instruction at " + l);
            }
        }
        return leaders;
    }

    /** Whether a handler of the method covers {@code bci}: the bytecode there is in a try range. */
    public boolean isCovered(int bci) {
        return isCovered(exceptionHandlers, bci);
    }

    /** Whether one of {@code handlers} (a method's exception table) covers {@code bci}: the bytecode there is in a try range. */
    public static boolean isCovered(ExceptionHandler[] handlers, int bci) {
        for (ExceptionHandler h : handlers) {
            if (h.getStartBCI() <= bci && bci < h.getEndBCI()) {
                return true;
            }
        }
        return false;
    }

    private List<BciBlock> makeBlocks(BytecodeStream s, Bits leaders) {
        List<BciBlock> all = new CompilerList<>();
        BciBlock current = null;
        for (int bci = 0; bci < code.length; bci = s.nextBci()) {
            s.at(bci);
            if (leaders.get(bci)) {
                current = new BciBlock(bci);
                all.add(current);
            }
            blockAtBci[bci] = current;
            current.endBci = bci;
        }
        for (int bi = 0; bi < all.size(); bi++) {
            BciBlock b = all.get(bi);
            s.at(b.endBci);
            int op = s.opcode();
            List<Integer> targets = new CompilerList<>(2);
            switch (op) {
                case GOTO, GOTO_W -> targets.add(s.branchTarget());
                case TABLESWITCH, LOOKUPSWITCH -> {
                    targets.add(s.switchDefaultTarget());
                    for (int i = 0; i < s.switchCaseCount(); i++) {
                        targets.add(s.switchTarget(i));
                    }
                }
                case IRETURN, LRETURN, FRETURN, DRETURN, ARETURN, RETURN, ATHROW -> {
                }
                default -> {
                    if (Bytecodes.isConditionalBranch(op)) {
                        targets.add(s.branchTarget());
                    }
                    if (s.nextBci() >= code.length) {
                        throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "control falls off the end of the code");
                    }
                    targets.add(s.nextBci());
                }
            }
            List<BciBlock> succ = new CompilerList<>(targets.size());
            for (int t : targets) {
                if (t < 0 || t >= code.length) {
                    throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "branch target " + t + " outside the code");
                }
                BciBlock tb = blockAtBci[t];
                if (!succ.contains(tb)) {
                    succ.add(tb);
                }
            }
            b.successors = succ.toArray(NONE);
            if (linkage.traps(s)) {
                b.endsInTrap = true;
                b.handlers = handlersAt(b.endBci);
            }
        }
        return all;
    }

    private HandlerEdge[] handlersAt(int bci) {
        List<HandlerEdge> edges = new CompilerList<>();
        for (ExceptionHandler h : exceptionHandlers) {
            if (h.getStartBCI() <= bci && bci < h.getEndBCI()) {
                BciBlock target = blockAtBci[h.getHandlerBCI()];
                target.isHandlerEntry = true;
                JavaType type = h.isCatchAll() ? null : h.getCatchType();
                edges.add(new HandlerEdge(target, type));
                if (type == null) {
                    break; // later entries can never be selected
                }
            }
        }
        return edges.toArray(NO_HANDLERS);
    }

    /** Reachability and reverse postorder, iteratively (bytecode of generated code nests deeply). */
    private List<BciBlock> order(List<BciBlock> all) {
        int n = all.size();
        List<List<BciBlock>> succs = new CompilerList<>(n);
        for (int i = 0; i < n; i++) {
            all.get(i).id = i; // temporary: index into `all`
            succs.add(all.get(i).allSuccessors());
        }
        BciBlock entry = blockAtBci[osrBci >= 0 ? osrBci : 0];
        // Iterative DFS computing postorder; an edge to a block still on the stack is retreating.
        byte[] state = new byte[n]; // 0 = new, 1 = on stack, 2 = done
        List<BciBlock> post = new CompilerList<>(n);
        BciBlock[] stack = new BciBlock[n];
        int[] nextSucc = new int[n];
        int sp = 0;
        stack[sp++] = entry;
        state[entry.id] = 1;
        while (sp > 0) {
            BciBlock b = stack[sp - 1];
            List<BciBlock> ss = succs.get(b.id);
            if (nextSucc[sp - 1] < ss.size()) {
                BciBlock t = ss.get(nextSucc[sp - 1]++);
                if (state[t.id] == 0) {
                    state[t.id] = 1;
                    nextSucc[sp] = 0;
                    stack[sp++] = t;
                } else if (state[t.id] == 1) {
                    t.isLoopHeader = true;
                }
            } else {
                state[b.id] = 2;
                post.add(b);
                sp--;
            }
        }
        List<BciBlock> rpo = new CompilerList<>(post.size() + 1);
        for (int i = post.size() - 1; i >= 0; i--) {
            rpo.add(post.get(i));
        }
        for (int bi = 0; bi < all.size(); bi++) {
            BciBlock b = all.get(bi);
            b.id = -1;
        }
        List<List<BciBlock>> rpoSuccs = new CompilerList<>(rpo.size());
        for (int i = 0; i < rpo.size(); i++) {
            rpoSuccs.add(rpo.get(i).allSuccessors());
        }
        // Predecessors among reachable blocks only.
        for (int i = 0; i < rpo.size(); i++) {
            List<BciBlock> ts = rpoSuccs.get(i);
            for (int ti = 0; ti < ts.size(); ti++) {
                BciBlock t = ts.get(ti);
                t.predecessors.add(rpo.get(i));
                edgeCount++;
            }
        }
        for (int bi = 0; bi < rpo.size(); bi++) {
            BciBlock b = rpo.get(bi);
            if (b.isHandlerEntry) {
                for (int pi = 0; pi < b.predecessors.size(); pi++) {
                    BciBlock p = b.predecessors.get(pi);
                    for (BciBlock normal : p.successors) {
                        if (normal == b) {
                            throw new BailoutException(BailoutException.Reason.HANDLER_REACHED_NORMALLY,
                                            "handler at bci " + b.startBci + " is also reached from bci " + p.endBci);
                        }
                    }
                }
            }
        }
        if (!entry.predecessors.isEmpty() || osrBci >= 0) {
            BciBlock start = new BciBlock(-1);
            start.endBci = -1;
            start.successors = new BciBlock[]{entry};
            entry.predecessors.add(0, start);
            edgeCount++;
            rpo.add(0, start);
        }
        for (int i = 0; i < rpo.size(); i++) {
            rpo.get(i).id = i;
        }
        return CompilerList.copyOf(rpo);
    }

    /**
     * Reducible iff every retreating edge of the depth-first walk goes to a block that dominates its
     * source. Dominators by the Cooper-Harvey-Kennedy iteration over reverse postorder.
     */
    private boolean checkReducible() {
        int[] idom = dominators();
        for (int bi = 0; bi < blocks.size(); bi++) {
            BciBlock b = blocks.get(bi);
            List<BciBlock> succs = b.allSuccessors();
            for (int si = 0; si < succs.size(); si++) {
                BciBlock s = succs.get(si);
                if (s.id <= b.id && !Dominators.dominates(idom, s.id, b.id)) {
                    return false;
                }
            }
        }
        return true;
    }
}
