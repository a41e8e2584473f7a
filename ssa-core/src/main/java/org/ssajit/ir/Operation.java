package org.ssajit.ir;

import org.ssajit.util.ArrayFill;
import org.ssajit.util.CompilerList;
import java.util.List;

import jdk.vm.ci.meta.JavaKind;

/**
 * What an {@link Instruction} does: an op of this module's {@link Op} (the Java-level ops and the
 * target-neutral arithmetic) or of a dialect declared with the code that produces it (codegen-core's
 * HotSpot ops, made by its lowering). Each op is declared once, with its {@link Declaration}: its
 * inputs by name with the kind each must have, the kind of its result, the type of its attribute and
 * its effects. Generic code (the verifier, the printers, the passes, {@link Instruction#input}) works
 * from the declaration alone; what only a dialect knows (its attributes' rules, how they print, the
 * kind an attribute gives) a dialect's op answers through the hooks below.
 *
 * <p>Switch over an enum, not over this interface: {@code if (i.op() instanceof Op op) switch (op)},
 * which stays a table switch (a pattern switch over the interface bootstraps through invokedynamic in
 * the compiler's hot paths).
 */
public interface Operation {
    /** The op's declaration (one per op, made once). */
    Declaration declaration();

    /**
     * A small number unique among all ops of all dialects, dense from 0 ({@link Op}'s are their
     * ordinals; a dialect's follow them, {@code Op.values().length} plus the dialect op's ordinal: a
     * graph holds the ops of one dialect at most, so dialects may share that range): a bit in
     * {@link Graph#mayContain}'s set.
     */
    int id();

    default String mnemonic() {
        return declaration().mnemonic;
    }

    /** The declared inputs, in operand order. */
    default List<Op.Input> inputs() {
        return declaration().inputs;
    }

    /** What kind the result has (VOID: none). */
    default Op.Kinds result() {
        return declaration().result;
    }

    /** The class the attribute must be an instance of, or null if the op has none. */
    default Class<?> attributeType() {
        return declaration().attributeType;
    }

    /** Whether an instruction of this op may also have no attribute where {@link #attributeType()} names one. */
    default boolean attributeOptional() {
        return false;
    }

    /**
     * No side effect, no exception, result depends only on the operands. DIV and REM are pure only for
     * float and double; see {@link Instruction#isPure()}.
     */
    default boolean isPure() {
        return (declaration().flags & Flags.PURE) != 0;
    }

    default boolean isCommutative() {
        return (declaration().flags & Flags.COMMUTATIVE) != 0;
    }

    default boolean readsMemory() {
        return (declaration().flags & Flags.MEMORY_READ) != 0;
    }

    default boolean writesMemory() {
        return (declaration().flags & Flags.MEMORY_WRITE) != 0;
    }

    default boolean allocates() {
        return (declaration().flags & Flags.ALLOCATION) != 0;
    }

    /** Whether the op may throw (for DIV and REM: see {@link Instruction#canThrow()}). */
    default boolean mayThrow() {
        return (declaration().flags & Flags.CAN_THROW) != 0;
    }

    /** Whether the op deoptimizes when its check fails (or always). */
    default boolean deoptimizes() {
        return (declaration().flags & Flags.DEOPTIMIZES) != 0;
    }

    /** Whether this op exists only in lowered graphs (a dialect's machine-level op). */
    default boolean isLowLevel() {
        return (declaration().flags & Flags.LOW) != 0;
    }

    /**
     * Whether nothing after this op runs in its frame (a deoptimization, an unwind of its input 0, the
     * exception): in a lowered graph, the last instruction before a {@link Throw}.
     */
    default boolean endsFrame() {
        return (declaration().flags & Flags.ENDS_FRAME) != 0;
    }

    /** How the op's result relates to words derived from references (see the verifier's derived words). */
    default DerivedWords derivedWords() {
        return declaration().derivedWords;
    }

    /**
     * Whether an instruction of this op needs a frame state (the interpreter resumes at it if it
     * throws, deoptimizes, calls, stores or allocates): all of those but ops declared to need none.
     */
    default boolean needsState(Instruction i) {
        if ((declaration().flags & Flags.NO_STATE) != 0) {
            return false;
        }
        return i.canThrow() || deoptimizes() || writesMemory() || allocates();
    }

    /** Conversions, bit counts and three-way comparisons: their operand kind. */
    default JavaKind fromKind() {
        return declaration().from;
    }

    /** Conversions, bit counts and three-way comparisons: their result kind. */
    default JavaKind toKind() {
        return declaration().to;
    }

    default boolean isConversion() {
        return false;
    }

    default boolean isCompare() {
        return false;
    }

    default boolean isBinaryArithmetic() {
        return false;
    }

    default boolean isShift() {
        return false;
    }

    /** The kind {@link Op.Kinds#ATTRIBUTE} stands for in {@code i}: what its attribute says (an access's value kind). */
    default JavaKind attributeKind(Instruction i) {
        throw new IllegalStateException(mnemonic() + " declares no kind in its attribute");
    }

    /**
     * What is wrong with {@code i} beyond its declaration (its kinds, inputs and state, which the
     * verifier checks), or null: the op's own rules about its attribute and inputs.
     */
    default String check(Instruction i) {
        return null;
    }

    /** The attribute as printed, or null to print it as the printer prints any attribute. */
    default String attributeText(Object attribute) {
        return null;
    }

    /** How an op's result relates to words derived from a reference (the verifier keeps them from safepoints). */
    enum DerivedWords {
        /** A value computed from a derived word is one (arithmetic on an address). */
        PROPAGATES,
        /** The result is a derived word whatever the inputs: an object's address. */
        ORIGIN,
        /** The result is never a derived word, whatever the inputs (a value read through one). */
        ENDS,
        /**
         * Input {@code x} is the word of a not-yet-published object, derived as an address is; the
         * result, the object, is not.
         */
        PUBLISHES
    }

    /** An op's effects and levels, bits of {@link Declaration#flags}. */
    final class Flags {
        public static final int PURE = 1;
        public static final int COMMUTATIVE = 2;
        public static final int MEMORY_READ = 4;
        public static final int MEMORY_WRITE = 8;
        public static final int ALLOCATION = 16;
        /** May throw (integer DIV/REM: only for int and long; see {@link Instruction#canThrow()}). */
        public static final int CAN_THROW = 32;
        /** Writes memory but cannot fail, so no interpreter state is needed to resume at it. */
        public static final int NO_STATE = 64;
        /** Deoptimizes when it fails: needs the state to resume in the interpreter at. */
        public static final int DEOPTIMIZES = 128;
        /** Java-level: only in graphs not lowered yet (integer DIV and REM too; see {@link Op#isHighLevel}). */
        public static final int HIGH = 256;
        /** Machine-level: only in lowered graphs. */
        public static final int LOW = 512;
        /** Nothing after it runs in this frame ({@link Operation#endsFrame}). */
        public static final int ENDS_FRAME = 1024;

        private Flags() {
        }
    }


    /**
     * Everything generic code needs to know about one op. Made with the op's constructor; the inputs
     * with {@link #in}, {@link #optional}, {@link #instanceOnly} and {@link #variadic}.
     */
    final class Declaration {
        final String mnemonic;
        final int flags;
        final JavaKind from;
        final JavaKind to;
        final Op.Kinds result;
        final Class<?> attributeType;
        final List<Op.Input> inputs;
        final DerivedWords derivedWords;
        /** Per {@link Op.In} (by ordinal): its position among the declared inputs, or -1 if the op declares none. */
        private final byte[] declaredIndex;
        /** The position of the input present for an instance field only ({@link Op.Presence#INSTANCE_FIELD}), or -1. */
        final int instanceFieldIndex;

        /** An op of {@code flags} ({@link Flags}) whose result is of kind {@code result}. */
        public Declaration(String mnemonic, int flags, Op.Kinds result, Class<?> attributeType, Op.Input... inputs) {
            this(mnemonic, flags, null, null, result, attributeType, DerivedWords.PROPAGATES, inputs);
        }

        /** The same, with how the result relates to derived words. */
        public Declaration(String mnemonic, int flags, Op.Kinds result, Class<?> attributeType, DerivedWords derivedWords, Op.Input... inputs) {
            this(mnemonic, flags, null, null, result, attributeType, derivedWords, inputs);
        }

        Declaration(String mnemonic, int flags, JavaKind from, JavaKind to, Op.Kinds result, Class<?> attributeType, DerivedWords derivedWords,
                        Op.Input... inputs) {
            this.mnemonic = mnemonic;
            this.flags = flags;
            this.from = from;
            this.to = to;
            this.result = result;
            this.attributeType = attributeType;
            this.derivedWords = derivedWords;
            this.inputs = CompilerList.of(inputs);
            this.declaredIndex = new byte[Op.In.values().length];
            ArrayFill.fill(declaredIndex, (byte) -1);
            for (int k = inputs.length - 1; k >= 0; k--) {
                declaredIndex[inputs[k].name().ordinal()] = (byte) k; // the first input of a name wins
            }
            int found = -1;
            for (int k = 0; k < inputs.length; k++) {
                Op.Presence p = inputs[k].presence();
                if ((p == Op.Presence.OPTIONAL || p == Op.Presence.VARIADIC) && k != inputs.length - 1) {
                    throw new AssertionError(mnemonic + ": only the last input may be optional or variadic");
                }
                if (p == Op.Presence.INSTANCE_FIELD) {
                    if (found >= 0) {
                        throw new AssertionError(mnemonic + ": two inputs present for instance fields only");
                    }
                    found = k;
                }
            }
            this.instanceFieldIndex = found;
        }

        /** The position of input {@code name} among the declared inputs, or -1 if the op declares none (no table walk). */
        int declaredIndex(Op.In name) {
            return declaredIndex[name.ordinal()];
        }

        /** Whether the op is declared with {@code flag} ({@link Flags}). */
        public boolean has(int flag) {
            return (flags & flag) != 0;
        }

        public static Op.Input in(Op.In name, Op.Kinds kind) {
            return new Op.Input(name, kind, Op.Presence.ALWAYS);
        }

        public static Op.Input optional(Op.In name, Op.Kinds kind) {
            return new Op.Input(name, kind, Op.Presence.OPTIONAL);
        }

        public static Op.Input instanceOnly(Op.In name) {
            return new Op.Input(name, Op.Kinds.OBJECT, Op.Presence.INSTANCE_FIELD);
        }

        public static Op.Input variadic(Op.In name, Op.Kinds kind) {
            return new Op.Input(name, kind, Op.Presence.VARIADIC);
        }
    }
}
