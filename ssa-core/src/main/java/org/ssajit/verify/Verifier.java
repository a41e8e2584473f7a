package org.ssajit.verify;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.ir.Operation;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Dominance;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Undefined;
import org.ssajit.ir.VirtualInstance;
import org.ssajit.ir.Value;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Signature;

/**
 * Checks the SSA property and the structural invariants of a graph:
 * <ul>
 * <li>CFG: one terminator per block, predecessor and successor lists agree, the entry has no
 * predecessors, every block is reachable;</li>
 * <li>SSA: every use is dominated by its definition (a phi operand by the end of the matching
 * predecessor); phis have one operand per predecessor and none is trivial;</li>
 * <li>use lists: every input is registered as a use, and nothing else is;</li>
 * <li>ops: attribute, inputs and result as each {@link org.ssajit.ir.Op} declares them;</li>
 * <li>frame states: every instruction that can throw, call, store (a fill excepted: it cannot fail) or allocate has one, with the
 * method's frame layout, no value in the second slot of a long/double, references for locks;</li>
 * <li>words: no word derived from a reference's address or a not-yet-published object is in a frame state or live across an
 * instruction with one or a safepoint poll ({@link #checkDerivedWords}).</li>
 * </ul>
 */
public final class Verifier {
    private final Graph graph;
    private final Dominance dom;
    /** By {@link Value#id()}: the phi or instruction with that id a block lists, its block and its position there. */
    private final Value[] definedValue;
    private final Block[] definedBlock;
    private final int[] positionOf;
    private final IrPrinter printer = new IrPrinter(true);

    private Verifier(Graph graph) {
        this.graph = graph;
        this.dom = new Dominance(graph);
        int n = graph.valueIdLimit();
        this.definedValue = new Value[n];
        this.definedBlock = new Block[n];
        this.positionOf = new int[n];
    }

    public static void verify(Graph graph) {
        new Verifier(graph).run();
    }

    /** Messages are built only on failure, after printing has numbered the values they name. */
    private void fail(java.util.function.Supplier<String> msg) {
        String graphText = safePrint();
        throw new VerificationError(msg.get() + "\n" + graphText);
    }

    private String safePrint() {
        try {
            return printer.print(graph);
        } catch (RuntimeException e) {
            return "(graph not printable: " + e + ")";
        }
    }

    private void run() {
        checkCfg();
        for (Block b : graph.blocks()) {
            int pos = 0;
            for (Phi p : b.phis()) {
                define(p, b, pos++);
            }
            for (Instruction i : b.instructions()) {
                define(i, b, pos++);
            }
        }
        // The nodes of the graph, each with a dense number (frame states can be shared).
        Map<Node, Integer> live = CompilerMap.identity();
        List<Node> liveList = new CompilerList<>();
        for (Block b : graph.blocks()) {
            for (Phi p : b.phis()) {
                checkPhi(b, p);
                addLive(p, live, liveList);
            }
            for (Instruction i : b.instructions()) {
                checkInstruction(b, i);
                addLive(i, live, liveList);
                for (FrameState fs = i.state(); fs != null; fs = fs.outer()) {
                    addLive(fs, live, liveList);
                }
            }
            checkTerminator(b, b.terminator());
            addLive(b.terminator(), live, liveList);
            for (FrameState fs = b.terminator().state(); fs != null; fs = fs.outer()) {
                addLive(fs, live, liveList);
            }
        }
        checkUseLists(live, liveList);
        checkDerivedWords();
    }

    private static void addLive(Node n, Map<Node, Integer> live, List<Node> liveList) {
        if (live.putIfAbsent(n, liveList.size()) == null) {
            liveList.add(n);
        }
    }

    private void define(Value v, Block b, int pos) {
        int id = v.id();
        if (id < 0 || id >= definedValue.length) {
            fail(() -> printer.ref(v) + " in " + b + " has an id outside its graph's");
        }
        definedValue[id] = v;
        definedBlock[id] = b;
        positionOf[id] = pos;
    }

    /** The block listing {@code v} as a phi or instruction, or null. */
    private Block definedIn(Value v) {
        int id = v.id();
        return id >= 0 && id < definedValue.length && definedValue[id] == v ? definedBlock[id] : null;
    }

    // CFG ------------------------------------------------------------------------------------------

    private void checkCfg() {
        Set<Block> blocks = new CompilerSet<>(graph.blocks());
        if (!graph.entry().predecessors().isEmpty()) {
            fail(() -> "entry " + graph.entry() + " has predecessors");
        }
        for (Block b : graph.blocks()) {
            if (b.terminator() == null) {
                fail(() -> b + " has no terminator");
            }
            if (b.terminator().block() != b) {
                fail(() -> b + ": terminator belongs to another block");
            }
            if (!dom.isReachable(b)) {
                fail(() -> b + " is unreachable");
            }
            for (Block s : b.successors()) {
                if (!blocks.contains(s)) {
                    fail(() -> b + " jumps to " + s + ", which is not in the graph");
                }
                int times = 0;
                for (Block p : s.predecessors()) {
                    times += p == b ? 1 : 0;
                }
                final int n = times;
                if (n != 1) {
                    fail(() -> s + " lists " + b + " " + n + " times as predecessor");
                }
            }
            for (Block p : b.predecessors()) {
                if (!blocks.contains(p) || !p.successors().contains(b)) {
                    fail(() -> b + " lists " + p + " as predecessor but it does not jump there");
                }
            }
            for (Handler h : b.handlers()) {
                List<Instruction> insts = h.target().instructions();
                if (insts.isEmpty() || insts.get(0).op() != Op.EXCEPTION_OBJECT) {
                    fail(() -> "handler " + h.target() + " does not start with the exception object");
                }
                if (b.terminator().targets().contains(h.target())) {
                    fail(() -> b + " reaches handler " + h.target() + " by a normal edge too");
                }
            }
            int edges = 0;
            for (int k = 0; k < b.instructions().size(); k++) {
                Instruction i = b.instructions().get(k);
                if (i.hasExceptionEdge()) {
                    edges++;
                    if (b.handlers().isEmpty()) {
                        fail(() -> b + ": " + printer.instructionText(i) + " has an exception edge but the block has no handlers");
                    }
                    if (k != b.instructions().size() - 1) {
                        fail(() -> b + ": the instruction with the exception edge is not the block's last");
                    }
                }
            }
            if (edges > 0 && b.terminator() instanceof Throw) {
                fail(() -> b + ": both an instruction and the throw carry the exception edge");
            }
        }
    }

    // Phis ------------------------------------------------------------------------------------------

    private void checkPhi(Block b, Phi p) {
        if (p.block() != b) {
            fail(() -> printer.ref(p) + " is listed in " + b + " but belongs to " + p.block());
        }
        List<Block> preds = b.predecessors();
        if (p.operandCount() != preds.size()) {
            fail(() -> "phi " + printer.ref(p) + " in " + b + " has " + p.operandCount() + " operands for " + preds.size() + " predecessors");
        }
        Value same = null;
        boolean trivial = true;
        for (int i = 0; i < p.operandCount(); i++) {
            Value op = p.operand(i);
            if (op == null) {
                fail(() -> "phi " + printer.ref(p) + " has a null operand");
            }
            int index = i;
            checkKind(op.kind(), p.kind(), () -> "operand " + index + " of phi " + printer.ref(p));
            checkDefinedAtEndOf(op, preds.get(i), () -> "phi " + printer.ref(p) + " operand " + index);
            if (op != p && op != same) {
                if (same != null) {
                    trivial = false;
                }
                same = op;
            }
        }
        if (trivial) {
            fail(() -> "phi " + printer.ref(p) + " in " + b + " is trivial");
        }
    }

    // Instructions -----------------------------------------------------------------------------------

    private void checkInstruction(Block b, Instruction i) {
        java.util.function.Supplier<String> where = () -> b + ": " + printer.instructionText(i);
        if (i.block() != b) {
            fail(() -> where.get() + " belongs to " + i.block());
        }
        for (int k = 0; k < i.inputCount(); k++) {
            Value v = i.input(k);
            if (v == null) {
                fail(() -> where.get() + " has a null operand");
            }
            checkDominates(v, b, positionOf[i.id()], where);
        }
        checkOperandKinds(i, where);
        // A fill stores but cannot fail: nothing resumes the interpreter at it.
        if (i.op().needsState(i) && i.state() == null) {
            fail(() -> where.get() + " can throw, call, store or allocate but has no frame state");
        }
        if (i.state() != null) {
            checkState(i.state(), b, positionOf[i.id()], where);
            checkVirtuals(i.state(), b, positionOf[i.id()], where);
        }
    }

    /**
     * Checks an instruction against its op's declaration ({@link Operation#inputs()}, {@link
     * Operation#result()}, {@link Operation#attributeType()}): the attribute's type, the number of
     * inputs, the kind of each and of the result; then the few rules that are one op's own (a
     * dialect's in {@link Operation#check}).
     */
    private void checkOperandKinds(Instruction i, java.util.function.Supplier<String> where) {
        Operation op = i.op();
        Object attr = i.attribute();
        if (op.attributeType() == null ? attr != null : !op.attributeType().isInstance(attr) && !(attr == null && op.attributeOptional())) {
            fail(() -> where.get() + ": attribute " + attr + " is not " + (op.attributeType() == null ? "absent" : "a " + op.attributeType().getSimpleName()));
        }
        int k = 0;
        for (Op.Input in : op.inputs()) {
            switch (in.presence()) {
                case ALWAYS -> k = checkInput(i, k, in, where);
                case INSTANCE_FIELD -> {
                    if (!i.field().isStatic()) {
                        k = checkInput(i, k, in, where);
                    }
                }
                case OPTIONAL -> {
                    if (k < i.inputCount()) {
                        k = checkInput(i, k, in, where);
                    }
                }
                case VARIADIC -> {
                    while (k < i.inputCount()) {
                        k = checkInput(i, k, in, where);
                    }
                }
            }
        }
        if (k != i.inputCount()) {
            int expected = k;
            fail(() -> where.get() + " has " + i.inputCount() + " operands, expected " + expected);
        }
        JavaKind result = kindRequired(i, op.result());
        if (result != null) {
            checkKind(i.kind(), result, where);
        }
        if (op.isPure() && (i.state() != null || i.hasExceptionEdge())) {
            fail(() -> where.get() + ": " + op.mnemonic() + " cannot fail, it has no state and no exception edge");
        }
        if (graph.isLowered() ? Op.isHighLevel(i) : op.isLowLevel()) {
            fail(() -> where.get() + ": " + op.mnemonic() + (graph.isLowered() ? " left in a lowered graph" : " before lowering"));
        }
        String problem = op.check(i);
        if (problem != null) {
            fail(() -> where.get() + ": " + problem);
        }
        if (!(op instanceof Op javaOp)) {
            return;
        }
        switch (javaOp) {
            case LOAD_INDEXED, STORE_INDEXED -> checkCheckedLength(i, where);
            case FILL -> {
                if (i.elementKind() == JavaKind.Object) {
                    fail(() -> where.get() + ": fill stores primitives only");
                }
                if (i.state() != null || i.hasExceptionEdge()) {
                    fail(() -> where.get() + ": fill cannot fail, it has no state and no exception edge");
                }
            }
            case OSR_LOCK -> {
                if (!graph.isOsr() || i.block() != graph.entry() || i.attribute(Integer.class) < 0 || i.attribute(Integer.class) >= graph.osrLocks()) {
                    fail(() -> where.get() + ": an OSR lock outside the entry block of an OSR graph, or beyond its " + graph.osrLocks() + " locks");
                }
            }
            case OSR_LOCAL -> {
                if (!graph.isOsr() || i.block() != graph.entry()) {
                    fail(() -> where.get() + ": an OSR local outside the entry block of an OSR graph");
                }
                int index = i.osrLocal();
                if (index < 0 || index >= graph.method().getMaxLocals()) {
                    fail(() -> where.get() + ": OSR local " + index + " outside the method's " + graph.method().getMaxLocals() + " locals");
                }
            }
            default -> {
            }
        }
    }

    /** Checks input {@code k} of {@code i} against {@code in}; returns the next position. */
    private int checkInput(Instruction i, int k, Op.Input in, java.util.function.Supplier<String> where) {
        if (k >= i.inputCount()) {
            fail(() -> where.get() + " has " + i.inputCount() + " operands, missing " + in.name().label());
            return k;
        }
        JavaKind required = kindRequired(i, in.kind());
        if (required != null) {
            checkKind(i.input(k).kind(), required, where);
        }
        JavaKind actual = i.input(k).kind();
        if (in.kind() == Op.Kinds.BASE && actual != JavaKind.Object && actual != JavaKind.Long) {
            fail(() -> where.get() + ": the base of an access is " + actual + ", neither a reference nor a word");
        }
        return k + 1;
    }

    /** The kind {@code rule} requires of an input or result of {@code i}; null for any. */
    private static JavaKind kindRequired(Instruction i, Op.Kinds rule) {
        return switch (rule) {
            case INT -> JavaKind.Int;
            case LONG -> JavaKind.Long;
            case OBJECT -> JavaKind.Object;
            case VOID -> JavaKind.Void;
            case SAME -> i.kind();
            case FROM -> i.op().fromKind();
            case TO -> i.op().toKind();
            case ELEMENT -> i.elementKind().getStackKind();
            case FIELD -> i.field().kind().getStackKind();
            case RETURN -> i.invokeTarget().method().getSignature().getReturnKind().getStackKind();
            case ATTRIBUTE -> i.op().attributeKind(i);
            case WORD -> JavaKind.Long;
            case BASE, ANY -> null;
        };
    }

    /** An access's checked length is a length of the very array it accesses. */
    private void checkCheckedLength(Instruction i, java.util.function.Supplier<String> where) {
        Value len = i.checkedLength();
        if (len != null && !(len instanceof Instruction l && (l.op() == Op.ARRAY_LENGTH || l.op() == Op.ARRAY_LENGTH_OR_ZERO) && l.input(0) == i.input(0))) {
            fail(() -> where.get() + ": checked length " + len + " is not a length of the accessed array");
        }
    }

    // Terminators -----------------------------------------------------------------------------------

    private void checkTerminator(Block b, Terminator t) {
        java.util.function.Supplier<String> where = () -> b + ": " + printer.terminatorText(t);
        int endPos = Integer.MAX_VALUE;
        for (Value v : t.inputs()) {
            if (v == null) {
                fail(() -> where.get() + " has a null operand");
            }
            checkDominates(v, b, endPos, where);
        }
        switch (t) {
            case If f -> {
                checkKind(f.y().kind(), f.x().kind(), where);
                JavaKind k = f.x().kind();
                if (k != JavaKind.Int && k != JavaKind.Object && !(k == JavaKind.Long && graph.isLowered())) {
                    fail(() -> where.get() + ": branches compare ints or references (and words, once lowered) only");
                }
                if (f.x().kind() == JavaKind.Object && f.condition() != org.ssajit.ir.Condition.EQ && f.condition() != org.ssajit.ir.Condition.NE) {
                    fail(() -> where.get() + ": references compare for identity only");
                }
            }
            case Switch s -> checkKind(s.value().kind(), JavaKind.Int, where);
            case Return r -> {
                ResolvedJavaMethod m = graph.method();
                JavaKind rk = m == null ? null : m.getSignature().getReturnKind().getStackKind();
                if (rk != null) {
                    if (rk == JavaKind.Void ? r.value() != null : r.value() == null || r.value().kind() != rk) {
                        fail(() -> where.get() + ": returns the wrong kind for " + rk);
                    }
                }
            }
            case Throw th -> {
                checkKind(th.exception().kind(), JavaKind.Object, where);
                if (th.state() == null) {
                    fail(() -> where.get() + " has no frame state");
                }
                if (graph.isLowered()) {
                    // Lowered, an athrow is reached no more: before it the frame either deoptimizes
                    // (the interpreter throws) or unwinds its exception to the caller.
                    List<Instruction> code = b.instructions();
                    Instruction last = code.isEmpty() ? null : code.get(code.size() - 1);
                    if (last == null || !last.op().endsFrame() || last.inputCount() > 0 && last.input(0) != th.exception()) {
                        fail(() -> where.get() + ": a lowered athrow follows neither a deoptimization nor an unwind of its exception");
                    }
                }
            }
            case Goto g -> {
            }
        }
        if (t.state() != null) {
            checkState(t.state(), b, endPos, where);
            checkVirtuals(t.state(), b, endPos, where);
        }
    }

    // Frame states ----------------------------------------------------------------------------------

    private void checkState(FrameState s, Block b, int pos, java.util.function.Supplier<String> where) {
        ResolvedJavaMethod m = s.method();
        if (s.outer() == null && graph.method() != null && !graph.method().equals(m)) {
            fail(() -> where.get() + ": the outermost frame state is of " + m + ", not of the compiled method");
        }
        if (s.outer() != null) {
            checkState(s.outer(), b, pos, () -> where.get() + " (caller state)");
        }
        if (m != null) {
            if (s.localsSize() != m.getMaxLocals()) {
                fail(() -> where.get() + ": frame state has " + s.localsSize() + " locals, the method " + m.getMaxLocals());
            }
            if (s.stackSize() > m.getMaxStackSize()) {
                fail(() -> where.get() + ": frame state stack deeper than max_stack");
            }
            if (s.bci() < 0 || s.bci() >= m.getCodeSize()) {
                fail(() -> where.get() + ": frame state bci " + s.bci() + " outside the code");
            }
        }
        for (int i0 = 0; i0 < s.localsSize(); i0++) {
            final int i = i0;
            Value v = s.local(i);
            if (v != null) {
                checkDominates(v, b, pos, () -> where.get() + " (state local " + i + ")");
                if (v.kind() == JavaKind.Void) {
                    fail(() -> where.get() + ": state local " + i + " has no value");
                }
                if (v.kind().needsTwoSlots() && i + 1 < s.localsSize() && s.local(i + 1) != null) {
                    fail(() -> where.get() + ": state local " + (i + 1) + " is the second slot of a " + v.kind() + " but holds a value");
                }
            }
        }
        for (int i0 = 0; i0 < s.stackSize(); i0++) {
            final int i = i0;
            Value v = s.stack(i);
            if (v != null) {
                checkDominates(v, b, pos, () -> where.get() + " (state stack " + i + ")");
                if (v.kind().needsTwoSlots() && (i + 1 >= s.stackSize() || s.stack(i + 1) != null)) {
                    fail(() -> where.get() + ": state stack slot " + i + " holds a " + v.kind() + " without a free second slot");
                }
            } else if (i == 0 || s.stack(i - 1) == null || !s.stack(i - 1).kind().needsTwoSlots()) {
                fail(() -> where.get() + ": state stack slot " + i + " is empty");
            }
        }
        for (int i0 = 0; i0 < s.locksSize(); i0++) {
            final int i = i0;
            Value v = s.lock(i);
            if (v == null || v.kind() != JavaKind.Object) {
                fail(() -> where.get() + ": state lock " + i + " is not a reference");
            }
            checkDominates(v, b, pos, () -> where.get() + " (state lock " + i + ")");
        }
    }

    /**
     * The unallocated objects ({@link VirtualInstance}) the frames of an instruction's state {@code s}
     * hold are the ones {@code s} names, each once, with a value of its kind for each field, available here.
     */
    private void checkVirtuals(FrameState s, Block b, int pos, java.util.function.Supplier<String> where) {
        for (FrameState f = s; f != null; f = f.outer()) {
            int slots = f.localsSize() + f.stackSize() + f.locksSize();
            for (int i = 0; i < slots; i++) {
                if (f.input(i) instanceof VirtualInstance o && s.indexOfVirtual(o) < 0) {
                    fail(() -> where.get() + ": a frame holds " + o + ", which the state does not name");
                }
            }
        }
        for (int k0 = 0; k0 < s.virtualCount(); k0++) {
            final int k = k0;
            VirtualInstance o = s.virtualInstance(k);
            if (s.indexOfVirtual(o) != k) {
                fail(() -> where.get() + ": the state names " + o + " twice");
            }
            for (int f0 = 0; f0 < o.fieldCount(); f0++) {
                final int f = f0;
                Value v = s.virtualFieldValue(k, f);
                if (v == null || v.kind() != o.field(f).getJavaKind().getStackKind() || v instanceof VirtualInstance) {
                    fail(() -> where.get() + ": field " + o.field(f).getName() + " of " + o + " has no value of its kind");
                }
                checkDominates(v, b, pos, () -> where.get() + " (field " + o.field(f).getName() + " of " + o + ")");
            }
        }
    }

    // Dominance --------------------------------------------------------------------------------------

    /** {@code v} is available at position {@code pos} of block {@code b}. */
    private void checkDominates(Value v, Block b, int pos, java.util.function.Supplier<String> where) {
        if (isGraphLevel(v)) {
            return;
        }
        Block d = definedIn(v);
        if (d == null) {
            fail(() -> where.get() + ": operand " + printer.ref(v) + " is not defined in any block of the graph");
        }
        if (d == b) {
            if (positionOf[v.id()] >= pos) {
                fail(() -> where.get() + ": operand " + printer.ref(v) + " is used before its definition");
            }
        } else if (!dom.dominates(d, b)) {
            fail(() -> where.get() + ": definition of " + printer.ref(v) + " in " + d + " does not dominate the use in " + b);
        }
    }

    private void checkDefinedAtEndOf(Value v, Block pred, java.util.function.Supplier<String> where) {
        if (isGraphLevel(v)) {
            return;
        }
        Block d = definedIn(v);
        if (d == null) {
            fail(() -> where.get() + ": operand " + printer.ref(v) + " is not defined in any block of the graph");
        }
        if (!dom.dominates(d, pred)) {
            fail(() -> where.get() + ": definition of " + printer.ref(v) + " in " + d + " does not dominate predecessor " + pred);
        }
    }

    private boolean isGraphLevel(Value v) {
        if (v instanceof Constant || v instanceof Undefined || v instanceof VirtualInstance) {
            return true;
        }
        if (v instanceof Parameter p) {
            if (!graph.parameters().contains(p)) {
                fail(() -> "parameter from another graph");
            }
            return true;
        }
        return false;
    }

    private void checkKind(JavaKind actual, JavaKind expected, java.util.function.Supplier<String> where) {
        if (actual != expected) {
            fail(() -> where.get() + ": kind " + actual + " where " + expected + " is expected");
        }
    }

    // Derived words -----------------------------------------------------------------------------------

    /**
     * A word derived from a reference (an op's {@linkplain Operation.DerivedWords#ORIGIN origin}, an
     * object's address, and every value computed from one, phis included; not what is read from memory
     * through it, {@link Operation.DerivedWords#ENDS}), or from a not-yet-published object (the word an
     * op that {@linkplain Operation.DerivedWords#PUBLISHES publishes} it makes a reference of: a collector that saw the half-initialized object,
     * or moved nothing for it, would break the heap), is not in any frame state and is neither
     * used by nor live after an instruction with a frame state (a call, an allocation or lock that may
     * enter the VM, a check or read that may deoptimize) or a terminator that polls: the collector may
     * move the object there, and no reference map or deoptimization can describe a raw address into
     * it. A backward liveness over the derived words only; nothing to do in a graph without them.
     */
    private void checkDerivedWords() {
        Set<Value> derived = new CompilerSet<>();
        List<Value> work = new CompilerList<>();
        for (Block b : graph.blocks()) {
            for (Instruction i : b.instructions()) {
                Operation.DerivedWords rule = i.op().derivedWords();
                if (rule == Operation.DerivedWords.ORIGIN) {
                    derived.add(i);
                    work.add(i);
                } else if (rule == Operation.DerivedWords.PUBLISHES && derived.add(i.input(Op.In.X))) {
                    work.add(i.input(Op.In.X)); // a not-yet-published object's word
                }
            }
        }
        if (derived.isEmpty()) {
            return;
        }
        while (!work.isEmpty()) {
            Value v = work.remove(work.size() - 1);
            for (Node u : v.users()) {
                if (u instanceof FrameState) {
                    fail(() -> printer.ref(v) + ", a word derived from a reference, is in a frame state");
                }
                if (u instanceof Phi p && derived.add(p)) {
                    work.add(p);
                } else if (u instanceof Instruction i && i.op().derivedWords() == Operation.DerivedWords.PROPAGATES && i.kind() != JavaKind.Void
                                && derived.add(i)) {
                    work.add(i);
                }
            }
        }
        // liveIn per block, to a fixed point (few iterations: derived words live in a few blocks).
        Map<Block, Set<Value>> liveIn = CompilerMap.identity();
        boolean changed = true;
        while (changed) {
            changed = false;
            List<Block> blocks = graph.blocks();
            for (int k = blocks.size() - 1; k >= 0; k--) {
                Block b = blocks.get(k);
                Set<Value> in = liveThrough(b, derived, liveIn, false);
                if (!in.equals(liveIn.getOrDefault(b, Set.of()))) {
                    liveIn.put(b, in);
                    changed = true;
                }
            }
        }
        for (Block b : graph.blocks()) {
            liveThrough(b, derived, liveIn, true);
        }
    }

    /** The derived words live into {@code b} given its successors' live-in sets; with {@code check}, fails at a safepoint they cross. */
    private Set<Value> liveThrough(Block b, Set<Value> derived, Map<Block, Set<Value>> liveIn, boolean check) {
        Set<Value> live = new CompilerSet<>();
        for (Block s : b.successors()) {
            live.addAll(liveIn.getOrDefault(s, Set.of()));
            live.removeAll(s.phis());
            int k = s.predecessorIndex(b);
            for (Phi p : s.phis()) {
                if (k >= 0 && derived.contains(p.operand(k))) {
                    live.add(p.operand(k));
                }
            }
        }
        Terminator t = b.terminator();
        addDerivedInputs(t, derived, live);
        if (check && t.isSafepoint() && !live.isEmpty()) {
            Value v = live.iterator().next();
            fail(() -> b + ": " + printer.ref(v) + ", a word derived from a reference, is live across the safepoint poll of " + printer.terminatorText(t));
        }
        List<Instruction> code = b.instructions();
        for (int k = code.size() - 1; k >= 0; k--) {
            Instruction i = code.get(k);
            live.remove(i);
            addDerivedInputs(i, derived, live);
            if (check && i.state() != null && !live.isEmpty()) {
                Value v = live.iterator().next();
                fail(() -> b + ": " + printer.ref(v) + ", a word derived from a reference, is live across " + printer.instructionText(i)
                                + ", where the VM may stop or deoptimize the frame");
            }
        }
        live.removeAll(b.phis());
        return live;
    }

    private static void addDerivedInputs(Node n, Set<Value> derived, Set<Value> live) {
        for (int k = 0; k < n.inputCount(); k++) {
            Value v = n.input(k);
            if (v != null && derived.contains(v)) {
                live.add(v);
            }
        }
    }

    // Use lists --------------------------------------------------------------------------------------

    /**
     * Every input is registered as a use and nothing else is: the (value, user) pairs the inputs of the
     * graph's nodes make and those the values' use lists make are the same multiset (compared sorted),
     * and each input finds its own entry where it records it.
     */
    private void checkUseLists(Map<Node, Integer> live, List<Node> liveList) {
        Map<Value, Integer> valueIndex = CompilerMap.identity();
        List<Value> values = new CompilerList<>();
        long[] expected = new long[64];
        int ne = 0;
        for (int ni = 0; ni < liveList.size(); ni++) {
            Node n = liveList.get(ni);
            for (int k = 0; k < n.inputCount(); k++) {
                Value v = n.input(k);
                if (v != null) {
                    Integer vi = valueIndex.get(v);
                    if (vi == null) {
                        vi = values.size();
                        valueIndex.put(v, vi);
                        values.add(v);
                    }
                    if (ne == expected.length) {
                        expected = CompilerArrays.copyOf(expected, ne * 2);
                    }
                    expected[ne++] = pair(vi, ni);
                }
            }
        }
        long[] actual = new long[IntMath.max(ne, 1)];
        int na = 0;
        for (int vi = 0; vi < values.size(); vi++) {
            Value v = values.get(vi);
            for (int k = 0; k < v.userCount(); k++) {
                Node u = v.user(k);
                Integer ui = live.get(u);
                if (ui == null) {
                    fail(() -> "value " + printer.ref(v) + " lists a user that is not in the graph: " + u.getClass().getSimpleName());
                }
                if (na == actual.length) {
                    actual = CompilerArrays.copyOf(actual, na * 2);
                }
                actual[na++] = pair(vi, ui);
            }
        }
        Arrays.sort(expected, 0, ne);
        Arrays.sort(actual, 0, na);
        for (int k = 0; k < IntMath.max(ne, na); k++) {
            long e = k < ne ? expected[k] : Long.MAX_VALUE;
            long a = k < na ? actual[k] : Long.MAX_VALUE;
            if (e != a) {
                // The first value whose pairs differ (sorted by value first).
                Value v = values.get((int) (IntMath.min(e, a) >>> 32));
                fail(() -> "use list of " + printer.ref(v) + " does not match its uses");
            }
        }
        for (Node n : liveList) {
            if (n instanceof Value v && v.hasUsers() && !valueIndex.containsKey(v)) {
                fail(() -> "value " + printer.ref(v) + " lists users but none uses it");
            }
        }
        for (Node n : liveList) {
            for (int k = 0; k < n.inputCount(); k++) {
                if (!n.inputUseListed(k)) {
                    int slot = k;
                    fail(() -> "input " + slot + " of a " + n.getClass().getSimpleName() + " is not at the position it records in the use list of "
                                    + printer.ref(n.input(slot)));
                }
            }
        }
    }

    private static long pair(int valueIndex, int nodeIndex) {
        return (long) valueIndex << 32 | nodeIndex;
    }
}
