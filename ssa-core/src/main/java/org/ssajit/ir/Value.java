package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.Arrays;
import java.util.List;

import jdk.vm.ci.meta.JavaKind;

/**
 * An SSA value. Every value has a {@link JavaKind} (the JVM's stack kinds: Int, Long, Float, Double,
 * Object; Void for instructions without a result) and knows its users, which replace-all-uses and
 * Braun et al.'s Algorithm 3 need.
 */
public abstract class Value extends Node {
    private static final Node[] NO_USERS = {};

    private final int id;
    private final JavaKind kind;
    private Node[] users = NO_USERS;
    private int userCount;
    private Stamp stamp;

    protected Value(Graph graph, JavaKind kind) {
        this.id = graph.nextValueId();
        this.kind = kind;
    }

    /** Creation number, unique within a graph. Printers renumber; this is for maps and debugging. */
    public final int id() {
        return id;
    }

    public final JavaKind kind() {
        return kind;
    }

    /**
     * What is known about this value ({@link Stamps#infer} computes it for a whole graph): a constant's
     * stamp is its value; before inference, and for values created since, the unrestricted stamp of
     * the kind unless one was {@linkplain #setStamp set}.
     */
    public Stamp stamp() {
        if (stamp != null) {
            return stamp;
        }
        return this instanceof Constant c ? c.constantStamp() : Stamp.unrestricted(kind);
    }

    /** The stamp set or inferred for this value, or null. */
    Stamp storedStamp() {
        return stamp;
    }

    /** Records what is known about this value; the caller guarantees it covers every value it can have. */
    public void setStamp(Stamp s) {
        if (s != null && s.kind() != kind.getStackKind()) {
            throw new IllegalArgumentException(s + " is not a stamp of " + kind);
        }
        stamp = s;
    }

    public final int userCount() {
        return userCount;
    }

    public final Node user(int i) {
        if (i >= userCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return users[i];
    }

    /** A snapshot of the users; a user appears once per input slot that refers to this value. */
    public final List<Node> users() {
        return CompilerList.of(Arrays.copyOf(users, userCount));
    }

    public final boolean hasUsers() {
        return userCount != 0;
    }

    final void addUser(Node user) {
        if (userCount == users.length) {
            users = Arrays.copyOf(users, Math.max(4, userCount * 2));
        }
        users[userCount++] = user;
    }

    final void removeUser(Node user) {
        // Recent uses are the likeliest to go, so search from the end.
        for (int i = userCount - 1; i >= 0; i--) {
            if (users[i] == user) {
                users[i] = users[--userCount];
                users[userCount] = null;
                return;
            }
        }
        throw new IllegalStateException(this + " is not used by " + user);
    }

    /**
     * Removes {@code user}, which appears in the user list exactly once: the same list as
     * {@link #removeUser} leaves (the last entry moves into its place), found searching from both ends.
     */
    final void removeOnlyUse(Node user) {
        for (int lo = 0, hi = userCount - 1; lo <= hi; lo++, hi--) {
            int i = users[hi] == user ? hi : users[lo] == user ? lo : -1;
            if (i >= 0) {
                users[i] = users[--userCount];
                users[userCount] = null;
                return;
            }
        }
        throw new IllegalStateException(this + " is not used by " + user);
    }

    /**
     * Reroutes every use of this value to {@code replacement}. Linear in the number of uses: the user list
     * moves over wholesale.
     */
    public void replaceAllUsesWith(Value replacement) {
        if (replacement == this) {
            throw new IllegalArgumentException("replacing " + this + " by itself");
        }
        Node[] old = users;
        int n = userCount;
        users = NO_USERS;
        userCount = 0;
        for (int i = 0; i < n; i++) {
            // A user listed twice has two slots: the first visit rewrites both, the second finds none.
            old[i].replaceInputsRaw(this, replacement);
            replacement.addUser(old[i]);
        }
    }

    /** Short reference used inside printed operands, e.g. {@code v12} or {@code #3}. */
    @Override
    public String toString() {
        return "v" + id;
    }
}
