package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import java.util.function.Predicate;

import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * {@code Unsafe.allocateInstance(Class)}, the allocation behind constructor method handles and reflection's
 * {@code Constructor.newInstance} ({@code DirectMethodHandle.allocateInstance}) and serialization:
 * a native, which HotSpot's interpreter and C1 call through JNI (handles, a thread-state transition,
 * the VM's allocation path), and which C2 allocates inline. Here the allocation is tried inline and the
 * call, unchanged, is the slow path:
 *
 * <pre>
 *   if (unsafe == null) call          (left out where the stamp says non-null: the usual static final)
 *   if (c == null) call               (the same)
 *   o = allocateinstanceof c          (null: not inline; see {@link HotSpotOp#ALLOCATE_INSTANCE_OF})
 *   if (o == null) call
 *   result = phi(o, call)
 * </pre>
 *
 * <p>{@link HotSpotOp#ALLOCATE_INSTANCE_OF} is expanded with the other allocations ({@link AllocationExpansion}):
 * it reads the class from the mirror and allocates from the thread's buffer only for a fully
 * initialized class whose layout helper gives a size without the VM's slow-path bit, each other case
 * branching to the call, which does everything else as the interpreter would: it throws for a null
 * class, InstantiationException for an abstract class, an interface, an array class or a primitive
 * type, IllegalAccessException for {@code Class}, initializes a class first, allocates from the VM
 * when the buffer is full. The call's block is cold. A JDK 25 allocation registers no finalizer (that
 * happens at {@code Object.<init>}'s return, which this allocation does not run), so finalizable
 * classes are allocated inline too. A call whose block has exception edges stays a call, as in
 * {@link ArrayCopies}. Runs before the lowering proper.
 */
public final class InstanceAllocations {
    private InstanceAllocations() {
    }

    /** Expands every call of {@code Unsafe.allocateInstance} in {@code g} outside the blocks {@code skip} accepts; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config, Predicate<Block> skip) {
        if (!config.useTlab) {
            return 0;
        }
        int expanded = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            if (!b.handlers().isEmpty() || skip.test(b)) {
                continue;
            }
            Block at = b;
            boolean again = true;
            while (again) {
                again = false;
                for (Instruction i : at.instructions()) {
                    if (isAllocateInstance(i)) {
                        at = expand(g, at, i);
                        expanded++;
                        again = true;
                        break;
                    }
                }
            }
        }
        return expanded;
    }

    /** Whether {@code i} calls {@code jdk.internal.misc.Unsafe.allocateInstance(Class)}. */
    static boolean isAllocateInstance(Instruction i) {
        if (i.op() != Op.INVOKE) {
            return false;
        }
        InvokeTarget t = i.invokeTarget();
        return t.opcode() == Bytecodes.INVOKEVIRTUAL && t.appendix() == null && t.method() instanceof ResolvedJavaMethod m && !m.isStatic()
                        && m.getName().equals("allocateInstance") && m.getDeclaringClass().getName().equals("Ljdk/internal/misc/Unsafe;")
                        && m.getSignature().toMethodDescriptor().equals("(Ljava/lang/Class;)Ljava/lang/Object;");
    }

    /** Replaces {@code call} in {@code b} by the inline allocation with the call as its slow path; returns the block with what followed the call. */
    private static Block expand(Graph g, Block b, Instruction call) {
        int bci = call.bci();
        Value unsafe = call.input(0);
        Value mirror = call.input(1);

        Block[] split = ArrayCopies.splitAtCall(g, b, call);
        Block rest = split[0];
        Block slow = split[1];
        slow.setCold();
        Block at = b;
        if (!unsafe.stamp().isNonNull()) {
            at = ArrayCopies.branch(g, at, Condition.EQ, unsafe, g.nullConstant(), slow, bci);
        }
        if (!mirror.stamp().isNonNull()) {
            at = ArrayCopies.branch(g, at, Condition.EQ, mirror, g.nullConstant(), slow, bci);
        }
        Instruction object = new Instruction(g, HotSpotOp.ALLOCATE_INSTANCE_OF, JavaKind.Object, null, bci, mirror);
        at.append(object);
        at = ArrayCopies.branch(g, at, Condition.EQ, object, g.nullConstant(), slow, bci);
        at.setTerminator(new Goto(-1, rest));
        rest.addPredecessor(at);
        rest.addPredecessor(slow);
        Phi result = rest.addPhi(g, JavaKind.Object);
        call.replaceAllUsesWith(result);
        result.appendOperand(object);
        result.appendOperand(call);
        return rest;
    }
}
