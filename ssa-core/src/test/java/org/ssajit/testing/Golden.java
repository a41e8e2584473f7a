package org.ssajit.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden-file comparison: expected IR text lives in {@code src/test/resources/golden/NAME.ir}. Run with
 * {@code -Dssajit.updateGolden=true} to (re)write the files after an intended change, then review the
 * diff in version control.
 */
public final class Golden {
    private static final Path DIR = Path.of("src/test/resources/golden");

    private Golden() {
    }

    public static void check(String name, String actual) {
        Path file = DIR.resolve(name + ".ir");
        try {
            if (Boolean.getBoolean("ssajit.updateGolden")) {
                Files.createDirectories(DIR);
                Files.writeString(file, actual);
                return;
            }
            if (!Files.exists(file)) {
                fail("no golden file " + file + "; run with -Dssajit.updateGolden=true to create it. Actual:\n" + actual);
            }
            String expected = Files.readString(file);
            if (!expected.equals(actual)) {
                fail("IR differs from " + file + " (rerun with -Dssajit.updateGolden=true if intended)\n" + diff(expected, actual));
            }
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static String diff(String expected, String actual) {
        String[] e = expected.split("\n", -1);
        String[] a = actual.split("\n", -1);
        StringBuilder sb = new StringBuilder();
        int n = Math.max(e.length, a.length);
        for (int i = 0; i < n; i++) {
            String x = i < e.length ? e[i] : "<none>";
            String y = i < a.length ? a[i] : "<none>";
            if (!x.equals(y)) {
                sb.append(String.format("line %d:%n  - %s%n  + %s%n", i + 1, x, y));
            }
        }
        return sb + "\n--- actual ---\n" + actual;
    }
}
