package org.ssajit.lowering;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Assumptions;
import org.ssajit.hotspot.HotSpotVmConfig;

/**
 * The VM layout a golden file was written for (its {@code # layout:} header line): the lowering uses
 * the host VM's offsets, so a file records them and a VM with another layout skips the comparison.
 */
public final class VmLayout {
    private VmLayout() {
    }

    /** Compressed oops and class pointers, compact headers, the collector ({@code serial}: Serial, else the VM's). */
    public static String of(HotSpotVmConfig c, boolean serial) {
        return "compressed oops " + c.useCompressedOops + " (base 0x" + Long.toHexString(c.narrowOopBase) + " shift " + c.narrowOopShift + "), compressed class pointers "
                        + c.useCompressedClassPointers + ", compact headers " + c.useCompactObjectHeaders + ", collector " + (serial ? "Serial" : gcName(c));
    }

    private static String gcName(HotSpotVmConfig c) {
        int gc = c.selectedGc();
        return gc == c.gcG1 ? "G1" : gc == c.gcSerial ? "Serial" : gc == c.gcParallel ? "Parallel" : "gc " + gc;
    }

    /** The header line of {@code layout}. */
    public static String header(String layout) {
        return "# layout: " + layout;
    }

    /**
     * Skips the calling test (an assumption) when {@code file} exists, was written for another layout and
     * the files are not being rewritten ({@code -Dssajit.updateGolden=true}).
     */
    public static void assumeWrittenFor(Path file, String layout) {
        if (Boolean.getBoolean("ssajit.updateGolden") || !Files.exists(file)) {
            return;
        }
        Optional<String> recorded;
        try (var lines = Files.lines(file)) {
            recorded = lines.filter(l -> l.startsWith("# layout: ")).findFirst();
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
        String r = recorded.orElse("");
        Assumptions.assumeTrue(r.equals(header(layout)), () -> file + " was written for another layout: " + r);
    }

    /** Names the values that change from run to run: {@code CARD_TABLE} (the card table's base), {@code NARROW_KLASS_BASE}. */
    public static String named(String ir, HotSpotVmConfig c) {
        return ir.replace("#" + c.cardTableAddress + "L", "CARD_TABLE").replace("klass base 0x" + Long.toHexString(c.narrowKlassBase), "klass base NARROW_KLASS_BASE");
    }
}
