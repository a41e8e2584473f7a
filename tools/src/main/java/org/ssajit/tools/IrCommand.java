package org.ssajit.tools;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.ssajit.bytecode.BailoutException;
import org.ssajit.ir.DotPrinter;
import org.ssajit.ir.Graph;
import org.ssajit.ir.IrPrinter;
import org.ssajit.parse.BuildOptions;
import org.ssajit.parse.FrontEnd;
import org.ssajit.parse.GraphBuilder;
import org.ssajit.parse.Providers;
import org.ssajit.verify.VerificationError;
import org.ssajit.verify.Verifier;

import jdk.vm.ci.meta.ResolvedJavaMethod;
import jdk.vm.ci.meta.ResolvedJavaType;

/**
 * {@code ssajit ir}: builds one method's SSA graph, verifies it and prints it (text, and Graphviz DOT on
 * request). Exit codes: 0 printed, 1 ssajit bailed out on the method, 2 usage error (bad arguments,
 * class or method not found), 3 the graph failed verification or the compiler crashed (a bug).
 */
public final class IrCommand {
    public static final int OK = 0;
    public static final int BAILOUT = 1;
    public static final int USAGE = 2;
    public static final int COMPILER_ERROR = 3;

    static final String SYNOPSIS = "usage: ssajit ir <class-path|jrt> <Class.method[(descriptor)]> [options]";

    static final String USAGE_TEXT = SYNOPSIS + "\n" + """

                    Builds the SSA graph of one method straight from its bytecode, verifies it and prints it.
                      <class-path>   directories and jars separated by '%s', or 'jrt' for the JDK's own classes
                      Class.method   binary class name, then the method name (<init> and <clinit> allowed);
                                     the JVM descriptor, e.g. (II)I, is needed only when the name is overloaded,
                                     and may omit the return type: (II)
                    Options:
                      --dot FILE     also write the graph as Graphviz DOT to FILE ('-': DOT on stdout, no text)
                      --states       print the frame state under each instruction that carries one
                      --no-opt       no on-the-fly optimization (folding, simplification, value numbering)
                      --no-markers   plain Braun et al. Algorithm 2 instead of the marker variant
                      --no-scc       skip the SCC pass that removes redundant phi cycles (Algorithm 5)
                      --osr BCI      the graph of an on-stack-replacement compile entered at loop header BCI
                      --inline       inline as a compile does (with this JVM's profiles, which the tool's own
                                     run made), and print what became of each call and why after the graph
                      -h, --help     this text
                    Quote the method: the shell treats ( ) < > specially, e.g.
                      ssajit ir jrt 'java.lang.Math.max(II)I'
                    Exit status: 0 printed, 1 bailout (reason printed), 2 usage error, 3 verifier failure or compiler bug.
                    """.formatted(java.io.File.pathSeparator);

    /** Parsed command line. */
    record Options(String classPath, MethodSpec method, String dotFile, boolean states, BuildOptions build, int osrBci) {
        static Options parse(String[] args) {
            List<String> positional = new ArrayList<>();
            String dot = null;
            int osr = -1;
            boolean states = false;
            BuildOptions build = BuildOptions.DEFAULT;
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                switch (a) {
                    case "--dot" -> {
                        if (i + 1 >= args.length) {
                            throw new UsageException("--dot needs a file name ('-' for stdout)");
                        }
                        dot = args[++i];
                    }
                    case "--states" -> states = true;
                    case "--osr" -> {
                        if (i + 1 >= args.length) {
                            throw new UsageException("--osr needs a bci");
                        }
                        try {
                            osr = Integer.parseInt(args[++i]);
                        } catch (NumberFormatException e) {
                            throw new UsageException("--osr needs a bci, not " + args[i]);
                        }
                        if (osr < 0) {
                            throw new UsageException("--osr needs a non-negative bci");
                        }
                    }
                    case "--no-opt" -> build = build.withOptimize(false);
                    case "--no-markers" -> build = build.withMarkers(false);
                    case "--no-scc" -> build = build.withRedundantPhiSccs(false);
                    case "--inline" -> build = build.withInlining(true);
                    default -> {
                        if (a.startsWith("--dot=")) {
                            dot = a.substring("--dot=".length());
                        } else if (a.startsWith("-") && !a.equals("-")) {
                            throw new UsageException("unknown option " + a);
                        } else {
                            positional.add(a);
                        }
                    }
                }
            }
            if (positional.size() != 2) {
                throw new UsageException(positional.size() < 2 ? "expected a class path (or jrt) and a method" : "too many arguments: " + String.join(" ", positional));
            }
            if (dot != null && dot.isEmpty()) {
                throw new UsageException("--dot needs a file name ('-' for stdout)");
            }
            return new Options(positional.get(0), MethodSpec.parse(positional.get(1)), dot, states, build, osr);
        }
    }

    private IrCommand() {
    }

    public static int run(String[] args) {
        return run(args, System.out, System.err);
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        for (String a : args) {
            if (a.equals("-h") || a.equals("--help")) {
                out.print(USAGE_TEXT);
                return OK;
            }
        }
        Options o;
        try {
            o = Options.parse(args);
        } catch (UsageException e) {
            err.println("ssajit ir: " + e.getMessage());
            err.println(SYNOPSIS);
            err.println("('ssajit ir --help' explains the arguments)");
            return USAGE;
        }
        try {
            return run(o, out, err);
        } catch (UsageException e) {
            err.println("ssajit ir: " + e.getMessage());
            return USAGE;
        }
    }

    static int run(Options o, PrintStream out, PrintStream err) {
        Providers providers = hostProviders();
        ResolvedJavaMethod method = resolve(o.classPath(), o.method(), providers);
        GraphBuilder.Result result;
        try {
            result = GraphBuilder.build(FrontEnd.analyze(method, o.osrBci()), o.build(), providers);
            Verifier.verify(result.graph());
        } catch (BailoutException e) {
            err.println("ssajit ir: " + method.format("%H.%n(%p)") + ": " + e);
            return BAILOUT;
        } catch (VerificationError e) {
            err.println("ssajit ir: the graph of " + method.format("%H.%n(%p)") + " fails verification (a compiler bug): " + e.getMessage());
            return COMPILER_ERROR;
        } catch (RuntimeException | StackOverflowError e) {
            err.println("ssajit ir: compiler error on " + method.format("%H.%n(%p)") + " (a bug):");
            e.printStackTrace(err);
            return COMPILER_ERROR;
        }
        Graph g = result.graph();
        if (!"-".equals(o.dotFile())) {
            out.print(new IrPrinter(o.states()).print(g));
        }
        if (o.dotFile() != null) {
            String dot = new DotPrinter(o.states()).print(g);
            if (o.dotFile().equals("-")) {
                out.print(dot);
            } else {
                try {
                    Files.writeString(Path.of(o.dotFile()), dot, StandardCharsets.UTF_8);
                } catch (IOException e) {
                    throw new UsageException("cannot write " + o.dotFile() + ": " + e);
                }
                err.println("ssajit ir: wrote " + o.dotFile() + " (render: dot -Tsvg " + o.dotFile() + " -o graph.svg)");
            }
        }
        if (o.build().inline() && !"-".equals(o.dotFile())) {
            out.println();
            out.println("inlining: " + g.inliningDecisions().size() + " calls, " + g.inlinedCallCount() + " inlined");
            for (org.ssajit.ir.InliningDecision d : g.inliningDecisions()) {
                out.println("  " + d.format());
            }
        }
        err.println("ssajit ir: " + g.blocks().size() + " blocks, " + g.instructionCount() + " instructions, " + g.phiCount() + " phis; " + result.stats());
        return OK;
    }

    /** Loads, links and looks up the method (the class is not initialized). */
    static ResolvedJavaMethod resolve(String classPath, MethodSpec spec, Providers providers) {
        Class<?> c = ClassSource.of(classPath).load(spec.className());
        ResolvedJavaType type = providers.metaAccess().lookupJavaType(c);
        try {
            // Bytecode is only available once the class is linked; linking does not initialize.
            type.link();
        } catch (LinkageError e) {
            throw new UsageException("cannot link " + spec.className() + ": " + e);
        }
        return spec.select(type);
    }

    static Providers hostProviders() {
        try {
            return Providers.host();
        } catch (LinkageError | RuntimeException e) {
            throw new UsageException("JVMCI is not available in this JVM (" + e
                            + "); run through the ssajit launcher, which passes -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI and the --add-exports JVMCI needs");
        }
    }
}
