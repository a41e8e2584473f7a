package org.ssajit.amd64.lir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.ssajit.amd64.disasm.Objdump;
import org.ssajit.hotspot.HotSpotVmConfig;
import org.ssajit.lir.BlockLayout;
import org.ssajit.lir.LirBlock;
import org.ssajit.lir.LirGraph;
import org.ssajit.lir.LirOp;
import org.ssajit.regalloc.LinearScan;
import org.ssajit.regalloc.RegisterAllocationConfig;
import org.ssajit.testing.Jvmci;

import jdk.vm.ci.hotspot.HotSpotResolvedObjectType;

/**
 * The subtype check the lowering expands ({@code lowering.TypeCheckExpansion}) as this target selects
 * it, in this VM's header layout: the class words compared in memory ({@code cmp [S + offset], T},
 * the header's narrow klass against a patched imm32), T a patched {@code movabs}, the answer a branch,
 * a failed cast's trap placed after the code that runs. The shapes of the old hand-written type-check
 * ops, now chosen by selection; their results are compared with the interpreter end to end.
 */
class Amd64TypeCheckSelectionTest {
    static final HotSpotVmConfig C = HotSpotVmConfig.host();

    static int exactBranch(Object o) {
        return o instanceof String ? 7 : 3;
    }

    static int primaryBranch(Object o) {
        if (o instanceof Number) {
            return 1;
        }
        return 2;
    }

    static int interfaceBranch(Object o) {
        if (o instanceof Runnable) {
            return 1;
        }
        return 2;
    }

    static String cast(Object o) {
        return (String) o;
    }

    static void store(Object[] a, Object v) {
        a[0] = v;
    }

    static LirGraph lir(String name) {
        return Amd64Backend.host().select(Lowered.graph(Amd64TypeCheckSelectionTest.class, name));
    }

    static List<LirOp> ops(LirGraph lir) {
        return lir.blocks().stream().flatMap(b -> b.ops().stream()).toList();
    }

    static List<Objdump.Instruction> instructions(String name) throws Exception {
        Amd64Backend backend = Amd64Backend.host();
        RegisterAllocationConfig ra = RegisterAllocationConfig.of(backend.registerConfig(), backend.moveFactory());
        byte[] code = backend.compile(Lowered.graph(Amd64TypeCheckSelectionTest.class, name), name, l -> LinearScan.allocate(l, ra)).code();
        return Objdump.decode(code, 0);
    }

    static List<String> code(String name) throws Exception {
        return instructions(name).stream().map(Objdump.Instruction::text).toList();
    }

    static long matching(List<String> code, String regex) {
        Pattern p = Pattern.compile(regex);
        return code.stream().filter(t -> p.matcher(t).matches()).count();
    }

    static String hex(long v) {
        return "0x" + Long.toHexString(v);
    }

    /**
     * A final class with compressed class pointers in the header: one {@code cmp dword [o + klass],
     * imm32} (the patched narrow class) and the branch, as the old fused type-test branch; nothing
     * materialized, no class pointer decoded or embedded. Otherwise: S decoded, T embedded, compared.
     */
    @Test
    void anExactTestComparesTheHeaderWithAnImmediate() throws Exception {
        List<LirOp> ops = ops(lir("exactBranch"));
        List<String> code = code("exactBranch");
        if (C.useCompressedClassPointers && !C.useCompactObjectHeaders) {
            assertEquals(1, ops.stream().filter(o -> o instanceof Amd64Compares.MemoryCompareBranch && o.name().contains("narrow klass")).count(), ops::toString);
            assertEquals(0, ops.stream().filter(o -> o instanceof org.ssajit.backend.LoadMetadata).count(), ops::toString);
            assertEquals(1, matching(code, "cmp DWORD PTR \\[\\w+\\+" + hex(C.oopKlassOffset) + "\\],0x0"), code::toString);
            assertEquals(0, matching(code, "movabs .*"), code::toString);
        } else {
            assertEquals(1, ops.stream().filter(o -> o instanceof org.ssajit.backend.LoadMetadata).count(), ops::toString);
        }
    }

    /** A class in the display: T embedded ({@code movabs}), compared with S's word at its offset in memory. */
    @Test
    void aPrimarySuperIsComparedInMemory() throws Exception {
        int offset = ((HotSpotResolvedObjectType) Jvmci.PROVIDERS.metaAccess().lookupJavaType(Number.class)).superCheckOffset();
        List<String> code = code("primaryBranch");
        assertEquals(1, matching(code, "cmp QWORD PTR \\[\\w+\\+" + hex(offset) + "\\],\\w+"), code::toString);
        assertEquals(1, matching(code, "movabs \\w+,0x0"), code::toString);
    }

    /**
     * An interface: the cache compared in memory, then the scan, a loop whose element is compared in
     * memory ({@code cmp [supers + i*8 + data], T}) and which branches back.
     */
    @Test
    void anInterfaceScansTheSecondarySupersInALoop() throws Exception {
        List<Objdump.Instruction> insns = instructions("interfaceBranch");
        List<String> code = insns.stream().map(Objdump.Instruction::text).toList();
        assertEquals(1, matching(code, "cmp QWORD PTR \\[\\w+\\+" + hex(C.klassSecondarySuperCacheOffset) + "\\],\\w+"), code::toString);
        assertEquals(1, matching(code, "cmp QWORD PTR \\[\\w+\\+\\w+\\*8\\+" + hex(C.klassArrayDataOffset) + "\\],\\w+"), code::toString);
        assertEquals(1, ops(lir("interfaceBranch")).stream().filter(o -> o instanceof org.ssajit.backend.LoadMetadata).count());
        assertTrue(hasBackwardBranch(insns), code::toString);
    }

    /** A failed cast's deoptimization is the last block emitted: the passing code runs straight through. */
    @Test
    void aFailedCastsTrapComesLast() {
        for (String m : List.of("cast", "store")) {
            LirGraph lir = lir(m);
            List<LirBlock> order = BlockLayout.emissionOrder(lir);
            assertTrue(BlockLayout.onlyDeoptimizes(order.get(order.size() - 1)), () -> m + ": " + lir);
            assertEquals(1, order.stream().filter(BlockLayout::onlyDeoptimizes).count(), () -> m + ": " + lir);
        }
    }

    private static boolean hasBackwardBranch(List<Objdump.Instruction> insns) {
        Pattern jump = Pattern.compile("^j[a-z]+ 0x([0-9a-f]+)$");
        for (Objdump.Instruction i : insns) {
            var m = jump.matcher(i.text());
            if (m.matches() && Long.parseLong(m.group(1), 16) <= i.address()) {
                return true;
            }
        }
        return false;
    }
}
