package org.ssajit.codegen;

import org.ssajit.util.CompilerList;
import org.ssajit.util.IntMath;
import org.ssajit.util.Nulls;
import java.util.List;

import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.site.DataPatch;
import jdk.vm.ci.code.site.Site;
import jdk.vm.ci.meta.Assumptions.Assumption;
import jdk.vm.ci.meta.ResolvedJavaMethod;

/**
 * What a back end hands to the installer: machine code and the facts about it HotSpot needs. Nothing
 * here is specific to one target; the sites are JVMCI's ({@code Mark}, {@code Call}, {@code Infopoint},
 * {@code DataPatch}).
 *
 * @param name a name for logs and dumps
 * @param code the instructions, position 0 first
 * @param sites every mark, call, infopoint and data patch, sorted by pc (stable: sites at one pc keep
 *            the order they were recorded in)
 * @param totalFrameSize bytes from rsp (in the method body) up to and including the return address
 * @param deoptRescueSlot where HotSpot saves the original pc of a lazily deoptimized frame; required as
 *            soon as the code has a safepoint, a call or a trap; null otherwise
 * @param dataSection constants the code refers to pc-relatively (laid out before the code)
 * @param dataSectionAlignment alignment of the data section
 * @param dataSectionPatches references inside the data section that HotSpot must fill in
 * @param inlinedMethods the methods besides the compiled one whose bytecode the code holds (inlined):
 *            HotSpot deoptimizes the code when one of them is redefined or gets a breakpoint
 * @param assumptions what the code assumes about the class hierarchy (calls inlined by class-hierarchy
 *            analysis): HotSpot refuses to install it if one no longer holds, and deoptimizes it when a
 *            class loaded later breaks one
 * @param hasUnsafeAccess the code accesses memory through {@code Unsafe} at addresses that may be
 *            outside the heap: HotSpot then turns a bus error in it (a mapped file cut short) into an
 *            {@code InternalError}, as in the native
 */
public record CompiledCode(String name, byte[] code, List<Site> sites, int totalFrameSize, StackSlot deoptRescueSlot,
                byte[] dataSection, int dataSectionAlignment, List<DataPatch> dataSectionPatches, List<ResolvedJavaMethod> inlinedMethods,
                List<Assumption> assumptions, boolean hasUnsafeAccess) {

    public CompiledCode {
        Nulls.requireNonNull(name, "name");
        code = code.clone();
        List<Site> sorted = new CompilerList<>(sites);
        sorted.sort((x, y) -> IntMath.compare(x.pcOffset, y.pcOffset));
        for (Site s : sorted) {
            if (s.pcOffset < 0 || s.pcOffset > code.length) {
                throw new IllegalArgumentException("site outside the code (" + code.length + " bytes): " + s);
            }
        }
        sites = CompilerList.copyOf(sorted);
        dataSection = dataSection.clone();
        dataSectionPatches = CompilerList.copyOf(dataSectionPatches);
        inlinedMethods = CompilerList.copyOf(inlinedMethods);
        assumptions = CompilerList.copyOf(assumptions);
        if (totalFrameSize < 0) {
            throw new IllegalArgumentException("negative frame size " + totalFrameSize);
        }
    }

    /** Code that inlined no method. */
    public CompiledCode(String name, byte[] code, List<Site> sites, int totalFrameSize, StackSlot deoptRescueSlot,
                    byte[] dataSection, int dataSectionAlignment, List<DataPatch> dataSectionPatches) {
        this(name, code, sites, totalFrameSize, deoptRescueSlot, dataSection, dataSectionAlignment, dataSectionPatches, CompilerList.of(), CompilerList.of(), false);
    }

    /** The same code, holding the bytecode of {@code methods} too and resting on {@code assumed}. */
    public CompiledCode withInlining(List<ResolvedJavaMethod> methods, List<Assumption> assumed) {
        return new CompiledCode(name, code, sites, totalFrameSize, deoptRescueSlot, dataSection, dataSectionAlignment, dataSectionPatches, methods, assumed,
                        hasUnsafeAccess);
    }

    /** The same code, marked as accessing memory through {@code Unsafe}. */
    public CompiledCode withUnsafeAccess() {
        return new CompiledCode(name, code, sites, totalFrameSize, deoptRescueSlot, dataSection, dataSectionAlignment, dataSectionPatches, inlinedMethods,
                        assumptions, true);
    }

    /** Code without a data section. */
    public CompiledCode(String name, byte[] code, List<Site> sites, int totalFrameSize, StackSlot deoptRescueSlot) {
        this(name, code, sites, totalFrameSize, deoptRescueSlot, new byte[0], 8, CompilerList.of());
    }

    @Override
    public byte[] code() {
        return code.clone();
    }

    @Override
    public byte[] dataSection() {
        return dataSection.clone();
    }

    public int codeSize() {
        return code.length;
    }

    /** The data section's size in bytes ({@link #dataSection()} without the copy). */
    public int dataSectionSize() {
        return dataSection.length;
    }

    @Override
    public String toString() {
        return "CompiledCode[" + name + ", " + code.length + " bytes, " + sites.size() + " sites, frame " + totalFrameSize + "]";
    }
}
