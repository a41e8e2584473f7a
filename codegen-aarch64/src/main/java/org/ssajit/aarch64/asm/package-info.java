/**
 * The project's own A64 (AArch64) assembler: {@link org.ssajit.aarch64.asm.Aarch64Assembler} turns one
 * instruction at a time into a little-endian 32-bit word, on codegen-core's code buffer and
 * {@link org.ssajit.asm.Label}s ({@link org.ssajit.asm.Assembler}) for pc-relative branches, literal loads and {@code adr}, a bitmask-immediate encoder
 * ({@link org.ssajit.aarch64.asm.LogicalImmediate}), memory operands that pick their encoding
 * ({@link org.ssajit.aarch64.asm.Address}) and fixed-size forms for the sites a later step patches.
 *
 * <p>Owns encodings only. It must not depend on ssa-core, LIR or anything HotSpot-specific beyond
 * JVMCI's register names ({@code jdk.vm.ci.aarch64.AArch64}, {@code jdk.vm.ci.code.Register}) and
 * codegen-core's {@code org.ssajit.asm}: instruction selection and frames build on it, never the reverse.
 */
package org.ssajit.aarch64.asm;
