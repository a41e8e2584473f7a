package org.ssajit.amd64.hotspot;

import static jdk.vm.ci.amd64.AMD64.rax;
import static jdk.vm.ci.amd64.AMD64.rbx;
import static jdk.vm.ci.amd64.AMD64.rsi;
import static jdk.vm.ci.amd64.AMD64.xmm0;
import static org.ssajit.amd64.hotspot.Amd64ValueKind.reg;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;
import jdk.vm.ci.meta.JavaConstant;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.MetaAccessProvider;
import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.runtime.JVMCI;
import org.ssajit.hotspot.BytecodeFrameBuilder;
import org.ssajit.hotspot.DebugInfos;
import org.ssajit.hotspot.FrameLayout;

class DebugInfosTest {
    private static final MetaAccessProvider META = JVMCI.getRuntime().getHostJVMCIBackend().getMetaAccess();

    static long sample(int a, long b, Object c, double d) {
        return a + b + c.hashCode() + (long) d;
    }

    private static ResolvedJavaMethod method() throws NoSuchMethodException {
        return META.lookupJavaMethod(DebugInfosTest.class.getDeclaredMethod("sample", int.class, long.class, Object.class, double.class));
    }

    @Test
    void slotsFollowHotSpotsShape() throws Exception {
        ResolvedJavaMethod m = method();
        BytecodeFrame f = BytecodeFrameBuilder.at(m, 0)
                        .local(0, JavaKind.Int, reg(rsi, JavaKind.Int))
                        .local(1, JavaKind.Long, JavaConstant.forLong(1L << 40))
                        .local(3, JavaKind.Object, reg(rbx, JavaKind.Object))
                        .push(JavaKind.Long, reg(rax, JavaKind.Long))
                        .push(JavaKind.Double, reg(xmm0, JavaKind.Double))
                        .build();
        assertEquals(m.getMaxLocals(), f.numLocals);
        assertEquals(4, f.numStack);
        assertEquals(JavaKind.Long, f.getLocalValueKind(1));
        assertSame(Value.ILLEGAL, f.getLocalValue(2));
        assertEquals(JavaKind.Illegal, f.getLocalValueKind(2));
        // d (slots 4-5) was never set: dead.
        assertSame(Value.ILLEGAL, f.getLocalValue(4));
        assertEquals(JavaKind.Illegal, f.getLocalValueKind(4));
        assertEquals(JavaKind.Long, f.getStackValueKind(0));
        assertSame(Value.ILLEGAL, f.getStackValue(1));
        assertEquals(JavaKind.Double, f.getStackValueKind(2));
        assertSame(Value.ILLEGAL, f.getStackValue(3));
        assertTrue(!f.duringCall && !f.rethrowException);
    }

    @Test
    void kindsAreChecked() throws Exception {
        BytecodeFrameBuilder b = BytecodeFrameBuilder.at(method(), 0);
        assertThrows(IllegalArgumentException.class, () -> b.local(0, JavaKind.Int, reg(xmm0, JavaKind.Double)));
        assertThrows(IllegalArgumentException.class, () -> b.local(0, JavaKind.Double, reg(rax, JavaKind.Long)));
        assertThrows(IllegalArgumentException.class, () -> b.local(3, JavaKind.Object, rbx.asValue(Amd64ValueKind.LONG)));
        assertThrows(IllegalArgumentException.class, () -> b.local(0, JavaKind.Int, JavaConstant.forLong(1)));
        assertThrows(IllegalArgumentException.class, () -> b.local(0, JavaKind.Int, Value.ILLEGAL));
        assertThrows(IndexOutOfBoundsException.class, () -> b.local(5, JavaKind.Long, JavaConstant.forLong(1))); // 5 and 6, max_locals is 6
        assertThrows(IllegalArgumentException.class, () -> BytecodeFrameBuilder.at(method(), 1000));
    }

    @Test
    void referenceMapNamesEveryOopInTheFrame() throws Exception {
        FrameLayout layout = FrameLayout.of(Amd64ValueKind.WORD, 16, 0);
        StackSlot spilled = layout.spillSlot(8, Amd64ValueKind.OOP);
        BytecodeFrame f = BytecodeFrameBuilder.at(method(), 0)
                        .local(0, JavaKind.Int, reg(rsi, JavaKind.Int))
                        .local(3, JavaKind.Object, reg(rbx, JavaKind.Object))
                        .push(JavaKind.Object, spilled)
                        .push(JavaKind.Object, reg(rbx, JavaKind.Object)) // the same register twice: named once
                        .push(JavaKind.Object, JavaConstant.NULL_POINTER)
                        .build();
        DebugInfo info = DebugInfos.of(f, layout, List.of(reg(rax, JavaKind.Object)));
        HotSpotReferenceMap map = (HotSpotReferenceMap) info.getReferenceMap();
        // rbx, the spill slot (rsp-relative), and the extra oop in rax; not rsi (an int), not the constant.
        assertEquals("[rbx:0, stack:" + spilled.getOffset(layout.totalFrameSize()) + ", rax:0]", map.toString());
        assertThrows(IllegalArgumentException.class, () -> DebugInfos.referenceMap(List.of(reg(rax, JavaKind.Long)), layout));
    }
}
