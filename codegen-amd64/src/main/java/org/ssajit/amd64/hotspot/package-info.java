/**
 * What HotSpot dictates about an AMD64 nmethod, with the VM's values from codegen-core's {@link
 * org.ssajit.hotspot.HotSpotVmConfig}: the frame ({@link org.ssajit.amd64.hotspot.FrameLayout}),
 * the prologue, epilogue, safepoint polls, uncommon traps, stubs and handlers ({@link
 * org.ssajit.amd64.hotspot.Amd64FrameBuilder}), and debug info ({@link
 * org.ssajit.amd64.hotspot.BytecodeFrameBuilder}, {@link org.ssajit.amd64.hotspot.DebugInfos}). It
 * uses the assembler; the assembler never uses it. See docs/HOTSPOT-NOTES.md for the facts behind it.
 */
package org.ssajit.amd64.hotspot;
