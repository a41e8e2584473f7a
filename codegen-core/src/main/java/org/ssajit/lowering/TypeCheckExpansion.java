package org.ssajit.lowering;

import org.ssajit.util.CompilerSet;
import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.ir.Operation;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Constant;
import org.ssajit.hotspot.ir.Deopt;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.ir.Node;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Stamp;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Throw;
import org.ssajit.hotspot.ir.TypeTest;
import org.ssajit.ir.Value;

import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.VMConstant;

/**
 * The lowering's last step: HotSpot's subtype check written once, as ordinary IR, for every target.
 * Each {@link HotSpotOp#TYPE_TEST}, {@link HotSpotOp#STORE_CHECK} and {@link HotSpotOp#CLASS_TEST} the lowering left becomes reads of class
 * words, compares and branches, and a loop over the secondary supers (docs/HOTSPOT-NOTES.md, "Type
 * checks"; HotSpot's {@code check_klass_subtype_fast_path} and {@code _slow_path}):
 *
 * <pre>
 *   if (object == null) goto (null passes ? pass : fail)       unless the object is known non-null
 *   exact, compressed class pointers:
 *     if (narrowklass(object) == metadata(T, narrow)) goto pass else goto fail
 *   S = klass(object); T = metadata(T)
 *   exact:               if (S == T) goto pass else goto fail
 *   a primary super:     if ([S + T.super_check_offset] == T) goto pass else goto fail
 *   any other:
 *     if (S == T) goto pass
 *     an interface, a class deeper than the display:   if ([S + secondary_super_cache] == T) goto pass
 *     T's offset not known (the store check's element class):
 *       o = [T + super_check_offset]; if ([S + o] == T) goto pass
 *       if (o != secondary_super_cache offset) goto fail    (a display slot: the answer was definite)
 *     s = [S + secondary_supers]; n = [s + length]
 *     for (i = 0; i < n; i++) if ([s + data + 8 * i] == T) goto pass
 *     goto fail
 *   a class test (mirror.isInstance(object)): null mirror or object, or T = [mirror + klass] == 0
 *     (a primitive type), goto fail; else "any other" above, with T's offset not known
 * </pre>
 *
 * {@code klass(object)} follows the VM's header: with compact object headers the narrow klass is the
 * mark word's upper bits ({@code mark >>> markWord::klass_shift}), with compressed class pointers the
 * 32-bit word at {@code oopDesc::klass_offset}, each decoded ({@link NarrowEncoding#ofKlass}); without
 * them the 64-bit {@code Klass*} there. The store check tests {@code value}'s class against the
 * element class of {@code array}'s ({@code ObjArrayKlass::_element_klass}), null passing. JDK 23+
 * keeps the secondary supers as a hash table, but with every secondary super once in the array: the
 * scan finds it; the cache is not written (HotSpot's own fast paths do not need it to be).
 *
 * <p>Where the answer goes, by the test's one user: a branch on it (an instanceof's if, a profiled
 * call's class test, a handler dispatch's test) branches from the compares, made at the branch, to its
 * targets, nothing materialized; a guard (a checkcast's, an aastore's) has its failing side go to a
 * block that deoptimizes with the guard's state and reason, its passing side to the rest of the block;
 * any other use gets 1 or 0 merged in a phi. Runs after {@link ImplicitThrows} and
 * {@link ExceptionDispatch} (which branch on type tests), when no block has exception edges left.
 */
final class TypeCheckExpansion {
    private final Graph g;
    private final HotSpotVmConfig c;
    /** Where the expansion being built adds instructions; its bci. */
    private Block current;
    private int bci;
    /** Blocks this expansion made: they get their predecessors as edges into them are made. */
    private final Set<Block> fresh = new CompilerSet<>();
    /** Edges into blocks the expansion did not make (a branch's targets without phis), wired at its end. */
    private final Map<Block, List<Block>> edgesInto = new CompilerMap<>();

    private TypeCheckExpansion(Graph g, HotSpotVmConfig c) {
        this.g = g;
        this.c = c;
    }

    /**
     * Expands every type test and store check of {@code g}; returns how many. A block's are expanded
     * last first: each split then moves only what lies between two checks (a class initializer's
     * thousands of {@code aastore}s stay linear).
     */
    static int expand(Graph g, HotSpotVmConfig config) {
        if (!g.mayContain(HotSpotOp.TYPE_TEST) && !g.mayContain(HotSpotOp.STORE_CHECK) && !g.mayContain(HotSpotOp.CLASS_TEST)) {
            return 0;
        }
        TypeCheckExpansion x = new TypeCheckExpansion(g, config);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            List<Instruction> checks = b.instructionsWhere(i -> i.op() == HotSpotOp.TYPE_TEST || i.op() == HotSpotOp.STORE_CHECK || i.op() == HotSpotOp.CLASS_TEST);
            for (int k = checks.size() - 1; k >= 0; k--) {
                x.expand(checks.get(k));
                n++;
            }
        }
        return n;
    }

    /**
     * Expands {@code t} where its one user wants the answer (see the class comment). The test reads
     * only what never changes (an object's class, class metadata), so it may run at its user, later
     * than where it stood, which its object dominates.
     */
    private void expand(Instruction t) {
        Block b = t.block();
        if (!b.handlers().isEmpty()) {
            throw new IllegalStateException(b + " still has exception edges when its type checks are expanded");
        }
        bci = t.bci();
        fresh.clear();
        edgesInto.clear();
        Check check = new Check(t.op(), t.op() == HotSpotOp.TYPE_TEST ? t.attribute(TypeTest.class) : null, t.input(0), t.inputCount() > 1 ? t.input(1) : null);
        Node only = t.userCount() == 1 ? t.user(0) : null;
        if (only instanceof If f && f.x() == t && isIntZero(f.y()) && (f.condition() == Condition.EQ || f.condition() == Condition.NE) && f.state() == null) {
            // A branch on the test: from the end of the branch's block straight to its targets
            // (through a block of their own for targets with phis). Not a backward branch, which
            // polls: its state holds the test's value (the ifne's operand), so the answer is a phi,
            // and the branch and its poll stay.
            Block at = f.block();
            boolean passIsTrue = f.condition() == Condition.NE;
            Block pass = landing(at, passIsTrue ? f.trueTarget() : f.falseTarget());
            Block fail = landing(at, passIsTrue ? f.falseTarget() : f.trueTarget());
            current = at;
            emit(check, pass, fail);
            b.removeInstruction(t); // the old branch, its only user, went with at's terminator
            wireEdgesInto(at);
        } else if (only instanceof Instruction guard && guard.op() == HotSpotOp.GUARD) {
            // A checkcast's or aastore's guard: failing deoptimizes with its state, passing goes on.
            Block at = guard.block();
            Block rest = splitAfter(at, guard);
            Block trap = newBlock();
            Instruction d = new Instruction(g, HotSpotOp.DEOPTIMIZE, JavaKind.Void, guard.attribute(Deopt.class), guard.bci());
            Throw never = new Throw(guard.bci(), g.nullConstant()); // not reached: the deoptimization does not return
            never.setState(guard.state().copy());
            d.setState(guard.takeState()); // moved, not copied: unlinking it from long use lists was quadratic
            trap.append(d);
            trap.setTerminator(never);
            at.removeInstruction(guard);
            b.removeInstruction(t);
            current = at;
            emit(check, rest, trap);
        } else {
            // The answer as a value: 1 or 0.
            Block rest = splitAfter(b, t);
            Block yes = newBlock();
            Block no = newBlock();
            current = yes;
            jump(rest);
            current = no;
            jump(rest);
            Phi answer = rest.addPhi(g, JavaKind.Int);
            answer.appendOperand(g.intConstant(1));
            answer.appendOperand(g.intConstant(0));
            answer.setStamp(Stamp.forInt(0, 1));
            t.replaceAllUsesWith(answer);
            b.removeInstruction(t);
            current = b;
            emit(check, yes, no);
        }
    }

    /** The edges the expansion made into blocks it did not make, which came from {@code origin} before. */
    private void wireEdgesInto(Block origin) {
        for (var e : edgesInto.entrySet()) {
            Block target = e.getKey();
            target.removePredecessor(origin); // no phis (see landing): nothing else to keep in step
            for (Block from : e.getValue()) {
                target.addPredecessor(from);
            }
        }
    }

    /**
     * Where the expansion of a branch on a test in {@code b} goes to reach {@code target}: the target
     * itself if it has no phis (several expansion blocks may then jump to it), else a new block that
     * jumps to it, taking {@code b}'s place among its predecessors (its phis unchanged).
     */
    private Block landing(Block b, Block target) {
        if (target.phis().isEmpty()) {
            return target;
        }
        Block l = newBlock();
        l.setTerminator(new Goto(bci, target));
        target.replacePredecessor(b, l);
        return l;
    }

    /** Moves what follows {@code x} in {@code b}, and {@code b}'s terminator, to a new block, which it returns. */
    private Block splitAfter(Block b, Instruction x) {
        Block rest = newBlock();
        b.moveInstructionsAfter(x, rest);
        b.moveTerminator(rest);
        for (Block s : rest.terminator().targets()) {
            s.replacePredecessor(b, rest);
        }
        return rest;
    }

    /** A check taken apart before its instruction goes: a type test's type and object, or a store check's array and value. */
    private record Check(Operation op, TypeTest typeTest, Value first, Value second) {
    }

    private void emit(Check t, Block pass, Block fail) {
        if (t.op() == HotSpotOp.TYPE_TEST) {
            typeTest(t.first(), t.typeTest(), pass, fail);
        } else if (t.op() == HotSpotOp.CLASS_TEST) {
            classTest(t.first(), t.second(), pass, fail);
        } else {
            storeCheck(t.first(), t.second(), pass, fail);
        }
    }

    // The protocol ------------------------------------------------------------------------------------

    private void typeTest(Value object, TypeTest test, Block pass, Block fail) {
        if (!(test.hub() instanceof HotSpotMetaspaceConstant hub) || hub.isCompressed()) {
            throw new IllegalStateException("a type test of " + test.type().toJavaName() + " needs an uncompressed class-metadata constant: " + test.hub());
        }
        if (test.maybeNull()) {
            exitIf(Condition.EQ, object, g.nullConstant(), test.nullPasses() ? pass : fail);
        }
        if (test.exact() && c.useCompressedClassPointers) {
            // The narrow klasses compared: no decoding (the constant first, so that a target may
            // compare the header's word with it in memory).
            Instruction narrowT = add(new Instruction(g, HotSpotOp.METADATA, JavaKind.Int, (VMConstant) hub.compress(), bci), null);
            branch(Condition.EQ, narrowKlass(object), narrowT, pass, fail);
            return;
        }
        Instruction t = add(new Instruction(g, HotSpotOp.METADATA, JavaKind.Long, (VMConstant) hub, bci), null);
        Value s = klass(object);
        if (test.exact()) {
            branch(Condition.EQ, s, t, pass, fail);
            return;
        }
        int offset = test.superCheckOffset();
        if (offset >= 0 && offset != c.klassSecondarySuperCacheOffset) {
            // T's slot in S's primary supers (the display holds S too): one compare decides.
            branch(Condition.EQ, read(s, null, word(offset)), t, pass, fail);
            return;
        }
        subtype(s, t, offset == c.klassSecondarySuperCacheOffset, pass, fail);
    }

    private void storeCheck(Value array, Value value, Block pass, Block fail) {
        if (!value.stamp().isNonNull()) {
            exitIf(Condition.EQ, value, g.nullConstant(), pass);
        }
        Value s = klass(value);
        Value element = read(klass(array), null, word(c.objArrayElementKlassOffset));
        subtype(s, element, false, pass, fail);
    }

    /**
     * {@code mirror.isInstance(object)}: the class is the mirror's {@code Klass*} (0 for a primitive
     * type's mirror), tested as a store check tests the element class.
     */
    private void classTest(Value mirror, Value object, Block pass, Block fail) {
        if (!mirror.stamp().isNonNull()) {
            exitIf(Condition.EQ, mirror, g.nullConstant(), fail);
        }
        if (!object.stamp().isNonNull()) {
            exitIf(Condition.EQ, object, g.nullConstant(), fail);
        }
        Instruction t = read(mirror, null, word(c.mirrorKlassOffset));
        exitIf(Condition.EQ, t, g.longConstant(0), fail);
        subtype(klass(object), t, false, pass, fail);
    }

    /**
     * Goes to {@code pass} if class {@code s} is class {@code t} or a subtype, else to {@code fail};
     * with {@code secondary}, T's super check offset is known to be the secondary-super cache's.
     */
    private void subtype(Value s, Value t, boolean secondary, Block pass, Block fail) {
        exitIf(Condition.EQ, s, t, pass);
        if (secondary) {
            exitIf(Condition.EQ, read(s, null, word(c.klassSecondarySuperCacheOffset)), t, pass);
        } else {
            Instruction offset = read(t, null, new Access(JavaKind.Int, c.klassSuperCheckOffsetOffset, 0, false));
            exitIf(Condition.EQ, read(s, offset, new Access(JavaKind.Long, 0, 1, false)), t, pass);
            exitIf(Condition.NE, offset, g.intConstant(c.klassSecondarySuperCacheOffset), fail);
        }
        Instruction supers = read(s, null, word(c.klassSecondarySupersOffset));
        Instruction n = read(supers, null, new Access(JavaKind.Int, c.klassArrayLengthOffset, 0, false));
        Block header = newBlock();
        Block body = newBlock();
        Block latch = newBlock();
        jump(header);
        Phi i = header.addPhi(g, JavaKind.Int);
        i.appendOperand(g.intConstant(0));
        i.setStamp(Stamp.forInt(0, Integer.MAX_VALUE));
        current = header;
        branch(Condition.GE, i, n, fail, body);
        current = body;
        branch(Condition.EQ, read(supers, i, new Access(JavaKind.Long, c.klassArrayDataOffset, 8, false)), t, pass, latch);
        current = latch;
        Instruction next = add(new Instruction(g, Op.ADD, JavaKind.Int, null, bci, i, g.intConstant(1)), Stamp.forInt(1, Integer.MAX_VALUE));
        jump(header);
        i.appendOperand(next);
    }

    /** The class word of the non-null {@code object}, as the VM's header holds it ({@link ClassWords}). */
    private Value klass(Value object) {
        return ClassWords.klass(g, c, current, bci, object);
    }

    /** The narrow class pointer of the non-null {@code object} (compressed class pointers only). */
    private Value narrowKlass(Value object) {
        return ClassWords.narrowKlass(g, c, current, bci, object);
    }

    // Building blocks ---------------------------------------------------------------------------------

    /** A 64-bit word at {@code displacement}. */
    private static Access word(int displacement) {
        return new Access(JavaKind.Long, displacement, 0, false);
    }

    /** A read that cannot fail (its base is a class word, or an object known non-null here): no state. */
    private Instruction read(Value base, Value index, Access a) {
        Instruction r = index == null ? new Instruction(g, HotSpotOp.READ, a.valueKind(), a, bci, base) : new Instruction(g, HotSpotOp.READ, a.valueKind(), a, bci, base, index);
        return add(r, null);
    }

    private Instruction add(Instruction i, Stamp stamp) {
        current.insertAtEnd(i);
        if (stamp != null) {
            i.setStamp(stamp);
        }
        return i;
    }

    private Block newBlock() {
        Block b = g.newBlock(bci);
        fresh.add(b);
        return b;
    }

    /** {@code if (x cond y) goto target}; else the expansion goes on in a new block. */
    private void exitIf(Condition cond, Value x, Value y, Block target) {
        Block next = newBlock();
        branch(cond, x, y, target, next);
        current = next;
    }

    private void branch(Condition cond, Value x, Value y, Block ifTrue, Block ifFalse) {
        terminate(new If(bci, cond, x, y, ifTrue, ifFalse));
    }

    private void jump(Block target) {
        terminate(new Goto(bci, target));
    }

    /** Ends {@code current} with {@code t} (replacing the branch it may still have) and records its edges. */
    private void terminate(Terminator t) {
        if (current.terminator() != null) {
            current.replaceTerminator(t);
        } else {
            current.setTerminator(t);
        }
        for (Block target : t.targets()) {
            if (fresh.contains(target)) {
                target.addPredecessor(current);
            } else {
                edgesInto.computeIfAbsent(target, k -> new CompilerList<>()).add(current);
            }
        }
    }

    private static boolean isIntZero(Value v) {
        return v instanceof Constant k && k.kind() == JavaKind.Int && k.asInt() == 0;
    }

}
