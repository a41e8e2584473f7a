package org.ssajit.jvmci;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import jdk.vm.ci.meta.ResolvedJavaMethod;

import org.ssajit.hotspot.HotSpotVmConfig;

/**
 * Room in the code cache that ssajit's code must leave to the VM's own code (adapters between the
 * interpreter and compiled code, method-handle intrinsics, stubs).
 *
 * <p>With a segmented code cache (HotSpot's default from 240 MB) that code has a heap of its own,
 * sized by HotSpot to at least {@code CodeCacheMinimumUseSpace}, which nmethods never take: nothing to
 * check. With one heap for everything ({@code -XX:-SegmentedCodeCache}, the default below 240 MB)
 * HotSpot reserves nothing: whoever allocates first gets the last bytes, and when an adapter cannot be
 * allocated the Java thread that needs it gets {@code OutOfMemoryError: Out of space in CodeCache for
 * adapters}. There ssajit refuses a method while the free space, less the code's size, is under
 * {@code CodeCacheMinimumUseSpace}, the VM's own minimum for that code (400 KB on x86_64); a retryable
 * refusal, as HotSpot's own "code cache is full" is, so the method keeps its code and HotSpot may ask
 * again once code has been unloaded.
 *
 * <p>A method refused for its code's size is remembered with that size, and refused again before it
 * is compiled while that size still does not fit: HotSpot asks again at every counter notification
 * (no back-off for a retryable refusal), and compiling a method only to refuse it again cost up to
 * 1.8 s a request in a full 4 MB cache, where ssajit's own code had been unloaded.
 *
 * <p>Everything is read from the running VM: the flags through JVMCI, the free space from the code
 * heap's memory pool (the one pool of HotSpot's code cache memory manager when the cache is not
 * segmented), whose {@code used} is the heap's allocated bytes at the moment of the call.
 */
final class CodeCacheReserve {
    /** The refusal category in {@code -Dssajit.Stats}. */
    static final String CATEGORY = "code cache: under the VM's reserve";

    /** Checks nothing: a segmented cache, or no pool to read (see {@link #problem}). */
    static final CodeCacheReserve NONE = new CodeCacheReserve(null, 0, null);

    private final MemoryPoolMXBean pool;
    private final long reserve;
    private final String problem;
    /** Code sizes of methods refused after compiling, by {@link #key}, until one fits. */
    private final Map<String, Long> refusedSizes = new ConcurrentHashMap<>();

    private CodeCacheReserve(MemoryPoolMXBean pool, long reserve, String problem) {
        this.pool = pool;
        this.reserve = reserve;
        this.problem = problem;
    }

    /** The reserve of the VM that {@code config} describes: this VM's code cache pools. */
    static CodeCacheReserve of(HotSpotVmConfig config) {
        if (config.getFlag("SegmentedCodeCache", Boolean.class)) {
            return NONE;
        }
        long reserve = config.getFlag("CodeCacheMinimumUseSpace", Long.class);
        List<MemoryPoolMXBean> pools;
        try {
            pools = ManagementFactory.getMemoryPoolMXBeans().stream()
                            .filter(p -> Arrays.stream(p.getMemoryManagerNames()).anyMatch(m -> m.contains("CodeCache"))).toList();
        } catch (RuntimeException | LinkageError e) {
            return new CodeCacheReserve(null, reserve, "the code cache's memory pool cannot be read (" + e + ")");
        }
        return of(pools, reserve);
    }

    /** The reserve over {@code pools}, the code cache's: exactly one is expected (one heap). */
    static CodeCacheReserve of(List<MemoryPoolMXBean> pools, long reserve) {
        if (pools.size() != 1) {
            return new CodeCacheReserve(null, reserve,
                            "expected one code cache memory pool (the cache is not segmented), found " + pools.stream().map(MemoryPoolMXBean::getName).toList());
        }
        return new CodeCacheReserve(pools.get(0), reserve, null);
    }

    /** Why the free space cannot be checked although the cache is not segmented, or null. */
    String problem() {
        return problem;
    }

    /** Bytes left to the VM's own code. */
    long reserve() {
        return reserve;
    }

    /** Free bytes in the code heap now, or -1 if not checked. */
    long free() {
        if (pool == null) {
            return -1;
        }
        MemoryUsage u = pool.getUsage();
        return u.getMax() - u.getUsed();
    }

    /** What a method's size is remembered by: names, not the method (which would keep its class). */
    static String key(ResolvedJavaMethod method, int entryBci) {
        return method.format("%H.%n(%P)") + "@" + entryBci;
    }

    /**
     * Before compiling the method of {@code key}: null if there is room, else the refusal reason.
     * Room for the code size it had when last refused for it, if it was, or else room at all.
     */
    String refusalBeforeCompiling(String key) {
        if (pool == null) {
            return null;
        }
        Long bytes = refusedSizes.get(key);
        String reason = refusal(bytes == null ? 0 : bytes);
        return reason == null || bytes == null ? reason : reason + " (its size when last compiled)";
    }

    /** Before installing {@code bytes} of code for the method of {@code key}: as {@link #refusal}, remembering the size if refused. */
    String refusalToInstall(String key, long bytes) {
        if (pool == null) {
            return null;
        }
        String reason = refusal(bytes);
        if (reason != null) {
            refusedSizes.put(key, bytes);
        } else {
            refusedSizes.remove(key);
        }
        return reason;
    }

    /**
     * Null if {@code bytes} more of ssajit's code leave the reserve free, else the refusal reason.
     * {@code bytes} is the code and data ssajit made (0 before compiling); the nmethod takes more
     * (relocations, debug information, HotSpot's header), which the reserve absorbs.
     */
    String refusal(long bytes) {
        if (pool == null) {
            return null;
        }
        long free = free();
        if (free - bytes >= reserve) {
            return null;
        }
        return "the code cache has " + free / 1024 + " KB free" + (bytes > 0 ? " for " + bytes + " bytes of code" : "") + "; ssajit leaves the last "
                        + reserve / 1024 + " KB (CodeCacheMinimumUseSpace) to the VM's adapters and stubs";
    }
}
