/**
 * On-the-fly optimization (Braun et al. Section 3.1): the {@link org.ssajit.opt.NodeFactory} every
 * instruction passes through, exact constant folding ({@link org.ssajit.opt.ConstantFolder}), and the
 * dead-code post pass.
 */
package org.ssajit.opt;
