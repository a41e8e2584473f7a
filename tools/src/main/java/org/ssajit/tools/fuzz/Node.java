package org.ssajit.tools.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A piece of a generated program's source: a statement or declaration ({@link #head} only), a block
 * ({@link #head} opening it, {@link #children}, {@link #tail} closing it), or a group (no head, no tail:
 * the children one after the other, e.g. an {@code if} and its {@code else}). The reducer deletes
 * nodes, or keeps a block's children without the block; javac says whether the result is still Java.
 */
final class Node {
    /** What the reducer may do to a node. */
    enum Edit {
        KEEP, DELETE, INLINE
    }

    final int id;
    final String head;
    final String tail;
    final List<Node> children = new ArrayList<>();

    Node(int id, String head, String tail) {
        this.id = id;
        this.head = head;
        this.tail = tail;
    }

    Node add(Node child) {
        children.add(child);
        return this;
    }

    /** Every node of the tree, parents before children. */
    void collect(List<Node> out) {
        out.add(this);
        for (Node c : children) {
            c.collect(out);
        }
    }

    /** The source with {@code edits} applied (absent means {@link Edit#KEEP}). */
    String render(Map<Integer, Edit> edits) {
        StringBuilder sb = new StringBuilder();
        render(sb, 0, edits);
        return sb.toString();
    }

    private void render(StringBuilder sb, int indent, Map<Integer, Edit> edits) {
        Edit e = edits.getOrDefault(id, Edit.KEEP);
        if (e == Edit.DELETE) {
            return;
        }
        boolean own = e == Edit.KEEP && head != null;
        if (own) {
            sb.append("    ".repeat(indent)).append(head).append('\n');
        }
        int inner = own && tail != null ? indent + 1 : indent;
        for (Node c : children) {
            c.render(sb, inner, edits);
        }
        if (own && tail != null) {
            sb.append("    ".repeat(indent)).append(tail).append('\n');
        }
    }
}
