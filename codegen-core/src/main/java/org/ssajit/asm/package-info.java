/**
 * What every target's assembler shares: the code buffer and {@link org.ssajit.asm.Label}s with their
 * forward references ({@link org.ssajit.asm.Assembler}). Encodings are the targets'.
 */
package org.ssajit.asm;
