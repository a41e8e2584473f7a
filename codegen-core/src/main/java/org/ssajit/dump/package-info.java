/**
 * Dumps of one compile for the tools compiler engineers use: {@link org.ssajit.dump.PhaseDump}, the
 * hook a compile calls between its phases, and {@link org.ssajit.dump.CfgPrinter}, which writes the
 * graphs, the LIR and the register allocator's intervals as a C1Visualizer {@code .cfg} file (the
 * format of C1's {@code -XX:+PrintCFGToFile}; graphs by {@link org.ssajit.ir.CfgGraphPrinter} in
 * ssa-core, LIR by {@link org.ssajit.dump.CfgLirPrinter}, intervals by
 * {@link org.ssajit.dump.CfgIntervalPrinter} from {@link org.ssajit.regalloc.AllocationResult#intervals()}).
 * Reads the IR, the LIR and the allocation; nothing depends on this package but the compiler's driver.
 */
package org.ssajit.dump;
