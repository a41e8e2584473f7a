package org.ssajit.amd64.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.bytecode.BailoutException;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.SelectionFileTest;
import org.ssajit.ir.Graph;
import org.ssajit.regalloc.LinearScan;
import org.ssajit.regalloc.RegisterAllocationConfig;
import org.ssajit.testing.Jvmci;
import jdk.vm.ci.amd64.AMD64;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * Instruction selection before register allocation, as golden LIR text
 * ({@code src/test/resources/golden/lir-NAME.ir}; regenerate with {@code -Dssajit.updateGolden=true}
 * and review the diff). The methods cover the selection rules of the README's table.
 */
class Amd64LirGeneratorTest extends SelectionFileTest {
    @Override
    protected String target() {
        return "AMD64 of the host, SSE encodings (no AVX: the files do not depend on the machine's)";
    }

    @Override
    protected LirGraph select(Graph lowered) {
        return Amd64Backend.host().withAvx(false).select(lowered);
    }

    @Override
    protected List<Topic> topics() {
        Class<?> s = SelectionFileTest.class;
        return List.of(
                        new Topic(s, "bitTests",
                                        "(x & y) == 0 and != 0 are one testbranch (test, jcc: zero/nonzero), y an imm32 (3, -8) or a register",
                                        "(1 << 32 does not fit an imm32); an and with a second user, or compared with 4, stays an and, then",
                                        "the compare branch."),
                        new Topic(s, "arithmetic",
                                        "Two-address int arithmetic in 32-bit forms (DEF result, USE x, ALIVE y: y must not share the result's",
                                        "register) with imm32 operands; a shift by a register has its count in rcx; x / b after its zerocheck",
                                        "is idiv with rdx:rax fixed (the quotient from rax), x % 7 idiv (divisor not -1) with the remainder",
                                        "from rdx; neg for -a."),
                        new Topic(s, "longs",
                                        "Long arithmetic in 64-bit forms: a constant beyond an imm32 in a register, imul by the imm32 3, the",
                                        "shift count in rcx, a / b as idiv.l in rdx:rax after its zerocheck; a % -1 is 0, folded before",
                                        "selection."),
                        new Topic(s, "compares",
                                        "lcmp and fcmp[lg]/dcmp[lg] fused into the if that tests them: branch.q (cmp, jcc) on the longs,",
                                        "branch.fg/fl/dl (ucomiss/ucomisd and the jumps that put NaN, the parity flag, on Java's side); the",
                                        "double constant 0.5 in a register."),
                        new Topic(s, "conversions",
                                        "Each Java conversion one op: f2i/d2l/d2i (cvtt* fixed up: NaN to 0, saturation), l2f/i2f/i2d",
                                        "(xorps, then cvtsi2ss/sd), f2d, i2l (movsxd), i2s/i2c/i2b (movsx/movzx)."),
                        new Topic(s, "floats",
                                        "Float and double arithmetic in SSE's two-address forms (mulss/divss/subss, mulsd/addsd/subsd, the",
                                        "second operand ALIVE), neg.f/neg.d (a sign-bit xor); the constant 2.5 loaded where it is used."),
                        new Topic(s, "sum",
                                        "A counted loop over an int array: the null check and the length read once before it, the loop",
                                        "condition a compare branch, the element load [index*4+16 (zx)] (the index's upper half known zero: no",
                                        "movsxd; no bounds check: 0 <= i < length is proven), the back edge's safepoint poll."),
                        new Topic(s, "dense",
                                        "A switch of 17 dense keys 10..27 (13 missing): one tableswitch (a jump table after the stubs, a temp",
                                        "for its address), the hole and the keys outside the range to the default."),
                        new Topic(s, "fewKeys",
                                        "A switch of five dense keys: one lookupswitch.seq, the keys compared one after the other in order",
                                        "(no jump table below 17 keys)."),
                        new Topic(s, "sparse",
                                        "A switch of sparse keys: one lookupswitch.seq (three compares; above 16 keys a search by halves)."),
                        new Topic(s, "fields",
                                        "Field accesses at [+offset] from the object, boolean f masked to its low bit (and.i 1), a static field",
                                        "at [+offset] from the class mirror (an embedded oop), the volatile static store followed by membar",
                                        "storeload (lock add; the other barriers are nothing on x86), the reference field a narrow oop loaded",
                                        "and decoded in one op."),
                        new Topic(s, "arrays",
                                        "Array accesses by element size ([index*1+16], *2, *4 for a narrow oop, *8), a constant index kept",
                                        "as an operand; the length read fused with its bounds check (boundscheck array index: cmp index,",
                                        "[array + length]); b[0] != 0 as one branch.b on the byte in memory."),
                        new Topic(s, "flag",
                                        "A boolean result from a compare: branch.i (cmp, jle) to the two constants, joined by a phi."),
                        new Topic(s, "narrowChar",
                                        "A char result: imul by the imm32 3, then i2c (movzx)."),
                        new Topic(s, "uninitialized",
                                        "A static field of a class not yet initialized: deoptimize (the interpreter initializes it); the code",
                                        "after it is selected as it stands."),
                        new Topic(s, "locked",
                                        "synchronized: lightweight locking's fast paths as the lowering expands them; each CAS of the mark",
                                        "word a casbranch (lock cmpxchg, the expected word moved to rax) fused with the branch on its",
                                        "outcome; the lock stack's entries compared with the object in memory (branch.q on",
                                        "[r15 + top - 8]); the VM's lock and unlock on the slow paths."));
    }
    @ParameterizedTest
    @ValueSource(strings = {"bitTests"})
    void andCompareWithZeroBecomesTest(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirOp> ops = lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
        assertEquals(4, ops.stream().filter(o -> o instanceof Amd64Compares.TestBranch).count(), lir::toString);
        // a & 12 (used twice) and b & 5 (compared with 4) remain ands; the long tests fuse lcmp + if too.
        assertEquals(2, ops.stream().filter(o -> o.name().startsWith("and")).count(), lir::toString);
    }

    static double floors(double d) {
        return Math.floor(d) + Math.ceil(d) + Math.rint(d);
    }

    /** roundsd is SSE4.1's: a target without it refuses Math.floor, ceil and rint, and has the rest. */
    @Test
    void roundingNeedsSse41() {
        Amd64Backend host = Amd64Backend.host();
        assumeTrue(host.sse41(), "the host has no SSE4.1");
        List<LirOp> ops = host.select(Lowered.graph(Amd64LirGeneratorTest.class, "floors")).blocks().stream().flatMap(b -> b.ops().stream()).toList();
        assertEquals(3, ops.stream().filter(o -> o instanceof Amd64Arithmetic.DoubleRound).count());
        JVMCIBackend b = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        EnumSet<AMD64.CPUFeature> features = EnumSet.copyOf(((AMD64) b.getTarget().arch).getFeatures());
        features.remove(AMD64.CPUFeature.SSE4_1);
        Amd64Backend old = new Amd64Backend(HotSpotVmConfig.host(), b.getMetaAccess(), b.getConstantReflection(),
                        b.getCodeCache().getRegisterConfig(), new AMD64(features));
        BailoutException e = assertThrows(BailoutException.class,
                        () -> old.select(Lowered.graph(Amd64LirGeneratorTest.class, "floors")));
        assertTrue(e.getMessage().contains("SSE4.1"), e::getMessage);
        old.select(Lowered.graph(Amd64LirGeneratorTest.class, "arithmetic"));
    }

    /**
     * With AVX, float and double arithmetic reads both operands as plain uses: nothing ALIVE, so the
     * allocator may give the result either operand's register, and no copy comes first. Without, the
     * second operand is ALIVE across the copy of the first into the result.
     */
    @ParameterizedTest
    @ValueSource(strings = {"floats", "conversions"})
    void floatArithmeticIsThreeOperandWithAvx(String name) {
        assumeTrue(Amd64Backend.host().avx(), "the host has no AVX");
        for (boolean avx : new boolean[] {true, false}) {
            LirGraph lir = Amd64Backend.host().withAvx(avx).select(Lowered.graph(Amd64LirGeneratorTest.class, name));
            List<Amd64Arithmetic.FloatBinary> ops = lir.blocks().stream().flatMap(b -> b.ops().stream())
                            .filter(o -> o instanceof Amd64Arithmetic.FloatBinary).map(o -> (Amd64Arithmetic.FloatBinary) o).toList();
            assertTrue(ops.size() >= 3, lir::toString);
            for (Amd64Arithmetic.FloatBinary op : ops) {
                assertEquals(avx ? 2 : 1, op.count(LirOp.Mode.USE), op::toString);
                assertEquals(avx ? 0 : 1, op.count(LirOp.Mode.ALIVE), op::toString);
                assertEquals(avx, op.name().startsWith("v"), op::toString);
            }
        }
    }

    /**
     * In {@code sum}, the array is null-checked once (the check in the loop header dominates the body's
     * access) and not bounds-checked: {@code 0 <= i < a.length} is proven.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sum"})
    void dominatingNullCheckIsNotRepeated(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirOp> ops = lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
        assertEquals(1, ops.stream().filter(o -> o instanceof Amd64Checks.NullCheck).count(), lir::toString);
        assertEquals(0, ops.stream().filter(o -> o instanceof Amd64Checks.BoundsCheck).count(), lir::toString);
    }

    /**
     * Loop rotation in the emission order: {@code sum}'s header (B1: length, compare, branch) goes right
     * after its latch (B2), so an iteration falls from the body into the test and branches back once.
     * The entry block stays first.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sum"})
    void loopHeaderIsEmittedAfterItsLatch(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<String> order = org.ssajit.lir.BlockLayout.emissionOrder(lir).stream().map(Object::toString).toList();
        assertEquals(List.of("B0", "B2", "B1", "B3"), order, lir::toString);
    }

    static boolean sameBytes(byte[] a, byte[] b) { if (a.length != b.length) { return false; } for (int i = 0; i < a.length; i++) { if (a[i] != b[i]) { return false; } } return true; }

    /**
     * A rotated header is followed by its exit from the loop (where a jump to it really goes), even
     * where the LIR's order puts another of the loop's exits first ({@code sameBytes}: the body's
     * {@code return false} comes before the header's {@code return true}): the test then branches
     * back to the body or falls out, one branch an iteration instead of a branch and a jump.
     */
    @ParameterizedTest
    @ValueSource(strings = {"sameBytes", "sum", "nested"})
    void rotatedHeaderFallsIntoItsExit(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirBlock> order = org.ssajit.lir.BlockLayout.emissionOrder(lir);
        int rotated = 0;
        for (int k = 1; k + 1 < order.size(); k++) {
            LirBlock header = order.get(k);
            if (header.loop() != null && header.irBlock() == header.loop().header() && order.get(k - 1).last() instanceof org.ssajit.lir.JumpOp j
                            && j.target() == header && header.last() instanceof org.ssajit.lir.BranchOp) {
                rotated++;
                LirBlock exit = org.ssajit.lir.BlockLayout.exit(header);
                assertEquals(exit, order.get(k + 1), () -> header + " is not followed by its exit: " + order + "\n" + lir);
            }
        }
        assertTrue(rotated > 0, lir::toString);
    }

    static int doWhile(int n) { int s = 0; do { s += n; n--; } while (n > 0); return s; }

    /**
     * A single-block loop (B1) whose back edge carries phi moves in an edge block (B3): the loop block
     * goes after the edge block, so the back edge is one taken branch into B3 that falls into B1.
     */
    @ParameterizedTest
    @ValueSource(strings = {"doWhile"})
    void singleBlockLoopFollowsItsBackEdgeBlock(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<String> order = org.ssajit.lir.BlockLayout.emissionOrder(lir).stream().map(Object::toString).toList();
        assertEquals(List.of("B0", "B2", "B3", "B1"), order, lir::toString);
    }

    static int nested(int n) { int acc = 0; for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) { acc += (i * j & 3) == 0 ? i : j; } } return acc; }

    /**
     * Every loop's first block in emission order starts at a multiple of
     * {@link Amd64CodeEmitter#LOOP_ALIGNMENT}: every backward conditional branch of the compiled code
     * (these loops are rotated: each iteration ends in one), decoded by objdump, targets an aligned
     * address, and the padding before it is NOPs or follows a jump. (The entry barrier's slow path
     * jumps back with a {@code jmp}, which needs no alignment.)
     */
    @ParameterizedTest
    @ValueSource(strings = {"sum", "doWhile", "nested"})
    void loopsStartAligned(String name) throws Exception {
        Amd64Backend backend = Amd64Backend.host();
        RegisterAllocationConfig ra = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory());
        byte[] code = backend.compile(Lowered.graph(Amd64LirGeneratorTest.class, name), name, lir -> LinearScan.allocate(lir, ra)).code();
        List<Objdump.Instruction> insns = Objdump.decode(code, 0);
        Pattern jump = Pattern.compile("^j(?!mp)[a-z]+ 0x([0-9a-f]+)$");
        int backward = 0;
        for (int k = 0; k < insns.size(); k++) {
            Matcher m = jump.matcher(insns.get(k).text());
            if (!m.matches()) {
                continue;
            }
            long target = Long.parseLong(m.group(1), 16);
            if (target <= insns.get(k).address()) {
                backward++;
                assertEquals(0, target % Amd64CodeEmitter.LOOP_ALIGNMENT, () -> "backward jump to 0x" + Long.toHexString(target) + "\n" + insns);
                Objdump.Instruction before = insns.stream().filter(i -> i.address() + i.bytes().length == target).findFirst().orElseThrow();
                assertTrue(before.text().startsWith("nop") || before.text().startsWith("jmp") || before.text().startsWith("ret"),
                                () -> "padding or a jump before the loop top, got " + before + "\n" + insns);
            }
        }
        assertTrue(backward >= (name.equals("nested") ? 2 : 1), () -> insns.toString());
    }

    static int escapeTime(double cr, double ci, int maxIter) {
        double zr = 0;
        double zi = 0;
        int k = 0;
        while (k < maxIter && zr * zr + zi * zi <= 4.0) {
            double t = zr * zr - zi * zi + cr;
            zi = 2.0 * zr * zi + ci;
            zr = t;
            k++;
        }
        return k;
    }

    /**
     * A loop whose values are a chain of float operations copies no xmm register: with AVX each
     * operation writes any register, the new {@code zr} and {@code zi} are computed after the last
     * use of the old ones ({@code PhiOperandSinking}), and the products in between keep off the
     * registers the phis' hints reserve for them (the allocator's walk). Each copy would lengthen the
     * loop-carried chain of every iteration.
     */
    @Test
    void loopCarriedFloatChainsCopyNoRegister() throws Exception {
        assumeTrue(Amd64Backend.host().avx(), "the host has no AVX");
        Amd64Backend backend = Amd64Backend.host();
        RegisterAllocationConfig ra = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory());
        byte[] code = backend.compile(Lowered.graph(Amd64LirGeneratorTest.class, "escapeTime"), "escapeTime", lir -> LinearScan.allocate(lir, ra)).code();
        List<Objdump.Instruction> insns = Objdump.decode(code, 0);
        Pattern jump = Pattern.compile("^j(?!mp)[a-z]+ 0x([0-9a-f]+)$");
        Pattern copy = Pattern.compile("^(v?mov(ap[sd]|s[sd])) xmm\\d+,xmm\\d+$");
        int loops = 0;
        for (Objdump.Instruction back : insns) {
            Matcher m = jump.matcher(back.text());
            if (m.matches() && Long.parseLong(m.group(1), 16) <= back.address()) {
                long top = Long.parseLong(m.group(1), 16);
                loops++;
                List<Objdump.Instruction> loop = insns.stream().filter(i -> i.address() >= top && i.address() <= back.address()).toList();
                assertTrue(loop.stream().anyMatch(i -> i.text().startsWith("vmulsd")), loop::toString);
                assertTrue(loop.stream().noneMatch(i -> copy.matcher(i.text()).matches()), () -> "an xmm copy in the loop:\n" + loop);
            }
        }
        assertEquals(1, loops, insns::toString);
    }

    static int rotate(int x) { return (x << 15) | (x >>> 17); }

    static long rotateLong(long x) { return (x >>> 3) ^ (x << -3); }

    static int rotateSharedShift(int x) { int a = x << 5; return (a | (x >>> 27)) + a; }

    static int notARotation(int x) { return (x << 15) | (x >>> 18); }

    /**
     * Instruction selection of rotations: {@code (x << c) | (x >>> (w - c))} (or {@code ^}, counts
     * masked as Java does) is one {@code rol}; a shift with another user is still emitted for it;
     * counts that do not add up to the width stay two shifts and an {@code or}. (Their results are
     * compared with the interpreter in the jvmci-plugin's end-to-end corpus.)
     */
    @ParameterizedTest(name = "{0}: {1} rol, {2} shifts")
    @CsvSource({"rotate, 1, 0", "rotateLong, 1, 0", "rotateSharedShift, 1, 1", "notARotation, 0, 2"})
    void rotationsAreOneRol(String name, long rols, long shifts) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<String> names = lir.blocks().stream().flatMap(b -> b.ops().stream()).map(LirOp::name).toList();
        assertEquals(rols, names.stream().filter(n -> n.startsWith("rol")).count(), lir::toString);
        assertEquals(shifts, names.stream().filter(n -> n.startsWith("shl") || n.startsWith("shr")).count(), lir::toString);
    }

    /** No loop: nothing moves. */
    @ParameterizedTest
    @ValueSource(strings = {"dense", "compares", "fields"})
    void blocksOutsideLoopsKeepTheirOrder(String name) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        assertEquals(lir.blocks(), org.ssajit.lir.BlockLayout.emissionOrder(lir), lir::toString);
    }

    // Bounds-check elimination: proven (no check) and not proven (check kept) ---------------------------

    static int countDown(int[] a) { int s = 0; for (int i = 0; a.length > i; i++) { s += a[i]; } return s; }

    static void fromConstant(int[] a) { for (int i = 3; i < a.length; i++) { a[i] = i; } }

    static int whileForm(int[] a) { int i = 0, s = 0; while (true) { if (i >= a.length) { break; } s += a[i]; i++; } return s; }

    static int offByOne(int[] a) { int s = 0; for (int i = 0; i <= a.length; i++) { s += a[i]; } return s; }

    static int fromParameter(int[] a, int k) { int s = 0; for (int i = k; i < a.length; i++) { s += a[i]; } return s; }

    static int otherArray(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += b[i]; } return s; }

    static int stepTwo(int[] a) { int s = 0; for (int i = 0; i < a.length; i += 2) { s += a[i]; } return s; }

    static int fromMinusOne(int[] a) { int s = 0; for (int i = -1; i < a.length; i++) { s += a[i]; } return s; }

    static int nextElement(int[] a) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i + 1]; } return s; }

    static int guardOtherBound(int[] a, int n) { int s = 0; for (int i = 0; i < n; i++) { s += a[i]; } return s; }

    static int afterTheLoop(int[] a) { int i = 0; while (i < a.length) { i++; } return a[i - 1]; }

    static int sameLength(int[] a, int[] b) { int s = 0; if (a.length == b.length) { for (int i = 0; i < a.length; i++) { s += a[i] * b[i]; } } return s; }

    static int lengthsDiffer(int[] a, int[] b) { int s = 0; if (a.length != b.length) { for (int i = 0; i < a.length; i++) { s += a[i] * b[i]; } } return s; }

    /** One int field: it sits where an array's length does (the first field after the header), and it may change. */
    static final class Holder {
        int n;
    }

    // h.n == b.length holds on the edge only: the loop reads h.n again, and another thread may have changed it.
    static int fieldBound(Holder h, int[] b) { int s = 0; if (h.n == b.length) { for (int i = 0; i < h.n; i++) { s += b[i]; } } return s; }

    static int sameLengthAfter(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { s += a[i]; } if (a.length == b.length) { s += b[0]; } for (int i = 0; i < a.length; i++) { s += b[i]; } return s; }

    @ParameterizedTest(name = "{0}: {1} bounds checks")
    @CsvSource({"countDown, 0", "fromConstant, 0", "whileForm, 0", "offByOne, 1", "fromParameter, 1", "otherArray, 1", "stepTwo, 1",
                    "fromMinusOne, 1", "nextElement, 1", "guardOtherBound, 1", "afterTheLoop, 1", "sameLength, 0", "lengthsDiffer, 1", "sameLengthAfter, 2", "fieldBound, 1"})
    void boundsChecksGoOnlyWhenProven(String name, long expected) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        long checks = lir.blocks().stream().flatMap(b -> b.ops().stream()).filter(o -> o instanceof Amd64Checks.BoundsCheck || o instanceof Amd64Checks.LengthCheck).count();
        assertEquals(expected, checks, lir::toString);
    }

    static double dot(double[] a, double[] b, int n, int j) { double s = 0; for (int k = 0; k < n; k++) { s += a[k] * b[k * n + j]; } return s; }

    static void fill(boolean[] z, int n) { for (int i = 0; i <= n; i++) { z[i] = true; } }

    static int rows(int[][] m, int n) { int s = 0; for (int i = 0; i < n; i++) { int[] row = m[i]; for (int j = 0; j < n; j++) { s += row[j]; } } return s; }

    /**
     * An access in a loop to an array from before the loop checks its index against the length read
     * before the loop ({@code lengthorzero}, which is 0 for null): inside the loop there is no null check
     * and no read of the length, and each such access is one {@code boundscheck (length)}. In
     * {@code rows}, the row comes from the outer loop: its length is read before the inner loop.
     */
    @ParameterizedTest(name = "{0}: {1} checks against a length")
    @CsvSource({"dot, 2", "fill, 1", "rows, 2"})
    void accessesInLoopsCheckAgainstALengthReadBeforeTheLoop(String name, long expected) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirOp> ops = lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
        assertEquals(expected, ops.stream().filter(o -> o instanceof Amd64Checks.LengthCheck).count(), lir::toString);
        assertEquals(expected, ops.stream().filter(o -> o instanceof Amd64Memory.LengthOrZero).count(), lir::toString);
        assertEquals(0, ops.stream().filter(o -> o instanceof Amd64Checks.BoundsCheck || o instanceof Amd64Checks.NullCheck).count(), lir::toString);
        assertTrue(ops.stream().noneMatch(o -> o instanceof Amd64Memory.Load l && l.state() != null), lir::toString); // no implicit null check either
    }

    static int loopIndex(int[] a, int[] b) { int s = 0; for (int i = 0; i < a.length; i++) { b[i] = a[i]; s += a[i]; } return s; }

    static int parameterIndex(int[] a, int k) { return a[k]; }

    static int parameterPhiIndex(int[] a, int k) { int s = 0; for (int i = k; i < a.length; i++) { s += a[i]; } return s; }

    static int narrowedLong(byte[] b, long j) { return b[(int) j]; }

    static int loadedIndex(int[] a, int[] idx, int k) { return a[idx[k]]; }

    static int computedIndexes(int[] a, int k) { return a[k >> 1] + a[k & 7] + a[k * 3] + a[-k] + a[k - 1] + a[(k << 31) >>> 31]; }

    static int phiOfParameterAndSum(int[] a, int k, boolean f) { int i = f ? k : k + 1; return a[i]; }

    /**
     * An index whose register has a zero upper half (written by a 32-bit instruction, or a phi of such
     * values) addresses the element as it is; any other (a parameter, a phi that may be one) is
     * sign-extended first. The bounds check before makes it non-negative either way. Expected:
     * accesses without and with {@code movsxd}.
     */
    @ParameterizedTest(name = "{0}: {1} direct, {2} sign-extended")
    @CsvSource({"loopIndex, 3, 0", "parameterIndex, 0, 1", "parameterPhiIndex, 0, 1", "narrowedLong, 1, 0", "loadedIndex, 1, 1",
                    "computedIndexes, 6, 0", "phiOfParameterAndSum, 0, 1"})
    void indexesWrittenAs32BitsNeedNoSignExtension(String name, long expectedDirect, long expectedExtended) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirOp> ops = lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
        long direct = 0;
        long extended = 0;
        for (LirOp o : ops) {
            Value index = o instanceof Amd64Memory.Load l ? l.index() : o instanceof Amd64Memory.Store st ? st.index() : null;
            if (index == null || index instanceof org.ssajit.lir.ConstantValue) {
                continue;
            }
            boolean zx = o instanceof Amd64Memory.Load l ? l.shape().indexZeroExtended() : ((Amd64Memory.Store) o).shape().indexZeroExtended();
            if (zx) {
                direct++;
            } else {
                extended++;
            }
        }
        assertEquals(expectedDirect, direct, lir::toString);
        assertEquals(expectedExtended, extended, lir::toString);
    }

    static long widenedTwice(int[] a) { long s = 0; for (int i = 0; i < a.length; i++) { int x = a[i]; s += x; s ^= x; } return s; }

    static long widenedAndInt(int[] a) { long s = 0; int t = 0; for (int i = 0; i < a.length; i++) { int x = a[i]; s += x; t ^= x; } return s + t; }

    /**
     * An int element used only as a long is one {@code movsxd r64, m32}: no separate {@code i2l}
     * (twice the same i2l is one after value numbering). Expected: widening loads, i2l conversions.
     */
    @ParameterizedTest(name = "{0}: {1} widening loads, {2} i2l")
    @CsvSource({"widenedSum, 1, 0", "widenedTwice, 1, 0", "widenedAndInt, 0, 2"})
    void intLoadsUsedOnlyAsLongsWidenInTheLoad(String name, long expectedWidening, long expectedConverts) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        List<LirOp> ops = lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
        long widening = ops.stream().filter(o -> o instanceof Amd64Memory.Load l && l.widensToLong()).count();
        long converts = ops.stream().filter(o -> o instanceof Amd64Conversions.Convert).count();
        assertEquals(expectedWidening, widening, lir::toString);
        assertEquals(expectedConverts, converts, lir::toString);
    }

    static double polynomial(double[] x) { double s = 0; for (int i = 0; i < x.length; i++) { s += x[i] * 2.5 - 0.75 + x[i] * 0.0; } return s; }

    static long mixing(long[] a) { long h = 0; for (int i = 0; i < a.length; i++) { h = (h ^ a[i]) * 0x9E37_79B9_7F4A_7C15L + 7; } return h; }

    static float outsideLoops(float x, int n) { if (n > 0) { return x * 1.5f + 2.5f; } return x; }

    /**
     * Constants a loop needs in a register and that take more than one instruction to load (float and
     * double bits other than +0.0, longs beyond an imm32) are loaded once, in the entry block; +0.0
     * ({@code xorps}) and imm32 constants stay at their uses, as does everything outside loops.
     * Expected: constant loads in the entry block, in other blocks.
     */
    @ParameterizedTest(name = "{0}: {1} in the entry block, {2} elsewhere")
    @CsvSource({"polynomial, 2, 1", "mixing, 1, 0", "outsideLoops, 0, 2"})
    void constantsUsedInLoopsAreLoadedOnceBeforeThem(String name, long expectedInEntry, long expectedElsewhere) {
        LirGraph lir = Amd64Backend.host().select(Lowered.graph(Amd64LirGeneratorTest.class, name));
        long inEntry = lir.blocks().get(0).ops().stream().filter(o -> o instanceof org.ssajit.backend.MoveOps.LoadConstant).count();
        long elsewhere = lir.blocks().stream().skip(1).flatMap(b -> b.ops().stream()).filter(o -> o instanceof org.ssajit.backend.MoveOps.LoadConstant).count();
        assertEquals(expectedInEntry, inEntry, lir::toString);
        assertEquals(expectedElsewhere, elsewhere, lir::toString);
    }
}
