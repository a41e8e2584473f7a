package org.ssajit.tools;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of the {@code ssajit} launcher's tool commands, and the one list of all its commands:
 * {@code ssajit <command> [args...]}, {@code ssajit help [command]}.
 *
 * <p>Commands are found by class name, each a class with {@code public static int run(String[] args)}
 * returning the exit status (or, preferred when present, {@code run(String[], PrintStream out,
 * PrintStream err)}). Looking them up by name lets a command live in a module that depends on this
 * one (ctw, in jvmci-plugin) and lets a build without it say so instead of failing to link. The
 * launcher script carries out run, demo and flags itself; their usage is here ({@link LauncherUsage}).
 */
public final class Main {
    /**
     * One command of the launcher: {@code className} is null for those the script carries out, whose
     * {@code usage} is then the text {@code help} prints (the others print their own on --help).
     */
    record Command(String name, String className, String usage, String synopsis, String summary) {
        boolean inLauncher() {
            return className == null;
        }
    }

    static final List<Command> COMMANDS = List.of(
                    new Command("run", null, LauncherUsage.RUN,
                                    "run [java options] [-cp CLASSPATH] MAIN-CLASS [args...]",
                                    "run a program on JDK 25 with ssajit as HotSpot's tier-4 compiler (C1 below it)"),
                    new Command("demo", null, LauncherUsage.DEMO,
                                    "demo [--graal]",
                                    "numeric kernels under the interpreter, C1, C2 and ssajit: times, ratios, checksums"),
                    new Command("flags", null, LauncherUsage.FLAGS,
                                    "flags",
                                    "print the JVM options that make a plain java use ssajit (a java @argfile: JMH, Surefire)"),
                    new Command("ctw", "org.ssajit.jvmci.ctw.CompileTheWorld", null,
                                    "ctw [--module NAME | --jar FILE] [--classes REGEX] [--initialize] [--json] [--verbose] | ctw --work ...",
                                    "compile every method of a module (default java.base) or jar, install it and invalidate it; --work: the compiler's work per phase"),
                    new Command("ir", "org.ssajit.tools.IrCommand", null,
                                    "ir <class-path|jrt> <Class.method[(descriptor)]> [--dot FILE] [--states] [--no-opt] [--no-markers] [--no-scc] [--osr BCI] [--inline]",
                                    "build, verify and print one method's SSA graph (text; Graphviz DOT with --dot)"),
                    new Command("corpus", "org.ssajit.tools.CorpusCommand", null,
                                    "corpus [--module NAME | --jar FILE] [--classes REGEX] [--json] [--verbose]",
                                    "build SSA for every method of a module (default java.base) or jar and print statistics"),
                    new Command("fuzz", "org.ssajit.tools.fuzz.FuzzCommand", null,
                                    "fuzz [--seed S] [--count N] [options]",
                                    "generated programs under -Xint and under ssajit, compared; findings reduced and saved"),
                    new Command("help", null, LauncherUsage.HELP,
                                    "help [command]",
                                    "this list, or a command's usage (so does 'ssajit <command> --help')"));

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            help(err);
            return 2;
        }
        String name = args[0];
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        if (name.equals("help") || name.equals("-h") || name.equals("--help")) {
            if (rest.length == 0) {
                help(out);
                return 0;
            }
            String topic = rest[0].equals("-h") || rest[0].equals("--help") ? "help" : rest[0];
            Command c = rest.length == 1 ? find(topic) : null;
            if (c == null) {
                err.println(rest.length == 1 ? "ssajit: no command '" + rest[0] + "'" : "ssajit help: one command at most");
                help(err);
                return 2;
            }
            return usage(c, out, err);
        }
        Command c = find(name);
        if (c == null) {
            err.println("ssajit: unknown command '" + name + "'");
            help(err);
            return 2;
        }
        if (c.inLauncher()) {
            err.println("ssajit " + name + ": a command of the launcher script: start it as 'ssajit " + name + "'");
            return 2;
        }
        return dispatch(c, rest, out, err);
    }

    /** Prints {@code c}'s usage: its own text, or what the command prints for --help. */
    static int usage(Command c, PrintStream out, PrintStream err) {
        if (c.inLauncher()) {
            out.print(c.usage());
            return 0;
        }
        return dispatch(c, new String[]{"--help"}, out, err);
    }

    static Command find(String name) {
        for (Command c : COMMANDS) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    static int dispatch(Command c, String[] args, PrintStream out, PrintStream err) {
        Class<?> k;
        try {
            k = Class.forName(c.className());
        } catch (ClassNotFoundException e) {
            err.println(c.name() + ": not available in this build");
            return 2;
        }
        Method run;
        Object[] arguments;
        try {
            run = k.getMethod("run", String[].class, PrintStream.class, PrintStream.class);
            arguments = new Object[]{args, out, err};
        } catch (NoSuchMethodException e) {
            try {
                run = k.getMethod("run", String[].class);
                arguments = new Object[]{args};
            } catch (NoSuchMethodException e2) {
                err.println(c.name() + ": not available in this build");
                return 2;
            }
        }
        if (!Modifier.isStatic(run.getModifiers()) || run.getReturnType() != int.class) {
            err.println(c.name() + ": not available in this build (" + c.className() + ".run is not static int run(String[]))");
            return 2;
        }
        try {
            return (int) run.invoke(null, arguments);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error r) {
                throw r;
            }
            throw new IllegalStateException(cause);
        }
    }

    static void help(PrintStream out) {
        out.println("usage: ssajit <command> [arguments]");
        out.println();
        out.println("ssajit is a JVMCI compiler for HotSpot: bytecode to SSA (Braun et al. 2013) to AMD64 and AArch64 machine code.");
        out.println();
        out.println("Commands:");
        for (Command c : COMMANDS) {
            out.println("  " + c.synopsis());
            out.println("      " + c.summary());
        }
        out.println();
        out.println("'ssajit help <command>' or 'ssajit <command> --help' prints a command's usage.");
        out.println("Quote method names: the shell treats ( ) < > specially, e.g. ssajit ir jrt 'java.lang.Math.max(II)I'");
    }
}
