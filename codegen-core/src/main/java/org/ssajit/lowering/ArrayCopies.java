package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.function.Predicate;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Handler;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * {@code System.arraycopy(src, srcPos, dest, destPos, length)} where both arrays' stamps give the
 * same element kind: branches that establish that the copy cannot throw, then the copy itself
 * ({@link HotSpotOp#ARRAY_COPY}: the VM's copy stub, a leaf), and the call, unchanged, where any of them
 * fails. The call stays the slow path: it throws what the interpreter would throw, with its message
 * (a null array, a negative index or length, a range outside an array). Reference arrays of
 * different classes need a store check per element: the VM's store-checking stub
 * ({@link HotSpotOp#CHECKCAST_ARRAY_COPY}) copies up to the first element the destination cannot
 * hold, and the call goes on from there and throws.
 *
 * <pre>
 *   if (src == null) call        (left out where the stamp says non-null; the same for dest)
 *   if (dest == null) call
 *   if ((srcPos | destPos | length) &lt; 0) call
 *   if (src.length - length &lt; srcPos) call      (no overflow: every operand is non-negative)
 *   if (dest.length - length &lt; destPos) call
 *   if (src.getClass() != dest.getClass())       (references only; not where both stamps say one class
 *                                                exactly, nor where dest is exactly Object[]: a new one)
 *     r = checkcastcopy(src, srcPos, dest, destPos, length)     (each element checked, in order)
 *     if (r != 0) call(src, srcPos + ~r, dest, destPos + ~r, length - ~r)   (throws ArrayStoreException)
 *   else arraycopy(src, srcPos, dest, destPos, length)
 * </pre>
 *
 * <p>Only where the element kinds are known from the stamps (an {@code int[]} parameter, an
 * {@code Object[]} field), the VM has the stub, and, for references, the collector is one whose
 * barriers ssajit emits itself elsewhere (Serial, Parallel, G1, Shenandoah, Z): the oop stub applies them. In
 * a try range whose handlers compiled code runs, the call keeps the exception edges (the slow path is
 * the only code that throws); a call whose block the implicit exceptions' checks remember for a
 * deoptimization stays a call. Runs before the lowering proper, which then lowers the branches'
 * Java-level operations and the call.
 */
public final class ArrayCopies {
    private ArrayCopies() {
    }

    /**
     * Expands every call of {@code System.arraycopy} in {@code g} that qualifies (see the class
     * comment), except in the blocks {@code skip} accepts. Returns how many it expanded.
     */
    static int expand(Graph g, HotSpotVmConfig config, MetaAccessProvider metaAccess, int gc, Predicate<Block> skip) {
        int expanded = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            if (skip.test(b)) {
                continue;
            }
            // A block's later calls move to the rest of it after each expansion: go on there.
            Block at = b;
            boolean again = true;
            while (again) {
                again = false;
                for (Instruction i : at.instructions()) {
                    // In a try range the call is the block's last instruction, the only one that throws.
                    boolean inTry = !at.handlers().isEmpty();
                    JavaKind ek = isArrayCopy(i) && (!inTry || i == lastOf(at) && i.hasExceptionEdge()) ? elementKind(i.input(0).stamp(), i.input(2).stamp()) : null;
                    if (ek == null || config.arrayCopyStub(ek) == 0
                                    || ek == JavaKind.Object && gc != config.gcSerial && gc != config.gcParallel && gc != config.gcG1 && gc != config.gcShenandoah
                                                    && gc != config.gcZ && gc != config.gcEpsilon) {
                        continue;
                    }
                    at = expand(g, at, i, ek, config, metaAccess);
                    expanded++;
                    again = true;
                    break;
                }
            }
        }
        return expanded;
    }

    /** Whether {@code i} is an {@code invokestatic} of {@code System.arraycopy}. */
    static boolean isArrayCopy(Instruction i) {
        if (i.op() != Op.INVOKE) {
            return false;
        }
        InvokeTarget t = i.invokeTarget();
        return t.opcode() == Bytecodes.INVOKESTATIC && t.appendix() == null && t.method() instanceof ResolvedJavaMethod m && m.isStatic()
                        && m.getName().equals("arraycopy") && m.getDeclaringClass().getName().equals("Ljava/lang/System;")
                        && m.getSignature().toMethodDescriptor().equals("(Ljava/lang/Object;ILjava/lang/Object;II)V");
    }

    /**
     * The element kind both arrays have, by their stamps: a primitive kind both have, or Object if both
     * are arrays of references; null if a stamp does not say (then the call stays).
     */
    static JavaKind elementKind(Stamp src, Stamp dest) {
        ResolvedJavaType s = src.type();
        ResolvedJavaType d = dest.type();
        if (s == null || d == null || !s.isArray() || !d.isArray()) {
            return null;
        }
        JavaKind ek = s.getComponentType().getJavaKind();
        return ek == d.getComponentType().getJavaKind() ? ek : null;
    }

    /** Replaces the call {@code call} in {@code b} by the branches, the copy and the call as slow path; returns the block with what followed the call. */
    private static Block expand(Graph g, Block b, Instruction call, JavaKind ek, HotSpotVmConfig config, MetaAccessProvider metaAccess) {
        int bci = call.bci();
        Value src = call.input(0);
        Value srcPos = call.input(1);
        Value dest = call.input(2);
        Value destPos = call.input(3);
        Value length = call.input(4);

        Block[] split = splitAtCall(g, b, call);
        Block rest = split[0];
        Block slow = split[1];
        moveHandlers(b, slow);
        Block at = b;
        if (!src.stamp().isNonNull()) {
            at = branch(g, at, Condition.EQ, src, g.nullConstant(), slow, bci);
        }
        if (!dest.stamp().isNonNull()) {
            at = branch(g, at, Condition.EQ, dest, g.nullConstant(), slow, bci);
        }
        Value any = null;
        for (Value v : new Value[] {srcPos, destPos, length}) {
            if (!v.stamp().isNonNegative()) {
                any = any == null ? v : append(at, new Instruction(g, Op.OR, JavaKind.Int, null, bci, any, v));
            }
        }
        if (any != null) {
            at = branch(g, at, Condition.LT, any, g.intConstant(0), slow, bci);
        }
        for (Value[] range : new Value[][] {{src, srcPos}, {dest, destPos}}) {
            // The array is not null here: its length is read, the branch's edge being its null check.
            Instruction arrayLength = append(at, new Instruction(g, Op.ARRAY_LENGTH_OR_ZERO, JavaKind.Int, null, bci, range[0]));
            Instruction room = append(at, new Instruction(g, Op.SUB, JavaKind.Int, null, bci, arrayLength, length));
            at = branch(g, at, Condition.LT, room, range[1], slow, bci);
        }
        Access element = new Access(ek, metaAccess.getArrayBaseOffset(ek), metaAccess.getArrayIndexScale(ek), ek == JavaKind.Object && config.useCompressedOops);
        Instruction from = append(at, new Instruction(g, Op.I2L, JavaKind.Long, null, bci, srcPos));
        Instruction to = append(at, new Instruction(g, Op.I2L, JavaKind.Long, null, bci, destPos));
        Instruction count = append(at, new Instruction(g, Op.I2L, JavaKind.Long, null, bci, length));
        Block checked = null;
        if (ek == JavaKind.Object && !isExactlyObjectArray(dest, metaAccess) && !sameExactType(src.stamp(), dest.stamp())) {
            // Any reference array's elements fit an Object[]; other destinations take the source's class
            // at once, and any other source element by element.
            Instruction srcClass = append(at, new Instruction(g, Op.CLASS_OF, JavaKind.Object, null, bci, src));
            Instruction destClass = append(at, new Instruction(g, Op.CLASS_OF, JavaKind.Object, null, bci, dest));
            checked = config.checkcastArrayCopyStub != 0 ? g.newBlock(bci) : null;
            at = branch(g, at, Condition.NE, srcClass, destClass, checked != null ? checked : slow, bci);
        }
        append(at, new Instruction(g, HotSpotOp.ARRAY_COPY, JavaKind.Void, element, bci, src, from, dest, to, count));
        at.setTerminator(new Goto(-1, rest));
        rest.addPredecessor(at);
        if (checked != null) {
            storeCheckingCopy(g, checked, call, element, new Value[] {from, to, count}, rest, slow, config);
        }
        rest.addPredecessor(slow);
        return rest;
    }

    /**
     * Arrays of different classes, both ranges inside them: the store-checking stub copies while the
     * elements fit the destination's element class, and the call goes on from the first that does not
     * ({@code ~K} elements copied: from {@code srcPos + K}, {@code destPos + K}, {@code length - K}),
     * which copies nothing and throws what the interpreter throws there: HotSpot's ArrayStoreException
     * message names the two arrays' classes only, never a position. C2 resumes the same way.
     * {@code wide}: the two positions and the length as longs.
     */
    private static void storeCheckingCopy(Graph g, Block checked, Instruction call, Access element, Value[] wide, Block rest, Block slow, HotSpotVmConfig config) {
        int bci = call.bci();
        Value srcPos = call.input(1);
        Value dest = call.input(2);
        Value destPos = call.input(3);
        Value length = call.input(4);
        Value destKlass = ClassWords.klass(g, config, checked, bci, dest);
        Instruction elementKlass = append(checked, new Instruction(g, HotSpotOp.READ, JavaKind.Long, new Access(JavaKind.Long, config.objArrayElementKlassOffset, 0, false), bci,
                        destKlass));
        Instruction superCheckOffset = append(checked,
                        new Instruction(g, HotSpotOp.READ, JavaKind.Int, new Access(JavaKind.Int, config.klassSuperCheckOffsetOffset, 0, false), bci, elementKlass));
        Instruction offset = append(checked, new Instruction(g, Op.I2L, JavaKind.Long, null, bci, superCheckOffset));
        Instruction result = append(checked,
                        new Instruction(g, HotSpotOp.CHECKCAST_ARRAY_COPY, JavaKind.Int, element, bci, call.input(0), wide[0], dest, wide[1], wide[2], offset, elementKlass));
        Block partial = branch(g, checked, Condition.EQ, result, g.intConstant(0), rest, bci);
        Instruction copied = append(partial, new Instruction(g, Op.XOR, JavaKind.Int, null, bci, result, g.intConstant(-1)));
        Value[] resumed = {append(partial, new Instruction(g, Op.ADD, JavaKind.Int, null, bci, srcPos, copied)),
            append(partial, new Instruction(g, Op.ADD, JavaKind.Int, null, bci, destPos, copied)),
            append(partial, new Instruction(g, Op.SUB, JavaKind.Int, null, bci, length, copied))};
        partial.setTerminator(new Goto(-1, slow));
        slow.addPredecessor(partial);
        // The call's position and length arguments: as given from every failed check, resumed from here.
        int[] inputs = {1, 3, 4};
        for (int k = 0; k < inputs.length; k++) {
            Phi p = slow.addPhi(g, JavaKind.Int);
            for (Block pred : slow.predecessors()) {
                p.appendOperand(pred == partial ? resumed[k] : call.input(inputs[k]));
            }
            call.setInput(inputs[k], p);
        }
    }

    /**
     * Splits {@code b} at {@code call}: what followed the call, with b's terminator, goes to a block of
     * its own (returned first), the call to another that goes there (returned second: the slow path,
     * where every failed branch goes). {@code b} is left without a terminator.
     */
    static Block[] splitAtCall(Graph g, Block b, Instruction call) {
        int bci = call.bci();
        Block rest = g.newBlock(bci);
        List<Instruction> code = b.instructions();
        for (Instruction x : new CompilerList<>(code.subList(code.indexOf(call) + 1, code.size()))) {
            b.moveToEnd(x, rest);
        }
        List<Block> successors = b.terminator().targets();
        b.moveTerminator(rest);
        for (Block s : successors) {
            s.replacePredecessor(b, rest);
        }
        Block slow = g.newBlock(bci);
        b.moveToEnd(call, slow);
        slow.setTerminator(new Goto(-1, rest));
        return new Block[] {rest, slow};
    }

    /**
     * In a try range: the exception edges go from {@code b}, where nothing throws any more, to
     * {@code slow}, the call's block; each handler's entry takes {@code slow} in {@code b}'s place, with
     * the same values (nothing between them changes a local).
     */
    private static void moveHandlers(Block b, Block slow) {
        if (b.handlers().isEmpty()) {
            return;
        }
        List<Handler> handlers = CompilerList.copyOf(b.handlers());
        b.clearHandlers();
        for (Handler h : handlers) {
            slow.addHandler(h);
        }
        for (Handler h : handlers) {
            h.target().replacePredecessor(b, slow);
        }
    }

    private static Instruction lastOf(Block b) {
        List<Instruction> code = b.instructions();
        return code.isEmpty() ? null : code.get(code.size() - 1);
    }

    /** Ends {@code from} with {@code if (x cond y) target else next}; returns next. */
    static Block branch(Graph g, Block from, Condition cond, Value x, Value y, Block target, int bci) {
        Block next = g.newBlock(bci);
        from.setTerminator(new If(bci, cond, x, y, target, next));
        target.addPredecessor(from);
        next.addPredecessor(from);
        return next;
    }

    private static Instruction append(Block b, Instruction i) {
        b.append(i);
        return i;
    }

    /** Whether both stamps say one class exactly (two {@code String[]}: a final element class). */
    private static boolean sameExactType(Stamp a, Stamp b) {
        return a.isExactType() && b.isExactType() && a.type() != null && a.type().equals(b.type());
    }

    /** Whether {@code v} is an {@code Object[]} exactly: by its stamp, or a new array of Object. */
    private static boolean isExactlyObjectArray(Value v, MetaAccessProvider metaAccess) {
        ResolvedJavaType objectArray = metaAccess.lookupJavaType(Object[].class);
        if (v.stamp().isExactType() && objectArray.equals(v.stamp().type())) {
            return true;
        }
        return v instanceof Instruction n && n.op() == Op.NEW_ARRAY && n.type() instanceof ResolvedJavaType e && e.isJavaLangObject();
    }
}
