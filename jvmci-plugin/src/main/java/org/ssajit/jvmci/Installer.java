package org.ssajit.jvmci;

import java.nio.file.Path;

import org.ssajit.codegen.Backend;
import org.ssajit.codegen.Backends;
import org.ssajit.codegen.CompiledCode;
import org.ssajit.debug.FaultInjection;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.util.Nulls;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotCodeCacheProvider;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotCompiledCode.Comment;
import jdk.vm.ci.hotspot.HotSpotCompiledNmethod;
import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;
import jdk.vm.ci.meta.Assumptions.Assumption;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.runtime.JVMCICompiler;

/**
 * Puts {@link CompiledCode} into HotSpot's code cache as an nmethod of a method. Two ways in: for a
 * compile request from the broker (its id and JVMCI environment go along), or directly, outside the
 * broker (tests, tools), with a fresh compile id. Installation failures (code cache full, invalid
 * dependencies, malformed code) come back as {@link jdk.vm.ci.code.BailoutException}.
 */
public final class Installer {
    private final HotSpotCodeCacheProvider codeCache;
    private final Backend backend;
    private final HotSpotVmConfig config;
    private final Dumper dumper;
    /** The fault injector whose "installation" point each installation passes. */
    private final FaultInjection faults;

    /** {@code backend}: the one that made the code; {@code dumpDir}: where to write the disassembly of installed code, or null. */
    public Installer(HotSpotCodeCacheProvider codeCache, Backend backend, HotSpotVmConfig config, Path dumpDir) {
        this(codeCache, backend, config, dumpDir != null ? new Dumper(dumpDir, backend) : null, FaultInjection.NONE);
    }

    private Installer(HotSpotCodeCacheProvider codeCache, Backend backend, HotSpotVmConfig config, Dumper dumper, FaultInjection faults) {
        this.codeCache = Nulls.requireNonNull(codeCache, "codeCache");
        this.backend = Nulls.requireNonNull(backend, "backend");
        this.config = Nulls.requireNonNull(config, "config");
        this.dumper = dumper;
        this.faults = Nulls.requireNonNull(faults, "faults");
    }

    /** This installer with the compiler's fault injector. */
    public Installer withFaults(FaultInjection other) {
        return new Installer(codeCache, backend, config, dumper, other);
    }

    /** The host VM's code cache and back end, no dumps. */
    public static Installer host() {
        return new Installer((HotSpotCodeCacheProvider) HotSpotJVMCIRuntime.runtime().getHostJVMCIBackend().getCodeCache(), Backends.host(),
                        HotSpotVmConfig.host(), null);
    }

    public HotSpotCodeCacheProvider codeCache() {
        return codeCache;
    }

    /**
     * Installs {@code code} for {@code method} outside the compile broker, as the code the method runs
     * from now on ({@code isDefault}): calls from the interpreter and compiled callers enter it.
     */
    public InstalledCode installDirect(ResolvedJavaMethod method, CompiledCode code) {
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) method;
        // Every nmethod needs a real compile id; -1 would make HotSpot assign one, but JVMCI asserts on it.
        int id = m.allocateCompileId(JVMCICompiler.INVOCATION_ENTRY_BCI);
        return install(m, code, JVMCICompiler.INVOCATION_ENTRY_BCI, id, 0L);
    }

    /**
     * Installs {@code code} for {@code method} outside the broker as non-default code (for compile-the-world
     * runs): HotSpot validates it as it does every nmethod (relocations, oop maps, debug info), but the
     * method never runs it; nothing does until the caller runs the returned code, which it should
     * invalidate once done. Rejections are thrown as by {@link #installDirect}.
     */
    public InstalledCode installNonDefault(ResolvedJavaMethod method, CompiledCode code) {
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) method;
        int id = m.allocateCompileId(JVMCICompiler.INVOCATION_ENTRY_BCI);
        return codeCache.installCode(m, toNmethod(m, code, JVMCICompiler.INVOCATION_ENTRY_BCI, id, 0L), null, null, false);
    }

    /** Installs {@code code} as the result of a broker compile request. */
    public InstalledCode install(HotSpotCompilationRequest request, CompiledCode code) {
        return install(request.getMethod(), code, request.getEntryBCI(), request.getId(), request.getJvmciEnv());
    }

    private InstalledCode install(HotSpotResolvedJavaMethod method, CompiledCode code, int entryBci, int id, long compileState) {
        faults.point("installation");
        HotSpotCompiledNmethod nmethod = toNmethod(method, code, entryBci, id, compileState);
        InstalledCode installed = codeCache.installCode(method, nmethod, null, null, true);
        if (dumper != null) {
            dumper.code(id, method, code, installed);
        }
        return installed;
    }

    /**
     * The JVMCI form of {@code code}: sites sorted by pc; the methods are the root and those inlined into
     * it (HotSpot records a dependency on each, for class redefinition); the assumptions about the class
     * hierarchy, which HotSpot checks at installation (a failed one is a {@code BailoutException} that
     * is not permanent) and turns into dependencies that deoptimize the code when a class loaded later
     * breaks one.
     */
    public HotSpotCompiledNmethod toNmethod(HotSpotResolvedJavaMethod method, CompiledCode code, int entryBci, int id, long compileState) {
        checkEntries(method, code, entryBci);
        backend.checkInstallable(code, codeCache);
        Site[] sites = code.sites().toArray(new Site[0]);
        byte[] bytes = code.code();
        ResolvedJavaMethod[] methods = new ResolvedJavaMethod[1 + code.inlinedMethods().size()];
        methods[0] = method;
        for (int i = 0; i < code.inlinedMethods().size(); i++) {
            methods[i + 1] = code.inlinedMethods().get(i);
        }
        return new HotSpotCompiledNmethod(code.name(), bytes, bytes.length, sites, code.assumptions().toArray(new Assumption[0]), methods, new Comment[0],
                        code.dataSection(), code.dataSectionAlignment(), code.dataSectionPatches().toArray(new DataPatch[0]), false,
                        code.totalFrameSize(), code.deoptRescueSlot(), method, entryBci, id, compileState, code.hasUnsafeAccess());
    }

    /**
     * Virtual calls enter an instance method's nmethod at its unverified entry after an inline cache
     * chose it for one receiver class; code without the class check there would run for receivers of
     * other classes. HotSpot does not notice its absence, so refuse it here (code for an
     * on-stack replacement has no such entry).
     */
    private void checkEntries(HotSpotResolvedJavaMethod method, CompiledCode code, int entryBci) {
        if (method.isStatic() || entryBci != jdk.vm.ci.runtime.JVMCICompiler.INVOCATION_ENTRY_BCI) {
            // An on-stack-replacement compile is entered only from the interpreter, at its OSR entry.
            return;
        }
        int unverified = config.markUnverifiedEntry;
        boolean hasCheck = false;
        for (var s : code.sites()) {
            if (s instanceof Mark m && m.id instanceof Integer i && i == unverified) {
                hasCheck = true;
                break;
            }
        }
        if (!hasCheck) {
            throw new IllegalArgumentException(method.format("%H.%n(%p)") + " is an instance method: its code needs an inline-cache check at UNVERIFIED_ENTRY");
        }
    }
}
