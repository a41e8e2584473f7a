package org.ssajit.opt;

import org.ssajit.ir.Op;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;

/**
 * Evaluates operations on constants with the JVM's semantics, by doing the same operation in Java:
 * Java's operators are the JVM's ({@code idiv} wraps on {@code MIN_VALUE / -1}, shifts mask their
 * count, {@code (int) f} saturates and maps NaN to 0, float arithmetic is strict IEEE 754).
 * Returns null where no constant result exists (integer division by zero throws at run time).
 */
public final class ConstantFolder {
    private ConstantFolder() {
    }

    public static JavaConstant binary(Op op, JavaKind kind, JavaConstant x, JavaConstant y) {
        switch (kind) {
            case Int -> {
                int a = x.asInt();
                int b = y.asInt();
                return switch (op) {
                    case ADD -> JavaConstant.forInt(a + b);
                    case SUB -> JavaConstant.forInt(a - b);
                    case MUL -> JavaConstant.forInt(a * b);
                    case DIV -> b == 0 ? null : JavaConstant.forInt(a / b);
                    case REM -> b == 0 ? null : JavaConstant.forInt(a % b);
                    case AND -> JavaConstant.forInt(a & b);
                    case OR -> JavaConstant.forInt(a | b);
                    case XOR -> JavaConstant.forInt(a ^ b);
                    case SHL -> JavaConstant.forInt(a << b);
                    case SHR -> JavaConstant.forInt(a >> b);
                    case USHR -> JavaConstant.forInt(a >>> b);
                    default -> null;
                };
            }
            case Long -> {
                long a = x.asLong();
                if (op.isShift()) {
                    int s = y.asInt();
                    return switch (op) {
                        case SHL -> JavaConstant.forLong(a << s);
                        case SHR -> JavaConstant.forLong(a >> s);
                        default -> JavaConstant.forLong(a >>> s);
                    };
                }
                long b = y.asLong();
                return switch (op) {
                    case ADD -> JavaConstant.forLong(a + b);
                    case SUB -> JavaConstant.forLong(a - b);
                    case MUL -> JavaConstant.forLong(a * b);
                    case DIV -> b == 0 ? null : JavaConstant.forLong(a / b);
                    case REM -> b == 0 ? null : JavaConstant.forLong(a % b);
                    case AND -> JavaConstant.forLong(a & b);
                    case OR -> JavaConstant.forLong(a | b);
                    case XOR -> JavaConstant.forLong(a ^ b);
                    default -> null;
                };
            }
            case Float -> {
                float a = x.asFloat();
                float b = y.asFloat();
                return switch (op) {
                    case ADD -> JavaConstant.forFloat(a + b);
                    case SUB -> JavaConstant.forFloat(a - b);
                    case MUL -> JavaConstant.forFloat(a * b);
                    case DIV -> JavaConstant.forFloat(a / b);
                    case REM -> JavaConstant.forFloat(a % b);
                    default -> null;
                };
            }
            case Double -> {
                double a = x.asDouble();
                double b = y.asDouble();
                return switch (op) {
                    case ADD -> JavaConstant.forDouble(a + b);
                    case SUB -> JavaConstant.forDouble(a - b);
                    case MUL -> JavaConstant.forDouble(a * b);
                    case DIV -> JavaConstant.forDouble(a / b);
                    case REM -> JavaConstant.forDouble(a % b);
                    default -> null;
                };
            }
            default -> {
                return null;
            }
        }
    }

    public static JavaConstant negate(JavaKind kind, JavaConstant x) {
        return switch (kind) {
            case Int -> JavaConstant.forInt(-x.asInt());
            case Long -> JavaConstant.forLong(-x.asLong());
            case Float -> JavaConstant.forFloat(-x.asFloat());
            case Double -> JavaConstant.forDouble(-x.asDouble());
            default -> null;
        };
    }

    public static JavaConstant convert(Op op, JavaConstant x) {
        return switch (op) {
            case I2L -> JavaConstant.forLong(x.asInt());
            case I2F -> JavaConstant.forFloat(x.asInt());
            case I2D -> JavaConstant.forDouble(x.asInt());
            case L2I -> JavaConstant.forInt((int) x.asLong());
            case L2F -> JavaConstant.forFloat(x.asLong());
            case L2D -> JavaConstant.forDouble(x.asLong());
            case F2I -> JavaConstant.forInt((int) x.asFloat());
            case F2L -> JavaConstant.forLong((long) x.asFloat());
            case F2D -> JavaConstant.forDouble(x.asFloat());
            case D2I -> JavaConstant.forInt((int) x.asDouble());
            case D2L -> JavaConstant.forLong((long) x.asDouble());
            case D2F -> JavaConstant.forFloat((float) x.asDouble());
            case I2B -> JavaConstant.forInt((byte) x.asInt());
            case I2C -> JavaConstant.forInt((char) x.asInt());
            case I2S -> JavaConstant.forInt((short) x.asInt());
            // The raw bits, folded only for numbers: a NaN's payload is kept by the machine's moves,
            // but Java's own float values need not keep it (JLS 4.2.3), so no NaN is folded.
            case F2I_RAW -> Float.isNaN(x.asFloat()) ? null : JavaConstant.forInt(Float.floatToRawIntBits(x.asFloat()));
            case D2L_RAW -> Double.isNaN(x.asDouble()) ? null : JavaConstant.forLong(Double.doubleToRawLongBits(x.asDouble()));
            case I2F_RAW -> Float.isNaN(Float.intBitsToFloat(x.asInt())) ? null : JavaConstant.forFloat(Float.intBitsToFloat(x.asInt()));
            case L2D_RAW -> Double.isNaN(Double.longBitsToDouble(x.asLong())) ? null : JavaConstant.forDouble(Double.longBitsToDouble(x.asLong()));
            case ILZCNT -> JavaConstant.forInt(Integer.numberOfLeadingZeros(x.asInt()));
            case LLZCNT -> JavaConstant.forInt(Long.numberOfLeadingZeros(x.asLong()));
            case ITZCNT -> JavaConstant.forInt(Integer.numberOfTrailingZeros(x.asInt()));
            case LTZCNT -> JavaConstant.forInt(Long.numberOfTrailingZeros(x.asLong()));
            case IPOPCNT -> JavaConstant.forInt(Integer.bitCount(x.asInt()));
            case LPOPCNT -> JavaConstant.forInt(Long.bitCount(x.asLong()));
            default -> null;
        };
    }

    /**
     * A square root of a Float or Double constant (IEEE 754, correctly rounded: Java's {@code Math.sqrt}
     * computes the same on every machine), null where the result is NaN: the NaN a machine's square
     * root makes differs between machines (x86's is negative) and only the running one knows it.
     */
    public static JavaConstant sqrt(JavaKind kind, JavaConstant x) {
        return switch (kind) {
            case Double -> {
                double r = Math.sqrt(x.asDouble());
                yield Double.isNaN(r) ? null : JavaConstant.forDouble(r);
            }
            case Float -> {
                // Rounding the double root to float rounds correctly: a double has more than 2 * 24 + 2 bits.
                float r = (float) Math.sqrt(x.asFloat());
                yield Float.isNaN(r) ? null : JavaConstant.forFloat(r);
            }
            default -> null;
        };
    }

    /** lcmp, fcmpl, fcmpg, dcmpl, dcmpg: -1, 0 or 1; the l/g variants give -1/1 when either is NaN. */
    public static JavaConstant compare(Op op, JavaConstant x, JavaConstant y) {
        return JavaConstant.forInt(switch (op) {
            case LCMP -> Long.compare(x.asLong(), y.asLong());
            case FCMPL -> fcmp(x.asFloat(), y.asFloat(), -1);
            case FCMPG -> fcmp(x.asFloat(), y.asFloat(), 1);
            case DCMPL -> dcmp(x.asDouble(), y.asDouble(), -1);
            case DCMPG -> dcmp(x.asDouble(), y.asDouble(), 1);
            default -> throw new IllegalArgumentException(op.toString());
        });
    }

    private static int fcmp(float a, float b, int nan) {
        // Not Float.compare: that orders -0.0 below 0.0 and NaN above all; fcmp treats -0.0 == 0.0.
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return nan;
    }

    private static int dcmp(double a, double b, int nan) {
        if (a < b) {
            return -1;
        }
        if (a > b) {
            return 1;
        }
        if (a == b) {
            return 0;
        }
        return nan;
    }
}
