package org.ssajit.dump;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.ssajit.ir.CfgGraphPrinter;
import org.ssajit.ir.CfgOutput;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.regalloc.AllocationResult;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * One compile as a C1Visualizer file: a {@code begin_compilation} header (name, method, date), then
 * the sections the phases print in order: {@code begin_cfg} for each graph ({@link CfgGraphPrinter})
 * and each LIR ({@link CfgLirPrinter}), {@code begin_intervals} after allocation
 * ({@link CfgIntervalPrinter}). Each section is appended to the file as soon as it is printed, so a
 * compile that is refused later keeps what it printed so far.
 *
 * <p>A dump never fails the compile: a section that cannot be printed or written is reported on
 * standard error and left out (after a failed write, nothing more is written).
 */
public final class CfgPrinter implements PhaseDump {
    private final Path file;
    private boolean writeFailed;

    /**
     * Starts {@code file} (replacing what is there) with the header of a compile of {@code method},
     * entered at {@code entryBci} for on-stack replacement ({@code -1}: a normal compile).
     */
    public CfgPrinter(Path file, ResolvedJavaMethod method, int entryBci) {
        this.file = file;
        String osr = entryBci >= 0 ? " @ bci " + entryBci : "";
        CfgOutput out = new CfgOutput(new StringBuilder());
        out.begin("compilation");
        out.string("name", method.format("%H.%n(%p)") + osr);
        out.string("method", method.format("%r %H.%n(%p)") + osr);
        out.integer("date", System.currentTimeMillis());
        out.end("compilation");
        write(out.text().toString(), StandardOpenOption.TRUNCATE_EXISTING);
    }

    public Path file() {
        return file;
    }

    @Override
    public void printGraph(String phase, Graph graph) {
        StringBuilder sb = new StringBuilder();
        try {
            CfgGraphPrinter.print(phase, graph, new CfgOutput(sb));
        } catch (RuntimeException e) {
            warn("cannot print the graph after " + phase, e);
            return;
        }
        write(sb.toString(), StandardOpenOption.APPEND);
    }

    @Override
    public void printLir(String phase, LirGraph lir) {
        StringBuilder sb = new StringBuilder();
        try {
            CfgLirPrinter.print(phase, lir, new CfgOutput(sb));
        } catch (RuntimeException e) {
            warn("cannot print the LIR after " + phase, e);
            return;
        }
        write(sb.toString(), StandardOpenOption.APPEND);
    }

    @Override
    public void printIntervals(String phase, AllocationResult allocation) {
        StringBuilder sb = new StringBuilder();
        try {
            CfgIntervalPrinter.print(phase, allocation, new CfgOutput(sb));
        } catch (RuntimeException e) {
            warn("cannot print the intervals of " + phase, e);
            return;
        }
        write(sb.toString(), StandardOpenOption.APPEND);
    }

    private void write(String text, StandardOpenOption mode) {
        if (writeFailed) {
            return;
        }
        try {
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.WRITE, mode);
        } catch (IOException | RuntimeException e) {
            writeFailed = true;
            warn("cannot write dump " + file, e);
        }
    }

    private static void warn(String what, Exception e) {
        System.err.println("[ssajit] warning: " + what + ": " + e);
    }
}
