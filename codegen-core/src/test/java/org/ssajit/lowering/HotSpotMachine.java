package org.ssajit.lowering;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.ssajit.hotspot.ir.CallTarget;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.bytecode.Bytecodes;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.hotspot.ir.ImplicitException;
import org.ssajit.hotspot.ir.NarrowEncoding;
import org.ssajit.hotspot.ir.RuntimeLeaf;
import org.ssajit.hotspot.ir.VmEntry;
import org.ssajit.interp.IrInterpreter;
import org.ssajit.interp.Machine;
import org.ssajit.ir.Condition;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.Op;

import jdk.vm.ci.hotspot.HotSpotMetaspaceConstant;
import jdk.vm.ci.hotspot.HotSpotResolvedObjectType;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * What HotSpot's dialect ({@link HotSpotOp}) means, for the {@link IrInterpreter}, which knows {@link
 * Op}'s ops only. Calls are made as the invoke they come from (through the interpreter); what the
 * callee throws leaves the method if the call unwinds, else waits in the thread for the {@code
 * exceptioncheck} right after the call and its {@code exceptiontake} (a call without one deoptimizes:
 * its handlers run in HotSpot's interpreter); invokedynamic and signature-polymorphic calls are
 * refused. {@code lock} and {@code unlock} are the interpreter's monitors, {@code unwind} leaves the
 * method, {@code sdiv}, {@code srem}, {@code pi} and {@code membar} are computed; a deoptimizing check
 * that fails, and {@code deoptimize}, end the run as not interpretable (HotSpot's interpreter would go
 * on from the frame state, which this one cannot).
 *
 * <p>The memory and VM structures of a lowered graph: the real heap for
 * Java objects, a simulated layout for everything else, so that nothing but a Java object's own
 * fields and elements is ever read or written, and those only through {@code sun.misc.Unsafe} with
 * the object as base (GC-safe) after checking that a field or element of that kind is there.
 *
 * <ul>
 * <li><b>Objects</b>: a read or write at {@code [object + index * scale + displacement]} must hit a
 * field (from JVMCI's field list) or an element of the access's kind, the array length, or the class
 * word; anything else (the mark word, padding, a field of another kind) is refused. A reference
 * stored must be null or an instance of the slot's declared type (else the graph is broken: the heap
 * would be polluted).
 * <li><b>Addresses</b> are symbols: {@link HeapAddress} (an object and an offset, from
 * {@code addressof}), {@link Native} (an offset in a simulated region: the thread, its queues' buffers,
 * the allocation buffer), {@link Card} (the card of an object's offset: {@code (address >>> shift) +
 * base}). The simulated layout puts every object at the start of its own card-aligned G1 region.
 * <li><b>The thread</b> ({@code THREAD}): a region holding the allocation buffer's top and end, G1's
 * SATB flag (0: not marking; 1 for a marking machine, which then requires every overwritten non-null
 * reference to have been logged: enqueued in the SATB buffer or passed to the runtime), queue indexes
 * and buffers. Any other thread word is refused.
 * <li><b>Allocation</b>: the inline fast path writes into a simulated buffer of 4 KB (so that loops
 * also reach the slow path); {@code objectat} checks what it wrote (the class's prototype mark word,
 * the class word, an array's length, zeros up to the object's size, below the top) and yields a
 * real object allocated in its place; a {@code vmcall} of the VM's allocation allocates a real one.
 * <li><b>Class words</b>: {@link KlassWord} symbols (from an object's header, {@code metadata},
 * {@code uncompress}); reads from a class are answered from JVMCI's view of the type, not memory: the
 * super check offset, the primary display (a slot holds T iff T's super check offset is that slot
 * and T is a supertype), the secondary-super cache (always a miss, as HotSpot allows), the secondary
 * supers (every supertype whose super check offset is the cache's), an object array's element class.
 * <li><b>Cards</b>: a simulated card table (every card clean at the start); a store of a reference to
 * another object that no card mark follows by the end of the run breaks the graph, unless the object is
 * one the run allocated with no safepoint since, where the VM reduces initial card marks ({@link
 * #initializing}).
 * <li><b>Leaf calls</b>: {@code frem}/{@code drem} computed; G1's barrier slow paths do nothing (the
 * card is already dirty, marking does not run); {@code allocateinstanceof} answers null (its call
 * takes every case); {@code newexception} creates the exception the check names. Refused: compact
 * object headers' class word, any word not listed here.
 * </ul>
 */
final class HotSpotMachine implements Machine {
    private static final sun.misc.Unsafe UNSAFE = org.ssajit.hotspot.HostUnsafe.UNSAFE;

    /** Entries of a simulated queue buffer. */
    private static final int QUEUE_CAPACITY = 64;
    /** The simulated allocation buffer's size: small, so that loops also take the slow path. */
    private static final int TLAB_BYTES = 4096;
    private static final int CLEAN_CARD = -1;

    private final HotSpotVmConfig c;
    private final MetaAccessProvider meta;
    private final boolean g1;
    private final int displayStart;
    private final ResolvedJavaType object;
    private final ResolvedJavaType cloneable;
    private final ResolvedJavaType serializable;

    /** The instruction being evaluated, for messages. */
    private Instruction current;

    // The state of one run.
    private Support support;
    /** The exception a call threw, until its {@code exceptiontake} (the thread's pending exception). */
    private Throwable pending;
    private Region thread;
    private Region tlab;
    private final Map<CardKey, Integer> cards = new HashMap<>();
    /** Reference stores still waiting for their card mark. */
    private final Set<CardKey> unmarked = new LinkedHashSet<>();
    /**
     * The objects this run allocated with no safepoint since (no call, VM call, lock or unlock, and no
     * block entered a second time: a cycle passed a loop's back edge, which polls): where the VM reduces initial card
     * marks, a store into one needs none under G1, Serial and Parallel (the fast path allocated it in
     * a young region; the VM's slow path marked the cards of one it put in the old generation).
     */
    private final Set<Object> initializing = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** The blocks control entered in this run. */
    private final Set<org.ssajit.ir.Block> entered = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Stores into {@link #initializing} objects need no card mark (the collector and the VM's flag). */
    private final boolean initialCardsReduced;

    /** G1's concurrent marking runs: the SATB flag is set, and every overwritten reference must be logged. */
    private final boolean marking;
    /** While marking: the references logged (enqueued in the SATB buffer, or passed to the runtime). */
    private final Set<Object> logged = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    private Region satb;

    HotSpotMachine(HotSpotLowering lowering) {
        this(lowering, false);
    }

    HotSpotMachine(HotSpotLowering lowering, boolean marking) {
        this.marking = marking;
        this.c = lowering.config();
        this.meta = lowering.metaAccess();
        this.g1 = lowering.gc() == c.gcG1;
        this.initialCardsReduced = c.reduceInitialCardMarks && (g1 || lowering.gc() == c.gcSerial || lowering.gc() == c.gcParallel);
        this.object = meta.lookupJavaType(Object.class);
        this.cloneable = meta.lookupJavaType(Cloneable.class);
        this.serializable = meta.lookupJavaType(java.io.Serializable.class);
        this.displayStart = ((HotSpotResolvedObjectType) object).superCheckOffset();
    }

    // Symbols --------------------------------------------------------------------------------------

    /** {@code object}'s address plus {@code offset}. */
    record HeapAddress(Object object, long offset) implements Symbol {
        @Override
        public boolean equals(Object o) {
            return o instanceof HeapAddress h && h.object == object && h.offset == offset;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(object) * 31 + Long.hashCode(offset);
        }
    }

    /** A word in a simulated region. */
    record Native(Region region, long offset) implements Symbol {
    }

    /** The mark word a new object of {@code type} starts with ({@code Klass::_prototype_header}). */
    record Prototype(ResolvedJavaType type) implements Symbol {
    }

    /** A class pointer, or its narrow form. */
    record KlassWord(ResolvedJavaType type, boolean narrow) implements Symbol {
    }

    /** A word of class {@code type}'s primary display or its secondary-super cache, at {@code offset}. */
    record KlassSlot(ResolvedJavaType type, long offset) implements Symbol {
    }

    /** A class's secondary supers (HotSpot's {@code Array<Klass*>}). */
    record SecondarySupers(ResolvedJavaType type, List<ResolvedJavaType> supers) implements Symbol {
    }

    /** A non-null reference in its narrow form. */
    record NarrowOop(Object object) implements Symbol {
    }

    /** Two addresses xored: what G1's cross-region filter shifts. */
    record Xor(HeapAddress x, HeapAddress y) implements Symbol {
    }

    /** {@code address >>> card shift}, before the table's base is added. */
    record CardIndex(HeapAddress address) implements Symbol {
    }

    /** The card of an address. */
    record Card(CardKey key) implements Symbol {
    }

    /** A card: an object and its offset's card (the layout puts every object at a card's start). */
    record CardKey(Object object, long card) {
        @Override
        public boolean equals(Object o) {
            return o instanceof CardKey k && k.object == object && k.card == card;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(object) * 31 + Long.hashCode(card);
        }
    }

    /** Simulated memory: entries at offsets, each of one size, written before read. */
    static final class Region {
        final String name;
        /** New entries may be written below this offset (0: only the initial entries). */
        final long writableLimit;
        final Map<Long, Object[]> entries = new HashMap<>();
        /** Objects published from here ({@code objectat}): [start, end) ranges no access may touch again. */
        final List<long[]> published = new ArrayList<>();

        Region(String name, long writableLimit) {
            this.name = name;
            this.writableLimit = writableLimit;
        }

        void init(long offset, int size, Object value) {
            entries.put(offset, new Object[] {size, value});
        }

        private void checkUnpublished(long offset, int size) {
            for (long[] p : published) {
                if (offset < p[1] && offset + size > p[0]) {
                    throw Machine.broken("an access at +" + offset + " of the " + name + " to an object published by objectat");
                }
            }
        }

        Object read(long offset, int size) {
            checkUnpublished(offset, size);
            Object[] e = entries.get(offset);
            if (e == null || (int) e[0] != size) {
                throw Machine.refuse("a " + size + "-byte read at +" + offset + " of the simulated " + name + ", which holds nothing there");
            }
            return e[1];
        }

        void write(long offset, int size, Object value) {
            checkUnpublished(offset, size);
            Object[] e = entries.get(offset);
            if (e != null ? (int) e[0] != size : offset < 0 || offset + size > writableLimit || offset % size != 0) {
                throw Machine.refuse("a " + size + "-byte write at +" + offset + " of the simulated " + name);
            }
            entries.put(offset, new Object[] {size, value});
        }

        @Override
        public String toString() {
            return name;
        }
    }

    // Runs ------------------------------------------------------------------------------------------

    @Override
    public void start(Support s) {
        support = s;
        pending = null;
        cards.clear();
        unmarked.clear();
        initializing.clear();
        entered.clear();
        thread = new Region("thread", 0);
        tlab = new Region("allocation buffer", TLAB_BYTES);
        thread.init(c.threadTlabTopOffset, 8, new Native(tlab, 0));
        thread.init(c.threadTlabEndOffset, 8, new Native(tlab, TLAB_BYTES));
        if (g1) {
            satb = new Region("SATB buffer", 8L * QUEUE_CAPACITY);
            logged.clear();
            thread.init(c.g1SatbActiveOffset, 1, marking ? 1 : 0);
            thread.init(c.g1SatbIndexOffset, 8, marking ? 8L * QUEUE_CAPACITY : 0L);
            thread.init(c.g1SatbBufferOffset, 8, new Native(satb, 0));
            thread.init(c.g1CardQueueIndexOffset, 8, 8L * QUEUE_CAPACITY);
            thread.init(c.g1CardQueueBufferOffset, 8, new Native(new Region("dirty card queue", 8L * QUEUE_CAPACITY), 0));
        }
    }

    @Override
    public void end() {
        if (!unmarked.isEmpty()) {
            CardKey k = unmarked.iterator().next();
            throw Machine.broken("a reference stored into " + k.object().getClass().getName() + " (card " + k.card() + ") without its card marked");
        }
    }

    @Override
    public Monitor monitor(Instruction i) {
        Monitor m = i.op() == HotSpotOp.LOCK ? Monitor.ENTER : i.op() == HotSpotOp.UNLOCK ? Monitor.EXIT : null;
        if (m != null) {
            initializing.clear(); // the slow paths may stop at a safepoint
        }
        return m;
    }

    @Override
    public void enter(org.ssajit.ir.Block b) {
        if (!entered.add(b)) {
            initializing.clear(); // control came around a cycle: through a loop's back edge, which polls
        }
    }

    @Override
    public Object evaluate(Instruction i, Object[] in) {
        current = i;
        HotSpotOp op = HotSpotOp.of(i);
        if (op == HotSpotOp.CALL || op == HotSpotOp.VM_CALL || op == HotSpotOp.ALLOCATE_MULTI) {
            initializing.clear(); // may stop at a safepoint
        }
        return switch (op) {
            case CALL -> call(i, in);
            case EXCEPTION_CHECK -> pending != null ? 1 : 0;
            case EXCEPTION_TAKE -> {
                if (pending == null) {
                    throw Machine.broken("exceptiontake without a pending exception");
                }
                Throwable t = pending;
                pending = null;
                yield t;
            }
            case UNWIND -> {
                if (!(in[0] instanceof Throwable t)) {
                    throw Machine.broken("unwinding " + in[0]);
                }
                throw support.unwind(t);
            }
            case NULL_CHECK -> in[0] == null ? deoptimize(i) : null;
            case BOUNDS_CHECK -> Integer.compareUnsigned((Integer) in[0], (Integer) in[1]) >= 0 ? deoptimize(i) : null;
            case ZERO_CHECK -> in[0].equals(0) || in[0].equals(0L) ? deoptimize(i) : null;
            case SAME_CHECK -> in[0] != in[1] ? deoptimize(i) : null;
            case NEGATIVE_CHECK -> (Integer) in[0] < 0 ? deoptimize(i) : null;
            case GUARD -> (Integer) in[0] == 0 ? deoptimize(i) : null;
            case DEOPTIMIZE -> deoptimize(i);
            case SDIV, SREM -> {
                if (i.kind() == JavaKind.Int) {
                    int y = (Integer) in[1];
                    if (y == 0) {
                        throw Machine.broken(i.op() + " by zero: its check did not run");
                    }
                    yield i.op() == HotSpotOp.SDIV ? (Integer) in[0] / y : (Integer) in[0] % y;
                }
                long y = (Long) in[1];
                if (y == 0) {
                    throw Machine.broken(i.op() + " by zero: its check did not run");
                }
                yield i.op() == HotSpotOp.SDIV ? (Long) in[0] / y : (Long) in[0] % y;
            }
            case PI -> in[0];
            case MEMBAR -> null; // one thread: no ordering to keep
            case THREAD -> new Native(thread, 0);
            case ADDRESS_OF -> new HeapAddress(in[0], 0);
            case OBJECT_AT -> {
                if (in[0] instanceof HeapAddress h && h.offset() == 0 && h.object() != null) {
                    yield h.object();
                }
                if (in[0] instanceof Native n && n.region() == tlab) {
                    Object o = publish(n.offset());
                    initializing.add(o);
                    yield o;
                }
                throw Machine.refuse("objectat " + in[0]);
            }
            case METADATA -> {
                if (!(i.attribute() instanceof HotSpotMetaspaceConstant m) || m.asResolvedJavaType() == null) {
                    throw Machine.refuse("metadata " + i.attribute());
                }
                if (m.isCompressed() != (i.kind() == JavaKind.Int)) {
                    throw Machine.broken("metadata " + m + " of kind " + i.kind());
                }
                yield new KlassWord(m.asResolvedJavaType(), m.isCompressed());
            }
            case COMPRESS -> {
                checkOopEncoding(i.attribute(NarrowEncoding.class));
                yield in[0] == null ? (Object) 0 : new NarrowOop(in[0]);
            }
            case UNCOMPRESS -> uncompress(i.attribute(NarrowEncoding.class), in[0]);
            case READ -> {
                if (in[0] == null && i.state() != null) {
                    throw Machine.refuse("deoptimizes (an implicit null check)");
                }
                yield read(i.attribute(Access.class), in[0], in.length > 1 ? (int) in[1] : 0);
            }
            case WRITE -> {
                if (in[0] == null && i.state() != null) {
                    throw Machine.refuse("deoptimizes (an implicit null check)");
                }
                write(i.attribute(Access.class), in[0], in.length > 2 ? (int) in[2] : 0, in[1]);
                yield null;
            }
            case READ_OR_ZERO -> in[0] == null ? (Object) 0 : read(i.attribute(Access.class), in[0], 0);
            case STORE_RANGE -> storeRange(i.attribute(Access.class), in);
            case ARRAY_COPY -> {
                try {
                    System.arraycopy(in[0], Math.toIntExact((long) in[1]), in[2], Math.toIntExact((long) in[3]), Math.toIntExact((long) in[4]));
                } catch (RuntimeException e) {
                    throw Machine.broken("arraycopy the lowering proved cannot fail: " + e);
                }
                yield null; // the copy stubs apply the barriers themselves
            }
            case CHECKCAST_ARRAY_COPY -> {
                if (!(in[6] instanceof KlassWord k) || k.narrow() || !(in[5] instanceof Long offset) || offset != ((HotSpotResolvedObjectType) k.type()).superCheckOffset()) {
                    throw Machine.broken("a store-checking copy's element class " + in[6] + " and its super check offset " + in[5]);
                }
                Object[] from = (Object[]) in[0];
                Object[] to = (Object[]) in[2];
                int sp = Math.toIntExact((long) in[1]);
                int dp = Math.toIntExact((long) in[3]);
                int n = Math.toIntExact((long) in[4]);
                if (from == to || sp + n > from.length || dp + n > to.length) {
                    throw Machine.broken("a store-checking copy the lowering did not bound: " + sp + ", " + dp + ", " + n);
                }
                Class<?> element = support.classOf(k.type());
                for (int j = 0; j < n; j++) {
                    Object v = from[sp + j];
                    if (v != null && !element.isInstance(v)) {
                        yield ~j;
                    }
                    to[dp + j] = v;
                }
                yield 0;
            }
            case VM_CALL -> switch (i.attribute(VmEntry.class)) {
                case NEW_INSTANCE, NEW_ARRAY -> {
                    if (!(in[0] instanceof KlassWord k) || k.narrow()) {
                        throw Machine.broken("the VM's allocation of " + in[0] + ", not a class word");
                    }
                    Object o = allocate(k.type(), in.length > 1 ? (Integer) in[1] : null);
                    initializing.add(o);
                    yield o;
                }
                case REGISTER_FINALIZER -> null; // finalization is the VM's, not modeled
            };
            case ALLOCATE_MULTI -> {
                ResolvedJavaType t = i.attribute(HotSpotMetaspaceConstant.class).asResolvedJavaType();
                int[] dims = new int[in.length];
                Class<?> base = support.classOf(t);
                for (int k = 0; k < dims.length; k++) {
                    dims[k] = (int) in[k];
                    if (dims[k] < 0) {
                        throw Machine.refuse("deoptimizes (a negative dimension: the VM gives no array)");
                    }
                    base = base.getComponentType();
                }
                yield Array.newInstance(base, dims);
            }
            case LEAF_CALL -> switch (i.attribute(RuntimeLeaf.class)) {
                case FREM -> (float) in[0] % (float) in[1];
                case DREM -> (double) in[0] % (double) in[1];
                default -> throw Machine.refuse("leaf call " + i.attribute());
            };
            case LEAF_CALL_SAVING -> switch (i.attribute(RuntimeLeaf.class)) {
                // The post-barrier's card is already dirty; the pre-barrier's marking does not run.
                case G1_WRITE_BARRIER_PRE -> {
                    if (in[1] == null) {
                        throw Machine.broken("the SATB runtime call with null");
                    }
                    logged.add(in[1]);
                    yield null;
                }
                case G1_WRITE_BARRIER_POST -> null;
                default -> throw Machine.refuse("leaf call " + i.attribute());
            };
            case KEEP_ALIVE -> null; // marking does not run
            case NEW_EXCEPTION -> newException(i.attribute(ImplicitException.class), in);
            case TYPE_TEST, STORE_CHECK, CLASS_TEST, ALLOCATE, ALLOCATE_INSTANCE_OF, PRE_BARRIER, POST_BARRIER -> throw Machine.broken(i.op() + " left after the lowering's expansions");
            default -> throw Machine.refuse("lowered op " + i.op() + " is not interpreted");
        };
    }

    /** HotSpot would deoptimize here and continue in its interpreter; the IR interpreter has no frame to continue in. */
    private Object deoptimize(Instruction i) {
        throw support.deoptimize(i);
    }

    /**
     * A call: the invoke it comes from, made the same way. What the callee throws leaves the method if
     * the call unwinds; else it waits in the thread for the {@code exceptioncheck} right after the call
     * (a call without one deoptimizes: its handlers run in HotSpot's interpreter).
     */
    private Object call(Instruction i, Object[] in) {
        CallTarget t = i.attribute(CallTarget.class);
        String holder = t.method().getDeclaringClass().getName();
        if (t.opcode() == Bytecodes.INVOKEDYNAMIC || holder.equals("Ljava/lang/invoke/MethodHandle;") || holder.equals("Ljava/lang/invoke/VarHandle;")) {
            throw Machine.refuse("a lowered invokedynamic or method-handle call");
        }
        if (t.method().isStatic() && t.opcode() != Bytecodes.INVOKESTATIC) {
            throw Machine.refuse("a lowered signature-polymorphic call (through its adapter)");
        }
        if (t.dispatch().hasReceiver() && in[0] == null) {
            throw Machine.broken("a call with a null receiver: its null check did not run");
        }
        try {
            return support.invoke(i, new InvokeTarget(t.method(), t.opcode(), null), in);
        } catch (RuntimeException e) {
            Throwable thrown = support.thrown(e);
            if (thrown == null || t.unwinds()) {
                throw e;
            }
            List<Instruction> code = i.block().instructions();
            int at = code.indexOf(i);
            if (at + 1 < code.size() && code.get(at + 1).op() == HotSpotOp.EXCEPTION_CHECK) {
                pending = thrown;
                return support.noValue();
            }
            throw Machine.refuse("deoptimizes (a call without a compiled handler threw " + thrown.getClass().getName() + ")");
        }
    }

    /** The exception HotSpot's interpreter would create for the failed check (messages are not compared). */
    private Throwable newException(ImplicitException e, Object[] in) {
        return switch (e.kind()) {
            case NULL_POINTER -> new NullPointerException();
            case ARITHMETIC -> new ArithmeticException(e.kind().message());
            case CLASS_CAST -> new ClassCastException("class " + in[0].getClass().getName() + " cannot be cast to class "
                            + ((HotSpotMetaspaceConstant) e.targetHub()).asResolvedJavaType().toJavaName());
            case ARRAY_STORE -> new ArrayStoreException(in[0].getClass().getName());
            case OUT_OF_BOUNDS -> new ArrayIndexOutOfBoundsException("Index " + in[0] + " out of bounds for length " + in[1]);
            case NEGATIVE_SIZE -> new NegativeArraySizeException(String.valueOf(in[0]));
        };
    }

    /**
     * {@code objectat} of an object the graph built in the allocation buffer: its mark word must be
     * its class's prototype, its class word its class (narrow as the VM's), an array's length set,
     * every other byte up to its size (its instance size; the array's, rounded to 8) written with
     * zeros, and all of it below the buffer's top. The real object allocated in its place is what the
     * graph then holds; the buffer's bytes can never be accessed again.
     */
    private Object publish(long at) {
        boolean narrow = c.useCompressedClassPointers;
        if (c.useCompactObjectHeaders) {
            throw Machine.refuse("objectat under compact object headers (the class word in the mark word is not modeled)");
        }
        Object mark = tlab.read(at + c.markOffset, 8);
        Object klass = tlab.read(at + c.oopKlassOffset, narrow ? 4 : 8);
        if (!(klass instanceof KlassWord k) || k.narrow() != narrow) {
            throw Machine.broken("objectat of an object whose class word is " + klass);
        }
        ResolvedJavaType t = k.type();
        if (!(mark instanceof Prototype p) || !p.type().equals(t)) {
            throw Machine.broken("objectat of a " + t.toJavaName() + " whose mark word is " + mark);
        }
        Class<?> type = support.classOf(t);
        long zeroFrom = c.oopKlassOffset + (narrow ? 4 : 8);
        long size;
        int length = 0;
        if (t.isArray()) {
            if (!(tlab.read(at + c.arrayLengthOffset, 4) instanceof Integer n) || n < 0) {
                throw Machine.broken("objectat of an array without its length");
            }
            length = n;
            zeroFrom = Math.max(zeroFrom, c.arrayLengthOffset + 4);
            size = (UNSAFE.arrayBaseOffset(type) + (long) length * UNSAFE.arrayIndexScale(type) + 7) & -8L;
        } else {
            size = ((HotSpotResolvedObjectType) t).instanceSize();
        }
        // The bytes [zeroFrom, size) must be covered by writes of zero.
        List<long[]> zeros = new ArrayList<>();
        for (Map.Entry<Long, Object[]> e : tlab.entries.entrySet()) {
            long off = e.getKey() - at;
            Object v = e.getValue()[1];
            if (off + (int) e.getValue()[0] > zeroFrom && off < size && (v.equals(0) || v.equals(0L))) {
                zeros.add(new long[] {off, off + (int) e.getValue()[0]});
            }
        }
        zeros.sort(java.util.Comparator.comparingLong(z -> z[0]));
        long covered = zeroFrom;
        for (long[] z : zeros) {
            if (z[0] > covered) {
                break;
            }
            covered = Math.max(covered, z[1]);
        }
        if (covered < size) {
            throw Machine.broken("objectat of a " + t.toJavaName() + " of " + size + " bytes whose bytes from " + covered + " on were not zeroed");
        }
        if (!(thread.read(c.threadTlabTopOffset, 8) instanceof Native top) || top.region() != tlab || top.offset() < at + size) {
            throw Machine.broken("objectat of a " + t.toJavaName() + " not below the allocation buffer's top");
        }
        tlab.published.add(new long[] {at, at + size});
        return t.isArray() ? Array.newInstance(type.getComponentType(), length) : support.newInstance(type);
    }

    private void checkOopEncoding(NarrowEncoding e) {
        if (e.klass() || e.base() != c.narrowOopBase || e.shift() != c.narrowOopShift) {
            throw Machine.broken("oop encoding " + e + ", the VM's is base " + c.narrowOopBase + " shift " + c.narrowOopShift);
        }
    }

    private Object uncompress(NarrowEncoding e, Object x) {
        if (e.klass()) {
            if (e.base() != c.narrowKlassBase || e.shift() != c.narrowKlassShift) {
                throw Machine.broken("class pointer encoding " + e + ", the VM's is base " + c.narrowKlassBase + " shift " + c.narrowKlassShift);
            }
            if (x instanceof KlassWord k && k.narrow()) {
                return new KlassWord(k.type(), false);
            }
            throw Machine.broken("uncompress klass of " + x);
        }
        checkOopEncoding(e);
        if (x instanceof NarrowOop n) {
            return n.object();
        }
        if (x instanceof Integer z && z == 0) {
            return null;
        }
        throw Machine.refuse("uncompress of " + x);
    }

    /** A new instance of {@code t}, or an array of {@code length} (not null for an array class). */
    private Object allocate(ResolvedJavaType t, Integer length) {
        Class<?> type = support.classOf(t);
        if (t.isArray()) {
            int n = length;
            if (n < 0) {
                throw Machine.refuse("deoptimizes (a negative length: the VM gives no array)");
            }
            return Array.newInstance(type.getComponentType(), n);
        }
        return support.newInstance(type);
    }

    // Memory ---------------------------------------------------------------------------------------

    private Object read(Access a, Object base, int index) {
        long d = a.displacement() + (long) index * a.scale();
        if (current.input(0).kind() == JavaKind.Object && base != null) {
            return readObject(base, d, a); // an object, even a boxed Long
        }
        return switch (base) {
            case null -> throw Machine.broken("a read through null: its null check did not run");
            case HeapAddress h -> h.object() == null ? fail("a read at a null object's address") : readObject(h.object(), h.offset() + d, a);
            case Native n -> n.region().read(n.offset() + d, bytes(a));
            case KlassWord k when !k.narrow() -> readKlass(k.type(), d, a);
            case SecondarySupers s -> readSupers(s, d, a);
            case Card card when d == 0 && a.kind() == JavaKind.Byte -> cards.getOrDefault(card.key(), CLEAN_CARD);
            case Symbol sym -> throw Machine.refuse("a read at " + sym + " +" + d);
            default -> fail("a read at the raw address " + base + " by " + current.op() + " " + current.attribute());
        };
    }

    /** Bytes an access moves: a full-width reference is a word. */
    private static int bytes(Access a) {
        return a.kind() == JavaKind.Object && !a.narrowOop() ? 8 : a.size();
    }

    private static Object fail(String what) {
        throw Machine.refuse(what);
    }

    private void write(Access a, Object base, int index, Object value) {
        long d = a.displacement() + (long) index * a.scale();
        if (current.input(0).kind() == JavaKind.Object && base != null) {
            writeObject(base, d, a, value);
            return;
        }
        switch (base) {
            case null -> throw Machine.broken("a write through null: its null check did not run");
            case HeapAddress h when h.object() != null -> writeObject(h.object(), h.offset() + d, a, value);
            case Native n -> {
                n.region().write(n.offset() + d, bytes(a), value);
                if (n.region() == satb && value != null && !(value instanceof Symbol)) {
                    logged.add(value);
                }
            }
            case Card card when d == 0 && a.kind() == JavaKind.Byte -> {
                int v = (int) value;
                cards.put(card.key(), v);
                if (v == c.dirtyCard) {
                    mark(card.key());
                }
            }
            case Symbol sym -> throw Machine.refuse("a write at " + sym + " +" + d);
            default -> throw Machine.refuse("a write at the raw address " + base + " by " + current.op() + " " + current.attribute());
        }
    }

    private void mark(CardKey k) {
        unmarked.remove(k);
    }

    private Object storeRange(Access a, Object[] in) {
        Object array = in[0];
        int from = (int) in[1];
        int last = (int) in[2];
        int length = (int) in[4];
        if (array == null || length != Array.getLength(array)) {
            throw Machine.broken("storerange with length " + length);
        }
        if (from < 0 || from > last || last >= length) {
            return from;
        }
        for (int k = from; k <= last; k++) {
            writeObject(array, a.displacement() + (long) k * bytes(a), a, in[3]);
        }
        return last + 1;
    }

    /** What is at {@code [o + offset]}: a field or element of the access's kind, the array length or the class word. */
    private Slot slot(Object o, long offset, Access a, boolean write) {
        if (o instanceof IrInterpreter.Uninitialized) {
            throw Machine.refuse("an access to an object before its constructor call");
        }
        Class<?> k = o.getClass();
        if (!write && !c.useCompactObjectHeaders && offset == c.oopKlassOffset) {
            boolean narrow = c.useCompressedClassPointers;
            if (a.kind() == (narrow ? JavaKind.Int : JavaKind.Long) && !a.narrowOop()) {
                return new Slot(null, JavaKind.Illegal);
            }
        }
        if (k.isArray()) {
            if (!write && offset == c.arrayLengthOffset && a.kind() == JavaKind.Int) {
                return new Slot(null, JavaKind.Void);
            }
            Class<?> e = k.getComponentType();
            long base = UNSAFE.arrayBaseOffset(k);
            long scale = UNSAFE.arrayIndexScale(k);
            JavaKind ek = JavaKind.fromJavaClass(e);
            boolean kindMatches = ek == a.kind() || ek == JavaKind.Boolean && a.kind() == JavaKind.Byte; // baload/bastore of a boolean[]
            if (offset >= base && (offset - base) % scale == 0 && (offset - base) / scale < Array.getLength(o) && kindMatches
                            && scale == bytes(a) && (ek != JavaKind.Object || a.narrowOop() == c.useCompressedOops)) {
                return new Slot(e, a.kind());
            }
            throw Machine.refuse("no element of " + a + " at +" + offset + " of a " + k.getSimpleName() + " of length " + Array.getLength(o));
        }
        ResolvedJavaType t = meta.lookupJavaType(k);
        for (ResolvedJavaField f : t.getInstanceFields(true)) {
            if (f.getOffset() == offset && f.getJavaKind() == a.kind() && (a.kind() != JavaKind.Object || a.narrowOop() == c.useCompressedOops)) {
                return new Slot(a.kind() == JavaKind.Object ? support.classOf(f.getType()) : null, a.kind());
            }
        }
        if (o instanceof Class<?> mirror && !mirror.isPrimitive()) {
            // A static field: in the class's mirror.
            for (ResolvedJavaField f : meta.lookupJavaType(mirror).getStaticFields()) {
                if (f.getOffset() == offset && f.getJavaKind() == a.kind() && (a.kind() != JavaKind.Object || a.narrowOop() == c.useCompressedOops)) {
                    return new Slot(a.kind() == JavaKind.Object ? support.classOf(f.getType()) : null, a.kind());
                }
            }
        }
        throw Machine.refuse("no field of " + a + " at +" + offset + " in " + k.getName());
    }

    /** A field's or element's declared class (references only) and kind; kind Illegal: the class word, Void: the array length. */
    private record Slot(Class<?> type, JavaKind kind) {
    }

    private Object readObject(Object o, long offset, Access a) {
        Slot s = slot(o, offset, a, false);
        return switch (s.kind()) {
            case Illegal -> new KlassWord(meta.lookupJavaType(o.getClass()), c.useCompressedClassPointers);
            case Void -> Array.getLength(o);
            case Boolean -> UNSAFE.getBoolean(o, offset) ? 1 : 0;
            case Byte -> (int) UNSAFE.getByte(o, offset);
            case Char -> (int) UNSAFE.getChar(o, offset);
            case Short -> (int) UNSAFE.getShort(o, offset);
            case Int -> UNSAFE.getInt(o, offset);
            case Long -> UNSAFE.getLong(o, offset);
            case Float -> UNSAFE.getFloat(o, offset);
            case Double -> UNSAFE.getDouble(o, offset);
            case Object -> {
                Object v = UNSAFE.getObject(o, offset);
                yield !a.narrowOop() ? v : v == null ? (Object) 0 : new NarrowOop(v);
            }
            default -> throw Machine.broken("read of " + a);
        };
    }

    private void writeObject(Object o, long offset, Access a, Object value) {
        Slot s = slot(o, offset, a, true);
        switch (s.kind()) {
            case Boolean -> UNSAFE.putBoolean(o, offset, ((int) value & 1) != 0);
            case Byte -> UNSAFE.putByte(o, offset, (byte) (int) value);
            case Char -> UNSAFE.putChar(o, offset, (char) (int) value);
            case Short -> UNSAFE.putShort(o, offset, (short) (int) value);
            case Int -> UNSAFE.putInt(o, offset, (int) value);
            case Long -> UNSAFE.putLong(o, offset, (long) value);
            case Float -> UNSAFE.putFloat(o, offset, (float) value);
            case Double -> UNSAFE.putDouble(o, offset, (double) value);
            case Object -> {
                Object v = a.narrowOop() ? (value instanceof NarrowOop n ? n.object() : value instanceof Integer z && z == 0 ? null : fail("a narrow store of " + value)) : value;
                if (v instanceof Symbol) {
                    throw Machine.broken("a word stored as a reference: " + v);
                }
                if (v instanceof IrInterpreter.Uninitialized) {
                    throw Machine.refuse("an object stored before its constructor call");
                }
                if (v != null && !s.type().isInstance(v)) {
                    throw Machine.broken("storing a " + v.getClass().getName() + " into a " + s.type().getName() + " slot of " + o.getClass().getName()
                                    + " (the heap would be polluted)");
                }
                if (marking) {
                    Object old = UNSAFE.getObject(o, offset);
                    if (old != null && !logged.contains(old)) {
                        throw Machine.broken("a reference in " + o.getClass().getName() + " overwritten while marking without the old value logged");
                    }
                }
                UNSAFE.putObject(o, offset, v);
                CardKey card = new CardKey(o, offset >>> c.cardTableShift);
                if (v != null && v != o && cards.getOrDefault(card, CLEAN_CARD) != c.dirtyCard && !(initialCardsReduced && initializing.contains(o))) {
                    unmarked.add(card); // a dirty card stays dirty for the run: no refinement runs
                }
            }
            default -> throw Machine.broken("write of " + a);
        }
    }

    // Classes --------------------------------------------------------------------------------------

    private Object readKlass(ResolvedJavaType s, long d, Access a) {
        if (d == c.klassMiscFlagsOffset && a.kind() == JavaKind.Byte) {
            return finalizable(support.classOf(s)) ? c.klassMiscHasFinalizer : 0; // the finalizer registration's test
        }
        if (d == c.klassSuperCheckOffsetOffset && a.kind() == JavaKind.Int) {
            return ((HotSpotResolvedObjectType) s).superCheckOffset();
        }
        if (a.kind() == JavaKind.Long) {
            if (d == c.klassPrototypeHeaderOffset && !c.useCompactObjectHeaders) {
                return new Prototype(s);
            }
            if (d == c.klassSecondarySupersOffset) {
                return new SecondarySupers(s, secondarySupers(s));
            }
            if (d == c.objArrayElementKlassOffset && s.isArray() && !s.getComponentType().isPrimitive()) {
                return new KlassWord(s.getComponentType(), false);
            }
            if (d == c.klassSecondarySuperCacheOffset || (d >= displayStart && d < displayStart + 8 * 8 && (d - displayStart) % 8 == 0)) {
                return new KlassSlot(s, d);
            }
        }
        throw Machine.refuse("a read of " + a + " at +" + d + " of class " + s.toJavaName() + " (not modeled)");
    }

    /** Whether {@code k} has a {@code finalize()} other than {@code Object}'s (HotSpot's flag, without its empty-method exception). */
    private static boolean finalizable(Class<?> k) {
        for (Class<?> t = k; t != null && t != Object.class; t = t.getSuperclass()) {
            for (java.lang.reflect.Method m : t.getDeclaredMethods()) {
                if (m.getName().equals("finalize") && m.getParameterCount() == 0 && !java.lang.reflect.Modifier.isStatic(m.getModifiers())) {
                    return true;
                }
            }
        }
        return false;
    }

    private Object readSupers(SecondarySupers s, long d, Access a) {
        if (d == c.klassArrayLengthOffset && a.kind() == JavaKind.Int) {
            return s.supers().size();
        }
        long k = (d - c.klassArrayDataOffset) / 8;
        if (a.kind() == JavaKind.Long && d >= c.klassArrayDataOffset && (d - c.klassArrayDataOffset) % 8 == 0 && k < s.supers().size()) {
            return new KlassWord(s.supers().get((int) k), false);
        }
        throw Machine.refuse("a read of " + a + " at +" + d + " of the secondary supers of " + s.type().toJavaName());
    }

    /** Every supertype of {@code s} that HotSpot keeps in its secondary supers (its super check offset is the cache's). */
    private List<ResolvedJavaType> secondarySupers(ResolvedJavaType s) {
        List<ResolvedJavaType> out = new ArrayList<>();
        for (ResolvedJavaType u : supertypes(s)) {
            if (!u.equals(s) && ((HotSpotResolvedObjectType) u).superCheckOffset() == c.klassSecondarySuperCacheOffset) {
                out.add(u);
            }
        }
        return out;
    }

    private Set<ResolvedJavaType> supertypes(ResolvedJavaType s) {
        Set<ResolvedJavaType> out = new LinkedHashSet<>();
        out.add(s);
        out.add(object);
        if (s.isArray()) {
            out.add(cloneable);
            out.add(serializable);
            ResolvedJavaType e = s.getComponentType();
            if (!e.isPrimitive()) {
                for (ResolvedJavaType u : supertypes(e)) {
                    out.add(u.getArrayClass());
                }
            }
            return out;
        }
        for (ResolvedJavaType k = s; k != null; k = k.getSuperclass()) {
            out.add(k);
            addInterfaces(k, out);
        }
        return out;
    }

    private static void addInterfaces(ResolvedJavaType k, Set<ResolvedJavaType> out) {
        for (ResolvedJavaType i : k.getInterfaces()) {
            if (out.add(i)) {
                addInterfaces(i, out);
            }
        }
    }

    // Words ----------------------------------------------------------------------------------------

    @Override
    public Object arithmetic(Instruction i, Object x, Object y) {
        org.ssajit.ir.Operation op = i.op();
        if (op == Op.ADD || op == Op.SUB) {
            long sign = op == Op.ADD ? 1 : -1;
            if (y instanceof Long n) {
                switch (x) {
                    case HeapAddress h -> {
                        return new HeapAddress(h.object(), h.offset() + sign * n);
                    }
                    case Native a -> {
                        return new Native(a.region(), a.offset() + sign * n);
                    }
                    case CardIndex ci when op == Op.ADD && n == c.cardTableAddress -> {
                        return card(ci);
                    }
                    default -> {
                    }
                }
            }
            if (op == Op.ADD && x instanceof Long) {
                return arithmetic(i, y, x);
            }
            if (op == Op.SUB && x instanceof Native a && y instanceof Native b && a.region() == b.region()) {
                return a.offset() - b.offset();
            }
        }
        if (op == Op.XOR && x instanceof HeapAddress a && y instanceof HeapAddress b) {
            return new Xor(a, b);
        }
        if ((op == Op.USHR || op == Op.SHR) && y instanceof Integer s) {
            if (x instanceof Xor xor && s == c.g1LogRegionBytes) {
                // Every object in its own region.
                return xor.x().object() == xor.y().object() ? 0L : 1L;
            }
            if (x instanceof HeapAddress h && s == c.cardTableShift) {
                return new CardIndex(h);
            }
        }
        throw Machine.refuse(op + " of " + x + " and " + y);
    }

    private Card card(CardIndex ci) {
        HeapAddress h = ci.address();
        if (h.object() == null) {
            throw Machine.refuse("the card of a null object's address");
        }
        return new Card(new CardKey(h.object(), h.offset() >>> c.cardTableShift));
    }

    @Override
    public boolean compare(Condition cond, Object x, Object y) {
        if (cond == Condition.EQ || cond == Condition.NE) {
            Boolean same = same(x, y);
            if (same != null) {
                return same == (cond == Condition.EQ);
            }
        }
        if (x instanceof Native a && y instanceof Native b && a.region() == b.region()) {
            long p = a.offset();
            long q = b.offset();
            return switch (cond) {
                case EQ -> p == q;
                case NE -> p != q;
                case LT -> p < q;
                case GE -> p >= q;
                case GT -> p > q;
                case LE -> p <= q;
            };
        }
        throw Machine.refuse("comparing " + x + " " + cond + " " + y);
    }

    /** Whether two words are equal, or null if the model cannot tell. */
    private Boolean same(Object x, Object y) {
        if (x instanceof KlassWord a && y instanceof KlassWord b) {
            if (a.narrow() != b.narrow()) {
                throw Machine.broken("a narrow class word compared with a class pointer: " + a + ", " + b);
            }
            return a.type().equals(b.type());
        }
        if (x instanceof KlassWord && y instanceof KlassSlot) {
            return same(y, x);
        }
        if (x instanceof KlassSlot slot && y instanceof KlassWord t && !t.narrow()) {
            if (slot.offset() == c.klassSecondarySuperCacheOffset) {
                return false; // the cache misses
            }
            return ((HotSpotResolvedObjectType) t.type()).superCheckOffset() == slot.offset() && t.type().isAssignableFrom(slot.type());
        }
        if (x instanceof HeapAddress a && y instanceof HeapAddress b) {
            return a.equals(b);
        }
        if (x instanceof Native a && y instanceof Native b && a.region() == b.region()) {
            return a.offset() == b.offset();
        }
        return null;
    }

    /** A machine for each run of a differential test: the lowering's VM and collector. */
    static java.util.function.Supplier<Machine> factory(HotSpotLowering lowering) {
        return () -> new HotSpotMachine(lowering);
    }

    /** As {@link #factory}, with G1's concurrent marking running. */
    static java.util.function.Supplier<Machine> markingFactory(HotSpotLowering lowering) {
        return () -> new HotSpotMachine(lowering, true);
    }
}
