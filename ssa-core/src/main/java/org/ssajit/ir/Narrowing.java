package org.ssajit.ir;

import java.util.function.Consumer;

import jdk.vm.ci.meta.JavaKind;

/**
 * An int narrowed to a boolean, byte, char or short as the JVM narrows it where it stores one
 * ({@code putfield}, {@code ireturn} of a method declared so; JVMS: {@code & 1}, {@code i2b},
 * {@code i2c}, {@code i2s}).
 */
public final class Narrowing {
    private Narrowing() {
    }

    /**
     * {@code v} narrowed to {@code kind}: {@code v} itself for another kind or where its stamp shows it in
     * range, a constant for a constant, else a new instruction at {@code bci} (its stamp the kind's
     * range) that {@code place} puts where it is computed.
     */
    public static Value of(Graph g, Value v, JavaKind kind, int bci, Consumer<Instruction> place) {
        if (kind.getStackKind() != JavaKind.Int || kind == JavaKind.Int || v.stamp().fitsIn(kind)) {
            return v;
        }
        if (v instanceof Constant c) {
            int x = c.asInt();
            return g.intConstant(switch (kind) {
                case Boolean -> x & 1;
                case Byte -> (byte) x;
                case Char -> (char) x;
                default -> (short) x;
            });
        }
        Instruction n = switch (kind) {
            case Boolean -> new Instruction(g, Op.AND, JavaKind.Int, null, bci, v, g.intConstant(1));
            case Byte -> new Instruction(g, Op.I2B, JavaKind.Int, null, bci, v);
            case Char -> new Instruction(g, Op.I2C, JavaKind.Int, null, bci, v);
            default -> new Instruction(g, Op.I2S, JavaKind.Int, null, bci, v);
        };
        place.accept(n);
        n.setStamp(Stamp.forValueOf(kind));
        return n;
    }
}
