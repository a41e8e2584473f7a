/**
 * From bytecode to graph: {@link org.ssajit.parse.BytecodeParser} turns one block of bytecode into IR
 * through a {@link org.ssajit.ssa.SsaConstruction} and the {@link org.ssajit.opt.NodeFactory};
 * {@link org.ssajit.parse.GraphBuilder} drives it in the fill and seal order Braun's algorithm needs.
 * The Cytron reference drives the same parser differently.
 */
package org.ssajit.parse;
