/**
 * The project's own x86-64 assembler: {@link org.ssajit.amd64.asm.Amd64Assembler} turns one
 * instruction at a time into bytes (REX, ModRM, SIB, displacements, immediates), with
 * {@link org.ssajit.amd64.asm.Label}s for jumps and rip-relative operands and fixed-size forms for
 * the sites HotSpot patches.
 *
 * <p>Owns encodings only. It must not depend on ssa-core, LIR or anything HotSpot-specific beyond
 * JVMCI's register names ({@code jdk.vm.ci.amd64.AMD64}, {@code jdk.vm.ci.code.Register}):
 * instruction selection and frames build on it, never the reverse.
 */
package org.ssajit.amd64.asm;
