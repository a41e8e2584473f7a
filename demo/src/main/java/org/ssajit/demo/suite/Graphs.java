package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Graph algorithms over an object graph: generated control-flow graphs of nested structures (sequences,
 * diamonds, loops with breaks and continues), whose loops are found as a compiler finds them: a
 * depth-first order, dominators (the iterative algorithm of Cooper, Harvey and Kennedy), back edges
 * to a dominator, natural loop bodies and their nesting; strongly connected components (Tarjan's
 * algorithm on an explicit stack); and shortest paths with Dijkstra's algorithm over a priority queue.
 * Checks: the loops found are the loops generated, each with the body generated; the nontrivial
 * components are the outermost loops; Dijkstra's distances equal Bellman-Ford's.
 */
final class Graphs extends SuiteProgram {
    Graphs() {
        super("graphs");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 4873395941670798534L;
    }

    /** A block of the graph; successors and predecessors in the order the edges were added. */
    static final class Node {
        final int id;
        final List<Node> succs = new ArrayList<>(2);
        final List<Node> preds = new ArrayList<>(2);
        final List<Edge> edges = new ArrayList<>(3);
        int rpo = -1;
        Node idom;
        int loopDepth; // the number of loops whose body holds this node

        Node(int id) {
            this.id = id;
        }
    }

    /** A weighted edge for the shortest paths: the control-flow edges and extra ones. */
    record Edge(Node to, int weight) {
    }

    /** Generates structured graphs: {@link #loops} and each loop's body size are what loop finding must find. */
    static final class Generator {
        final List<Node> nodes = new ArrayList<>();
        final List<int[]> loops = new ArrayList<>(); // {header id, body size}
        private final Rng rng;

        Generator(Rng rng) {
            this.rng = rng;
        }

        Node node() {
            Node n = new Node(nodes.size());
            nodes.add(n);
            return n;
        }

        void edge(Node from, Node to) {
            from.succs.add(to);
            to.preds.add(from);
            from.edges.add(new Edge(to, rng.between(1, 20)));
        }

        /** Appends structures after {@code current} until the budget of nodes is spent; returns the last node. */
        Node sequence(Node current, int depth, int budget) {
            int end = nodes.size() + budget;
            while (nodes.size() < end) {
                current = structure(current, depth, end - nodes.size());
            }
            return current;
        }

        private Node structure(Node current, int depth, int budget) {
            int r = depth >= 5 || budget < 6 ? 0 : rng.below(10);
            if (r < 3) {
                Node n = node();
                edge(current, n);
                return n;
            }
            if (r < 6) {
                Node then = node();
                Node otherwise = node();
                edge(current, then);
                edge(current, otherwise);
                Node t = sequence(then, depth + 1, rng.below(budget / 2));
                Node e = sequence(otherwise, depth + 1, rng.below(budget / 3));
                Node join = node();
                edge(t, join);
                edge(e, join);
                return join;
            }
            Node header = node();
            edge(current, header);
            Node body = node();
            edge(header, body);
            int first = body.id;
            Node last = sequence(body, depth + 1, rng.below(budget * 2 / 3));
            Node latch = node();
            edge(last, latch);
            edge(latch, header);
            Node exit = node();
            edge(header, exit);
            // A break from somewhere in the body, and a continue: neither changes the loop's body.
            if (rng.percent(40)) {
                edge(nodes.get(rng.between(first, latch.id)), exit);
            }
            if (rng.percent(30)) {
                edge(nodes.get(rng.between(first, latch.id)), header);
            }
            loops.add(new int[]{header.id, latch.id - header.id + 1});
            return exit;
        }
    }

    @Override
    protected long unit() {
        long sum = 0;
        for (int g = 0; g < 6; g++) {
            Generator gen = new Generator(new Rng(300 + g));
            Node entry = gen.node();
            gen.sequence(entry, 0, 15_000);
            List<Node> nodes = gen.nodes;
            // Extra weighted edges for the shortest paths only.
            Rng rng = new Rng(g);
            List<List<Edge>> extra = new ArrayList<>();
            for (int i = 0; i < nodes.size(); i++) {
                List<Edge> e = new ArrayList<>();
                if (rng.percent(30)) {
                    e.add(new Edge(nodes.get(rng.below(nodes.size())), rng.between(5, 80)));
                }
                extra.add(e);
            }
            Node[] order = reversePostorder(entry, nodes.size());
            check(order.length == nodes.size(), "graphs: " + order.length + " of " + nodes.size() + " nodes reachable");
            dominators(order);
            int[] loopSizes = findLoops(order, nodes.size());
            int found = 0;
            int outermost = 0;
            for (int[] loop : gen.loops) {
                check(loopSizes[loop[0]] == loop[1], "graphs: the loop at " + loop[0] + " has " + loopSizes[loop[0]] + " nodes, generated " + loop[1]);
            }
            long depths = 0;
            for (Node n : nodes) {
                found += loopSizes[n.id] > 0 ? 1 : 0;
                outermost += loopSizes[n.id] > 0 && n.loopDepth == 1 ? 1 : 0;
                depths += n.loopDepth;
            }
            check(found == gen.loops.size(), "graphs: " + found + " loops found, " + gen.loops.size() + " generated");
            int components = nontrivialComponents(nodes);
            check(components == outermost, "graphs: " + components + " strongly connected components, " + outermost + " outermost loops");
            long[] dist = dijkstra(entry, nodes.size(), extra);
            check(Arrays.equals(dist, bellmanFord(order, nodes.size(), extra)), "graphs: Dijkstra and Bellman-Ford differ");
            long d = 0;
            for (long x : dist) {
                d = d * 31 + x;
            }
            sum = ((sum * 31 + nodes.size()) * 31 + found) * 31 + depths;
            sum = sum * 31 + d;
        }
        return sum;
    }

    /** The nodes reachable from entry in reverse postorder, by a depth-first search on an explicit stack. */
    private static Node[] reversePostorder(Node entry, int n) {
        boolean[] seen = new boolean[n];
        Node[] post = new Node[n];
        int count = 0;
        Node[] stack = new Node[n];
        int[] next = new int[n]; // per stack slot: the successor to visit next
        int sp = 0;
        stack[sp++] = entry;
        seen[entry.id] = true;
        while (sp > 0) {
            Node top = stack[sp - 1];
            if (next[sp - 1] < top.succs.size()) {
                Node s = top.succs.get(next[sp - 1]++);
                if (!seen[s.id]) {
                    seen[s.id] = true;
                    next[sp] = 0;
                    stack[sp++] = s;
                }
            } else {
                post[count++] = top;
                sp--;
            }
        }
        Node[] order = new Node[count];
        for (int i = 0; i < count; i++) {
            order[i] = post[count - 1 - i];
            order[i].rpo = i;
        }
        return order;
    }

    /** Cooper, Harvey and Kennedy: idom by intersecting the predecessors' dominators until nothing changes. */
    private static void dominators(Node[] order) {
        Node entry = order[0];
        entry.idom = entry;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 1; i < order.length; i++) {
                Node b = order[i];
                Node idom = null;
                for (Node p : b.preds) {
                    if (p.idom != null) {
                        idom = idom == null ? p : intersect(p, idom);
                    }
                }
                if (idom != b.idom) {
                    b.idom = idom;
                    changed = true;
                }
            }
        }
    }

    private static Node intersect(Node a, Node b) {
        while (a != b) {
            while (a.rpo > b.rpo) {
                a = a.idom;
            }
            while (b.rpo > a.rpo) {
                b = b.idom;
            }
        }
        return a;
    }

    private static boolean dominates(Node a, Node b) {
        while (b.rpo > a.rpo) {
            b = b.idom;
        }
        return a == b;
    }

    /**
     * Natural loops: for each header (a node with a back edge from a node it dominates), the nodes that
     * reach a back edge's source without passing the header. Returns body sizes by header id (0: not
     * a header) and sets each node's loop depth.
     */
    private static int[] findLoops(Node[] order, int n) {
        int[] sizes = new int[n];
        int[] mark = new int[n];
        Arrays.fill(mark, -1);
        List<List<Node>> bodies = new ArrayList<>();
        for (Node h : order) {
            List<Node> body = null;
            for (Node p : h.preds) {
                if (p.idom != null && dominates(h, p)) {
                    if (body == null) {
                        body = new ArrayList<>();
                        body.add(h);
                        mark[h.id] = h.id;
                    }
                    List<Node> work = new ArrayList<>();
                    work.add(p);
                    while (!work.isEmpty()) {
                        Node x = work.remove(work.size() - 1);
                        if (mark[x.id] != h.id) {
                            mark[x.id] = h.id;
                            body.add(x);
                            work.addAll(x.preds);
                        }
                    }
                }
            }
            if (body != null) {
                sizes[h.id] = body.size();
                bodies.add(body);
            }
        }
        for (List<Node> body : bodies) {
            for (Node x : body) {
                x.loopDepth++;
            }
        }
        return sizes;
    }

    /** Tarjan's algorithm on explicit stacks; the number of components with more than one node. */
    private static int nontrivialComponents(List<Node> nodes) {
        int n = nodes.size();
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        int[] stack = new int[n];
        int sp = 0;
        int[] call = new int[n];
        int[] next = new int[n];
        int counter = 0;
        int components = 0;
        for (Node root : nodes) {
            if (index[root.id] >= 0) {
                continue;
            }
            int cp = 0;
            call[cp++] = root.id;
            next[root.id] = 0;
            index[root.id] = low[root.id] = counter++;
            stack[sp++] = root.id;
            onStack[root.id] = true;
            while (cp > 0) {
                int v = call[cp - 1];
                List<Node> succs = nodes.get(v).succs;
                if (next[v] < succs.size()) {
                    int w = succs.get(next[v]++).id;
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        next[w] = 0;
                        call[cp++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                } else {
                    cp--;
                    if (cp > 0) {
                        int parent = call[cp - 1];
                        low[parent] = Math.min(low[parent], low[v]);
                    }
                    if (low[v] == index[v]) {
                        int size = 0;
                        int w;
                        do {
                            w = stack[--sp];
                            onStack[w] = false;
                            size++;
                        } while (w != v);
                        components += size > 1 ? 1 : 0;
                    }
                }
            }
        }
        return components;
    }

    /** A queue entry of Dijkstra's algorithm; stale entries (a shorter distance found since) are skipped. */
    record Entry(long distance, Node node) implements Comparable<Entry> {
        @Override
        public int compareTo(Entry o) {
            return distance != o.distance ? Long.compare(distance, o.distance) : Integer.compare(node.id, o.node.id);
        }
    }

    private static long[] dijkstra(Node entry, int n, List<List<Edge>> extra) {
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[entry.id] = 0;
        PriorityQueue<Entry> queue = new PriorityQueue<>();
        queue.add(new Entry(0, entry));
        while (!queue.isEmpty()) {
            Entry e = queue.poll();
            Node u = e.node();
            if (e.distance() > dist[u.id]) {
                continue;
            }
            for (int k = 0; k < 2; k++) {
                for (Edge edge : k == 0 ? u.edges : extra.get(u.id)) {
                    long d = e.distance() + edge.weight();
                    if (d < dist[edge.to().id]) {
                        dist[edge.to().id] = d;
                        queue.add(new Entry(d, edge.to()));
                    }
                }
            }
        }
        return dist;
    }

    /** Relaxes every edge, pass after pass in reverse postorder, until no distance changes. */
    private static long[] bellmanFord(Node[] order, int n, List<List<Edge>> extra) {
        long[] dist = new long[n];
        Arrays.fill(dist, Long.MAX_VALUE);
        dist[order[0].id] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Node u : order) {
                if (dist[u.id] == Long.MAX_VALUE) {
                    continue;
                }
                for (int k = 0; k < 2; k++) {
                    for (Edge edge : k == 0 ? u.edges : extra.get(u.id)) {
                        long d = dist[u.id] + edge.weight();
                        if (d < dist[edge.to().id]) {
                            dist[edge.to().id] = d;
                            changed = true;
                        }
                    }
                }
            }
        }
        return dist;
    }
}
