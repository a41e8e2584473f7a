package org.ssajit.interp;

import org.ssajit.ir.Condition;
import org.ssajit.ir.Instruction;

/**
 * The machine-level half of the {@link IrInterpreter} for lowered graphs: what memory, addresses and
 * the VM's structures mean, which depends on a VM's layout and so is not known here (codegen-core's
 * tests supply one for HotSpot). The interpreter itself runs the target-neutral lowered ops (calls,
 * exception checks, locks, the deoptimizing checks, {@code sdiv}/{@code srem}, barriers of ordering)
 * and hands the rest here: reads and writes, the thread, metadata, narrow values, allocation, leaf
 * calls, and any arithmetic or comparison with an operand that is not a plain Java value (a word an
 * implementation represents symbolically, e.g. an object's address).
 *
 * <p>An implementation ends an evaluation it cannot do faithfully with {@link #refuse} (the run is
 * not interpretable) and a graph that breaks its own invariants with {@link #broken} (malformed).
 */
public interface Machine {
    /** A run begins: fresh simulated state. */
    void start(Support support);

    /** A run ended normally (returned or threw); a violated protocol found afterwards is {@link #broken}. */
    void end();

    /** The value of machine-level instruction {@code i} (null for void) from its inputs' values. */
    Object evaluate(Instruction i, Object[] inputs);

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
