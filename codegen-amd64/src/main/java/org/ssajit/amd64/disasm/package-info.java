/**
 * Turning machine code back into text: {@link org.ssajit.amd64.disasm.Objdump} runs GNU objdump,
 * for {@code -Dssajit.Dump}-style listings and as the tests' judge of the assembler.
 *
 * <p>Knows bytes and text only; depends on nothing else in ssajit.
 */
package org.ssajit.amd64.disasm;
