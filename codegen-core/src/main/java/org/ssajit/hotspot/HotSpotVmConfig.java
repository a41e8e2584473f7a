package org.ssajit.hotspot;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotVMConfigAccess;
import jdk.vm.ci.hotspot.HotSpotVMConfigStore;
import org.ssajit.util.IntMath;

/**
 * What compiled code needs from the running VM, on every target, read once from JVMCI's config
 * store: mark ids the code installer understands, {@code JavaThread} field offsets, stub addresses,
 * stack banging, object layout and heap encoding parameters, the collector. Nothing here is a
 * hard-coded number: every value comes from HotSpot's own tables ({@code vmStructs_jvmci.cpp}), so a
 * VM with a different layout either yields different values or fails here, loudly, before any code is
 * emitted. What only one target needs (an encoding's limits, its registers) is that back end's.
 *
 * <p>Names are the C++ names HotSpot exports; {@code -Djvmci.PrintConfig=true -XX:+EagerJVMCI}
 * lists them all.
 */
public final class HotSpotVmConfig extends HotSpotVMConfigAccess {

    // ---- Mark ids (CodeInstaller::MarkId): tell the installer what a position in the code is.

    /** Entry after the inline-cache check; the only entry of a static method. */
    public final int markVerifiedEntry;
    /** Entry with the inline-cache check (receiver klass compare), for virtual calls. */
    public final int markUnverifiedEntry;
    public final int markOsrEntry;
    /** Where an exception thrown into this frame by a callee continues (rax: exception, rdx: throwing pc). */
    public final int markExceptionHandlerEntry;
    /** The {@code call} to the deopt blob that a lazily deoptimized frame returns into. */
    public final int markDeoptHandlerEntry;
    /** First instruction after the frame is built: from here on the stack walker trusts the frame. */
    public final int markFrameComplete;
    /** The {@code cmp} of the nmethod entry barrier, whose immediate HotSpot patches to arm or disarm it. */
    public final int markEntryBarrierPatch;
    public final int markInvokeInterface;
    public final int markInvokeVirtual;
    public final int markInvokeStatic;
    public final int markInvokeSpecial;
    /** A loop safepoint poll ({@code test eax, [reg]} reading the polling page); x86 has only far polls. */
    public final int markPollFar;
    /** The return safepoint poll ({@code cmp rsp, [r15 + polling word]}). */
    public final int markPollReturnFar;

    // ---- JavaThread offsets (r15 holds the current JavaThread in compiled Java code).

    /** {@code Thread::_poll_data._polling_word}: the return poll compares rsp with it. */
    public final int threadPollingWordOffset;
    /** {@code Thread::_poll_data._polling_page}: loop polls read through it (a protected page when armed). */
    public final int threadPollingPageOffset;
    /** {@code JavaThread::_saved_exception_pc}: the return-poll stub stores the poll's pc here. */
    public final int threadSavedExceptionPcOffset;
    /** {@code JavaThread::_pending_deoptimization} (int): the trap request the uncommon-trap blob reads. */
    public final int threadPendingDeoptimizationOffset;
    /** {@code JavaThread::_pending_failed_speculation} (jlong): the speculation that failed, or 0. */
    public final int threadPendingFailedSpeculationOffset;
    /** {@code JavaThread::_exception_oop}, {@code _exception_pc}: where the deopt blob takes an exception from. */
    public final int threadExceptionOopOffset;
    public final int threadExceptionPcOffset;
    /** Offset of the thread's disarmed guard value, compared by the nmethod entry barrier. */
    public final int threadDisarmedGuardValueOffset;
    /**
     * {@code JVMCICompileState::_jvmti_can_post_on_exceptions}, {@code _jvmti_can_pop_frame},
     * {@code _jvmti_can_access_local_variables} (jbytes): the JVMTI capabilities HotSpot recorded when
     * the compile started (the request's {@code getJvmciEnv()} is the state's address); HotSpot refuses
     * to install code compiled under capabilities that have grown since.
     */
    public final int compileStateCanPostOnExceptionsOffset;
    public final int compileStateCanPopFrameOffset;
    public final int compileStateCanAccessLocalVariablesOffset;

    // ---- Stub addresses (all in the code cache, near every nmethod).

    public final long pollingPageReturnHandler;
    /** Deopt blob, normal entry: the deopt handler calls it. */
    public final long deoptBlobUnpack;
    /** Deopt blob, uncommon-trap entry: reads {@code _pending_deoptimization}, re-executes at the bci. */
    public final long deoptBlobUncommonTrap;
    /** Deopt blob, exception entry: exception oop and pc in the thread, rsp as at the throwing call. */
    public final long deoptBlobUnpackWithExceptionInTls;
    public final long nmethodEntryBarrier;
    /** Throws a StackOverflowError as if the caller's call site had thrown it (used for reserved stack areas). */
    public final long throwDelayedStackOverflowErrorEntry;
    public final long handleWrongMethodStub;
    public final long icMissStub;
    /**
     * {@code SharedRuntime::OSR_migration_end(intptr_t* buf)}, a C function in libjvm (not a stub, so
     * possibly beyond rel32 reach): frees the buffer the interpreter copied an OSR frame's locals into.
     */
    public final long osrMigrationEnd;

    // ---- Stack.

    /** Pages below rsp that must be accessible when compiled code starts (the shadow zone). */
    public final int stackShadowPages;
    public final int vmPageSize;
    /** Largest stack offset HotSpot's oop maps can encode. */
    public final int maxOopMapStackOffset;
    public final int codeEntryAlignment;
    /** {@code JVMCINMethodSizeLimit}: HotSpot refuses to install code (with its data) larger than this. */
    public final long nmethodSizeLimit;

    // ---- Object layout and heap encoding.

    public final boolean useCompressedOops;
    public final boolean useCompressedClassPointers;
    public final boolean useCompactObjectHeaders;
    public final long narrowOopBase;
    public final int narrowOopShift;
    public final long narrowKlassBase;
    public final int narrowKlassShift;
    public final int heapWordSize;
    public final int oopKlassOffset;
    /**
     * Offset of {@code CompiledICData::_speculated_klass}: the receiver class an inline cache expects,
     * as a narrow klass when class pointers are compressed (what the receiver's header holds).
     */
    public final int icSpeculatedKlassOffset;
    /** With compact object headers: the narrow klass is the mark word shifted right by this. */
    public final int markWordKlassShift;
    public final int arrayLengthOffset;
    /**
     * {@code Universe::non_oop_word()}: what an inline-cache call loads into rax before HotSpot's
     * installation replaces it by the site's {@code CompiledICData*}; no oop looks like it.
     */
    public final long nonOopWord;
    /**
     * {@code Klass::_java_mirror}: an OopHandle, the address of the slot (outside the heap, never
     * compressed) holding the class's {@code java.lang.Class}.
     */
    public final int klassJavaMirrorOffset;
    /**
     * {@code JavaThread::_vthread}: an OopHandle to what {@code Thread.currentThread()} returns (the
     * mounted virtual thread, else the thread's own {@code java.lang.Thread}).
     */
    public final int threadCurrentThreadObjectOffset;
    /** {@code Klass::_super_check_offset} (u4): where in a subclass's Klass this class's primary-super slot, or the secondary-super cache, is. */
    public final int klassSuperCheckOffsetOffset;
    public final int klassSecondarySuperCacheOffset;
    /** {@code Klass::_secondary_supers}: an {@code Array<Klass*>*} of every secondary super (interfaces, deep classes, arrays). */
    public final int klassSecondarySupersOffset;
    public final int klassArrayLengthOffset;
    public final int klassArrayDataOffset;
    /** {@code InstanceKlass::_init_state} (a byte) and the state a usable class is in. */
    public final int instanceKlassInitStateOffset;
    public final int instanceKlassFullyInitialized;
    /** {@code java_lang_Class::_klass_offset}: where a mirror holds its class's Klass* (0 for a primitive type's mirror). */
    public final int mirrorKlassOffset;
    /**
     * {@code Klass::_layout_helper} (jint): an instance class's size in bytes, with bit
     * {@code Klass::_lh_instance_slow_path_bit} set where the VM allocates its instances itself
     * (abstract classes, interfaces, {@code java.lang.Class}); negative for arrays, 0 for neither.
     */
    public final int klassLayoutHelperOffset;
    public final int layoutHelperInstanceSlowPathBit;
    /** {@code InstanceKlass::_init_thread}: the JavaThread running the class's initializer. */
    public final int instanceKlassInitThreadOffset;
    /** The thread's allocation buffer: {@code Thread::_tlab} + {@code ThreadLocalAllocBuffer::_top/_end}. */
    public final boolean useTlab;
    public final int threadTlabTopOffset;
    public final int threadTlabEndOffset;
    /** {@code Klass::_prototype_header}: the mark word a new instance of the class starts with. */
    public final int klassPrototypeHeaderOffset;
    /** {@code JavaThread::_anchor}'s last Java frame: set around a call into the VM that may walk this frame. */
    public final int threadLastJavaSpOffset;
    public final int threadLastJavaFpOffset;
    public final int threadLastJavaPcOffset;
    public final int threadPendingExceptionOffset;
    public final int threadVmResultOopOffset;
    /** {@code JVMCIRuntime::new_instance_or_null(JavaThread*, Klass*)}, {@code new_array_or_null(JavaThread*, Klass*, jint)}. */
    public final long newInstanceOrNull;
    public final long newArrayOrNull;
    /** {@code JVMCIRuntime::new_multi_array_or_null(JavaThread*, Klass* of the array class, int rank, jint* dims)}. */
    public final long newMultiArrayOrNull;
    /**
     * {@code JVMCIRuntime::monitorenter(JavaThread*, oopDesc*, BasicLock*)} (may block and safepoint) and
     * {@code monitorexit} (a leaf that expects the last Java frame set): the VM's locking for every
     * locking mode.
     */
    public final long monitorEnter;
    /**
     * {@code SharedRuntime::register_finalizer(JavaThread*, oopDesc*)}: registers a new object whose
     * class has a finalizer (expects the last Java frame set; may allocate, safepoint and throw).
     * {@code Object.<init>}'s return calls it for objects whose class has a finalizer (JDK 25 has no
     * {@code RegisterFinalizersAtInit} any more: registration is always at that return).
     */
    public final long registerFinalizer;
    /**
     * {@code SharedRuntime::exception_handler_for_return_address(JavaThread*, address)}, a leaf: where
     * the frame that made the call returning to the address handles an exception the call threw (a
     * compiled method's exception handler entry, or the deopt blob's if the frame was deoptimized; the
     * interpreter's rethrow entry; the call stub's). It clears the thread's exception pc.
     */
    public final long exceptionHandlerForReturnAddress;
    /**
     * {@code JVMCIRuntime::throw_and_post_jvmti_exception(JavaThread*, const char* class, const char* message)},
     * {@code throw_klass_external_name_exception(JavaThread*, const char* class, Klass*)} (the class's
     * name is the message) and {@code throw_class_cast_exception(JavaThread*, const char* class, Klass*
     * object's, Klass* target)} (the interpreter's message): each creates the exception, leaves it
     * pending and returns whether the caller was deoptimized meanwhile. They expect the last Java frame
     * set; the exception's stack trace starts at the first Java frame below it.
     */
    public final long throwAndPostJvmtiException;
    public final long throwKlassExternalNameException;
    public final long throwClassCastException;
    /** {@code Klass::_misc_flags._flags} (u1) and its bit {@code KlassFlags::_misc_has_finalizer}. */
    public final int klassMiscFlagsOffset;
    public final int klassMiscHasFinalizer;
    public final long monitorExit;
    /**
     * {@code JavaThread::_cont_entry}: the innermost continuation the thread runs (a virtual thread's),
     * or null; {@code ContinuationEntry::_pin_count}: while not zero, the continuation cannot be frozen
     * (unmounted).
     */
    public final int threadContEntryOffset;
    public final int contEntryPinCountOffset;
    /**
     * Whether the VM locks with JDK 21+'s lightweight locking ({@code LockingMode == LM_LIGHTWEIGHT}, the
     * default): compiled code then locks an unlocked object itself, with a CAS of the mark word's lock
     * bits and a push on the thread's lock stack, and calls the VM for everything else.
     */
    public final boolean lightweightLocking;
    /** {@code JavaThread::_lock_stack} + {@code LockStack::_top}: a u4 holding the offset from the thread of the lock stack's next free entry. */
    public final int threadLockStackTopOffset;
    /** {@code LockStack::_end_offset}: the top offset of a full lock stack. */
    public final int lockStackEndOffset;
    /** {@code oopDesc::_mark}, and the mark word's lock bits: {@code unlocked_value} (01) and {@code monitor_value} (10, inflated). */
    public final int markOffset;
    public final int markUnlockedValue;
    public final int markMonitorValue;
    /**
     * {@code markWord::marked_value}, which is also {@code markWord::unused_mark()}: what a BasicLock
     * holds under the legacy locking modes when its lock is an inflated monitor (0 there means a
     * recursive stack lock, and the VM's monitorexit then does nothing).
     */
    public final int markUnusedValue;
    /** {@code markWord::lock_mask_in_place}: the mark word's two lock bits. */
    public final int markLockMaskInPlace;
    /**
     * {@code UseObjectMonitorTable} (JDK 24+, off by default in JDK 25): inflated monitors live in a
     * table and the BasicLock caches the object's monitor, which the VM reads on exit.
     */
    public final boolean useObjectMonitorTable;
    /**
     * {@code DiagnoseSyncOnValueBasedClasses}: when not 0, locking an instance of a value-based class
     * must reach the VM, which logs or fails; HotSpot's fast paths test the class's flag first.
     */
    public final int diagnoseSyncOnValueBasedClasses;
    public final long sharedRuntimeFrem;
    public final long sharedRuntimeDrem;
    /**
     * The VM's conjoint copy stubs ({@code StubRoutines::_jbyte_arraycopy}, {@code _jshort_},
     * {@code _jint_}, {@code _jlong_}, {@code _oop_arraycopy}), 0 where the VM has none: C-convention
     * leaves taking the source address, the destination address and the element count, correct for
     * overlapping ranges; the oop stub applies the collector's barriers. Indexed by element size as
     * log2 (0 to 3), the oop stub last.
     */
    private final long[] arrayCopyStubs;
    /**
     * The VM's store-checking copy stub for reference arrays ({@code StubRoutines::_checkcast_arraycopy}),
     * 0 where the VM has none: a C-convention leaf taking the source and destination element
     * addresses, the element count, the destination element class's {@code super_check_offset} and
     * that class; it copies in ascending order while each element is null or an instance of the
     * class, applies the collector's barriers, and returns 0 when all were copied, else
     * {@code ~K} for the K it copied before the first that was not.
     */
    public final long checkcastArrayCopyStub;
    /** Whether virtual threads' continuations are on: then HotSpot wants a post-call nop after every Java call. */
    public final boolean continuationsEnabled;

    // ---- Reference stores: the collectors' barriers and the aastore check.

    /** {@code ObjArrayKlass::_element_klass}: the class an {@code aastore} checks the stored value against. */
    public final int objArrayElementKlassOffset;
    /** The card table's byte map base: the card of address {@code a} is the byte at {@code base + (a >> shift)}. */
    public final long cardTableAddress;
    public final int cardTableShift;
    /** {@code CardTable::dirty_card}, {@code G1CardTable::g1_young_gen}: card values. */
    public final int dirtyCard;
    public final int g1YoungCard;
    /** Serial and Parallel: test the card before dirtying it (fewer writes to shared cache lines). */
    public final boolean useCondCardMark;
    /**
     * {@code ReduceInitialCardMarks}: a store into an object the compiled code allocated, with no
     * safepoint since, needs no card mark. Its fast path allocates in a young region, whose cards need
     * none; the VM's allocation slow path ({@code SharedRuntime::on_slowpath_allocation_exit}) marks the
     * cards of an object it placed in the old generation itself.
     */
    public final boolean reduceInitialCardMarks;
    /** {@code G1HeapRegion::LogOfHRGrainBytes}: a store within one region needs no G1 card (0 without G1). */
    public final int g1LogRegionBytes;
    /** The thread's G1 SATB queue: its active flag (a byte), index (bytes, counting down) and buffer. */
    public final int g1SatbActiveOffset;
    public final int g1SatbIndexOffset;
    public final int g1SatbBufferOffset;
    /** The thread's G1 dirty-card queue: index (bytes, counting down) and buffer. */
    public final int g1CardQueueIndexOffset;
    public final int g1CardQueueBufferOffset;
    /** {@code JVMCIRuntime::write_barrier_pre(JavaThread*, oopDesc*)}, {@code write_barrier_post(JavaThread*, CardValue*)}: leaf C functions. */
    public final long writeBarrierPre;
    public final long writeBarrierPost;

    // ---- Shenandoah (0, -1 or false on a VM built without it; docs/HOTSPOT-NOTES.md "Shenandoah").

    /** {@code ShenandoahThreadLocalData::gc_state_offset}: the thread's copy of the heap's state, a byte of {@code ShenandoahHeap} bits. */
    public final int shenandoahGcStateOffset;
    /** The thread's SATB queue under Shenandoah: index (bytes, counting down) and buffer; no active flag (the MARKING bit is it). */
    public final int shenandoahSatbIndexOffset;
    public final int shenandoahSatbBufferOffset;
    /** {@code ShenandoahThreadLocalData::card_table_offset}: the thread's current card table (generational mode; the VM swaps it). */
    public final int shenandoahCardTableOffset;
    /** {@code ShenandoahHeap::HAS_FORWARDED}, {@code MARKING}, {@code WEAK_ROOTS}: bits of the gc state. */
    public final int shenandoahHasForwarded;
    public final int shenandoahMarking;
    public final int shenandoahWeakRoots;
    /** The collection set's biased byte map ({@code CompilerToVM::Data::shenandoah_in_cset_fast_test_addr}), indexed by {@code address >>> shenandoahRegionShift}. */
    public final long shenandoahCsetMap;
    public final int shenandoahRegionShift;
    /** {@code ShenandoahRuntime::load_reference_barrier_{strong,weak}[_narrow]} and {@code write_barrier_pre}: leaf C functions. */
    public final long shenandoahLrbStrong;
    public final long shenandoahLrbStrongNarrow;
    public final long shenandoahLrbWeak;
    public final long shenandoahLrbWeakNarrow;
    public final long shenandoahWriteBarrierPre;
    /** Which of its barriers Shenandoah wants (diagnostic flags; all off in its passive mode, the card barrier on in its generational one). */
    public final boolean shenandoahLoadRefBarrier;
    public final boolean shenandoahSatbBarrier;
    public final boolean shenandoahCasBarrier;
    public final boolean shenandoahCardBarrier;

    // ---- ZGC (generational; 0 or -1 on a VM built without it; docs/HOTSPOT-NOTES.md "ZGC").

    /**
     * {@code ZBarrierSetRuntime::} entries, leaf C functions: the load barriers
     * {@code load_barrier_on_oop_field_preloaded} and {@code load_barrier_on_weak_oop_field_preloaded}
     * ({@code (zpointer as loaded, slot or 0) -> oop}, the slot healed), the store barriers
     * {@code store_barrier_on_oop_field_without_healing} and {@code ..._with_healing} ({@code (slot)}).
     */
    public final long zLoadBarrier;
    public final long zLoadBarrierWeak;
    public final long zStoreBarrier;
    public final long zStoreBarrierHealing;
    /**
     * The code installer's ZGC relocation marks ({@code CodeInstaller::Z_BARRIER_RELOCATION_FORMAT_*}),
     * each on an instruction whose immediate the VM patches with the current colors at registration and
     * in every entry barrier; -1 where this target has none. AMD64: {@code LOAD_GOOD_BEFORE_SHL} (the
     * shift amount of a {@code shl}/{@code shr} by imm8, mark at its start), {@code LOAD_BAD_AFTER_TEST},
     * {@code MARK_BAD_AFTER_TEST}, {@code STORE_BAD_AFTER_TEST} (the low 16 bits of a {@code test}'s
     * imm32, mark at its end), {@code STORE_GOOD_AFTER_CMP} (a {@code cmp}'s imm16), {@code
     * STORE_GOOD_AFTER_OR} (an {@code or}'s imm32). AArch64: {@code LOAD_GOOD_BEFORE_TB_X} (the bit of a
     * {@code tbz}/{@code tbnz}), {@code MARK_BAD_BEFORE_MOV}, {@code STORE_GOOD_BEFORE_MOV},
     * {@code STORE_BAD_BEFORE_MOV} (a {@code movz}'s imm16), mark at the instruction's start.
     */
    public final int markZLoadGoodBeforeShl;
    public final int markZLoadBadAfterTest;
    public final int markZMarkBadAfterTest;
    public final int markZStoreGoodAfterCmp;
    public final int markZStoreBadAfterTest;
    public final int markZStoreGoodAfterOr;
    public final int markZLoadGoodBeforeTbX;
    public final int markZMarkBadBeforeMov;
    public final int markZStoreGoodBeforeMov;
    public final int markZStoreBadBeforeMov;
    /** {@code ZPointerLoadShift} where it is a constant (AArch64: 16); -1 where the code learns it from patching (AMD64). */
    public final int zPointerLoadShift;

    // ---- Garbage collectors (CollectedHeap::Name), as JVMCICompiler.isGCSupported receives them.

    public final int gcSerial;
    public final int gcParallel;
    public final int gcG1;
    public final int gcZ;
    public final int gcShenandoah;
    public final int gcEpsilon;

    // ---- AArch64 only (absent on AMD64: the defaults below).

    /** {@code BarrierSetAssembler::nmethod_patching_type()}: how the collector patches the entry barrier's guard; -1 where the VM does not say. */
    public final int nmethodPatchingType;
    /** {@code NMethodPatchingType::stw_instruction_and_data_patch}: patched only at safepoints (Serial, Parallel, G1); -2 where absent. */
    public final int nmethodPatchingStw;
    /**
     * {@code NMethodPatchingType::conc_instruction_and_data_patch}: the guard is patched while threads
     * run (Shenandoah, Z), with a global patching epoch the entry compares too; -3 where absent.
     */
    public final int nmethodPatchingConcurrent;
    /** {@code BarrierSetAssembler::_patching_epoch}'s address (AArch64; 0 where absent). */
    public final long patchingEpochAddress;
    /** Offsets of data-section items must be multiples of this. */
    public final int dataSectionItemAlignment;
    /** {@code UseLSE}: the CPU's large-system-extension atomics ({@code cas}, {@code ldadd}) are in use. */
    public final boolean useLse;
    /**
     * {@code OmitStackTraceInFastThrow}, or {@code StackTraceInThrowable} off: the VM lets compiled code
     * throw a hot implicit exception as a preallocated instance without a stack trace, as C2 does
     * ({@code GraphKit::builtin_throw}).
     */
    public final boolean omitStackTraceOfHotThrows;
    /** {@code VM_Version::_rop_protection}: HotSpot signs return addresses (PAC); false where absent. */
    public final boolean ropProtection;

    public HotSpotVmConfig(HotSpotVMConfigStore store) {
        super(store);
        markVerifiedEntry = mark("VERIFIED_ENTRY");
        markUnverifiedEntry = mark("UNVERIFIED_ENTRY");
        markOsrEntry = mark("OSR_ENTRY");
        markExceptionHandlerEntry = mark("EXCEPTION_HANDLER_ENTRY");
        markDeoptHandlerEntry = mark("DEOPT_HANDLER_ENTRY");
        markFrameComplete = mark("FRAME_COMPLETE");
        markEntryBarrierPatch = mark("ENTRY_BARRIER_PATCH");
        markInvokeInterface = mark("INVOKEINTERFACE");
        markInvokeVirtual = mark("INVOKEVIRTUAL");
        markInvokeStatic = mark("INVOKESTATIC");
        markInvokeSpecial = mark("INVOKESPECIAL");
        markPollFar = mark("POLL_FAR");
        markPollReturnFar = mark("POLL_RETURN_FAR");
        nmethodPatchingType = getFieldValue("CompilerToVM::Data::BarrierSetAssembler_nmethod_patching_type", Integer.class, "int", -1);
        nmethodPatchingStw = getConstant("NMethodPatchingType::stw_instruction_and_data_patch", Integer.class, -2);
        nmethodPatchingConcurrent = getConstant("NMethodPatchingType::conc_instruction_and_data_patch", Integer.class, -3);
        patchingEpochAddress = getFieldValue("CompilerToVM::Data::BarrierSetAssembler_patching_epoch_addr", Long.class, "address", 0L);
        dataSectionItemAlignment = getFieldValue("CompilerToVM::Data::data_section_item_alignment", Integer.class, "int", 8);
        useLse = getFlag("UseLSE", Boolean.class, false);
        omitStackTraceOfHotThrows = getFlag("OmitStackTraceInFastThrow", Boolean.class, false) || !getFlag("StackTraceInThrowable", Boolean.class, true);
        ropProtection = getFieldValue("VM_Version::_rop_protection", Boolean.class, "bool", false);

        int pollData = getFieldOffset("Thread::_poll_data", Integer.class, "SafepointMechanism::ThreadData");
        threadPollingWordOffset = pollData + getFieldOffset("SafepointMechanism::ThreadData::_polling_word", Integer.class, "volatile uintptr_t");
        threadPollingPageOffset = pollData + getFieldOffset("SafepointMechanism::ThreadData::_polling_page", Integer.class, "volatile uintptr_t");
        threadSavedExceptionPcOffset = getFieldOffset("JavaThread::_saved_exception_pc", Integer.class, "address");
        threadPendingDeoptimizationOffset = getFieldOffset("JavaThread::_pending_deoptimization", Integer.class, "int");
        threadPendingFailedSpeculationOffset = getFieldOffset("JavaThread::_pending_failed_speculation", Integer.class, "jlong");
        threadExceptionOopOffset = getFieldOffset("JavaThread::_exception_oop", Integer.class, "oop");
        threadExceptionPcOffset = getFieldOffset("JavaThread::_exception_pc", Integer.class, "address");
        compileStateCanPostOnExceptionsOffset = getFieldOffset("JVMCICompileState::_jvmti_can_post_on_exceptions", Integer.class, "jbyte");
        compileStateCanPopFrameOffset = getFieldOffset("JVMCICompileState::_jvmti_can_pop_frame", Integer.class, "jbyte");
        compileStateCanAccessLocalVariablesOffset = getFieldOffset("JVMCICompileState::_jvmti_can_access_local_variables", Integer.class, "jbyte");
        threadDisarmedGuardValueOffset = getFieldValue("CompilerToVM::Data::thread_disarmed_guard_value_offset", Integer.class, "int");

        pollingPageReturnHandler = stub("SharedRuntime_polling_page_return_handler");
        deoptBlobUnpack = stub("SharedRuntime_deopt_blob_unpack");
        deoptBlobUncommonTrap = stub("SharedRuntime_deopt_blob_uncommon_trap");
        deoptBlobUnpackWithExceptionInTls = stub("SharedRuntime_deopt_blob_unpack_with_exception_in_tls");
        nmethodEntryBarrier = stub("nmethod_entry_barrier");
        throwDelayedStackOverflowErrorEntry = stub("SharedRuntime_throw_delayed_StackOverflowError_entry");
        handleWrongMethodStub = stub("SharedRuntime_handle_wrong_method_stub");
        icMissStub = stub("SharedRuntime_ic_miss_stub");
        osrMigrationEnd = getAddress("SharedRuntime::OSR_migration_end");

        stackShadowPages = Math.toIntExact(getFlag("StackShadowPages", Long.class));
        vmPageSize = Math.toIntExact(getFieldValue("CompilerToVM::Data::vm_page_size", Long.class, "size_t"));
        maxOopMapStackOffset = getFieldValue("CompilerToVM::Data::_max_oop_map_stack_offset", Integer.class, "int");
        codeEntryAlignment = Math.toIntExact(getFlag("CodeEntryAlignment", Long.class));
        nmethodSizeLimit = getFlag("JVMCINMethodSizeLimit", Long.class);

        useCompressedOops = getFlag("UseCompressedOops", Boolean.class);
        useCompressedClassPointers = getFlag("UseCompressedClassPointers", Boolean.class);
        useCompactObjectHeaders = getFlag("UseCompactObjectHeaders", Boolean.class, false);
        narrowOopBase = getFieldValue("CompilerToVM::Data::Universe_narrow_oop_base", Long.class, "address");
        narrowOopShift = getFieldValue("CompilerToVM::Data::Universe_narrow_oop_shift", Integer.class, "int");
        narrowKlassBase = getFieldValue("CompilerToVM::Data::Universe_narrow_klass_base", Long.class, "address");
        narrowKlassShift = getFieldValue("CompilerToVM::Data::Universe_narrow_klass_shift", Integer.class, "int");
        heapWordSize = getConstant("HeapWordSize", Integer.class);
        oopKlassOffset = getFieldValue("CompilerToVM::Data::oopDesc_klass_offset_in_bytes", Integer.class, "int");
        icSpeculatedKlassOffset = getFieldOffset("CompiledICData::_speculated_klass", Integer.class, "uintptr_t");
        markWordKlassShift = getConstant("markWord::klass_shift", Integer.class, -1);
        arrayLengthOffset = getFieldValue("CompilerToVM::Data::arrayOopDesc_length_offset_in_bytes", Integer.class, "int");
        nonOopWord = getFieldValue("CompilerToVM::Data::Universe_non_oop_bits", Long.class, "void*");
        klassJavaMirrorOffset = getFieldOffset("Klass::_java_mirror", Integer.class, "OopHandle");
        threadCurrentThreadObjectOffset = getFieldOffset("JavaThread::_vthread", Integer.class, "OopHandle");
        klassSuperCheckOffsetOffset = getFieldOffset("Klass::_super_check_offset", Integer.class, "juint");
        klassSecondarySuperCacheOffset = getFieldOffset("Klass::_secondary_super_cache", Integer.class, "Klass*");
        klassSecondarySupersOffset = getFieldOffset("Klass::_secondary_supers", Integer.class, "Array<Klass*>*");
        klassArrayLengthOffset = getFieldOffset("Array<Klass*>::_length", Integer.class, "int");
        klassArrayDataOffset = getFieldOffset("Array<Klass*>::_data[0]", Integer.class, "Klass*");
        instanceKlassInitStateOffset = getFieldOffset("InstanceKlass::_init_state", Integer.class, "InstanceKlass::ClassState");
        instanceKlassFullyInitialized = getConstant("InstanceKlass::fully_initialized", Integer.class);
        instanceKlassInitThreadOffset = getFieldOffset("InstanceKlass::_init_thread", Integer.class, "JavaThread*");
        mirrorKlassOffset = getFieldValue("java_lang_Class::_klass_offset", Integer.class, "int");
        klassLayoutHelperOffset = getFieldOffset("Klass::_layout_helper", Integer.class, "jint");
        layoutHelperInstanceSlowPathBit = getConstant("Klass::_lh_instance_slow_path_bit", Integer.class);
        useTlab = getFlag("UseTLAB", Boolean.class);
        int tlab = getFieldOffset("Thread::_tlab", Integer.class, "ThreadLocalAllocBuffer");
        threadTlabTopOffset = tlab + getFieldOffset("ThreadLocalAllocBuffer::_top", Integer.class, "HeapWord*");
        threadTlabEndOffset = tlab + getFieldOffset("ThreadLocalAllocBuffer::_end", Integer.class, "HeapWord*");
        klassPrototypeHeaderOffset = getFieldOffset("Klass::_prototype_header", Integer.class, "markWord");
        int anchor = getFieldOffset("JavaThread::_anchor", Integer.class, "JavaFrameAnchor");
        threadLastJavaSpOffset = anchor + getFieldOffset("JavaFrameAnchor::_last_Java_sp", Integer.class, "intptr_t*");
        threadLastJavaFpOffset = anchor + getFieldOffset("JavaFrameAnchor::_last_Java_fp", Integer.class, "intptr_t*");
        threadLastJavaPcOffset = anchor + getFieldOffset("JavaFrameAnchor::_last_Java_pc", Integer.class, "address");
        threadPendingExceptionOffset = getFieldOffset("ThreadShadow::_pending_exception", Integer.class, "oop");
        threadVmResultOopOffset = getFieldOffset("JavaThread::_vm_result_oop", Integer.class, "oop");
        newInstanceOrNull = getAddress("JVMCIRuntime::new_instance_or_null");
        newArrayOrNull = getAddress("JVMCIRuntime::new_array_or_null");
        newMultiArrayOrNull = getAddress("JVMCIRuntime::new_multi_array_or_null");
        monitorEnter = getAddress("JVMCIRuntime::monitorenter");
        registerFinalizer = getAddress("SharedRuntime::register_finalizer");
        exceptionHandlerForReturnAddress = getAddress("SharedRuntime::exception_handler_for_return_address");
        throwAndPostJvmtiException = getAddress("JVMCIRuntime::throw_and_post_jvmti_exception");
        throwKlassExternalNameException = getAddress("JVMCIRuntime::throw_klass_external_name_exception");
        throwClassCastException = getAddress("JVMCIRuntime::throw_class_cast_exception");
        klassMiscFlagsOffset = getFieldOffset("Klass::_misc_flags._flags", Integer.class, "u1");
        klassMiscHasFinalizer = getConstant("KlassFlags::_misc_has_finalizer", Integer.class);
        monitorExit = getAddress("JVMCIRuntime::monitorexit");
        threadContEntryOffset = getFieldOffset("JavaThread::_cont_entry", Integer.class, "ContinuationEntry*");
        contEntryPinCountOffset = getFieldOffset("ContinuationEntry::_pin_count", Integer.class, "uint32_t");
        int lmLightweight = getConstant("LockingMode::LM_LIGHTWEIGHT", Integer.class);
        lightweightLocking = getFlag("LockingMode", Integer.class, lmLightweight) == lmLightweight;
        threadLockStackTopOffset = getFieldOffset("JavaThread::_lock_stack", Integer.class, "LockStack") + getFieldOffset("LockStack::_top", Integer.class, "uint32_t");
        lockStackEndOffset = getConstant("LockStack::_end_offset", Integer.class);
        markOffset = getFieldOffset("oopDesc::_mark", Integer.class, "markWord");
        markUnlockedValue = getConstant("markWord::unlocked_value", Integer.class);
        markMonitorValue = getConstant("markWord::monitor_value", Integer.class);
        markUnusedValue = getConstant("markWord::marked_value", Integer.class);
        markLockMaskInPlace = getConstant("markWord::lock_mask_in_place", Integer.class);
        useObjectMonitorTable = getFlag("UseObjectMonitorTable", Boolean.class, false);
        diagnoseSyncOnValueBasedClasses = getFlag("DiagnoseSyncOnValueBasedClasses", Integer.class, 0);
        sharedRuntimeFrem = getAddress(org.ssajit.hotspot.ir.RuntimeLeaf.FREM.symbol());
        sharedRuntimeDrem = getAddress(org.ssajit.hotspot.ir.RuntimeLeaf.DREM.symbol());
        arrayCopyStubs = new long[5];
        String[] stubs = {"jbyte", "jshort", "jint", "jlong", "oop"};
        for (int k = 0; k < stubs.length; k++) {
            arrayCopyStubs[k] = getFieldValue("StubRoutines::_" + stubs[k] + "_arraycopy", Long.class, "address", 0L);
        }
        checkcastArrayCopyStub = getFieldValue("StubRoutines::_checkcast_arraycopy", Long.class, "address", 0L);
        continuationsEnabled = getFieldValue("CompilerToVM::Data::continuations_enabled", Boolean.class, "bool");

        objArrayElementKlassOffset = getFieldOffset("ObjArrayKlass::_element_klass", Integer.class, "Klass*");
        cardTableAddress = getFieldValue("CompilerToVM::Data::cardtable_start_address", Long.class, "CardTable::CardValue*");
        cardTableShift = getFieldValue("CompilerToVM::Data::cardtable_shift", Integer.class, "int");
        dirtyCard = getConstant("CardTable::dirty_card", Integer.class);
        g1YoungCard = getConstant("G1CardTable::g1_young_gen", Integer.class);
        useCondCardMark = getFlag("UseCondCardMark", Boolean.class);
        reduceInitialCardMarks = getFlag("ReduceInitialCardMarks", Boolean.class, false);
        g1LogRegionBytes = getFieldValue("G1HeapRegion::LogOfHRGrainBytes", Integer.class, "uint");
        g1SatbActiveOffset = getConstant("G1ThreadLocalData::satb_mark_queue_active_offset", Integer.class);
        g1SatbIndexOffset = getConstant("G1ThreadLocalData::satb_mark_queue_index_offset", Integer.class);
        g1SatbBufferOffset = getConstant("G1ThreadLocalData::satb_mark_queue_buffer_offset", Integer.class);
        g1CardQueueIndexOffset = getConstant("G1ThreadLocalData::dirty_card_queue_index_offset", Integer.class);
        g1CardQueueBufferOffset = getConstant("G1ThreadLocalData::dirty_card_queue_buffer_offset", Integer.class);
        writeBarrierPre = getAddress("JVMCIRuntime::write_barrier_pre");
        writeBarrierPost = getAddress("JVMCIRuntime::write_barrier_post");

        shenandoahGcStateOffset = getConstant("ShenandoahThreadLocalData::gc_state_offset", Integer.class, -1);
        shenandoahSatbIndexOffset = getConstant("ShenandoahThreadLocalData::satb_mark_queue_index_offset", Integer.class, -1);
        shenandoahSatbBufferOffset = getConstant("ShenandoahThreadLocalData::satb_mark_queue_buffer_offset", Integer.class, -1);
        shenandoahCardTableOffset = getConstant("ShenandoahThreadLocalData::card_table_offset", Integer.class, -1);
        shenandoahHasForwarded = getConstant("ShenandoahHeap::HAS_FORWARDED", Integer.class, 0);
        shenandoahMarking = getConstant("ShenandoahHeap::MARKING", Integer.class, 0);
        shenandoahWeakRoots = getConstant("ShenandoahHeap::WEAK_ROOTS", Integer.class, 0);
        shenandoahCsetMap = getFieldValue("CompilerToVM::Data::shenandoah_in_cset_fast_test_addr", Long.class, "address", 0L);
        shenandoahRegionShift = getFieldValue("CompilerToVM::Data::shenandoah_region_size_bytes_shift", Integer.class, "int", 0);
        shenandoahLrbStrong = getAddress("ShenandoahRuntime::load_reference_barrier_strong", 0L);
        shenandoahLrbStrongNarrow = getAddress("ShenandoahRuntime::load_reference_barrier_strong_narrow", 0L);
        shenandoahLrbWeak = getAddress("ShenandoahRuntime::load_reference_barrier_weak", 0L);
        shenandoahLrbWeakNarrow = getAddress("ShenandoahRuntime::load_reference_barrier_weak_narrow", 0L);
        shenandoahWriteBarrierPre = getAddress("ShenandoahRuntime::write_barrier_pre", 0L);
        shenandoahLoadRefBarrier = getFlag("ShenandoahLoadRefBarrier", Boolean.class, false);
        shenandoahSatbBarrier = getFlag("ShenandoahSATBBarrier", Boolean.class, false);
        shenandoahCasBarrier = getFlag("ShenandoahCASBarrier", Boolean.class, false);
        shenandoahCardBarrier = getFlag("ShenandoahCardBarrier", Boolean.class, false);

        zLoadBarrier = getAddress("ZBarrierSetRuntime::load_barrier_on_oop_field_preloaded", 0L);
        zLoadBarrierWeak = getAddress("ZBarrierSetRuntime::load_barrier_on_weak_oop_field_preloaded", 0L);
        zStoreBarrier = getAddress("ZBarrierSetRuntime::store_barrier_on_oop_field_without_healing", 0L);
        zStoreBarrierHealing = getAddress("ZBarrierSetRuntime::store_barrier_on_oop_field_with_healing", 0L);
        markZLoadGoodBeforeShl = optionalMark("Z_BARRIER_RELOCATION_FORMAT_LOAD_GOOD_BEFORE_SHL");
        markZLoadBadAfterTest = optionalMark("Z_BARRIER_RELOCATION_FORMAT_LOAD_BAD_AFTER_TEST");
        markZMarkBadAfterTest = optionalMark("Z_BARRIER_RELOCATION_FORMAT_MARK_BAD_AFTER_TEST");
        markZStoreGoodAfterCmp = optionalMark("Z_BARRIER_RELOCATION_FORMAT_STORE_GOOD_AFTER_CMP");
        markZStoreBadAfterTest = optionalMark("Z_BARRIER_RELOCATION_FORMAT_STORE_BAD_AFTER_TEST");
        markZStoreGoodAfterOr = optionalMark("Z_BARRIER_RELOCATION_FORMAT_STORE_GOOD_AFTER_OR");
        markZLoadGoodBeforeTbX = optionalMark("Z_BARRIER_RELOCATION_FORMAT_LOAD_GOOD_BEFORE_TB_X");
        markZMarkBadBeforeMov = optionalMark("Z_BARRIER_RELOCATION_FORMAT_MARK_BAD_BEFORE_MOV");
        markZStoreGoodBeforeMov = optionalMark("Z_BARRIER_RELOCATION_FORMAT_STORE_GOOD_BEFORE_MOV");
        markZStoreBadBeforeMov = optionalMark("Z_BARRIER_RELOCATION_FORMAT_STORE_BAD_BEFORE_MOV");
        zPointerLoadShift = getConstant("ZPointerLoadShift", Integer.class, -1);

        gcSerial = getConstant("CollectedHeap::Serial", Integer.class);
        gcParallel = getConstant("CollectedHeap::Parallel", Integer.class);
        gcG1 = getConstant("CollectedHeap::G1", Integer.class);
        gcZ = getConstant("CollectedHeap::Z", Integer.class);
        gcShenandoah = getConstant("CollectedHeap::Shenandoah", Integer.class);
        gcEpsilon = getConstant("CollectedHeap::Epsilon", Integer.class);

    }

    /** Where an instance's fields start: after the mark word and the klass (narrow or not), or the mark word alone with compact headers. */
    public int instanceHeaderSize() {
        return useCompactObjectHeaders ? 8 : oopKlassOffset + (useCompressedClassPointers ? 4 : 8);
    }

    /**
     * The VM's stub that copies elements of kind {@code elementKind} between arrays, overlapping or
     * not (see {@link #arrayCopyStubs}), or 0 if it has none. A boolean is a byte, a char a short, a
     * float an int and a double a long.
     */
    public long arrayCopyStub(jdk.vm.ci.meta.JavaKind elementKind) {
        return switch (elementKind) {
            case Boolean, Byte -> arrayCopyStubs[0];
            case Char, Short -> arrayCopyStubs[1];
            case Int, Float -> arrayCopyStubs[2];
            case Long, Double -> arrayCopyStubs[3];
            case Object -> arrayCopyStubs[4];
            default -> 0;
        };
    }

    /** The address of a leaf C function of the VM. */
    public long runtimeLeaf(org.ssajit.hotspot.ir.RuntimeLeaf f) {
        return switch (f) {
            case FREM -> sharedRuntimeFrem;
            case DREM -> sharedRuntimeDrem;
            case G1_WRITE_BARRIER_PRE -> writeBarrierPre;
            case G1_WRITE_BARRIER_POST -> writeBarrierPost;
            case SHENANDOAH_LRB_STRONG -> shenandoahLrbStrong;
            case SHENANDOAH_LRB_STRONG_NARROW -> shenandoahLrbStrongNarrow;
            case SHENANDOAH_LRB_WEAK -> shenandoahLrbWeak;
            case SHENANDOAH_LRB_WEAK_NARROW -> shenandoahLrbWeakNarrow;
            case SHENANDOAH_WRITE_BARRIER_PRE -> shenandoahWriteBarrierPre;
            case Z_LOAD_BARRIER -> zLoadBarrier;
            case Z_LOAD_BARRIER_WEAK -> zLoadBarrierWeak;
            case Z_STORE_BARRIER -> zStoreBarrier;
            case Z_STORE_BARRIER_HEALING -> zStoreBarrierHealing;
        };
    }

    /** The address of the VM entry {@code e} ({@link org.ssajit.hotspot.ir.HotSpotOp#VM_CALL}). */
    public long vmEntry(org.ssajit.hotspot.ir.VmEntry e) {
        return switch (e) {
            case NEW_INSTANCE -> newInstanceOrNull;
            case NEW_ARRAY -> newArrayOrNull;
            case REGISTER_FINALIZER -> registerFinalizer;
        };
    }

    /** The host VM's values (requires {@code -XX:+EnableJVMCI}). */
    public static HotSpotVmConfig host() {
        return Holder.HOST;
    }

    private static final class Holder {
        static final HotSpotVmConfig HOST = new HotSpotVmConfig(HotSpotJVMCIRuntime.runtime().getConfigStore());
    }

    private int mark(String name) {
        return getConstant("CodeInstaller::" + name, Integer.class);
    }

    private int optionalMark(String name) {
        return getConstant("CodeInstaller::" + name, Integer.class, -1);
    }

    private long stub(String name) {
        long address = getFieldValue("CompilerToVM::Data::" + name, Long.class, "address");
        if (address == 0) {
            throw new IllegalStateException("VM stub " + name + " is not generated in this VM");
        }
        return address;
    }

    /**
     * How far below sp the prologue touches the stack: the shadow zone, or the frame if that is
     * larger, so a stack overflow is detected before the frame exists (where HotSpot can still throw
     * StackOverflowError at the caller's call site). HotSpot counts {@code StackShadowPages} in 4 KiB
     * units and rounds the zone up to the VM's page size ({@code StackOverflow::initialize_stack_zone_sizes});
     * with 4 KiB pages (x86, most arm64 kernels) that is pages times page size, with 16 or 64 KiB
     * pages it is not.
     */
    public int stackBangOffset(int totalFrameSize) {
        return IntMath.max(shadowZoneSize(stackShadowPages, vmPageSize), totalFrameSize);
    }

    static int shadowZoneSize(int shadowPages, int pageSize) {
        int zone = shadowPages * 4096;
        return (zone + pageSize - 1) / pageSize * pageSize;
    }

    /** The collector this VM runs, as a {@code CollectedHeap::Name} value. */
    public int selectedGc() {
        if (getFlag("UseSerialGC", Boolean.class)) {
            return gcSerial;
        } else if (getFlag("UseParallelGC", Boolean.class)) {
            return gcParallel;
        } else if (getFlag("UseG1GC", Boolean.class)) {
            return gcG1;
        } else if (getFlag("UseZGC", Boolean.class)) {
            return gcZ;
        } else if (getFlag("UseShenandoahGC", Boolean.class, false)) {
            return gcShenandoah;
        } else if (getFlag("UseEpsilonGC", Boolean.class, false)) {
            return gcEpsilon;
        }
        throw new IllegalStateException("no garbage collector flag is set");
    }

    /** A collector's name for messages. */
    public String gcName(int gc) {
        if (gc == gcSerial) {
            return "Serial";
        } else if (gc == gcParallel) {
            return "Parallel";
        } else if (gc == gcG1) {
            return "G1";
        } else if (gc == gcZ) {
            return "Z";
        } else if (gc == gcShenandoah) {
            return "Shenandoah";
        } else if (gc == gcEpsilon) {
            return "Epsilon";
        }
        return "CollectedHeap::Name " + gc;
    }
}
