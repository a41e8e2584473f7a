/**
 * What any back end produces for the installer: {@link org.ssajit.codegen.CompiledCode}. Target-neutral;
 * it lives in codegen-amd64 until a codegen-core module exists, and moves there unchanged.
 */
package org.ssajit.codegen;
