package org.ssajit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

class MainTest {
    /** Every command of the launcher (org.ssajit.jvmci.LauncherIT runs each through the script). */
    private static final List<String> ALL = List.of("run", "demo", "flags", "ctw", "ir", "corpus", "fuzz", "help");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        out.reset();
        err.reset();
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    private static void assertListsEveryCommand(String text) {
        for (String name : ALL) {
            assertTrue(text.contains("\n  " + name + " ") || text.contains("\n  " + name + "\n"), name + " missing from\n" + text);
        }
    }

    @Test
    void theCommandsAreTheLaunchers() {
        assertEquals(ALL, Main.COMMANDS.stream().map(Main.Command::name).toList());
    }

    @Test
    void helpListsEveryCommand() {
        assertEquals(0, main("help"));
        assertListsEveryCommand(out());
        assertTrue(out().contains("--dot FILE"), out());
        assertEquals(0, main("--help"));
        assertListsEveryCommand(out());
    }

    @Test
    void helpForEachCommandIsThatCommandsUsage() {
        for (Main.Command c : Main.COMMANDS) {
            if (c.name().equals("ctw")) {
                continue; // in jvmci-plugin, not on this module's class path: LauncherIT asks the launcher
            }
            assertEquals(0, main("help", c.name()), c.name() + ": " + err());
            assertTrue(out().startsWith("usage: ssajit " + c.name()), c.name() + ":\n" + out());
            assertEquals("", err(), c.name());
        }
    }

    @Test
    void toolCommandsTakeHelpAsTheirHelpTopic() {
        for (String name : List.of("ir", "corpus", "fuzz")) {
            assertEquals(0, main("help", name));
            String usage = out();
            assertEquals(0, main(name, "--help"), name + ": " + err());
            assertEquals(usage, out(), name);
            assertEquals(0, main(name, "-h"), name + ": " + err());
            assertEquals(usage, out(), name);
        }
        assertEquals(0, main("help", "help"));
        String usage = out();
        assertEquals(0, main("help", "--help"));
        assertEquals(usage, out());
    }

    @Test
    void launcherCommandsStartedHereSaySo() {
        for (String name : List.of("run", "demo", "flags")) {
            assertEquals(2, main(name, "-cp", "x", "Main"));
            assertTrue(err().contains("start it as 'ssajit " + name + "'"), err());
        }
    }

    @Test
    void unknownCommandsAndTopicsAreUsageErrorsListingEveryCommand() {
        assertEquals(2, main("frobnicate"));
        assertTrue(err().contains("unknown command 'frobnicate'"), err());
        assertListsEveryCommand(err());
        assertEquals(2, main("help", "frobnicate"));
        assertTrue(err().contains("no command 'frobnicate'"), err());
        assertListsEveryCommand(err());
        assertEquals("", out());
        assertEquals(2, main("help", "ir", "fuzz"));
        assertListsEveryCommand(err());
        assertEquals(2, main());
        assertListsEveryCommand(err());
    }

    /** The options a usage text names, --help aside. */
    private static Set<String> options(String usage) {
        Set<String> options = new TreeSet<>();
        Matcher m = Pattern.compile("--[a-z][a-z-]*").matcher(usage);
        while (m.find()) {
            options.add(m.group());
        }
        options.remove("--help");
        return options;
    }

    @Test
    void summariesThatListOptionsListThemAll() {
        for (String name : List.of("ir", "corpus")) {
            assertEquals(0, main("help", name));
            Set<String> all = options(out());
            assertTrue(all.size() >= 4, all.toString());
            Set<String> listed = options(Main.find(name).synopsis());
            assertEquals(all, listed, name + "'s summary");
        }
    }

    @Test
    void commandsMissingFromTheBuildSaySo() {
        Main.Command absent = new Main.Command("later", "org.ssajit.tools.NoSuchCommand", null, "later", "not built");
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Main.dispatch(absent, new String[0], e, e));
        assertEquals("later: not available in this build", err().strip());
    }

    @Test
    void dispatchReachesIr() {
        assertEquals(0, main("ir", "--help"));
        assertEquals(2, main("ir"));
    }

    @Test
    void corpusUsageErrors() {
        assertEquals(2, main("corpus", "--frobnicate"));
        assertTrue(err().contains("unknown option --frobnicate"), err());
        assertEquals(2, main("corpus", "--module"));
        assertTrue(err().contains("--module needs a value"), err());
        assertEquals(2, main("corpus", "--module", "java.base", "--jar", "x.jar"));
        assertEquals(2, main("corpus", "--classes", "[["));
        assertTrue(err().startsWith("ssajit corpus: "), err());
    }
}
