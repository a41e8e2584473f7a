// ssajit fuzz finding: seed 194, VM crash; fixed: HotSpotLowering took a reference as non-null in the handler
// of its own failed null check (a SIGSEGV without an implicit-exception site in rec). Reduced for 3 minutes only.
// JVM variant: -XX:+UseParallelGC
// replay: ./ssajit fuzz --seed 194 --count 1 --no-reduce; this file: ./ssajit fuzz --files fuzz-findings/s194.java
//   --- hs_err (head)
//   exit: 1 (crashed)
//   --- stderr (tail)
//   
//   --- hs_err (head)
//   #
//   # A fatal error has been detected by the Java Runtime Environment:
//   #
//   #  SIGSEGV (0xb) at pc=0x00007efd2821310d, pid=27847, tid=27848
//   #
//   # JRE version: OpenJDK Runtime Environment Temurin-25.0.3+9 (25.0.3+9) (build 25.0.3+9-LTS)
//   # Java VM: OpenJDK 64-Bit Server VM Temurin-25.0.3+9 (25.0.3+9-LTS, mixed mode, sharing, tiered, jvmci, jvmci compiler, compressed oops, compressed class ptrs, parallel gc, linux-amd64)
//   # Problematic frame:
//   # J 8083 jvmci fuzz.s194.Main.rec(IJLfuzz/s194/Main$A;)J (652 bytes) @ 0x00007efd2821310d [0x00007efd28211880+0x000000000000188d] (fuzz.s194.Main.rec(int, long, Main$A))
//   #
//   # CreateCoredumpOnCrash turned off, no core file dumped
//   #
//   # If you would like to submit a bug report, please visit:
//   #   https://github.com/adoptium/adoptium-support/issues
//   #
//   
//   ---------------  S U M M A R Y ------------
//   
//   --- hs_err (head)
//   
//   Host: AMD EPYC, 2 cores, 23G, Debian GNU/Linux 12 (bookworm)
//   Time: Wed Nov 25 13:08:36 2026 UTC elapsed time: 15.314334 seconds (0d 0h 0m 15s)
//   
//   ---------------  T H R E A D  ---------------
//   
//   Current thread (0x00007efd3802b5a0):  JavaThread "main"             [_thread_in_Java, id=27848, stack(0x00007efd3d820000,0x00007efd3d920000) (1024K)]
//   
//   Stack: [0x00007efd3d820000,0x00007efd3d920000],  sp=0x00007efd3d91e370,  free space=1016k
//   Native frames: (J=compiled Java code, j=interpreted, Vv=VM code, C=native code)
//   J 8083 jvmci fuzz.s194.Main.rec(IJLfuzz/s194/Main$A;)J (652 bytes) @ 0x00007efd2821310d [0x00007efd28211880+0x000000000000188d] (fuzz.s194.Main.rec(int, long, Main$A))
//   J 7359 c1 fuzz.s194.Main.run(I)V (419 bytes) @ 0x00007efd20eafcdc [0x00007efd20eac9a0+0x000000000000333c]
//   j  fuzz.s194.Main.main([Ljava/lang/String;)V+38
//   j  java.lang.invoke.LambdaForm$DMH+0x000000003b081800.invokeStatic(Ljava/lang/Object;Ljava/lang/Object;)V+10 java.base@25.0.3
//   j  java.lang.invoke.LambdaForm$MH+0x000000003b082800.invoke(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;+33 java.base@25.0.3
//   j  java.lang.invoke.Invokers$Holder.invokeExact_MT(Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;Ljava/lang/Object;)Ljava/lang/Object;+20 java.base@25.0.3
package fuzz.s194;
import java.util.*;
import java.util.function.*;
public final class Main {
    static long sum = 194;
    static long state = 194L;
    static int sI = 3; static long sL = -5L; static double sD = 0.25; static float sF = 1.5f;
    static short sS = 12; static byte sB = -3; static char sC = 'q'; static boolean sZ = true;
    static String sStr = "s"; static volatile int vI; static volatile long vL;
    static int[] sIa = new int[8]; static Object[] sOa = new Object[4]; static A sO = new B(4, 9L);
    static final Object LOCK = new Object();
    static final ArrayList<Integer> LIST = new ArrayList<>();
    static final IntBinaryOperator OP = (x, y) -> x * 31 + (y ^ (x >>> 3));
    static final LongUnaryOperator LOP = v -> v * 0x9E3779B97F4A7C15L + 7;
    static final BiFunction<Integer, Long, Long> BOX = (x, y) -> y == null ? (long) x : x + y;
    static final Function<A, String> DESCRIBE = a -> a == null ? "null" : a.toString();
    static void mix(long v) { sum = sum * 1000003L + v; }
    static void mix(double v) { mix(Double.doubleToLongBits(v)); }
    static void mix(boolean v) { mix(v ? 1231L : 1237L); }
    static void mix(String v) { mix(v == null ? 17L : v.hashCode() + 31L * v.length()); }
    static void mix(Shape v) { mix(v == null ? 3L : v.g(11L)); }
    static void mix(Throwable t) { mix(t.getClass().getName()); mix(t.getMessage()); }
    static String cap(String s) { return s.length() > 48 ? s.substring(s.length() - 20) : s; }
    static long rnd() { state = state * 6364136223846793005L + 1442695040888963407L; return state >>> 17; }
    interface Shape { long g(long v); default int h(int x) { return x * 3 + 1; } }
    static class A implements Shape {
        int x; long y; double z; float f; String s = "a"; byte b; char c = 'c'; short sh; boolean flag;
        A(int x, long y) { this.x = x; this.y = y; this.z = x * 0.5; this.f = (float) y; }
        public long g(long v) {
            float v0 = -50.821453f;
            int v1 = (sI | sI);
            sO = new C(48, 297L);
            return ((v | v) ^ (vL >>> 1));
        }
        int f(int v, double d) {
            long v7 = (vL >>> 1);
            int v8 = -2058267925;
            for (int k12 = -3; k12 <= 9; k12 += 2) {
                sIa[(Math.max(x, 255) & 0x7fffffff) % sIa.length] += (v + (c + sB));
                sO = (((char) (sI) >= c) ? sO : new A((int) LIST.size(), v7));
            }
            mix(v);
            mix(v7);
            mix(v8);
            return (int) LIST.size();
        }
        public String toString() { return "A(" + x + "," + y + "," + z + "," + f + "," + s + "," + b + "," + (int) c + "," + sh + "," + flag + ")"; }
    }
    static class B extends A {
        long w;
        B(int x, long y) { super(x ^ 5, y); w = y >>> 3; }
        @Override int f(int v, double d) {
            float v13 = (sF % f);
            long v14 = (false ? sL : vL);
            { Double bx15 = (double) ((double) Math.rint(sD)); mix(bx15.compareTo(sD)); mix(bx15.hashCode()); }
            sI = Integer.bitCount(Long.signum((long) x));
            sL = ((long) (char) 16777217.0f + ((-3672982459390821490L << y) | 4428323356612484214L));
            mix(v);
            mix(v13);
            mix(v14);
            return sIa[(sIa[((v / (sI == 0 ? -1 : sI)) & 0x7fffffff) % sIa.length] & 0x7fffffff) % sIa.length];
        }
        @Override public long g(long v) { return super.g(v) + w; }
        @Override public String toString() { return "B" + w + super.toString(); }
    }
    static final class C extends B {
        C(int x, long y) { super(x, ~y); s = "c" + x; }
        @Override synchronized int f(int v, double d) {
            float v16 = (sF % sF);
            double v17 = (d / d);
            switch (s) {
                case "a": {
                    c = '7';
                }
                case "ssa": {
                    if ((v16 != (float) Math.rint(z))) {
                        mix(f);
                        if (((char) (sC % c) != c)) { throw new IllegalStateException("t" + (s).length()); }
                        mix(((y & vL) >>> 1));
                    }
                    else {
                        if (true) { throw new IllegalStateException("t" + ~(x)); }
                    }
                }
                break;
                default: {
                    L18: for (int k19 = 0; k19 < 8; k19++) {
                        for (int j20 = k19; j20 < 6; j20++) {
                            sIa[(Integer.rotateLeft(x, sI) & 0x7fffffff) % sIa.length] += (sIa.length ^ (sC + b));
                            sL = (-2006245703 * 3L);
                            mix((vL / (vL | 1L)));
                            { StringBuilder sb21 = new StringBuilder(); sb21.append((byte) 127); sb21.append((sL ^ sL)); sb21.append((y - sL)); s = cap(sb21.toString()); }
                        }
                    }
                }
            }
            sI = v;
            mix(v);
            mix(v16);
            mix(v17);
            return ((char) (c ^ sC) + b);
        }
    }
    static final class D implements Shape { final int k; D(int k) { this.k = k; } public long g(long v) { return v * k - 1; } public int h(int x) { return x - k; } }
    static short m0(float p0) {
        float v22 = (sZ ? Float.MIN_VALUE : p0);
        float v23 = (Float.NEGATIVE_INFINITY * sF);
        A v24 = new A(sI, 6518078048820273408L);
        boolean v25 = (sI <= sI);
        float v26 = (sF / Float.NaN);
        if ((Float.isInfinite((sZ ? Float.NEGATIVE_INFINITY : v22)) && ((sL - Long.MAX_VALUE) == Long.bitCount(8378679552475749445L)))) {
            sC = sC;
            mix(sO.f(-(vI), (true ? Double.MAX_VALUE : sD)));
            { Integer bx27 = (int) (("jit").length()); LIST.add(bx27); mix(bx27.equals(LIST.get(0))); mix(bx27 == LIST.get(LIST.size() - 1)); }
        }
        else {
            if (sO instanceof C pb28) {
                mix(pb28.w);
                for (int k29 = 2; k29 > 0; k29--) {
                    v26 = Float.MIN_VALUE;
                    sD = (1.0 / ((v25 ? sD : sD) / sD));
                }
                vI += (vI << sI);
            }
        }
        vI = vI;
        { Long bx30 = (long) (1823734304630315616L); mix(BOX.apply((int) -131.521f, bx30)); }
        for (int k31 = (sI & 7); k31 > 0; k31--) {
            try {
                { Double bx32 = (double) ((sD - sD)); mix(bx32.compareTo(sD)); mix(bx32.hashCode()); }
            }
            catch (ArrayStoreException ex33) {
                mix(ex33);
                mix(sO);
            }
            catch (RuntimeException ex34) {
                mix(ex34);
            }
            if ((((45.48455f + v23) - (p0 + v22)) > ((p0 * v23) * (v22 % sF)))) {
                if ((-0.0f >= v26)) {
                    v24 = sO;
                    sO.z = (double) '\uffff';
                }
                try {
                    v24.y = (-7143752979812451342L % (sL | 1L));
                    p0 = v23;
                    sOa = new Object[(vI & 7)];
                    mix(v24.f(('\u00e9' + sB), -(sD)));
                }
                finally {
                    mix(1);
                }
            }
        }
        mix(v22);
        mix(v23);
        mix(v24);
        mix(v25);
        mix(v26);
        return (short) ((short) (vI) << (short) -32768);
    }
    static char m1(short[] p0, int p1) {
        float v35 = (Float.MAX_VALUE + sF);
        long v36 = (long) sC;
        byte v37 = (byte) (sB / sB);
        try {
            if (false) {
                for (int k38 = -3; k38 <= 9; k38 += 2) {
                    sL = -4015088219953259379L;
                    sOa = true ? new String[3] : new Object[4];
                    { final int cap39 = -1408359620; IntUnaryOperator op40 = q41 -> q41 * 7 - cap39; mix(op40.applyAsInt(-(p1))); }
                }
            }
        }
        finally {
            mix((sZ ? 1 : vI));
        }
        for (int k42 = -3; k42 <= 9; k42 += 2) {
            if (false) {
                mix(((sZ ? vI : p1) ^ sIa[(k42 & 0x7fffffff) % sIa.length]));
                if (!sZ) { break; }
                switch (p1) {
                    case 445: {
                        { Object bx43 = (Object) (sC); mix(String.valueOf(bx43)); mix(bx43 instanceof Number); }
                        sIa[(sIa[((int) v37 & 0x7fffffff) % sIa.length] & 0x7fffffff) % sIa.length] += (int) Math.copySign(1.0f, sF);
                    }
                    break;
                    case 538: {
                        p0 = p0;
                        { Double bx44 = (double) (sD); mix(bx44.compareTo(sD)); mix(bx44.hashCode()); }
                    }
                    break;
                    case 260: {
                        sIa[((sStr).length() & 0x7fffffff) % sIa.length] = ((true ? sStr : "jit")).length();
                        { final long cap45 = -(sL); LongBinaryOperator op46 = (q47, wq47) -> q47 / (wq47 | 1) + cap45; mix(op46.applyAsLong((sZ ? vL : vL), -7L)); }
                    }
                    break;
                }
            }
            else {
                { StringBuilder sb48 = new StringBuilder(); sb48.append((sD > sD)); sb48.append(new C(20, 557L)); sStr = cap(sb48.toString()); }
                sO = ((sO instanceof C) ? (false ? (A) (sZ ? (Object) sO : (Object) "") : (A) null) : sO);
            }
            mix(63);
            try {
                L49: for (int k50 = 0; k50 < 1; k50++) {
                    for (int j51 = k50; j51 < 6; j51++) {
                        { final int cap52 = sOa.length; IntUnaryOperator op53 = q54 -> q54 * 7 - cap52; mix(op53.applyAsInt(k42)); }
                    }
                    mix(((0x55555555 | vI) * 3L));
                }
                try {
                    if (sZ) { continue; }
                    { Object bx55 = (Object) ((sO == null)); mix(String.valueOf(bx55)); mix(bx55 instanceof Number); }
                    sD = ((false ^ (sC > '\uffff')) ? ((sC < sC) ? 291.17749488339297 : (sD + sD)) : sD);
                }
                catch (IndexOutOfBoundsException ex56) {
                    mix(ex56);
                    { final int cap57 = (1602226726 + k42); IntUnaryOperator op58 = q59 -> q59 * 7 - cap57; mix(op58.applyAsInt(sIa[(sIa[((p1 / k42) & 0x7fffffff) % sIa.length] & 0x7fffffff) % sIa.length])); }
                }
                { StringBuilder sb60 = new StringBuilder(); sb60.append(sZ); sb60.append(-1.5); sb60.reverse(); sStr = cap(sb60.toString()); }
            }
            finally {
                mix(sIa[(sIa.length & 0x7fffffff) % sIa.length]);
            }
            if ((0x123456789ABCDEFL >= vL)) { break; }
        }
        if (true) {
            sO.y = -7993684758191564052L;
            { StringBuilder sb61 = new StringBuilder(); sb61.append((char) (sC - sC)); sb61.append(vL); sb61.append(4546210048987797092L); sb61.append((byte) 100); sb61.reverse(); sStr = cap(sb61.toString()); }
            sB++;
        }
        L62: for (int k63 = 0; k63 < ((int) sS & 7); k63++) {
            for (int j64 = k63; j64 < 6; j64++) {
                switch (Integer.MAX_VALUE) {
                    case 0: {
                        { Integer bx65 = (int) (sIa[(vI & 0x7fffffff) % sIa.length]); LIST.add(bx65); mix(bx65.equals(LIST.get(0))); mix(bx65 == LIST.get(LIST.size() - 1)); }
                    }
                    case 5: {
                        vI = (int) (char) ((-2130724093 & sI));
                    }
                    break;
                    case 6: {
                        mix((float) Math.rint((sD - sD)));
                        v35 = (((sD == 1071.1074931395553) ? v35 : (float) sL) % sF);
                    }
                    break;
                    case -1: {
                        mix(p1);
                    }
                    break;
                    default: {
                        sO.c = (char) (p1);
                    }
                }
                try {
                    p1 = k63;
                    mix(OP.applyAsInt(j64, (j64 - sI)) + LOP.applyAsLong(-1927313917149407287L));
                    sOa = !true ? new String[2] : new Object[4];
                    if (Float.isInfinite(0.0f)) { break L62; }
                }
                finally {
                    mix((sI ^ j64));
                }
                { StringBuilder sb69 = new StringBuilder(); sb69.append((vI * 3L)); sb69.append(sD); sb69.append((Long.MIN_VALUE >> k63)); sb69.insert((j64) & 3, 'u'); sStr = cap(sb69.toString()); }
                L70: for (int k71 = 0; k71 < 8; k71++) {
                    for (int j72 = k71; j72 < 6; j72++) {
                        sS = sS;
                    }
                }
            }
        }
        mix(v35);
        mix(v36);
        mix(v37);
        return (char) ('\uffff' - (char) sD);
    }
    static A m2(String p0, A p1, int p2) {
        float v73 = sF;
        float v74 = 0.1f;
        float v75 = sF;
        if (!(p1 instanceof C)) {
            vL += ~(p2);
            if (((switch (vI & 3) { case 0 -> p1.x; case 1 -> (switch (-1048414654 & 3) { case 0 -> 966696405; case 1 -> p2; default -> vI; }); default -> (int) LIST.size(); }) != sIa[((1 & sI) & 0x7fffffff) % sIa.length])) {
                mix(m0((float) sC));
            }
            else {
            }
        }
        mix(v73);
        mix(v74);
        mix(v75);
        return p1;
    }
    static byte m3(boolean p0, double p1, long p2, long p3, int p4) {
        float v76 = (p0 ? sF : sF);
        int v77 = sO.x;
        boolean v78 = sZ;
        float v79 = (sF % v76);
        int v80 = (int) sS;
        L81: for (int k82 = 0; k82 < ((switch (-880151416 & 3) { case 0 -> p4; case 1 -> vI; default -> vI; }) & 7); k82++) {
            for (int j83 = k82; j83 < 6; j83++) {
                L84: for (int k85 = 0; k85 < 5; k85++) {
                    for (int j86 = k85; j86 < 6; j86++) {
                        vI += (switch (0 & 3) { case 0 -> (63 - j86); case 1 -> OP.applyAsInt(j86, vI); default -> (switch (k82 & 3) { case 0 -> j86; case 1 -> j86; default -> sI; }); });
                    }
                }
            }
        }
        mix(v76);
        mix(v77);
        mix(v78);
        mix(v79);
        mix(v80);
        return (byte) (sO.x);
    }
    static char m4(short[] p0, A p1, String p2, double p3) {
        double v87 = (sD % p3);
        double v88 = (p3 / v87);
        A v89 = p1;
        if (v89 instanceof B pb90) {
            mix(pb90.w);
            sIa = new int[((vI >>> 255) & 7)];
            synchronized (LOCK) {
                for (int k91 = -3; k91 <= 9; k91 += 2) {
                    pb90.flag = ((sC >= sC) && true);
                }
                p2 = cap((false ? ((pb90 instanceof B) ? ("\u00e9\u4e2d" + sZ) : "a") : "a"));
                sOa = new Object[(Integer.bitCount(vI) & 7)];
            }
        }
        { StringBuilder sb92 = new StringBuilder(); sb92.append(new A(sI, vL)); sb92.append(String.valueOf(sO)); p2 = cap(sb92.toString()); }
        try {
            int k93 = 0;
            while (k93++ < 7) {
                for (int k94 = -3; k94 <= 9; k94 += 2) {
                    { Double bx95 = (double) (-(v88)); mix(bx95.compareTo((Double.NaN * v88))); mix(bx95.hashCode()); }
                    mix((int) (sL >>> vL));
                    { Long bx96 = (long) ((vL - sL)); mix(BOX.apply(3, bx96)); }
                    p3 = (v87 + ((v87 * v87) - -1065.7566132152365));
                }
                int k97 = 8;
                do {
                    sD = (double) Math.floor((-0.0 % (v87 / v87)));
                    sZ = !(sO.x >= (switch (k93 & 3) { case 0 -> 65535; case 1 -> k93; default -> sI; }));
                } while (--k97 > 0);
            }
            int k98 = 0;
            while (k98++ < ((sZ ? vI : vI) & 7)) {
                mix(OP.applyAsInt((1414127397 * k98), Integer.compare(vI, sI)) + LOP.applyAsLong(vL));
                sF -= sF;
                { StringBuilder sb102 = new StringBuilder(); sb102.append(true); sb102.append((short) (sS >>> sS)); sb102.append(Math.copySign(sF, Float.MAX_VALUE)); p2 = cap(sb102.toString()); }
                if ((Double.isNaN(v88) & (p1 == null))) {
                    vL += (vI + sI);
                }
            }
            { final long cap103 = (vL >> sL); LongBinaryOperator op104 = (q105, wq105) -> q105 / (wq105 | 1) + cap103; mix(op104.applyAsLong(sL, (sZ ? sL : vL))); }
            if ((OP.applyAsInt(sI, vI) == 65535)) { throw new IllegalStateException("t" + Math.min(-128, vI)); }
        }
        catch (NegativeArraySizeException ex106) {
            mix(ex106);
        }
        p2 = cap((false ? "" : "\u00e9\u4e2d"));
        if (sZ) {
            if (true) {
                for (int k107 = 0; k107 < 4; k107++) {
                    sStr = cap((String.valueOf(new A(79, 105L)) + true));
                    mix(new short[(-(255) & 7)].length);
                    sO.flag = (sZ ^ (sZ ^ sZ));
                }
                switch (221352724) {
                    case 2: {
                        sOa = new Object[(Integer.numberOfLeadingZeros(sI) & 7)];
                        mix(((B) p1).w);
                    }
                    break;
                    case 4: {
                        mix(sC);
                        mix((short) ((short) (vI) >> (short) 32767));
                    }
                    break;
                }
            }
            else {
                v88 = ((double) Math.max(sL, sL) * (2147483648.0 + (sZ ? 9.223372036854776E18 : 0.1)));
            }
        }
        else {
            switch ((sC + sB)) {
                case 3: {
                    for (int k108 = 0; k108 < 2; k108++) {
                        mix(p1.f((int) sD, (v88 + sD)));
                    }
                }
                break;
                case -1: {
                }
                break;
            }
        }
        mix(v87);
        mix(v88);
        mix(v89);
        return (char) ('7' | (char) (vI));
    }
    static long rec(int n, long acc, A o) {
        if (n <= 0) { return acc; }
        for (int k109 = 2; k109 > 0; k109--) {
            if ((sF > (float) vI)) { break; }
            switch (-1000000) {
                case 6: {
                    synchronized (Main.class) {
                        { StringBuilder sb110 = new StringBuilder(); sb110.append((sL - vL)); sb110.append((sL == acc)); sb110.reverse(); sStr = cap(sb110.toString()); }
                    }
                    if (sO instanceof B pb111) {
                        mix(pb111.w);
                        mix(sStr);
                    }
                }
            }
        }
        if ((o instanceof B)) { throw new IllegalStateException("t" + (int) sL); }
        if (!sZ) {
            synchronized (Main.class) {
                sO = (((acc / (sL | 1L)) != vL) ? new B(18, 241L) : (A) null);
                vL = vL;
                try {
                    sI = o.x;
                    { StringBuilder sb112 = new StringBuilder(); sb112.append((sZ ? sD : sD)); sb112.append((byte) sD); sb112.append(String.valueOf("ssa").substring(0)); sb112.reverse(); sStr = cap(sb112.toString()); }
                }
                catch (ClassCastException ex113) {
                    mix(ex113);
                }
                finally {
                    mix((sZ ? vI : vI));
                    { Integer bx114 = (int) (o.x); LIST.add(bx114); mix(bx114.equals(LIST.get(0))); mix(bx114 == LIST.get(LIST.size() - 1)); }
                }
            }
        }
        else {
            if (((sStr).length() != (n % sI))) { throw new IllegalStateException("t" + sO.x); }
        }
        return rec(n - 1, acc * 31 + 0x123456789ABCDEFL, o) + +(vI);
    }
    static long hot(int rep) {
        long v115 = (vL + vL);
        int v116 = +(rep);
        float v117 = (float) sI;
        for (int k118 = 0; k118 < 3000; k118++) {
            vI += k118;
        }
        mix(v115);
        mix(v116);
        mix(v117);
        return 63L;
    }
    static void run(int iter) {
        int e0 = iter % 7 == 3 ? 0 : (int) rnd(); long e1 = rnd() * (iter % 5 - 2); double e2 = (rnd() % 1000) / 7.0 - 60;
        A o0 = iter % 9 == 4 ? null : iter % 3 == 0 ? new C(iter, e1) : iter % 3 == 1 ? new B(e0, iter) : new A(iter, e1);
        try { mix(m0((float) e2)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(m1(new short[(iter & 7) + 1], e0)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(m2(String.valueOf(e0 % 1000), o0, -480497882)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(m3((iter & 1) == 0, e2, -1L, e1, 563580777)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(m4(new short[(iter & 7) + 1], o0, "a", Double.NEGATIVE_INFINITY)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(rec(iter & 15, e1, o0)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(Irr.irr(e0, e1, iter)); } catch (RuntimeException ex) { mix(ex); }
        try { mix(o0.f(e0, e2)); mix(o0.g(e1)); mix(o0.h(e0)); } catch (RuntimeException ex) { mix(ex); }
        Shape sh0 = iter % 4 == 0 ? new D(iter) : o0; try { mix(sh0.g(e1)); mix(sh0.h(iter)); } catch (RuntimeException ex) { mix(ex); }
        if (iter % 97 == 50) { System.gc(); }
        if (LIST.size() > 64) { LIST.clear(); }
    }
    public static void main(String[] args) {
        for (int rep = 0; rep < 3; rep++) { try { mix(hot(rep)); } catch (RuntimeException e) { mix(e); } }
        for (int iter = 0; iter < 411; iter++) {
            run(iter);
        }
        mix(sI); mix(sL); mix(sD); mix(sF); mix(sS); mix(sB); mix(sC); mix(sZ); mix(sStr); mix(vI); mix(vL); mix(sO);
        for (int v : sIa) { mix(v); }
        for (Object o : sOa) { mix(String.valueOf(o)); }
        for (Integer v : LIST) { mix(v); }
        System.out.println("checksum " + sum);
    }
}
