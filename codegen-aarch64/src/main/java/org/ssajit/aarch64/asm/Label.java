package org.ssajit.aarch64.asm;

/**
 * codegen-core's {@link org.ssajit.asm.Label} under this package's name, for code that names the
 * target's label type; the assembler takes any {@code org.ssajit.asm.Label}.
 */
public final class Label extends org.ssajit.asm.Label {
    public Label() {
    }

    /** A label with a name, for error messages. */
    public Label(String name) {
        super(name);
    }

    /** A label named by {@code name}'s {@code toString}, called only when the label is printed. */
    public Label(Object name) {
        super(name);
    }
}
