package org.ssajit.parse;

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
        Linkage linkage = new Linkage(method);
        BlockMap map = new BlockMap(method, linkage);
        FrameShapes shapes = new FrameShapes(map, linkage);
        Liveness liveness = new Liveness(map, shapes, linkage);
        return new FrontEnd(map, linkage, shapes, liveness);
    }

    public ResolvedJavaMethod method() {
        return blocks.method();
    }
}
