package org.ssajit.ir;

/** Test access to the use lists {@link Node} keeps consistent: the verifier's tests break them on purpose. */
public final class UseListCorruption {
    private UseListCorruption() {
    }

    /** {@code user} appears once more in the use list of {@code v}; its inputs stay as they are. */
    public static void addUser(Value v, Node user) {
        v.addUser(user);
    }

    /** One entry of {@code user} leaves the use list of {@code v}; its inputs stay as they are. */
    public static void removeUser(Value v, Node user) {
        v.removeUser(user);
    }
}
