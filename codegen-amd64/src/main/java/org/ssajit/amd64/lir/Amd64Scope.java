package org.ssajit.amd64.lir;

import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.ParameterSlots;
import org.ssajit.ir.Block;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * What the AMD64 back end compiles in this milestone, decided before any LIR exists: a method outside
 * it is refused with a {@link BailoutException} ({@link BailoutException.Reason#UNSUPPORTED}) naming
 * the first construct found. Only blocks reachable by normal control flow count:
 * exception handlers are never compiled (compiled code deoptimizes where an exception would be
 * thrown), so what they contain does not matter.
 */
public final class Amd64Scope {
    private Amd64Scope() {
    }

    /** Refuses {@code g} if it contains anything the back end does not compile. */
    public static void check(Graph g) {
        ResolvedJavaMethod m = g.method();
        if (!m.isStatic() && HotSpotVmConfig.host().useCompactObjectHeaders && HotSpotVmConfig.host().markWordKlassShift < 32) {
            throw refuse("instance method: compact object headers with the klass below bit 32 of the mark word");
        }
        if (m.isSynchronized()) {
            throw refuse("synchronized method: monitors are not compiled");
        }
        if (!m.getDeclaringClass().isInitialized()) {
            // Another thread calling it must wait for the initialization: HotSpot's compilers put a
            // class-initialization barrier at the entry of such code; ssajit emits none.
            throw new BailoutException(BailoutException.Reason.NOT_INITIALIZED,
                            "static method of a class not initialized yet: no class-initialization barrier at the entry");
        }
        for (Block b : reachable(g)) {
            for (Instruction i : b.instructions()) {
                String why = reason(i, m);
                if (why != null) {
                    throw refuse(why);
                }
            }
            if (b.terminator() instanceof Throw t) {
                throw refuse("athrow at bci " + t.bci() + ": throwing is not compiled");
            }
        }
    }

    /** Why {@code i} cannot be compiled, as {@code "<what> at bci <n>: <why>"}, or null. */
    private static String reason(Instruction i, ResolvedJavaMethod m) {
        String why = switch (i.op()) {
            case INVOKE -> "calls are not compiled";
            case NEW_INSTANCE, NEW_ARRAY, NEW_MULTI_ARRAY -> "allocation is not compiled";
            case CHECKCAST, INSTANCEOF -> "type checks are not compiled";
            case MONITOR_ENTER, MONITOR_EXIT -> "monitors are not compiled";
            case EXCEPTION_OBJECT -> "exception handler reached by normal control flow";
            case REM -> i.kind() == JavaKind.Float || i.kind() == JavaKind.Double
                            ? "x86 has no SSE remainder instruction (an x87 fprem loop is not implemented)"
                            : null;
            case STORE_FIELD -> i.field().kind().isObject() ? "reference stores need GC barriers (not compiled)" : null;
            case LOAD_FIELD -> isReferent(i.field()) ? "reading Reference.referent needs G1's keep-alive barrier (not compiled)" : null;
            case STORE_INDEXED -> storeIndexed(i, m);
            default -> null;
        };
        if (why == null) {
            return null;
        }
        String what = switch (i.op()) {
            case INVOKE -> i.invokeTarget().toString();
            case REM -> i.kind() == JavaKind.Float ? "frem" : "drem";
            case STORE_FIELD -> (i.field().isStatic() ? "putstatic " : "putfield ") + i.field();
            case LOAD_FIELD -> "getfield " + i.field();
            case STORE_INDEXED -> i.elementKind() == JavaKind.Object ? "aastore" : "bastore";
            default -> i.op().mnemonic();
        };
        return what + " at bci " + i.bci() + ": " + why;
    }

    /**
     * {@code java.lang.ref.Reference.referent}: a plain load would hand out a weakly reachable object
     * without telling G1's concurrent marking (compiled code needs a SATB keep-alive barrier there).
     */
    static boolean isReferent(org.ssajit.ir.FieldRef f) {
        return !f.isStatic() && f.field().getName().equals("referent") && f.field().getDeclaringClass().getName().equals("Ljava/lang/ref/Reference;");
    }

    private static String storeIndexed(Instruction i, ResolvedJavaMethod m) {
        JavaKind k = i.elementKind();
        if (k == JavaKind.Object) {
            return "reference stores need a store check and GC barriers (not compiled)";
        }
        if (k == JavaKind.Byte && arrayType(i.input(0), m) == null && !isZeroOrOne(i.input(2))) {
            return "the array is not known to be byte[] or boolean[] (a boolean store masks the value)";
        }
        return null;
    }

    /** A constant 0 or 1 is stored alike into a byte[] and a boolean[]: the type need not be known. */
    private static boolean isZeroOrOne(Value v) {
        return v instanceof org.ssajit.ir.Constant c && c.kind() == JavaKind.Int && (c.value().asInt() == 0 || c.value().asInt() == 1);
    }

    /**
     * The static type of an array value, as far as the SSA graph tells it (parameters, field and
     * array-element loads, an OSR entry's locals that hold a parameter, and phis of those agreeing): a descriptor such as {@code "[Z"} or
     * {@code "[B"}, or null if unknown. The verifier guarantees the value's class at run time is that
     * type (or null): arrays of primitives have no subtypes.
     */
    public static String arrayType(Value v, ResolvedJavaMethod method) {
        return arrayType(v, method, new HashSet<>());
    }

    private static String arrayType(Value v, ResolvedJavaMethod m, Set<Value> visiting) {
        if (!visiting.add(v)) {
            return ""; // a cycle through phis: agrees with anything
        }
        if (v instanceof Parameter p && !p.isReceiver()) {
            return descriptor(m.getSignature().getParameterType(p.index() - (m.isStatic() ? 0 : 1), null));
        }
        if (v instanceof Instruction i) {
            return switch (i.op()) {
                case LOAD_FIELD -> descriptor(i.field().field().getType());
                case OSR_LOCAL -> descriptor(ParameterSlots.unwrittenReferenceParameter(m, i.osrLocal()));
                case LOAD_INDEXED -> {
                    String outer = i.elementKind() == JavaKind.Object ? arrayType(i.input(0), m, visiting) : null;
                    yield outer != null && outer.startsWith("[[") ? outer.substring(1) : null;
                }
                default -> null;
            };
        }
        if (v instanceof Phi phi) {
            String found = "";
            for (int k = 0; k < phi.operandCount(); k++) {
                Value in = phi.operand(k);
                if (in instanceof org.ssajit.ir.Constant c && c.isNull()) {
                    continue;
                }
                String t = arrayType(in, m, visiting);
                if (t == null) {
                    return null;
                }
                if (!t.isEmpty()) {
                    if (!found.isEmpty() && !found.equals(t)) {
                        return null;
                    }
                    found = t;
                }
            }
            return found.isEmpty() ? null : found;
        }
        return null;
    }

    private static String descriptor(JavaType t) {
        return t == null ? null : t.getName();
    }

    /** Blocks reachable from the entry by normal (non-exception) edges: the ones the back end compiles. */
    public static List<Block> reachable(Graph g) {
        List<Block> out = new java.util.ArrayList<>();
        Set<Block> seen = new HashSet<>();
        ArrayDeque<Block> work = new ArrayDeque<>();
        work.add(g.entry());
        seen.add(g.entry());
        while (!work.isEmpty()) {
            Block b = work.poll();
            out.add(b);
            for (Block s : b.terminator().targets()) {
                if (seen.add(s)) {
                    work.add(s);
                }
            }
        }
        return out;
    }

    static BailoutException refuse(String message) {
        return new BailoutException(BailoutException.Reason.UNSUPPORTED, message);
    }
}
