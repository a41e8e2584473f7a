package org.ssajit.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ssajit.testing.Jvmci;

class DotPrinterTest {
    static int branch(int a, int b) {
        return a < b ? a : b;
    }

    static int cases(int k) {
        switch (k) {
            case 1, 2 -> {
                return 10;
            }
            case 7 -> {
                return 70;
            }
            default -> {
                return k;
            }
        }
    }

    static int dense(int k) {
        // tableswitch with more keys to one target than an edge label shows
        return switch (k) {
            case 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 -> 1;
            case 11 -> 2;
            default -> 3;
        };
    }

    static int guarded(int[] a, int i) {
        try {
            return a[i] / a[i + 1];
        } catch (ArithmeticException | ArrayIndexOutOfBoundsException e) {
            return -1;
        } finally {
            Thread.onSpinWait();
        }
    }

    static String markup(int x) {
        // Text a careless printer would turn into broken DOT/HTML.
        return x > 0 ? "<b> & \"q\" \\ {}" : "];\n>";
    }

    private static String dot(String method) {
        return new DotPrinter(true).print(Jvmci.graph(DotPrinterTest.class, method));
    }

    @Test
    void everyBlockIsOneNodeLabelledWithItsIrText() {
        for (String m : List.of("branch", "cases", "dense", "guarded", "markup")) {
            Graph g = Jvmci.graph(DotPrinterTest.class, m);
            MiniDot d = MiniDot.parse(new DotPrinter(true).print(g));
            IrPrinter text = new IrPrinter(true);
            text.print(g);
            assertEquals(g.blocks().size(), d.nodes.size(), m);
            for (Block b : g.blocks()) {
                Map<String, Object> attrs = d.nodes.get("b" + b.id());
                StringBuilder expected = new StringBuilder();
                text.printBlock(b, expected);
                List<String> lines = MiniDot.labelLines((MiniDot.Html) attrs.get("label"));
                assertEquals(List.of(expected.toString().split("\n")), lines, m + " " + b);
            }
        }
    }

    @Test
    void edgesAreTheSuccessorsIncludingHandlers() {
        for (String m : List.of("branch", "cases", "dense", "guarded", "markup")) {
            Graph g = Jvmci.graph(DotPrinterTest.class, m);
            MiniDot d = MiniDot.parse(new DotPrinter().print(g));
            Set<String> expected = new HashSet<>();
            for (Block b : g.blocks()) {
                for (Block s : b.successors()) {
                    expected.add(b + "->" + s);
                }
            }
            List<String> actual = new ArrayList<>();
            for (MiniDot.Edge e : d.edges) {
                actual.add(e.from() + "->" + e.to());
            }
            assertEquals(expected.size(), actual.size(), m + ": one edge per successor " + actual);
            assertEquals(expected, new HashSet<>(actual), m);
        }
    }

    @Test
    void ifEdgesAreLabelledTrueAndFalse() {
        Graph g = Jvmci.graph(DotPrinterTest.class, "branch");
        MiniDot d = MiniDot.parse(new DotPrinter().print(g));
        If f = (If) g.entry().terminator();
        assertTrue(d.edges.contains(new MiniDot.Edge("b0", "b" + f.trueTarget().id(), Map.of("label", "T"))), d.edges.toString());
        assertTrue(d.edges.contains(new MiniDot.Edge("b0", "b" + f.falseTarget().id(), Map.of("label", "F"))), d.edges.toString());
    }

    @Test
    void switchEdgesCarryTheirKeys() {
        Graph g = Jvmci.graph(DotPrinterTest.class, "cases");
        MiniDot d = MiniDot.parse(new DotPrinter().print(g));
        Switch s = (Switch) g.entry().terminator();
        assertTrue(d.edges.contains(new MiniDot.Edge("b0", "b" + s.targetFor(1).id(), Map.of("label", "1, 2"))), d.edges.toString());
        assertTrue(d.edges.contains(new MiniDot.Edge("b0", "b" + s.targetFor(7).id(), Map.of("label", "7"))), d.edges.toString());
        assertTrue(d.edges.contains(new MiniDot.Edge("b0", "b" + s.defaultTarget().id(), Map.of("label", "default"))), d.edges.toString());

        MiniDot dense = MiniDot.parse(dot("dense"));
        assertTrue(dense.edges.stream().anyMatch(e -> e.attrs().getOrDefault("label", "").equals("0, 1, 2, 3, 4, 5, 6, 7, ... (11 labels)")), dense.edges.toString());
    }

    @Test
    void handlerEdgesAreDashedAndNameTheCatchTypes() {
        MiniDot d = MiniDot.parse(dot("guarded"));
        List<MiniDot.Edge> dashed = d.edges.stream().filter(e -> "dashed".equals(e.attrs().get("style"))).toList();
        assertTrue(dashed.stream().anyMatch(e -> e.attrs().get("label").equals("ArithmeticException, ArrayIndexOutOfBoundsException")), dashed.toString());
        assertTrue(dashed.stream().anyMatch(e -> e.attrs().get("label").equals("any")), dashed.toString());
        for (MiniDot.Edge e : d.edges) {
            if (!"dashed".equals(e.attrs().get("style"))) {
                assertTrue(!e.attrs().containsKey("label") || e.attrs().get("label").matches("T|F|default|[-0-9, ]+"), e.toString());
            }
        }
    }

    @Test
    void markupInConstantsIsEscaped() {
        Graph g = Jvmci.graph(DotPrinterTest.class, "markup");
        String s = new DotPrinter().print(g);
        MiniDot d = MiniDot.parse(s); // would fail on a stray < > " or ] in a label
        assertTrue(s.contains("&lt;b&gt; &amp; \\&quot;q\\&quot;"), s);
        assertEquals(g.method().format("%H.%n(%p)%r"), d.name);
    }

    @Test
    void escapeHelpers() {
        StringBuilder sb = new StringBuilder();
        DotPrinter.escapeHtml("a<b>&\"c\u0001", sb);
        assertEquals("a&lt;b&gt;&amp;&quot;c\\u0001", sb.toString());
        assertEquals("\"a\\\"b\\\\c\"", DotPrinter.quote("a\"b\\c"));
        assertEquals("&#160;&#160;x  y<BR ALIGN=\"LEFT\"/>z<BR ALIGN=\"LEFT\"/>", DotPrinter.htmlLines("  x  y\nz\n"));
    }

    /** Graphviz itself, when installed; the structural tests above do not need it. */
    @Test
    void graphvizAcceptsTheOutput(@TempDir Path dir) throws IOException, InterruptedException {
        Assumptions.assumeTrue(onPath("dot"), "Graphviz 'dot' is not installed");
        for (String m : List.of("branch", "cases", "dense", "guarded", "markup")) {
            Path in = dir.resolve(m + ".dot");
            Files.writeString(in, dot(m), StandardCharsets.UTF_8);
            Process p = new ProcessBuilder("dot", "-Tsvg", "-o", dir.resolve(m + ".svg").toString(), in.toString()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "dot timed out");
            assertEquals(0, p.exitValue(), m + ": " + out);
            assertEquals("", out.strip(), m + ": Graphviz warnings");
        }
    }

    private static boolean onPath(String exe) {
        String path = System.getenv("PATH");
        if (path == null) {
            return false;
        }
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, exe))) {
                return true;
            }
        }
        return false;
    }
}
