/**
 * Compiler options as values: an {@link org.ssajit.options.OptionKey} per option (name, type, default,
 * help), declared next to the code that reads it, and {@link org.ssajit.options.OptionValues}, the
 * immutable values a compiler and the objects it compiles with (its pipeline, lowering, build options,
 * fault injector) are made with. No option is read from a system property or held in a static field:
 * jvmci-plugin's {@code SsajitOptions} lists every key, parses the system properties once, when HotSpot
 * selects the compiler, and prints the help.
 */
package org.ssajit.options;
