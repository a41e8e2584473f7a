package org.ssajit.aarch64.asm;

/**
 * A pc-relative instruction cannot reach its label: {@code b}/{@code bl} reach +-128 MiB,
 * {@code b.cond}, {@code cbz}/{@code cbnz}, {@code ldr} (literal) and {@code adr} +-1 MiB,
 * {@code tbz}/{@code tbnz} +-32 KiB. Thrown when the reference is emitted (label bound before) or
 * when the label is bound (a forward reference); never wrapped silently. A code generator that can
 * produce such distances catches it and retries with a longer form (e.g. an inverted short branch
 * over a {@code b}).
 */
public final class BranchOutOfRangeException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    BranchOutOfRangeException(String message) {
        super(message);
    }
}
