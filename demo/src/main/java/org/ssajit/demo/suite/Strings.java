package org.ssajit.demo.suite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Strings and builders: a generated log formatted with {@link String#format} (in the root locale),
 * read back with {@code split}, {@code substring} and {@code parseInt}; its text scanned char by
 * char into words; a CSV built with a {@link StringBuilder} and split again; words wrapped to a width
 * and joined; run-length coding of generated text; case conversion, search and replacement. Checks:
 * each round trip gives back what went in, and the counts of the parsed log agree with the
 * generator's.
 */
final class Strings extends SuiteProgram {
    Strings() {
        super("strings");
    }

    @Override
    public int unitsPerIteration() {
        return 5;
    }

    @Override
    protected long expected() {
        return 1748371674526344320L;
    }

    private static final String[] LEVELS = {"DEBUG", "INFO", "WARN", "ERROR"};
    private static final String[] SOURCES = {"parser", "scheduler", "cache", "net.client", "net.server", "store"};
    private static final String[] WORDS = {"request", "took", "retry", "the", "connection", "was", "reset", "by", "peer", "queue", "full",
        "flushed", "entries", "to", "disk", "level", "noon", "stats", "refer", "a", "kayak", "deadline", "missed", "after"};

    /** One log line's fields, as generated. */
    record Line(int day, int hour, int minute, int second, String level, String source, String message, int millis) {
    }

    @Override
    protected long unit() {
        Rng rng = new Rng(2024);
        List<Line> lines = new ArrayList<>();
        int[] levelCounts = new int[LEVELS.length];
        for (int i = 0; i < 8000; i++) {
            int words = rng.between(2, 9);
            StringBuilder msg = new StringBuilder();
            for (int k = 0; k < words; k++) {
                msg.append(k > 0 ? " " : "").append(WORDS[rng.below(WORDS.length)]);
            }
            int level = rng.below(10) < 6 ? 1 : rng.below(LEVELS.length);
            levelCounts[level]++;
            lines.add(new Line(1 + rng.below(28), rng.below(24), rng.below(60), rng.below(60), LEVELS[level], SOURCES[rng.below(SOURCES.length)],
                            msg.toString(), rng.below(5000)));
        }
        StringBuilder log = new StringBuilder();
        for (Line l : lines) {
            log.append(String.format(Locale.ROOT, "2025-03-%02d %02d:%02d:%02d [%-5s] %s: %s (%d ms)\n", l.day(), l.hour(), l.minute(), l.second(), l.level(),
                            l.source(), l.message(), l.millis()));
        }
        String text = log.toString();

        long sum = readLog(text, lines, levelCounts);
        sum = sum * 31 + scan(text);
        sum = sum * 31 + csv(lines);
        sum = sum * 31 + wrap(text);
        sum = sum * 31 + runLengths(rng);
        sum = sum * 31 + caseAndSearch(text);
        return sum;
    }

    /** Each line back into its fields; every field must be the generated one. */
    private long readLog(String text, List<Line> lines, int[] levelCounts) {
        String[] rows = text.split("\n");
        check(rows.length == lines.size(), "log: " + rows.length + " lines read");
        Map<String, Integer> byLevel = new TreeMap<>();
        long totalMillis = 0;
        for (int i = 0; i < rows.length; i++) {
            String row = rows[i];
            String[] head = row.split(" ", 3);
            String[] date = head[0].split("-");
            String[] time = head[1].split(":");
            // "[INFO ] source: message (N ms)": the level padded to five.
            int close = row.indexOf(']');
            String level = row.substring(row.indexOf('[') + 1, close).strip();
            String rest = row.substring(close + 2);
            int colon = rest.indexOf(": ");
            int paren = rest.lastIndexOf(" (");
            Line l = lines.get(i);
            int millis = Integer.parseInt(rest, paren + 2, rest.length() - 4, 10);
            boolean same = Integer.parseInt(date[2]) == l.day() && Integer.parseInt(time[0]) == l.hour() && Integer.parseInt(time[1]) == l.minute()
                            && Integer.parseInt(time[2]) == l.second() && level.equals(l.level()) && rest.substring(0, colon).equals(l.source())
                            && rest.substring(colon + 2, paren).equals(l.message()) && millis == l.millis() && rest.endsWith(" ms)");
            check(same, "log: line " + i + " reads back differently: " + row);
            byLevel.merge(level, 1, Integer::sum);
            totalMillis += millis;
        }
        for (int k = 0; k < LEVELS.length; k++) {
            check(byLevel.getOrDefault(LEVELS[k], 0) == levelCounts[k], "log: level " + LEVELS[k]);
        }
        return totalMillis * 31 + byLevel.toString().hashCode();
    }

    /** Letters, digits and words by scanning chars; the palindromes among the words. */
    private long scan(String text) {
        int letters = 0;
        int digits = 0;
        int vowels = 0;
        int wordCount = 0;
        int palindromes = 0;
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            boolean letter = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
            if (letter) {
                letters++;
                if ("aeiouAEIOU".indexOf(c) >= 0) {
                    vowels++;
                }
                if (start < 0) {
                    start = i;
                }
            } else {
                if (c >= '0' && c <= '9') {
                    digits++;
                }
                if (start >= 0) {
                    wordCount++;
                    if (i - start > 2 && isPalindrome(text, start, i)) {
                        palindromes++;
                    }
                    start = -1;
                }
            }
        }
        return (((long) letters * 31 + digits) * 31 + vowels) * 31 + wordCount * 7L + palindromes;
    }

    private static boolean isPalindrome(String s, int from, int to) {
        String w = s.substring(from, to);
        return new StringBuilder(w).reverse().toString().equals(w);
    }

    /** The lines as CSV (fields quoted where they hold a comma or a quote), split again field by field. */
    private long csv(List<Line> lines) {
        StringBuilder sb = new StringBuilder();
        for (Line l : lines) {
            sb.append(l.day()).append(',').append(l.hour() * 3600 + l.minute() * 60 + l.second()).append(',').append(l.level()).append(',')
                            .append(quote(l.source() + ", " + l.message())).append(',').append(l.millis()).append('\n');
        }
        String text = sb.toString();
        long sum = 0;
        int row = 0;
        for (String record : text.split("\n")) {
            List<String> fields = splitCsv(record);
            Line l = lines.get(row++);
            check(fields.size() == 5 && fields.get(3).equals(l.source() + ", " + l.message()) && Integer.parseInt(fields.get(4)) == l.millis(),
                            "csv: row " + row + " splits differently: " + record);
            sum = sum * 31 + fields.get(3).length() + Integer.parseInt(fields.get(1));
        }
        return sum;
    }

    private static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }

    private static List<String> splitCsv(String record) {
        List<String> fields = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < record.length(); i++) {
            char c = record.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < record.length() && record.charAt(i + 1) == '"') {
                    f.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    f.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(f.toString());
                f.setLength(0);
            } else {
                f.append(c);
            }
        }
        fields.add(f.toString());
        return fields;
    }

    /** The log's words wrapped to 72 columns; joined again they must be the same words. */
    private long wrap(String text) {
        String[] words = text.split("\\s+");
        List<String> out = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String w : words) {
            if (line.length() > 0 && line.length() + 1 + w.length() > 72) {
                out.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(w);
        }
        out.add(line.toString());
        int longest = 0;
        for (String l : out) {
            longest = Math.max(longest, l.length());
        }
        String joined = String.join(" ", out);
        check(joined.equals(String.join(" ", words)), "wrap: the wrapped words differ");
        return out.size() * 31L + longest;
    }

    /** Run-length coding ("aaab" as "3a1b") of generated text with long runs; decoding gives it back. */
    private long runLengths(Rng rng) {
        long sum = 0;
        for (int t = 0; t < 200; t++) {
            StringBuilder s = new StringBuilder();
            int runs = rng.between(10, 60);
            for (int r = 0; r < runs; r++) {
                s.append(String.valueOf((char) ('a' + rng.below(6))).repeat(rng.between(1, 30)));
            }
            String plain = s.toString();
            String coded = encode(plain);
            check(decode(coded).equals(plain), "run lengths: a round trip differs");
            sum = sum * 31 + coded.length();
        }
        return sum;
    }

    private static String encode(String s) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int j = i;
            while (j < s.length() && s.charAt(j) == c) {
                j++;
            }
            out.append(j - i).append(c);
            i = j;
        }
        return out.toString();
    }

    private static String decode(String s) {
        StringBuilder out = new StringBuilder();
        int count = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (Character.isDigit(c)) {
                count = count * 10 + (c - '0');
            } else {
                out.repeat(c, count);
                count = 0;
            }
        }
        return out.toString();
    }

    /** Upper and lower case, occurrences of a word, a replacement undone. */
    private long caseAndSearch(String text) {
        String upper = text.toUpperCase(Locale.ROOT);
        check(upper.toLowerCase(Locale.ROOT).equals(text.toLowerCase(Locale.ROOT)), "case: a round trip differs");
        int count = 0;
        for (int at = upper.indexOf("RETRY"); at >= 0; at = upper.indexOf("RETRY", at + 1)) {
            count++;
        }
        String replaced = text.replace("connection", "CONN#");
        String back = replaced.replace("CONN#", "connection");
        check(back.equals(text), "replace: undoing a replacement differs");
        int matches = 0;
        for (int i = 0; i + 5 <= text.length(); i += 7) {
            if (text.regionMatches(true, i, "ERROR", 0, 5)) {
                matches++;
            }
        }
        return (count * 31L + replaced.length()) * 31 + matches + upper.hashCode();
    }
}
