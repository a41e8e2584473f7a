/**
 * Reading a method's bytecode: opcodes and decoding ({@link org.ssajit.bytecode.BytecodeStream}),
 * constant-pool linkage seen once per bci ({@link org.ssajit.bytecode.Linkage}), block discovery
 * ({@link org.ssajit.bytecode.BlockMap}), the kind of every frame slot at block entries
 * ({@link org.ssajit.bytecode.FrameShapes}), liveness of frame variables
 * ({@link org.ssajit.bytecode.Liveness}) and loop write sets ({@link org.ssajit.bytecode.LoopWrites}).
 *
 * <p>Analyses of the bytecode only: no IR is built here.
 */
package org.ssajit.bytecode;
