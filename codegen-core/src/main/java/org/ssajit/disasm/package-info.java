/**
 * Running GNU {@code objdump} on generated code ({@link org.ssajit.disasm.GnuObjdump}), for dumps and
 * as the tests' judge of encodings; each target reads its own instruction lines.
 */
package org.ssajit.disasm;
