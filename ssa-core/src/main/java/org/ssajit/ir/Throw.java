package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

/** athrow: goes to the block's handlers if it has any, otherwise out of the method. */
public final class Throw extends Terminator {
    public Throw(int bci, Value exception) {
        super(bci);
        initInputs(exception);
    }

    public Value exception() {
        return input(0);
    }

    @Override
    public List<Block> targets() {
        return CompilerList.of();
    }
}
