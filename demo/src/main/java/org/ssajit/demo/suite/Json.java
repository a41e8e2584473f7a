package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parser: JSON text generated from a seed (nested objects and arrays, strings with escapes and
 * non-ASCII characters, integers, decimals with exponents, literals), parsed by recursive descent
 * into a tree of values, summarized, written back compactly and parsed again. Checks: the second tree
 * equals the first and writes the same text; the summary counts what the generator made.
 */
final class Json extends SuiteProgram {
    Json() {
        super("json");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return -5717598063051787261L;
    }

    @Override
    protected long unit() {
        long sum = 0;
        for (int doc = 0; doc < 4; doc++) {
            Generator g = new Generator(new Rng(1000 + doc));
            String text = g.document();
            Object tree = new Parser(text).parseDocument();
            Summary s = new Summary();
            s.visit(tree);
            check(s.strings == g.strings && s.numbers == g.numbers && s.literals == g.literals && s.containers == g.containers,
                            "document " + doc + ": parsed " + s + ", generated " + g.strings + " strings, " + g.numbers + " numbers, "
                                            + g.literals + " literals, " + g.containers + " containers");
            String written = write(tree);
            Object again = new Parser(written).parseDocument();
            check(again.equals(tree), "document " + doc + ": the written text parses to another tree");
            check(write(again).equals(written), "document " + doc + ": writing the tree twice differs");
            sum = sum * 31 + s.hash;
            sum = sum * 31 + written.length();
            sum = sum * 31 + text.length();
        }
        return sum;
    }

    /** Writes JSON text of nested values, counting what it makes. */
    static final class Generator {
        private final Rng rng;
        private final StringBuilder out = new StringBuilder(1 << 16);
        int strings;
        int numbers;
        int literals;
        int containers;

        Generator(Rng rng) {
            this.rng = rng;
        }

        String document() {
            out.append("{\n  \"records\": [\n");
            containers += 2;
            strings++; // the key
            for (int i = 0; i < 7000; i++) {
                if (i > 0) {
                    out.append(",\n");
                }
                out.append("    ");
                value(0);
            }
            out.append("\n  ]\n}\n");
            return out.toString();
        }

        private void value(int depth) {
            int kind = depth >= 4 ? rng.below(4) : rng.below(6);
            switch (kind) {
                case 0 -> string();
                case 1 -> number();
                case 2, 3 -> {
                    literals++;
                    out.append(switch (rng.below(3)) {
                        case 0 -> "true";
                        case 1 -> "false";
                        default -> "null";
                    });
                }
                case 4 -> {
                    containers++;
                    out.append('[');
                    int n = rng.below(6);
                    for (int i = 0; i < n; i++) {
                        out.append(i > 0 ? ", " : "");
                        value(depth + 1);
                    }
                    out.append(']');
                }
                default -> {
                    containers++;
                    out.append("{ ");
                    int n = rng.between(1, 6);
                    for (int i = 0; i < n; i++) {
                        out.append(i > 0 ? ",\n" + " ".repeat(depth * 2 + 6) : "");
                        // Keys are distinct within an object: a map keeps one value per key.
                        out.append('"').append(KEYS[rng.below(KEYS.length)]).append(i).append("\" : ");
                        strings++;
                        value(depth + 1);
                    }
                    out.append(" }");
                }
            }
        }

        private void string() {
            strings++;
            out.append('"');
            int n = rng.below(24);
            for (int i = 0; i < n; i++) {
                int r = rng.below(40);
                if (r < 26) {
                    out.append((char) ('a' + r));
                } else if (r < 30) {
                    out.append(' ');
                } else if (r == 30) {
                    out.append("\\\"");
                } else if (r == 31) {
                    out.append("\\\\");
                } else if (r == 32) {
                    out.append("\\n");
                } else if (r == 33) {
                    out.append("\\t");
                } else if (r == 34) {
                    out.append("\\u00e9");
                } else if (r == 35) {
                    out.append('\u00fc');
                } else {
                    out.append((char) ('0' + r - 30));
                }
            }
            out.append('"');
        }

        private void number() {
            numbers++;
            int r = rng.below(4);
            if (r == 0) {
                out.append(rng.next() - (1 << 30));
            } else if (r == 1) {
                out.append(rng.below(1000));
            } else if (r == 2) {
                out.append(rng.below(100000) - 50000).append('.').append(rng.below(1000));
            } else {
                out.append(rng.between(1, 9)).append('.').append(rng.below(100)).append('e').append(rng.between(-20, 20));
            }
        }

        private static final String[] KEYS = {"id", "name", "value", "tags", "x", "y", "children", "kind", "weight", "label"};
    }

    /**
     * Recursive descent over the text: objects become {@link LinkedHashMap}s (order kept), arrays
     * {@link ArrayList}s, numbers {@link Long} or (with a fraction or exponent) {@link Double}, literals
     * {@link Boolean} or {@link #NULL}.
     */
    static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Object parseDocument() {
            Object v = value();
            skipSpace();
            if (pos != text.length()) {
                throw error("text after the value");
            }
            return v;
        }

        private Object value() {
            skipSpace();
            if (pos >= text.length()) {
                throw error("end of text, a value expected");
            }
            char c = text.charAt(pos);
            return switch (c) {
                case '{' -> object();
                case '[' -> array();
                case '"' -> string();
                case 't' -> literal("true", Boolean.TRUE);
                case 'f' -> literal("false", Boolean.FALSE);
                case 'n' -> literal("null", NULL);
                default -> number();
            };
        }

        private Map<String, Object> object() {
            Map<String, Object> m = new LinkedHashMap<>();
            pos++;
            skipSpace();
            if (peek() == '}') {
                pos++;
                return m;
            }
            while (true) {
                skipSpace();
                if (peek() != '"') {
                    throw error("a key expected");
                }
                String key = string();
                skipSpace();
                expect(':');
                m.put(key, value());
                skipSpace();
                char c = next();
                if (c == '}') {
                    return m;
                }
                if (c != ',') {
                    throw error("',' or '}' expected");
                }
            }
        }

        private List<Object> array() {
            List<Object> list = new ArrayList<>();
            pos++;
            skipSpace();
            if (peek() == ']') {
                pos++;
                return list;
            }
            while (true) {
                list.add(value());
                skipSpace();
                char c = next();
                if (c == ']') {
                    return list;
                }
                if (c != ',') {
                    throw error("',' or ']' expected");
                }
            }
        }

        private String string() {
            pos++; // the opening quote
            StringBuilder sb = null;
            int start = pos;
            while (true) {
                char c = next();
                if (c == '"') {
                    return sb == null ? text.substring(start, pos - 1) : sb.toString();
                }
                if (c == '\\') {
                    if (sb == null) {
                        sb = new StringBuilder(text.substring(start, pos - 1));
                    }
                    char e = next();
                    switch (e) {
                        case '"', '\\', '/' -> sb.append(e);
                        case 'n' -> sb.append('\n');
                        case 't' -> sb.append('\t');
                        case 'r' -> sb.append('\r');
                        case 'b' -> sb.append('\b');
                        case 'f' -> sb.append('\f');
                        case 'u' -> {
                            sb.append((char) Integer.parseInt(text, pos, pos + 4, 16));
                            pos += 4;
                        }
                        default -> throw error("bad escape \\" + e);
                    }
                } else if (sb != null) {
                    sb.append(c);
                }
            }
        }

        private Object number() {
            int start = pos;
            boolean integral = true;
            if (peek() == '-') {
                pos++;
            }
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c >= '0' && c <= '9') {
                    pos++;
                } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                    integral = false;
                    pos++;
                } else {
                    break;
                }
            }
            if (pos == start) {
                throw error("a value expected");
            }
            return integral ? (Object) Long.parseLong(text, start, pos, 10) : (Object) Double.parseDouble(text.substring(start, pos));
        }

        private Object literal(String word, Object value) {
            if (!text.startsWith(word, pos)) {
                throw error(word + " expected");
            }
            pos += word.length();
            return value;
        }

        private void skipSpace() {
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (c != ' ' && c != '\n' && c != '\t' && c != '\r') {
                    return;
                }
                pos++;
            }
        }

        private char peek() {
            return pos < text.length() ? text.charAt(pos) : '\0';
        }

        private char next() {
            if (pos >= text.length()) {
                throw error("unexpected end of text");
            }
            return text.charAt(pos++);
        }

        private void expect(char c) {
            if (next() != c) {
                throw error("'" + c + "' expected");
            }
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("JSON at " + pos + ": " + what);
        }
    }

    /** JSON's null: a value of its own, since maps and lists here hold no Java null. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Compact JSON text of a tree the parser made. */
    static String write(Object tree) {
        StringBuilder sb = new StringBuilder(1 << 16);
        write(tree, sb);
        return sb.toString();
    }

    private static void write(Object v, StringBuilder sb) {
        if (v instanceof Map<?, ?> m) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : m.entrySet()) {
                if (!first) {
                    sb.append(',');
                }
                first = false;
                writeString((String) e.getKey(), sb);
                sb.append(':');
                write(e.getValue(), sb);
            }
            sb.append('}');
        } else if (v instanceof List<?> l) {
            sb.append('[');
            for (int i = 0; i < l.size(); i++) {
                if (i > 0) {
                    sb.append(',');
                }
                write(l.get(i), sb);
            }
            sb.append(']');
        } else if (v instanceof String s) {
            writeString(s, sb);
        } else {
            sb.append(v); // Long, Double, Boolean, NULL
        }
    }

    private static void writeString(String s, StringBuilder sb) {
        sb.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        sb.append("\\u");
                        String hex = Integer.toHexString(c);
                        sb.append("0".repeat(4 - hex.length())).append(hex);
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        sb.append('"');
    }

    /** Counts and a hash of a tree's values, walked in order. */
    static final class Summary {
        int strings;
        int numbers;
        int literals;
        int containers;
        long hash = 17;

        void visit(Object v) {
            if (v instanceof Map<?, ?> m) {
                containers++;
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    strings++;
                    hash = hash * 31 + e.getKey().hashCode();
                    visit(e.getValue());
                }
            } else if (v instanceof List<?> l) {
                containers++;
                hash = hash * 31 + l.size();
                for (Object o : l) {
                    visit(o);
                }
            } else if (v instanceof String s) {
                strings++;
                hash = hash * 31 + s.hashCode();
            } else if (v instanceof Long n) {
                numbers++;
                hash = hash * 31 + n;
            } else if (v instanceof Double d) {
                numbers++;
                hash = hash * 31 + Double.doubleToLongBits(d);
            } else {
                literals++;
                hash = hash * 31 + (v == NULL ? 3 : v == Boolean.TRUE ? 5 : 7);
            }
        }

        @Override
        public String toString() {
            return strings + " strings, " + numbers + " numbers, " + literals + " literals, " + containers + " containers";
        }
    }
}
