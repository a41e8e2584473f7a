/**
 * SSA construction by Braun et al. (CC 2013): {@link org.ssajit.ssa.BraunSsa} implements
 * Algorithms 1-4 and the marker variant of Section 3.3; {@link org.ssajit.ssa.RedundantPhiElimination}
 * is Algorithm 5. {@link org.ssajit.ssa.SsaConstruction} is the interface the bytecode parser reads and
 * writes frame variables through.
 *
 * <p>Knows blocks and values, not bytecode.
 */
package org.ssajit.ssa;
