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

    /**
     * Whether monitors ({@code monitorenter}/{@code monitorexit}, synchronized methods) are compiled:
     * on unless {@code -Dssajit.Monitors=false}, a switch to rule them out when a locking problem is
     * suspected.
     */
    public static volatile boolean monitors = Boolean.parseBoolean(System.getProperty("ssajit.Monitors", "true"));

    private static final String MONITORS_OFF = "monitors are turned off (-Dssajit.Monitors=false)";

    /** Refusals that depend on the method alone. */
    static void checkMethod(ResolvedJavaMethod m) {
        if (m.isSynchronized() && !monitors) {
            throw refuse("synchronized method: " + MONITORS_OFF);
        }
        if (m.isConstructor() && m.getDeclaringClass().isJavaLangObject()) {
            // Its return registers the new object's finalizer (the interpreter's
            // _return_register_finalizer); ssajit's code would not.
            throw refuse("java.lang.Object.<init> registers finalizers: not compiled");
        }
    }

    /** Refuses {@code g} if it contains anything the lowering does not lower. Needs the graph's stamps. */
    static void check(Graph g) {
        for (Block b : g.dominance().reversePostorder()) {
            for (Instruction i : b.instructions()) {
                String why = reason(i);
                if (why != null) {
                    throw refuse(why);
                }
            }
            if (b.terminator() instanceof Throw t && t.state() == null) {
                throw refuse("athrow at bci " + t.bci() + ": no frame state to throw in the interpreter from");
            }
        }
    }

    /** Why {@code i} cannot be compiled, as {@code "<what> at bci <n>: <why>"}, or null. */
    private static String reason(Instruction i) {
        String why = switch (i.op()) {
            case INVOKE -> invoke(i.invokeTarget());
            case MONITOR_ENTER -> !monitors ? MONITORS_OFF : i.state() == null || i.state().stackSize() == 0 ? "no frame state" : null;
            case MONITOR_EXIT -> !monitors ? MONITORS_OFF : monitorExit(i);
            case EXCEPTION_OBJECT -> "exception handler reached by normal control flow";
            case STORE_INDEXED -> storeIndexed(i);
            default -> null;
        };
        if (why == null) {
            return null;
        }
        String what = switch (i.op()) {
            case INVOKE -> i.invokeTarget().toString();
            case LOAD_FIELD -> "getfield " + i.field();
            case STORE_INDEXED -> "bastore";
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
     * Signature-polymorphic calls ({@code MethodHandle.invokeExact}, {@code VarHandle.get}, the
     * {@code linkTo*} intrinsics) are not compiled yet. A linked invokedynamic is a static call of its
     * adapter with the appendix; one not linked yet deoptimizes (the lowering).
     */
    private static String invoke(InvokeTarget t) {
        if (t.opcode() == Bytecodes.INVOKEDYNAMIC) {
            return null;
        }
        if (t.appendix() != null || (t.method() instanceof ResolvedJavaMethod m && Linkage.isSignaturePolymorphic(m))) {
            return "signature-polymorphic calls are not compiled";
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

    private static String storeIndexed(Instruction i) {
        JavaKind k = i.elementKind();
        if (k == JavaKind.Byte && !isByteOrBooleanArray(i.input(In.ARRAY)) && !isZeroOrOne(i.input(In.VALUE))) {
            return "the array is not known to be byte[] or boolean[] (a boolean store masks the value)";
        }
        return null;
    }

    /** A constant 0 or 1 is stored alike into a byte[] and a boolean[]: the type need not be known. */
    private static boolean isZeroOrOne(Value v) {
        return v instanceof Constant c && c.kind() == JavaKind.Int && (c.asInt() == 0 || c.asInt() == 1);
    }

    /** Whether the array's stamp says it is a boolean[] (or null): the verifier guarantees the declared types it comes from. */
    static boolean isBooleanArray(Value array) {
        return componentKind(array) == JavaKind.Boolean;
    }

    private static boolean isByteOrBooleanArray(Value array) {
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
