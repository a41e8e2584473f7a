package org.ssajit.aarch64.asm;

/**
 * The ordering of an LSE atomic ({@code cas}, {@code ldadd}, {@code swp}, ...): acquire makes it a
 * load-acquire (A bit), release a store-release (R bit, {@code L} in {@code cas}). The suffix goes
 * before the size suffix: {@code ldaddalb}, {@code casah}.
 */
public enum AtomicOrder {
    PLAIN(false, false, ""),
    ACQUIRE(true, false, "a"),
    RELEASE(false, true, "l"),
    ACQUIRE_RELEASE(true, true, "al");

    public final boolean acquire;
    public final boolean release;
    /** The mnemonic suffix: {@code "", "a", "l", "al"}. */
    public final String suffix;

    AtomicOrder(boolean acquire, boolean release, String suffix) {
        this.acquire = acquire;
        this.release = release;
        this.suffix = suffix;
    }
}
