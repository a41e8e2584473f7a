/**
 * The target-neutral back end's vocabulary: LIR ({@link org.ssajit.lir.LirGraph},
 * {@link org.ssajit.lir.LirBlock}, {@link org.ssajit.lir.LirOp}) with virtual registers
 * ({@link org.ssajit.lir.Variable}) in SSA form, the lowering driver ({@link org.ssajit.lir.LirGenerator}),
 * frame layout ({@link org.ssajit.lir.FrameMap}) and LIR frame states for debug info.
 *
 * <p>Depends on ssa-core's IR and JVMCI's code and meta packages; knows no machine: targets provide
 * instructions, moves and code emission.
 */
package org.ssajit.lir;
