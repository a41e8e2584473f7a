package org.ssajit.ir;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;
import java.util.List;

import jdk.vm.ci.meta.JavaKind;

/**
 * An SSA value. Every value has a {@link JavaKind} (the JVM's stack kinds: Int, Long, Float, Double,
 * Object; Void for instructions without a result) and knows its users, which replace-all-uses and
 * Braun et al.'s Algorithm 3 need.
 */
public abstract class Value extends Node {
    private static final Node[] NO_USERS = {};
    private static final int[] NO_SLOTS = {};

    private final int id;
    private final JavaKind kind;
    /** The uses, each as (user, the user's input slot), unordered: {@link #removeUse} moves the last into the gap. */
    private Node[] users = NO_USERS;
    private int[] userSlots = NO_SLOTS;
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
        return CompilerList.of(CompilerArrays.copyOf(users, userCount));
    }

    public final boolean hasUsers() {
        return userCount != 0;
    }

    /** Adds the use of this value by input slot {@code slot} of {@code user}, and tells the user where it is. */
    final void addUser(Node user, int slot) {
        if (userCount == users.length) {
            int n = IntMath.max(4, userCount * 2);
            users = CompilerArrays.copyOf(users, n);
            userSlots = CompilerArrays.copyOf(userSlots, n);
        }
        users[userCount] = user;
        userSlots[userCount] = slot;
        user.setPosition(slot, userCount++);
    }

    /** Drops the use of this value by input slot {@code slot} of {@code user}: the last use moves into its place. */
    final void removeUse(Node user, int slot) {
        int i = user.position(slot);
        if (i >= userCount || users[i] != user || userSlots[i] != slot) {
            throw new IllegalStateException(this + " is not used by " + user + " in slot " + slot);
        }
        int last = --userCount;
        if (i != last) {
            Node moved = users[last];
            int movedSlot = userSlots[last];
            users[i] = moved;
            userSlots[i] = movedSlot;
            moved.setPosition(movedSlot, i);
        }
        users[last] = null;
    }

    final boolean listsUse(int position, Node user, int slot) {
        return position >= 0 && position < userCount && users[position] == user && userSlots[position] == slot;
    }

    /** The use at {@code position} is now its user's input slot {@code slot} (the user shifted its inputs). */
    final void moveSlot(int position, int slot) {
        userSlots[position] = slot;
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
        int[] oldSlots = userSlots;
        int n = userCount;
        users = NO_USERS;
        userSlots = NO_SLOTS;
        userCount = 0;
        for (int i = 0; i < n; i++) {
            old[i].setInputRaw(oldSlots[i], replacement);
            replacement.addUser(old[i], oldSlots[i]);
        }
    }

    /** Short reference used inside printed operands, e.g. {@code v12} or {@code #3}. */
    @Override
    public String toString() {
        return "v" + id;
    }
}
