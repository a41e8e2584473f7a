package org.ssajit.jvmci;

import java.util.ArrayList;
import java.util.List;

/**
 * A reader of C1Visualizer's {@code .cfg} files, written from the format's definition (C1Visualizer's
 * grammar, {@code CompilerOutput.atg}, and what C1's {@code CFGPrinter} and Graal's {@code CFGPrinter}
 * write), to check ssajit's dumps the way C1Visualizer reads them.
 *
 * <p>Tokens as C1Visualizer's scanner makes them, white space (line breaks included) between them
 * ignored: identifiers ({@code A-Z a-z 0-9 _ - | : *}), quoted strings (up to the next {@code "}, no
 * escape), the column end {@code <|@}, and any other character alone. Free text (an HIR instruction's
 * text, a LIR op) runs up to the next column end. Keywords are identifiers.
 *
 * <pre>
 * file         = { compilation | cfg | intervals | "begin_nmethod" free "end_nmethod" | "begin_bytecodes" free "end_bytecodes" }
 * compilation  = "begin_compilation" "name" string "method" string "date" int "end_compilation"
 * cfg          = "begin_cfg" "name" string [ "id" int "caller_id" int ] { block } "end_cfg"
 * block        = "begin_block" "name" string "from_bci" int "to_bci" int "predecessors" {string}
 *                "successors" {string} "xhandlers" {string} "flags" {string} [ "dominator" string ]
 *                [ "loop_index" int ] [ "loop_depth" int ] [ "first_lir_id" int ] [ "last_lir_id" int ]
 *                [ "probability" int ] [ states ] [ "begin_HIR" { hir } "end_HIR" ] [ "begin_LIR" { lir } "end_LIR" ] "end_block"
 * states       = "begin_states" { ("begin_locals" | "begin_stack" | "begin_locks") "size" int [ "method" string ]
 *                { int ident [ "[" { ident } "]" ] [ string ] } ("end_locals" | "end_stack" | "end_locks") } "end_states"
 * hir          = [ "." ] int int [ string ] ident free
 * lir          = int free
 * intervals    = "begin_intervals" "name" string { interval } "end_intervals"
 * interval     = ident ident [ string ] ident ident range { range } { int ident } string
 * range        = "[" int "," int "["
 * </pre>
 * ({@code begin_IR}, Graal's key-value variant of a block's instructions, is not read: ssajit does not write it.)
 */
final class C1VisualizerFile {
    record Compilation(String name, String method, long date, List<Cfg> cfgs, List<IntervalList> intervals, List<String> order) {
    }

    record Cfg(String name, List<Block> blocks) {
        Block block(String blockName) {
            return blocks.stream().filter(b -> b.name().equals(blockName)).findFirst().orElse(null);
        }
    }

    record Block(String name, int fromBci, int toBci, List<String> predecessors, List<String> successors, List<String> xhandlers, List<String> flags,
                    String dominator, Integer loopIndex, Integer loopDepth, Integer firstLirId, Integer lastLirId, List<StateEntry> states, List<Hir> hir,
                    List<Lir> lir) {
    }

    /** A phi (or a frame slot): {@code index name [operands]}. */
    record StateEntry(int index, String name, List<String> operands, String operand) {
    }

    record Hir(boolean pinned, int bci, int uses, String operand, String name, String text) {
    }

    record Lir(int id, String text) {
    }

    record IntervalList(String name, List<Interval> intervals) {
    }

    record Interval(String name, String type, String operand, String splitParent, String hint, List<Range> ranges, List<Use> uses, String spillState) {
    }

    record Range(int from, int to) {
    }

    record Use(int position, char kind) {
    }

    /** Thrown where the text does not follow the format. */
    static final class FormatError extends RuntimeException {
        FormatError(String message) {
            super(message);
        }
    }

    private final String s;
    private int pos;

    private C1VisualizerFile(String text) {
        this.s = text;
    }

    /** Every compilation in {@code text}, each with the cfgs and interval lists that follow its header. */
    static List<Compilation> parse(String text) {
        return new C1VisualizerFile(text).file();
    }

    // Scanner ---------------------------------------------------------------------------------------

    static boolean isIdentChar(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "_-|:*".indexOf(c) >= 0;
    }

    private void skipBlanks() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private boolean atEnd() {
        skipBlanks();
        return pos >= s.length();
    }

    /** The next token without taking it: an identifier, {@code "} for a string, {@code <|@}, or one character. */
    private String peek() {
        skipBlanks();
        if (pos >= s.length()) {
            return "";
        }
        char c = s.charAt(pos);
        if (isIdentChar(c)) {
            int e = pos;
            while (e < s.length() && isIdentChar(s.charAt(e))) {
                e++;
            }
            return s.substring(pos, e);
        }
        if (s.startsWith("<|@", pos)) {
            return "<|@";
        }
        return String.valueOf(c);
    }

    private boolean peekIsInt() {
        String t = peek();
        return !t.isEmpty() && isIdentChar(t.charAt(0)) && t.matches("-?\\d+");
    }

    private FormatError error(String expected) {
        int line = 1;
        for (int i = 0; i < pos && i < s.length(); i++) {
            if (s.charAt(i) == '\n') {
                line++;
            }
        }
        return new FormatError("line " + line + ": expected " + expected + ", found '" + peek() + "'");
    }

    private String ident() {
        String t = peek();
        if (t.isEmpty() || !isIdentChar(t.charAt(0))) {
            throw error("an identifier");
        }
        pos += t.length();
        return t;
    }

    private void expect(String keyword) {
        if (!peek().equals(keyword)) {
            throw error(keyword);
        }
        pos += keyword.length();
    }

    private boolean accept(String keyword) {
        if (peek().equals(keyword)) {
            pos += keyword.length();
            return true;
        }
        return false;
    }

    private int integer() {
        String t = ident();
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            pos -= t.length();
            throw error("an integer");
        }
    }

    private long longInteger() {
        String t = ident();
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            pos -= t.length();
            throw error("an integer");
        }
    }

    private String string() {
        if (!peek().equals("\"")) {
            throw error("a quoted string");
        }
        int end = s.indexOf('"', pos + 1);
        if (end < 0) {
            throw error("the end of a quoted string");
        }
        String v = s.substring(pos + 1, end).trim();
        pos = end + 1;
        return v;
    }

    private List<String> strings() {
        List<String> l = new ArrayList<>();
        while (peek().equals("\"")) {
            l.add(string());
        }
        return l;
    }

    /** Free text up to the column end, which is taken too. */
    private String free() {
        skipBlanks();
        int end = s.indexOf("<|@", pos);
        if (end < 0) {
            throw error("free text ended by <|@");
        }
        String v = s.substring(pos, end).trim();
        pos = end + 3;
        return v;
    }

    // Parser ----------------------------------------------------------------------------------------

    private List<Compilation> file() {
        List<Compilation> out = new ArrayList<>();
        while (!atEnd()) {
            String t = peek();
            switch (t) {
                case "begin_compilation" -> out.add(compilation());
                case "begin_cfg" -> last(out, "a cfg").cfgs().add(cfg(last(out, "a cfg").order()));
                case "begin_intervals" -> {
                    Compilation c = last(out, "intervals");
                    if (c.cfgs().isEmpty()) {
                        throw error("a cfg before the intervals (C1Visualizer draws them against it)");
                    }
                    c.intervals().add(intervals(c.order()));
                }
                case "begin_nmethod", "begin_bytecodes" -> {
                    ident();
                    free();
                    expect(t.replace("begin_", "end_"));
                }
                default -> throw error("begin_compilation, begin_cfg or begin_intervals");
            }
        }
        return out;
    }

    private Compilation last(List<Compilation> l, String what) {
        if (l.isEmpty()) {
            throw error("begin_compilation before " + what);
        }
        return l.get(l.size() - 1);
    }

    private Compilation compilation() {
        expect("begin_compilation");
        expect("name");
        String name = string();
        expect("method");
        String method = string();
        expect("date");
        long date = longInteger();
        expect("end_compilation");
        return new Compilation(name, method, date, new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    private Cfg cfg(List<String> order) {
        expect("begin_cfg");
        expect("name");
        String name = string();
        if (accept("id")) {
            integer();
            expect("caller_id");
            integer();
        }
        List<Block> blocks = new ArrayList<>();
        while (peek().equals("begin_block")) {
            blocks.add(block());
        }
        expect("end_cfg");
        order.add("cfg " + name);
        return new Cfg(name, blocks);
    }

    private Block block() {
        expect("begin_block");
        expect("name");
        String name = string();
        expect("from_bci");
        int from = integer();
        expect("to_bci");
        int to = integer();
        expect("predecessors");
        List<String> preds = strings();
        expect("successors");
        List<String> succs = strings();
        expect("xhandlers");
        List<String> xh = strings();
        expect("flags");
        List<String> flags = strings();
        String dominator = accept("dominator") ? string() : null;
        Integer loopIndex = accept("loop_index") ? integer() : null;
        Integer loopDepth = accept("loop_depth") ? integer() : null;
        Integer firstLir = accept("first_lir_id") ? integer() : null;
        Integer lastLir = accept("last_lir_id") ? integer() : null;
        if (accept("probability")) {
            longInteger();
        }
        List<StateEntry> states = new ArrayList<>();
        if (accept("begin_states")) {
            while (!accept("end_states")) {
                String kind = ident();
                if (!kind.equals("begin_locals") && !kind.equals("begin_stack") && !kind.equals("begin_locks")) {
                    pos -= kind.length();
                    throw error("begin_locals, begin_stack, begin_locks or end_states");
                }
                expect("size");
                integer();
                if (accept("method")) {
                    string();
                }
                while (peekIsInt()) {
                    int index = integer();
                    String n = ident();
                    List<String> operands = null;
                    if (accept("[")) {
                        operands = new ArrayList<>();
                        while (!accept("]")) {
                            operands.add(ident());
                        }
                    }
                    String operand = peek().equals("\"") ? string() : null;
                    states.add(new StateEntry(index, n, operands, operand));
                }
                expect(kind.replace("begin_", "end_"));
            }
        }
        List<Hir> hir = new ArrayList<>();
        if (accept("begin_HIR")) {
            while (!accept("end_HIR")) {
                boolean pinned = accept(".");
                int bci = integer();
                int uses = integer();
                String operand = peek().equals("\"") ? string() : null;
                String n = ident();
                hir.add(new Hir(pinned, bci, uses, operand, n, free()));
            }
        }
        List<Lir> lir = new ArrayList<>();
        if (accept("begin_LIR")) {
            while (!accept("end_LIR")) {
                int id = integer();
                lir.add(new Lir(id, free()));
            }
        }
        expect("end_block");
        return new Block(name, from, to, preds, succs, xh, flags, dominator, loopIndex, loopDepth, firstLir, lastLir, states, hir, lir);
    }

    private IntervalList intervals(List<String> order) {
        expect("begin_intervals");
        expect("name");
        String name = string();
        List<Interval> list = new ArrayList<>();
        while (!accept("end_intervals")) {
            String reg = ident();
            String type = ident();
            String operand = peek().equals("\"") ? string() : null;
            String parent = ident();
            String hint = ident();
            List<Range> ranges = new ArrayList<>();
            do {
                expect("[");
                int from = integer();
                expect(",");
                int to = integer();
                expect("[");
                ranges.add(new Range(from, to));
            } while (peek().equals("["));
            List<Use> uses = new ArrayList<>();
            while (peekIsInt()) {
                int p = integer();
                uses.add(new Use(p, ident().charAt(0)));
            }
            list.add(new Interval(reg, type, operand, parent, hint, ranges, uses, string()));
        }
        order.add("intervals " + name);
        return new IntervalList(name, list);
    }
}
