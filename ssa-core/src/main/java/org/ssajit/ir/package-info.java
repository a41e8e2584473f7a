/**
 * The SSA intermediate representation: a {@link org.ssajit.ir.Graph} of {@link org.ssajit.ir.Block}s,
 * each with phis, instructions and one terminator; values know their users. Also the text printer
 * used by golden tests and the dominance computation the verifier uses.
 *
 * <p>Depends on JVMCI's {@code jdk.vm.ci.meta} vocabulary only; knows nothing of bytecode, of how
 * graphs are built, or of machines.
 */
package org.ssajit.ir;
