package org.ssajit.ir;

/**
 * The attribute of a {@link Op#MONITOR_ENTER} or {@link Op#MONITOR_EXIT} that no bytecode made: an
 * inlined synchronized method's own lock and unlock. The lock's state is the callee's at bci 0 with
 * the monitor held (its object on no stack: nothing to null-check, it is the receiver or the class's
 * mirror); an unlock's is the callee's before its return, or, where an exception leaves the callee,
 * the callee's with the monitor still held.
 */
public enum MethodLock {
    /** The only value. */
    INSTANCE;

    @Override
    public String toString() {
        return "method lock";
    }
}
