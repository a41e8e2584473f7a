package org.ssajit.tools.fuzz;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Shrinks a program that shows a finding: deletes its nodes (methods, statements, whole blocks) one at
 * a time, or keeps a block's body without the block, and keeps each change after which javac still
 * accepts the program and the finding is still there (same kind), until a pass changes nothing or the
 * time is up. Parents come before children, so a method goes in one step before its statements are tried.
 */
final class Reducer {
    /** Whether a candidate, compiled into {@code classes}, still shows the finding. */
    interface Oracle {
        boolean holds(long seed, String source, Path classes) throws IOException, InterruptedException;
    }

    private final Oracle oracle;
    private final SourceCompiler javac;
    private final Path work;
    private final long deadline;
    private final PrintStream log;
    private final Map<String, Boolean> tried = new HashMap<>();
    private int attempts;

    Reducer(Oracle oracle, SourceCompiler javac, Path work, long budgetMillis, PrintStream log) {
        this.oracle = oracle;
        this.javac = javac;
        this.work = work;
        this.deadline = System.currentTimeMillis() + budgetMillis;
        this.log = log;
    }

    /** The reduced source (the original when nothing could go). */
    String reduce(ProgramGenerator.Program program, String what) throws IOException, InterruptedException {
        Node root = program.root();
        List<Node> all = new ArrayList<>();
        root.collect(all);
        Map<Node, Node> parent = new IdentityHashMap<>();
        for (Node n : all) {
            for (Node c : n.children) {
                parent.put(c, n);
            }
        }
        Map<Integer, Node.Edit> edits = new HashMap<>();
        String current = root.render(edits);
        tried.put(current, true);
        boolean changed = true;
        int passes = 0;
        while (changed && System.currentTimeMillis() < deadline) {
            changed = false;
            passes++;
            for (Node n : all) {
                if (n == root || gone(n, parent, edits) || System.currentTimeMillis() >= deadline) {
                    continue;
                }
                if (attempt(program, edits, n, Node.Edit.DELETE)) {
                    changed = true;
                    continue;
                }
                if (n.head != null && n.tail != null && !n.children.isEmpty() && edits.get(n.id) == null) {
                    changed |= attempt(program, edits, n, Node.Edit.INLINE);
                }
            }
        }
        String reduced = root.render(edits);
        log.printf("fuzz: reduced seed %s (%s) from %d to %d lines in %d attempts, %d passes%s%n", Long.toUnsignedString(program.seed()), what,
                        current.lines().count(), reduced.lines().count(), attempts, passes, System.currentTimeMillis() >= deadline ? " (time budget used up)" : "");
        return reduced;
    }

    private static boolean gone(Node n, Map<Node, Node> parent, Map<Integer, Node.Edit> edits) {
        for (Node p = n; p != null; p = parent.get(p)) {
            if (edits.get(p.id) == Node.Edit.DELETE) {
                return true;
            }
        }
        return false;
    }

    private boolean attempt(ProgramGenerator.Program program, Map<Integer, Node.Edit> edits, Node n, Node.Edit edit)
                    throws IOException, InterruptedException {
        Node.Edit before = edits.put(n.id, edit);
        String source = program.root().render(edits);
        Boolean known = tried.get(source);
        boolean keeps;
        if (known != null) {
            keeps = false; // unchanged source, or a candidate already rejected
        } else {
            keeps = test(program, source);
            tried.put(source, keeps);
        }
        if (!keeps) {
            if (before == null) {
                edits.remove(n.id);
            } else {
                edits.put(n.id, before);
            }
        }
        return keeps;
    }

    private boolean test(ProgramGenerator.Program program, String source) throws IOException, InterruptedException {
        long seed = program.seed();
        attempts++;
        Path classes = work.resolve("reduce-" + attempts);
        try {
            String errors = javac.compile(Map.of(Fuzzer.DRIVER_CLASS, Fuzzer.DRIVER_SOURCE, ProgramGenerator.packageName(seed) + ".Main", source),
                            program.classFiles(), classes);
            if (!errors.isEmpty()) {
                return false;
            }
            return oracle.holds(seed, source, classes);
        } finally {
            Fuzzer.deleteTree(classes);
        }
    }
}
