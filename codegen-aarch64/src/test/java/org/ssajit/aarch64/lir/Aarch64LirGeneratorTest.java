package org.ssajit.aarch64.lir;

import java.util.EnumSet;
import java.util.List;

import org.ssajit.aarch64.hotspot.Arm64LikeConfig;
import org.ssajit.ir.Graph;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.SelectionFileTest;

import jdk.vm.ci.aarch64.AArch64;
import jdk.vm.ci.code.TargetDescription;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.aarch64.AArch64HotSpotRegisterConfig;
import jdk.vm.ci.runtime.JVMCIBackend;

/**
 * AArch64 instruction selection before register allocation, as golden LIR text
 * ({@code src/test/resources/golden/lir-NAME.ir}; regenerate with {@code -Dssajit.updateGolden=true}
 * and review the diff): codegen-core's shared topics and this target's own rules (immediates that
 * encode or not, branches against zero, shifts and rotations, volatile accesses and barriers,
 * address modes, the compare-and-swap of locking). Selected on any host (the x86-64 machines
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

    @Override
    protected List<Topic> topics() {
        Class<?> s = SelectionFileTest.class;
        Class<?> a = Aarch64LirGeneratorTest.class;
        return List.of(
                        new Topic(s, "bitTests", "TODO"),
                        new Topic(s, "arithmetic", "TODO"),
                        new Topic(s, "longs", "TODO"),
                        new Topic(s, "compares", "TODO"),
                        new Topic(s, "conversions", "TODO"),
                        new Topic(s, "floats", "TODO"),
                        new Topic(s, "sum", "TODO"),
                        new Topic(s, "dense", "TODO"),
                        new Topic(s, "sparse", "TODO"),
                        new Topic(s, "fields", "TODO"),
                        new Topic(s, "arrays", "TODO"),
                        new Topic(s, "flag", "TODO"),
                        new Topic(s, "narrowChar", "TODO"),
                        new Topic(s, "uninitialized", "TODO"),
                        new Topic(a, "addImmediates", "TODO"),
                        new Topic(a, "logicalImmediates", "TODO"),
                        new Topic(a, "compareImmediates", "TODO"),
                        new Topic(a, "testImmediates", "TODO"),
                        new Topic(a, "shifts", "TODO"),
                        new Topic(a, "multiplyAdd", "TODO"),
                        new Topic(a, "elements", "TODO"),
                        new Topic(a, "widenedSum", "TODO"),
                        new Topic(a, "loopConstants", "TODO"),
                        new Topic(a, "volatiles", "TODO"),
                        new Topic(a, "volatileReference", "TODO"),
                        new Topic(a, "allocation", "TODO"),
                        new Topic(a, "locked", "TODO"));
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

    static long widenedSum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
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

    static int locked(Object o, int v) {
        synchronized (o) {
            return v + 1;
        }
    }
}
