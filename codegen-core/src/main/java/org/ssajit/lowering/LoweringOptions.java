package org.ssajit.lowering;

import org.ssajit.options.OptionKey;

/**
 * The options the lowering reads, from the {@link org.ssajit.options.OptionValues} its
 * {@link HotSpotLowering} was built with: switches to rule a part of the lowering out when a problem is
 * suspected, and the policies of implicit null checks and implicit exceptions.
 */
public final class LoweringOptions {
    private LoweringOptions() {
    }

    /** {@link LoweringScope}: monitors compiled, or refused. */
    public static final OptionKey<Boolean> MONITORS = OptionKey.bool("Monitors", true,
                    "Compile monitorenter/monitorexit and synchronized methods. false refuses them (HotSpot's tiers run those "
                                    + "methods) and inlines no callee that locks, to rule ssajit's locking out when a locking problem is suspected.");
    /** {@link ExceptionDispatch}: exceptions of calls caught in compiled code. */
    public static final OptionKey<Boolean> COMPILED_HANDLERS = OptionKey.bool("CompiledHandlers", true,
                    "Catch exceptions thrown by calls in compiled code, with the method's own handlers. false: every exception "
                                    + "deoptimizes to the interpreter, which finds the handler.");
    /** {@link ExceptionDispatch#unwinds}: uncaught exceptions leave compiled frames. */
    public static final OptionKey<Boolean> UNWIND_EXCEPTIONS = OptionKey.bool("UnwindExceptions", true,
                    "An exception that no handler of the compiled method (nor of a method inlined into it) takes leaves the frame "
                                    + "for the caller's handler, unless the frame holds a lock. false: the frame deoptimizes there and the "
                                    + "interpreter unwinds it. Needs CompiledHandlers.");
    /** {@link ImplicitThrows}: when implicit exceptions caught in the same method are thrown in compiled code. */
    public static final OptionKey<ImplicitThrows.Mode> IMPLICIT_EXCEPTIONS = OptionKey.choice("ImplicitExceptions", ImplicitThrows.Mode.PROFILE,
                    "When a null, division-by-zero, class-cast, array-store, out-of-bounds or negative-size exception caught by a handler of the same method is "
                                    + "thrown in compiled code: profile, once the method's profile says the bytecode threw (before that a failed "
                                    + "check deoptimizes and HotSpot recompiles after a few), and as a preallocated instance without message or stack "
                                    + "trace once that kind has trapped in the method, when the VM omits hot throws' stack traces (-XX:+OmitStackTraceInFastThrow, "
                                    + "the default, as C2 does); always (created, with message and stack trace); preallocated (always, as the preallocated "
                                    + "instance); never (every failed check deoptimizes). Needs CompiledHandlers.");
    /** {@link ArrayCopies}: System.arraycopy through the VM's stubs. */
    public static final OptionKey<Boolean> ARRAY_COPY_STUBS = OptionKey.bool("ArrayCopyStubs", true,
                    "System.arraycopy of arrays whose element kind is known: inline checks, then the VM's copy stub; the call where a "
                                    + "check fails. false: every System.arraycopy stays a call (of the VM's native method).");
    /** {@link InstanceAllocations}: Unsafe.allocateInstance allocated inline. */
    public static final OptionKey<Boolean> ALLOCATE_INSTANCE_INLINE = OptionKey.bool("AllocateInstanceInline", true,
                    "Unsafe.allocateInstance (constructor method handles, reflection's Constructor.newInstance): the instance allocated inline from the "
                                    + "thread's buffer when its class is fully initialized and the VM does not reserve it a slow path; the call "
                                    + "otherwise. false: every Unsafe.allocateInstance stays a call (of the VM's native method).");
    /** {@link HotSpotLowering}: a null check folded into the access that faults. */
    public static final OptionKey<Boolean> IMPLICIT_NULL_CHECKS = OptionKey.bool("ImplicitNullChecks", true,
                    "Let a field access, array length read or bounds check fault on a null reference instead of testing it first; "
                                    + "HotSpot then deoptimizes and drops the code, and the recompile of a method whose profile shows such a "
                                    + "deoptimization tests explicitly. false: always test explicitly.");
    /** {@link CountedLoopPolls}: safepoint polls in innermost counted int loops. */
    public static final OptionKey<Boolean> COUNTED_LOOP_SAFEPOINTS = OptionKey.bool("CountedLoopSafepoints", false,
                    "Poll for a safepoint on every iteration of an innermost counted int loop. false (the default, as Graal and C2 before "
                                    + "loop strip mining): such a loop, which ends within 2^32 iterations whatever its inputs, polls after it "
                                    + "instead, so a thread running a long one reaches a safepoint later (longer pauses on a large array); "
                                    + "every other loop polls on each iteration.");
}
