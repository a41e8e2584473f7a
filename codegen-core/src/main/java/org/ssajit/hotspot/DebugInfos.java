package org.ssajit.hotspot;

import org.ssajit.util.CompilerArrays;
import org.ssajit.util.CompilerList;
import java.util.List;

import jdk.vm.ci.code.Architecture;
import jdk.vm.ci.code.BytecodeFrame;
import jdk.vm.ci.code.DebugInfo;
import jdk.vm.ci.code.Location;
import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.code.StackSlot;
import jdk.vm.ci.code.ValueKindFactory;
import jdk.vm.ci.code.VirtualObject;
import jdk.vm.ci.hotspot.HotSpotReferenceMap;
import jdk.vm.ci.meta.JavaKind;
import jdk.vm.ci.meta.JavaValue;
import jdk.vm.ci.meta.Value;
import jdk.vm.ci.meta.ValueKind;

import org.ssajit.ir.FrameState;
import org.ssajit.ir.VirtualInstance;
import org.ssajit.lir.ConstantValue;
import org.ssajit.lir.LirFrameState;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.VirtualObjectOperand;
import org.ssajit.util.IntSet;

/**
 * Debug info for a safepoint, call or trap: the frame(s) plus the reference map that tells the GC which
 * registers and stack slots hold object pointers at that pc.
 *
 * <p>The reference map must name every live oop, in the frame state or not (a GC moving an object
 * updates only the locations the map names), and must name nothing else (the GC would follow garbage).
 * Oops in the frame state are found automatically; other live oops are passed as {@code extraOops}.
 */
public final class DebugInfos {
    private DebugInfos() {
    }

    /**
     * The debug info of an allocated LIR frame state: a {@link BytecodeFrame} whose values are the
     * state's registers, stack slots and constants with their Java kinds (as {@code kinds} gives
     * them: the target's platform kinds, {@link #valueKinds}), the frame's monitors in their slots of
     * {@code layout}, and a reference map naming every oop in it and every other live reference the register allocator reported.
     */
    public static DebugInfo of(LirFrameState state, FrameLayout layout, ValueKindFactory<LirKind> kinds) {
        List<Value> live = state.liveReferences();
        JavaValue[] extraOops = new JavaValue[live.size()];
        for (int i = 0; i < extraOops.length; i++) {
            extraOops[i] = javaValue(live.get(i), JavaKind.Object, kinds);
        }
        VirtualObject[] objects = virtualObjects(state.frameState(), state.values(), kinds);
        BytecodeFrame frame = frame(state.frameState(), state.values(), 0, state.duringCall(), layout, kinds, state.frameState(), objects);
        ReferenceMapBuilder map = new ReferenceMapBuilder(layout);
        map.addFrames(frame);
        map.addObjects(objects);
        for (JavaValue v : extraOops) {
            map.add(v);
        }
        DebugInfo info = objects.length == 0 ? new DebugInfo(frame) : new DebugInfo(frame, objects);
        info.setReferenceMap(map.build());
        return info;
    }

    /**
     * The frame of {@code fs}, whose inputs' locations start at {@code values[offset]}, with its callers'
     * frames (an inlined method's callers, their inputs after its own). A caller is always at a call in
     * progress: the interpreter continues after its invoke once the inner frame returns.
     */
    private static BytecodeFrame frame(FrameState fs, Value[] values, int offset, boolean duringCall, FrameLayout layout, ValueKindFactory<LirKind> kinds,
                    FrameState named, VirtualObject[] objects) {
        BytecodeFrame caller = fs.outer() == null ? null : frame(fs.outer(), values, offset + fs.inputCount(), true, layout, kinds, named, objects);
        BytecodeFrameBuilder b = BytecodeFrameBuilder.at(fs.method(), fs.bci()).duringCall(duringCall).rethrowException(fs.rethrowException()).caller(caller);
        for (int i = 0; i < fs.localsSize(); i++) {
            if (fs.local(i) != null) {
                JavaKind k = fs.local(i).kind();
                b.local(i, k, javaValue(values[offset + i], k, kinds, named, objects));
            }
        }
        for (int i = 0; i < fs.stackSize(); i++) {
            if (fs.stack(i) != null) {
                JavaKind k = fs.stack(i).kind();
                b.push(k, javaValue(values[offset + fs.localsSize() + i], k, kinds, named, objects));
            }
        }
        int base = fs.outerLocks();
        for (int i = 0; i < fs.locksSize(); i++) {
            // Each frame's locks follow its callers' in the monitor slots.
            b.lock(javaValue(values[offset + fs.localsSize() + fs.stackSize() + i], JavaKind.Object, kinds, named, objects), layout.monitorSlot(base + i));
        }
        return b.build();
    }

    /**
     * The kinds debug info gives values of each Java kind held uncompressed in a register or slot of
     * {@code arch}: its platform kind of the stack kind, objects marked as references.
     */
    public static ValueKindFactory<LirKind> valueKinds(Architecture arch) {
        return kind -> {
            JavaKind k = kind.getStackKind();
            if (k == JavaKind.Void || k == JavaKind.Illegal) {
                throw new IllegalArgumentException("no value kind for " + kind);
            }
            return new LirKind(arch.getPlatformKind(k), k == JavaKind.Object);
        };
    }

    /**
     * The objects the state of an instruction names as unallocated ({@link FrameState#virtualInstance}),
     * as JVMCI wants them: the object numbered {@code k} is the state's {@code k}th, its values its fields'
     * in the state's order (the type's instance fields), each with the stack kind of the field's.
     */
    private static VirtualObject[] virtualObjects(FrameState fs, Value[] values, ValueKindFactory<LirKind> kinds) {
        if (fs.virtualCount() == 0) {
            return NO_OBJECTS;
        }
        VirtualObject[] objects = new VirtualObject[fs.virtualCount()];
        for (int k = 0; k < objects.length; k++) {
            objects[k] = VirtualObject.get(fs.virtualInstance(k).type(), k, false);
        }
        for (int k = 0; k < objects.length; k++) {
            VirtualInstance o = fs.virtualInstance(k);
            JavaValue[] fieldValues = new JavaValue[o.fieldCount()];
            JavaKind[] fieldKinds = new JavaKind[o.fieldCount()];
            int start = fs.virtualFieldStart(k);
            for (int f = 0; f < fieldValues.length; f++) {
                // A boolean, byte, char or short field's value as an int (HotSpot takes constants of int, float,
                // long and double only, and writes each field by its declared type).
                fieldKinds[f] = o.field(f).getJavaKind().getStackKind();
                fieldValues[f] = javaValue(values[start + f], fieldKinds[f], kinds, fs, objects);
            }
            objects[k].setValues(fieldValues, fieldKinds);
        }
        return objects;
    }

    private static final VirtualObject[] NO_OBJECTS = {};

    /** A location or constant as debug info wants it: registers and slots get {@code kinds}' kind; an unallocated object its {@code objects} entry. */
    private static JavaValue javaValue(Value v, JavaKind kind, ValueKindFactory<LirKind> kinds, FrameState named, VirtualObject[] objects) {
        if (v instanceof VirtualObjectOperand o) {
            int k = named.indexOfVirtual(o.object());
            if (k < 0) {
                throw new IllegalStateException(o.object() + " is in a frame, but the state does not name it");
            }
            return objects[k];
        }
        return javaValue(v, kind, kinds);
    }

    /** A location or constant as debug info wants it: registers and slots get {@code kinds}' kind. */
    private static JavaValue javaValue(Value v, JavaKind kind, ValueKindFactory<LirKind> kinds) {
        if (v instanceof RegisterValue r) {
            return r.getRegister().asValue(kinds.getValueKind(kind));
        } else if (v instanceof StackSlot s) {
            return StackSlot.get(kinds.getValueKind(kind), s.getRawOffset(), s.getRawAddFrameSize());
        } else if (v instanceof ConstantValue c) {
            return c.constant();
        }
        throw new IllegalStateException("frame-state value not allocated: " + v);
    }

    /** Debug info for {@code frame} (and its callers) whose only live oops are those in the frames. */
    public static DebugInfo of(BytecodeFrame frame, FrameLayout layout) {
        return of(frame, layout, CompilerList.of());
    }

    /** Debug info for {@code frame}; {@code extraOops} are further registers or stack slots holding (uncompressed or narrow) oops. */
    public static DebugInfo of(BytecodeFrame frame, FrameLayout layout, List<? extends JavaValue> extraOops) {
        DebugInfo info = new DebugInfo(frame);
        info.setReferenceMap(referenceMap(frame, layout, extraOops));
        return info;
    }

    /** The reference map naming every oop location in {@code frame} (and its callers) plus {@code extraOops}. */
    public static HotSpotReferenceMap referenceMap(BytecodeFrame frame, FrameLayout layout, List<? extends JavaValue> extraOops) {
        ReferenceMapBuilder map = new ReferenceMapBuilder(layout);
        map.addFrames(frame);
        for (int i = 0; i < extraOops.size(); i++) {
            map.add(extraOops.get(i));
        }
        return map.build();
    }

    /** A reference map naming exactly {@code oops} (registers or stack slots of a reference kind), each location once. */
    public static HotSpotReferenceMap referenceMap(Iterable<? extends JavaValue> oops, FrameLayout layout) {
        ReferenceMapBuilder map = new ReferenceMapBuilder(layout);
        for (JavaValue v : oops) {
            map.add(v);
        }
        return map.build();
    }

    /**
     * The locations of a reference map, in the order their first candidate comes (a location named
     * twice is kept once); every candidate must be a register or stack slot of a reference kind.
     */
    private static final class ReferenceMapBuilder {
        /** Up to this many locations, a new one is checked against the others one by one. */
        private static final int SCANNED_KEYS = 16;

        private final FrameLayout layout;
        private Location[] locations = new Location[8];
        private int[] sizes = new int[8];
        /** Location has identity equality: a register's number, a stack offset's -1 - offset. */
        private int[] keys = new int[8];
        private int n;
        /** The keys once there are many. */
        private IntSet seen;

        ReferenceMapBuilder(FrameLayout layout) {
            this.layout = layout;
        }

        /** The oop locations of {@code frame} and its callers: reference-kind registers and stack slots. */
        void addFrames(BytecodeFrame frame) {
            for (BytecodeFrame f = frame; f != null; f = f.caller()) {
                for (int i = 0; i < f.numLocals + f.numStack; i++) {
                    JavaKind kind = i < f.numLocals ? f.getLocalValueKind(i) : f.getStackValueKind(i - f.numLocals);
                    JavaValue v = i < f.numLocals ? f.getLocalValue(i) : f.getStackValue(i - f.numLocals);
                    if (kind == JavaKind.Object && (v instanceof RegisterValue || v instanceof StackSlot)) {
                        add(v);
                    }
                }
            }
        }

        /** The oop locations among the field values of unallocated objects: reference-kind fields in registers and stack slots. */
        void addObjects(VirtualObject[] objects) {
            for (VirtualObject o : objects) {
                JavaValue[] values = o.getValues();
                for (int i = 0; i < values.length; i++) {
                    if (o.getSlotKind(i) == JavaKind.Object && (values[i] instanceof RegisterValue || values[i] instanceof StackSlot)) {
                        add(values[i]);
                    }
                }
            }
        }

        void add(JavaValue v) {
            ValueKind<?> kind;
            Location loc;
            if (v instanceof RegisterValue r) {
                kind = r.getValueKind();
                loc = Location.register(r.getRegister());
            } else if (v instanceof StackSlot s) {
                kind = s.getValueKind();
                int offset = s.getOffset(layout.totalFrameSize());
                if (offset < 0 || offset % 4 != 0) {
                    throw new IllegalArgumentException("oop stack slot " + s + " is at sp" + offset + ": not a valid oop map location");
                }
                loc = Location.stack(offset);
            } else {
                throw new IllegalArgumentException("an oop location must be a register or a stack slot: " + v);
            }
            if (!(kind instanceof LirKind ak) || !ak.isReference()) {
                throw new IllegalArgumentException(v + " is named as an oop but its kind " + kind + " is not a reference");
            }
            int key = loc.reg != null ? loc.reg.number : -1 - loc.offset;
            if (seen == null && n == SCANNED_KEYS) {
                seen = new IntSet();
                for (int i = 0; i < n; i++) {
                    seen.add(keys[i]);
                }
            }
            if (seen != null ? !seen.add(key) : contains(key)) {
                return;
            }
            if (n == locations.length) {
                locations = CompilerArrays.copyOf(locations, 2 * n);
                sizes = CompilerArrays.copyOf(sizes, 2 * n);
                keys = CompilerArrays.copyOf(keys, 2 * n);
            }
            keys[n] = key;
            locations[n] = loc;
            sizes[n] = ak.getPlatformKind().getSizeInBytes();
            n++;
        }

        private boolean contains(int key) {
            for (int i = 0; i < n; i++) {
                if (keys[i] == key) {
                    return true;
                }
            }
            return false;
        }

        HotSpotReferenceMap build() {
            Location[] objects = CompilerArrays.copyOf(locations, n);
            // No derived pointers yet; 16 = an xmm or SIMD register, the widest value ssajit keeps in a register.
            return new HotSpotReferenceMap(objects, new Location[n], CompilerArrays.copyOf(sizes, n), 16);
        }
    }
}
