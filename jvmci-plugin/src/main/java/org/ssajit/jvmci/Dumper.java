package org.ssajit.jvmci;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.dump.CfgPrinter;
import org.ssajit.ir.DotPrinter;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * Writes per-method dumps ({@code -Dssajit.Dump=DIR}): the SSA graph as text and DOT, the lowered graph as
 * text, every phase's graph, the LIR and the register allocator's intervals as a C1Visualizer file
 * ({@code .cfg}, one compile per file), and installed code as disassembly with its sites. A dump is a
 * convenience: failing to write one prints a warning and never fails the compilation.
 */
final class Dumper {
    private final Path dir;
    private final Backend backend;

    Dumper(Path dir, Backend backend) {
        this.dir = dir;
        this.backend = backend;
    }

    Path dir() {
        return dir;
    }

    /**
     * The C1Visualizer file of compile {@code id} ({@code <id>-<Class.method>.cfg}, replacing one of an
     * earlier run), started with its header; the pipeline prints each phase into it.
     */
    CfgPrinter cfg(int id, ResolvedJavaMethod method, int entryBci) {
        return new CfgPrinter(dir.resolve(baseName(id, method) + ".cfg"), method, entryBci);
    }

    void graph(int id, ResolvedJavaMethod method, Graph graph) {
        String base = baseName(id, method);
        write(base + ".ir.txt", new IrPrinter(true).print(graph));
        write(base + ".dot", new DotPrinter(false).print(graph));
        if (!graph.inliningDecisions().isEmpty()) {
            write(base + ".inlining.txt", inlining(id, method, graph.isOsr() ? graph.osrBci() : -1, graph));
        }
    }

    /**
     * The inliner's decisions for one compile ({@code -Dssajit.PrintInlining}): a header line, then one
     * line per call asked about, in parse order, indented by depth
     * ({@link org.ssajit.ir.InliningDecision#format()}).
     */
    static String inlining(int id, ResolvedJavaMethod method, int entryBci, Graph graph) {
        StringBuilder sb = new StringBuilder();
        long inlined = graph.inliningDecisions().stream().filter(org.ssajit.ir.InliningDecision::inlined).count();
        sb.append("[ssajit] inlining in ").append(id).append(' ').append(method.format("%H.%n(%p)")).append(entryBci >= 0 ? " (OSR at bci " + entryBci + ")" : "")
                        .append(": ").append(graph.inliningDecisions().size()).append(" calls, ").append(inlined).append(" inlined\n");
        for (org.ssajit.ir.InliningDecision d : graph.inliningDecisions()) {
            sb.append("  ").append(d.format()).append('\n');
        }
        return sb.toString();
    }

    /** The graph after the HotSpot lowering, what instruction selection got. */
    void loweredGraph(int id, ResolvedJavaMethod method, Graph graph) {
        write(baseName(id, method) + ".lowered.ir.txt", new IrPrinter(true).print(graph));
    }

    void code(int id, ResolvedJavaMethod method, CompiledCode code, InstalledCode installed) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(method.format("%H.%n(%p)%r")).append(", ").append(code).append('\n');
        long start = installed != null ? installed.getStart() : 0;
        byte[] bytes = installed != null && installed.isValid() ? installed.getCode() : null;
        if (bytes == null || bytes.length == 0) {
            bytes = code.code();
            start = 0;
            sb.append("# (code as emitted, before installation)\n");
        } else {
            sb.append(String.format("# installed at 0x%x, %d bytes (HotSpot's stubs included)%n", start, bytes.length));
        }
        for (Site s : code.sites()) {
            sb.append(String.format("# site %+5d (0x%x): %s%n", s.pcOffset, start + s.pcOffset, s));
        }
        String listing = backend.disassemble(bytes, start);
        sb.append(listing != null ? listing : "# (no disassembly: no disassembler found)\n");
        write(baseName(id, method) + ".s", sb.toString());
    }

    private static String baseName(int id, ResolvedJavaMethod method) {
        String name = method.format("%H.%n");
        name = name.replaceAll("[^A-Za-z0-9._$-]", "_");
        if (name.length() > 150) {
            name = name.substring(0, 150);
        }
        return (id >= 0 ? id : "direct") + "-" + name;
    }

    private void write(String file, String text) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(file), text, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            System.err.println("[ssajit] warning: cannot write dump " + dir.resolve(file) + ": " + e);
        }
    }
}
