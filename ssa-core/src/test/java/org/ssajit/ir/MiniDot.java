package org.ssajit.ir;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict parser for the subset of the Graphviz DOT language that {@link DotPrinter} writes, so tests
 * can check the output's syntax without Graphviz installed:
 *
 * <pre>
 * graph : 'digraph' ID? '{' stmt* '}'
 * stmt  : ('graph' | 'node' | 'edge') attrs ';'
 *       | ID attrs? ';'
 *       | ID '->' ID attrs? ';'
 * attrs : '[' (ID '=' value (',' ID '=' value)*)? ']'
 * value : ID | "quoted" | &lt;html&gt;
 * </pre>
 *
 * HTML labels must be well nested; their text is checked to use only the tags and entities the printer
 * emits, and is returned unescaped, one element per {@code <BR ALIGN="LEFT"/>}-terminated line.
 */
final class MiniDot {
    record Edge(String from, String to, Map<String, String> attrs) {
    }

    /** A value that was written as an HTML string. */
    record Html(String raw) {
    }

    final Map<String, Map<String, Object>> nodes = new LinkedHashMap<>();
    final List<Edge> edges = new ArrayList<>();
    String name;

    private final String src;
    private int pos;

    private MiniDot(String src) {
        this.src = src;
    }

    static MiniDot parse(String src) {
        MiniDot d = new MiniDot(src);
        d.graph();
        return d;
    }

    private void graph() {
        expectWord("digraph");
        skipSpace();
        if (peek() != '{') {
            name = idOrString();
        }
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}') {
                pos++;
                break;
            }
            stmt();
        }
        skipSpace();
        if (pos != src.length()) {
            throw error("text after the closing brace");
        }
    }

    private void stmt() {
        String id = idOrString();
        skipSpace();
        if (id.equals("graph") || id.equals("node") || id.equals("edge")) {
            attrs();
        } else if (src.startsWith("->", pos)) {
            pos += 2;
            String to = idOrString();
            skipSpace();
            Map<String, String> a = new LinkedHashMap<>();
            if (peek() == '[') {
                for (var e : attrs().entrySet()) {
                    if (e.getValue() instanceof Html) {
                        throw error("HTML edge labels are not expected");
                    }
                    a.put(e.getKey(), (String) e.getValue());
                }
            }
            edges.add(new Edge(id, to, a));
        } else {
            Map<String, Object> a = peek() == '[' ? attrs() : new LinkedHashMap<>();
            if (nodes.put(id, a) != null) {
                throw error("node " + id + " declared twice");
            }
        }
        expect(';');
    }

    private Map<String, Object> attrs() {
        expect('[');
        Map<String, Object> a = new LinkedHashMap<>();
        skipSpace();
        while (peek() != ']') {
            String key = idOrString();
            expect('=');
            skipSpace();
            Object value = peek() == '<' ? new Html(html()) : idOrString();
            a.put(key, value);
            skipSpace();
            if (peek() == ',') {
                pos++;
                skipSpace();
            } else if (peek() != ']') {
                throw error("expected , or ]");
            }
        }
        pos++;
        skipSpace();
        return a;
    }

    /** An HTML string: everything between balanced angle brackets. */
    private String html() {
        int depth = 0;
        int start = pos;
        do {
            char c = next();
            if (c == '<') {
                depth++;
            } else if (c == '>') {
                depth--;
            }
        } while (depth > 0);
        return src.substring(start + 1, pos - 1);
    }

    private String idOrString() {
        skipSpace();
        char c = peek();
        if (c == '"') {
            pos++;
            StringBuilder sb = new StringBuilder();
            while (true) {
                char d = next();
                if (d == '"') {
                    return sb.toString();
                }
                if (d == '\\') {
                    char e = next();
                    sb.append(e == 'n' ? '\n' : e);
                } else if (d == '\n') {
                    throw error("newline in a quoted string");
                } else {
                    sb.append(d);
                }
            }
        }
        int start = pos;
        if (Character.isLetter(c) || c == '_') {
            while (pos < src.length() && (Character.isLetterOrDigit(src.charAt(pos)) || src.charAt(pos) == '_')) {
                pos++;
            }
        } else if (Character.isDigit(c) || c == '-' || c == '.') {
            pos++;
            while (pos < src.length() && (Character.isDigit(src.charAt(pos)) || src.charAt(pos) == '.')) {
                pos++;
            }
        } else {
            throw error("expected an ID");
        }
        return src.substring(start, pos);
    }

    /** The unescaped lines of a label written by the printer; rejects any markup the printer does not emit. */
    static List<String> labelLines(Html h) {
        String raw = h.raw();
        String br = "<BR ALIGN=\"LEFT\"/>";
        if (!raw.endsWith(br)) {
            throw new IllegalArgumentException("label does not end with a left-justified break: " + raw);
        }
        List<String> lines = new ArrayList<>();
        for (String line : raw.substring(0, raw.length() - br.length()).split(java.util.regex.Pattern.quote(br), -1)) {
            if (line.indexOf('<') >= 0 || line.indexOf('>') >= 0 || line.indexOf('"') >= 0) {
                throw new IllegalArgumentException("unescaped markup in label line: " + line);
            }
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (c != '&') {
                    sb.append(c);
                    continue;
                }
                int semi = line.indexOf(';', i);
                String entity = semi < 0 ? line.substring(i) : line.substring(i, semi + 1);
                sb.append(switch (entity) {
                    case "&amp;" -> '&';
                    case "&lt;" -> '<';
                    case "&gt;" -> '>';
                    case "&quot;" -> '"';
                    case "&#160;" -> ' ';
                    default -> throw new IllegalArgumentException("unexpected entity " + entity + " in " + line);
                });
                i = semi;
            }
            lines.add(sb.toString());
        }
        return lines;
    }

    private void expectWord(String w) {
        skipSpace();
        if (!src.startsWith(w, pos)) {
            throw error("expected " + w);
        }
        pos += w.length();
    }

    private void expect(char c) {
        skipSpace();
        if (peek() != c) {
            throw error("expected '" + c + "'");
        }
        pos++;
    }

    private char peek() {
        if (pos >= src.length()) {
            throw error("unexpected end");
        }
        return src.charAt(pos);
    }

    private char next() {
        char c = peek();
        pos++;
        return c;
    }

    private void skipSpace() {
        while (pos < src.length() && Character.isWhitespace(src.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String msg) {
        int line = 1;
        for (int i = 0; i < Math.min(pos, src.length()); i++) {
            if (src.charAt(i) == '\n') {
                line++;
            }
        }
        return new IllegalArgumentException("DOT line " + line + ": " + msg);
    }
}
