package org.ssajit.parse;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import static org.ssajit.bytecode.Bytecodes.*;

import org.ssajit.bytecode.BytecodeStream;
import org.ssajit.bytecode.Linkage;
import org.ssajit.ir.FrameState;
import org.ssajit.ir.Value;
import org.ssajit.options.OptionKey;
import org.ssajit.util.IntMath;

import jdk.vm.ci.meta.Assumptions;
import jdk.vm.ci.meta.Assumptions.AssumptionResult;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Which calls the graph builder parses into the caller's graph instead of calling ({@link BuildOptions#inline()}).
 *
 * <p>Callees bound without assumption: {@code invokestatic} of an initialized class, {@code invokespecial}
 * (constructors too, see {@link #registersFinalizer}), {@code invokevirtual} of a private or final
 * method or of a final class's, {@code invokevirtual} and {@code invokeinterface} on an object whose
 * class is known exactly ({@link #selectedForExactReceiver}). Callees bound by class-hierarchy analysis
 * ({@link #uniqueImplementation}): a virtual or interface call whose method has one implementation among
 * the classes loaded, with an assumption recorded in the graph; HotSpot deoptimizes the code when a class
 * loaded later overrides it. Callees chosen by the call's receiver profile ({@link #selectByProfile}):
 * the methods the (at most 2) receiver classes the profile saw select, each behind a test of the
 * receiver's exact class, the call kept for other receivers. Each callee small ({@link #MAX_CALLEE_BYTES}; at a
 * hot call, one that runs often per entry into the compiled method as
 * {@link org.ssajit.bytecode.BlockFrequencies} estimates it, up to {@link #HOT_CALLEE_BYTES}), with bytecode,
 * with no {@code jsr} or signature-polymorphic call; an intrinsic candidate,
 * and a callee inlined into one, only if its constant-pool entries link now
 * ({@link #isIntrinsicCandidate}); a receiver not known to be non-null is checked first
 * ({@link org.ssajit.ir.Op#RECEIVER_CHECK}, with the invoke's state: the interpreter throws there).
 * A callee's exception handlers are parsed with it, and at a call inside a try range its exceptions
 * go to the caller's handlers too ({@link ParseScope#outerHandlers()}), as the interpreter unwinds
 * into the caller's frame. An inlined method's locks (a synchronized method's own, {@code monitorenter}'s)
 * take the monitor slots after its callers'; a synchronized callee releases its lock where an
 * exception leaves it (the parser's handler of last resort). Recursion is not inlined; the depth and the bytecodes
 * inlined into one compile are bounded. A call on a path whose every way ends in a throw leaving the
 * method ({@link org.ssajit.bytecode.BlockMap#isThrowBound}: a failed check building its exception)
 * is not offered: the parser keeps it a call.
 *
 * <p>Through method handles ({@link MethodHandleCalls}): an {@code invokedynamic} or {@code invokehandle}
 * site's adapter with its appendix ({@link #select}), then each {@code invokeBasic} of a constant handle
 * and {@code linkTo*} of a constant member name as the method the VM names ({@link #selectExactly}, or
 * {@link #select} for a virtual one). java.lang.invoke's generated code ({@link #isMethodHandlePlumbing})
 * is inlined at any size up to {@link #HOT_CALLEE_BYTES}, outside the budget and depth.
 *
 * <p>What the inlined code needs from the back end is its frame states' caller chain
 * ({@link FrameState#outer()}): deoptimizing in it rebuilds one interpreter frame per method.
 */
public final class Inlining {
    /** The largest callee inlined at a call that is not hot, in bytecodes (C1's and C2's MaxInlineSize). */
    public static final int MAX_CALLEE_BYTES = 35;
    /**
     * C2's FreqInlineSize, the largest callee inlined at a hot call ({@link #HOT_CALL_FREQUENCY}) by
     * default; {@link #HOT_INLINE_SIZE} ({@code -Dssajit.HotInlineSize}) sets the limit for a compile.
     */
    public static final int HOT_CALLEE_BYTES = 325;
    /**
     * A call is hot when it runs at least this often per entry into the compiled method, as the branch
     * profiles of the methods it is inlined through estimate it ({@link org.ssajit.bytecode.BlockFrequencies}),
     * and its own profile counted it: twice, so a call in a loop. C2's InlineFrequencyRatio, 0.25,
     * also takes calls in straight-line code run once per entry; measured on javac, where most such
     * calls are in large methods, it made the compiles half again as large with no gain in the
     * program's own thread, and the program slower by the compile work (docs/PERFORMANCE.md).
     * {@link #HOT_CALL_FREQUENCY_OPTION} ({@code -Dssajit.HotCallFrequency}) sets it for a compile.
     */
    public static final double HOT_CALL_FREQUENCY = 2;
    /**
     * How often a method's call of itself ({@link #MAX_RECURSIVE_INLINING}) must run per entry to be
     * hot: C2's InlineFrequencyRatio, below {@link #HOT_CALL_FREQUENCY}, since a recursion's calls run
     * once or twice per entry (a tree's walk) however hot they are. A cycle through other methods (a
     * parser's descent) is held to the usual threshold: at this one it inlined whole grammar rules
     * into themselves, and json's parser got slower.
     */
    public static final double RECURSIVE_HOT_CALL_FREQUENCY = 0.25;
    /** How deep inlined calls nest (the compiled method is depth 0). */
    public static final int MAX_DEPTH = 6;
    /** How many times a method may be inlined into a chain of frames that already runs it (C2's MaxRecursiveInlineLevel). */
    public static final int MAX_RECURSIVE_INLINING = 1;
    /**
     * Bytecodes inlined into one compile, in all. Spent in parse order, so a large callee at a hot call
     * can leave its own small callees (and the objects they take, which then escape) uninlined:
     * measured on the particle simulation, 1,500 bytes took it to 1.52 times the time of 3,000, which
     * cost javac's compiles 3 to 6 % more time and 3 to 4 % more code (docs/PERFORMANCE.md). C2's
     * DesiredMethodLimit is 8,000.
     */
    public static final int MAX_TOTAL_BYTES = 3000;

    /** Whether a compile inlines ({@link BuildOptions#forCompile}). */
    public static final OptionKey<Boolean> INLINE = OptionKey.bool("Inline", true,
                    "Parse small callees (at most " + MAX_CALLEE_BYTES + " bytes of bytecode, up to HotInlineSize at a hot call; their exception handlers "
                                    + "with them, and the caller's for their exceptions at a call inside a try range) into their callers: statically bound ones (static, private, final, constructors, on an "
                                    + "object of a known class), virtual ones with one implementation among the classes loaded (class-hierarchy analysis: "
                                    + "HotSpot deoptimizes the code when a class loaded later overrides it), and virtual ones with several for the (at most "
                                    + Inlining.MAX_PROFILED_RECEIVERS + ") receiver classes their profile saw, each behind a test of the receiver's class, the call kept "
                                    + "for the others; a receiver not known to be non-null is checked first; and through method handles: the adapter of an "
                                    + "invokedynamic or invokeExact site, and the lambda forms and target of a constant handle (java.lang.invoke's "
                                    + "generated code at up to " + HOT_CALLEE_BYTES + " bytes); deoptimizing in inlined code rebuilds one interpreter frame per method.");
    /** The largest callee a compile inlines at a hot call ({@link BuildOptions#hotCalleeBytes()}). */
    public static final OptionKey<Integer> HOT_INLINE_SIZE = OptionKey.count("HotInlineSize", HOT_CALLEE_BYTES, "<bytes>", "a number of bytes",
                    "With Inline: the largest callee (bytes of bytecode) inlined at a hot call, one that runs at least HotCallFrequency ("
                                    + HOT_CALL_FREQUENCY + ") times per entry into the compiled method as the branch profiles of the methods it is inlined "
                                    + "through estimate it, and that its own profile counted; elsewhere " + MAX_CALLEE_BYTES + " bytes. The default is C2's "
                                    + "FreqInlineSize; " + MAX_CALLEE_BYTES + " or less: no exception for hot calls.");

    /** How often a call must run per entry to be hot ({@link BuildOptions#hotCallFrequency()}). */
    public static final OptionKey<Double> HOT_CALL_FREQUENCY_OPTION = OptionKey.number("HotCallFrequency", HOT_CALL_FREQUENCY, "<times per entry>",
                    "a frequency", "With HotInlineSize: how often a call must run per entry into the compiled method, as the branch profiles estimate "
                                    + "it, to be hot (default " + HOT_CALL_FREQUENCY + ": calls in loops; C2's InlineFrequencyRatio is 0.25).");

    /** How deep inlined calls nest ({@link BuildOptions#maxInlineLevel()}). */
    public static final OptionKey<Integer> MAX_INLINE_LEVEL = OptionKey.count("MaxInlineLevel", MAX_DEPTH, "<levels>", "a number of levels",
                    "With Inline: how deep inlined calls nest, the compiled method being level 0 (C2's MaxInlineLevel; java.lang.invoke's generated "
                                    + "code does not count).");

    public static final OptionKey<Boolean> RECEIVER_TRAPS = OptionKey.bool("ReceiverTraps", true,
                    "A virtual or interface call inlined for every receiver class its profile recorded (at most " + Inlining.MAX_PROFILED_RECEIVERS
                                    + ", no others counted) deoptimizes for any other receiver, null included, instead of calling, as C2's does; "
                                    + "once the method has deoptimized so, its calls keep the call. false: every such call keeps the call.");

    private final org.ssajit.ir.Graph graph;
    private final Providers providers;
    private final java.util.Set<ResolvedJavaMethod> denied;
    private final int hotCalleeBytes;
    private final double hotCallFrequency;
    private final int maxDepth;
    /**
     * Whether the reasons say everything ({@link BuildOptions#explainInlining()}): the sizes, the
     * profile's classes and shares. Otherwise each reason is a fixed text, and no call site builds a string.
     */
    private final boolean explain;
    /** Whether callees that lock may be inlined ({@link BuildOptions#lockingCallees()}). */
    private final boolean lockingCallees;
    /** Whether receivers the profile never saw may deoptimize ({@link BuildOptions#receiverTraps()}). */
    private final boolean receiverTraps;
    /** Whether the last {@link #selectByProfile}'s choices cover every receiver its profile saw, and may trap for others. */
    private boolean exhaustive;
    private int inlinedBytes;

    /**
     * For the calls parsed into {@code graph} as {@code options} say (the largest callee at a hot call,
     * at most {@link #MAX_CALLEE_BYTES}: no larger callee anywhere; the reasons in full or not; callees
     * that lock or not); {@code denied}: callees whose parse failed in an earlier attempt at this
     * graph: called, not inlined; {@code providers} (if not null) name the class of a receiver known
     * exactly that the graph's stamps do not say: an object constant, or what
     * {@code Unsafe.allocateInstance} of a constant class allocates.
     */
    Inlining(org.ssajit.ir.Graph graph, java.util.Set<ResolvedJavaMethod> denied, BuildOptions options, Providers providers) {
        this.providers = providers;
        this.graph = graph;
        this.denied = denied;
        this.hotCalleeBytes = IntMath.max(options.hotCalleeBytes(), MAX_CALLEE_BYTES);
        this.hotCallFrequency = options.hotCallFrequency();
        this.maxDepth = options.maxInlineLevel();
        this.explain = options.explainInlining();
        this.lockingCallees = options.lockingCallees();
        this.receiverTraps = options.receiverTraps();
    }

    /**
     * A callee to inline: the method, and what the choice assumes about the class hierarchy (null: nothing,
     * the bytecode or the receiver's exact class binds it), to be recorded in the graph once it is inlined;
     * for a callee chosen by the receiver profile, the class it is guarded by and that class's share of
     * the profiled calls ({@code share} 1 otherwise: the callee runs whenever the call does).
     */
    record Choice(ResolvedJavaMethod method, Assumptions.Assumption assumption, jdk.vm.ci.meta.ResolvedJavaType guard, String how, double share) {
        Choice(ResolvedJavaMethod method, Assumptions.Assumption assumption, String how) {
            this(method, assumption, null, how, 1);
        }
    }

    /**
     * Why the last {@link #select} chose nothing, or the last {@link #selectByProfile}; how it chose
     * otherwise ({@link Choice#how()} for one callee): what {@code -Dssajit.PrintInlining} shows.
     */
    private String reason = "";

    String reason() {
        return reason;
    }

    private <T> T because(String why, T result) {
        reason = why;
        return result;
    }

    /**
     * The callee to parse into the caller at {@code cs}, or null to call it. {@code callerState} is
     * the caller's own state at the call ({@code null} entries ignored), whose chain tells the depth
     * and the methods already being inlined; {@code frequency}: how often the call runs per entry into the compiled method (NaN if unknown).
     */
    Choice select(Linkage.CallSite cs, Value[] args, FrameState callerState, double frequency) {
        if (cs.appendix() != null) {
            // The adapter HotSpot linked the site to, with the appendix as its last argument: a static
            // method of java.lang.invoke's generated code, run exactly as the interpreter runs it.
            if (!(cs.target() instanceof ResolvedJavaMethod adapter) || !adapter.isStatic() || !isMethodHandlePlumbing(adapter)) {
                return because("a call site with an appendix whose adapter is not java.lang.invoke's generated code", null);
            }
            return selectExactly(adapter, callerState, frequency, "the adapter of " + (cs.opcode() == INVOKEDYNAMIC ? "invokedynamic" : "a signature-polymorphic call"));
        }
        if (!(cs.target() instanceof ResolvedJavaMethod m)) {
            return because("the callee is not resolved", null);
        }
        if (callerState == null) {
            return because("no frame state at the call", null);
        }
        if (m.isConstructor() && cs.opcode() != INVOKESPECIAL) {
            return because("a constructor not called by invokespecial", null);
        }
        jdk.vm.ci.meta.ResolvedJavaType caller = callerState.method().getDeclaringClass();
        Assumptions.Assumption assumption = null;
        String how;
        ResolvedJavaMethod target;
        switch (cs.opcode()) {
            case INVOKESTATIC -> {
                if (!m.isStatic()) {
                    return because("invokestatic of an instance method", null);
                }
                if (!m.getDeclaringClass().isInitialized()) {
                    return because("its class is not initialized yet", null);
                }
                target = m;
                how = "static";
            }
            // invokespecial of <init> runs the resolved method itself (JVMS 6.5: no selection).
            case INVOKESPECIAL -> {
                if (m.isStatic() || !(m.isConstructor() || specialSelects(m, caller))) {
                    return because("invokespecial may select another method", null);
                }
                target = m;
                how = "invokespecial";
            }
            case INVOKEVIRTUAL, INVOKEINTERFACE -> {
                if (m.isStatic()) {
                    return because("a static method called as virtual", null);
                }
                if (cs.opcode() == INVOKEVIRTUAL && m.canBeStaticallyBound()) {
                    target = m;
                    how = "bound statically (private, final or of a final class)";
                } else {
                    target = selectedForExactReceiver(m, args[0], caller);
                    if (target == null && providers != null) {
                        target = selectedForExactClass(m, MethodHandleCalls.exactClass(args[0], providers), caller);
                    }
                    how = "the receiver's exact class";
                    if (target == null) {
                        AssumptionResult<ResolvedJavaMethod> r = uniqueImplementation(m, org.ssajit.ir.Stamps.declaredClass(graph, args[0]));
                        if (r == null) {
                            return because("virtual: more than one implementation among the classes loaded, the receiver's class not known exactly", null);
                        }
                        target = r.getResult();
                        assumption = assumptionOf(r);
                        how = "class-hierarchy analysis (the only implementation loaded; assumed)";
                    }
                    // invokeinterface throws IllegalAccessError when the method it selects is not public (JVMS 6.5).
                    if (cs.opcode() == INVOKEINTERFACE && !target.isPublic()) {
                        return because("invokeinterface selects a method that is not public", null);
                    }
                }
            }
            default -> {
                return because("not a call the inliner binds", null);
            }
        }
        String no = whyNot(target, callerState, 0, frequency);
        if (no != null) {
            return because(no, null);
        }
        if (explain) {
            how += hotNote(target, frequency);
        }
        reason = how;
        return new Choice(target, assumption, how);
    }

    /**
     * The callee {@code target} itself, to inline if {@link #whyNot} allows it: for a call that runs
     * exactly that method, which a method handle's linkage found ({@link MethodHandleCalls}) or HotSpot
     * linked a call site to (an appendix's adapter). A static method's class must be initialized.
     */
    Choice selectExactly(ResolvedJavaMethod target, FrameState callerState, double frequency, String how) {
        if (callerState == null) {
            return because("no frame state at the call", null);
        }
        if (target.isStatic() && !target.getDeclaringClass().isInitialized()) {
            return because("its class is not initialized yet", null);
        }
        String no = whyNot(target, callerState, 0, frequency);
        if (no != null) {
            return because(no, null);
        }
        reason = how;
        return new Choice(target, null, how);
    }

    /**
     * Whether {@code m} is java.lang.invoke's generated code: a lambda form compiled to bytecode (a
     * hidden {@code LambdaForm$...} class) or one of the holder classes that keep the common ones
     * ({@code DirectMethodHandle$Holder}, {@code Invokers$Holder}, ...). Such a method only passes a
     * method handle's arguments on; once its handle is a constant most of it folds away, so it is
     * inlined whatever its size (up to {@link #HOT_CALLEE_BYTES}), outside the compile's bytecode
     * budget, and does not count as a level of {@link #MAX_DEPTH}.
     */
    public static boolean isMethodHandlePlumbing(ResolvedJavaMethod m) {
        String holder = m.getDeclaringClass().getName();
        return holder.startsWith("Ljava/lang/invoke/") && (holder.contains("LambdaForm$") || holder.endsWith("$Holder;"));
    }

    /** The most frames of java.lang.invoke's generated code (see {@link #isMethodHandlePlumbing}) that inlined calls nest. */
    public static final int MAX_PLUMBING_DEPTH = 16;

    /**
     * Whether a call that runs {@code frequency} times per entry into the compiled method is hot: often
     * enough ({@link #HOT_CALL_FREQUENCY}), and its own profile counted it (a method never profiled has
     * no branch counts either, and the estimate would be the bytecode's shape alone).
     */
    private boolean isHot(FrameState callerState, double frequency, boolean recursive) {
        if (!(frequency >= hotThreshold(recursive))) {
            return false;
        }
        jdk.vm.ci.meta.ProfilingInfo p = profile(callerState.method());
        return p != null && p.getExecutionCount(callerState.bci()) > 0;
    }

    /** How often a call must run per entry to be hot; a recursive call's threshold is {@link #RECURSIVE_HOT_CALL_FREQUENCY} at most. */
    private double hotThreshold(boolean recursive) {
        return recursive ? Math.min(hotCallFrequency, RECURSIVE_HOT_CALL_FREQUENCY) : hotCallFrequency;
    }

    /** How many frames of {@code state}'s chain run {@code m}: a call of it from there is recursive if any do. */
    private static int runs(FrameState state, ResolvedJavaMethod m) {
        int n = 0;
        for (FrameState fs = state; fs != null; fs = fs.outer()) {
            if (fs.method().equals(m)) {
                n++;
            }
        }
        return n;
    }

    /** Whether a call's frequency changes a decision: only when hot calls may inline larger callees. */
    boolean readsFrequencies() {
        return hotCalleeBytes > MAX_CALLEE_BYTES;
    }

    /** The largest callee inlined at a call that runs {@code frequency} times per entry. */
    private int sizeLimit(FrameState callerState, double frequency, boolean recursive) {
        return hotCalleeBytes > MAX_CALLEE_BYTES && isHot(callerState, frequency, recursive) ? hotCalleeBytes : MAX_CALLEE_BYTES;
    }

    /** What a decision says of a callee larger than {@link #MAX_CALLEE_BYTES} inlined at a hot call. */
    private String hotNote(ResolvedJavaMethod target, double frequency) {
        return target.getCodeSize() > MAX_CALLEE_BYTES ? "; a hot call (" + times(frequency) + " per entry)" : "";
    }

    /** A frequency as the decisions print it: two significant digits below 10, whole numbers above. */
    static String times(double f) {
        if (Double.isNaN(f)) {
            return "unknown";
        }
        if (f >= 10) {
            return Long.toString(Math.round(f));
        }
        java.math.BigDecimal d = new java.math.BigDecimal(f).round(new java.math.MathContext(2));
        return d.stripTrailingZeros().toPlainString();
    }

    /**
     * Why {@code target} may not be parsed into the caller ({@code reserved} bytecodes of the budget
     * already promised at this call, which runs {@code frequency} times per entry into the compiled
     * method), or null if it may. java.lang.invoke's generated code ({@link #isMethodHandlePlumbing})
     * is inlined at any size up to {@link #HOT_CALLEE_BYTES}, outside the budget and the depth, and
     * into itself (another handle's form can be the same method), up to {@link #MAX_PLUMBING_DEPTH}.
     */
    private String whyNot(ResolvedJavaMethod target, FrameState callerState, int reserved, double frequency) {
        if (Linkage.isSignaturePolymorphic(target)) {
            return "signature-polymorphic";
        }
        if (target.isNative()) {
            return "native";
        }
        if (target.isAbstract() || !target.hasBytecodes()) {
            return "no bytecode (abstract)";
        }
        if (target.isClassInitializer()) {
            return "a class initializer";
        }
        if (!lockingCallees && (target.isSynchronized() || anyBytecode(target, s -> s.opcode() == MONITORENTER))) {
            return "it locks, and monitors are turned off (-Dssajit.Monitors=false)";
        }
        int size = target.getCodeSize();
        boolean plumbing = isMethodHandlePlumbing(target);
        // A lambda form runs another handle's form, which may be the same method: not recursion.
        int recursion = plumbing ? 0 : runs(callerState, target);
        if (recursion > MAX_RECURSIVE_INLINING) {
            return "recursive (" + MAX_RECURSIVE_INLINING + (MAX_RECURSIVE_INLINING == 1 ? " level" : " levels") + " inlined already)";
        }
        // Hot from C2's ratio: a method's call of itself (a tree's walk), not a cycle through other methods (a parser's descent).
        boolean recursive = recursion > 0 && callerState.method().equals(target);
        int limit = plumbing ? HOT_CALLEE_BYTES : sizeLimit(callerState, frequency, recursive);
        if (size > limit) {
            if (!explain) {
                return "too big";
            }
            if (limit < hotCalleeBytes && size <= hotCalleeBytes) {
                return "too big (" + size + " > " + limit + " bytes) for a call that is not hot ("
                                + (frequency >= hotThreshold(recursive) ? "its profile did not count it"
                                                : Double.isNaN(frequency) ? "its frequency is unknown: irreducible control flow" : times(frequency) + " per entry")
                                + ")";
            }
            return "too big (" + size + " > " + limit + " bytes)";
        }
        if (!plumbing && inlinedBytes + reserved + size > MAX_TOTAL_BYTES && !isPlumbingHelper(target, callerState)) {
            if (!explain) {
                return "the compile's budget is spent";
            }
            return "the compile's budget is spent (" + (inlinedBytes + reserved) + " + " + size + " > " + MAX_TOTAL_BYTES + " bytes)";
        }
        if (denied.contains(target)) {
            return "its parse was refused in an earlier attempt";
        }
        if (target.hasNeverInlineDirective()) {
            return "a never-inline directive (CompileCommand dontinline, @DontInline)";
        }
        if (!target.canBeInlined()) {
            return "HotSpot says it cannot be inlined (not compilable: a compile of it failed or was refused, with no retry)";
        }
        if (callerSensitive(target)) {
            return "caller-sensitive";
        }
        if ((isIntrinsicCandidate(target) || underIntrinsicCandidate(callerState)) && !linksNow(target)) {
            return "an intrinsic candidate (or inside one) whose constant-pool entries do not all link yet";
        }
        int depth = 0;
        int plumbingDepth = plumbing ? 1 : 0;
        for (FrameState fs = callerState; fs != null; fs = fs.outer()) {
            if (isMethodHandlePlumbing(fs.method())) {
                plumbingDepth++;
            } else {
                depth++;
            }
        }
        if (!plumbing && depth > maxDepth) {
            return "too deep (" + maxDepth + " levels)";
        }
        if (plumbingDepth > MAX_PLUMBING_DEPTH) {
            return "too deep (" + MAX_PLUMBING_DEPTH + " levels of java.lang.invoke's generated code)";
        }
        if (!parsable(target)) {
            return "has subroutines (jsr)";
        }
        return null;
    }

    /** The most receiver classes a call is inlined for by its profile (C2's bimorphic inlining: 2). */
    public static final int MAX_PROFILED_RECEIVERS = 2;
    /**
     * The share of a call's profiled calls whose receiver classes the profile must have recorded for
     * the call to be inlined by it (the rest: classes beyond the profile's rows); C2's
     * TypeProfileMajorReceiverPercent is the same figure for one class.
     */
    public static final double MIN_RECORDED_PROBABILITY = 0.9;
    /** The share of the profiled calls a receiver class must have had to be inlined for. */
    public static final double MIN_RECEIVER_PROBABILITY = 0.1;

    /**
     * A virtual or interface call that {@link #select} leaves as a call (several implementations among
     * the classes loaded), inlined for the receiver classes its profile saw at this bci: each chosen
     * class's method, guarded by a test that the receiver's class is exactly that class
     * ({@link org.ssajit.ir.Op#CLASS_IS}), the call itself where none matches (a null receiver, a class
     * the profile did not see, one seen since). The guards make it right whatever the profile says; the
     * profile only decides what is worth it: when the classes it recorded had at least
     * {@link #MIN_RECORDED_PROBABILITY} of the calls, those of them with at least
     * {@link #MIN_RECEIVER_PROBABILITY}, the most frequent first, at most {@link #MAX_PROFILED_RECEIVERS}.
     * Not at a call inside a try range (the call left in the code would need the handlers' edges
     * there). Empty if none.
     */
    java.util.List<Choice> selectByProfile(Linkage.CallSite cs, Value[] args, FrameState callerState, boolean inTryRange, double frequency) {
        exhaustive = false;
        if (cs.appendix() != null || !(cs.target() instanceof ResolvedJavaMethod m) || callerState == null || m.isStatic()
                        || (cs.opcode() != INVOKEVIRTUAL && cs.opcode() != INVOKEINTERFACE) || (cs.opcode() == INVOKEVIRTUAL && m.canBeStaticallyBound())) {
            return CompilerList.of(); // select's reason stands
        }
        if (inTryRange) {
            return because(explain ? reason + "; by profile: not inside a try range" : reason, CompilerList.of());
        }
        jdk.vm.ci.meta.ProfilingInfo profile = profile(callerState.method());
        jdk.vm.ci.meta.JavaTypeProfile types = profile == null ? null : profile.getTypeProfile(callerState.bci());
        if (types == null || types.getTypes().length == 0) {
            return because(explain ? reason + "; by profile: no receiver class profiled" : reason, CompilerList.of());
        }
        if (types.getNotRecordedProbability() > 1 - MIN_RECORDED_PROBABILITY) {
            return because(explain ? reason + "; by profile: the classes profiled had " + percent(1 - types.getNotRecordedProbability()) + " of the calls (< "
                            + percent(MIN_RECORDED_PROBABILITY) + ")" : reason, CompilerList.of());
        }
        jdk.vm.ci.meta.JavaTypeProfile.ProfiledType[] seen = types.getTypes().clone();
        CompilerArrays.sort(seen, (a, b) -> Double.compare(b.getProbability(), a.getProbability()));
        int n = IntMath.min(seen.length, MAX_PROFILED_RECEIVERS);
        jdk.vm.ci.meta.ResolvedJavaType caller = callerState.method().getDeclaringClass();
        java.util.List<Choice> chosen = new CompilerList<>();
        java.util.List<String> notes = explain ? new CompilerList<>() : null;
        int reserved = 0;
        for (int k = 0; k < n; k++) {
            jdk.vm.ci.meta.ResolvedJavaType r = seen[k].getType();
            String name = explain ? r.toJavaName(false) + " " + percent(seen[k].getProbability()) : null;
            if (seen[k].getProbability() < MIN_RECEIVER_PROBABILITY) {
                note(notes, name, ": too rare");
                continue;
            }
            if (r.isInterface() || r.isArray() || r.isAbstract() || !r.isLinked() || !m.getDeclaringClass().isAssignableFrom(r)) {
                note(notes, name, ": not a linked concrete class implementing the method");
                continue;
            }
            ResolvedJavaMethod t = r.resolveConcreteMethod(m, caller);
            // invokeinterface throws IllegalAccessError when the method it selects is not public (JVMS 6.5).
            if (t == null || t.isAbstract() || (cs.opcode() == INVOKEINTERFACE && !t.isPublic())) {
                note(notes, name, ": selects no public concrete method");
                continue;
            }
            double share = seen[k].getProbability();
            String no = whyNot(t, callerState, reserved, frequency * share);
            if (no != null) {
                if (explain) {
                    notes.add(name + ": " + t.format("%h.%n") + " " + no);
                }
                continue;
            }
            if (explain) {
                notes.add(name + ": " + t.format("%h.%n") + hotNote(t, frequency * share));
            }
            chosen.add(new Choice(t, null, r, "by profile", share));
            reserved += t.getCodeSize();
        }
        // C2's monomorphic and bimorphic inlining: where the profile counted no other receiver class
        // (none beyond its rows) and every class it recorded is inlined, another receiver deoptimizes; so
        // does a null one (the interpreter does not record null receivers at invokes: the invoke throws
        // before it profiles). Once the method whose bytecode holds the call has deoptimized for such a
        // receiver, its calls keep the call: HotSpot counts the reason in its profile.
        exhaustive = receiverTraps && !chosen.isEmpty() && chosen.size() == seen.length && types.getNotRecordedProbability() == 0.0
                        && profile.getDeoptimizationCount(jdk.vm.ci.meta.DeoptimizationReason.TypeCheckedInliningViolated) == 0;
        String others = exhaustive ? "a deoptimization for other receivers" : "the call for other receivers";
        if (!explain) {
            return because(chosen.isEmpty() ? reason : exhaustive ? "by profile, behind class tests; " + others : "by profile, behind class tests", chosen);
        }
        if (seen.length > n) {
            notes.add((seen.length - n) + " more class(es) not tried");
        }
        String profiled = String.join(", ", notes);
        return because(chosen.isEmpty() ? reason + "; by profile: " + profiled : "by profile, behind class tests: " + profiled + "; " + others, chosen);
    }

    /**
     * Whether the choices of the last {@link #selectByProfile} are every receiver class the call's
     * profile saw, which counted no other class, in a method that never deoptimized for a receiver it
     * did not see: then any other receiver, null included, deoptimizes ({@link BuildOptions#receiverTraps()}).
     */
    boolean exhaustive() {
        return exhaustive;
    }

    /** Adds {@code name + what} to {@code notes}, if the reasons are explained ({@code notes} not null). */
    private static void note(java.util.List<String> notes, String name, String what) {
        if (notes != null) {
            notes.add(name + what);
        }
    }

    /** A share in percent, to one decimal where it is not a whole number (89.6 % is not 90 %). */
    static String percent(double p) {
        double tenths = Math.round(p * 1000) / 10.0;
        return (tenths == Math.rint(tenths) ? Long.toString((long) tenths) : Double.toString(tenths)) + " %";
    }

    private static jdk.vm.ci.meta.ProfilingInfo profile(ResolvedJavaMethod m) {
        try {
            return m.getProfilingInfo();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Class-hierarchy analysis: the one method that a virtual or interface call on {@code receiver} can
     * run among the classes loaded now, with the assumption that keeps it so (HotSpot's
     * {@code unique_concrete_method} dependency: loading a class that overrides it deoptimizes the
     * code), or null. The receiver's class is the method's declaring class, or {@code declared} when
     * that is a class below it: the receiver's declared class ({@link org.ssajit.ir.Stamps#declaredClass}),
     * which the verifier ensures it is an instance of (an interface type says nothing,
     * {@link org.ssajit.ir.Stamp}). HotSpot answers nothing for an interface receiver type or a default
     * method (its CHA cannot see a class's method that an interface's subclass inherits).
     */
    static AssumptionResult<ResolvedJavaMethod> uniqueImplementation(ResolvedJavaMethod m, jdk.vm.ci.meta.ResolvedJavaType declared) {
        jdk.vm.ci.meta.ResolvedJavaType holder = m.getDeclaringClass();
        jdk.vm.ci.meta.ResolvedJavaType type = declared;
        if (type == null || type.isInterface() || type.isArray() || !holder.isAssignableFrom(type) || !type.isLinked()) {
            type = holder;
        }
        if (type.isInterface() || !type.isLinked()) {
            return null;
        }
        AssumptionResult<ResolvedJavaMethod> r = type.findUniqueConcreteMethod(m);
        if (r == null || r.getResult() == null || r.getResult().isAbstract() || !r.getResult().getDeclaringClass().isLinked()) {
            return null;
        }
        return r;
    }

    /** The one assumption of a class-hierarchy answer (null if it needs none: a statically bound method). */
    private static Assumptions.Assumption assumptionOf(AssumptionResult<ResolvedJavaMethod> r) {
        if (r.isAssumptionFree()) {
            return null;
        }
        Assumptions collected = new Assumptions();
        r.recordTo(collected);
        Assumptions.Assumption[] all = collected.toArray();
        if (all.length != 1) {
            throw new IllegalStateException("a class-hierarchy answer with " + all.length + " assumptions: " + r);
        }
        return all[0];
    }

    /**
     * The method a virtual or interface call runs on {@code receiver} when its class is known exactly:
     * the object of a {@code new} in this graph (through inlined constructors the same value) or a
     * value whose stamp is exact. No assumption about classes loaded later is needed: the object's
     * class is that one. Null if unknown, or if the class does not have the method's class or
     * interface among its supertypes (an interface call the verifier let through, which throws).
     */
    static ResolvedJavaMethod selectedForExactReceiver(ResolvedJavaMethod m, Value receiver, jdk.vm.ci.meta.ResolvedJavaType caller) {
        return selectedForExactClass(m, exactType(receiver), caller);
    }

    /** The method a virtual or interface call of {@code m} runs on an object of exactly the class {@code exact} (null: unknown), or null. */
    static ResolvedJavaMethod selectedForExactClass(ResolvedJavaMethod m, jdk.vm.ci.meta.ResolvedJavaType exact, jdk.vm.ci.meta.ResolvedJavaType caller) {
        if (exact == null || exact.isInterface() || exact.isArray() || !m.getDeclaringClass().isAssignableFrom(exact)) {
            return null;
        }
        ResolvedJavaMethod selected = exact.resolveConcreteMethod(m, caller);
        return selected == null || selected.isAbstract() ? null : selected;
    }

    /** The class {@code v}'s objects are exactly (see {@link #selectedForExactReceiver}), or null. */
    private static jdk.vm.ci.meta.ResolvedJavaType exactType(Value v) {
        if (v instanceof org.ssajit.ir.Instruction i && i.op() == org.ssajit.ir.Op.NEW_INSTANCE && i.type() instanceof jdk.vm.ci.meta.ResolvedJavaType t) {
            return t;
        }
        return v.stamp().isExactType() ? v.stamp().type() : null;
    }

    /**
     * Whether {@code invokespecial} of the resolved method {@code m} from a method of {@code current}
     * runs {@code m} itself. It need not (JVMS 6.5): a class method is selected by a lookup from the
     * current class's direct superclass up, which finds an override in a class between the two that
     * was added after the caller was compiled. So only a private method, one of the current class,
     * of its direct superclass, or a direct superinterface's (the {@code I.super.m()} of a default
     * method) is taken as bound.
     */
    static boolean specialSelects(ResolvedJavaMethod m, jdk.vm.ci.meta.ResolvedJavaType current) {
        if (m.isPrivate()) {
            return true;
        }
        jdk.vm.ci.meta.ResolvedJavaType holder = m.getDeclaringClass();
        if (holder.isInterface()) {
            return java.util.Arrays.asList(current.getInterfaces()).contains(holder);
        }
        return holder.equals(current) || holder.equals(current.getSuperclass());
    }

    /**
     * Constructors are inlined like other methods, with a {@link org.ssajit.ir.Op#FREEZE} at their
     * returns if their class has final instance fields. {@code Object.<init>}'s return registers the
     * object if its class has a finalizer (the interpreter's {@code _return_register_finalizer}; the
     * compiled {@code Object.<init>} does the same): inlined, its return is a
     * {@link org.ssajit.ir.Op#REGISTER_FINALIZER} on {@code receiver} unless this says it need not be:
     * for a receiver whose exact class is known to have no finalizer,
     * the object of a {@code new} in this graph (through inlined constructors the same value) or a
     * stamp's exact type.
     */
    static boolean registersFinalizer(ResolvedJavaMethod objectInit, Value receiver) {
        jdk.vm.ci.meta.ResolvedJavaType exact = exactType(receiver);
        return exact == null || exact.isInterface() || mayHaveFinalizer(exact, objectInit.getDeclaringClass());
    }

    /**
     * Whether objects of {@code type} may need registering at {@code Object.<init>}'s return: its
     * {@code finalize()} is not {@code Object}'s. (More than HotSpot registers: it skips an empty
     * override, and all of them under {@code --finalization=disabled}.) Not
     * {@code ResolvedJavaType.hasFinalizer()}: on JDK 25 it answers false for a class with a finalizer,
     * as the flag it reads moved to {@code Klass::_misc_flags} (docs/HOTSPOT-NOTES.md).
     */
    static boolean mayHaveFinalizer(jdk.vm.ci.meta.ResolvedJavaType type, jdk.vm.ci.meta.ResolvedJavaType object) {
        for (ResolvedJavaMethod f : object.getDeclaredMethods(false)) {
            if (f.getName().equals("finalize") && f.getSignature().toMethodDescriptor().equals("()V")) {
                ResolvedJavaMethod selected = type.resolveConcreteMethod(f, type);
                return selected == null || !selected.getDeclaringClass().isJavaLangObject();
            }
        }
        return true;
    }

    /** Whether {@code type} itself declares a final instance field (only its constructors may write one). */
    static boolean declaresFinalInstanceField(jdk.vm.ci.meta.ResolvedJavaType type) {
        for (jdk.vm.ci.meta.ResolvedJavaField f : type.getInstanceFields(false)) {
            if (f.isFinal()) {
                return true;
            }
        }
        return false;
    }

    /** Counts a callee's bytecodes against the compile's budget ({@code callerState}: the call's). */
    void inlined(ResolvedJavaMethod m, FrameState callerState) {
        if (!isMethodHandlePlumbing(m) && !isPlumbingHelper(m, callerState)) {
            inlinedBytes += m.getCodeSize();
        }
    }

    /**
     * Whether {@code m}, called from java.lang.invoke's generated code (directly or through other such
     * methods), is one of java.lang.invoke's small methods that read a handle's parts ({@code DelegatingMethodHandle.getTarget}, {@code
     * DirectMethodHandle.internalMemberName}, ...): with a constant handle they fold, and a lambda form
     * left with a handle that is not constant calls through {@code invokeBasic}. So they are outside
     * the compile's budget, as the generated code is: a budget spent on the program's own callees
     * must not leave a handle's call unresolved (measured: {@code hashing}'s record comparisons).
     */
    static boolean isPlumbingHelper(ResolvedJavaMethod m, FrameState callerState) {
        if (m.getCodeSize() > MAX_CALLEE_BYTES || !inJavaLangInvoke(m)) {
            return false;
        }
        // called from generated code, directly or through such helpers (Invokers.checkExactType, then MethodHandle.type)
        for (FrameState fs = callerState; fs != null && inJavaLangInvoke(fs.method()); fs = fs.outer()) {
            if (isMethodHandlePlumbing(fs.method())) {
                return true;
            }
        }
        return false;
    }

    private static boolean inJavaLangInvoke(ResolvedJavaMethod m) {
        return m.getDeclaringClass().getName().startsWith("Ljava/lang/invoke/");
    }

    /** No subroutines ({@code jsr}, {@code ret}): the parser refuses them. */
    private static boolean parsable(ResolvedJavaMethod m) {
        return !anyBytecode(m, s -> switch (s.opcode()) {
            case JSR, JSR_W, RET -> true;
            default -> false;
        });
    }

    /** Whether some bytecode of {@code m} passes {@code test} (the stream positioned at it); true if {@code m} has no bytecode. */
    private static boolean anyBytecode(ResolvedJavaMethod m, java.util.function.Predicate<BytecodeStream> test) {
        byte[] code = m.getCode();
        if (code == null) {
            return true;
        }
        BytecodeStream s = new BytecodeStream(code);
        for (int bci = 0; bci < code.length; bci = s.nextBci()) {
            if (test.test(s.at(bci))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The bytecode of an {@code @IntrinsicCandidate} may never have run: the interpreter and HotSpot's
     * compilers may run their own code for it, so its constant-pool entries may be unresolved and its
     * classes uninitialized (StrictMath.sqrt's call of FdLibm unresolved in a JVM that only ever ran
     * the interpreter's sqrt), and so may those of the methods it calls. Inlined, such code deoptimizes
     * at those entries each time it runs, and the code is thrown away and compiled again the same way.
     * So a candidate, and any callee inlined into one, is inlined only if every entry its bytecode
     * uses links now ({@link #linksNow}); else it is called ({@code Integer.valueOf},
     * {@code Double.doubleToLongBits} and {@code Math.round} link once their classes are in use;
     * {@code Math.log}'s call of {@code StrictMath.log} may not). Candidates without pool entries
     * ({@code Object.<init>}, {@code Math.abs(int)}) always link.
     */
    private static boolean isIntrinsicCandidate(ResolvedJavaMethod m) {
        return !(m instanceof jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod hm) || hm.isIntrinsicCandidate();
    }

    /** Whether a method being inlined at {@code callerState} (or the compiled method) is an intrinsic candidate. */
    private static boolean underIntrinsicCandidate(FrameState callerState) {
        for (FrameState fs = callerState; fs != null; fs = fs.outer()) {
            if (isIntrinsicCandidate(fs.method())) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether every constant-pool entry {@code m}'s bytecode uses resolves now as the parser and the
     * lowering need it to compile it without deoptimizing there: methods, fields and classes
     * resolved, the class of a static call or field access and of a {@code new} initialized, an
     * {@code ldc} resolved, an {@code invokedynamic} linked; except on paths that only throw
     * ({@link org.ssajit.bytecode.BlockMap#isThrowBound}), such as an {@code assert}'s: with assertions
     * off its {@code AssertionError} never resolves ({@code DecimalDigits.uncheckedPutCharLatin1}, which
     * {@code Integer.toString} and {@code StringBuilder.append(int)} call for each digit).
     */
    static boolean linksNow(ResolvedJavaMethod m) {
        byte[] code = m.getCode();
        if (code == null) {
            return false;
        }
        Linkage linkage = new Linkage(m);
        try {
            org.ssajit.bytecode.BlockMap map = null;
            BytecodeStream s = new BytecodeStream(code);
            for (int bci = 0; bci < code.length; bci = s.nextBci()) {
                if (!links(s.at(bci), linkage)) {
                    // An entry on a path that only throws (an assert's AssertionError, which never ran
                    // with assertions off; a failed check's exception) deoptimizes only where that
                    // path runs, as any rare path may: the rest of the method runs compiled.
                    if (map == null) {
                        map = new org.ssajit.bytecode.BlockMap(m, linkage);
                    }
                    org.ssajit.bytecode.BlockMap.BciBlock b = map.blockContaining(bci);
                    if (b == null || !map.isThrowBound(b)) {
                        return false;
                    }
                }
            }
            return true;
        } catch (RuntimeException e) {
            return false; // a lookup that fails (a bailout for an unlinkable call site among them): called
        }
    }

    /** Whether the constant-pool entry of the bytecode at {@code s} links now ({@link #linksNow}). */
    private static boolean links(BytecodeStream s, Linkage linkage) {
        return switch (s.opcode()) {
            case LDC, LDC_W, LDC2_W -> linkage.ldc(s).isResolved();
            case GETSTATIC, PUTSTATIC -> linkage.field(s) instanceof jdk.vm.ci.meta.ResolvedJavaField f && f.getDeclaringClass().isInitialized();
            case GETFIELD, PUTFIELD -> linkage.field(s) instanceof jdk.vm.ci.meta.ResolvedJavaField;
            case INVOKESTATIC -> linkage.callSite(s).target() instanceof ResolvedJavaMethod t && t.getDeclaringClass().isInitialized();
            case INVOKEVIRTUAL, INVOKESPECIAL, INVOKEINTERFACE -> linkage.callSite(s).target() instanceof ResolvedJavaMethod;
            case INVOKEDYNAMIC -> linkage.callSite(s).appendix() != null;
            case NEW -> linkage.type(s) instanceof jdk.vm.ci.meta.ResolvedJavaType t && t.isInitialized();
            case ANEWARRAY, CHECKCAST, INSTANCEOF, MULTIANEWARRAY -> linkage.type(s) instanceof jdk.vm.ci.meta.ResolvedJavaType;
            default -> true;
        };
    }

    /**
     * {@code @CallerSensitive} methods ask for their caller's class by walking the stack; they are left
     * as calls, as HotSpot's own compilers leave them unless they intrinsify the walk.
     */
    private static boolean callerSensitive(ResolvedJavaMethod m) {
        if (m instanceof jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod hm) {
            return hm.isCallerSensitive();
        }
        return true;
    }
}
