package org.ssajit.lir;

import java.util.List;

import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Parameter;
import org.ssajit.ir.Return;
import org.ssajit.ir.Switch;
import org.ssajit.ir.Throw;

import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCI;

/**
 * A machine-less target for testing the target-neutral back end: every SSA instruction becomes one
 * generic op whose defs and uses are exactly the instruction's result and operands.
 */
public final class TestTarget {
    private TestTarget() {
    }

    /** A generic instruction: registers only, no code. */
    public static final class Op extends LirOp {
        private final String name;

        public Op(String name, Value[] defs, Value[] uses) {
            super(defs, uses, null, null);
            this.name = name;
        }

        @Override
        public void emit(CodeEmitter emitter) {
            throw new UnsupportedOperationException("the test target emits no code");
        }

        @Override
        public String name() {
            return name;
        }
    }

    /** A conditional branch: successors as in the CFG. */
    public static final class Branch extends LirOp {
        final LirBlock trueTarget;
        final LirBlock falseTarget;

        Branch(Value x, Value y, LirBlock t, LirBlock f) {
            super(null, new Value[]{x, y}, null, null);
            trueTarget = t;
            falseTarget = f;
        }

        @Override
        public void emit(CodeEmitter emitter) {
            throw new UnsupportedOperationException();
        }

        @Override
        public String name() {
            return "branch " + trueTarget + " " + falseTarget;
        }
    }

    public static LirGraph lower(Graph g) {
        FrameMap fm = new FrameMap(8, 16, 8);
        return new LirGenerator(g, JVMCI.getRuntime().getHostJVMCIBackend().getTarget().arch, fm) {
            @Override
            protected void emitEntry(List<Parameter> parameters) {
                Value[] defs = new Value[parameters.size()];
                for (int i = 0; i < defs.length; i++) {
                    defs[i] = operand(parameters.get(i));
                }
                append(new Op("params", defs, null));
            }

            @Override
            protected void emitInstruction(Instruction i) {
                Value[] uses = new Value[i.inputCount()];
                for (int k = 0; k < uses.length; k++) {
                    uses[k] = operand(i.input(k));
                }
                Value[] defs = {};
                if (i.kind() != jdk.vm.ci.meta.JavaKind.Void) {
                    Variable r = newVariable(i.kind());
                    setResult(i, r);
                    defs = new Value[]{r};
                }
                Op op = new Op(i.op().mnemonic(), defs, uses);
                if (i.state() != null) {
                    op.setState(state(i.state(), false));
                }
                append(op);
            }

            @Override
            protected void emitIf(If branch, LirBlock trueTarget, LirBlock falseTarget) {
                append(new Branch(operand(branch.x()), operand(branch.y()), trueTarget, falseTarget));
            }

            @Override
            protected void emitSwitch(Switch s, LirBlock[] keyTargets, LirBlock defaultTarget) {
                append(new Op("switch", new Value[0], new Value[]{operand(s.value())}));
            }

            @Override
            protected void emitReturn(Return r) {
                append(new Op("return", new Value[0], r.value() == null ? new Value[0] : new Value[]{operand(r.value())}));
            }

            @Override
            protected void emitThrow(Throw t) {
                append(new Op("deopt", new Value[0], new Value[0]));
            }

            @Override
            protected void emitLoopSafepoint(LirFrameState state) {
                Op poll = new Op("safepoint", new Value[0], new Value[0]);
                poll.setState(state);
                append(poll);
            }
        }.generate();
    }
}
