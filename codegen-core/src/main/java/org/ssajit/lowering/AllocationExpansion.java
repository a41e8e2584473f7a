package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.AllocationShape;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.MemoryBarriers;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;
import org.ssajit.hotspot.ir.VmEntry;

import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;

/**
 * A step of the lowering: HotSpot's inline allocation written once, as ordinary IR, for every target.
 * Each {@link HotSpotOp#ALLOCATE} becomes (docs/HOTSPOT-NOTES.md, "Allocation"; C2's
 * {@code PhaseMacroExpand::expand_allocate_common}, Graal's allocation snippets):
 *
 * <pre>
 *   an array of a length not known:  if (length >u MAX_FAST_LENGTH) goto slow   (a negative one too)
 *   thread = thread; obj = [thread + tlab_top]                                  words, not references
 *   top = obj + size          size: the instance's, or align8(base + (i2l(length) << log2 scale))
 *   if (top > [thread + tlab_end]) goto slow
 *   [thread + tlab_top] = top
 *   [obj + 0] = [metadata(class) + Klass::_prototype_header]                    the mark word
 *   unless compact headers:  [obj + klass_offset] = metadata(class), narrow with compressed class pointers
 *   an array:  int [obj + length_offset] = length
 *   zeros from the end of the header (an int first where it is not 8-aligned) up to top: 8-byte
 *     writes, unrolled for an instance of up to UNROLLED_ZEROING_LIMIT bytes, else a loop
 *   membar storestore            a racing reader of the reference sees the header and the zeros
 *   result = objectat(obj)       a reference from here on
 *   goto done
 * slow:
 *   result = vmcall new_instance_or_null(metadata(class))             the VM's ({@link HotSpotOp#VM_CALL}), with the
 *         or new_array_or_null(metadata(class), length)            allocation's state; deoptimizes on null
 * done:
 *   phi(result, result)
 * </pre>
 *
 * Addresses are compared as signed longs: the heap is in the lower half of the address space, where
 * the signed and unsigned orders agree, and a size is below 2^31 (instances) or 2^27 (arrays within
 * the length limit), so {@code obj + size} does not wrap. Between the read of the buffer's top and
 * {@link HotSpotOp#OBJECT_AT} the object is half initialized: no instruction here has a state, no branch
 * polls, so no safepoint sees it (the verifier checks: {@code Verifier.checkDerivedWords}). Without
 * TLABs every allocation is the VM's. The slow path's block is marked cold: it is placed after the
 * method's other blocks, so the register allocator saves the values live across its call there only.
 */
final class AllocationExpansion {
    /** Instances up to this size are zeroed with straight-line writes; larger ones, and arrays, with a loop. */
    static final int UNROLLED_ZEROING_LIMIT = 128;
    /**
     * Arrays longer than this are the VM's (Graal's limit, 2^24 - 1): the size computed from a length
     * in range fits an int, and a larger array is rarely worth a buffer's space.
     */
    static final int MAX_FAST_LENGTH = 0x00FF_FFFF;

    /** What of the VM's layout the expansion reads ({@link HotSpotVmConfig}); tests give others. */
    record Layout(boolean useTlab, int tlabTopOffset, int tlabEndOffset, int prototypeHeaderOffset, boolean compactHeaders, boolean compressedClassPointers,
                    int klassOffset, int headerSize, Classes classes) {
        static Layout of(HotSpotVmConfig c) {
            return new Layout(c.useTlab, c.threadTlabTopOffset, c.threadTlabEndOffset, c.klassPrototypeHeaderOffset, c.useCompactObjectHeaders,
                            c.useCompressedClassPointers, c.oopKlassOffset, c.instanceHeaderSize(), Classes.of(c));
        }
    }

    /**
     * What {@link HotSpotOp#ALLOCATE_INSTANCE_OF} reads of a class it knows only at run time: the mirror's
     * {@code Klass*} ({@code java_lang_Class::_klass_offset}), {@code Klass::_layout_helper} and its
     * slow-path bit, {@code InstanceKlass::_init_state} (a byte) and its fully-initialized value, and
     * the encoding of narrow class pointers.
     */
    record Classes(int mirrorKlassOffset, int layoutHelperOffset, int layoutHelperSlowPathBit, int initStateOffset, int fullyInitialized, long narrowKlassBase,
                    int narrowKlassShift) {
        static Classes of(HotSpotVmConfig c) {
            return new Classes(c.mirrorKlassOffset, c.klassLayoutHelperOffset, c.layoutHelperInstanceSlowPathBit, c.instanceKlassInitStateOffset,
                            c.instanceKlassFullyInitialized, c.narrowKlassBase, c.narrowKlassShift);
        }
    }

    private static final Access WORD = new Access(JavaKind.Long, 0, 0, false);

    private final Graph g;
    private final Layout layout;
    /** Where the expansion adds instructions, and the bci of the allocation being expanded. */
    private Block current;
    private int bci;

    private AllocationExpansion(Graph g, Layout layout) {
        this.g = g;
        this.layout = layout;
    }

    /** Expands every allocation of {@code g} with {@code config}'s layout; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config) {
        return expand(g, Layout.of(config));
    }

    /** As {@link #expand(Graph, HotSpotVmConfig)}, with {@code layout}. */
    static int expand(Graph g, Layout layout) {
        if (!g.mayContain(HotSpotOp.ALLOCATE) && !g.mayContain(HotSpotOp.ALLOCATE_INSTANCE_OF)) {
            return 0;
        }
        AllocationExpansion x = new AllocationExpansion(g, layout);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            List<Instruction> allocations = b.instructionsWhere(i -> i.op() == HotSpotOp.ALLOCATE || i.op() == HotSpotOp.ALLOCATE_INSTANCE_OF);
            // Last first: each split moves only what follows an allocation.
            for (int k = allocations.size() - 1; k >= 0; k--) {
                Instruction a = allocations.get(k);
                if (a.op() == HotSpotOp.ALLOCATE) {
                    x.expand(a);
                } else {
                    x.expandInstanceOf(a);
                }
                n++;
            }
        }
        return n;
    }

    private void expand(Instruction a) {
        Block b = a.block();
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its allocations are expanded");
        }
        AllocationShape shape = a.attribute(AllocationShape.class);
        if (!(shape.hub() instanceof HotSpotMetaspaceConstant hub) || hub.isCompressed()) {
            throw new IllegalStateException("an allocation of " + shape + " needs an uncompressed class-metadata constant: " + shape.hub());
        }
        Value length = a.input(Op.In.LENGTH);
        bci = a.bci();
        Instruction hubWord = new Instruction(g, HotSpotOp.METADATA, JavaKind.Long, hub, bci);
        Instruction vm = length == null ? new Instruction(g, HotSpotOp.VM_CALL, JavaKind.Object, VmEntry.NEW_INSTANCE, bci, hubWord)
                        : new Instruction(g, HotSpotOp.VM_CALL, JavaKind.Object, VmEntry.NEW_ARRAY, bci, hubWord, length);
        vm.setStamp(a.stamp());
        if (!layout.useTlab()) {
            vm.setState(a.takeState());
            b.insertBefore(a, hubWord);
            b.insertBefore(a, vm);
            a.replaceAllUsesWith(vm);
            b.removeInstruction(a);
            return;
        }
        FrameState state = a.takeState();
        Block done = splitAfter(b, a);
        Block slow = g.newBlock(bci);
        slow.setCold();
        vm.setState(state);
        slow.append(hubWord);
        slow.append(vm);
        slow.setTerminator(new Goto(bci, done));

        current = b; // after the allocation, which goes at the end
        long constantSize = -1;
        Value size;
        if (!shape.isArray()) {
            constantSize = shape.instanceSize();
            size = g.longConstant(constantSize);
        } else if (length instanceof Constant k && k.asInt() >= 0 && k.asInt() <= MAX_FAST_LENGTH) {
            constantSize = align8(shape.baseOffset() + ((long) k.asInt() << shape.log2ElementSize()));
            size = g.longConstant(constantSize);
        } else {
            // Unsigned: a negative length is above the limit too (with a sign bit flipped when the stamp allows one).
            if (length.stamp().isNonNegative()) {
                branchTo(Condition.GT, length, g.intConstant(MAX_FAST_LENGTH), slow);
            } else {
                Value biased = add(Op.XOR, JavaKind.Int, length, g.intConstant(Integer.MIN_VALUE));
                branchTo(Condition.GT, biased, g.intConstant(MAX_FAST_LENGTH ^ Integer.MIN_VALUE), slow);
            }
            Value scaled = add(Op.I2L, JavaKind.Long, length);
            if (shape.log2ElementSize() != 0) {
                scaled = add(Op.SHL, JavaKind.Long, scaled, g.intConstant(shape.log2ElementSize()));
            }
            Value unaligned = add(Op.ADD, JavaKind.Long, scaled, g.longConstant(shape.baseOffset() + 7));
            size = add(Op.AND, JavaKind.Long, unaligned, g.longConstant(-8L));
        }

        // The bump.
        Value thread = add(new Instruction(g, HotSpotOp.THREAD, JavaKind.Long, null, bci));
        Value obj = read(thread, layout.tlabTopOffset());
        Value top = add(Op.ADD, JavaKind.Long, obj, size);
        Value end = read(thread, layout.tlabEndOffset());
        branchTo(Condition.GT, top, end, slow);
        write(thread, layout.tlabTopOffset(), top, JavaKind.Long);

        // The header.
        Value klass = add(new Instruction(g, HotSpotOp.METADATA, JavaKind.Long, hub, bci));
        writeHeader(obj, klass, layout.compressedClassPointers() ? add(new Instruction(g, HotSpotOp.METADATA, JavaKind.Int, (VMConstant) hub.compress(), bci)) : null);
        int start = layout.headerSize();
        if (shape.isArray()) {
            write(obj, shape.lengthOffset(), length, JavaKind.Int);
            start = shape.lengthOffset() + 4;
        }
        if (start % 8 == 4) {
            write(obj, start, g.intConstant(0), JavaKind.Int); // a field, an element or the gap: within the size
            start += 4;
        }

        // The zeros.
        if (constantSize >= 0 && constantSize <= UNROLLED_ZEROING_LIMIT) {
            for (int off = start; off < constantSize; off += 8) {
                write(obj, off, g.longConstant(0), JavaKind.Long);
            }
        } else {
            zeroLoop(add(Op.ADD, JavaKind.Long, obj, g.longConstant(start)), top);
        }

        add(new Instruction(g, HotSpotOp.MEMBAR, JavaKind.Void, MemoryBarriers.STORE_STORE, bci));
        Instruction object = add(new Instruction(g, HotSpotOp.OBJECT_AT, JavaKind.Object, null, bci, obj));
        object.setStamp(a.stamp());
        current.setTerminator(new Goto(bci, done));
        done.addPredecessor(current);
        done.addPredecessor(slow);
        Phi result = done.addPhi(g, JavaKind.Object);
        result.appendOperand(object);
        result.appendOperand(vm);
        result.setStamp(a.stamp());
        a.replaceAllUsesWith(result);
        b.removeInstruction(a);
    }

    /**
     * The mark word from {@code klass}'s prototype header; the class word unless compact headers keep
     * it in the mark word: {@code narrowKlass} with compressed class pointers, else {@code klass}.
     */
    private void writeHeader(Value obj, Value klass, Value narrowKlass) {
        write(obj, 0, read(klass, layout.prototypeHeaderOffset()), JavaKind.Long);
        if (!layout.compactHeaders()) {
            if (layout.compressedClassPointers()) {
                write(obj, layout.klassOffset(), narrowKlass, JavaKind.Int);
            } else {
                write(obj, layout.klassOffset(), klass, JavaKind.Long);
            }
        }
    }

    /**
     * {@link HotSpotOp#ALLOCATE_INSTANCE_OF} (see {@link InstanceAllocations}): the class known only at run
     * time, each test that leaves the allocation to the call going where a null answer would:
     *
     * <pre>
     *   klass = [mirror + java_lang_Class::_klass_offset];   if (klass == 0) goto fail     a primitive type
     *   lh = int [klass + layout_helper];                    if (lh <= 0) goto fail        an array class, none
     *   if ((lh & slow_path_bit) != 0) goto fail             abstract, an interface, Class: the VM's
     *   if (byte [klass + init_state] != fully_initialized) goto fail
     *   obj = [thread + tlab_top]; top = obj + i2l(lh)
     *   if (top > [thread + tlab_end]) goto fail
     *   [thread + tlab_top] = top; the header (the narrow class computed: (klass - base) >>> shift)
     *   an int zero where the header ends 4 past an 8-byte boundary, then the zeroing loop up to top
     *   membar storestore; objectat(obj)
     * </pre>
     *
     * Where {@link InstanceAllocations} left it, the op is its block's last instruction and the block
     * branches on it being null to the call: every failing test goes to the call directly, the object
     * to the other side, and the null test is gone. Elsewhere (not made by this lowering) the failing
     * tests give null in a phi with the object, as the op's contract says.
     */
    private void expandInstanceOf(Instruction a) {
        Block b = a.block();
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its allocations are expanded");
        }
        bci = a.bci();
        Classes k = layout.classes();
        Block fail;
        Block success;
        boolean joined = !branchesOnNull(a);
        if (joined) {
            success = splitAfter(b, a);
            fail = g.newBlock(bci);
        } else {
            If test = (If) b.terminator();
            fail = test.trueTarget();
            success = test.falseTarget();
            fail.removePredecessor(b);
        }
        current = b;
        Instruction klass = new Instruction(g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, k.mirrorKlassOffset(), 0, false), bci, a.input(Op.In.OBJECT));
        b.insertAtEnd(klass); // after the op, before the null test on it that the first test replaces
        if (!joined) {
            // The null test on the op's answer is replaced by the first test that fails.
            Block next = g.newBlock(bci);
            b.replaceTerminator(new If(bci, Condition.EQ, klass, g.longConstant(0), fail, next));
            fail.addPredecessor(b);
            next.addPredecessor(b);
            current = next;
        } else {
            branchTo(Condition.EQ, klass, g.longConstant(0), fail);
        }
        Value lh = add(new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, k.layoutHelperOffset(), 0, false), bci, klass));
        branchTo(Condition.LE, lh, g.intConstant(0), fail);
        branchTo(Condition.NE, add(Op.AND, JavaKind.Int, lh, g.intConstant(k.layoutHelperSlowPathBit())), g.intConstant(0), fail);
        Value state = add(new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Byte, k.initStateOffset(), 0, false), bci, klass));
        branchTo(Condition.NE, state, g.intConstant(k.fullyInitialized()), fail);

        Value thread = add(new Instruction(g, HotSpotOp.THREAD, JavaKind.Long, null, bci));
        Value obj = read(thread, layout.tlabTopOffset());
        Value top = add(Op.ADD, JavaKind.Long, obj, add(Op.I2L, JavaKind.Long, lh));
        Value end = read(thread, layout.tlabEndOffset());
        branchTo(Condition.GT, top, end, fail);
        write(thread, layout.tlabTopOffset(), top, JavaKind.Long);
        Value narrowKlass = null;
        if (!layout.compactHeaders() && layout.compressedClassPointers()) {
            Value offset = k.narrowKlassBase() == 0 ? klass : add(Op.SUB, JavaKind.Long, klass, g.longConstant(k.narrowKlassBase()));
            if (k.narrowKlassShift() != 0) {
                offset = add(Op.USHR, JavaKind.Long, offset, g.intConstant(k.narrowKlassShift()));
            }
            narrowKlass = add(Op.L2I, JavaKind.Int, offset);
        }
        writeHeader(obj, klass, narrowKlass);
        int start = layout.headerSize();
        if (start % 8 == 4) {
            write(obj, start, g.intConstant(0), JavaKind.Int); // a field or the gap: an instance is 16 bytes at least
            start += 4;
        }
        zeroLoop(add(Op.ADD, JavaKind.Long, obj, g.longConstant(start)), top);
        add(new Instruction(g, HotSpotOp.MEMBAR, JavaKind.Void, MemoryBarriers.STORE_STORE, bci));
        Instruction object = add(new Instruction(g, HotSpotOp.OBJECT_AT, JavaKind.Object, null, bci, obj));
        object.setStamp(a.stamp().asNonNull());
        current.setTerminator(new Goto(bci, success));
        if (joined) {
            fail.setTerminator(new Goto(bci, success));
            success.addPredecessor(current);
            success.addPredecessor(fail);
            Phi result = success.addPhi(g, JavaKind.Object);
            result.appendOperand(object);
            result.appendOperand(g.nullConstant());
            result.setStamp(a.stamp());
            a.replaceAllUsesWith(result);
        } else {
            success.replacePredecessor(b, current);
            a.replaceAllUsesWith(object);
        }
        b.removeInstruction(a);
    }

    /**
     * Whether {@code a} is as {@link InstanceAllocations} left it: its block's last instruction, the
     * block ending in {@code if (a == null)} to a block without phis, the other side entered from this
     * block only, without phis, and {@code a} used only there or in phis' operands from there.
     */
    private static boolean branchesOnNull(Instruction a) {
        Block b = a.block();
        List<Instruction> code = b.instructions();
        if (code.get(code.size() - 1) != a || !(b.terminator() instanceof If t) || t.condition() != Condition.EQ || t.x() != a
                        || !(t.y() instanceof Constant c && c.isNull())) {
            return false;
        }
        Block fail = t.trueTarget();
        Block success = t.falseTarget();
        if (fail == success || !fail.phis().isEmpty() || !success.phis().isEmpty() || !success.predecessors().equals(CompilerList.of(b))) {
            return false;
        }
        for (var u : a.users()) {
            if (u == t || u instanceof Instruction i && i.block() == success) {
                continue;
            }
            if (!(u instanceof Phi p)) {
                return false;
            }
            for (int k = 0; k < p.operandCount(); k++) {
                if (p.operand(k) == a && p.block().predecessors().get(k) != success) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Writes 8-byte zeros from the word {@code from} (8-aligned) up to {@code top}; continues in the loop's exit. */
    private void zeroLoop(Value from, Value top) {
        Block header = g.newBlock(bci);
        Block body = g.newBlock(bci);
        Block exit = g.newBlock(bci);
        current.setTerminator(new Goto(bci, header));
        header.addPredecessor(current);
        Phi p = header.addPhi(g, JavaKind.Long);
        p.appendOperand(from);
        header.setTerminator(new If(bci, Condition.GE, p, top, exit, body));
        exit.addPredecessor(header);
        body.addPredecessor(header);
        current = body;
        write(p, 0, g.longConstant(0), JavaKind.Long);
        Value next = add(Op.ADD, JavaKind.Long, p, g.longConstant(8));
        body.setTerminator(new Goto(bci, header));
        header.addPredecessor(body);
        p.appendOperand(next);
        current = exit;
    }

    /** Ends the current block with {@code if (x cond y) goto target}, continuing in a new block. */
    private void branchTo(Condition cond, Value x, Value y, Block target) {
        Block next = g.newBlock(bci);
        current.setTerminator(new If(bci, cond, x, y, target, next));
        target.addPredecessor(current);
        next.addPredecessor(current);
        current = next;
    }

    /** Moves what follows {@code x} in {@code b}, and {@code b}'s terminator, to a new block, which it returns. */
    private Block splitAfter(Block b, Instruction x) {
        Block rest = g.newBlock(bci);
        b.moveInstructionsAfter(x, rest);
        b.moveTerminator(rest);
        for (Block s : rest.terminator().targets()) {
            s.replacePredecessor(b, rest);
        }
        return rest;
    }

    private static long align8(long n) {
        return (n + 7) & -8L;
    }

    private Instruction read(Value base, int displacement) {
        return add(new Instruction(g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, displacement, 0, false), bci, base));
    }

    private void write(Value base, int displacement, Value value, JavaKind kind) {
        Access access = displacement == 0 && kind == JavaKind.Long ? WORD : new Access(kind, displacement, 0, false);
        add(new Instruction(g, HotSpotOp.WRITE, JavaKind.Void, access, bci, base, value));
    }

    private Instruction add(Operation op, JavaKind kind, Value... inputs) {
        return add(new Instruction(g, op, kind, null, bci, inputs));
    }

    private Instruction add(Instruction i) {
        current.append(i);
        return i;
    }
}
