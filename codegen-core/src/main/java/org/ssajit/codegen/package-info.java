/**
 * The back-end interface and what a back end produces: {@link org.ssajit.codegen.Backend} (instruction
 * selection, emission, install checks), {@link org.ssajit.codegen.BackendProvider} and
 * {@link org.ssajit.codegen.Backends} (the back end for the VM's architecture, found through
 * {@code ServiceLoader}), and {@link org.ssajit.codegen.CompiledCode} (code, JVMCI sites, frame size,
 * rescue slot) for the installer. Target-neutral.
 */
package org.ssajit.codegen;
