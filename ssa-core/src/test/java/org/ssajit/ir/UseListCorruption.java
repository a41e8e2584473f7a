package org.ssajit.ir;

/** Test access to the use lists {@link Node} keeps consistent: the verifier's tests break them on purpose. */
public final class UseListCorruption {
    private UseListCorruption() {
    }

    /** {@code user} appears once more in the use list of {@code v} (as its slot 0); its inputs and their positions stay as they are. */
    public static void addUser(Value v, Node user) {
        int saved = user.position(0);
        v.addUser(user, 0);
        user.setPosition(0, saved);
    }

    /** The entry of {@code user}'s first use of {@code v} leaves the use list of {@code v}; its inputs stay as they are. */
    public static void removeUser(Value v, Node user) {
        for (int slot = 0; slot < user.inputCount(); slot++) {
            if (user.input(slot) == v) {
                v.removeUse(user, slot);
                return;
            }
        }
        throw new IllegalArgumentException(user + " does not use " + v);
    }

    /** Input {@code slot} of {@code user} records a wrong position in its value's use list. */
    public static void misplace(Node user, int slot) {
        user.setPosition(slot, user.position(slot) + 1);
    }
}
