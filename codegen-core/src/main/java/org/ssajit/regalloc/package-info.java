/**
 * Register allocation: linear scan on SSA form (Wimmer and Franz, "Linear Scan Register Allocation
 * on SSA Form", CGO 2010), with the interval splitting of Wimmer and Mössenböck (VEE 2005).
 *
 * <p>Entry point: {@link org.ssajit.regalloc.LinearScan#allocate}, configured by a
 * {@link org.ssajit.regalloc.RegisterAllocationConfig} (allocatable registers per platform kind from
 * JVMCI's {@code RegisterConfig}, minus registers the target withholds; caller-saved registers; the
 * target's {@code MoveFactory}); checked by the {@link org.ssajit.regalloc.AllocationVerifier}.
 *
 * <h2>Phases</h2>
 * <ol>
 * <li><b>Constants</b>: a constant operand whose op does not allow {@code CONST} is loaded into a new
 * variable right before the op ({@code MoveFactory.createLoad}).</li>
 * <li><b>Numbering</b>: blocks in emission order, except that each block splitting an edge follows its
 * predecessor; op {@code k} at position {@code 2k}. Odd positions lie between ops: that is where
 * moves go.</li>
 * <li><b>Liveness</b> ({@code Liveness}): variable by variable, from each block that
 * reads it before any write up the predecessors to the blocks that write it, so it is exact for
 * irreducible control flow too (no loop-header shortcut) and visits each (block, variable) pair once.
 * The live sets are sorted arrays of variable indices per block: memory grows with their sizes, not
 * with blocks times variables. A label's phis are definitions in its block, a jump's phi values are
 * uses in the jumping block.</li>
 * <li><b>Intervals</b>, built in one backward pass: ranges with lifetime holes, and use positions with
 * a priority from the operand's {@code allowed()} (register only: must have a register; register or
 * stack: should have one; phi values and frame-state values: anywhere). At an op at {@code p}: a USE
 * ends its range at {@code p} (a def of the op may take its register, and so may a TEMP: uses are
 * read first); an ALIVE operand and every frame-state value cover {@code p} (they must survive the
 * op's defs and temps; a call's state is read after the call, a deopt may leave mid-op); a def or
 * temp covers {@code p}. A physical register operand is a fixed interval, as is every caller-saved
 * register at an op that {@code destroysCallerSavedRegisters()}: values live across a call, and the
 * call's state values, therefore end up in stack slots (or callee-saved registers, if the
 * configuration has any). Moves and phi edges give register hints.</li>
 * <li><b>Walk</b> ({@link org.ssajit.regalloc.LinearScanWalker}): intervals by start; a register free
 * for the whole interval (the hint if possible; else the best fit among those that no interval
 * waiting to start inside this one wants as its hint register), else free for a first part (the rest is split off
 * and waits), else either the interval goes to its spill slot until shortly before its next use that
 * needs a register, or it takes the register whose other occupants are needed last, which are split
 * and spilled, from where their last use before leaves them. Split positions prefer block boundaries
 * of low loop depth (moves out of loops). Each variable has at most one spill slot, shared by all its
 * spilled parts.</li>
 * <li><b>Spill at definition</b>: a variable with a spilled part is stored in its slot right after its
 * definition (after the label for a phi) and at no split or edge after that, unless that store would
 * sit in a deeper loop than every store it replaces (a cold block counting least). The slot holds the
 * value wherever the variable is live, since the definition dominates those points; so a reference
 * stored so is in every reference map where it is live after the op, in its slot too.</li>
 * <li><b>Resolution</b>: between the parts of a split interval inside a block, one parallel move per
 * position; on every CFG edge, one parallel move for the phis of the successor and every variable
 * whose location differs between the predecessor's end and the successor's begin, placed before the
 * predecessor's jump (one successor) or after the successor's label (one predecessor; the generator
 * splits critical edges). Parallel moves break cycles with a free register, or a scratch stack slot
 * if none is free; a constant that cannot be stored to the stack directly goes through a free
 * register (or one parked in a scratch slot meanwhile).</li>
 * <li><b>Rewrite</b>: every variable in an operand or frame state becomes its location at the op (a
 * USE is read where the moves before the op have run); labels and jumps lose their phi operands;
 * each frame state records the locations of the reference variables live during its op (live
 * across it and not defined by it, its ALIVE operands and its state values).</li>
 * </ol>
 *
 * <h2>Invariants after allocation</h2>
 * <ul>
 * <li>No {@code Variable} in any operand or frame state; {@code LabelOp}s and {@code JumpOp}s carry no
 * phi operands; every allocated operand is a location its op allows, a register of the variable's
 * kind's category.</li>
 * <li>No ALIVE operand or frame-state value shares a location with a def or temp of its op; at a call
 * no caller-saved register holds a state value or a live reference.</li>
 * <li>Inserted ops come from the target's {@code MoveFactory}; they may sit between any two ops of a
 * block, also between a compare and its branch, so a target's moves must not change condition flags.
 * Spill and scratch slots come from the {@code FrameMap} (outgoing argument space must be reserved
 * before allocation).</li>
 * <li>Original ops keep their identity and order; an original move whose source and destination got
 * the same location stays (an emitter should emit nothing for it).</li>
 * </ul>
 *
 * <h2>Verification</h2>
 * {@link org.ssajit.regalloc.AllocationVerifier} (on by default, {@code withVerification(false)} to
 * skip): forward data flow over locations with the names of the values each holds, checked at every
 * read against the operands before allocation, with a moving GC modeled at every op with a state.
 *
 * <h2>Not done</h2>
 * <ul>
 * <li>No spill-slot sharing between variables with disjoint lifetimes, no rematerialization of
 * constants or cheap values, no move coalescing beyond hints.</li>
 * <li>No register pairs or sub-registers: every value fits one register of its category.</li>
 * <li>A variable operand must allow a register; stack-only variable operands are refused.</li>
 * <li>An op needs, at once, registers for its register-only operands that stay live after it plus its
 * register defs and temps; if the target has fewer, allocation fails with a
 * {@link org.ssajit.regalloc.RegisterAllocationException} (a bailout).</li>
 * <li>A fixed-register value is expected to live within one block (from its definition to its uses).</li>
 * <li>The rewrite walks each block backwards with one bit set over all variables, cleared per block and
 * scanned at each op with a state: no allocation, but time grows with blocks times variables / 64.</li>
 * </ul>
 *
 * <p>Depends on {@code org.ssajit.lir} and JVMCI's code and meta packages only.
 */
package org.ssajit.regalloc;
