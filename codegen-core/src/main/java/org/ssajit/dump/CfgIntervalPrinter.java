package org.ssajit.dump;

import java.util.Locale;

import org.ssajit.ir.CfgOutput;
import org.ssajit.lir.LirKind;
import org.ssajit.lir.Variable;
import org.ssajit.regalloc.AllocationResult;
import org.ssajit.regalloc.IntervalView;

import jdk.vm.ci.code.RegisterValue;
import jdk.vm.ci.meta.AllocatableValue;

/**
 * The register allocator's intervals as one {@code begin_intervals} section of a C1Visualizer file
 * ({@link CfgOutput}), one line per interval part as C1Visualizer reads it:
 *
 * <pre>
 * &lt;name&gt; &lt;type&gt; "&lt;location&gt;" &lt;split parent&gt; &lt;hint&gt; [from, to[ ... &lt;position&gt; &lt;M|S|N&gt; ... "&lt;spill state&gt;"
 * </pre>
 *
 * A variable's first part is named {@code v<index>}, its {@code k}-th split child {@code v<index>:k},
 * both with split parent {@code v<index>}, and the location is the register or stack slot of the part; a
 * register's interval is named after the register, of type {@code fixed}, and located in it. The type is {@code object} for a reference, else the platform kind. The hint is the
 * name of the interval whose location would save a move ({@code -1}: none). Use kinds: {@code M} must
 * have a register, {@code S} should have one, {@code N} any location. The last column says whether the
 * variable needed a spill slot. C1Visualizer draws the intervals against the last LIR section before
 * them, whose op positions they use: print this after the allocated LIR.
 */
public final class CfgIntervalPrinter {
    private CfgIntervalPrinter() {
    }

    /** Appends the intervals of {@code allocation} as a section named {@code phase}. */
    public static void print(String phase, AllocationResult allocation, CfgOutput out) {
        out.begin("intervals").string("name", phase);
        for (IntervalView it : allocation.intervals()) {
            out.line(line(it));
        }
        out.end("intervals");
    }

    /** One interval's line. */
    static String line(IntervalView it) {
        StringBuilder sb = new StringBuilder();
        String parent = name(it.operand());
        sb.append(it.part() == 0 ? parent : parent + ":" + it.part()).append(' ');
        sb.append(type(it)).append(' ');
        if (it.isFixed()) {
            sb.append(CfgOutput.quoted(parent)).append(' ');
        } else if (it.location() != null) {
            sb.append(CfgOutput.quoted(it.location().toString())).append(' ');
        }
        sb.append(parent).append(' ');
        sb.append(it.hint() == null ? "-1" : name(it.hint())).append(' ');
        for (IntervalView.Range r : it.ranges()) {
            sb.append('[').append(r.from()).append(", ").append(r.to()).append("[ ");
        }
        for (IntervalView.Use u : it.uses()) {
            sb.append(u.position()).append(' ').append(switch (u.kind()) {
                case MUST_HAVE_REGISTER -> 'M';
                case SHOULD_HAVE_REGISTER -> 'S';
                case ANY_LOCATION -> 'N';
            }).append(' ');
        }
        String state = it.isFixed() ? "fixed" : it.spillSlot() == null ? "no spill slot" : "spill slot " + it.spillSlot();
        return sb.append(CfgOutput.quoted(state)).toString();
    }

    /** The name of the interval (the first part) of {@code v}: {@code v<index>} or the register's name. */
    static String name(AllocatableValue v) {
        if (v instanceof Variable var) {
            return "v" + var.index();
        }
        if (v instanceof RegisterValue r) {
            return CfgOutput.ident(r.getRegister().name);
        }
        return CfgOutput.ident(v.toString());
    }

    private static String type(IntervalView it) {
        if (it.isFixed()) {
            return "fixed";
        }
        LirKind k = ((Variable) it.operand()).kind();
        return k.isReference() ? "object" : CfgOutput.ident(k.getPlatformKind().name().toLowerCase(Locale.ROOT));
    }
}
