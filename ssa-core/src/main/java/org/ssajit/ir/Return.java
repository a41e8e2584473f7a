package org.ssajit.ir;

import org.ssajit.util.CompilerList;
import java.util.List;

public final class Return extends Terminator {
    public Return(int bci, Value value) {
        super(bci);
        if (value == null) {
            initInputs();
        } else {
            initInputs(value);
        }
    }

    /** The returned value, or null for a void return. */
    public Value value() {
        return inputCount() == 0 ? null : input(0);
    }

    @Override
    public List<Block> targets() {
        return CompilerList.of();
    }
}
