package org.ssajit.interp;

import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.ssajit.ir.Block;
import org.ssajit.ir.Constant;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.Handler;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.InvokeTarget;
import org.ssajit.ir.IrPrinter;
import org.ssajit.ir.LdcRef;
import org.ssajit.ir.Op;
import org.ssajit.ir.Rounding;
import org.ssajit.ir.Op.In;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Phi;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Terminator;
import org.ssajit.ir.Throw;
import org.ssajit.ir.Undefined;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * Executes a {@link Graph} with the JVM's semantics: the executable form of "the SSA program computes
 * what the bytecode computes". Arithmetic, conversions and comparisons are done with Java's operators
 * (which are the JVM's), deliberately not through the compiler's constant folder, so a wrong fold
 * cannot hide behind an equally wrong interpreter. Memory, calls, allocation and exceptions go to the
 * real JVM through reflection and method handles (see {@link Invoker}, {@link Linker}).
 *
 * <p>Control: entering a block from predecessor {@code p} evaluates all its phis in parallel with
 * operand {@code block.predecessors().indexOf(p)}. An exception raised by an instruction marked
 * {@link Instruction#hasExceptionEdge()}, or by a {@link Throw}, goes to the first of the block's
 * handlers whose catch type matches (the handler's EXCEPTION_OBJECT yields it); any other exception
 * leaves the method.
 *
 * <p>Allocation: reflection cannot allocate without constructing, so NEW_INSTANCE yields an
 * {@link Uninitialized} placeholder (after initializing the class, as {@code new} does). The
 * invokespecial {@code <init>} on it calls {@link Constructor#newInstance} and then rebinds every SSA
 * value holding the placeholder to the new object. The verifier guarantees the placeholder cannot have
 * escaped (no stores, no calls, no comparisons before {@code <init>}), so this is exact. Consequently a
 * constructor's own graph (whose {@code super(...)} or {@code this(...)} runs on an existing object) is
 * not interpretable. A graph with inlined constructors runs them on the object itself: there
 * NEW_INSTANCE allocates it without constructing ({@code sun.misc.Unsafe.allocateInstance}), the
 * inlined constructors' field stores fill it, and a constructor left a call on it is not interpretable.
 * A graph whose class-hierarchy assumptions ({@link Graph#assumptions()}) no longer hold after the run
 * is not interpretable either: compiled code would have been deoptimized when the class that broke
 * one was loaded.
 *
 * <p>Monitors are really acquired: MONITOR_ENTER continues interpretation inside a Java
 * {@code synchronized} block on the object, and the matching MONITOR_EXIT returns from it, so locking
 * must be block-structured (last acquired, first released; the parser bails out on other shapes). A
 * synchronized method runs entirely inside {@code synchronized} on its receiver or class. Leaving the
 * method with a lock still held throws IllegalMonitorStateException, as HotSpot's structured-locking
 * check does.
 *
 * <p>A lowered graph runs with a {@link Machine}, which gives the ops of the lowering's dialect their
 * meaning (this interpreter knows {@link Op}'s only): their values, through what the interpreter lends
 * it ({@link Machine.Support}: a call made as an invoke, the frame unwound with an exception, a
 * deoptimization, which ends the run as not interpretable), and which of them enter and exit monitors
 * ({@link Machine#monitor}, run as above). Arithmetic or a branch on a value the machine represents
 * symbolically ({@link Machine.Symbol}) is the machine's too.
 *
 * <p>Instances are not thread-safe; {@link #run} may be called repeatedly.
 */
public final class IrInterpreter {
    public static final long DEFAULT_STEP_LIMIT = 10_000_000L;

    /** The not-yet-constructed object of a NEW_INSTANCE; identity matters, not equality. */
    public static final class Uninitialized {
        private final Class<?> type;

        Uninitialized(Class<?> type) {
            this.type = type;
        }

        public Class<?> type() {
            return type;
        }

        @Override
        public String toString() {
            return "uninitialized " + type.getName();
        }
    }

    private static final Object NOT_COMPUTED = new Object() {
        @Override
        public String toString() {
            return "<not computed>";
        }
    };
    private static final Object UNDEFINED = new Object() {
        @Override
        public String toString() {
            return "<undefined>";
        }
    };
    /** Returned by a nested {@link #execute()} when the monitor it was started for is released. */
    private static final Object MONITOR_RELEASED = new Object();

    private final Graph graph;
    private final ResolvedJavaMethod method;
    private final long stepLimit;
    private final Linker linker;
    private final Invoker invoker;
    private final JavaKind returnKind;
    /** Constructors were inlined: NEW_INSTANCE allocates the object, which inlined code then fills. */
    private final boolean constructsInPlace;
    private final Map<Instruction, Object> links = new IdentityHashMap<>();
    /** The machine-level ops' meaning, for a lowered graph; null for a Java-level one. */
    private final Machine machine;
    private Observer observer;

    /** Sees every value the interpreter computes (a parameter, a phi, an instruction's result), for tests. */
    public interface Observer {
        /** {@code value} in its stack representation ({@code Integer} for every int kind, ...). */
        void computed(org.ssajit.ir.Value v, Object value);
    }

    /** Installs an observer (null: none). */
    public IrInterpreter observe(Observer o) {
        observer = o;
        return this;
    }

    // State of the current run.
    private Object[] env;
    private Block block;
    private int index;
    private Throwable caught;
    private final ArrayDeque<Object> locks = new ArrayDeque<>();
    private long steps;

    public IrInterpreter(Graph graph) {
        this(graph, DEFAULT_STEP_LIMIT);
    }

    /** {@code stepLimit}: instructions and terminators executed before the run is abandoned as NotInterpretable. */
    public IrInterpreter(Graph graph, long stepLimit) {
        this(graph, stepLimit, null);
    }

    /**
     * An interpreter of a lowered graph: the ops of the lowering's dialect run in {@code machine}
     * ({@link #lowered}). Null: a Java-level graph.
     */
    public IrInterpreter(Graph graph, long stepLimit, Machine machine) {
        this.machine = machine;
        this.graph = graph;
        this.method = graph.method();
        this.stepLimit = stepLimit;
        this.linker = new Linker(method.getDeclaringClass());
        this.invoker = new Invoker(linker, method);
        this.returnKind = method.getSignature().getReturnKind();
        this.constructsInPlace = graph.inlinedMethods().stream().anyMatch(ResolvedJavaMethod::isConstructor);
    }

    public Graph graph() {
        return graph;
    }

    /** Steps executed by the last {@link #run}. */
    public long steps() {
        return steps;
    }

    /**
     * Runs the graph. {@code args} are the receiver (instance methods) then the parameters, primitives
     * boxed as reflection boxes them ({@code Boolean}, {@code Character}, ... or {@code Integer} for any
     * int-like parameter).
     */
    public Outcome run(Object... args) {
        env = new Object[graph.valueIdLimit()];
        Arrays.fill(env, NOT_COMPUTED);
        locks.clear();
        caught = null;
        steps = 0;
        if (machine != null) {
            machine.start(new Machine.Support() {
                @Override
                public Object newInstance(Class<?> c) {
                    return IrInterpreter.this.newInstance(c);
                }

                @Override
                public Class<?> classOf(JavaType t) {
                    return linker.classOf(t);
                }

                @Override
                public Object invoke(Instruction i, InvokeTarget target, Object[] args) {
                    return IrInterpreter.this.invoke(i, target, args);
                }

                @Override
                public Throwable thrown(RuntimeException e) {
                    return e instanceof Stop.Raise r ? r.exception : null;
                }

                @Override
                public Object noValue() {
                    return UNDEFINED;
                }

                @Override
                public RuntimeException unwind(Throwable exception) {
                    return new Stop.Unwind(exception);
                }

                @Override
                public RuntimeException deoptimize(Instruction i) {
                    return IrInterpreter.this.deoptimize(i);
                }
            });
        }
        bindParameters(args);
        block = graph.entry();
        index = 0;
        try {
            if (method.isStatic()) {
                Throwable t = initializeHolder();
                if (t != null) {
                    return new Outcome.Threw(t);
                }
            }
            Object r;
            if (method.isSynchronized()) {
                Object lock = method.isStatic() ? linker.holder() : args[0];
                synchronized (lock) {
                    r = execute();
                }
            } else {
                r = execute();
            }
            if (!(r instanceof Outcome o)) {
                throw new IllegalStateException("monitor released outside a nested frame");
            }
            if (machine != null) {
                machine.end();
            }
            checkAssumptions();
            return o;
        } catch (Stop.Refuse e) {
            return new Outcome.NotInterpretable(e.getMessage());
        } catch (Stop.Broken e) {
            return new Outcome.Malformed(e.getMessage() + " (in " + block + ")");
        } catch (Stop.Raise e) {
            throw new IllegalStateException("exception escaped dispatch", e.exception);
        } catch (StackOverflowError e) {
            return new Outcome.NotInterpretable("interpreter stack overflow (monitor nesting)");
        } finally {
            env = null;
        }
    }

    /**
     * The graph's class-hierarchy assumptions must still hold after the run: a class loaded meanwhile
     * that breaks one would have deoptimized compiled code, while here the inlined method ran on, so
     * the outcome says nothing about the graph (not interpretable).
     */
    private void checkAssumptions() {
        for (jdk.vm.ci.meta.Assumptions.Assumption a : graph.assumptions()) {
            if (!(a instanceof jdk.vm.ci.meta.Assumptions.ConcreteMethod cm)) {
                throw Stop.refuse("an assumption the interpreter cannot check: " + a);
            }
            var now = cm.context.findUniqueConcreteMethod(cm.method);
            if (now == null || !cm.impl.equals(now.getResult())) {
                throw Stop.refuse("a class loaded while the graph ran broke its assumption " + a);
            }
        }
    }

    /** invokestatic initializes the method's class before the method runs; returns the error if that fails. */
    private Throwable initializeHolder() {
        Class<?> c = linker.holder();
        if (c.isHidden()) {
            return null; // cannot be named; a hidden class is initialized when it is defined or first used
        }
        try {
            Class.forName(c.getName(), true, c.getClassLoader());
            return null;
        } catch (ClassNotFoundException e) {
            throw Stop.refuse("cannot initialize " + c.getName(), e);
        } catch (LinkageError e) {
            return e;
        }
    }

    private void bindParameters(Object[] args) {
        int expected = method.getSignature().getParameterCount(!method.isStatic());
        if (args.length != expected) {
            throw new IllegalArgumentException(method.format("%H.%n(%p)") + " takes " + expected + " arguments, got " + args.length);
        }
        for (Parameter p : graph.parameters()) {
            Object a = args[p.index()];
            if (p.isReceiver() && a == null) {
                throw new IllegalArgumentException("null receiver");
            }
            Object v = p.kind() == JavaKind.Int && (a instanceof Boolean || a instanceof Byte || a instanceof Short || a instanceof Character)
                            ? Values.toStack(a, primitiveOf(a))
                            : a;
            if (!Values.hasStackKind(v, p.kind())) {
                throw new IllegalArgumentException("argument " + p.index() + " " + Values.describe(a) + " does not have kind " + p.kind());
            }
            env[p.id()] = v;
            if (observer != null) {
                observer.computed(p, v);
            }
        }
    }

    private static Class<?> primitiveOf(Object boxed) {
        return switch (boxed) {
            case Boolean b -> boolean.class;
            case Byte b -> byte.class;
            case Short s -> short.class;
            default -> char.class;
        };
    }

    // The interpreter loop ---------------------------------------------------------------------------

    /**
     * Runs from ({@link #block}, {@link #index}) until the method completes (an {@link Outcome}) or, in a
     * frame started by MONITOR_ENTER, until that monitor is released ({@link #MONITOR_RELEASED}).
     */
    private Object execute() {
        while (true) {
            List<Instruction> instructions = block.instructions();
            if (index >= instructions.size()) {
                Object r = terminate(block.terminator());
                if (r != null) {
                    return r;
                }
                continue;
            }
            Instruction i = instructions.get(index);
            tick();
            Machine.Monitor monitor = machine == null || i.op() instanceof Op ? null : machine.monitor(i);
            if (i.op() == Op.MONITOR_ENTER || monitor == Machine.Monitor.ENTER) {
                Object o = ref(i.input(0));
                if (o == null) {
                    Outcome out = dispatch(i.hasExceptionEdge(), new NullPointerException("Cannot enter synchronized block because the lock is null"));
                    if (out != null) {
                        return out;
                    }
                    continue;
                }
                index++;
                locks.push(o);
                Object r;
                synchronized (o) {
                    r = execute();
                }
                if (r != MONITOR_RELEASED) {
                    return r;
                }
                continue;
            }
            if (i.op() == Op.MONITOR_EXIT || monitor == Machine.Monitor.EXIT) {
                Object o = ref(i.input(0));
                Throwable t = null;
                if (o == null) {
                    t = new NullPointerException("Cannot exit synchronized block because the lock is null");
                } else if (!locks.isEmpty() && locks.peek() == o) {
                    locks.pop();
                    index++;
                    return MONITOR_RELEASED;
                } else if (locks.contains(o)) {
                    throw Stop.refuse("monitors released out of order");
                } else if (Thread.holdsLock(o)) {
                    throw Stop.refuse("monitorexit of a lock this activation did not acquire");
                } else {
                    t = new IllegalMonitorStateException("current thread is not owner");
                }
                Outcome out = dispatch(i.hasExceptionEdge(), t);
                if (out != null) {
                    return out;
                }
                continue;
            }
            Object v;
            try {
                v = evaluate(i);
            } catch (Stop.Raise e) {
                Outcome out = dispatch(i.hasExceptionEdge(), e.exception);
                if (out != null) {
                    return out;
                }
                continue;
            } catch (Stop.Unwind u) {
                return complete(new Outcome.Threw(u.exception));
            }
            env[i.id()] = v;
            if (observer != null && i.kind() != JavaKind.Void && v != UNDEFINED) {
                observer.computed(i, v);
            }
            index++;
        }
    }

    private void tick() {
        if (++steps > stepLimit) {
            throw Stop.refuse("step limit of " + stepLimit + " exceeded");
        }
    }

    /** Executes a terminator: moves to the next block (null) or ends the method (an Outcome). */
    private Object terminate(Terminator t) {
        tick();
        switch (t) {
            case Goto g -> enter(g.target());
            case If f -> {
                Object x = use(f.x());
                Object y = use(f.y());
                boolean taken;
                if (machine != null && !(plain(x) && plain(y))) {
                    taken = machine.compare(f.condition(), x, y);
                } else if (f.x().kind() == JavaKind.Int && f.y().kind() == JavaKind.Int) {
                    int a = asInt(x);
                    int b = asInt(y);
                    taken = switch (f.condition()) {
                        case EQ -> a == b;
                        case NE -> a != b;
                        case LT -> a < b;
                        case GE -> a >= b;
                        case GT -> a > b;
                        case LE -> a <= b;
                    };
                } else if (f.x().kind() == JavaKind.Long && f.y().kind() == JavaKind.Long) {
                    long a = asLong(x);
                    long b = asLong(y);
                    taken = switch (f.condition()) {
                        case EQ -> a == b;
                        case NE -> a != b;
                        case LT -> a < b;
                        case GE -> a >= b;
                        case GT -> a > b;
                        case LE -> a <= b;
                    };
                } else if (f.x().kind() == JavaKind.Object && f.y().kind() == JavaKind.Object) {
                    taken = switch (f.condition()) {
                        case EQ -> x == y;
                        case NE -> x != y;
                        default -> throw Stop.broken("reference comparison " + f.condition());
                    };
                } else {
                    throw Stop.broken("if on " + Values.describe(x) + " and " + Values.describe(y));
                }
                enter(taken ? f.trueTarget() : f.falseTarget());
            }
            case Switch s -> enter(s.targetFor(asInt(use(s.value()))));
            case Return r -> {
                if (r.value() == null) {
                    if (returnKind != JavaKind.Void) {
                        throw Stop.broken("void return from a " + returnKind + " method");
                    }
                    return complete(new Outcome.Returned(null));
                }
                Object v = use(r.value());
                if (!Values.hasStackKind(v, returnKind.getStackKind())) {
                    throw Stop.broken("returning " + Values.describe(v) + " from a " + returnKind + " method");
                }
                return complete(new Outcome.Returned(Values.toReturn(v, returnKind)));
            }
            case Throw th -> {
                Object e = use(th.exception());
                Throwable ex;
                if (e == null) {
                    ex = new NullPointerException("Cannot throw exception because the value is null");
                } else if (e instanceof Throwable x) {
                    ex = x;
                } else {
                    throw Stop.broken("throwing " + Values.describe(e));
                }
                return dispatch(!block.handlers().isEmpty(), ex);
            }
        }
        return null;
    }

    /**
     * Sends {@code ex} to the current block's first matching handler if the raising point has exception
     * edges; otherwise it leaves the method. Returns the outcome if it left, else null.
     */
    private Outcome dispatch(boolean hasEdge, Throwable ex) {
        if (hasEdge) {
            for (Handler h : block.handlers()) {
                if (h.catchType() == null || catchClass(h.catchType()).isInstance(ex)) {
                    enter(h.target());
                    caught = ex;
                    return null;
                }
            }
        }
        return complete(new Outcome.Threw(ex));
    }

    private Class<?> catchClass(JavaType t) {
        try {
            return linker.classOf(t);
        } catch (Stop.Raise e) {
            throw Stop.refuse("catch type " + t.getName() + " does not resolve: " + e.exception);
        }
    }

    /** The method completes; monitors it still holds make that an IllegalMonitorStateException. */
    private Outcome complete(Outcome o) {
        if (!locks.isEmpty()) {
            // The nested synchronized frames release the monitors as the outcome travels out.
            return new Outcome.Threw(new IllegalMonitorStateException("method completed holding " + locks.size() + " monitor(s)"));
        }
        return o;
    }

    /** Follows the edge from the current block to {@code target}, evaluating its phis in parallel. */
    private void enter(Block target) {
        int p = target.predecessors().indexOf(block);
        if (p < 0) {
            throw Stop.broken(target + " is not a successor of " + block);
        }
        List<Phi> phis = target.phis();
        if (!phis.isEmpty()) {
            Object[] values = new Object[phis.size()];
            for (int k = 0; k < values.length; k++) {
                Phi phi = phis.get(k);
                if (p >= phi.operandCount()) {
                    throw Stop.broken("phi " + phi + " of " + target + " has no operand for " + block);
                }
                values[k] = get(phi.operand(p));
            }
            for (int k = 0; k < values.length; k++) {
                env[phis.get(k).id()] = values[k];
                if (observer != null && values[k] != UNDEFINED) {
                    observer.computed(phis.get(k), values[k]);
                }
            }
        }
        block = target;
        index = 0;
        if (machine != null) {
            machine.enter(target);
        }
    }

    // Values -----------------------------------------------------------------------------------------

    /** The current value of {@code v}; an undefined value passes (phis may carry it along dead paths). */
    private Object get(Value v) {
        if (v == null) {
            throw Stop.broken("missing operand");
        }
        Object o = env[v.id()];
        if (o != NOT_COMPUTED) {
            return o;
        }
        if (v instanceof Constant c) {
            o = Values.fromConstant(c.value());
            env[v.id()] = o;
            return o;
        }
        if (v instanceof Undefined) {
            return UNDEFINED;
        }
        throw Stop.broken(v + " read before its definition executed");
    }

    /** The value of an operand that is actually used by a computation. */
    private Object use(Value v) {
        Object o = get(v);
        if (o == UNDEFINED) {
            throw Stop.broken("undefined value used (" + v + ")");
        }
        return o;
    }

    private Object ref(Value v) {
        if (v.kind() != JavaKind.Object) {
            throw Stop.broken("reference expected, found " + v + " of kind " + v.kind());
        }
        return use(v);
    }

    private static int asInt(Object o) {
        if (o instanceof Integer i) {
            return i;
        }
        throw Stop.broken("int expected, found " + Values.describe(o));
    }

    private static long asLong(Object o) {
        if (o instanceof Long l) {
            return l;
        }
        throw Stop.broken("long expected, found " + Values.describe(o));
    }

    private static float asFloat(Object o) {
        if (o instanceof Float f) {
            return f;
        }
        throw Stop.broken("float expected, found " + Values.describe(o));
    }

    private static double asDouble(Object o) {
        if (o instanceof Double d) {
            return d;
        }
        throw Stop.broken("double expected, found " + Values.describe(o));
    }

    private int intIn(Instruction i, int k) {
        return asInt(use(i.input(k)));
    }

    private long longIn(Instruction i, int k) {
        return asLong(use(i.input(k)));
    }

    private float floatIn(Instruction i, int k) {
        return asFloat(use(i.input(k)));
    }

    private double doubleIn(Instruction i, int k) {
        return asDouble(use(i.input(k)));
    }

    // Instructions -----------------------------------------------------------------------------------

    private Object evaluate(Instruction i) {
        if (!(i.op() instanceof Op op)) {
            return lowered(i);
        }
        if (op.isBinaryArithmetic()) {
            return binary(i);
        }
        return switch (op) {
            case NEG -> switch (i.kind()) {
                case Int -> -intIn(i, 0);
                case Long -> -longIn(i, 0);
                case Float -> -floatIn(i, 0);
                case Double -> -doubleIn(i, 0);
                default -> throw Stop.broken("neg of kind " + i.kind());
            };
            case I2L -> (long) intIn(i, 0);
            case I2F -> (float) intIn(i, 0);
            case I2D -> (double) intIn(i, 0);
            case L2I -> (int) longIn(i, 0);
            case L2F -> (float) longIn(i, 0);
            case L2D -> (double) longIn(i, 0);
            case F2I -> (int) floatIn(i, 0);
            case F2L -> (long) floatIn(i, 0);
            case F2D -> (double) floatIn(i, 0);
            case D2I -> (int) doubleIn(i, 0);
            case D2L -> (long) doubleIn(i, 0);
            case D2F -> (float) doubleIn(i, 0);
            case I2B -> (int) (byte) intIn(i, 0);
            case I2C -> (int) (char) intIn(i, 0);
            case I2S -> (int) (short) intIn(i, 0);
            case F2I_RAW -> Float.floatToRawIntBits(floatIn(i, 0));
            case I2F_RAW -> Float.intBitsToFloat(intIn(i, 0));
            case D2L_RAW -> Double.doubleToRawLongBits(doubleIn(i, 0));
            case L2D_RAW -> Double.longBitsToDouble(longIn(i, 0));
            case ILZCNT -> Integer.numberOfLeadingZeros(intIn(i, 0));
            case LLZCNT -> Long.numberOfLeadingZeros(longIn(i, 0));
            case ITZCNT -> Integer.numberOfTrailingZeros(intIn(i, 0));
            case LTZCNT -> Long.numberOfTrailingZeros(longIn(i, 0));
            case IPOPCNT -> Integer.bitCount(intIn(i, 0));
            case LPOPCNT -> Long.bitCount(longIn(i, 0));
            case SQRT -> switch (i.kind()) {
                case Float -> (float) Math.sqrt(floatIn(i, 0));
                case Double -> Math.sqrt(doubleIn(i, 0));
                default -> throw Stop.broken("sqrt of kind " + i.kind());
            };
            case ROUND -> i.attribute(Rounding.class).apply(doubleIn(i, 0));
            case LCMP -> {
                long x = longIn(i, 0);
                long y = longIn(i, 1);
                yield x < y ? -1 : x == y ? 0 : 1;
            }
            case FCMPL, FCMPG -> threeWay(floatIn(i, 0), floatIn(i, 1), op == Op.FCMPG ? 1 : -1);
            case DCMPL, DCMPG -> threeWay(doubleIn(i, 0), doubleIn(i, 1), op == Op.DCMPG ? 1 : -1);
            case LOAD_FIELD -> loadField(i);
            case STORE_FIELD -> storeField(i);
            case LOAD_INDEXED -> loadIndexed(i);
            case STORE_INDEXED -> storeIndexed(i);
            case FILL -> fill(i);
            case FREEZE -> null; // the interpreter is one thread: no ordering to keep
            case REGISTER_FINALIZER -> {
                // An inlined Object.<init>'s return: nothing to do for a class without a finalizer.
                Object o = ref(i.input(0));
                if (o != null && finalizes(o.getClass())) {
                    throw Stop.refuse("registering an object whose class has a finalizer: " + o.getClass().getName());
                }
                yield null;
            }
            case RECEIVER_CHECK -> {
                if (ref(i.input(0)) == null) {
                    throw Stop.raise(new NullPointerException("Cannot invoke a method because the receiver is null"));
                }
                yield null;
            }
            case ARRAY_LENGTH -> {
                Object a = ref(i.input(0));
                if (a == null) {
                    throw Stop.raise(new NullPointerException("Cannot read the array length because the array is null"));
                }
                if (!a.getClass().isArray()) {
                    throw Stop.broken("arraylength of " + Values.describe(a));
                }
                yield Array.getLength(a);
            }
            case ARRAY_LENGTH_OR_ZERO -> {
                Object a = ref(i.input(0));
                if (a != null && !a.getClass().isArray()) {
                    throw Stop.broken("lengthorzero of " + Values.describe(a));
                }
                yield a == null ? 0 : Array.getLength(a);
            }
            case NEW_INSTANCE -> newInstance(i);
            case NEW_ARRAY -> newArray(i);
            case NEW_MULTI_ARRAY -> newMultiArray(i);
            case CHECKCAST -> {
                Object o = ref(i.input(0));
                if (o != null) {
                    checkInitialized(o, i);
                    Class<?> c = classFor(i);
                    if (!c.isInstance(o)) {
                        throw Stop.raise(new ClassCastException("class " + o.getClass().getName() + " cannot be cast to class " + c.getName()));
                    }
                }
                yield o;
            }
            case INSTANCEOF -> {
                Object o = ref(i.input(0));
                if (o == null) {
                    yield 0;
                }
                checkInitialized(o, i);
                yield classFor(i).isInstance(o) ? 1 : 0;
            }
            case CLASS_IS -> {
                Object o = ref(i.input(0));
                yield o != null && o.getClass() == classFor(i) ? 1 : 0;
            }
            case CLASS_IS_INSTANCE -> {
                Object mirror = ref(i.input(0));
                yield mirror instanceof Class<?> c && c.isInstance(ref(i.input(1))) ? 1 : 0;
            }
            case CLASS_OF -> {
                Object o = ref(i.input(0));
                yield o == null ? null : o.getClass();
            }
            case CURRENT_THREAD -> Thread.currentThread();
            // Raw memory at an offset the program computed: the host's layout, not something to emulate.
            case UNSAFE_READ, UNSAFE_WRITE, UNSAFE_CAS -> throw Stop.refuse("Unsafe accesses are not interpreted (" + i.attribute() + ")");
            case INVOKE -> invoke(i);
            case EXCEPTION_OBJECT -> {
                if (caught == null) {
                    throw Stop.broken("exception object read outside a handler entry");
                }
                Throwable t = caught;
                caught = null;
                yield t;
            }
            case LOAD_CONSTANT -> loadConstant(i);
            case OSR_LOCAL, OSR_LOCK -> throw Stop.broken("OSR graphs are entered from interpreter frames, which the IR interpreter does not have");
            default -> throw Stop.broken("unexpected " + op.mnemonic());
        };
    }

    /** Not a value a {@link Machine} represents symbolically. */
    private static boolean plain(Object o) {
        return !(o instanceof Machine.Symbol);
    }

    /** An op of the lowering's dialect: its machine's. */
    private Object lowered(Instruction i) {
        if (machine == null) {
            throw Stop.broken("unexpected " + i.op().mnemonic() + " in a graph run without a machine");
        }
        Object[] in = new Object[i.inputCount()];
        for (int k = 0; k < in.length; k++) {
            in[k] = use(i.input(k));
        }
        return machine.evaluate(i, in);
    }

    /** HotSpot would deoptimize here and continue in its interpreter; this one has no frame to continue in. */
    private Stop deoptimize(Instruction i) {
        return Stop.refuse("deoptimizes (" + i.attribute() + ")");
    }

    /** fcmpl/fcmpg/dcmpl/dcmpg: -1, 0, 1, or {@code unordered} if either operand is NaN; -0.0 equals 0.0. */
    private static int threeWay(double x, double y, int unordered) {
        if (x > y) {
            return 1;
        }
        if (x < y) {
            return -1;
        }
        if (x == y) {
            return 0;
        }
        return unordered;
    }

    private Object binary(Instruction i) {
        Op op = (Op) i.op(); // isBinaryArithmetic: Op's only
        if (machine != null) {
            Object x = use(i.input(0));
            Object y = use(i.input(1));
            if (!plain(x) || !plain(y)) {
                return machine.arithmetic(i, x, y);
            }
        }
        switch (i.kind()) {
            case Int -> {
                int x = intIn(i, 0);
                int y = intIn(i, 1);
                return switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case DIV -> {
                        if (y == 0) {
                            throw Stop.raise(new ArithmeticException("/ by zero"));
                        }
                        yield x / y;
                    }
                    case REM -> {
                        if (y == 0) {
                            throw Stop.raise(new ArithmeticException("/ by zero"));
                        }
                        yield x % y;
                    }
                    case AND -> x & y;
                    case OR -> x | y;
                    case XOR -> x ^ y;
                    case SHL -> x << y;
                    case SHR -> x >> y;
                    case USHR -> x >>> y;
                    default -> throw Stop.broken(op + " of ints");
                };
            }
            case Long -> {
                long x = longIn(i, 0);
                if (op.isShift()) {
                    int s = intIn(i, 1);
                    return switch (op) {
                        case SHL -> x << s;
                        case SHR -> x >> s;
                        default -> x >>> s;
                    };
                }
                long y = longIn(i, 1);
                return switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case DIV -> {
                        if (y == 0) {
                            throw Stop.raise(new ArithmeticException("/ by zero"));
                        }
                        yield x / y;
                    }
                    case REM -> {
                        if (y == 0) {
                            throw Stop.raise(new ArithmeticException("/ by zero"));
                        }
                        yield x % y;
                    }
                    case AND -> x & y;
                    case OR -> x | y;
                    case XOR -> x ^ y;
                    default -> throw Stop.broken(op + " of longs");
                };
            }
            case Float -> {
                float x = floatIn(i, 0);
                float y = floatIn(i, 1);
                return switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case DIV -> x / y;
                    case REM -> x % y;
                    default -> throw Stop.broken(op + " of floats");
                };
            }
            case Double -> {
                double x = doubleIn(i, 0);
                double y = doubleIn(i, 1);
                return switch (op) {
                    case ADD -> x + y;
                    case SUB -> x - y;
                    case MUL -> x * y;
                    case DIV -> x / y;
                    case REM -> x % y;
                    default -> throw Stop.broken(op + " of doubles");
                };
            }
            default -> throw Stop.broken(op + " of kind " + i.kind());
        }
    }

    // Memory -----------------------------------------------------------------------------------------

    private Field fieldFor(Instruction i) {
        return (Field) links.computeIfAbsent(i, k -> linker.fieldOf(i.field().field(), i.field().isStatic()));
    }

    private Object fieldReceiver(Instruction i, Field f) {
        if (i.field().isStatic()) {
            return null;
        }
        Object o = ref(i.input(In.OBJECT));
        if (o == null) {
            throw Stop.raise(new NullPointerException("Cannot access field \"" + f.getName() + "\" because the object is null"));
        }
        if (!f.getDeclaringClass().isInstance(o)) {
            throw Stop.broken("field " + f + " of " + Values.describe(o));
        }
        return o;
    }

    private Object loadField(Instruction i) {
        Field f = fieldFor(i);
        Object o = fieldReceiver(i, f);
        try {
            return Values.toStack(f.get(o), f.getType());
        } catch (IllegalAccessException | InaccessibleObjectException e) {
            throw Stop.refuse("cannot read " + f, e);
        } catch (Error e) {
            throw Stop.raise(e); // class initialization failed: what getstatic throws
        }
    }

    private Object storeField(Instruction i) {
        Field f = fieldFor(i);
        Object o = fieldReceiver(i, f);
        Object v = use(i.input(In.VALUE));
        Class<?> type = f.getType();
        if (type == boolean.class || type == byte.class || type == short.class || type == char.class) {
            v = Values.narrow(asInt(v), type);
        }
        checkInitialized(v, i);
        try {
            f.set(o, v);
        } catch (IllegalAccessException | InaccessibleObjectException e) {
            throw Stop.refuse("cannot write " + f, e);
        } catch (IllegalArgumentException e) {
            if (type.isInterface()) {
                // The verifier treats interfaces as Object; reflection does not.
                throw Stop.refuse("reflection will not store " + Values.describe(v) + " into interface-typed " + f);
            }
            throw Stop.broken("storing " + Values.describe(v) + " into " + f);
        } catch (Error e) {
            throw Stop.raise(e);
        }
        return null;
    }

    private Object array(Instruction i) {
        Object a = ref(i.input(In.ARRAY));
        if (i.checkedLength() != null && asInt(use(i.checkedLength())) != (a == null ? 0 : Array.getLength(a))) {
            // The back end checks the index against this value: it must be the array's length (0 if null).
            throw Stop.broken("checked length " + asInt(use(i.checkedLength())) + " of " + Values.describe(a));
        }
        if (a == null) {
            String what = i.op() == Op.LOAD_INDEXED ? "load from" : "store to";
            throw Stop.raise(new NullPointerException("Cannot " + what + " array because it is null"));
        }
        return a;
    }

    private Object loadIndexed(Instruction i) {
        Object a = array(i);
        int k = asInt(use(i.input(In.INDEX)));
        JavaKind e = i.elementKind();
        try {
            return switch (e) {
                case Int -> a instanceof int[] x ? x[k] : wrongArray(a, i);
                case Long -> a instanceof long[] x ? x[k] : wrongArray(a, i);
                case Float -> a instanceof float[] x ? x[k] : wrongArray(a, i);
                case Double -> a instanceof double[] x ? x[k] : wrongArray(a, i);
                case Object -> a instanceof Object[] x ? x[k] : wrongArray(a, i);
                case Byte -> a instanceof byte[] x ? (Object) (int) x[k] : a instanceof boolean[] z ? (Object) (z[k] ? 1 : 0) : wrongArray(a, i);
                case Char -> a instanceof char[] x ? (int) x[k] : wrongArray(a, i);
                case Short -> a instanceof short[] x ? (int) x[k] : wrongArray(a, i);
                default -> throw Stop.broken("element kind " + e);
            };
        } catch (ArrayIndexOutOfBoundsException ex) {
            throw Stop.raise(ex);
        }
    }

    private Object storeIndexed(Instruction i) {
        Object a = array(i);
        int k = asInt(use(i.input(In.INDEX)));
        Object v = use(i.input(In.VALUE));
        JavaKind e = i.elementKind();
        try {
            switch (e) {
                case Int -> ((int[]) checked(a, int[].class, i))[k] = asInt(v);
                case Long -> ((long[]) checked(a, long[].class, i))[k] = asLong(v);
                case Float -> ((float[]) checked(a, float[].class, i))[k] = asFloat(v);
                case Double -> ((double[]) checked(a, double[].class, i))[k] = asDouble(v);
                case Char -> ((char[]) checked(a, char[].class, i))[k] = (char) asInt(v);
                case Short -> ((short[]) checked(a, short[].class, i))[k] = (short) asInt(v);
                case Byte -> {
                    if (a instanceof byte[] x) {
                        x[k] = (byte) asInt(v);
                    } else if (a instanceof boolean[] z) {
                        z[k] = (asInt(v) & 1) != 0; // bastore keeps the lowest bit for boolean arrays
                    } else {
                        wrongArray(a, i);
                    }
                }
                case Object -> {
                    Object[] x = (Object[]) checked(a, Object[].class, i);
                    if (k < 0 || k >= x.length) {
                        x[k] = null; // raises the JVM's own out-of-bounds exception before the store check
                    }
                    checkInitialized(v, i);
                    if (v != null && !x.getClass().getComponentType().isInstance(v)) {
                        throw Stop.raise(new ArrayStoreException(v.getClass().getName()));
                    }
                    x[k] = v;
                }
                default -> throw Stop.broken("element kind " + e);
            }
        } catch (ArrayIndexOutOfBoundsException ex) {
            throw Stop.raise(ex);
        }
        return null;
    }

    /**
     * {@link Op#FILL}, the most it may do: all of {@code from..last} when {@code 0 <= from <= last <
     * length}, else nothing. (Machine code may also store nothing in the first case; the loop after
     * it does the same work then.)
     */
    private Object fill(Instruction i) {
        Object a = ref(i.input(In.ARRAY));
        int from = asInt(use(i.input(In.FROM)));
        int last = asInt(use(i.input(In.LAST)));
        int length = asInt(use(i.input(In.LENGTH)));
        if (length != (a == null ? 0 : Array.getLength(a))) {
            throw Stop.broken("fill with length " + length + " of " + Values.describe(a));
        }
        if (from < 0 || from > last || last >= length) {
            return from;
        }
        Object v = use(i.input(In.VALUE));
        int to = last + 1;
        switch (i.elementKind()) {
            case Int -> Arrays.fill((int[]) checked(a, int[].class, i), from, to, asInt(v));
            case Long -> Arrays.fill((long[]) checked(a, long[].class, i), from, to, asLong(v));
            case Float -> Arrays.fill((float[]) checked(a, float[].class, i), from, to, asFloat(v));
            case Double -> Arrays.fill((double[]) checked(a, double[].class, i), from, to, asDouble(v));
            case Char -> Arrays.fill((char[]) checked(a, char[].class, i), from, to, (char) asInt(v));
            case Short -> Arrays.fill((short[]) checked(a, short[].class, i), from, to, (short) asInt(v));
            case Byte -> {
                if (a instanceof byte[] x) {
                    Arrays.fill(x, from, to, (byte) asInt(v));
                } else if (a instanceof boolean[] z) {
                    Arrays.fill(z, from, to, (asInt(v) & 1) != 0);
                } else {
                    wrongArray(a, i);
                }
            }
            default -> throw Stop.broken("fill of " + i.elementKind());
        }
        return to;
    }

    private static Object checked(Object a, Class<?> arrayClass, Instruction i) {
        if (!arrayClass.isInstance(a)) {
            wrongArray(a, i);
        }
        return a;
    }

    private static Object wrongArray(Object a, Instruction i) {
        throw Stop.broken(i.op().mnemonic() + " " + i.elementKind().getJavaName() + " on " + Values.describe(a));
    }

    private static void checkInitialized(Object v, Instruction i) {
        if (v instanceof Uninitialized u) {
            throw Stop.broken(u + " used by " + i.op().mnemonic() + " before its constructor ran");
        }
    }

    // Objects ----------------------------------------------------------------------------------------

    private Class<?> classFor(Instruction i) {
        return (Class<?>) links.computeIfAbsent(i, k -> linker.classOf(i.type()));
    }

    private Object newInstance(Instruction i) {
        return newInstance(classFor(i));
    }

    private Object newInstance(Class<?> c) {
        if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) {
            throw Stop.raise(new InstantiationError(c.getName()));
        }
        if (c.isArray() || c.isPrimitive()) {
            throw Stop.broken("new " + c);
        }
        if (c.isHidden()) {
            throw Stop.refuse("cannot initialize hidden " + c.getName() + " by name");
        }
        try {
            Class.forName(c.getName(), true, c.getClassLoader()); // new initializes the class
        } catch (ClassNotFoundException e) {
            throw Stop.refuse("cannot initialize " + c.getName(), e);
        } catch (Error e) {
            throw Stop.raise(e);
        }
        if (constructsInPlace) {
            try {
                return UnsafeAllocation.UNSAFE.allocateInstance(c);
            } catch (InstantiationException | RuntimeException e) {
                throw Stop.refuse("cannot allocate " + c.getName() + " without constructing it", e);
            }
        }
        return new Uninitialized(c);
    }

    /** {@code sun.misc.Unsafe}, for allocating objects whose constructors are inlined. */
    private static final class UnsafeAllocation {
        static final sun.misc.Unsafe UNSAFE;

        static {
            try {
                java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
                f.setAccessible(true);
                UNSAFE = (sun.misc.Unsafe) f.get(null);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }
    }

    private Object newArray(Instruction i) {
        Class<?> elem = classFor(i);
        int n = intIn(i, 0);
        if (n < 0) {
            throw Stop.raise(new NegativeArraySizeException(String.valueOf(n)));
        }
        try {
            return Array.newInstance(elem, n);
        } catch (OutOfMemoryError e) {
            throw Stop.raise(e);
        }
    }

    private Object newMultiArray(Instruction i) {
        Class<?> type = classFor(i);
        int[] dims = new int[i.inputCount()];
        for (int k = 0; k < dims.length; k++) {
            dims[k] = intIn(i, k);
        }
        // Every count is checked before anything is allocated (JVMS multianewarray).
        for (int d : dims) {
            if (d < 0) {
                throw Stop.raise(new NegativeArraySizeException(String.valueOf(d)));
            }
        }
        Class<?> base = type;
        for (int k = 0; k < dims.length; k++) {
            base = base.getComponentType();
            if (base == null) {
                throw Stop.broken("multianewarray of " + dims.length + " dimensions on " + type.getName());
            }
        }
        try {
            return Array.newInstance(base, dims);
        } catch (OutOfMemoryError e) {
            throw Stop.raise(e);
        }
    }

    private Object loadConstant(Instruction i) {
        Object cached = links.get(i);
        if (cached != null) {
            return cached == UNDEFINED ? null : cached;
        }
        LdcRef ref = i.ldc();
        Object c;
        try {
            c = ref.pool().lookupConstant(ref.cpi(), true);
        } catch (LinkageError e) {
            throw Stop.raise(e);
        } catch (RuntimeException e) {
            throw Stop.refuse("resolving ldc " + ref, e);
        }
        Object v = switch (c) {
            case JavaConstant jc -> Values.fromConstant(jc);
            case ResolvedJavaType t -> Linker.mirror(t);
            case JavaType t -> linker.classNamed(t.getName());
            case null -> throw Stop.refuse("ldc " + ref + " did not resolve");
            default -> throw Stop.refuse("ldc " + ref + " resolved to " + c);
        };
        // Resolution happens once: later executions see the same object.
        links.put(i, v == null ? UNDEFINED : v);
        return v;
    }

    private Object invoke(Instruction i) {
        Object[] args = new Object[i.inputCount()];
        for (int k = 0; k < args.length; k++) {
            args[k] = use(i.input(k));
        }
        return invoke(i, i.invokeTarget(), args);
    }

    /** Calls {@code target} at {@code i} with {@code args} (the receiver first), as an invoke does. */
    private Object invoke(Instruction i, InvokeTarget target, Object[] args) {
        if (target.opcode() == org.ssajit.bytecode.Bytecodes.INVOKESPECIAL && target.method().getName().equals("<init>")) {
            for (int k = 1; k < args.length; k++) {
                checkInitialized(args[k], i);
            }
            if (!(args[0] instanceof Uninitialized u)) {
                if (args[0] == null) {
                    throw Stop.raise(new NullPointerException("Cannot invoke constructor because the object is null"));
                }
                throw Stop.refuse(constructsInPlace ? "a constructor call on an object allocated for inlined constructors"
                                : "constructor chaining on an existing object (a constructor's super() or this())");
            }
            Constructor<?> c = (Constructor<?>) links.computeIfAbsent(i, k -> invoker.constructorOf(target));
            if (c.getDeclaringClass() != u.type()) {
                throw Stop.broken("<init> of " + c.getDeclaringClass().getName() + " on " + u);
            }
            Object obj = invoker.construct(c, Arrays.copyOfRange(args, 1, args.length));
            for (int k = 0; k < env.length; k++) {
                if (env[k] == u) {
                    env[k] = obj;
                }
            }
            return null;
        }
        for (Object a : args) {
            checkInitialized(a, i);
        }
        return invoker.invoke(i, target, args);
    }

    @Override
    public String toString() {
        return "IrInterpreter of " + new IrPrinter().print(graph);
    }

    /** Whether objects of {@code c} are registered for finalization: a {@code finalize()} other than Object's. */
    private static boolean finalizes(Class<?> c) {
        for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
            try {
                k.getDeclaredMethod("finalize");
                return true;
            } catch (NoSuchMethodException e) {
                // not declared here
            }
        }
        return false;
    }

}
