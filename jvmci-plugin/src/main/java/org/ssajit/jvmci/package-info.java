/**
 * ssajit as a JVMCI compiler: {@link org.ssajit.jvmci.SsajitServiceLocator} (discovery), {@link
 * org.ssajit.jvmci.SsajitCompilerFactory}, {@link org.ssajit.jvmci.SsajitCompiler} (policy, refusals,
 * logging, statistics, dumps), {@link org.ssajit.jvmci.SsajitOptions} and {@link
 * org.ssajit.jvmci.Installer} (compiled code into HotSpot's code cache). The only module that knows
 * HotSpot's compile broker.
 */
package org.ssajit.jvmci;
