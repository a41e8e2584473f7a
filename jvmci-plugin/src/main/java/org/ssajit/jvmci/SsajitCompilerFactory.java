package org.ssajit.jvmci;

import org.ssajit.util.CompilerList;
import java.io.PrintStream;
import java.util.List;

import org.ssajit.debug.FaultInjection;
import org.ssajit.options.OptionValues;

import jdk.vm.ci.hotspot.HotSpotJVMCIRuntime;
import jdk.vm.ci.runtime.JVMCICompiler;
import jdk.vm.ci.runtime.JVMCICompilerFactory;
import jdk.vm.ci.runtime.JVMCIRuntime;

/**
 * Creates the ssajit compiler, and checks its options when HotSpot selects it.
 *
 * <p>{@link #onSelection} runs once, inside the construction of HotSpot's JVMCI runtime: at VM start-up,
 * before the program's {@code main}, under {@code -XX:+EagerJVMCI} (which {@code -XX:+UseJVMCICompiler}
 * turns on unless it is turned off; on the main thread or a JVMCI compiler thread, whichever initializes
 * JVMCI first), else on the compiler thread of the first tier-4 request. It reads the {@code -Dssajit.*}
 * options; an invalid one stops the VM with exit status 2 and a message naming each bad option, the value
 * given and what is accepted ({@link SsajitOptions.InvalidOptions}), never a run on C1 alone. An
 * exception thrown here would instead abort the VM with an hs_err file. It also prints the help
 * ({@code -Dssajit.Help}) and registers the summary at exit ({@code -Dssajit.Stats}), so both happen even
 * if nothing is compiled.
 *
 * <p>{@link #createCompiler} only constructs, and hands HotSpot the modules only the compiler uses
 * ({@link OwnCode#toLeaveToC1}, computed at selection). HotSpot calls it holding the JVMCI runtime's
 * lock, with blocking compiles allowed again (unlike during {@link #onSelection}): a hot method it
 * called would wait under {@code -Xbatch} for a tier-4 compile that waits for that lock. The compiler
 * initializes itself on its first request.
 */
public final class SsajitCompilerFactory implements JVMCICompilerFactory {
    /** The name {@code -Djvmci.Compiler} selects. */
    public static final String NAME = "ssajit";
    /** The exit status of a VM stopped for invalid options (as the launcher's for a usage error). */
    static final int INVALID_OPTIONS_STATUS = 2;

    /**
     * What {@link #onSelection} read and made: the options, the statistics the summary at exit prints
     * (with the compiler's fault injector), and the modules HotSpot is to leave to C1 (null: none).
     */
    private record Selection(OptionValues options, CompileStats stats, Module[] leftToC1) {
    }

    private volatile Selection selection;

    @Override
    public String getCompilerName() {
        return NAME;
    }

    @Override
    public void onSelection() {
        try {
            OptionValues options = SsajitOptions.fromSystemProperties();
            CompileStats stats = new CompileStats(FaultInjection.of(options));
            if (options.get(SsajitOptions.HELP)) {
                SsajitOptions.printHelp(System.err);
            }
            if (options.get(SsajitOptions.STATS)) {
                // The summary once now, thrown away: its call sites are linked while the code cache has room.
                stats.summary(0);
                Runtime.getRuntime().addShutdownHook(new Thread(() -> printAtExit(stats), "ssajit-stats"));
            }
            selection = new Selection(options, stats, OwnCode.toLeaveToC1(options, System.err));
        } catch (SsajitOptions.InvalidOptions e) {
            stopTheVm(e.problems(), System.err);
        } catch (Throwable t) {
            // Anything thrown from here would abort the VM with an hs_err file: stop it with the reason instead.
            stopTheVm(CompilerList.of("ssajit could not read its options: " + t), System.err);
        }
    }

    /**
     * The statistics at exit, or one line saying why there are none. In a full code cache the VM
     * cannot make a method handle intrinsic that a call site linked only now needs: the summary then
     * fails, and the exit goes on without a stack trace.
     */
    private static void printAtExit(CompileStats stats) {
        try {
            System.err.print(stats.summaryAtExit());
        } catch (Throwable t) {
            System.err.print("[ssajit] no statistics at exit: ");
            System.err.println(t);
        }
    }

    /**
     * Prints each problem and exits with {@link #INVALID_OPTIONS_STATUS}. {@code System.exit} from
     * {@link #onSelection}, on the main thread during start-up or on a compiler thread, ends the VM
     * cleanly (no hs_err file; see OptionsAtStartTest).
     */
    static void stopTheVm(List<String> problems, PrintStream err) {
        for (String p : problems) {
            err.println("[ssajit] error: " + p);
        }
        err.println("[ssajit] the VM stops (exit status " + INVALID_OPTIONS_STATUS + "): ssajit's options are checked when HotSpot selects it; -D"
                        + SsajitOptions.property(SsajitOptions.HELP) + "=true describes them");
        err.flush();
        System.exit(INVALID_OPTIONS_STATUS);
    }

    @Override
    public JVMCICompiler createCompiler(JVMCIRuntime runtime) {
        Selection s = selection;
        if (s == null) {
            // Not selected by HotSpot (a test calling the factory): the options as they are now.
            OptionValues options = SsajitOptions.fromSystemProperties();
            s = new Selection(options, new CompileStats(FaultInjection.of(options)), null);
        }
        if (s.leftToC1() != null) {
            // One array store (HotSpot reads the list on its policy decisions): the compiler's own modules
            // and JVMCI's never reach tier 4, from the start. Nothing more here (see OwnCode.toLeaveToC1).
            ((HotSpotJVMCIRuntime) runtime).excludeFromJVMCICompilation(s.leftToC1());
        }
        return new SsajitCompiler(runtime, s.options(), s.stats());
    }

    @Override
    public void printProperties(PrintStream out) {
        SsajitOptions.printHelp(out);
    }
}
