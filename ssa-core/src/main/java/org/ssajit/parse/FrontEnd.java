package org.ssajit.parse;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.bytecode.BlockMap;
import org.ssajit.bytecode.FrameShapes;
import org.ssajit.bytecode.Linkage;
import org.ssajit.bytecode.Liveness;

import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * The analyses of one method's bytecode that every SSA construction shares: blocks, frame shapes,
 * liveness and the constant-pool view. Built once; the Braun builder and the Cytron reference both
 * parse from it.
 */
public record FrontEnd(BlockMap blocks, Linkage linkage, FrameShapes shapes, Liveness liveness) {
    public static FrontEnd analyze(ResolvedJavaMethod method) {
        return analyze(method, -1);
    }

    /**
     * The analyses for a method inlined at a call inside a try range of a caller: every bytecode that
     * traps ends its block ({@link BlockMap#coveredByCaller()}), so that its exceptions can reach the
     * caller's handlers.
     */
    public static FrontEnd analyzeCoveredByCaller(ResolvedJavaMethod method) {
        return whole(method, true);
    }

    /** The analyses of the whole method; {@code coveredByCaller}: see {@link BlockMap#coveredByCaller()}. */
    private static FrontEnd whole(ResolvedJavaMethod method, boolean coveredByCaller) {
        Linkage linkage = new Linkage(method);
        BlockMap map = new BlockMap(method, linkage, -1, coveredByCaller);
        FrameShapes shapes = new FrameShapes(map, linkage);
        return new FrontEnd(map, linkage, shapes, new Liveness(map, shapes, linkage));
    }

    /**
     * The analyses for a compile entered at {@code osrBci} (-1: the whole method). An
     * on-stack-replacement compile sees only the blocks reachable from the OSR bci; its frame there is
     * the one the whole method has (so the local kinds come from every path into the loop). Refused
     * when that frame holds operand-stack values: the interpreter hands over locals and monitors only.
     */
    public static FrontEnd analyze(ResolvedJavaMethod method, int osrBci) {
        if (osrBci < 0) {
            return whole(method, false);
        }
        Linkage linkage = new Linkage(method);
        BlockMap whole = new BlockMap(method, linkage);
        BlockMap.BciBlock header = whole.blockStartingAt(osrBci);
        if (header == null) {
            throw new BailoutException(BailoutException.Reason.ILLEGAL_BYTECODE, "OSR entry bci " + osrBci + " does not start a reachable block");
        }
        FrameShapes.Shape at = new FrameShapes(whole, linkage).entry(header);
        if (at.sp != 0) {
            throw new BailoutException(BailoutException.Reason.UNSUPPORTED, "OSR entry at bci " + osrBci + " with " + at.sp + " operand-stack slots");
        }
        BlockMap map = new BlockMap(method, linkage, osrBci, false);
        FrameShapes shapes = new FrameShapes(map, linkage, at);
        return new FrontEnd(map, linkage, shapes, new Liveness(map, shapes, linkage));
    }

    /** The bci an on-stack-replacement compile enters at, or -1. */
    public int osrBci() {
        return blocks.osrBci();
    }

    public ResolvedJavaMethod method() {
        return blocks.method();
    }
}
