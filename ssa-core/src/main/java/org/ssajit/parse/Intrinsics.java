package org.ssajit.parse;

import org.ssajit.bytecode.Bytecodes;
import org.ssajit.ir.Op;
import org.ssajit.ir.Rounding;
import org.ssajit.ir.UnsafeAccess;
import org.ssajit.ir.Value;
import org.ssajit.opt.NodeFactory;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Calls of JDK methods replaced by the operations they compute, where the call would cost more than
 * the operation: the native bit conversions of {@code Float} and {@code Double} (each a JNI call
 * otherwise), the square root ({@code StrictMath.sqrt} is a long software routine in Java), and the
 * {@code Math.abs} of a float or double (an {@code @IntrinsicCandidate} whose bytecode calls the bit
 * conversions, so not inlined: see {@link Inlining}); {@code floor}, {@code ceil} and {@code rint}
 * of {@code Math} and {@code StrictMath} (Java code otherwise, {@link Op#ROUND}); the bit counts of
 * {@code Integer} and {@code Long} ({@code numberOfLeadingZeros}, {@code numberOfTrailingZeros},
 * {@code bitCount}: shifts and masks in Java, one to four instructions on the machines, {@link
 * Op#ILZCNT} to {@link Op#LPOPCNT}); and the natives
 * {@code Object.getClass} (a read of the object's class's mirror, {@link Op#CLASS_OF}, after the
 * call's null check) and {@code Thread.currentThread} (a read through the VM's thread, {@link
 * Op#CURRENT_THREAD}), each a JNI call otherwise; and {@code jdk.internal.misc.Unsafe}'s get and put
 * natives ({@link Op#UNSAFE_READ}, {@link Op#UNSAFE_WRITE}), which java.lang's strings and numbers,
 * java.util's concurrent collections and every {@code VarHandle} call. Each expands to what the
 * method computes by its specification, bit for bit, NaN payloads included (where HotSpot's tiers
 * differ in a NaN's bits, as the interpreter computes it: {@link Rounding}).
 *
 * <p>Only {@code invokestatic} of the method itself, whose class is initialized (as the call would
 * leave it), any non-static invoke of {@code Object.getClass}, final (an interface's resolves to it),
 * and {@code invokevirtual} of {@code Unsafe}'s natives (a final class): the classes are {@code
 * java.lang}'s and {@code jdk.internal.misc}'s, which only the boot loader defines. Applied while the
 * graph is optimized as it is built, with or without inlining.
 */
final class Intrinsics {
    private Intrinsics() {
    }

    /**
     * The value of the call of {@code m} with {@code args} as the operations it stands for, emitted
     * through {@code factory}; null if {@code m} is not one of these intrinsics (then it stays a call).
     * {@code receiver} checks a receiver for null (with the call's state) where the intrinsic has one.
     */
    /** Whether {@link #expand} knows static methods of the class named {@code holder} (as its switch lists them). */
    private static boolean isHolder(String holder) {
        return switch (holder) {
            case "Ljava/lang/Float;", "Ljava/lang/Double;", "Ljava/lang/Math;", "Ljava/lang/Thread;", "Ljava/lang/StrictMath;", "Ljava/lang/Integer;",
                "Ljava/lang/Long;" -> true;
            default -> false;
        };
    }

    static Value expand(ResolvedJavaMethod m, int opcode, Value[] args, NodeFactory factory, int bci, Receiver receiver) {
        String holder = m.getDeclaringClass().getName();
        if (holder.equals(UNSAFE) && opcode == Bytecodes.INVOKEVIRTUAL) {
            return unsafe(m, args, factory, bci, receiver);
        }
        if (!holder.equals("Ljava/lang/Object;") && !(opcode == Bytecodes.INVOKESTATIC && isHolder(holder))) {
            return null; // no intrinsic of this class: the name and descriptor need not be built
        }
        String key = m.getName() + m.getSignature().toMethodDescriptor();
        if (holder.equals("Ljava/lang/Object;") && key.equals("getClass()Ljava/lang/Class;") && opcode != Bytecodes.INVOKESTATIC) {
            // Final in Object: every receiver's call binds to it (javac calls it through an interface too).
            if (!receiver.check(args[0])) {
                return null;
            }
            return factory.classOf(args[0], receiver.exactClass(args[0]), bci);
        }
        if (opcode != Bytecodes.INVOKESTATIC || !m.isStatic() || !m.getDeclaringClass().isInitialized()) {
            return null;
        }
        return switch (holder) {
            case "Ljava/lang/Float;" -> switch (key) {
                case "floatToRawIntBits(F)I" -> factory.convert(Op.F2I_RAW, args[0], bci);
                case "intBitsToFloat(I)F" -> factory.convert(Op.I2F_RAW, args[0], bci);
                default -> null;
            };
            case "Ljava/lang/Double;" -> switch (key) {
                case "doubleToRawLongBits(D)J" -> factory.convert(Op.D2L_RAW, args[0], bci);
                case "longBitsToDouble(J)D" -> factory.convert(Op.L2D_RAW, args[0], bci);
                default -> null;
            };
            case "Ljava/lang/Math;" -> switch (key) {
                case "sqrt(D)D" -> factory.sqrt(JavaKind.Double, args[0], bci);
                // Math.abs's own bytecode: the sign bit cleared (NaN stays NaN, -0.0 becomes 0.0).
                case "abs(F)F" -> absFloat(args[0], factory, bci);
                case "abs(D)D" -> absDouble(args[0], factory, bci);
                default -> rounding(key, args, factory, bci);
            };
            case "Ljava/lang/Integer;" -> switch (key) {
                case "numberOfLeadingZeros(I)I" -> factory.convert(Op.ILZCNT, args[0], bci);
                case "numberOfTrailingZeros(I)I" -> factory.convert(Op.ITZCNT, args[0], bci);
                case "bitCount(I)I" -> factory.convert(Op.IPOPCNT, args[0], bci);
                default -> null;
            };
            case "Ljava/lang/Long;" -> switch (key) {
                case "numberOfLeadingZeros(J)I" -> factory.convert(Op.LLZCNT, args[0], bci);
                case "numberOfTrailingZeros(J)I" -> factory.convert(Op.LTZCNT, args[0], bci);
                case "bitCount(J)I" -> factory.convert(Op.LPOPCNT, args[0], bci);
                default -> null;
            };
            case "Ljava/lang/Thread;" -> key.equals("currentThread()Ljava/lang/Thread;") ? factory.currentThread(bci) : null;
            // StrictMath.abs calls Math.abs: inlined, its call is expanded above.
            case "Ljava/lang/StrictMath;" -> key.equals("sqrt(D)D") ? factory.sqrt(JavaKind.Double, args[0], bci) : rounding(key, args, factory, bci);
            default -> null;
        };
    }

    /** {@code jdk.internal.misc.Unsafe}: final, defined by the boot loader. */
    static final String UNSAFE = "Ljdk/internal/misc/Unsafe;";

    /**
     * {@code Unsafe}'s natives {@code get} and {@code put} of every kind (a boolean as a byte, a get of
     * it normalized as the native's wrapper does), plain and {@code Volatile} ({@code (Object, long)}
     * and {@code (Object, long, value)}): the access itself instead of a call through the native's JNI
     * wrapper (the {@code Acquire}, {@code Release}, {@code Opaque} and {@code Unaligned} variants are
     * Java methods that call these); and {@code compareAndSetInt}, {@code compareAndSetLong} and {@code
     * compareAndSetReference} (the {@code weak} forms and the {@code getAndAdd} and {@code getAndSet}
     * loops call them), not the exchange ones. For a {@code put}, which returns nothing, the result is
     * the receiver: non-null, so the call is expanded, and not pushed.
     */
    private static Value unsafe(ResolvedJavaMethod m, Value[] args, NodeFactory factory, int bci, Receiver receiver) {
        if (!m.isNative() || m.isStatic()) {
            return null;
        }
        String name = m.getName();
        if (name.equals("compareAndSetInt") || name.equals("compareAndSetLong") || name.equals("compareAndSetReference")) {
            JavaKind kind = name.endsWith("Int") ? JavaKind.Int : name.endsWith("Long") ? JavaKind.Long : JavaKind.Object;
            String t = kind == JavaKind.Object ? "Ljava/lang/Object;" : String.valueOf(kind.getTypeChar());
            if (!m.getSignature().toMethodDescriptor().equals("(Ljava/lang/Object;J" + t + t + ")Z") || !receiver.check(args[0])) {
                return null;
            }
            factory.graph().noteUnsafeAccess();
            return factory.unsafeCompareAndSet(new UnsafeAccess(kind, true), args[1], args[2], args[3], args[4], bci);
        }
        boolean isVolatile = name.endsWith("Volatile");
        String base = isVolatile ? name.substring(0, name.length() - "Volatile".length()) : name;
        if (base.length() < 4 || !(base.startsWith("get") || base.startsWith("put"))) {
            return null;
        }
        boolean put = base.startsWith("put");
        JavaKind kind = switch (base.substring(3)) {
            case "Byte" -> JavaKind.Byte;
            case "Short" -> JavaKind.Short;
            case "Char" -> JavaKind.Char;
            case "Int" -> JavaKind.Int;
            case "Long" -> JavaKind.Long;
            case "Float" -> JavaKind.Float;
            case "Double" -> JavaKind.Double;
            case "Reference" -> JavaKind.Object;
            case "Boolean" -> JavaKind.Boolean;
            default -> null;
        };
        if (kind == null) {
            return null;
        }
        String type = kind == JavaKind.Object ? "Ljava/lang/Object;" : String.valueOf(kind.getTypeChar());
        String expected = put ? "(Ljava/lang/Object;J" + type + ")V" : "(Ljava/lang/Object;J)" + type;
        if (!m.getSignature().toMethodDescriptor().equals(expected) || !receiver.check(args[0])) {
            return null;
        }
        factory.graph().noteUnsafeAccess();
        if (kind == JavaKind.Boolean) {
            // The byte as it is (a put stores the low byte, as the native does); a get is the byte
            // normalized, as the native's wrapper returns it: (b | -b) >>> 31 is 1 exactly when b != 0.
            UnsafeAccess bytes = new UnsafeAccess(JavaKind.Byte, isVolatile);
            if (put) {
                factory.unsafeWrite(bytes, args[1], args[2], args[3], bci);
                return args[0];
            }
            Value b = factory.unsafeRead(bytes, args[1], args[2], bci);
            Value negated = factory.binary(Op.SUB, JavaKind.Int, factory.graph().intConstant(0), b, bci, null);
            Value either = factory.binary(Op.OR, JavaKind.Int, b, negated, bci, null);
            return factory.binary(Op.USHR, JavaKind.Int, either, factory.graph().intConstant(31), bci, null);
        }
        UnsafeAccess access = new UnsafeAccess(kind, isVolatile);
        if (put) {
            factory.unsafeWrite(access, args[1], args[2], args[3], bci);
            return args[0];
        }
        return factory.unsafeRead(access, args[1], args[2], bci);
    }

    /** The receiver of an intrinsic that has one ({@code Object.getClass}), as the parser knows it. */
    interface Receiver {
        /**
         * Emits the call's null check of {@code receiver} (with the call's state: the interpreter
         * throws there) unless it is known non-null; false if it cannot, and the call stays a call.
         */
        boolean check(Value receiver);

        /** The mirror of {@code receiver}'s class where the class is known exactly, else null. */
        JavaConstant exactClass(Value receiver);
    }

    /** {@code floor}, {@code ceil}, {@code rint} of {@code Math} or {@code StrictMath} (one result, exact: {@link Rounding}); else null. */
    private static Value rounding(String key, Value[] args, NodeFactory factory, int bci) {
        Rounding mode = switch (key) {
            case "floor(D)D" -> Rounding.FLOOR;
            case "ceil(D)D" -> Rounding.CEIL;
            case "rint(D)D" -> Rounding.RINT;
            default -> null;
        };
        return mode == null ? null : factory.round(mode, args[0], bci);
    }

    private static Value absFloat(Value x, NodeFactory factory, int bci) {
        Value bits = factory.convert(Op.F2I_RAW, x, bci);
        Value cleared = factory.binary(Op.AND, JavaKind.Int, bits, factory.graph().intConstant(Integer.MAX_VALUE), bci, null);
        return factory.convert(Op.I2F_RAW, cleared, bci);
    }

    private static Value absDouble(Value x, NodeFactory factory, int bci) {
        Value bits = factory.convert(Op.D2L_RAW, x, bci);
        Value cleared = factory.binary(Op.AND, JavaKind.Long, bits, factory.graph().longConstant(Long.MAX_VALUE), bci, null);
        return factory.convert(Op.L2D_RAW, cleared, bci);
    }
}
