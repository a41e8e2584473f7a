package org.ssajit.lowering;

import org.ssajit.util.CompilerList;
import org.ssajit.hotspot.ir.HotSpotOp;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.hotspot.ir.Access;
import org.ssajit.ir.Block;
import org.ssajit.ir.Condition;
import org.ssajit.hotspot.ir.GcBarrier;
import org.ssajit.ir.Goto;
import org.ssajit.ir.Graph;
import org.ssajit.ir.If;
import org.ssajit.ir.Instruction;
import org.ssajit.ir.Op;
import org.ssajit.ir.Value;

import jdk.vm.ci.meta.JavaKind;

/**
 * A step of the lowering: the card-table post-barrier of Serial and Parallel written once, as ordinary
 * IR, for every target. Each {@link HotSpotOp#POST_BARRIER} of kind {@link GcBarrier.Kind#CARD_TABLE} becomes
 * (docs/HOTSPOT-NOTES.md, "Barriers"; HotSpot's {@code CardTableBarrierSetAssembler::store_check}):
 *
 * <pre>
 *   address = addressof(base) + (i2l(index) << log2(scale)) + displacement      words, not references
 *   card = (address >>> CardTable::card_shift) + byte_map_base
 *   with -XX:+UseCondCardMark:  if (byte [card] == dirty) goto done
 *   byte [card] = dirty
 * done:
 * </pre>
 *
 * The card's address is a word derived from {@code base}: nothing between {@code addressof} and the
 * write can stop at a safepoint (no instruction here has a state), so no reference map sees it and
 * the object cannot move under it. Plain byte accesses, after the reference store, with no fence, as
 * HotSpot's own barrier for these collectors. G1's barriers ({@link GcBarrier.Kind#G1_SATB},
 * {@link GcBarrier.Kind#G1_CARD}) are {@link G1BarrierExpansion}'s.
 */
final class BarrierExpansion {
    /**
     * The card table as the VM describes it ({@code CompilerToVM::Data::cardtable_start_address} and
     * {@code cardtable_shift}, {@code CardTable::dirty_card}, {@code -XX:+UseCondCardMark}).
     */
    record CardTable(long base, int shift, int dirty, boolean conditional) {
        static CardTable of(HotSpotVmConfig c) {
            return new CardTable(c.cardTableAddress, c.cardTableShift, c.dirtyCard, c.useCondCardMark);
        }
    }

    private static final Access CARD = new Access(JavaKind.Byte, 0, 0, false);

    private final Graph g;
    private final CardTable cards;
    /** The bci of the barrier being expanded. */
    private int bci;

    private BarrierExpansion(Graph g, CardTable cards) {
        this.g = g;
        this.cards = cards;
    }

    /** Expands every card-table post-barrier of {@code g} with {@code config}'s card table; returns how many. */
    static int expand(Graph g, HotSpotVmConfig config) {
        return expand(g, CardTable.of(config));
    }

    /** As {@link #expand(Graph, HotSpotVmConfig)}, with {@code cards} (tests give other card tables). */
    static int expand(Graph g, CardTable cards) {
        if (!g.mayContain(HotSpotOp.POST_BARRIER)) {
            return 0;
        }
        BarrierExpansion x = new BarrierExpansion(g, cards);
        int n = 0;
        for (Block b : CompilerList.copyOf(g.blocks())) {
            var marks = b.instructionsWhere(BarrierExpansion::isCardMark);
            // Last first: a conditional mark splits its block, moving only what follows it.
            for (int k = marks.size() - 1; k >= 0; k--) {
                x.cardMark(marks.get(k));
                n++;
            }
        }
        return n;
    }

    private static boolean isCardMark(Instruction i) {
        return i.op() == HotSpotOp.POST_BARRIER && i.attribute(GcBarrier.class).kind() == GcBarrier.Kind.CARD_TABLE;
    }

    private void cardMark(Instruction barrier) {
        Block b = barrier.block();
        Access access = barrier.attribute(GcBarrier.class).access();
        Value base = barrier.input(Op.In.BASE);
        Value index = barrier.input(Op.In.INDEX);
        bci = barrier.bci();
        Block rest = null;
        if (cards.conditional()) {
            if (!b.handlers().isEmpty()) {
                // Its exception edges belong to what ends it, which moves to the new block.
                throw new IllegalStateException(b + " still has exception edges when its card marks are expanded");
            }
            rest = g.newBlock(bci);
            b.moveInstructionsAfter(barrier, rest);
            b.moveTerminator(rest);
            for (Block s : rest.terminator().targets()) {
                s.replacePredecessor(b, rest);
            }
        }
        // The new instructions go right before the barrier, which then goes.
        anchor = barrier;
        // A reference's address, or the store's address itself (an Unsafe store's word).
        Value address = base.kind() == JavaKind.Object ? add(new Instruction(g, HotSpotOp.ADDRESS_OF, JavaKind.Long, null, bci, base)) : base;
        if (index != null) {
            Value offset = add(new Instruction(g, Op.I2L, JavaKind.Long, null, bci, index));
            int log2 = Integer.numberOfTrailingZeros(access.scale());
            if (log2 != 0) {
                offset = add(new Instruction(g, Op.SHL, JavaKind.Long, null, bci, offset, g.intConstant(log2)));
            }
            address = add(new Instruction(g, Op.ADD, JavaKind.Long, null, bci, address, offset));
        }
        if (access.displacement() != 0) {
            address = add(new Instruction(g, Op.ADD, JavaKind.Long, null, bci, address, g.longConstant(access.displacement())));
        }
        Value shifted = add(new Instruction(g, Op.USHR, JavaKind.Long, null, bci, address, g.intConstant(cards.shift())));
        Value card = add(new Instruction(g, Op.ADD, JavaKind.Long, null, bci, shifted, g.longConstant(cards.base())));
        if (cards.conditional()) {
            // A byte read sign-extends: compare with the dirty value as a byte does.
            Value old = add(new Instruction(g, HotSpotOp.READ, JavaKind.Int, CARD, bci, card));
            b.removeInstruction(barrier);
            Block mark = g.newBlock(bci);
            b.setTerminator(new If(bci, Condition.EQ, old, g.intConstant((byte) cards.dirty()), rest, mark));
            rest.addPredecessor(b);
            mark.addPredecessor(b);
            mark.append(new Instruction(g, HotSpotOp.WRITE, JavaKind.Void, CARD, bci, card, g.intConstant(cards.dirty())));
            mark.setTerminator(new Goto(bci, rest));
            rest.addPredecessor(mark);
        } else {
            add(new Instruction(g, HotSpotOp.WRITE, JavaKind.Void, CARD, bci, card, g.intConstant(cards.dirty())));
            b.removeInstruction(barrier);
        }
    }

    /** Adds {@code i} right before the barrier being expanded. */
    private Instruction add(Instruction i) {
        anchor.block().insertBefore(anchor, i);
        return i;
    }

    /** The barrier being expanded: its expansion goes right before it. */
    private Instruction anchor;
}
