package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.ssajit.hotspot.StubTarget;
import org.ssajit.codegen.CompiledCode;

import jdk.vm.ci.code.InstalledCode;
import jdk.vm.ci.code.site.Call;
import jdk.vm.ci.code.site.Mark;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.hotspot.HotSpotCodeCacheProvider;
import jdk.vm.ci.hotspot.HotSpotCompilationRequest;
import jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod;

class InstallerTest {
    private static HotSpotCodeCacheProvider codeCache() {
        return (HotSpotCodeCacheProvider) HandCode.BACKEND.getCodeCache();
    }

    private static CompiledCode twice(HotSpotResolvedJavaMethod m) {
        return HandCode.scaled(m);
    }

    @Test
    void installsForACompilationRequest(@TempDir Path dump) throws Exception {
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Targets.class, "twice");
        CompiledCode code = twice(m);
        int id = m.allocateCompileId(-1);
        InstalledCode installed = new Installer(codeCache(), org.ssajit.codegen.Backends.host(), org.ssajit.hotspot.HotSpotVmConfig.host(), dump).install(new HotSpotCompilationRequest(m, -1, 0L, id), code);
        assertTrue(installed.isValid());
        for (int x = -1000; x < 1000; x++) {
            assertEquals(2 * x, Targets.twice(x));
        }

        // What HotSpot installed is our code, except where it was told to patch: call/jump displacements
        // (now reaching the stubs) and the entry barrier's guard value.
        byte[] ours = code.code();
        byte[] theirs = installed.getCode();
        long start = installed.getStart();
        boolean[] patched = new boolean[ours.length];
        for (Site s : code.sites()) {
            if (s instanceof Call c && c.target instanceof StubTarget t) {
                int disp = readInt(theirs, c.pcOffset + 1);
                assertEquals(t.address(), start + c.pcOffset + 5 + disp, "call/jmp at " + c.pcOffset + " does not reach its stub");
                for (int i = 1; i < 5; i++) {
                    patched[c.pcOffset + i] = true;
                }
            } else if (s instanceof Mark mk && (int) mk.id == HandCode.CONFIG.markEntryBarrierPatch) {
                for (int i = 4; i < 8; i++) {
                    patched[mk.pcOffset + i] = true;
                }
            }
        }
        for (int i = 0; i < ours.length; i++) {
            if (!patched[i]) {
                assertEquals(ours[i], theirs[i], "byte " + i + " changed by installation");
            }
        }

        // -Dssajit.Dump: the disassembly of the installed code, with its sites.
        Path s;
        try (Stream<Path> files = Files.list(dump)) {
            s = files.filter(p -> p.getFileName().toString().equals(id + "-org.ssajit.jvmci.Targets.twice.s")).findFirst().orElseThrow();
        }
        String listing = Files.readString(s);
        assertTrue(listing.contains(String.format("installed at 0x%x", start)), listing);
        assertTrue(listing.contains("cmp    DWORD PTR [r15+0x"), listing);
        assertTrue(listing.contains("# site "), listing);
    }

    @Test
    void codeWithoutEntryBarrierIsRejectedByHotSpot() {
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Targets.class, "twice");
        // lea eax, [rsi+rsi]; ret -- no entry barrier, no frame: HotSpot must refuse it, not install it.
        CompiledCode bad = new CompiledCode("bad", new byte[]{(byte) 0x8d, 0x04, 0x36, (byte) 0xc3},
                        List.of(new Mark(0, HandCode.CONFIG.markVerifiedEntry)), 16, null);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Installer.host().installDirect(m, bad));
        assertTrue(e.getMessage().contains("nmethod entry barrier is missing"), e.getMessage());
    }

    @Test
    void instanceMethodWithoutInlineCacheCheckIsRefused() {
        HotSpotResolvedJavaMethod m = (HotSpotResolvedJavaMethod) HandCode.method(Targets.class, "identity");
        // Otherwise well-formed code (entry barrier, frame, return poll), but no UNVERIFIED_ENTRY.
        CompiledCode code = HandCode.addConstant(m, 0);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Installer.host().installDirect(m, code));
        assertTrue(e.getMessage().contains("inline-cache check"), e.getMessage());
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
