package org.ssajit.ir;

import jdk.vm.ci.meta.JavaMethod;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * What the inliner made of one call while the graph was built: the method the call is in (the compiled
 * method or one inlined into it, {@code depth} levels down), the call's bci, the method the bytecode
 * names, whether the callee's bytecode was parsed into the graph, and why or why not. A graph keeps them
 * in parse order, so that a callee's calls follow the call that inlined it
 * ({@code -Dssajit.PrintInlining}).
 */
public record InliningDecision(ResolvedJavaMethod caller, int bci, int depth, JavaMethod callee, boolean inlined, String reason) {
    /** One line: indented by depth, the call's bci, the callee, and the outcome. */
    public String format() {
        return "  ".repeat(depth) + "@" + bci + " " + callee.format("%H.%n(%p)") + (inlined ? "  inlined: " : "  called: ") + reason;
    }
}
