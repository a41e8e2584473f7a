package org.ssajit.hotspot.ir;

/**
 * What a {@link HotSpotOp#Z_TEST} asks of a ZGC colored pointer, each against the VM's current mask,
 * which the code holds as a patched immediate (docs/HOTSPOT-NOTES.md, "ZGC").
 */
public enum ZTest {
    /** Before a strong reference read's use: a color that needs the load barrier's slow path (not remapped in the current phase). */
    LOAD_BAD,
    /** Before a weak reference read's use ({@code Reference.referent}): a color not marked in the current cycle, which the barrier keeps alive. */
    MARK_BAD,
    /** The old pointer in a slot before a plain store: a color that needs the store barrier (not yet seen by this cycle). */
    STORE_BAD,
    /** The old pointer in a slot before an atomic update: any color but exactly the current store-good one (the slot must be healed to it). */
    NOT_STORE_GOOD
}
