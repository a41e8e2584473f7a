/**
 * What HotSpot dictates about an AMD64 nmethod, with the VM's values from codegen-core's {@link
 * org.ssajit.hotspot.HotSpotVmConfig}: the instructions of the prologue, epilogue, safepoint polls,
 * uncommon traps, stubs and handlers ({@link org.ssajit.amd64.hotspot.Amd64FrameBuilder}; the protocol
 * is codegen-core's {@link org.ssajit.hotspot.HotSpotFrameBuilder}) in codegen-core's frame ({@link
 * org.ssajit.hotspot.FrameLayout}), ssajit's runtime stubs, and the AMD64 kinds of debug-info values
 * ({@link org.ssajit.amd64.hotspot.Amd64ValueKind}; the debug info itself is codegen-core's {@link
 * org.ssajit.hotspot.DebugInfos}). It uses the assembler; the assembler never uses it. See
 * docs/HOTSPOT-NOTES.md for the facts behind it.
 */
package org.ssajit.amd64.hotspot;
