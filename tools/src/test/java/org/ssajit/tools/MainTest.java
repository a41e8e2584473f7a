package org.ssajit.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class MainTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        return Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void helpListsEveryCommand() {
        assertEquals(0, main("help"));
        String text = out.toString(StandardCharsets.UTF_8);
        for (Main.Command c : Main.COMMANDS) {
            assertTrue(text.contains("  " + c.name() + " "), c.name() + " missing from\n" + text);
        }
        assertTrue(text.contains("--dot FILE"), text);
    }

    @Test
    void helpForOneCommandIsItsUsage() {
        // The command prints to System.out; its text is checked in IrCommandTest.
        assertEquals(0, main("help", "ir"));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void unknownCommandsAndNoArgumentsAreUsageErrors() {
        assertEquals(2, main("frobnicate"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("unknown command 'frobnicate'"));
        assertEquals(2, main());
    }

    @Test
    void commandsMissingFromTheBuildSaySo() {
        Main.Command absent = new Main.Command("later", "org.ssajit.tools.NoSuchCommand", "later", "not built");
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        assertEquals(2, Main.dispatch(absent, new String[0], e));
        assertEquals("later: not available in this build", err.toString(StandardCharsets.UTF_8).strip());
    }

    @Test
    void dispatchReachesIr() {
        assertEquals(0, main("ir", "--help"));
        assertEquals(2, main("ir"));
    }
}
