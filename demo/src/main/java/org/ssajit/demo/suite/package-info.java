/**
 * The real-program suite: ten programs of different styles (object-oriented constraint solving, a
 * bytecode interpreter, a JSON parser, collections and hashing, strings, streams, allocation-heavy
 * trees, exceptions on a hot path, a simulation with small objects, graph algorithms), each of the
 * project's own writing and each checking its own result. {@link org.ssajit.demo.ProgramTimer} times
 * them iteration by iteration for {@code scripts/bench-programs.sh --suite}; {@link Suite} lists them.
 * Plain Java on java.base only, deterministic (no identity hash codes, no default locale, no
 * transcendental functions whose last bit may differ between an intrinsic and the library), so every
 * mode of every JVM computes the same checksum.
 */
package org.ssajit.demo.suite;
