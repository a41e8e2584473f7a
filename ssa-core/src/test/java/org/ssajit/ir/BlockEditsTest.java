package org.ssajit.ir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.meta.JavaKind;

/**
 * A block's instruction edits ({@code insertBefore}, {@code removeInstruction}, {@code append},
 * {@code moveToEnd}, {@code moveInstructionsAfter}) and {@code instructionAfter} look instructions up from a position hint: random
 * edit sequences, with walks front to back as a lowering makes them and jumps anywhere, agree with a
 * plain list kept beside the block.
 */
class BlockEditsTest {
    static int subject(int a) {
        return a;
    }

    @Test
    void editsAgreeWithAPlainList() {
        Random random = new Random(20261129);
        for (int round = 0; round < 200; round++) {
            Graph g = new Graph(Jvmci.method(BlockEditsTest.class, "subject"));
            Block b = g.newBlock(0);
            Block other = g.newBlock(1);
            Parameter a = g.addParameter(0, JavaKind.Int, false);
            List<Instruction> model = new ArrayList<>();
            List<Instruction> otherModel = new ArrayList<>();
            for (int k = 0; k < 1 + random.nextInt(20); k++) {
                Instruction i = neg(g, a);
                b.append(i);
                model.add(i);
            }
            // A walk front to back, as the lowering does: edits at the instruction it is at.
            for (Instruction at : List.copyOf(model)) {
                switch (random.nextInt(4)) {
                    case 0 -> insertBefore(b, model, at, neg(g, a));
                    case 1 -> remove(b, model, at);
                    case 2 -> checkAfter(b, model, at);
                    default -> {
                    }
                }
                assertEquals(model, b.instructions());
            }
            // Edits anywhere.
            for (int step = 0; step < 40 && !model.isEmpty(); step++) {
                Instruction at = model.get(random.nextInt(model.size()));
                switch (random.nextInt(6)) {
                    case 0 -> insertBefore(b, model, at, neg(g, a));
                    case 1 -> remove(b, model, at);
                    case 2 -> {
                        Instruction x = neg(g, a);
                        b.append(x);
                        model.add(x);
                    }
                    case 3 -> {
                        b.moveToEnd(at, other);
                        model.remove(at);
                        otherModel.add(at);
                    }
                    case 4 -> {
                        // Splitting the block after at: the tail moves to the end of the other block.
                        b.moveInstructionsAfter(at, other);
                        List<Instruction> tail = model.subList(model.indexOf(at) + 1, model.size());
                        otherModel.addAll(tail);
                        tail.clear();
                    }
                    default -> checkAfter(b, model, at);
                }
                assertEquals(model, b.instructions());
                assertEquals(otherModel, other.instructions());
            }
            for (Instruction gone : otherModel) {
                assertNull(b.instructionAfter(gone), "not in the block");
            }
            // Every lookup still finds what the edits left, in both blocks, in an order the position hint does not predict.
            List<Instruction> shuffled = new ArrayList<>(model);
            java.util.Collections.shuffle(shuffled, random);
            for (Instruction x : shuffled) {
                checkAfter(b, model, x);
            }
            shuffled = new ArrayList<>(otherModel);
            java.util.Collections.shuffle(shuffled, random);
            for (Instruction x : shuffled) {
                checkAfter(other, otherModel, x);
            }
        }
    }

    private static void insertBefore(Block b, List<Instruction> model, Instruction at, Instruction x) {
        b.insertBefore(at, x);
        model.add(model.indexOf(at), x);
    }

    private static void remove(Block b, List<Instruction> model, Instruction at) {
        b.removeInstruction(at);
        model.remove(at);
    }

    private static void checkAfter(Block b, List<Instruction> model, Instruction at) {
        int k = model.indexOf(at);
        assertSame(k + 1 < model.size() ? model.get(k + 1) : null, b.instructionAfter(at));
    }

    private static Instruction neg(Graph g, Value a) {
        return new Instruction(g, Op.NEG, JavaKind.Int, null, 0, a);
    }
}
