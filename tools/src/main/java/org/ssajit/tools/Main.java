package org.ssajit.tools;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

/**
 * Entry point of the {@code ssajit} launcher: {@code ssajit <command> [args...]}.
 *
 * <p>Commands are found by class name, each a class with {@code public static int run(String[] args)}
 * returning the exit status. Looking them up by name lets a command live in a module that depends on
 * this one (and lets a build without it say so instead of failing to link).
 */
public final class Main {
    /** One subcommand of the launcher. */
    record Command(String name, String className, String synopsis, String summary) {
    }

    static final List<Command> COMMANDS = List.of(
                    new Command("ir", "org.ssajit.tools.IrCommand",
                                    "ir <class-path|jrt> <Class.method[(descriptor)]> [--dot FILE] [--states] [--no-opt] [--no-markers] [--no-scc]",
                                    "build, verify and print one method's SSA graph (text; Graphviz DOT with --dot)"),
                    new Command("corpus", "org.ssajit.tools.CorpusCommand",
                                    "corpus [options]        e.g. corpus --module java.base",
                                    "build SSA for every method of a corpus and print statistics ('ssajit corpus --help' lists its options)"),
                    new Command("fuzz", "org.ssajit.tools.fuzz.FuzzCommand",
                                    "fuzz [--seed S] [--count N] [options]",
                                    "generated programs under -Xint and under ssajit, compared; findings reduced and saved ('ssajit help fuzz')"));

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
            if (rest.length == 1 && find(rest[0]) != null) {
                return dispatch(find(rest[0]), new String[]{"--help"}, err);
            }
            help(out);
            return 0;
        }
        Command c = find(name);
        if (c == null) {
            err.println("ssajit: unknown command '" + name + "'");
            help(err);
            return 2;
        }
        return dispatch(c, rest, err);
    }

    private static Command find(String name) {
        for (Command c : COMMANDS) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    static int dispatch(Command c, String[] args, PrintStream err) {
        Method run;
        try {
            Class<?> k = Class.forName(c.className());
            run = k.getMethod("run", String[].class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            err.println(c.name() + ": not available in this build");
            return 2;
        }
        if (!Modifier.isStatic(run.getModifiers()) || run.getReturnType() != int.class) {
            err.println(c.name() + ": not available in this build (" + c.className() + ".run is not static int run(String[]))");
            return 2;
        }
        try {
            return (int) run.invoke(null, (Object) args);
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
        out.println("  help [command]");
        out.println("      this text, or a command's full usage");
        out.println();
        out.println("Quote method names: the shell treats ( ) < > specially, e.g. ssajit ir jrt 'java.lang.Math.max(II)I'");
    }
}
