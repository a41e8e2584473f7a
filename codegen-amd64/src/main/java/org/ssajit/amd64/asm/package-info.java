/**
 * The project's own x86-64 assembler: {@link org.ssajit.amd64.asm.Amd64Assembler} turns one
 * instruction at a time into bytes (REX, ModRM, SIB, displacements, immediates), on codegen-core's
 * code buffer and {@link org.ssajit.asm.Label}s ({@link org.ssajit.asm.Assembler}) for jumps and
 * rip-relative operands, with fixed-size forms for the sites HotSpot patches.
 *
 * <p>Owns encodings only. It must not depend on ssa-core, LIR or anything HotSpot-specific beyond
 * JVMCI's register names ({@code jdk.vm.ci.amd64.AMD64}, {@code jdk.vm.ci.code.Register}) and
 * codegen-core's {@code org.ssajit.asm}:
 * instruction selection and frames build on it, never the reverse.
 */
package org.ssajit.amd64.asm;
