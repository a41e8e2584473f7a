/**
 * The skeleton every HotSpot back end is made of, written once: the emitter
 * ({@link org.ssajit.backend.HotSpotCodeEmitter}: labels, out-of-line code, traps, debug info). A
 * target subclasses it and supplies hooks: its branches and how its instructions address a stack
 * slot. The frame protocol is {@link org.ssajit.hotspot.HotSpotFrameBuilder}. Knows no machine: no
 * register names, no encodings.
 */
package org.ssajit.backend;
