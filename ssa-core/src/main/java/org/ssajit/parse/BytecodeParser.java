package org.ssajit.parse;

import org.ssajit.util.CompilerList;
import static org.ssajit.bytecode.Bytecodes.*;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.BlockFrequencies;
import org.ssajit.bytecode.BlockMap;
import org.ssajit.bytecode.BlockMap.BciBlock;
import org.ssajit.bytecode.BlockMap.HandlerEdge;
import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.bytecode.FrameShapes;
import org.ssajit.bytecode.FrameShapes.Shape;
import org.ssajit.bytecode.Linkage;
import org.ssajit.bytecode.Liveness;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.LdcRef;
import org.ssajit.ir.MethodLock;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Stamps;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;
import org.ssajit.opt.NodeFactory;
import org.ssajit.options.OptionKey;
import org.ssajit.ssa.SsaConstruction;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Translates the bytecode of one block into IR. Locals, operand-stack slots and lock slots are all
 * frame variables read and written through an {@link SsaConstruction}; the parser never holds a value
 * across blocks, which is what lets javac's habit of leaving values on the stack across branches
 * ({@code a ? b : c}) work without special cases. Every instruction goes through the {@link NodeFactory}.
 *
 * <p>Variables are numbered {@code [0, maxLocals)} for locals, then stack slots, then lock slots, as in
 * {@link Liveness}, from the {@link ParseScope}'s base: each method parsed into the graph has its own
 * namespace. A long or double lives in the variable of its first slot.
 */
public final class BytecodeParser {
    /** The fewest runs of a branch after which a side never taken is trusted to stay so (C2's bar too). */
    public static final int UNTAKEN_MIN_COUNT = 40;
    /**
     * Whether a side of a conditional branch that the method's profile counted never taken (over at
     * least {@link #UNTAKEN_MIN_COUNT} runs of the branch) deoptimizes instead of being compiled, as
     * C2's unstable if: the rest of that path is not parsed, and the paths that remain merge fewer
     * values. Taken, the trap invalidates the code and the method is profiled again; a method that
     * has deoptimized so once gets no such trap in its later compiles.
     */
    public static final OptionKey<Boolean> UNTAKEN_BRANCH_TRAPS = OptionKey.bool("UntakenBranchTraps", true,
                    "Compile a side of a conditional branch that the profile counted never taken (over at least " + UNTAKEN_MIN_COUNT
                                    + " runs of the branch) as a deoptimization: taken, the code is invalidated, the method profiled again and "
                                    + "compiled without it. false: every side is compiled.");

    /** Receives every control-flow edge the parser creates, in creation order. */
    public interface EdgeSink {
        void edge(Block from, Block to);
    }

    private final Graph graph;
    private final BlockMap map;
    private final FrameShapes shapes;
    private final Liveness liveness;
    private final Linkage linkage;
    private final NodeFactory factory;
    private final SsaConstruction ssa;
    private final Providers providers;
    private final ParseScope scope;
    private final Block[] irBlocks;
    private final EdgeSink edges;
    private final ResolvedJavaMethod method;
    private final BytecodeStream s;
    private final int maxLocals;
    private boolean statesNameAllLocals;

    // Per-block parsing state.
    private BciBlock bciBlock;
    private Block block;
    private byte[] localTags;
    private byte[] stackTags;
    private int sp;
    private int locks;
    /** Parses callees into this graph ({@link BuildOptions#inline()}); null: every call stays a call. */
    private Inliner inliner;
    /** In an inlined method: the caller's block its returns go to, and the caller's variable for the result (-1: void). */
    private Block continuation;
    private int resultVariable = -1;
    /** The rest of the current bytecode block cannot be reached: an inlined callee never returns. */
    private boolean unreachable;
    /** The locks held before the current block's last bytecode: what its exception edges leave held. */
    private int locksAtEnd;
    /** An inlined synchronized method's own lock (its receiver or its class's mirror), else null. */
    private Value methodLock;
    /**
     * An inlined synchronized method's handler of last resort, made at its first use: it releases the
     * method's lock and throws the exception on from the call, to the caller's handlers ({@link #unlockAndRethrow}).
     */
    private Block unlockHandler;

    /** Inlining, as the graph builder does it: the policy and the parse of a callee into the caller's graph. */
    public interface Inliner {
        /**
         * The callee to inline at {@code cs} ({@link Inlining#select}), or null; {@code frequency}: how
         * often the call runs per entry into the compiled method ({@link BlockFrequencies}; NaN if unknown).
         */
        Inlining.Choice select(Linkage.CallSite cs, Value[] args, FrameState callerState, double frequency);

        /**
         * The callees to inline at {@code cs} for the receiver classes its profile saw, each guarded
         * ({@link Inlining#selectByProfile}); empty if none.
         */
        java.util.List<Inlining.Choice> selectByProfile(Linkage.CallSite cs, Value[] args, FrameState callerState, boolean inTryRange, double frequency);

        /**
         * Whether the last {@link #selectByProfile}'s callees are every receiver class the profile saw,
         * so that any other receiver may deoptimize instead of calling ({@link Inlining#exhaustive}).
         */
        boolean exhaustive();

        /** {@code cs}'s target itself, to inline, or null ({@link Inlining#selectExactly}). */
        Inlining.Choice selectExactly(Linkage.CallSite cs, FrameState callerState, double frequency, String how);

        /**
         * Parses {@code callee} into the graph: ends {@code call} with a jump to the callee's entry,
         * whose locals are {@code args}; the callee's returns write {@code resultVariable} and jump to
         * {@code continuation}, which the caller seals once every edge into it is there; its frame
         * states chain {@code outer}; what its own handlers do not take goes to {@code outerHandlers}
         * ({@link ParseScope#outerHandlers()}). Once it is parsed, the graph records {@code assumption}
         * (if not null), on which the choice of the callee rests; the callee is entered
         * {@code frequency} times per entry into the compiled method.
         */
        void parse(FrontEnd callee, Value[] args, FrameState outer, java.util.List<Handler> outerHandlers, Block call, Block continuation, int resultVariable,
                        jdk.vm.ci.meta.Assumptions.Assumption assumption, double frequency);

        /**
         * The bytecode analyses of a callee ({@link FrontEnd#analyze}, or
         * {@link FrontEnd#analyzeCoveredByCaller} for a call inside a try range), made once per compile
         * however often it is inlined; a BailoutException if its bytecode cannot be analyzed.
         */
        FrontEnd analyze(ResolvedJavaMethod callee, boolean coveredByCaller);

        /** A new block of the method that {@code like} belongs to, at {@code bci} (the call's blocks). */
        Block newBlock(Block like, int bci);

        /** Seals {@code b}: every predecessor it will have is there. */
        void seal(Block b);

        /** Whether the policy reads the calls' frequencies ({@link Inlining#readsFrequencies}); if not, they are not estimated. */
        boolean readsFrequencies();

        /** Why the last {@link #select} chose nothing, or what the last {@link #selectByProfile} did ({@link Inlining#reason}). */
        String reason();

        /**
         * Records what became of the call {@code cs} at {@code bci} of the method of
         * {@code callerState} ({@link org.ssajit.ir.InliningDecision}), before the callee is parsed.
         */
        void decided(Linkage.CallSite cs, FrameState callerState, int bci, boolean inlined, String why);
    }

    public BytecodeParser(Graph graph, ParseScope scope, NodeFactory factory, SsaConstruction ssa, Providers providers, EdgeSink edges) {
        this.graph = graph;
        this.scope = scope;
        this.map = scope.frontEnd().blocks();
        this.shapes = scope.frontEnd().shapes();
        this.liveness = scope.frontEnd().liveness();
        this.linkage = scope.frontEnd().linkage();
        this.factory = factory;
        this.ssa = ssa;
        this.providers = providers;
        this.irBlocks = scope.blocks();
        this.edges = edges;
        this.method = map.method();
        this.s = new BytecodeStream(map.code());
        this.maxLocals = shapes.maxLocals();
    }

    public void setInliner(Inliner inliner) {
        this.inliner = inliner;
    }

    /** Field reads that are constants fold to their values ({@link ConstantFields}); null: none fold. */
    private ConstantFields constantFields;

    void setConstantFields(ConstantFields c) {
        this.constantFields = c;
    }

    /** This parses an inlined method: its returns write the caller's {@code resultVariable} (unless -1) and jump to {@code continuation}. */
    void setInlinedReturn(Block continuation, int resultVariable) {
        this.continuation = continuation;
        this.resultVariable = resultVariable;
    }

    /**
     * An inlined method's entry: its locals are the call's arguments (receiver first), long and double
     * taking two slots. A synchronized method then locks its receiver or its class's mirror
     * ({@link MethodLock}), with the state at bci 0 holding the lock, as the interpreter's frame is
     * once it has entered the method.
     */
    void writeArguments(Block entry, Value[] args) {
        int slot = 0;
        Value[] locals = new Value[maxLocals];
        for (Value a : args) {
            ssa.writeVariable(scope.local(slot), entry, a);
            locals[slot] = a;
            slot += a.kind().getSlotCount();
        }
        if (method.isSynchronized()) {
            methodLock = method.isStatic() ? graph.constant(providers.constantReflection().asJavaClass(method.getDeclaringClass())) : args[0];
            ssa.writeVariable(scope.lockSlot(0), entry, methodLock);
            FrameState held = new FrameState(method, 0, locals, new Value[0], new Value[]{methodLock}, scope.callerState());
            factory.setBlock(entry);
            factory.emitSideEffect(new Instruction(graph, Op.MONITOR_ENTER, JavaKind.Void, MethodLock.INSTANCE, 0, methodLock), held);
        }
    }

    /**
     * After an inlined method's parse: its handler of last resort ({@link #unlockAndRethrow}), if it
     * has one, has all its predecessors.
     */
    void finishInlined() {
        if (unlockHandler != null) {
            inliner.seal(unlockHandler);
        }
    }

    /** Whether never-taken branch sides deoptimize ({@link BuildOptions#untakenBranchTraps()}). */
    private boolean untakenBranchTraps;
    /** This method's profile ({@link #branchProfile()}), read once; {@link #noProfile} once it is known to have none. */
    private jdk.vm.ci.meta.ProfilingInfo branchProfile;
    private boolean noProfile;
    /** {@link #untakenSide} of the bytecode being parsed, decided once (the profile's counts move while the parse reads them). */
    private int untakenAtBranch;

    public void setUntakenBranchTraps(boolean v) {
        untakenBranchTraps = v;
    }

    /** The experiment of {@link BuildOptions#statesNameAllLocals()}. */
    public void setStatesNameAllLocals(boolean v) {
        statesNameAllLocals = v;
    }

    /**
     * Writes the incoming arguments (and a synchronized method's own lock) into the entry block's
     * variables.
     */
    public void writeParameters(Block entry) {
        int slot = 0;
        int index = 0;
        Value receiver = null;
        if (!method.isStatic()) {
            receiver = graph.addParameter(index++, JavaKind.Object, true);
            ssa.writeVariable(scope.local(slot++), entry, receiver);
        }
        var sig = method.getSignature();
        for (int i = 0; i < sig.getParameterCount(false); i++) {
            JavaKind k = sig.getParameterKind(i).getStackKind();
            ssa.writeVariable(scope.local(slot), entry, graph.addParameter(index++, k, false));
            slot += k.getSlotCount();
        }
        if (method.isSynchronized()) {
            Value lock = receiver != null ? receiver : graph.constant(providers.constantReflection().asJavaClass(method.getDeclaringClass()));
            ssa.writeVariable(scope.lockSlot(0), entry, lock);
        }
    }

    /** Whether this parses an on-stack-replacement compile ({@link BlockMap#osrBci()}). */
    public boolean isOsr() {
        return map.osrBci() >= 0;
    }

    /**
     * The entry of an on-stack-replacement compile: an {@link Op#OSR_LOCAL} for every local that holds
     * a value at the OSR bci and is live there, written into the start block's variables. Dead locals
     * are not read, so they neither cost a load nor reach a frame state.
     */
    public void writeOsrLocals(Block start, BciBlock header) {
        factory.setBlock(start);
        Shape shape = shapes.entry(header);
        for (int i = 0; i < maxLocals; i++) {
            byte tag = shape.locals[i];
            if (tag == FrameShapes.TOP || tag == FrameShapes.HIGH || !liveness.isLiveIn(header, i)) {
                continue;
            }
            JavaKind k = FrameShapes.kindOf(tag);
            ssa.writeVariable(scope.local(i), start, factory.emitSideEffect(new Instruction(graph, Op.OSR_LOCAL, k, i, header.startBci()), null));
        }
        // The monitors the interpreter frame holds (a synchronized method's own first), taken over too.
        graph.setOsrLocks(shape.locks);
        for (int d = 0; d < shape.locks; d++) {
            ssa.writeVariable(scope.lockSlot(d), start, factory.emitSideEffect(new Instruction(graph, Op.OSR_LOCK, JavaKind.Object, d, header.startBci()), null));
        }
    }

    /** Parses one block: its instructions, its terminator and its exception edges. */
    public void parseBlock(BciBlock bb) {
        graph.faults().point("SSA construction");
        bciBlock = bb;
        block = irBlocks[bb.id()];
        factory.setBlock(block);
        Shape entry = shapes.entry(bb);
        if (localTags == null) {
            localTags = entry.locals.clone();
            stackTags = entry.stack.clone();
        } else {
            System.arraycopy(entry.locals, 0, localTags, 0, localTags.length);
            System.arraycopy(entry.stack, 0, stackTags, 0, stackTags.length);
        }
        sp = entry.sp;
        locks = entry.locks;
        if (bb.isSynthetic()) {
            terminate(new Goto(-1, irBlocks[bb.successors()[0].id()]), null);
            return;
        }
        if (bb.isHandlerEntry()) {
            sp = 0;
            push(factory.emitSideEffect(new Instruction(graph, Op.EXCEPTION_OBJECT, JavaKind.Object, null, bb.startBci()), null));
        }
        int appendedBeforeLast = 0;
        for (int bci = bb.startBci(); bci <= bb.endBci(); bci = s.nextBci()) {
            s.at(bci);
            if (bci == bb.endBci()) {
                appendedBeforeLast = block.instructions().size();
                locksAtEnd = locks;
            }
            untakenAtBranch = untakenSide();
            FrameState state = Liveness.needsFrameState(s, linkage) || untakenAtBranch != 0 ? captureState(bci) : null;
            parseInstruction(state);
            if (unreachable) {
                // An inlined callee never returned: the rest of the block, and its exits, are dead.
                unreachable = false;
                return;
            }
            if (block.terminator() != null && bci != bb.endBci()) {
                throw new BailoutException(BailoutException.Reason.INTERNAL_ERROR, "block terminated before its end at bci " + bci);
            }
        }
        if (block.terminator() == null) {
            // Falls through into the next block (a leader follows).
            terminate(new Goto(-1, irBlocks[bb.successors()[0].id()]), null);
        }
        if (bb.handlers().length > 0 || bb.endsInTrap() && (!scope.outerHandlers().isEmpty() || methodLock != null)) {
            addExceptionEdges(bb, appendedBeforeLast);
        }
    }

    /**
     * The block's last bytecode can throw inside a try range. Exceptions leave from it with the state at
     * the end of the block (it writes no local); the instruction that carries the edge is marked. Its
     * handlers are this method's that cover it, then its callers' ({@link #handlersAt}).
     */
    private void addExceptionEdges(BciBlock bb, int appendedBeforeLast) {
        java.util.List<Handler> handlers = handlersAt(bb);
        if (handlers.isEmpty()) {
            return; // only callers' handlers cover it, and the frame holds a lock there
        }
        var list = block.instructions();
        if (list.size() > appendedBeforeLast) {
            Instruction last = list.get(list.size() - 1);
            if (last.canThrow() && last.bci() == bb.endBci()) {
                last.setExceptionEdge(true);
            }
        }
        for (Handler h : handlers) {
            addHandler(block, h);
        }
    }

    /** Gives {@code b} handler {@code h}, after those it has, and an edge to its target unless it has one. */
    private void addHandler(Block b, Handler h) {
        boolean seen = false;
        for (var existing : b.handlers()) {
            seen |= existing.target() == h.target();
        }
        b.addHandler(h);
        if (!seen) {
            edges.edge(b, h.target());
        }
    }

    /**
     * The handlers an exception of {@code bb}'s last bytecode is offered to, in order: this method's
     * that cover it (exception-table order), then, unless one of those catches everything, those of
     * the calls this method is inlined at ({@link ParseScope#outerHandlers()}), as the interpreter
     * unwinds into its callers' frames. The interpreter releases the locks of a frame it unwinds;
     * compiled code does not, so where the frame holds a lock besides a synchronized method's own,
     * the callers' handlers are not offered (the exception deoptimizes, and the interpreter unwinds).
     * An inlined synchronized method offers its handler of last resort instead, which releases its
     * lock and offers the callers' handlers ({@link #unlockAndRethrow}).
     */
    private java.util.List<Handler> handlersAt(BciBlock bb) {
        java.util.List<Handler> all = new CompilerList<>(bb.handlers().length + scope.outerHandlers().size());
        for (HandlerEdge h : bb.handlers()) {
            all.add(new Handler(irBlocks[h.target().id()], h.catchType()));
            if (h.catchType() == null) {
                return all;
            }
        }
        if (!bb.endsInTrap() || continuation == null) {
            return all;
        }
        if (methodLock != null) {
            if (locksAtEnd == 1) {
                all.add(new Handler(unlockAndRethrow(), null, true));
            }
        } else if (locksAtEnd == 0) {
            all.addAll(scope.outerHandlers());
        }
        return all;
    }

    /**
     * An inlined synchronized method's handler of last resort, catching everything its own handlers
     * do not where it holds only its own lock: the caught exception, the method's unlock (its state
     * the method's at bci 0, the lock held: a stack walk meanwhile sees a frame that holds it; the
     * unlock never deoptimizes), then a throw of the exception from the call, offered to the caller's
     * handlers at the call. With none, or none taking it, the exception leaves the compiled frame, or
     * the frame deoptimizes with the interpreter to throw it at the call.
     */
    private Block unlockAndRethrow() {
        if (unlockHandler == null) {
            Block current = block;
            unlockHandler = inliner.newBlock(block, 0);
            factory.setBlock(unlockHandler);
            Value e = factory.emitSideEffect(new Instruction(graph, Op.EXCEPTION_OBJECT, JavaKind.Object, null, 0), null);
            FrameState held = new FrameState(method, 0, new Value[maxLocals], new Value[0], new Value[]{methodLock}, scope.callerState());
            factory.emitSideEffect(new Instruction(graph, Op.MONITOR_EXIT, JavaKind.Void, MethodLock.INSTANCE, 0, methodLock), held);
            FrameState outer = scope.callerState();
            Throw t = new Throw(outer.bci(), e);
            t.setState(outer.rethrowing(e));
            unlockHandler.setTerminator(t);
            for (Handler h : scope.outerHandlers()) {
                addHandler(unlockHandler, h);
            }
            factory.setBlock(current);
        }
        return unlockHandler;
    }

    // Frame variables -----------------------------------------------------------------------------

    private int stackVariable(int slot) {
        return scope.stackSlot(slot);
    }

    private Value pop(JavaKind kind) {
        sp -= kind.getSlotCount();
        return ssa.readVariable(stackVariable(sp), block, kind);
    }

    private void push(Value v) {
        JavaKind k = v.kind();
        byte tag = FrameShapes.tagOf(k);
        ssa.writeVariable(stackVariable(sp), block, v);
        stackTags[sp] = tag;
        if (k.needsTwoSlots()) {
            stackTags[sp + 1] = FrameShapes.HIGH;
        }
        sp += k.getSlotCount();
    }

    private Value loadLocal(int index, JavaKind kind) {
        return ssa.readVariable(scope.local(index), block, kind);
    }

    private void storeLocal(int index, Value v) {
        ssa.writeVariable(scope.local(index), block, v);
        FrameShapes.setLocalTag(localTags, index, FrameShapes.tagOf(v.kind()));
    }

    /** The state before the current bytecode: live locals, the whole operand stack, the locks. */
    private FrameState captureState(int bci) {
        // A conditional branch that is no state point of its own (a forward one, a side deoptimizing)
        // ends its block and reads and writes no local: the block's live-out.
        long[] live = untakenAtBranch != 0 && !Liveness.needsFrameState(s, linkage) ? liveness.liveLocalsAtEnd(bciBlock) : liveness.liveLocalsAt(bciBlock, bci);
        // One array, [locals..., stack..., locks...], that the state takes over.
        Value[] all = new Value[maxLocals + sp + locks];
        Value[] locals = all;
        for (int i = 0; i < maxLocals; i++) {
            if (statesNameAllLocals && FrameShapes.kindOf(localTags[i]) != null) {
                locals[i] = ssa.readVariable(scope.local(i), block, FrameShapes.kindOf(localTags[i]));
            } else if (Liveness.get(live, i)) {
                JavaKind k = FrameShapes.kindOf(localTags[i]);
                if (k == null) {
                    throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "local " + i + " is live at bci " + bci + " but holds no value");
                }
                locals[i] = ssa.readVariable(scope.local(i), block, k);
            }
        }
        for (int i = 0; i < sp; i++) {
            if (stackTags[i] != FrameShapes.HIGH) {
                all[maxLocals + i] = ssa.readVariable(stackVariable(i), block, FrameShapes.kindOf(stackTags[i]));
            }
        }
        for (int i = 0; i < locks; i++) {
            all[maxLocals + sp + i] = ssa.readVariable(scope.lockSlot(i), block, JavaKind.Object);
        }
        return new FrameState(method, bci, all, maxLocals, sp, locks, scope.callerState());
    }

    // Instructions ----------------------------------------------------------------------------------

    private void parseInstruction(FrameState state) {
        int op = s.opcode();
        int bci = s.bci();
        switch (op) {
            case NOP -> {
            }
            case ACONST_NULL -> push(graph.nullConstant());
            case ICONST_M1, ICONST_0, ICONST_1, ICONST_2, ICONST_3, ICONST_4, ICONST_5 -> push(graph.intConstant(op - ICONST_0));
            case LCONST_0, LCONST_1 -> push(graph.longConstant(op - LCONST_0));
            case FCONST_0, FCONST_1, FCONST_2 -> push(graph.constant(JavaConstant.forFloat(op - FCONST_0)));
            case DCONST_0, DCONST_1 -> push(graph.constant(JavaConstant.forDouble(op - DCONST_0)));
            case BIPUSH, SIPUSH -> push(graph.intConstant(s.immediate()));
            case LDC, LDC_W, LDC2_W -> ldc(state);
            case ILOAD, LLOAD, FLOAD, DLOAD, ALOAD -> push(loadLocal(s.localIndex(), kindOfLoadStore(op - ILOAD)));
            case ILOAD_0, ILOAD_1, ILOAD_2, ILOAD_3, LLOAD_0, LLOAD_1, LLOAD_2, LLOAD_3, FLOAD_0, FLOAD_1, FLOAD_2, FLOAD_3, DLOAD_0, DLOAD_1, DLOAD_2, DLOAD_3,
                            ALOAD_0, ALOAD_1, ALOAD_2, ALOAD_3 -> push(loadLocal((op - ILOAD_0) % 4, kindOfLoadStore((op - ILOAD_0) / 4)));
            case ISTORE, LSTORE, FSTORE, DSTORE, ASTORE -> storeLocal(s.localIndex(), pop(kindOfLoadStore(op - ISTORE)));
            case ISTORE_0, ISTORE_1, ISTORE_2, ISTORE_3, LSTORE_0, LSTORE_1, LSTORE_2, LSTORE_3, FSTORE_0, FSTORE_1, FSTORE_2, FSTORE_3, DSTORE_0, DSTORE_1,
                            DSTORE_2, DSTORE_3, ASTORE_0, ASTORE_1, ASTORE_2, ASTORE_3 -> storeLocal((op - ISTORE_0) % 4, pop(kindOfLoadStore((op - ISTORE_0) / 4)));
            case IALOAD, LALOAD, FALOAD, DALOAD, AALOAD, BALOAD, CALOAD, SALOAD -> {
                JavaKind elem = arrayElementKind(op - IALOAD);
                Value index = pop(JavaKind.Int);
                Value array = pop(JavaKind.Object);
                push(factory.loadIndexed(elem, array, index, bci, state));
            }
            case IASTORE, LASTORE, FASTORE, DASTORE, AASTORE, BASTORE, CASTORE, SASTORE -> {
                JavaKind elem = arrayElementKind(op - IASTORE);
                Value value = pop(elem.getStackKind());
                Value index = pop(JavaKind.Int);
                Value array = pop(JavaKind.Object);
                factory.storeIndexed(elem, array, index, value, bci, state);
            }
            case POP -> sp -= 1;
            case POP2 -> sp -= 2;
            case DUP, DUP_X1, DUP_X2, DUP2, DUP2_X1, DUP2_X2, SWAP -> shuffle(op);
            case IADD, LADD, FADD, DADD -> arithmetic(Op.ADD, op - IADD, state);
            case ISUB, LSUB, FSUB, DSUB -> arithmetic(Op.SUB, op - ISUB, state);
            case IMUL, LMUL, FMUL, DMUL -> arithmetic(Op.MUL, op - IMUL, state);
            case IDIV, LDIV, FDIV, DDIV -> arithmetic(Op.DIV, op - IDIV, state);
            case IREM, LREM, FREM, DREM -> arithmetic(Op.REM, op - IREM, state);
            case INEG, LNEG, FNEG, DNEG -> {
                JavaKind k = arithmeticKind(op - INEG);
                push(factory.negate(k, pop(k), bci));
            }
            case ISHL, LSHL -> shift(Op.SHL, op == LSHL);
            case ISHR, LSHR -> shift(Op.SHR, op == LSHR);
            case IUSHR, LUSHR -> shift(Op.USHR, op == LUSHR);
            case IAND, LAND -> arithmetic(Op.AND, op == LAND ? 1 : 0, state);
            case IOR, LOR -> arithmetic(Op.OR, op == LOR ? 1 : 0, state);
            case IXOR, LXOR -> arithmetic(Op.XOR, op == LXOR ? 1 : 0, state);
            case IINC -> {
                int index = s.localIndex();
                Value v = loadLocal(index, JavaKind.Int);
                storeLocal(index, factory.binary(Op.ADD, JavaKind.Int, v, graph.intConstant(s.iincDelta()), bci, null));
            }
            case I2L -> convert(Op.I2L);
            case I2F -> convert(Op.I2F);
            case I2D -> convert(Op.I2D);
            case L2I -> convert(Op.L2I);
            case L2F -> convert(Op.L2F);
            case L2D -> convert(Op.L2D);
            case F2I -> convert(Op.F2I);
            case F2L -> convert(Op.F2L);
            case F2D -> convert(Op.F2D);
            case D2I -> convert(Op.D2I);
            case D2L -> convert(Op.D2L);
            case D2F -> convert(Op.D2F);
            case I2B -> convert(Op.I2B);
            case I2C -> convert(Op.I2C);
            case I2S -> convert(Op.I2S);
            case LCMP -> compare(Op.LCMP);
            case FCMPL -> compare(Op.FCMPL);
            case FCMPG -> compare(Op.FCMPG);
            case DCMPL -> compare(Op.DCMPL);
            case DCMPG -> compare(Op.DCMPG);
            case IFEQ, IFNE, IFLT, IFGE, IFGT, IFLE -> branch(condition(op - IFEQ), pop(JavaKind.Int), graph.intConstant(0), state);
            case IF_ICMPEQ, IF_ICMPNE, IF_ICMPLT, IF_ICMPGE, IF_ICMPGT, IF_ICMPLE -> {
                Value y = pop(JavaKind.Int);
                Value x = pop(JavaKind.Int);
                branch(condition(op - IF_ICMPEQ), x, y, state);
            }
            case IF_ACMPEQ, IF_ACMPNE -> {
                Value y = pop(JavaKind.Object);
                Value x = pop(JavaKind.Object);
                branch(op == IF_ACMPEQ ? Condition.EQ : Condition.NE, x, y, state);
            }
            case IFNULL, IFNONNULL -> branch(op == IFNULL ? Condition.EQ : Condition.NE, pop(JavaKind.Object), graph.nullConstant(), state);
            case GOTO, GOTO_W -> terminate(new Goto(bci, blockAt(s.branchTarget())), state);
            case TABLESWITCH, LOOKUPSWITCH -> switchInstruction(state);
            case IRETURN -> returnValue(pop(JavaKind.Int), state);
            case LRETURN -> returnValue(pop(JavaKind.Long), state);
            case FRETURN -> returnValue(pop(JavaKind.Float), state);
            case DRETURN -> returnValue(pop(JavaKind.Double), state);
            case ARETURN -> returnValue(pop(JavaKind.Object), state);
            case RETURN -> returnValue(null, state);
            case GETSTATIC -> {
                JavaField f = linkage.field(s);
                JavaConstant c = constantFields == null ? null : constantFields.readStatic(f);
                if (c != null) {
                    push(graph.constant(c));
                    dropState(state);
                } else {
                    push(factory.loadField(new FieldRef(f, true), null, bci, state));
                }
            }
            case PUTSTATIC -> {
                JavaField f = linkage.field(s);
                Value v = pop(f.getJavaKind().getStackKind());
                factory.storeField(new FieldRef(f, true), null, v, bci, state);
            }
            case GETFIELD -> {
                JavaField f = linkage.field(s);
                Value object = pop(JavaKind.Object);
                JavaConstant c = constantFields == null || !(object instanceof Constant o) ? null : constantFields.readInstance(f, o.value());
                if (c != null) {
                    push(graph.constant(c));
                    dropState(state);
                } else {
                    push(factory.loadField(new FieldRef(f, false), object, bci, state));
                }
            }
            case PUTFIELD -> {
                JavaField f = linkage.field(s);
                Value v = pop(f.getJavaKind().getStackKind());
                Value object = pop(JavaKind.Object);
                factory.storeField(new FieldRef(f, false), object, v, bci, state);
            }
            case INVOKEVIRTUAL, INVOKESPECIAL, INVOKESTATIC, INVOKEINTERFACE, INVOKEDYNAMIC -> invoke(state);
            case NEW -> push(factory.emitSideEffect(new Instruction(graph, Op.NEW_INSTANCE, JavaKind.Object, linkage.type(s), bci), state));
            case NEWARRAY -> {
                Value length = pop(JavaKind.Int);
                ResolvedJavaType elem = providers.metaAccess().lookupJavaType(primitiveArrayElement(s.newArrayTypeCode()));
                push(factory.emitSideEffect(new Instruction(graph, Op.NEW_ARRAY, JavaKind.Object, elem, bci, length), state));
            }
            case ANEWARRAY -> {
                Value length = pop(JavaKind.Int);
                push(factory.emitSideEffect(new Instruction(graph, Op.NEW_ARRAY, JavaKind.Object, linkage.type(s), bci, length), state));
            }
            case MULTIANEWARRAY -> {
                Value[] dims = new Value[s.multiNewArrayDimensions()];
                for (int i = dims.length - 1; i >= 0; i--) {
                    dims[i] = pop(JavaKind.Int);
                }
                push(factory.emitSideEffect(new Instruction(graph, Op.NEW_MULTI_ARRAY, JavaKind.Object, linkage.type(s), bci, dims), state));
            }
            case ARRAYLENGTH -> push(factory.arrayLength(pop(JavaKind.Object), bci, state));
            case ATHROW -> terminate(new Throw(bci, pop(JavaKind.Object)), state);
            case CHECKCAST -> {
                Value object = pop(JavaKind.Object);
                if (factory.optimizing() && constantPassesCheckcast(object, linkage.type(s))) {
                    // A constant that passes: what a lambda form does to its constant handle, whose
                    // final fields then fold (ConstantFields).
                    dropState(state);
                    push(object);
                } else {
                    push(factory.emitSideEffect(new Instruction(graph, Op.CHECKCAST, JavaKind.Object, linkage.type(s), bci, object), state));
                }
            }
            case INSTANCEOF -> {
                Value object = pop(JavaKind.Object);
                push(factory.emitSideEffect(new Instruction(graph, Op.INSTANCEOF, JavaKind.Int, linkage.type(s), bci, object), state));
            }
            case MONITORENTER -> {
                Value object = pop(JavaKind.Object);
                factory.emitSideEffect(new Instruction(graph, Op.MONITOR_ENTER, JavaKind.Void, null, bci, object), state);
                ssa.writeVariable(scope.lockSlot(locks), block, object);
                locks++;
            }
            case MONITOREXIT -> {
                Value object = pop(JavaKind.Object);
                factory.emitSideEffect(new Instruction(graph, Op.MONITOR_EXIT, JavaKind.Void, null, bci, object), state);
                locks--;
            }
            default -> throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "unexpected " + nameOf(op) + " at bci " + bci);
        }
    }

    private void ldc(FrameState state) {
        Linkage.Ldc c = linkage.ldc(s);
        Object v = c.value();
        if (v instanceof JavaConstant jc) {
            dropState(state);
            push(graph.constant(jc));
        } else if (v instanceof ResolvedJavaType t) {
            dropState(state);
            push(graph.constant(providers.constantReflection().asJavaClass(t)));
        } else {
            LdcRef ref = new LdcRef(linkage.pool(), c.cpi(), s.opcode(), "cp#" + c.cpi());
            push(factory.emitSideEffect(new Instruction(graph, Op.LOAD_CONSTANT, c.kind(), ref, s.bci()), state));
        }
    }

    /**
     * A return: the compiled method's, or an inlined method's, which narrows a boolean, byte, char or
     * short result as {@code ireturn} does and goes on in the caller. {@code Object.<init>}'s return,
     * compiled or inlined, first registers an object whose class may have a finalizer.
     */
    private void returnValue(Value v, FrameState state) {
        if (method.isConstructor() && method.getDeclaringClass().isJavaLangObject()) {
            registerFinalizer(loadLocal(0, JavaKind.Object));
        }
        if (continuation == null) {
            terminate(new Return(s.bci(), v), state);
            return;
        }
        dropState(state);
        if (methodLock != null) {
            // The interpreter's return unlocks, with the value on the stack and the lock held.
            Value[] stack = v == null ? new Value[0] : new Value[v.kind().getSlotCount()];
            if (v != null) {
                stack[0] = v;
            }
            FrameState before = new FrameState(method, s.bci(), new Value[maxLocals], stack, new Value[]{methodLock}, scope.callerState());
            factory.emitSideEffect(new Instruction(graph, Op.MONITOR_EXIT, JavaKind.Void, MethodLock.INSTANCE, s.bci(), methodLock), before);
        }
        if (v != null) {
            ssa.writeVariable(resultVariable, block, narrowReturn(v));
        }
        if (method.isConstructor() && Inlining.declaresFinalInstanceField(method.getDeclaringClass())) {
            factory.emitSideEffect(new Instruction(graph, Op.FREEZE, JavaKind.Void, null, s.bci()), null);
        }
        terminate(new Goto(-1, continuation), null);
    }

    /**
     * {@code Object.<init>}'s return registers {@code receiver} if its class has a finalizer (the
     * interpreter's {@code _return_register_finalizer}), unless {@link Inlining#registersFinalizer}
     * knows it has none. The registration's state is the interpreter's before the return, the receiver
     * in local 0: deoptimizing there (the VM failed to register it: out of memory), the interpreter's
     * return registers it.
     */
    private void registerFinalizer(Value receiver) {
        if (!Inlining.registersFinalizer(method, receiver)) {
            return;
        }
        Value[] locals = new Value[maxLocals];
        locals[0] = receiver;
        FrameState before = new FrameState(method, s.bci(), locals, new Value[0], new Value[0], scope.callerState());
        factory.emitSideEffect(new Instruction(graph, Op.REGISTER_FINALIZER, JavaKind.Void, null, s.bci(), receiver), before);
    }

    private Value narrowReturn(Value v) {
        JavaKind declared = method.getSignature().getReturnKind();
        if (declared.getStackKind() != JavaKind.Int || declared == JavaKind.Int || v.stamp().fitsIn(declared)
                        || declared == JavaKind.Boolean && NodeFactory.fitsInLowBits(v, 1) || declared == JavaKind.Char && NodeFactory.fitsInLowBits(v, 0xffff)) {
            return v;
        }
        return switch (declared) {
            case Boolean -> factory.binary(Op.AND, JavaKind.Int, v, graph.intConstant(1), s.bci(), null);
            case Byte -> factory.convert(Op.I2B, v, s.bci());
            case Char -> factory.convert(Op.I2C, v, s.bci());
            case Short -> factory.convert(Op.I2S, v, s.bci());
            default -> throw new IllegalStateException("no narrowing to " + declared);
        };
    }

    private void invoke(FrameState state) {
        Linkage.CallSite cs = linkage.callSite(s);
        JavaKind[] kinds = cs.argumentKinds();
        int n = kinds.length + (cs.appendix() != null ? 1 : 0);
        Value[] args = new Value[n];
        for (int i = kinds.length - 1; i >= 0; i--) {
            args[i] = pop(kinds[i]);
        }
        if (cs.appendix() != null) {
            args[n - 1] = graph.constant(cs.appendix());
        }
        if (factory.optimizing() && cs.appendix() == null && cs.target() instanceof ResolvedJavaMethod q) {
            Value v = methodHandleIntrinsic(q, cs.opcode(), args, state);
            if (v != null) {
                push(v);
                return;
            }
        }
        if (factory.optimizing() && inliner != null && state != null && !map.isThrowBound(bciBlock) && inlineMethodHandleCall(cs, args, state)) {
            return;
        }
        if (factory.optimizing() && cs.appendix() == null && cs.target() instanceof ResolvedJavaMethod m) {
            boolean[] checked = {false};
            Value r = Intrinsics.expand(m, cs.opcode(), args, factory, s.bci(), new Intrinsics.Receiver() {
                @Override
                public boolean check(Value receiver) {
                    if (!mayBeNull(receiver)) {
                        return true;
                    }
                    if (state == null) {
                        return false;
                    }
                    factory.emitSideEffect(new Instruction(graph, Op.RECEIVER_CHECK, JavaKind.Void, null, s.bci(), receiver), state);
                    checked[0] = true;
                    return true;
                }

                @Override
                public JavaConstant exactClass(Value receiver) {
                    ResolvedJavaType t = exactType(receiver);
                    return t == null ? null : providers.constantReflection().asJavaClass(t);
                }
            });
            if (r != null) {
                if (!checked[0]) {
                    dropState(state);
                }
                if (cs.returnKind() != JavaKind.Void) {
                    push(r);
                }
                return;
            }
        }
        // A call on a path that only throws (a failed check building its exception) stays a call:
        // code and inlining budget go to the paths that run (BlockMap#isThrowBound).
        double frequency = Double.NaN;
        if (inliner != null && state != null && map.isThrowBound(bciBlock)) {
            inliner.decided(cs, state, s.bci(), false, "on a path that only throws");
        } else if (inliner != null && state != null) {
            boolean inTry = inTryRange(s.bci());
            frequency = callFrequency();
            Inlining.Choice callee = inliner.select(cs, args, state, frequency);
            if (callee != null && inline(callee, cs, args, state, frequency, cs.argumentSlots())) {
                return;
            }
            if (callee == null) {
                java.util.List<Inlining.Choice> byProfile = inliner.selectByProfile(cs, args, state, inTry, frequency);
                if (inlineByProfile(byProfile, cs, args, state, frequency)) {
                    return;
                }
                if (byProfile.isEmpty()) {
                    inliner.decided(cs, state, s.bci(), false, inliner.reason());
                } // else inlineByProfile recorded why not
            }
        }
        if (frequency < COLD_CALL_FREQUENCY) {
            block.setCold();
        }
        InvokeTarget target = new InvokeTarget(cs.target(), cs.opcode(), cs.appendix());
        Value result = factory.emitSideEffect(new Instruction(graph, Op.INVOKE, cs.returnKind(), target, s.bci(), args), state);
        if (cs.returnKind() != JavaKind.Void) {
            push(result);
        }
    }

    /**
     * A call that stays a call, in a block the profile says runs less often than this per entry into
     * the compiled method (the block's estimated frequency; unknown: never), makes its block cold ({@link
     * Block#setCold}), as a slow path's: the block is laid out after the code that runs, and the
     * register allocator saves the values live across the call there instead of spilling them at
     * their definitions on the paths that run (C2 lays out blocks by frequency the same way).
     */
    static final double COLD_CALL_FREQUENCY = 0.001;

    /**
     * Whether {@code v} is an object constant that a checkcast to the resolved type {@code t} lets
     * through: the null constant, or an instance of {@code t}.
     */
    private boolean constantPassesCheckcast(Value v, jdk.vm.ci.meta.JavaType t) {
        if (!(v instanceof Constant c) || c.value().getJavaKind() != JavaKind.Object || !(t instanceof ResolvedJavaType type)) {
            return false;
        }
        if (c.value().isNull()) {
            return true;
        }
        ResolvedJavaType actual = providers.metaAccess().lookupJavaType(c.value());
        return actual != null && type.isAssignableFrom(actual);
    }

    /**
     * The value of a call that java.lang.invoke's code makes on its hot paths and HotSpot's compilers
     * replace, or null (nothing emitted) if {@code m} is not one of them here:
     * <ul>
     * <li>{@code MethodHandleImpl.isCompileConstant(x)} of a constant: true (its bytecode says false;
     * it asks whether the compiler knows {@code x}, as C2's intrinsic answers).</li>
     * <li>{@code MethodHandleImpl.profileBoolean(b, counters)}: {@code b}, or, where the counters (a
     * guard's profile) say one value was never returned, the other value behind a trap
     * ({@link #speculateBoolean}). Compiled code does not count.</li>
     * <li>{@code Class.isInstance(x)} of a constant class that is not primitive: {@code x instanceof}
     * that class (a guard of a record's {@code equals}, {@code Class.cast} in a handle's checks); of
     * any other class, its null check and {@link Op#CLASS_IS_INSTANCE} (C1 and C2 do not call the
     * native either).</li>
     * </ul>
     */
    private Value methodHandleIntrinsic(ResolvedJavaMethod m, int opcode, Value[] args, FrameState state) {
        if (MethodHandleCalls.isCompileConstantQuery(m)) {
            if (!(args[0] instanceof Constant)) {
                return null;
            }
            dropState(state);
            return graph.intConstant(1);
        }
        if (MethodHandleCalls.isProfileBoolean(m)) {
            int seen = state == null ? -1 : profiledBoolean(args);
            if (seen < 0) {
                dropState(state);
                return args[0];
            }
            return speculateBoolean(args[0], seen, state);
        }
        // Class is final: a special call of isInstance (a direct handle's) runs the same method.
        if ((opcode == INVOKEVIRTUAL || opcode == INVOKESPECIAL) && MethodHandleCalls.isClassIsInstance(m)) {
            if (MethodHandleCalls.constant(args[0]) instanceof JavaConstant mirror) {
                ResolvedJavaType t = providers.constantReflection().asJavaType(mirror);
                if (t == null || t.isPrimitive()) {
                    return null;
                }
                return factory.emitSideEffect(new Instruction(graph, Op.INSTANCEOF, JavaKind.Int, t, s.bci(), args[1]), state);
            }
            // A class known only when the code runs: the call's null check, then the test.
            if (mayBeNull(args[0])) {
                if (state == null) {
                    return null;
                }
                factory.emitSideEffect(new Instruction(graph, Op.RECEIVER_CHECK, JavaKind.Void, null, s.bci(), args[0]), state);
            } else {
                dropState(state);
            }
            return factory.emitSideEffect(new Instruction(graph, Op.CLASS_IS_INSTANCE, JavaKind.Int, null, s.bci(), args[0], args[1]), null);
        }
        return null;
    }

    /**
     * The only value {@code profileBoolean(b, counters)} has returned, 0 or 1, if its counters are a
     * constant that counts the other value never returned over at least {@link #UNTAKEN_MIN_COUNT} runs
     * and untaken-branch traps are on; -1 if not, or if the call cannot deoptimize here (no state, a
     * block that must end at the call, a handler that covers it).
     */
    private int profiledBoolean(Value[] args) {
        if (!untakenBranchTraps || inliner == null || map.isThrowBound(bciBlock) || inTryRange(s.bci())
                || args[0] instanceof Constant || !(MethodHandleCalls.constant(args[1]) instanceof JavaConstant counters) || counters.isNull()) {
            return -1;
        }
        // java.lang.invoke's guardWithTest: counters[0] counts false, counters[1] true (saturating).
        jdk.vm.ci.meta.ConstantReflectionProvider reflection = providers.constantReflection();
        Integer length = reflection.readArrayLength(counters);
        if (length == null || length != 2) {
            return -1;
        }
        JavaConstant f = reflection.readArrayElement(counters, 0);
        JavaConstant t = reflection.readArrayElement(counters, 1);
        if (f == null || t == null || f.getJavaKind() != JavaKind.Int || t.getJavaKind() != JavaKind.Int) {
            return -1;
        }
        int falses = f.asInt();
        int trues = t.asInt();
        if (falses == 0 && trues >= UNTAKEN_MIN_COUNT) {
            return 1;
        }
        if (trues == 0 && falses >= UNTAKEN_MIN_COUNT) {
            return 0;
        }
        return -1;
    }

    /**
     * {@code profileBoolean}'s value where its counters say it has only ever been {@code seen}
     * ({@link #profiledBoolean}): the constant {@code seen}, after a test of {@code b} that deoptimizes
     * ({@link Op#UNCOMMON_TRAP}, {@code UnreachedCode}) with the call's {@code state} where {@code b}
     * is the other value. The interpreter then runs the call, which counts that value: the next compile
     * of the code reads both counters non-zero and keeps the guard's two sides, as C2 does with its
     * profile of the guard. So the guard's side never run, a call of a lambda form that java.lang.invoke
     * keeps from inlining until it has run, is not compiled.
     */
    private Value speculateBoolean(Value b, int seen, FrameState state) {
        int bci = s.bci();
        Block trap = inliner.newBlock(block, bci);
        Block cont = inliner.newBlock(block, bci);
        block.setTerminator(new If(bci, Condition.EQ, b, graph.intConstant(seen), cont, trap));
        edges.edge(block, cont);
        edges.edge(block, trap);
        inliner.seal(trap);
        inliner.seal(cont);
        // There b is not seen: a 0-or-1 b is the other value, which the trap's state names as a constant.
        FrameState trapState = trapState(Condition.NE, b, graph.intConstant(seen), state);
        dropState(state);
        endInTrap(trap, jdk.vm.ci.meta.DeoptimizationReason.UnreachedCode, trapState);
        graph.countUntakenBranchTrap();
        block = cont;
        factory.setBlock(cont);
        return graph.intConstant(seen);
    }

    /**
     * Whether {@code v} can only be 0 or 1: such a constant, an {@code and} with 1, a type test, or a
     * phi (looked through {@code depth} levels) of such values.
     */
    private static boolean isZeroOrOne(Value v, int depth) {
        if (v instanceof Constant c) {
            return c.kind() == JavaKind.Int && (c.asInt() == 0 || c.asInt() == 1);
        }
        if (v instanceof Instruction i) {
            return i.op() == Op.AND && i.input(1) instanceof Constant c && c.kind() == JavaKind.Int && c.asInt() == 1
                            || i.op() == Op.INSTANCEOF || i.op() == Op.CLASS_IS || i.op() == Op.CLASS_IS_INSTANCE;
        }
        if (v instanceof org.ssajit.ir.Phi p && depth > 0 && p.kind() == JavaKind.Int) {
            for (int k = 0; k < p.operandCount(); k++) {
                if (p.operand(k) == p || !isZeroOrOne(p.operand(k), depth - 1)) {
                    return false;
                }
            }
            return p.operandCount() > 0;
        }
        return false;
    }

    /** The method-handle calls of this parse ({@link MethodHandleCalls}), made at the first one. */
    private MethodHandleCalls methodHandleCalls;

    /**
     * A call of the VM's method-handle intrinsics whose handle or member name is a constant, parsed
     * as the method it runs if the inliner takes that method (see {@link MethodHandleCalls}); false,
     * and nothing emitted, if not: the call stays as the bytecode makes it.
     */
    private boolean inlineMethodHandleCall(Linkage.CallSite cs, Value[] args, FrameState state) {
        if (cs.appendix() != null || !(cs.target() instanceof ResolvedJavaMethod m) || !MethodHandleCalls.mayBeIntrinsic(m)) {
            return false;
        }
        if (methodHandleCalls == null) {
            methodHandleCalls = new MethodHandleCalls(providers.constantReflection().getMethodHandleAccess());
        }
        MethodHandleCalls.Rebound r = methodHandleCalls.rebind(cs, args);
        if (r == null) {
            return false;
        }
        // A handle of one of the calls replaced when made directly (a record's equals guards with a
        // handle of Class.isInstance bound to the record's class): replaced here too.
        if (r.site().target() instanceof ResolvedJavaMethod target) {
            Value v = methodHandleIntrinsic(target, r.site().opcode(), r.args(), state);
            if (v != null) {
                push(v);
                return true;
            }
        }
        double frequency = callFrequency();
        Inlining.Choice callee = r.exact() ? inliner.selectExactly(r.site(), state, frequency, r.how()) : inliner.select(r.site(), r.args(), state, frequency);
        if (callee == null) {
            inliner.decided(r.site(), state, s.bci(), false, inliner.reason());
            return false;
        }
        // The caller's frame during the call keeps what the interpreter's does: every argument of the
        // bytecode's call, the member name too.
        return inline(callee, r.site(), r.args(), state, frequency, cs.argumentSlots());
    }

    /** This method's block frequencies, estimated at its first call offered to the inliner. */
    private BlockFrequencies frequencies;

    /** How often the current bytecode block runs per entry into the compiled method (NaN if unknown or not asked for). */
    private double callFrequency() {
        if (!inliner.readsFrequencies()) {
            return Double.NaN;
        }
        if (frequencies == null) {
            jdk.vm.ci.meta.ProfilingInfo profile;
            try {
                profile = method.getProfilingInfo();
            } catch (RuntimeException e) {
                profile = null;
            }
            frequencies = BlockFrequencies.estimate(map, BlockFrequencies.of(profile));
        }
        return scope.frequency() * frequencies.of(bciBlock);
    }

    /** The class of every non-null value of {@code v} where it is known exactly, else null. */
    private ResolvedJavaType exactType(Value v) {
        if (v instanceof Instruction i && i.op() == Op.NEW_INSTANCE && i.type() instanceof ResolvedJavaType t) {
            return t;
        }
        Stamp st = v instanceof Parameter p ? Stamps.parameterStamp(graph.method(), p) : v.stamp();
        return st.isExactType() ? st.type() : null;
    }

    /**
     * Parses {@code callee} in place of the call: this block jumps to its entry, and the parse goes on
     * in a new block its returns jump to, the result (a phi if several returns) on the stack. Its frame
     * states chain this method's state during the call. False if the callee cannot be parsed.
     */
    private boolean inline(Inlining.Choice callee, Linkage.CallSite cs, Value[] args, FrameState state, double frequency, int argumentSlots) {
        boolean covered = inTryRange(s.bci());
        if (covered && bciBlock.endBci() != s.bci()) {
            throw new BailoutException(BailoutException.Reason.INTERNAL_ERROR, "a call inside a try range does not end its block at bci " + s.bci());
        }
        boolean receiverMayBeNull = !callee.method().isStatic() && mayBeNull(args[0]);
        FrontEnd fe;
        try {
            // A synchronized callee's every trapping bytecode has an exception edge (unlockAndRethrow).
            fe = inliner.analyze(callee.method(), covered || callee.method().isSynchronized());
        } catch (BailoutException e) {
            inliner.decided(cs, state, s.bci(), false, "its bytecode cannot be analyzed: " + e.getMessage());
            return false;
        }
        inliner.decided(cs, state, s.bci(), true, callee.how());
        FrameState outer = state.duringCall(argumentSlots);
        java.util.List<Handler> outerHandlers = covered ? handlersAt(bciBlock) : java.util.List.of();
        if (receiverMayBeNull) {
            // The invoke's null check, with the invoke's state: deoptimizing there, the interpreter throws.
            // Inside a try range it carries the invoke's exception edges: what the block's handlers
            // catch may be thrown to them in compiled code (ImplicitThrows), as the invoke's would be.
            Value check = factory.emitSideEffect(new Instruction(graph, Op.RECEIVER_CHECK, JavaKind.Void, null, s.bci(), args[0]), state);
            var code = block.instructions();
            if (!outerHandlers.isEmpty() && !code.isEmpty() && code.get(code.size() - 1) == check) {
                ((Instruction) check).setExceptionEdge(true);
                for (Handler h : outerHandlers) {
                    addHandler(block, h);
                }
            }
        } else {
            dropState(state);
        }
        JavaKind resultKind = cs.returnKind().getStackKind();
        int result = resultKind == JavaKind.Void ? -1 : stackVariable(sp);
        Block cont = graph.newBlock(s.nextBci());
        outer.hold();
        inliner.parse(fe, args, outer, outerHandlers, block, cont, result, callee.assumption(), frequency);
        outer.release();
        inliner.seal(cont);
        if (cont.predecessors().isEmpty()) {
            unreachable = true;
            return true;
        }
        block = cont;
        factory.setBlock(cont);
        if (result >= 0) {
            push(ssa.readVariable(result, cont, resultKind));
        }
        return true;
    }

    /**
     * A virtual or interface call inlined for the receiver classes its profile saw
     * ({@link Inlining#selectByProfile}): for each class in turn, a {@link Op#CLASS_IS} test of the
     * receiver, the callee that class selects parsed where it holds, and the next test where it does
     * not; after the last, the call itself (a null receiver, another class), or a deoptimization where
     * the profile saw no other receiver ({@link Inlining#exhaustive}). All of them continue in one new
     * block, the result a phi of theirs. False, and nothing emitted, if no callee can be parsed.
     */
    private boolean inlineByProfile(java.util.List<Inlining.Choice> choices, Linkage.CallSite cs, Value[] args, FrameState state, double frequency) {
        java.util.List<Inlining.Choice> parsable = new CompilerList<>();
        java.util.List<FrontEnd> analyzed = new CompilerList<>();
        for (Inlining.Choice c : choices) {
            try {
                // Never inside a try range (Inlining#selectByProfile): the call left for other receivers
                // would need exception edges in the middle of its block.
                analyzed.add(inliner.analyze(c.method(), c.method().isSynchronized()));
                parsable.add(c);
            } catch (BailoutException e) {
                // that callee stays behind the call
            }
        }
        if (parsable.isEmpty()) {
            if (!choices.isEmpty()) {
                inliner.decided(cs, state, s.bci(), false, "the callees the profile chose cannot be analyzed");
            }
            return false;
        }
        // Every receiver class the profile saw is inlined: any other receiver deoptimizes, if the profile
        // counted no other (Inlining#exhaustive); a callee that cannot be analyzed keeps the call.
        boolean trapOthers = inliner.exhaustive() && parsable.size() == choices.size();
        inliner.decided(cs, state, s.bci(), true, parsable.size() < choices.size() ? inliner.reason() + " (some callees cannot be analyzed: the call stays for other receivers)" : inliner.reason());
        int bci = s.bci();
        JavaKind resultKind = cs.returnKind().getStackKind();
        int result = resultKind == JavaKind.Void ? -1 : stackVariable(sp);
        Block cont = graph.newBlock(s.nextBci());
        Block[] hits = new Block[parsable.size()];
        for (int k = 0; k < parsable.size(); k++) {
            Value isClass = factory.emitSideEffect(new Instruction(graph, Op.CLASS_IS, JavaKind.Int, parsable.get(k).guard(), bci, args[0]), null);
            hits[k] = inliner.newBlock(block, bci);
            Block miss = inliner.newBlock(block, bci);
            block.setTerminator(new If(bci, Condition.NE, isClass, graph.intConstant(0), hits[k], miss));
            edges.edge(block, hits[k]);
            edges.edge(block, miss);
            inliner.seal(hits[k]);
            inliner.seal(miss);
            block = miss;
            factory.setBlock(miss);
        }
        if (trapOthers) {
            // No class matched: a class the profile never saw, or null. Deoptimize with the invoke's
            // state, its arguments on the stack: the interpreter runs the invoke (its null check and
            // dispatch), and HotSpot counts the reason in this method's profile, which turns the trap
            // off when the method is compiled again.
            endInTrap(block, jdk.vm.ci.meta.DeoptimizationReason.TypeCheckedInliningViolated, state);
            graph.countReceiverTrap();
        } else {
            // No class matched: the call, with the invoke's state (its own null check and dispatch).
            // The profile's rows cover most receivers: a slow path, laid out after the code that runs,
            // where the values live across the call are saved.
            block.setCold();
            InvokeTarget target = new InvokeTarget(cs.target(), cs.opcode(), cs.appendix());
            Value called = factory.emitSideEffect(new Instruction(graph, Op.INVOKE, cs.returnKind(), target, bci, args), state);
            if (result >= 0) {
                ssa.writeVariable(result, block, called);
            }
            block.setTerminator(new Goto(bci, cont));
            edges.edge(block, cont);
        }
        FrameState outer = state.duringCall(cs.argumentSlots());
        outer.hold();
        for (int k = 0; k < parsable.size(); k++) {
            inliner.parse(analyzed.get(k), args, outer, java.util.List.of(), hits[k], cont, result, null, frequency * parsable.get(k).share());
            graph.countInlinedByProfile();
        }
        outer.release();
        inliner.seal(cont);
        if (cont.predecessors().isEmpty()) {
            unreachable = true; // every inlined callee throws, and other receivers deoptimize
            return true;
        }
        block = cont;
        factory.setBlock(cont);
        if (result >= 0) {
            push(ssa.readVariable(result, cont, resultKind));
        }
        return true;
    }

    /**
     * Whether a handler covers {@code bci}: one of this method's, or one of a caller's at the call this
     * method is inlined at, or, in an inlined synchronized method, its handler of last resort.
     */
    private boolean inTryRange(int bci) {
        return map.isCovered(bci) || !scope.outerHandlers().isEmpty() || methodLock != null;
    }

    private void shuffle(int op) {
        int depth = FrameShapes.shuffleDepth(op);
        int[] order = FrameShapes.shuffleOrder(op);
        int base = sp - depth;
        byte[] oldTags = java.util.Arrays.copyOfRange(stackTags, base, sp);
        Value[] old = new Value[depth];
        for (int i = 0; i < depth; i++) {
            if (oldTags[i] != FrameShapes.HIGH) {
                old[i] = ssa.readVariable(stackVariable(base + i), block, FrameShapes.kindOf(oldTags[i]));
            }
        }
        for (int i = 0; i < order.length; i++) {
            byte t = oldTags[order[i]];
            stackTags[base + i] = t;
            if (t != FrameShapes.HIGH) {
                ssa.writeVariable(stackVariable(base + i), block, old[order[i]]);
            }
        }
        sp = base + order.length;
    }

    private void arithmetic(Op op, int kindIndex, FrameState state) {
        JavaKind k = arithmeticKind(kindIndex);
        Value y = pop(k);
        Value x = pop(k);
        push(factory.binary(op, k, x, y, s.bci(), state));
    }

    private void shift(Op op, boolean isLong) {
        JavaKind k = isLong ? JavaKind.Long : JavaKind.Int;
        Value count = pop(JavaKind.Int);
        Value x = pop(k);
        push(factory.binary(op, k, x, count, s.bci(), null));
    }

    private void convert(Op op) {
        push(factory.convert(op, pop(op.fromKind()), s.bci()));
    }

    private void compare(Op op) {
        Value y = pop(op.fromKind());
        Value x = pop(op.fromKind());
        push(factory.compare(op, x, y, s.bci()));
    }

    // Control flow -----------------------------------------------------------------------------------

    private Block blockAt(int bci) {
        BciBlock b = map.blockStartingAt(bci);
        if (b == null) {
            throw new BailoutException(BailoutException.Reason.INTERNAL_ERROR, "no block at branch target " + bci);
        }
        return irBlocks[b.id()];
    }

    private void branch(Condition cond, Value x, Value y, FrameState state) {
        Block taken = blockAt(s.branchTarget());
        Block next = blockAt(s.nextBci());
        if (taken == next) {
            terminate(new Goto(s.bci(), taken), state);
            return;
        }
        Boolean known = factory.foldCondition(cond, x, y);
        if (known != null) {
            // Fig. 4: the untaken successor never gets this block as a predecessor.
            terminate(new Goto(s.bci(), known ? taken : next), state);
            return;
        }
        int untaken = untakenAtBranch;
        if (untaken != 0 && state != null) {
            // The side the profile never saw deoptimizes, with the state before the branch: the
            // interpreter re-executes it (its operands are on that state's stack) and goes there.
            Block trap = trap(trapState(untaken == TAKEN_NEVER ? cond : cond.negate(), x, y, state));
            if (untaken == TAKEN_NEVER) {
                taken = trap;
            } else {
                next = trap;
            }
        }
        if (x instanceof Constant && !(y instanceof Constant)) {
            terminate(new If(s.bci(), cond.mirror(), y, x, taken, next), state);
        } else {
            terminate(new If(s.bci(), cond, x, y, taken, next), state);
        }
    }

    /**
     * A copy of {@code state} for the deoptimization on the side of a branch where {@code x cond y}
     * holds: where that fixes the int operand compared with a constant ({@code x == k}, or {@code x !=
     * k} of a 0-or-1 value and k 0 or 1), the constant stands for it in the state. The branch is then
     * the operand's only user on that side, and a boolean materialized for it (an inlined
     * {@code equals}' {@code phi(1, 0)}) can be threaded ({@link org.ssajit.opt.BranchThreading}).
     */
    private FrameState trapState(Condition cond, Value x, Value y, FrameState state) {
        Value v = x;
        Value k = y;
        if (x instanceof Constant) {
            v = y;
            k = x;
            cond = cond.mirror();
        }
        if (v instanceof Constant || !(k instanceof Constant c) || c.kind() != JavaKind.Int || v.kind() != JavaKind.Int) {
            return state.copy();
        }
        int known;
        if (cond == Condition.EQ) {
            known = c.asInt();
        } else if (cond == Condition.NE && (c.asInt() == 0 || c.asInt() == 1) && isZeroOrOne(v, 4)) {
            known = 1 - c.asInt();
        } else {
            return state.copy();
        }
        return state.replacing(v, graph.intConstant(known));
    }

    private static final int TAKEN_NEVER = 1;
    private static final int NOT_TAKEN_NEVER = 2;

    /**
     * This method's branch profile, read once; null if it has none to go by: none recorded, the
     * method's code deoptimized on a branch the profile had never seen taken, or a lambda form's,
     * whose profile counts every method handle of its shape, not this one's (a guard's own count is
     * its profileBoolean's, speculateBoolean).
     */
    private jdk.vm.ci.meta.ProfilingInfo branchProfile() {
        if (noProfile) {
            return null;
        }
        if (branchProfile == null) {
            jdk.vm.ci.meta.ProfilingInfo p = null;
            if (!Inlining.isMethodHandlePlumbing(method)) {
                try {
                    p = method.getProfilingInfo();
                    if (p != null && p.getDeoptimizationCount(jdk.vm.ci.meta.DeoptimizationReason.UnreachedCode) > 0) {
                        p = null;
                    }
                } catch (RuntimeException e) {
                    p = null;
                }
            }
            if (p == null) {
                noProfile = true;
                return null;
            }
            branchProfile = p;
        }
        return branchProfile;
    }

    /**
     * The share of each case of the switch being parsed among the runs its profile counted, the
     * default's last; null if there is no profile or it counted fewer than {@link #UNTAKEN_MIN_COUNT} runs.
     */
    private double[] switchProbabilities() {
        jdk.vm.ci.meta.ProfilingInfo p = branchProfile();
        if (p == null) {
            return null;
        }
        try {
            return p.getExecutionCount(s.bci()) >= UNTAKEN_MIN_COUNT ? p.getSwitchProbabilities(s.bci()) : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Which side of the conditional branch at the current bytecode the profile says never ran
     * ({@link #TAKEN_NEVER}, {@link #NOT_TAKEN_NEVER}), or 0: none, too few runs counted, no profile,
     * not a conditional branch, or the method has deoptimized for a side it had not seen before.
     */
    private int untakenSide() {
        if (!untakenBranchTraps || !isConditionalBranch(s.opcode())) {
            return 0;
        }
        jdk.vm.ci.meta.ProfilingInfo p = branchProfile();
        if (p == null) {
            return 0;
        }
        int bci = s.bci();
        if (p.getExecutionCount(bci) < UNTAKEN_MIN_COUNT) {
            return 0;
        }
        double taken = p.getBranchTakenProbability(bci);
        return taken == 0.0 ? TAKEN_NEVER : taken == 1.0 ? NOT_TAKEN_NEVER : 0;
    }

    /**
     * A block, outside the bytecode's blocks, that deoptimizes with {@code before} (the state before
     * the branch, {@link #trapState}), which it takes, for a side of the branch never taken
     * ({@link Op#UNCOMMON_TRAP}); its athrow is never reached.
     */
    private Block trap(FrameState before) {
        // Synthetic (bci -1): the edge into it is no back edge, so the branch keeps no safepoint for it.
        Block trap = graph.newBlock(-1);
        endInTrap(trap, jdk.vm.ci.meta.DeoptimizationReason.UnreachedCode, before);
        ssa.sealBlock(trap); // its one predecessor comes with the branch's edges; nothing reads a variable in it
        graph.countUntakenBranchTrap();
        return trap;
    }

    /**
     * Ends {@code b} in a deoptimization for {@code reason} at the current bytecode ({@link
     * Op#UNCOMMON_TRAP}) with {@code state}, which it takes; the athrow after it, never reached, has a
     * copy.
     */
    private void endInTrap(Block b, jdk.vm.ci.meta.DeoptimizationReason reason, FrameState state) {
        Instruction d = new Instruction(graph, Op.UNCOMMON_TRAP, JavaKind.Void, reason, s.bci());
        d.setState(state);
        b.append(d);
        b.setCold(); // laid out after the code that runs
        Throw never = new Throw(s.bci(), graph.nullConstant());
        never.setState(state.copy());
        b.setTerminator(never);
    }

    private void switchInstruction(FrameState state) {
        Value v = pop(JavaKind.Int);
        int n = s.switchCaseCount();
        Block def = blockAt(s.switchDefaultTarget());
        if (v instanceof Constant c && factory.optimizing()) {
            int key = c.asInt();
            Block target = def;
            for (int i = 0; i < n; i++) {
                if (s.switchKey(i) == key) {
                    target = blockAt(s.switchTarget(i));
                }
            }
            terminate(new Goto(s.bci(), target), state);
            return;
        }
        int[] keys = new int[n];
        Block[] targets = new Block[n];
        boolean allDefault = true;
        for (int i = 0; i < n; i++) {
            keys[i] = s.switchKey(i);
            targets[i] = blockAt(s.switchTarget(i));
            allDefault &= targets[i] == def;
            if (i > 0 && keys[i] <= keys[i - 1]) {
                throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "switch keys not sorted at bci " + s.bci());
            }
        }
        if (allDefault) {
            terminate(new Goto(s.bci(), def), state);
        } else {
            terminate(new Switch(s.bci(), v, keys, targets, def, switchProbabilities()), state);
        }
    }

    /**
     * Ends the block. A branch that keeps a backward edge after folding ({@link Liveness#isBackward})
     * keeps its frame state (a safepoint, {@link Terminator#isSafepoint()}); a throw keeps it too;
     * otherwise the state is dropped.
     * A synthetic jump (falling into the next block, {@code state} null) has none.
     */
    private void terminate(Terminator t, FrameState state) {
        block.setTerminator(t);
        if (state != null) {
            boolean keep = t instanceof Throw;
            for (Block target : t.targets()) {
                keep |= target.bci() >= 0 && Liveness.isBackward(s, target.bci()); // the edge the branch keeps goes backwards
            }
            if (keep) {
                t.setState(state);
            } else {
                state.clearInputs();
            }
        }
        for (Block target : t.targets()) {
            edges.edge(block, target);
        }
    }

    /** Whether a call's receiver may be null here, so that a call replaced inline needs its null check. */
    private static boolean mayBeNull(Value receiver) {
        return !NodeFactory.isNonNull(receiver) && !receiver.stamp().isNonNull();
    }

    private static void dropState(FrameState state) {
        if (state != null) {
            state.clearInputs();
        }
    }

    // Tables ---------------------------------------------------------------------------------------

    /** i, l, f, d, a: the order of the xload/xstore/xreturn families. */
    private static JavaKind kindOfLoadStore(int i) {
        return switch (i) {
            case 0 -> JavaKind.Int;
            case 1 -> JavaKind.Long;
            case 2 -> JavaKind.Float;
            case 3 -> JavaKind.Double;
            case 4 -> JavaKind.Object;
            default -> throw new IllegalArgumentException();
        };
    }

    /** i, l, f, d: the order of the arithmetic families. */
    private static JavaKind arithmeticKind(int i) {
        return kindOfLoadStore(i);
    }

    /** iaload, laload, faload, daload, aaload, baload, caload, saload. */
    private static JavaKind arrayElementKind(int i) {
        return switch (i) {
            case 0 -> JavaKind.Int;
            case 1 -> JavaKind.Long;
            case 2 -> JavaKind.Float;
            case 3 -> JavaKind.Double;
            case 4 -> JavaKind.Object;
            case 5 -> JavaKind.Byte;
            case 6 -> JavaKind.Char;
            case 7 -> JavaKind.Short;
            default -> throw new IllegalArgumentException();
        };
    }

    private static Condition condition(int i) {
        return switch (i) {
            case 0 -> Condition.EQ;
            case 1 -> Condition.NE;
            case 2 -> Condition.LT;
            case 3 -> Condition.GE;
            case 4 -> Condition.GT;
            case 5 -> Condition.LE;
            default -> throw new IllegalArgumentException();
        };
    }

    private static Class<?> primitiveArrayElement(int code) {
        return switch (code) {
            case 4 -> boolean.class;
            case 5 -> char.class;
            case 6 -> float.class;
            case 7 -> double.class;
            case 8 -> byte.class;
            case 9 -> short.class;
            case 10 -> int.class;
            case 11 -> long.class;
            default -> throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "newarray type code " + code);
        };
    }
}
