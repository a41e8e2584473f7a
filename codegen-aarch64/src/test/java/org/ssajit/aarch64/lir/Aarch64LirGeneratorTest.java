package org.ssajit.aarch64.lir;

import java.util.EnumSet;
import java.util.List;

import org.ssajit.aarch64.hotspot.Arm64LikeConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.lir.SelectionFileTest;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.aarch64.AArch64Kind;
import jdk.vm.ci.code.Register;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.TargetDescription;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.aarch64.AArch64HotSpotRegisterConfig;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * AArch64 instruction selection before register allocation, as golden LIR text
 * ({@code src/test/resources/golden/lir-NAME.ir}; regenerate with {@code -Dssajit.updateGolden=true}
 * and review the diff): codegen-core's shared topics and this target's own rules (immediates that
 * encode or not, branches against zero, shifts and rotations, volatile accesses and barriers,
 * address modes). Selected on any host (the x86-64 machines
 * included) with an AArch64 target description and HotSpot's AArch64 register configuration; the
 * graph is lowered for the host VM, whose layout the files record.
 */
class Aarch64LirGeneratorTest extends SelectionFileTest {
    /** An AArch64 back end on this host: ARMv8.0 (no LSE), HotSpot's AArch64 registers, the host VM's configuration made arm64-like. */
    static Aarch64Backend backend() {
        AArch64 arch = new AArch64(EnumSet.noneOf(AArch64.CPUFeature.class));
        TargetDescription target = new TargetDescription(arch, true, 16, 4096, true);
        JVMCIBackend host = HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend();
        return new Aarch64Backend(Arm64LikeConfig.get(), host.getMetaAccess(), host.getConstantReflection(), new AArch64HotSpotRegisterConfig(target, true, false),
                        arch);
    }

    /** The method {@code name} of {@code c} (or a superclass), lowered for the host VM and selected for AArch64. */
    static LirGraph select(Class<?> c, String name) {
        return backend().select(SelectionFileTest.lowered(c, name));
    }

    @Override
    protected String target() {
        return "AArch64 ARMv8.0 (no LSE), HotSpot's AArch64 registers, selected on any host";
    }

    @Override
    protected LirGraph select(Graph lowered) {
        return backend().select(lowered);
    }

    /**
     * Fixed SIMD registers (float arguments and results) are written {@code s0}, {@code d0}, ... as A64
     * names them, so that they do not read as the variables {@code v0}, {@code v1}, ...
     */
    @Override
    protected String text(LirGraph lir) {
        for (LirBlock b : lir.blocks()) {
            for (LirOp op : b.ops()) {
                for (LirOp.Mode m : LirOp.Mode.values()) {
                    for (int i = 0; i < op.count(m); i++) {
                        if (op.get(m, i) instanceof RegisterValue r && r.getRegister().getRegisterCategory().equals(AArch64.SIMD)) {
                            String prefix = r.getPlatformKind() == AArch64Kind.SINGLE ? "s" : r.getPlatformKind() == AArch64Kind.DOUBLE ? "d" : "q";
                            Register named = new Register(r.getRegister().number, r.getRegister().encoding, prefix + r.getRegister().encoding, AArch64.SIMD);
                            op.set(m, i, named.asValue(r.getValueKind()));
                        }
                    }
                }
            }
        }
        return lir.toString();
    }

    @Override
    protected List<Topic> topics() {
        Class<?> s = SelectionFileTest.class;
        Class<?> a = Aarch64LirGeneratorTest.class;
        return List.of(
                        new Topic(s, "bitTests",
                                        "(x & y) == 0 and != 0 are one test-branch (tst and b.eq/b.ne): y a bitmask immediate (3, -8, 1 << 32) or a",
                                        "register; an and with a second user stays an andw (its == 0 a cbz); one compared with 4 stays andw, with",
                                        "5 in a register (0b101 is no bitmask immediate), then cmp."),
                        new Topic(s, "arithmetic",
                                        "Int arithmetic in the 32-bit w forms, three-address: addw/subw with a 12-bit immediate, mulw of registers,",
                                        "shifts by a constant (lslw #3) or a register (lsrw, asrw: lslv/lsrv/asrv mask the count as Java does),",
                                        "neg; x / b after its zerocheck is sdiv (which never traps), x % 7 srem (sdiv then msub), the 7 in a",
                                        "register (no division by a constant)."),
                        new Topic(s, "longs",
                                        "Long arithmetic in the 64-bit x forms: a constant of three halfwords in a register (not an add",
                                        "immediate), the multiplier 3 in a register (mul has no immediate), shifts by an int count, a / b as",
                                        "sdiv after the zerocheck; a % -1 is 0, folded before selection."),
                        new Topic(s, "compares",
                                        "lcmp and fcmp[lg]/dcmp[lg] fused into the if that tests them: branch (cmp, b.ge) on the longs,",
                                        "float-branch (fcmp, one b.cond that puts NaN on Java's side) on floats and doubles: x < y is g >=",
                                        "(b.pl), x > y is l <= (b.le), z != 0.5 is l == (b.eq); the double constant 0.5 in a register."),
                        new Topic(s, "conversions",
                                        "Each Java conversion one op: f2i/d2l/d2i (fcvtzs: saturating, NaN to 0 as Java), l2f/i2f/i2d (scvtf),",
                                        "f2d, i2l (sxtw), i2s/i2c/i2b (sxth, uxth, sxtb). The float arguments arrive in s0, d1."),
                        new Topic(s, "floats",
                                        "Float and double arithmetic three-address: fmuls/fdivs/fsubs, fmuld/faddd/fsubd, fneg; the double",
                                        "constant 2.5 (an fmov immediate) loaded where it is used."),
                        new Topic(s, "sum",
                                        "A counted loop over an int array: the null check and the length read once before it, the loop",
                                        "condition a compare branch, the element load [+16, index sxtw #2] (the index extended by the address, no",
                                        "bounds check: 0 <= i < length is proven), the back edge's safepoint poll."),
                        new Topic(s, "dense",
                                        "A switch of 17 dense keys 10..27 (13 missing): one tableswitch (adr, ldrsw of the offset, br), the hole",
                                        "and the keys outside the range to the default."),
                        new Topic(s, "fewKeys",
                                        "A switch of five dense keys: one lookupswitch.seq, the keys compared one after the other in order",
                                        "(no jump table below 17 keys)."),
                        new Topic(s, "sparse",
                                        "A switch of sparse keys: one lookupswitch.seq (three compares; above 16 keys a search by halves)."),
                        new Topic(s, "fields",
                                        "Field accesses: ldr/str of the field's width at [+offset] from the object, boolean f masked to its low",
                                        "bit (andw #1, a bitmask immediate), a static field at [+offset] from the class mirror (an embedded oop),",
                                        "the volatile static store one stlr (no membars around it), the reference field a narrow oop loaded",
                                        "and decoded in one op."),
                        new Topic(s, "arrays",
                                        "Array stores and loads by element size: byte [+16, index sxtw #0], char #1, Object (a narrow oop) #2;",
                                        "a constant index folded into the offset (b[0] at [+16], z[1] at [+17], l[2] at [+32]); the length",
                                        "read, then boundscheck (length) (cmp, b.hs); b[0] != 0 and o[i] == null as cbz and cbnz; the long",
                                        "constant 1 << 32 in a register."),
                        new Topic(s, "flag",
                                        "A boolean result from a compare: branch (cmp, b.le) to the two constants, joined by a phi."),
                        new Topic(s, "narrowChar",
                                        "A char result: mulw (the 3 in a register) then i2c (uxth)."),
                        new Topic(s, "uninitialized",
                                        "A static field of a class not yet initialized: deoptimize (the interpreter initializes it); the code",
                                        "after it is selected as it stands."),
                        new Topic(a, "addImmediates",
                                        "add/sub immediates: 12 bits (4095), or 12 bits shifted by 12 (0x1000, 0xFFF000) as addw/subw with",
                                        "the constant; a negative one stays on the op and is emitted as the opposite op (addx -12: sub #12);",
                                        "4097 and 0x1000001 encode neither way: loaded into a register first."),
                        new Topic(a, "logicalImmediates",
                                        "and/orr/eor with a bitmask immediate (0xFF, 0x0F0F0F0F, 0xFFFFFFFF00000000, -2: a rotated run of",
                                        "ones repeated); 5 and 0x1234 are none and come in a register, as does the -1 of ~a (no mvn)."),
                        new Topic(a, "compareImmediates",
                                        "Compare branches: the constant an immediate of cmp (4095, 0x7FF000) or of cmn (-12), else in a",
                                        "register (4097); == 0 and != 0 of an int, a long or a reference (null) are cbz/cbnz, no compare."),
                        new Topic(a, "testImmediates",
                                        "Bit tests: a bitmask immediate in the tst (0xFF00, the sign bit of a long), else the mask in a",
                                        "register (5, 0x1234); b.eq/b.ne after it (no tbz: the sign bit is tested with tst)."),
                        new Topic(a, "shifts",
                                        "Shifts by a constant keep Java's count (35, 70; masked to 3 and 6 at emission), by a register the",
                                        "v forms; b + (b << 3) is lslx then addx (no shifted operand); (a << 15) | (a >>> 17) is one rorw #17,",
                                        "(b >>> 3) ^ (b << -3) one rorx #3."),
                        new Topic(a, "multiplyAdd",
                                        "a * b + c and c - a * b are mul then add/sub (no madd/msub fusion); a % b and d % e after their",
                                        "zerochecks are srem (sdiv then msub)."),
                        new Topic(a, "elements",
                                        "Element addresses by scale: short [+16, index sxtw #1], long and double #3, Object (narrow) #2; a",
                                        "constant index folded (s[3] at [+22], l[5000] at [+40016], beyond ldr's scaled reach: the emission",
                                        "moves the offset to x8); i + 1 computed with addw, then extended by the address."),
                        new Topic(s, "widenedSum",
                                        "An int element used only as a long: one load ... to long (ldrsw), no separate i2l."),
                        new Topic(a, "loopConstants",
                                        "Constants used in a loop that take more than one instruction to load (0.1: no fmov immediate; a",
                                        "long of four halfwords) are loaded once in the entry block; 2.5 (fmov) stays at its use, 0x10000 is",
                                        "an add immediate (16, shifted by 12)."),
                        new Topic(a, "volatiles",
                                        "Volatile fields: an int store is one stlr, long, double and int loads are ldar (a double through x8",
                                        "and fmov); the membars the lowering put next to them are left out (ldar and stlr order as the",
                                        "memory model asks); the plain store between them is a str."),
                        new Topic(a, "volatileReference",
                                        "A volatile reference store of null under G1: the release membar before the SATB pre-barrier stays (it",
                                        "is not next to the stlr: dmb ish), the stlr of 0 needs no membar after it; the volatile load is ldar",
                                        "decoded, and the acquire membar after it stays (dmb ishld: the decode sits between the read and it)."),
                        new Topic(a, "allocation",
                                        "new: the TLAB bump (thread-relative loads and stores off x28), the header and zeros stored, membar",
                                        "storestore (dmb ishst) before the object is published; the VM's new_instance_or_null when the TLAB is",
                                        "full; the constructor a direct call."),
                        new Topic(s, "locked",
                                        "synchronized: lightweight locking's fast paths as the lowering expands them; the CAS of the mark",
                                        "word fused with the branch that tests it: casbrancha (acquire: ldaxr/stxr without LSE) to lock,",
                                        "casbranchl (release: ldxr/stlxr) to unlock; the lock stack indexed off x28; lock and unlock calls on",
                                        "the slow paths."));
    }

    // AArch64's own topics -----------------------------------------------------------------------------

    static int addImmediates(int a, long b) {
        int x = a + 4095;
        int y = a - 0x1000;
        int z = a + 4097;
        int w = a - 0xFFF000;
        long u = b + -12;
        long v = b - 0x100_0001L;
        return x ^ y ^ z ^ w ^ (int) (u ^ v);
    }

    static long logicalImmediates(int a, long b) {
        int x = a & 0xFF;
        int y = a | 0x0F0F_0F0F;
        int z = a ^ 5;
        int w = ~a;
        long u = b & 0xFFFF_FFFF_0000_0000L;
        long v = b | 0x1234L;
        long t = b ^ -2L;
        return (x * y * z * w) * (u * v * t);
    }

    static int compareImmediates(int a, long b, Object o) {
        int r = 0;
        if (a < 4095) {
            r += 1;
        }
        if (a > -12) {
            r += 2;
        }
        if (a == 4097) {
            r += 4;
        }
        if (b >= 0x7F_F000L) {
            r += 8;
        }
        if (a == 0) {
            r += 16;
        }
        if (b != 0) {
            r += 32;
        }
        if (o == null) {
            r += 64;
        }
        return r;
    }

    static int testImmediates(int a, long b) {
        int r = 0;
        if ((a & 0xFF00) == 0) {
            r += 1;
        }
        if ((a & 5) != 0) {
            r += 2;
        }
        if ((b & 0x8000_0000_0000_0000L) != 0) {
            r += 4;
        }
        if ((b & 0x1234L) == 0) {
            r += 8;
        }
        return r;
    }

    static long shifts(int a, long b, int s) {
        int x = a << 35;
        int y = a >> s;
        long u = b >>> 70;
        long v = b + (b << 3);
        int rotated = (a << 15) | (a >>> 17);
        long rotatedLong = (b >>> 3) ^ (b << -3);
        return x + y + u + v + rotated + rotatedLong;
    }

    static long multiplyAdd(int a, int b, int c, long d, long e) {
        int x = a * b + c;
        int y = c - a * b;
        long z = d * e + d;
        return x + y + z + a % b + d % e;
    }

    static long elements(short[] s, long[] l, double[] d, Object[] o, int i) {
        s[i] = (short) i;
        l[i] = s[3];
        d[i + 1] = l[5000];
        return o[i] == null ? s[i] : l.length;
    }

    static double loopConstants(double[] x, long[] a) {
        double s = 0;
        long h = 0;
        for (int i = 0; i < x.length; i++) {
            s += x[i] * 2.5 + 0.1;
            h = h * 0x9E37_79B9_7F4A_7C15L + 0x1_0000L;
        }
        return s + h;
    }

    static final class Flags {
        volatile int state;
        volatile long stamp;
        volatile double level;
        volatile Flags next;
        int plain;
    }

    static {
        new Flags(); // loaded and initialized: the accesses resolve
    }

    static long volatiles(Flags f, int v) {
        f.state = v;
        long s = f.stamp;
        double d = f.level;
        f.plain = v;
        return s + (long) d + f.state;
    }

    static int volatileReference(Flags f) {
        f.next = null;
        return f.next.plain;
    }

    static Object allocation() {
        return new Flags();
    }
}
