package org.ssajit.hotspot;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import org.ssajit.codegen.CompiledCode;
import org.ssajit.util.CompilerArrays;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotCodeCacheProvider;
import jdk.vm.ci.hotspot.HotSpotCompiledCode;
import jdk.vm.ci.hotspot.HotSpotCompiledCode.Comment;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.meta.Assumptions.Assumption;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * ssajit's own runtime stubs: code with a frame of its own between compiled code and a VM entry
 * (where the VM must find a stub frame on top, e.g. to create an exception whose stack trace starts at
 * the compiled method's bci). A back end generates each stub once per VM; it is installed into the
 * code cache as a HotSpot {@code RuntimeStub} (JVMCI's {@code installCode} without a method) the first
 * time compiled code needs it, and lives as long as the VM. Target-neutral: the key names the stub,
 * the back end supplies its code.
 */
public final class RuntimeStubs {
    private static final Map<String, InstalledCode> INSTALLED = new ConcurrentHashMap<>();

    private RuntimeStubs() {
    }

    /**
     * The entry address of the stub named {@code name}, installing {@code code} if it is not installed
     * yet (once per VM, also under concurrent compiles). A failed installation throws, and is tried
     * again by the next caller.
     */
    public static long address(String name, Supplier<CompiledCode> code) {
        return INSTALLED.computeIfAbsent(name, n -> install(code.get())).getStart();
    }

    /**
     * Stub addresses by two numbers that name a stub as its name does (a VM entry's address and the
     * stub's shape), for the callers that ask for a stub at every operation they emit: building the
     * name each time ran the JDK's string concatenation and hashing, which became hot on the compiler
     * thread. An address once found stays valid: these stubs live as long as the VM. 0: not known yet.
     */
    public static final class Known {
        private long[] keys = new long[8];
        private int[] shapes = new int[8];
        private long[] addresses = new long[8];
        private int count;

        /** The address recorded for {@code key} and {@code shape}, or 0. */
        public synchronized long find(long key, int shape) {
            for (int i = 0; i < count; i++) {
                if (keys[i] == key && shapes[i] == shape) {
                    return addresses[i];
                }
            }
            return 0;
        }

        /** Records {@code address} (not 0) for {@code key} and {@code shape}; the first one recorded stays. */
        public synchronized void add(long key, int shape, long address) {
            if (address == 0) {
                throw new IllegalArgumentException("no stub at address 0");
            }
            if (find(key, shape) != 0) {
                return;
            }
            if (count == keys.length) {
                keys = CompilerArrays.copyOf(keys, 2 * count);
                shapes = CompilerArrays.copyOf(shapes, 2 * count);
                addresses = CompilerArrays.copyOf(addresses, 2 * count);
            }
            keys[count] = key;
            shapes[count] = shape;
            addresses[count] = address;
            count++;
        }
    }

    /** The stubs installed so far, by name (for tests and diagnostics). */
    public static Map<String, InstalledCode> installed() {
        return Map.copyOf(INSTALLED);
    }

    private static InstalledCode install(CompiledCode code) {
        HotSpotCodeCacheProvider codeCache = (HotSpotCodeCacheProvider) HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getCodeCache();
        byte[] bytes = code.code();
        HotSpotCompiledCode stub = new HotSpotCompiledCode(code.name(), bytes, bytes.length, code.sites().toArray(new Site[0]), new Assumption[0],
                        new ResolvedJavaMethod[0], new Comment[0], code.dataSection(), code.dataSectionAlignment(),
                        code.dataSectionPatches().toArray(new DataPatch[0]), false, code.totalFrameSize(), null);
        InstalledCode installed = codeCache.installCode(null, stub, null, null, false);
        if (installed.getStart() == 0) {
            throw new IllegalStateException("runtime stub " + code.name() + " installed without an entry address");
        }
        return installed;
    }
}
