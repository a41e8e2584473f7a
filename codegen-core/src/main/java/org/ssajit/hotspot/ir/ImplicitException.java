package org.ssajit.hotspot.ir;

import jdk.vm.ci.meta.Constant;
import jdk.vm.ci.meta.DeoptimizationReason;

/**
 * The attribute of {@link HotSpotOp#NEW_EXCEPTION}: which exception a failed check creates when a handler of
 * the same method catches it in compiled code, and, for a ClassCastException, the class cast to (a
 * class-metadata constant, for the message).
 *
 * <p>The op's inputs ({@link Op.In#ARGUMENTS}) are what the message is made of: the checked object
 * (class cast) or stored value (array store), the index and length (out of bounds), the length
 * (negative size), nothing (null, division). The VM formats the class messages; the out-of-bounds
 * and negative-size messages, which no VM entry formats from numbers, the back end's stub formats as
 * the interpreter does ({@code "Index %d out of bounds for length %d"}, {@code "%d"}).
 */
public record ImplicitException(Kind kind, Constant targetHub) {
    public ImplicitException {
        if ((kind == Kind.CLASS_CAST) != (targetHub != null)) {
            throw new IllegalArgumentException(kind + " with target " + targetHub);
        }
    }

    /** The exception classes, named as the VM's symbol table names them, and their fixed messages. */
    public enum Kind {
        /** A null reference dereferenced: no message here (NullPointerException computes its helpful message from the bytecode at the bci). */
        NULL_POINTER("java/lang/NullPointerException", null, DeoptimizationReason.NullCheckException),
        /** Integer division or remainder by zero. */
        ARITHMETIC("java/lang/ArithmeticException", "/ by zero", DeoptimizationReason.ArithmeticException),
        /** A failed checkcast: the object (input) and the target class (attribute) make the message. */
        CLASS_CAST("java/lang/ClassCastException", null, DeoptimizationReason.ClassCastException),
        /** A failed aastore store check: the stored value's class (input) is the message. */
        ARRAY_STORE("java/lang/ArrayStoreException", null, DeoptimizationReason.ArrayStoreException),
        /** A failed bounds check: the index and the length (inputs) make the message. */
        OUT_OF_BOUNDS("java/lang/ArrayIndexOutOfBoundsException", null, DeoptimizationReason.BoundsCheckException),
        /** A negative array length (input) for newarray or anewarray: the length is the message. */
        NEGATIVE_SIZE("java/lang/NegativeArraySizeException", null, DeoptimizationReason.RuntimeConstraint);

        private final String className;
        private final String message;
        private final DeoptimizationReason reason;

        Kind(String className, String message, DeoptimizationReason reason) {
            this.className = className;
            this.message = message;
            this.reason = reason;
        }

        /** The class's internal name ({@code java/lang/NullPointerException}). */
        public String className() {
            return className;
        }

        /** The Java class. */
        public Class<? extends Throwable> javaClass() {
            return switch (this) {
                case NULL_POINTER -> NullPointerException.class;
                case ARITHMETIC -> ArithmeticException.class;
                case CLASS_CAST -> ClassCastException.class;
                case ARRAY_STORE -> ArrayStoreException.class;
                case OUT_OF_BOUNDS -> ArrayIndexOutOfBoundsException.class;
                case NEGATIVE_SIZE -> NegativeArraySizeException.class;
            };
        }

        /** The reason a failed check of this kind deoptimizes with (HotSpot counts its traps by it). */
        public DeoptimizationReason reason() {
            return reason;
        }

        /**
         * Whether a hot throw of this kind may be a preallocated instance: the kinds C2 preallocates
         * ({@code ciEnv}'s NullPointerException, ArithmeticException, ArrayIndexOutOfBoundsException,
         * ClassCastException and ArrayStoreException instances).
         */
        public boolean preallocatedWhenHot() {
            return this != NEGATIVE_SIZE;
        }

        /** The fixed message, or null (none, or one built from the inputs). */
        public String message() {
            return message;
        }

        /** The inputs the op takes: the checked object or stored value; the index and length; the length; none. */
        public int inputs() {
            return switch (this) {
                case CLASS_CAST, ARRAY_STORE, NEGATIVE_SIZE -> 1;
                case OUT_OF_BOUNDS -> 2;
                default -> 0;
            };
        }

        /** Whether the input is an object (else the inputs are ints). */
        public boolean takesObject() {
            return this == CLASS_CAST || this == ARRAY_STORE;
        }

        /**
         * The kind a failed check of {@code reason} throws, or null if compiled code cannot create it.
         * (A negative array size is checked only where it is thrown in compiled code, see
         * {@link HotSpotOp#NEGATIVE_CHECK}; elsewhere the allocation's slow path deoptimizes.)
         */
        public static Kind of(DeoptimizationReason reason) {
            for (Kind k : values()) {
                if (k.reason == reason) {
                    return k;
                }
            }
            return null;
        }
    }

    @Override
    public String toString() {
        return kind.className.substring(kind.className.lastIndexOf('/') + 1) + (targetHub != null ? " to " + targetHub : "");
    }
}
