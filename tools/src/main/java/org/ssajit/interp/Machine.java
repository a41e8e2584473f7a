package org.ssajit.interp;

import org.ssajit.ir.Condition;
import org.ssajit.ir.Instruction;

/**
 * The machine-level half of the {@link IrInterpreter} for lowered graphs: what the ops of a lowering's
 * dialect mean (memory, addresses, the VM's structures, its calls and checks), which depends on the
 * dialect and a VM's layout and so is not known here (codegen-core's tests supply one for HotSpot's).
 * The interpreter runs {@link org.ssajit.ir.Op}'s ops and hands every other op here ({@link #evaluate},
 * with what it lends, {@link Support}: calls, unwinding, deoptimization; {@link #monitor}: which ops
 * enter and exit monitors), and any arithmetic or comparison with an operand that is not a plain Java
 * value (a word an implementation represents symbolically, e.g. an object's address).
 *
 * <p>An implementation ends an evaluation it cannot do faithfully with {@link #refuse} (the run is
 * not interpretable) and a graph that breaks its own invariants with {@link #broken} (malformed).
 */
public interface Machine {
    /** A run begins: fresh simulated state. */
    void start(Support support);

    /** A run ended normally (returned or threw); a violated protocol found afterwards is {@link #broken}. */
    void end();

    /**
     * Control enters {@code b} (after its phis took their values). HotSpot's compiled code may stop at
     * a safepoint on a loop's back edge: a machine that models what a safepoint changes may take a
     * block entered again for one.
     */
    default void enter(org.ssajit.ir.Block b) {
    }

    /** The value of machine-level instruction {@code i} (null for void) from its inputs' values. */
    Object evaluate(Instruction i, Object[] inputs);

    /**
     * Whether machine-level instruction {@code i} enters ({@code object}, input 0, locked until the
     * matching exit, as a {@code monitorenter}) or exits a monitor; null if neither. The interpreter
     * runs those itself, before {@link #evaluate}.
     */
    default Monitor monitor(Instruction i) {
        return null;
    }

    /** What a monitor op does. */
    enum Monitor {
        ENTER, EXIT
    }

    /** A binary arithmetic op ({@code add}, {@code xor}, {@code ushr}, ...) with an operand that is not a plain Java value. */
    Object arithmetic(Instruction i, Object x, Object y);

    /** A branch on two values that are not both plain ints, longs or references. */
    boolean compare(Condition c, Object x, Object y);

    /**
     * A value a machine represents symbolically (an address, a class word, a narrow reference): the
     * interpreter hands any arithmetic or comparison with one to the machine.
     */
    interface Symbol {
    }

    /** What the interpreter lends its machine. */
    interface Support {
        /**
         * A new instance of {@code c} as the interpreter models one: allocated without constructing if
         * the graph inlined constructors, else the placeholder its {@code <init>} call replaces.
         */
        Object newInstance(Class<?> c);

        /** The class a JVMCI type names, as the interpreter links it. */
        Class<?> classOf(jdk.vm.ci.meta.JavaType t);

        /**
         * Calls {@code target} with {@code args} (the receiver first) as an invoke at {@code i} would;
         * its stack value (null for void). What the callee throws is thrown as the interpreter raises
         * a program's exception ({@link #thrown} tells it).
         */
        Object invoke(Instruction i, org.ssajit.ir.InvokeTarget target, Object[] args);

        /** The program's exception {@code e} carries (what {@link Machine#raise} or a call threw), or null if it is none. */
        Throwable thrown(RuntimeException e);

        /** The value of an instruction that computed none (a call that threw into the thread). */
        Object noValue();

        /** To throw: the frame ends throwing {@code exception} to its caller, no handler consulted. */
        RuntimeException unwind(Throwable exception);

        /** To throw: {@code i} deoptimizes, which ends the run as not interpretable (no interpreter frame to continue in). */
        RuntimeException deoptimize(Instruction i);
    }

    /** Ends the evaluation: the interpreter cannot run this faithfully. */
    static RuntimeException refuse(String reason) {
        return Stop.refuse(reason);
    }

    /** Ends the evaluation: the graph is malformed (a protocol it must keep is broken). */
    static RuntimeException broken(String reason) {
        return Stop.broken(reason);
    }

    /** The interpreted program throws {@code t} at this instruction. */
    static RuntimeException raise(Throwable t) {
        return Stop.raise(t);
    }
}
