/**
 * Turning A64 machine code back into text: {@link org.ssajit.aarch64.disasm.Objdump} runs GNU objdump
 * ({@code aarch64-linux-gnu-objdump}), for listings and as the tests' judge of the assembler.
 *
 * <p>Knows bytes and text only; depends on nothing else in ssajit.
 */
package org.ssajit.aarch64.disasm;
