package org.ssajit.ir;

import org.ssajit.util.CompilerMap;
import org.ssajit.util.CompilerList;
import java.util.List;
import java.util.Map;

/**
 * A graph as Graphviz DOT: one box per block whose label is the block's text exactly as
 * {@link IrPrinter} prints it (same value numbering), left-justified. Edges: plain for a goto, {@code T}
 * and {@code F} for an {@link If}, the case keys for a {@link Switch}, dashed (labelled with the catch
 * types) into exception handlers.
 *
 * <p>Labels are Graphviz HTML-like labels, so the text is escaped as HTML ({@code <}, {@code >},
 * {@code &}, {@code "}) and indentation is kept with non-breaking spaces, which Graphviz does not
 * collapse.
 */
public final class DotPrinter {
    /** A switch edge lists at most this many keys; the rest are counted. */
    static final int MAX_KEYS_PER_EDGE = 8;

    private final boolean printStates;

    public DotPrinter() {
        this(false);
    }

    public DotPrinter(boolean printStates) {
        this.printStates = printStates;
    }

    public String print(Graph g) {
        IrPrinter text = new IrPrinter(printStates);
        text.print(g); // fixes the value numbering the block labels use
        String title = g.method() == null ? "graph" : g.method().format("%H.%n(%p)%r");
        StringBuilder sb = new StringBuilder();
        sb.append("digraph ").append(quote(title)).append(" {\n");
        sb.append("  graph [label=").append(quote(title)).append(", labelloc=t, fontname=\"monospace\"];\n");
        sb.append("  node [shape=box, fontname=\"monospace\", fontsize=10];\n");
        sb.append("  edge [fontname=\"monospace\", fontsize=9];\n");
        for (Block b : g.blocks()) {
            StringBuilder blockText = new StringBuilder();
            text.printBlock(b, blockText);
            sb.append("  ").append(nodeId(b)).append(" [label=<").append(htmlLines(blockText.toString())).append('>');
            if (b == g.entry()) {
                sb.append(", penwidth=2");
            }
            sb.append("];\n");
        }
        for (Block b : g.blocks()) {
            edges(b, sb);
        }
        return sb.append("}\n").toString();
    }

    private static void edges(Block b, StringBuilder sb) {
        switch (b.terminator()) {
            case Goto go -> edge(sb, b, go.target(), null, false);
            case If f -> {
                edge(sb, b, f.trueTarget(), "T", false);
                edge(sb, b, f.falseTarget(), "F", false);
            }
            case Switch s -> {
                Map<Block, List<String>> keys = new CompilerMap<>();
                for (int i = 0; i < s.keyCount(); i++) {
                    keys.computeIfAbsent(s.keyTarget(i), t -> new CompilerList<>()).add(Integer.toString(s.key(i)));
                }
                keys.computeIfAbsent(s.defaultTarget(), t -> new CompilerList<>()).add("default");
                keys.forEach((target, labels) -> edge(sb, b, target, joinKeys(labels), false));
            }
            case Return _, Throw _ -> {
                // Leave the method, or go to the handlers listed below.
            }
            case null -> {
                // Only a broken graph has an unterminated block; print what there is.
            }
        }
        Map<Block, List<String>> handlers = new CompilerMap<>();
        for (Handler h : b.handlers()) {
            handlers.computeIfAbsent(h.target(), t -> new CompilerList<>()).add(h.catchType() == null ? "any" : h.catchType().toJavaName(false));
        }
        handlers.forEach((target, types) -> edge(sb, b, target, String.join(", ", types), true));
    }

    private static String joinKeys(List<String> labels) {
        if (labels.size() <= MAX_KEYS_PER_EDGE) {
            return String.join(", ", labels);
        }
        return String.join(", ", labels.subList(0, MAX_KEYS_PER_EDGE)) + ", ... (" + labels.size() + " labels)";
    }

    private static void edge(StringBuilder sb, Block from, Block to, String label, boolean exceptional) {
        sb.append("  ").append(nodeId(from)).append(" -> ").append(nodeId(to));
        List<String> attrs = new CompilerList<>(2);
        if (label != null) {
            attrs.add("label=" + quote(label));
        }
        if (exceptional) {
            attrs.add("style=dashed");
        }
        if (!attrs.isEmpty()) {
            sb.append(" [").append(String.join(", ", attrs)).append(']');
        }
        sb.append(";\n");
    }

    static String nodeId(Block b) {
        return "b" + b.id();
    }

    /** Text lines as the body of an HTML-like label, each line left-justified. */
    static String htmlLines(String text) {
        StringBuilder sb = new StringBuilder();
        for (String line : text.split("\n")) {
            int i = 0;
            // Leading spaces would be trimmed: indentation becomes non-breaking spaces.
            while (i < line.length() && line.charAt(i) == ' ') {
                sb.append("&#160;");
                i++;
            }
            escapeHtml(line.substring(i), sb);
            sb.append("<BR ALIGN=\"LEFT\"/>");
        }
        return sb.toString();
    }

    static void escapeHtml(String s, StringBuilder sb) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                default -> {
                    if (c < 0x20) {
                        // Graphviz rejects control characters even as references.
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
    }

    /** A DOT double-quoted string. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> sb.append(c);
            }
        }
        return sb.append('"').toString();
    }
}
