package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.management.ObjectName;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * ssajit leaves the last {@code CodeCacheMinimumUseSpace} bytes of a non-segmented code cache to the
 * VM's own code ({@link CodeCacheReserve}): the rule over a pool of known usage, what is read from this
 * VM, and javac in a child JVM whose 4 MB code cache fills.
 */
// Its tests wait on child JVMs: they run beside others (ssajit.test.threads in jvmci-plugin's pom).
@Execution(ExecutionMode.CONCURRENT)
class CodeCacheReserveTest {
    private static final long KB = 1024;

    @Test
    void refusesWhatWouldLeaveLessThanTheReserve() {
        CodeCacheReserve r = CodeCacheReserve.of(List.of(pool(4096 * KB, 3500 * KB)), 400 * KB); // 596 KB free
        assertNull(r.problem());
        assertEquals(596 * KB, r.free());
        assertNull(r.refusal(0));
        assertNull(r.refusal(196 * KB), "exactly the reserve left");
        String reason = r.refusal(196 * KB + 1);
        assertNotNull(reason);
        assertTrue(reason.contains("596 KB free") && reason.contains("400 KB (CodeCacheMinimumUseSpace)"), reason);

        CodeCacheReserve full = CodeCacheReserve.of(List.of(pool(4096 * KB, 3800 * KB)), 400 * KB); // 296 KB free
        assertNotNull(full.refusal(0), "under the reserve before any code");
    }

    /**
     * A method refused for its size is refused again before compiling while that size does not fit
     * (HotSpot asks again at once; compiling it again would only be refused again), and compiled
     * again once it fits; another method is not held back by it.
     */
    @Test
    void aMethodRefusedForItsSizeWaitsUntilThatSizeFits() {
        long[] used = {3500 * KB}; // 596 KB free
        CodeCacheReserve r = CodeCacheReserve.of(List.of(pool(4096 * KB, used)), 400 * KB);
        assertNull(r.refusalBeforeCompiling("A.m()@-1"));
        assertNotNull(r.refusalToInstall("A.m()@-1", 250 * KB), "196 KB above the reserve, 250 KB of code");
        String again = r.refusalBeforeCompiling("A.m()@-1");
        assertNotNull(again, "the same size still does not fit");
        assertTrue(again.contains("for " + 250 * KB + " bytes") && again.contains("its size when last compiled"), again);
        assertNull(r.refusalBeforeCompiling("A.m()@12"), "its OSR compile is another request");
        assertNull(r.refusalBeforeCompiling("B.n()@-1"));
        used[0] = 3400 * KB; // 696 KB free: 250 KB fit
        assertNull(r.refusalBeforeCompiling("A.m()@-1"));
        assertNull(r.refusalToInstall("A.m()@-1", 250 * KB));
        used[0] = 3500 * KB;
        assertNull(r.refusalBeforeCompiling("A.m()@-1"), "installed once: its size is forgotten");
        assertNull(CodeCacheReserve.NONE.refusalToInstall("A.m()@-1", 1L << 40));
        assertNull(CodeCacheReserve.NONE.refusalBeforeCompiling("A.m()@-1"));
    }

    @Test
    void withoutExactlyOnePoolNothingIsChecked() {
        CodeCacheReserve none = CodeCacheReserve.of(List.of(), 400 * KB);
        assertNotNull(none.problem());
        assertNull(none.refusal(1 << 30));
        CodeCacheReserve two = CodeCacheReserve.of(List.of(pool(KB, KB), pool(KB, KB)), 400 * KB);
        assertNotNull(two.problem());
        assertNull(two.refusal(1 << 30));
    }

    /** In this VM (the default, segmented cache) HotSpot keeps its own code apart: nothing to check. */
    @Test
    void segmentedCacheNeedsNoReserve() {
        org.ssajit.hotspot.HotSpotVmConfig config = org.ssajit.hotspot.HotSpotVmConfig.host();
        if (config.getFlag("SegmentedCodeCache", Boolean.class)) {
            assertEquals(CodeCacheReserve.NONE, CodeCacheReserve.of(config));
        }
        assertTrue(config.getFlag("CodeCacheMinimumUseSpace", Long.class) > 0, "a develop flag, readable through JVMCI");
    }

    /**
     * javac compiling ssa-core twice ({@code ProgramTimer}, as {@code scripts/stress.sh} runs it) in a
     * 4 MB code cache with one heap, ssajit as tier 4, background compilation: the cache fills, and
     * before the reserve the VM died of {@code OutOfMemoryError: Out of space in CodeCache for adapters}
     * (2 of 2 runs with the previous jars, 14 and 26 s in); now ssajit refuses methods for the reserve and javac finishes with
     * the checksum of a run without ssajit (C1 only: javac's class files do not depend on the JIT, and
     * {@code -Xint} would take minutes).
     */
    @Test
    void javacInASmallCodeCacheRunsToTheEnd() throws Exception {
        String main = "org.ssajit.demo.ProgramTimer";
        List<String> args = List.of("--iterations", "2", "javac", Path.of("..", "ssa-core", "src", "main", "java").toAbsolutePath().normalize().toString());
        ChildJvm.Result plain = ChildJvm.run(List.of("-XX:TieredStopAtLevel=1"), main, args, Duration.ofMinutes(2));
        assertEquals(0, plain.exitCode(), plain::describe);
        List<String> expected = plain.stdout().lines().filter(l -> l.startsWith("checksum ")).toList();
        assertEquals(1, expected.size(), plain::describe);

        List<String> flags = List.of("-XX:+UseJVMCICompiler", "-Djvmci.Compiler=ssajit", "-XX:Tier4InvocationThreshold=100", "-XX:Tier4CompileThreshold=200",
                        "-Dssajit.Stats=true", "-XX:ReservedCodeCacheSize=4m", "-XX:InitialCodeCacheSize=4m", "-XX:-SegmentedCodeCache", "-XX:+PrintCodeCache");
        ChildJvm.Result r = ChildJvm.runAsSsajitRun(flags, main, args, Duration.ofMinutes(3));
        assertFalse(r.crashed(), r::describe);
        assertEquals(List.of(), outOfSpaceBeforeExit(r.stdout() + "\n" + r.stderr()), r::describe);
        assertEquals(0, r.exitCode(), r::describe);
        assertEquals(expected, r.stdout().lines().filter(l -> l.startsWith("checksum ")).toList(), r::describe);
        assertTrue(r.stderr().contains("KB (CodeCacheMinimumUseSpace) to the VM's adapters and stubs"), r::describe);
        Matcher refused = Pattern.compile("\\[ssajit\\] +(\\d+)  " + Pattern.quote(CodeCacheReserve.CATEGORY)).matcher(r.stderr());
        assertTrue(refused.find(), () -> "ssajit never refused a method for the reserve: the cache did not fill\n" + r.describe());
        System.out.println("javac in a 4 MB code cache: " + refused.group(1) + " requests refused for the reserve\n"
                        + r.stderr().lines().filter(l -> l.startsWith("[ssajit]")).reduce("", (a, b) -> a + b + "\n")
                        + r.stdout().lines().filter(l -> l.contains("CodeCache:") || l.contains("total_blobs") || l.startsWith("javac ")).reduce("", (a, b) -> a + b + "\n"));
    }

    /**
     * The reports of "Out of space in CodeCache" that did not come from the shutdown hooks. C1 goes on
     * filling the one heap after ssajit stops at its reserve, and at exit the cache can be full: the
     * hooks of JVMCI and of ssajit's statistics then cannot link new method handles, which is the VM's
     * own limit, not ssajit's. Each report counts with the exception, and its causes, it belongs to.
     */
    static List<String> outOfSpaceBeforeExit(String output) {
        List<String> found = new ArrayList<>();
        List<String> lines = output.lines().toList();
        int i = 0;
        while (i < lines.size()) {
            int end = i + 1;
            while (end < lines.size() && (lines.get(end).startsWith("\t") || lines.get(end).startsWith("Caused by:"))) {
                end++;
            }
            String block = String.join("\n", lines.subList(i, end));
            boolean atExit = block.contains("HotSpotJVMCIRuntime.shutdown(") || lines.get(i).startsWith("[ssajit] no statistics at exit: ");
            if (block.contains("Out of space in CodeCache") && !atExit) {
                found.add(block);
            }
            i = end;
        }
        return found;
    }

    @Test
    void outOfSpaceCountsUnlessAShutdownHookReportsIt() {
        String vmAtExit = "checksum 1\njava.lang.NoSuchMethodError: 'boolean java.lang.invoke.MethodHandle.linkToStatic()'\n"
                        + "\tat java.base/java.util.concurrent.atomic.AtomicBoolean.compareAndSet(AtomicBoolean.java:98)\n"
                        + "\tat jdk.internal.vm.ci/jdk.vm.ci.hotspot.HotSpotJVMCIRuntime.shutdown(HotSpotJVMCIRuntime.java:990)\n"
                        + "Caused by: java.lang.OutOfMemoryError: Out of space in CodeCache for method handle intrinsic\n\t... 2 more\n";
        String statsAtExit = "[ssajit] no statistics at exit: java.lang.InternalError: Out of space in CodeCache for method handle intrinsic\n";
        String duringTheRun = "Exception in thread \"main\" java.lang.OutOfMemoryError: Out of space in CodeCache for adapters\n"
                        + "\tat java.base/java.lang.invoke.MethodHandleNatives.resolve(Native Method)\n";
        assertEquals(List.of(), outOfSpaceBeforeExit(vmAtExit + statsAtExit));
        assertEquals(1, outOfSpaceBeforeExit(vmAtExit + duringTheRun + statsAtExit).size());
        assertEquals(1, outOfSpaceBeforeExit("OpenJDK 64-Bit Server VM warning: Out of space in CodeCache\nchecksum 1\n").size());
    }

    private static MemoryPoolMXBean pool(long max, long used) {
        return pool(max, new long[]{used});
    }

    /** A pool whose used bytes are {@code used[0]} at each read. */
    private static MemoryPoolMXBean pool(long max, long[] used) {
        return new MemoryPoolMXBean() {
            @Override
            public MemoryUsage getUsage() {
                return new MemoryUsage(max, used[0], max, max);
            }

            @Override
            public String getName() {
                return "CodeCache";
            }

            @Override
            public MemoryType getType() {
                return MemoryType.NON_HEAP;
            }

            @Override
            public MemoryUsage getPeakUsage() {
                return getUsage();
            }

            @Override
            public void resetPeakUsage() {
            }

            @Override
            public boolean isValid() {
                return true;
            }

            @Override
            public String[] getMemoryManagerNames() {
                return new String[]{"CodeCacheManager"};
            }

            @Override
            public long getUsageThreshold() {
                return 0;
            }

            @Override
            public void setUsageThreshold(long threshold) {
            }

            @Override
            public boolean isUsageThresholdExceeded() {
                return false;
            }

            @Override
            public long getUsageThresholdCount() {
                return 0;
            }

            @Override
            public boolean isUsageThresholdSupported() {
                return false;
            }

            @Override
            public long getCollectionUsageThreshold() {
                return 0;
            }

            @Override
            public void setCollectionUsageThreshold(long threshold) {
            }

            @Override
            public boolean isCollectionUsageThresholdExceeded() {
                return false;
            }

            @Override
            public long getCollectionUsageThresholdCount() {
                return 0;
            }

            @Override
            public MemoryUsage getCollectionUsage() {
                return null;
            }

            @Override
            public boolean isCollectionUsageThresholdSupported() {
                return false;
            }

            @Override
            public ObjectName getObjectName() {
                return null;
            }
        };
    }
}
