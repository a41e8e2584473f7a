package org.ssajit.interp;

import java.lang.reflect.Array;

import jdk.vm.ci.hotspot.HotSpotObjectConstant;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;

/**
 * Conversions between the interpreter's value representation and Java's. The interpreter holds values
 * as the JVM's operand stack does: boolean, byte, char and short are {@link Integer}s; long, float,
 * double are {@link Long}, {@link Float}, {@link Double}; references are the objects themselves.
 */
final class Values {
    private Values() {
    }

    /** A reflection result or argument of declared type {@code type}, as a stack value. */
    static Object toStack(Object boxed, Class<?> type) {
        if (type == boolean.class) {
            return ((Boolean) boxed) ? 1 : 0;
        }
        if (type == byte.class) {
            return (int) (Byte) boxed;
        }
        if (type == short.class) {
            return (int) (Short) boxed;
        }
        if (type == char.class) {
            return (int) (Character) boxed;
        }
        return boxed;
    }

    /**
     * A stack value passed as an argument of type {@code type} through reflection. The JVM passes the int
     * unchanged; reflection can only pass a value of the parameter type, so an int that does not fit
     * (only hand-written bytecode produces one) is refused rather than silently narrowed.
     */
    static Object toArgument(Object v, Class<?> type) {
        if (!type.isPrimitive() || type == int.class || type == long.class || type == float.class || type == double.class) {
            return v;
        }
        int i = (Integer) v;
        if (type == boolean.class) {
            if (i != 0 && i != 1) {
                throw Stop.refuse("boolean argument " + i + " is neither 0 nor 1");
            }
            return i != 0;
        }
        Object narrowed = narrow(i, type);
        if ((int) toStack(narrowed, type) != i) {
            throw Stop.refuse(type + " argument " + i + " out of range");
        }
        return narrowed;
    }

    /**
     * An int stored into a field or array element of type {@code type}: truncated like i2b/i2c/i2s,
     * and a boolean keeps only its lowest bit (JVMS putfield, bastore).
     */
    static Object narrow(int i, Class<?> type) {
        if (type == boolean.class) {
            return (i & 1) != 0;
        }
        if (type == byte.class) {
            return (byte) i;
        }
        if (type == short.class) {
            return (short) i;
        }
        if (type == char.class) {
            return (char) i;
        }
        return i;
    }

    /** A stack value returned from a method whose declared return kind is {@code kind}, boxed as reflection boxes it. */
    static Object toReturn(Object v, JavaKind kind) {
        return switch (kind) {
            case Boolean -> ((Integer) v & 1) != 0;
            case Byte -> (byte) (int) (Integer) v;
            case Short -> (short) (int) (Integer) v;
            case Char -> (char) (int) (Integer) v;
            case Void -> null;
            default -> v;
        };
    }

    static Object fromConstant(JavaConstant c) {
        return switch (c.getJavaKind()) {
            case Boolean, Byte, Short, Char, Int -> c.asInt();
            case Long -> c.asLong();
            case Float -> c.asFloat();
            case Double -> c.asDouble();
            case Object -> {
                if (c.isNull()) {
                    yield null;
                }
                if (c instanceof HotSpotObjectConstant h) {
                    yield h.asObject(Object.class);
                }
                throw Stop.refuse("object constant " + c + " has no HotSpot object");
            }
            default -> throw Stop.broken("constant of kind " + c.getJavaKind());
        };
    }

    /** The primitive or reference class a stack value of {@code kind} must be boxed as. */
    static boolean hasStackKind(Object v, JavaKind kind) {
        return switch (kind) {
            case Int -> v instanceof Integer;
            case Long -> v instanceof Long;
            case Float -> v instanceof Float;
            case Double -> v instanceof Double;
            case Object -> !(v instanceof IrInterpreter.Uninitialized);
            default -> false;
        };
    }

    /** Readable text of a value with its type; floats show NaN payloads and the sign of zero. */
    static String describe(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Float f) {
            float x = f;
            return Float.isNaN(x) ? "NaN(0x" + Integer.toHexString(Float.floatToRawIntBits(x)) + ")f" : x + "f";
        }
        if (v instanceof Double d) {
            double x = d;
            return Double.isNaN(x) ? "NaN(0x" + Long.toHexString(Double.doubleToRawLongBits(x)) + ")d" : x + "d";
        }
        if (v instanceof Long l) {
            return l + "L";
        }
        if (v instanceof Character c) {
            return "'" + (c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c)) + "'";
        }
        if (v instanceof String s) {
            return "\"" + (s.length() > 200 ? s.substring(0, 200) + "..." : s) + "\"";
        }
        if (v instanceof Integer || v instanceof Boolean || v instanceof Byte || v instanceof Short) {
            return v.getClass().getSimpleName().toLowerCase() + " " + v;
        }
        if (v.getClass().isArray()) {
            StringBuilder sb = new StringBuilder(v.getClass().getComponentType().getSimpleName()).append('[').append(Array.getLength(v)).append("]{");
            int n = Math.min(Array.getLength(v), 16);
            for (int i = 0; i < n; i++) {
                sb.append(i == 0 ? "" : ", ").append(describe(Array.get(v, i)));
            }
            return sb.append(Array.getLength(v) > n ? ", ...}" : "}").toString();
        }
        String text;
        try {
            text = String.valueOf(v);
        } catch (RuntimeException e) {
            text = "?";
        }
        return v.getClass().getName() + " " + (text.length() > 200 ? text.substring(0, 200) + "..." : text);
    }
}
