package org.ssajit.bytecode;

import static org.ssajit.bytecode.Bytecodes.*;

import jdk.vm.ci.meta.ConstantPool;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaField;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaMethod;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.PrimitiveConstant;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;
import jdk.vm.ci.meta.Signature;
import org.ssajit.util.IntMath;

/**
 * What the constant-pool operands of one method's bytecodes refer to, looked up once per bci and
 * then shared by every pass (block map, frame shapes, liveness, parser), so that all of them see the
 * same resolution state even if another thread resolves entries meanwhile.
 *
 * <p>Operands are JVMCI raw indexes and go straight to {@link ConstantPool} (JVMCI-FACTS.md). Nothing
 * here forces resolution: unresolved entries come back as unresolved JVMCI objects.
 */
public final class Linkage {
    /**
     * A call site. With an appendix (invokedynamic, MethodHandle.invoke*), {@code target} is HotSpot's
     * static adapter and the appendix is passed as its last argument; {@code argumentKinds} are the
     * stack kinds popped at the call site, the receiver (if any) first.
     */
    public record CallSite(JavaMethod target, int opcode, JavaConstant appendix, JavaKind[] argumentKinds, JavaKind returnKind) {
        public int argumentSlots() {
            int n = 0;
            for (JavaKind k : argumentKinds) {
                n += k.getSlotCount();
            }
            return n;
        }
    }

    /** An ldc: {@code value} is a JavaConstant or resolved type if known, else null (needs resolution). */
    public record Ldc(JavaKind kind, Object value, int cpi) {
        public boolean isResolved() {
            return value != null;
        }
    }

    private final ResolvedJavaMethod method;
    private final ConstantPool pool;
    /** What the instruction at each bci refers to, once looked up (null: not yet). */
    private final Object[] cache;

    public Linkage(ResolvedJavaMethod method) {
        this.method = method;
        this.pool = method.getConstantPool();
        this.cache = new Object[IntMath.max(0, method.getCodeSize())];
    }

    public ResolvedJavaMethod method() {
        return method;
    }

    public ConstantPool pool() {
        return pool;
    }

    public JavaField field(BytecodeStream s) {
        Object c = cache[s.bci()];
        return c != null ? (JavaField) c : (JavaField) remember(s.bci(), pool.lookupField(s.cpIndex(), method, s.opcode()));
    }

    public JavaType type(BytecodeStream s) {
        Object c = cache[s.bci()];
        return c != null ? (JavaType) c : (JavaType) remember(s.bci(), pool.lookupType(s.cpIndex(), s.opcode()));
    }

    public CallSite callSite(BytecodeStream s) {
        Object c = cache[s.bci()];
        return c != null ? (CallSite) c : (CallSite) remember(s.bci(), lookupCallSite(s.cpIndex(), s.opcode()));
    }

    public Ldc ldc(BytecodeStream s) {
        Object c = cache[s.bci()];
        return c != null ? (Ldc) c : (Ldc) remember(s.bci(), lookupLdc(s.cpIndex(), s.opcode()));
    }

    private Object remember(int bci, Object looked) {
        cache[bci] = looked;
        return looked;
    }

    /**
     * Whether the instruction can throw or needs the runtime (deoptimize, resolve). Like
     * {@link Bytecodes#canTrap} but an ldc of a literal or of an already resolved entry cannot.
     */
    public boolean traps(BytecodeStream s) {
        int op = s.opcode();
        if (op == LDC || op == LDC_W || op == LDC2_W) {
            return !ldc(s).isResolved();
        }
        return Bytecodes.canTrap(op);
    }

    private CallSite lookupCallSite(int cpi, int opcode) {
        JavaMethod target = pool.lookupMethod(cpi, opcode, method);
        JavaConstant appendix = null;
        if (opcode == INVOKEDYNAMIC || (opcode == INVOKEVIRTUAL && target instanceof ResolvedJavaMethod r && isSignaturePolymorphic(r))
                        || (opcode == INVOKEVIRTUAL && target instanceof ResolvedJavaMethod r2 && r2.isStatic())) {
            if (target instanceof ResolvedJavaMethod) {
                appendix = pool.lookupAppendix(cpi, opcode);
            }
        }
        Signature sig = target.getSignature();
        int n = sig.getParameterCount(false);
        JavaKind returnKind = sig.getReturnKind().getStackKind();
        if (appendix != null) {
            // A linked adapter: static, receiver (if any) explicit, appendix last and not on the stack.
            ResolvedJavaMethod adapter = (ResolvedJavaMethod) target;
            if (!adapter.isStatic() || n == 0) {
                throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "unexpected adapter " + adapter.format("%H.%n(%p)") + " for " + Bytecodes.nameOf(opcode));
            }
            JavaKind[] kinds = new JavaKind[n - 1];
            for (int i = 0; i < n - 1; i++) {
                kinds[i] = sig.getParameterKind(i).getStackKind();
            }
            return new CallSite(target, opcode, appendix, kinds, returnKind);
        }
        if (target instanceof ResolvedJavaMethod r && isSignaturePolymorphic(r)) {
            String name = r.getName();
            if (name.equals("invokeBasic") || name.startsWith("linkTo")) {
                throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "method-handle intrinsic " + r.format("%H.%n") + " (java.lang.invoke's generated code)");
            }
            throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "signature-polymorphic call to " + r.format("%H.%n") + " not linked yet");
        }
        if (opcode == INVOKEDYNAMIC && target instanceof ResolvedJavaMethod) {
            throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "linked invokedynamic without appendix");
        }
        boolean receiver = opcode != INVOKESTATIC && opcode != INVOKEDYNAMIC;
        JavaKind[] kinds = new JavaKind[n + (receiver ? 1 : 0)];
        int k = 0;
        if (receiver) {
            kinds[k++] = JavaKind.Object;
        }
        for (int i = 0; i < n; i++) {
            kinds[k++] = sig.getParameterKind(i).getStackKind();
        }
        return new CallSite(target, opcode, null, kinds, returnKind);
    }

    /** MethodHandle.invoke*, VarHandle accessors: native varargs methods of the method-handle classes. */
    public static boolean isSignaturePolymorphic(ResolvedJavaMethod m) {
        if (!m.isNative() || !m.isVarArgs()) {
            return false;
        }
        String holder = m.getDeclaringClass().getName();
        return holder.equals("Ljava/lang/invoke/MethodHandle;") || holder.equals("Ljava/lang/invoke/VarHandle;");
    }

    private Ldc lookupLdc(int cpi, int opcode) {
        Object c = pool.lookupConstant(cpi, false);
        if (c instanceof PrimitiveConstant p) {
            return new Ldc(p.getJavaKind(), p, cpi);
        }
        if (c instanceof JavaConstant jc) {
            return new Ldc(jc.getJavaKind().getStackKind(), jc, cpi);
        }
        if (c instanceof ResolvedJavaType t) {
            return new Ldc(JavaKind.Object, t, cpi);
        }
        if (c instanceof JavaType) {
            return new Ldc(JavaKind.Object, null, cpi); // unresolved class
        }
        // Unresolved MethodHandle, MethodType or dynamic constant. Only a dynamic constant has a
        // bootstrap method, and only its kind cannot be known without resolving it.
        if (pool.lookupBootstrapMethodInvocation(cpi, -1) != null) {
            throw new BailoutException(BailoutException.Reason.UNRESOLVED_DYNAMIC_CONSTANT, "ldc of an unresolved dynamic constant (cpi " + cpi + ")");
        }
        if (opcode == LDC2_W) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "ldc2_w of a reference constant");
        }
        return new Ldc(JavaKind.Object, null, cpi);
    }
}
