package org.ssajit.regalloc;

import java.lang.reflect.Array;
import java.lang.reflect.Field;

import org.ssajit.ir.FieldRef;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.regalloc.LirInterpreter.Ref;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotObjectConstant;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaType;
import jdk.vm.ci.meta.ResolvedJavaField;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * The JVM semantics of the SSA operations the LIR interpreter runs, on stack values: {@link Integer},
 * {@link Long}, {@link Float}, {@link Double} and {@link Ref}.
 */
final class Semantics {
    private Semantics() {
    }

    /** A Java exception the operation raises: compiled code deoptimizes there. */
    static final class Thrown extends Exception {
        private static final long serialVersionUID = 1L;
        final String exception;

        Thrown(Class<?> c) {
            super(c.getName(), null, false, false);
            this.exception = c.getName();
        }
    }

    static Object constant(JavaConstant c, int epoch) {
        return switch (c.getJavaKind()) {
            case Boolean, Byte, Short, Char, Int -> c.asInt();
            case Long -> c.asLong();
            case Float -> c.asFloat();
            case Double -> c.asDouble();
            case Object -> new Ref(c.isNull() ? null : ((HotSpotObjectConstant) c).asObject(Object.class), epoch);
            default -> throw new IllegalArgumentException(c.toString());
        };
    }

    static Object fromArgument(Object a, int epoch) {
        if (a == null || !(a instanceof Number || a instanceof Boolean || a instanceof Character)) {
            return new Ref(a, epoch);
        }
        return toStack(a, primitive(a), epoch);
    }

    private static Class<?> primitive(Object a) {
        return switch (a) {
            case Integer i -> int.class;
            case Long l -> long.class;
            case Float f -> float.class;
            case Double d -> double.class;
            case Boolean b -> boolean.class;
            case Byte b -> byte.class;
            case Short s -> short.class;
            case Character c -> char.class;
            default -> throw new IllegalArgumentException(a.toString());
        };
    }

    /** A Java value of type {@code type} as a stack value. */
    static Object toStack(Object v, Class<?> type, int epoch) {
        if (!type.isPrimitive()) {
            return new Ref(v, epoch);
        }
        if (type == boolean.class) {
            return ((Boolean) v) ? 1 : 0;
        }
        if (type == byte.class) {
            return (int) (Byte) v;
        }
        if (type == short.class) {
            return (int) (Short) v;
        }
        if (type == char.class) {
            return (int) (Character) v;
        }
        return v;
    }

    /** A stack value passed to reflection as type {@code type}. */
    static Object toJava(Object v, Class<?> type) {
        if (!type.isPrimitive()) {
            return ((Ref) v).target();
        }
        if (type == boolean.class) {
            return ((Integer) v & 1) != 0;
        }
        if (type == byte.class) {
            return (byte) (int) (Integer) v;
        }
        if (type == short.class) {
            return (short) (int) (Integer) v;
        }
        if (type == char.class) {
            return (char) (int) (Integer) v;
        }
        return v;
    }

    static Object evaluate(Instruction i, Object[] in, int epoch) throws Thrown {
        if (!(i.op() instanceof Op op)) {
            throw new IllegalStateException("not a Java-level op: " + i.op().mnemonic());
        }
        JavaKind k = i.kind();
        if (op.isConversion()) {
            return convert(op, in[0]);
        }
        if (op.isCompare()) {
            return compare(op, in[0], in[1]);
        }
        if (op.isBitCount()) {
            return switch (op) {
                case ILZCNT -> Integer.numberOfLeadingZeros((Integer) in[0]);
                case LLZCNT -> Long.numberOfLeadingZeros((Long) in[0]);
                case ITZCNT -> Integer.numberOfTrailingZeros((Integer) in[0]);
                case LTZCNT -> Long.numberOfTrailingZeros((Long) in[0]);
                case IPOPCNT -> Integer.bitCount((Integer) in[0]);
                default -> Long.bitCount((Long) in[0]);
            };
        }
        switch (op) {
            case ARRAY_LENGTH -> {
                return Array.getLength(array(in[0]));
            }
            case ARRAY_LENGTH_OR_ZERO -> {
                Object a = ((Ref) in[0]).target();
                return a == null ? 0 : Array.getLength(a);
            }
            case LOAD_INDEXED -> {
                checkedLength(i, in);
                Object a = array(in[0]);
                int index = (Integer) in[1];
                if (index < 0 || index >= Array.getLength(a)) {
                    throw new Thrown(ArrayIndexOutOfBoundsException.class);
                }
                return toStack(Array.get(a, index), a.getClass().getComponentType(), epoch);
            }
            case STORE_INDEXED -> {
                checkedLength(i, in);
                Object a = array(in[0]);
                int index = (Integer) in[1];
                if (index < 0 || index >= Array.getLength(a)) {
                    throw new Thrown(ArrayIndexOutOfBoundsException.class);
                }
                Class<?> c = a.getClass().getComponentType();
                Object v = in[2] instanceof Integer x ? narrow(x, c) : in[2] instanceof Ref r ? r.target() : in[2];
                if (!c.isPrimitive() && v != null && !c.isInstance(v)) {
                    throw new Thrown(ArrayStoreException.class);
                }
                Array.set(a, index, v);
                return null;
            }
            case FILL -> {
                // All of from..last when it is in bounds, else nothing (Op.FILL).
                Object a = ((Ref) in[0]).target();
                int from = (Integer) in[1];
                int last = (Integer) in[2];
                if ((Integer) in[4] != (a == null ? 0 : Array.getLength(a))) {
                    throw new IllegalStateException(i + ": length " + in[4] + " of " + a);
                }
                if (from < 0 || from > last || last >= (Integer) in[4]) {
                    return from;
                }
                Class<?> c = a.getClass().getComponentType();
                Object v = in[3] instanceof Integer x ? narrow(x, c) : in[3];
                for (int e = from; e <= last; e++) {
                    Array.set(a, e, v);
                }
                return last + 1;
            }
            case LOAD_FIELD -> {
                FieldRef f = i.field();
                if (!(f.field() instanceof ResolvedJavaField rf)) {
                    throw unsupported(i);
                }
                Field field = HotSpotJVMCIRuntime.runtime().getMirror(rf);
                Object holder = null;
                if (!f.isStatic()) {
                    holder = ((Ref) in[0]).target();
                    if (holder == null) {
                        throw new Thrown(NullPointerException.class);
                    }
                }
                try {
                    field.setAccessible(true);
                    return toStack(field.get(holder), field.getType(), epoch);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    throw unsupported(i);
                }
            }
            case INSTANCEOF, CHECKCAST -> {
                if (!(i.type() instanceof ResolvedJavaType t)) {
                    throw unsupported(i);
                }
                Object o = ((Ref) in[0]).target();
                boolean is = o != null && LirInterpreter.mirror(t).isInstance(o);
                if (op == Op.INSTANCEOF) {
                    return is ? 1 : 0;
                }
                if (o != null && !is) {
                    throw new Thrown(ClassCastException.class);
                }
                return in[0];
            }
            case NEW_ARRAY -> {
                int n = (Integer) in[0];
                if (n < 0) {
                    throw new Thrown(NegativeArraySizeException.class);
                }
                return new Ref(Array.newInstance(elementClass(i.type()), n), epoch);
            }
            default -> {
            }
        }
        if (k == JavaKind.Int) {
            int x = (Integer) in[0];
            int y = in.length > 1 ? (Integer) in[1] : 0;
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case NEG -> -x;
                case AND -> x & y;
                case OR -> x | y;
                case XOR -> x ^ y;
                case SHL -> x << y;
                case SHR -> x >> y;
                case USHR -> x >>> y;
                default -> throw unsupported(i);
            };
        }
        if (k == JavaKind.Long) {
            long x = (Long) in[0];
            return switch (op) {
                case ADD -> x + (Long) in[1];
                case SUB -> x - (Long) in[1];
                case MUL -> x * (Long) in[1];
                case NEG -> -x;
                case AND -> x & (Long) in[1];
                case OR -> x | (Long) in[1];
                case XOR -> x ^ (Long) in[1];
                case SHL -> x << (Integer) in[1];
                case SHR -> x >> (Integer) in[1];
                case USHR -> x >>> (Integer) in[1];
                default -> throw unsupported(i);
            };
        }
        if (k == JavaKind.Float) {
            float x = (Float) in[0];
            float y = in.length > 1 ? (Float) in[1] : 0;
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case REM -> x % y;
                case NEG -> -x;
                default -> throw unsupported(i);
            };
        }
        if (k == JavaKind.Double) {
            double x = (Double) in[0];
            double y = in.length > 1 ? (Double) in[1] : 0;
            return switch (op) {
                case ADD -> x + y;
                case SUB -> x - y;
                case MUL -> x * y;
                case DIV -> x / y;
                case REM -> x % y;
                case NEG -> -x;
                default -> throw unsupported(i);
            };
        }
        throw unsupported(i);
    }

    private static LirInterpreter.Unsupported unsupported(Instruction i) {
        return new LirInterpreter.Unsupported("the LIR interpreter does not run " + i.op() + " of kind " + i.kind());
    }

    /** An access's checked length must have reached it intact: the array's length, 0 for null. */
    private static void checkedLength(Instruction i, Object[] in) {
        if (i.checkedLength() != null) {
            Object a = ((Ref) in[0]).target();
            int expected = a == null ? 0 : Array.getLength(a);
            if ((Integer) in[in.length - 1] != expected) {
                throw new IllegalStateException(i + ": checked length " + in[in.length - 1] + ", the array's is " + expected);
            }
        }
    }

    private static Object array(Object v) throws Thrown {
        Object a = ((Ref) v).target();
        if (a == null) {
            throw new Thrown(NullPointerException.class);
        }
        return a;
    }

    private static Class<?> elementClass(JavaType t) {
        if (t.getJavaKind().isPrimitive()) {
            return t.getJavaKind().toJavaClass();
        }
        return LirInterpreter.mirror((ResolvedJavaType) t);
    }

    private static Object narrow(int x, Class<?> c) {
        if (c == boolean.class) {
            return (x & 1) != 0;
        }
        if (c == byte.class) {
            return (byte) x;
        }
        if (c == short.class) {
            return (short) x;
        }
        if (c == char.class) {
            return (char) x;
        }
        return x;
    }

    private static Object convert(Op op, Object x) {
        return switch (op) {
            case I2L -> (long) (Integer) x;
            case I2F -> (float) (Integer) x;
            case I2D -> (double) (Integer) x;
            case L2I -> (int) (long) (Long) x;
            case L2F -> (float) (Long) x;
            case L2D -> (double) (Long) x;
            case F2I -> (int) (float) (Float) x;
            case F2L -> (long) (float) (Float) x;
            case F2D -> (double) (Float) x;
            case D2I -> (int) (double) (Double) x;
            case D2L -> (long) (double) (Double) x;
            case D2F -> (float) (double) (Double) x;
            case I2B -> (int) (byte) (int) (Integer) x;
            case I2C -> (int) (char) (int) (Integer) x;
            case I2S -> (int) (short) (int) (Integer) x;
            case F2I_RAW -> Float.floatToRawIntBits((Float) x);
            case I2F_RAW -> Float.intBitsToFloat((Integer) x);
            case D2L_RAW -> Double.doubleToRawLongBits((Double) x);
            case L2D_RAW -> Double.longBitsToDouble((Long) x);
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    private static Object compare(Op op, Object x, Object y) {
        return switch (op) {
            case LCMP -> Long.compare((Long) x, (Long) y);
            case FCMPL -> threeWay((Float) x, (Float) y, -1);
            case FCMPG -> threeWay((Float) x, (Float) y, 1);
            case DCMPL -> threeWay((Double) x, (Double) y, -1);
            case DCMPG -> threeWay((Double) x, (Double) y, 1);
            default -> throw new IllegalArgumentException(op.toString());
        };
    }

    private static int threeWay(double x, double y, int unordered) {
        if (x < y) {
            return -1;
        }
        if (x > y) {
            return 1;
        }
        if (x == y) {
            return 0;
        }
        return unordered;
    }
}
