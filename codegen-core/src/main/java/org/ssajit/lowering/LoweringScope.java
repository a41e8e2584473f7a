package org.ssajit.lowering;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.bytecode.Linkage;
import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.FieldRef;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * What ssajit compiles, decided on the SSA graph before lowering, for every target: a method outside
 * it is refused with a {@link BailoutException} ({@link BailoutException.Reason#UNSUPPORTED}) naming
 * the first construct found and its bci. Runs after exception edges are gone, so code only an exception reaches
 * does not count.
 */
final class LoweringScope {
    private LoweringScope() {
    }

    private static final String MONITORS_OFF = "monitors are turned off (-Dssajit.Monitors=false)";

    /**
     * Refusals that depend on the method alone. {@code monitors}: whether monitors ({@code
     * monitorenter}/{@code monitorexit}, synchronized methods) are compiled ({@link LoweringOptions#MONITORS}).
     */
    static void checkMethod(ResolvedJavaMethod m, boolean monitors) {
        if (m.isSynchronized() && !monitors) {
            throw refuse("synchronized method: " + MONITORS_OFF);
        }
    }

    /** Refuses {@code g} if it contains anything the lowering does not lower. Needs the graph's stamps. */
    static void check(Graph g, boolean monitors) {
        for (Block b : g.dominance().reversePostorder()) {
            for (Instruction i : b.instructions()) {
                String why = reason(i, monitors);
                if (why != null) {
                    throw refuse(why);
                }
            }
            if (b.terminator() instanceof Throw t && t.state() == null) {
                throw refuse("athrow at bci " + t.bci() + ": no frame state to throw in the interpreter from");
            }
        }
    }

    /** Whether every predecessor of the caught exception's block reaches it through an exception edge (of a call, see ExceptionDispatch). */
    private static boolean caughtOnlyFromCalls(Instruction i) {
        Block b = i.block();
        if (b.predecessors().isEmpty()) {
            return false;
        }
        for (Block p : b.predecessors()) {
            if (p.handlers().stream().noneMatch(h -> h.target() == b) || p.terminator() == null || p.terminator().targets().contains(b)) {
                return false;
            }
        }
        return true;
    }

    /** Why {@code i} cannot be compiled, as {@code "<what> at bci <n>: <why>"}, or null. */
    private static String reason(Instruction i, boolean monitors) {
        if (!(i.op() instanceof Op op)) {
            return null;
        }
        String why = switch (op) {
            case INVOKE -> invoke(i.invokeTarget());
            case MONITOR_ENTER -> !monitors ? MONITORS_OFF
                            : i.state() == null || i.state().stackSize() == 0 && i.attribute() != org.ssajit.ir.MethodLock.INSTANCE ? "no frame state" : null;
            case MONITOR_EXIT -> !monitors ? MONITORS_OFF : monitorExit(i);
            case EXCEPTION_OBJECT -> caughtOnlyFromCalls(i) ? null : "exception handler reached by normal control flow";
            default -> null;
        };
        if (why == null) {
            return null;
        }
        String what = switch (op) {
            case INVOKE -> i.invokeTarget().toString();
            case LOAD_FIELD -> "getfield " + i.field();
            default -> i.op().mnemonic();
        };
        return what + " at bci " + i.bci() + ": " + why;
    }

    /**
     * {@code java.lang.ref.Reference.referent}: a plain load would hand out a weakly reachable object
     * without telling G1's concurrent marking (compiled code needs a SATB keep-alive barrier there).
     */
    static boolean isReferent(FieldRef f) {
        return !f.isStatic() && f.field().getName().equals("referent") && f.field().getDeclaringClass().getName().equals("Ljava/lang/ref/Reference;");
    }

    /**
     * A linked invokedynamic, and a linked signature-polymorphic call ({@code MethodHandle.invokeExact}
     * and {@code invoke}, the {@code VarHandle} access modes: HotSpot's invokehandle), is a static call
     * of its adapter with the appendix; an invokedynamic not linked yet deoptimizes (the lowering).
     * What is left is the front end's to refuse: signature-polymorphic sites not linked yet, and the
     * method-handle intrinsics ({@code invokeBasic}, {@code linkTo*}) that only java.lang.invoke's
     * generated code calls.
     */
    private static String invoke(InvokeTarget t) {
        if (t.opcode() == Bytecodes.INVOKEDYNAMIC || t.appendix() != null) {
            return null;
        }
        if (t.method() instanceof ResolvedJavaMethod m && Linkage.isSignaturePolymorphic(m)) {
            return "signature-polymorphic call without an adapter";
        }
        return null;
    }

    /**
     * A {@code monitorexit} releases the innermost lock this frame holds (the lowering checks at run
     * time that the operand is that object where it cannot tell); with no lock held it is refused.
     */
    private static String monitorExit(Instruction i) {
        if (i.state() == null || i.state().locksSize() == 0) {
            return "no lock held";
        }
        return null;
    }

    /** Whether the array's stamp says it is a boolean[] (or null): the verifier guarantees the declared types it comes from. */
    static boolean isBooleanArray(Value array) {
        return componentKind(array) == JavaKind.Boolean;
    }

    static boolean isByteOrBooleanArray(Value array) {
        JavaKind k = componentKind(array);
        return k == JavaKind.Boolean || k == JavaKind.Byte;
    }

    private static JavaKind componentKind(Value array) {
        ResolvedJavaType t = array.stamp().type();
        return t != null && t.isArray() ? t.getComponentType().getJavaKind() : null;
    }

    static BailoutException refuse(String message) {
        return new BailoutException(BailoutException.Reason.UNSUPPORTED, message);
    }
}
