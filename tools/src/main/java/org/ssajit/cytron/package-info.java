/**
 * The reference SSA construction of Cytron, Ferrante, Rosen, Wegman and Zadeck ("Efficiently
 * Computing Static Single Assignment Form and the Control Dependence Graph", TOPLAS 1991), pruned by
 * liveness as in Choi, Cytron and Ferrante (POPL 1991): phis at the iterated dominance frontiers of
 * each variable's definitions where the variable is live, then renaming along the dominator tree.
 *
 * <p>It exists to check Braun et al.'s builder ({@link org.ssajit.ssa.BraunSsa}): both run over the
 * same front end ({@link org.ssajit.parse.FrontEnd}) and the same
 * {@link org.ssajit.parse.BytecodeParser}, so the number of phis each places can be compared method
 * by method, and so can their running times. Nothing in the compiler proper depends on this package;
 * it depends only on the bytecode front end, the parser, the IR and the SCC pass.
 */
package org.ssajit.cytron;
