/** The SSA verifier: dominance of uses, phi shape, use lists, kinds and frame states. Every test that builds a graph runs it. */
package org.ssajit.verify;
