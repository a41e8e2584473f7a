/**
 * Command-line tools over the SSA front end, run by the {@code ssajit} launcher through {@link Main}:
 * {@code ir} ({@link IrCommand}: one method's graph as text or Graphviz DOT) and {@code corpus}
 * (statistics over many methods). This package owns argument parsing, class loading for analysis
 * ({@link ClassSource}: {@code jrt} or a class path, never initializing the classes it loads), method
 * lookup ({@link MethodSpec}) and exit codes.
 *
 * <p>Dependencies go one way: tools use {@code parse}, {@code ir}, {@code verify} and the rest of
 * {@code ssa-core}; nothing outside this package may depend on it. Commands of modules that depend on
 * {@code ssa-core} are reached by class name from {@link Main}, never by a compile-time reference, so
 * {@code ssa-core} keeps knowing nothing about HotSpot's compile broker or machine code.
 */
package org.ssajit.tools;
