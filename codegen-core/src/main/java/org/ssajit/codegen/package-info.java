/**
 * What any back end produces for the installer: {@link org.ssajit.codegen.CompiledCode} (code, JVMCI
 * sites, frame size, rescue slot). Target-neutral.
 */
package org.ssajit.codegen;
