package org.ssajit.ir;

import java.util.List;

/**
 * The syntax of C1Visualizer's {@code .cfg} files (what HotSpot's C1 writes with
 * {@code -XX:+PrintCFGToFile} and Graal with {@code -Dgraal.PrintCFG}), without any IR in it: sections
 * {@code begin_<tag>} ... {@code end_<tag>} indented by two spaces, lines of a key and a value, quoted
 * strings, identifiers, and free-text columns ended by {@code <|@}.
 *
 * <p>C1Visualizer's scanner knows identifiers (letters, digits and {@code _-|:*}), quoted strings (any
 * text up to the next {@code "}: no escape) and the column end {@code <|@}; free text runs up to the
 * next column end. So a quoted string here never holds a {@code "}, free text never holds
 * {@code <|@}, and an identifier holds only identifier characters: {@link #quoted}, {@link #free} and
 * {@link #ident} replace what would end them early. Everything is on one line per entry.
 */
public final class CfgOutput {
    /** Ends a free-text column (C1Visualizer's {@code FreeValue}). */
    public static final String COLUMN_END = "<|@";

    private final StringBuilder sb;
    private int indent;

    public CfgOutput(StringBuilder sb) {
        this.sb = sb;
    }

    public StringBuilder text() {
        return sb;
    }

    public CfgOutput begin(String tag) {
        line("begin_" + tag);
        indent += 2;
        return this;
    }

    public CfgOutput end(String tag) {
        indent -= 2;
        return line("end_" + tag);
    }

    /** One indented line, as given. */
    public CfgOutput line(String text) {
        sb.repeat(' ', indent).append(text).append('\n');
        return this;
    }

    /** {@code key "value"}. */
    public CfgOutput string(String key, String value) {
        return line(key + " " + quoted(value));
    }

    /** {@code key value}, an integer. */
    public CfgOutput integer(String key, long value) {
        return line(key + " " + value);
    }

    /** {@code key "a" "b" ...}: a possibly empty list of quoted strings. */
    public CfgOutput strings(String key, List<String> values) {
        StringBuilder l = new StringBuilder(key);
        for (String v : values) {
            l.append(' ').append(quoted(v));
        }
        return line(l.toString());
    }

    /** {@code "s"}, with every {@code "} (which would end it) made a {@code '} and line breaks made spaces. */
    public static String quoted(String s) {
        return '"' + s.replace('"', '\'').replace('\n', ' ').replace('\r', ' ') + '"';
    }

    /** Free text for a column: one line, and no column end inside. */
    public static String free(String s) {
        return s.replace('\n', ' ').replace('\r', ' ').replace(COLUMN_END, "< |@");
    }

    /** Whether {@code c} may appear in an identifier. */
    public static boolean isIdentChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "_-|:*".indexOf(c) >= 0;
    }

    /** {@code s} as an identifier: every other character made {@code _}; an empty string is {@code _}. */
    public static String ident(String s) {
        if (s.isEmpty()) {
            return "_";
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(isIdentChar(c) ? c : '_');
        }
        return b.toString();
    }
}
