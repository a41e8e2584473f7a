/**
 * The skeleton every HotSpot back end is made of, written once: the back end's driver
 * ({@link org.ssajit.backend.HotSpotBackend}: the allocator's registers, the check of allocated LIR,
 * emission), instruction selection's shared part ({@link org.ssajit.backend.HotSpotLirGenerator}: the
 * entry, the Java and C calling conventions, calls, returns, the switch's form, the instructions
 * selected alike everywhere, which fusions a branch gets), the emitter
 * ({@link org.ssajit.backend.HotSpotCodeEmitter}: labels, out-of-line code, traps, debug info), the op
 * bases ({@link org.ssajit.backend.TargetOp}, {@link org.ssajit.backend.TwoWayBranch},
 * {@link org.ssajit.backend.SwitchOps}) and the ops every target has
 * ({@link org.ssajit.backend.ControlOps}: entry, return, loop poll; {@link org.ssajit.backend.CallOps}:
 * Java and leaf calls, exception check, take and unwind; {@link org.ssajit.backend.MoveOps}, which the
 * allocator's {@link org.ssajit.backend.TargetMoveFactory} makes). A target subclasses them and supplies
 * hooks: its frame builder, its selection rules, its branches and the code of its moves, how its
 * instructions address a stack slot, which registers it withholds. The frame protocol is
 * {@link org.ssajit.hotspot.HotSpotFrameBuilder}. Knows no machine: no register names, no encodings.
 */
package org.ssajit.backend;
