package org.ssajit.ir;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.IntMath;
import java.util.Map;

import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;

/**
 * Stable, readable text form of a graph, used by golden tests and {@code ssajit ir}. Values are
 * renumbered in printing order (parameters, then each block's phis and instructions), so the text does
 * not depend on how many temporary values construction created and removed.
 *
 * <pre>
 * b1 [bci 4] &lt;- b0 b2
 *   v3:i = phi(b0: v0, b2: v5)
 *   v5:i = add v3, #1
 *   if v5 &lt; v1 then b2 else b3
 * </pre>
 */
public final class IrPrinter {
    private final boolean printStates;
    private final Map<Value, Integer> numbers = new CompilerMap<>();

    public IrPrinter() {
        this(false);
    }

    public IrPrinter(boolean printStates) {
        this.printStates = printStates;
    }

    public String print(Graph g) {
        numbers.clear();
        int n = 0;
        for (Parameter p : g.parameters()) {
            numbers.put(p, n++);
        }
        for (Block b : g.blocks()) {
            for (Phi p : b.phis()) {
                numbers.put(p, n++);
            }
            for (Instruction i : b.instructions()) {
                if (i.kind() != JavaKind.Void) {
                    numbers.put(i, n++);
                }
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("method ").append(g.method() == null ? "?" : g.method().format("%H.%n(%p)%r")).append('\n');
        if (!g.parameters().isEmpty()) {
            sb.append("  params");
            for (Parameter p : g.parameters()) {
                sb.append(' ').append(ref(p)).append(':').append(kindChar(p.kind()));
            }
            sb.append('\n');
        }
        for (Block b : g.blocks()) {
            printBlock(b, sb);
        }
        return sb.toString();
    }

    /** Prints one block in the numbering of the last {@link #print(Graph)}. */
    public void printBlock(Block b, StringBuilder sb) {
        sb.append(b);
        if (b.bci() >= 0) {
            sb.append(" [bci ").append(b.bci()).append(']');
        }
        if (!b.predecessors().isEmpty()) {
            sb.append(" <-");
            for (Block p : b.predecessors()) {
                sb.append(' ').append(p);
            }
        }
        sb.append('\n');
        for (Phi p : b.phis()) {
            sb.append("  ").append(ref(p)).append(':').append(kindChar(p.kind())).append(" = phi(");
            for (int i = 0; i < p.operandCount(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                Block pred = i < b.predecessors().size() ? b.predecessors().get(i) : null;
                sb.append(pred == null ? "?" : pred.toString()).append(": ").append(ref(p.operand(i)));
            }
            sb.append(")\n");
        }
        for (Instruction i : b.instructions()) {
            sb.append("  ").append(instructionText(i)).append('\n');
            if (printStates && i.state() != null) {
                sb.append("      ").append(stateText(i.state())).append('\n');
            }
        }
        Terminator t = b.terminator();
        sb.append("  ").append(t == null ? "<no terminator>" : terminatorText(t)).append('\n');
        if (printStates && t != null && t.state() != null) {
            sb.append("      ").append(stateText(t.state())).append('\n');
        }
        if (!b.handlers().isEmpty()) {
            sb.append("  handlers");
            for (Handler h : b.handlers()) {
                sb.append(' ').append(h.catchType() == null ? "any" : h.catchType().toJavaName()).append(" -> ").append(h.target());
            }
            sb.append('\n');
        }
    }

    public String instructionText(Instruction i) {
        StringBuilder sb = new StringBuilder();
        if (i.kind() != JavaKind.Void) {
            sb.append(ref(i)).append(':').append(kindChar(i.kind())).append(" = ");
        }
        sb.append(i.op().mnemonic());
        Object attr = i.attribute();
        if (attr != null) {
            String declared = i.op().attributeText(attr);
            sb.append(' ').append(declared != null ? declared : attrText(attr));
        }
        for (int k = 0; k < i.inputCount(); k++) {
            sb.append(k == 0 ? " " : ", ");
            Op.Input in = i.declaration(k);
            if (in != null && in.presence() == Op.Presence.OPTIONAL) {
                sb.append(in.name().label()).append('=');
            }
            sb.append(ref(i.input(k)));
        }
        if (i.hasExceptionEdge()) {
            sb.append(" !exc");
        }
        if (i.state() != null || i.canThrow() || i.op().deoptimizes()) {
            sb.append("  @").append(i.bci());
        }
        return sb.toString();
    }

    public String terminatorText(Terminator t) {
        return switch (t) {
            case Goto g -> "goto " + g.target();
            case If f -> "if " + ref(f.x()) + " " + f.condition().symbol() + " " + ref(f.y()) + " then " + f.trueTarget()
                            + " else " + f.falseTarget();
            case Switch s -> {
                StringBuilder sb = new StringBuilder("switch ").append(ref(s.value())).append(" [");
                for (int i = 0; i < s.keyCount(); i++) {
                    sb.append(i == 0 ? "" : ", ").append(s.key(i)).append(": ").append(s.keyTarget(i));
                }
                yield sb.append("] default ").append(s.defaultTarget()).toString();
            }
            case Return r -> r.value() == null ? "return" : "return " + ref(r.value());
            case Throw th -> "throw " + ref(th.exception()) + "  @" + th.bci();
        };
    }

    public String stateText(FrameState s) {
        StringBuilder sb = new StringBuilder("state @").append(s.bci()).append(" [");
        boolean first = true;
        for (int i = 0; i < s.localsSize(); i++) {
            if (s.local(i) != null) {
                sb.append(first ? "" : " ").append('l').append(i).append('=').append(ref(s.local(i)));
                first = false;
            }
        }
        sb.append(" |");
        for (int i = 0; i < s.stackSize(); i++) {
            if (s.stack(i) != null) {
                sb.append(' ').append(ref(s.stack(i)));
            }
        }
        if (s.locksSize() > 0) {
            sb.append(" | locks");
            for (int i = 0; i < s.locksSize(); i++) {
                sb.append(' ').append(ref(s.lock(i)));
            }
        }
        sb.append(']');
        if (s.outer() != null) {
            sb.append(" in ").append(s.method().format("%h.%n")).append(", called from ").append(stateText(s.outer()));
        }
        return sb.toString();
    }

    public String ref(Value v) {
        if (v == null) {
            return "-";
        }
        if (v instanceof Constant c) {
            return constantText(c);
        }
        if (v instanceof Undefined) {
            return "undef:" + kindChar(v.kind());
        }
        if (v instanceof VirtualInstance o) {
            return "virtual:" + o.type().toJavaName(false) + "#" + o.id();
        }
        Integer n = numbers.get(v);
        return n == null ? "v?" + v.id() : "v" + n;
    }

    private static String attrText(Object attr) {
        if (attr instanceof jdk.vm.ci.meta.JavaType t) {
            return t.toJavaName();
        }
        if (attr instanceof JavaKind k) {
            return k.getJavaName();
        }
        return attr.toString();
    }

    public static String kindChar(JavaKind k) {
        return switch (k) {
            case Int -> "i";
            case Long -> "l";
            case Float -> "f";
            case Double -> "d";
            case Object -> "a";
            case Void -> "v";
            default -> k.getJavaName();
        };
    }

    static String constantText(Constant c) {
        JavaConstant v = c.value();
        return switch (v.getJavaKind()) {
            case Int, Boolean, Byte, Short, Char -> "#" + v.asInt();
            case Long -> "#" + v.asLong() + "L";
            case Float -> "#" + floatText(v.asFloat()) + "f";
            case Double -> "#" + doubleText(v.asDouble()) + "d";
            case Object -> v.isNull() ? "null" : objectText(v);
            default -> v.toString();
        };
    }

    private static String floatText(float f) {
        if (Float.isNaN(f)) {
            int bits = Float.floatToRawIntBits(f);
            return bits == Float.floatToRawIntBits(Float.NaN) ? "NaN" : "NaN(0x" + Integer.toHexString(bits) + ")";
        }
        return Float.toString(f);
    }

    private static String doubleText(double d) {
        if (Double.isNaN(d)) {
            long bits = Double.doubleToRawLongBits(d);
            return bits == Double.doubleToRawLongBits(Double.NaN) ? "NaN" : "NaN(0x" + Long.toHexString(bits) + ")";
        }
        return Double.toString(d);
    }

    private static String objectText(JavaConstant v) {
        if (v instanceof jdk.vm.ci.hotspot.HotSpotObjectConstant h) {
            Object o = h.asObject(Object.class);
            if (o instanceof String s) {
                return quote(s);
            }
            if (o instanceof Class<?> k) {
                return "class " + k.getName();
            }
            return "obj<" + h.getType().toJavaName() + ">";
        }
        return v.toValueString();
    }

    private static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        int limit = IntMath.min(s.length(), 60);
        for (int i = 0; i < limit; i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (ch < 0x20 || ch > 0x7e) {
                        sb.append(String.format("\\u%04x", (int) ch));
                    } else {
                        sb.append(ch);
                    }
                }
            }
        }
        if (s.length() > limit) {
            sb.append("...");
        }
        return sb.append('"').toString();
    }
}
