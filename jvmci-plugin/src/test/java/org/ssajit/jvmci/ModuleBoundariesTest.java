package org.ssajit.jvmci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * What each module's README says it must not depend on, checked over the main sources. Maven's
 * dependencies already keep a module from compiling against one it does not list (a back end against
 * the other, the tools against codegen-core, jvmci-plugin against a back end: a runtime dependency);
 * this test adds the rules inside a module and the ones a dependency would silently break: the
 * packages of JVMCI a module may use, and the packages of one module that must not use another of
 * the same module.
 *
 * <p>A source's references are its imports (static and on demand too) and every qualified name in
 * its code ({@code jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod} written out), comments and strings
 * left aside. A rule names the sources it governs by a path prefix and either the packages they must
 * not reference or the only ones of ssajit and JVMCI they may.
 */
class ModuleBoundariesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    /** The packages of the tools module: the commands, the IR interpreter and the SSA reference construction. */
    private static final String[] TOOLS = {"org.ssajit.tools", "org.ssajit.interp", "org.ssajit.cytron"};
    /** codegen-core's packages. */
    private static final String[] CODEGEN = {"org.ssajit.lir", "org.ssajit.hotspot", "org.ssajit.lowering", "org.ssajit.codegen", "org.ssajit.backend",
                    "org.ssajit.regalloc", "org.ssajit.asm", "org.ssajit.disasm", "org.ssajit.dump"};
    /** JVMCI's machine packages. */
    private static final String[] MACHINES = {"jdk.vm.ci.amd64", "jdk.vm.ci.aarch64", "jdk.vm.ci.hotspot.amd64", "jdk.vm.ci.hotspot.aarch64"};

    /**
     * The rules, one per README sentence. {@code only} rules restrict what ssajit and JVMCI packages
     * a source may reference (the JDK's other packages stay free).
     */
    static final List<Rule> RULES = List.of(
                    mustNot("ssa-core/", "ssa-core knows no machine (no register, no instruction), no code generation, no tools, not the plugin",
                                    concat(CODEGEN, TOOLS, MACHINES, "jdk.vm.ci.code", "org.ssajit.amd64", "org.ssajit.aarch64", "org.ssajit.jvmci")),
                    mustNot("codegen-core/", "codegen-core knows no machine and no back end, not the plugin, not the tools",
                                    concat(TOOLS, MACHINES, "org.ssajit.amd64", "org.ssajit.aarch64", "org.ssajit.jvmci")),
                    only("codegen-core/src/main/java/org/ssajit/asm/", "the assembler base knows bytes and labels", "org.ssajit.asm"),
                    only("codegen-core/src/main/java/org/ssajit/disasm/", "the disassembler knows bytes and text", "org.ssajit.disasm"),
                    mustNot("codegen-amd64/", "a back end does not use the other back end, the plugin, a register allocator, the lowering or the tools",
                                    concat(TOOLS, "org.ssajit.aarch64", "jdk.vm.ci.aarch64", "jdk.vm.ci.hotspot.aarch64", "org.ssajit.jvmci", "org.ssajit.regalloc",
                                                    "org.ssajit.lowering")),
                    mustNot("codegen-aarch64/", "a back end does not use the other back end, the plugin, a register allocator, the lowering or the tools",
                                    concat(TOOLS, "org.ssajit.amd64", "jdk.vm.ci.amd64", "jdk.vm.ci.hotspot.amd64", "org.ssajit.jvmci", "org.ssajit.regalloc",
                                                    "org.ssajit.lowering")),
                    only("codegen-amd64/src/main/java/org/ssajit/amd64/asm/", "the AMD64 assembler knows bytes and JVMCI's registers, not IR nor HotSpot",
                                    "org.ssajit.amd64.asm", "org.ssajit.asm", "jdk.vm.ci.amd64", "jdk.vm.ci.code"),
                    only("codegen-aarch64/src/main/java/org/ssajit/aarch64/asm/", "the AArch64 assembler knows bytes and JVMCI's registers, not IR nor HotSpot",
                                    "org.ssajit.aarch64.asm", "org.ssajit.asm", "jdk.vm.ci.aarch64", "jdk.vm.ci.code"),
                    only("codegen-amd64/src/main/java/org/ssajit/amd64/disasm/", "a disassembler knows bytes and text", "org.ssajit.amd64.disasm", "org.ssajit.disasm"),
                    only("codegen-aarch64/src/main/java/org/ssajit/aarch64/disasm/", "a disassembler knows bytes and text", "org.ssajit.aarch64.disasm",
                                    "org.ssajit.disasm"),
                    mustNot("codegen-amd64/src/main/java/org/ssajit/amd64/hotspot/", "the frame and stubs do not use the LIR ops", "org.ssajit.amd64.lir"),
                    mustNot("codegen-aarch64/src/main/java/org/ssajit/aarch64/hotspot/", "the frame and stubs do not use the LIR ops", "org.ssajit.aarch64.lir"),
                    mustNot("jvmci-plugin/", "the plugin names no back-end class (they are found at run time) and does not use the tools",
                                    concat(TOOLS, MACHINES, "org.ssajit.amd64", "org.ssajit.aarch64")),
                    mustNot("tools/", "the tools study the front end: no code generation, no back end, not the plugin",
                                    concat(CODEGEN, MACHINES, "org.ssajit.amd64", "org.ssajit.aarch64", "org.ssajit.jvmci")));

    /** Sources governed by a path prefix: {@code forbidden} packages, or, if {@code allowed} is not null, only those of ssajit and JVMCI. */
    record Rule(String pathPrefix, String why, List<String> forbidden, List<String> allowed) {
        /** Whether referencing {@code pkg} breaks this rule. */
        boolean breaks(String pkg) {
            if (allowed != null) {
                return (within(pkg, "org.ssajit") || within(pkg, "jdk.vm.ci")) && allowed.stream().noneMatch(a -> within(pkg, a));
            }
            return forbidden.stream().anyMatch(f -> within(pkg, f));
        }
    }

    private static Rule mustNot(String pathPrefix, String why, String... packages) {
        return new Rule(pathPrefix, why, List.of(packages), null);
    }

    private static Rule only(String pathPrefix, String why, String... packages) {
        return new Rule(pathPrefix, why, List.of(), List.of(packages));
    }

    /** Package names and arrays of them, flattened. */
    private static String[] concat(Object... parts) {
        return Stream.of(parts).flatMap(p -> p instanceof String[] a ? Stream.of(a) : Stream.of((String) p)).toArray(String[]::new);
    }

    /** Whether package {@code pkg} is {@code root} or inside it. */
    static boolean within(String pkg, String root) {
        return pkg.equals(root) || pkg.startsWith(root + ".");
    }

    /** A qualified name: packages in lower case, then a type; or an import on demand. */
    private static final Pattern QUALIFIED = Pattern.compile("\\b((?:org\\.ssajit|jdk\\.vm\\.ci)(?:\\.[a-z_][a-z0-9_]*)*)\\s*\\.\\s*(?:[A-Z]|\\*)");

    /** The ssajit and JVMCI packages {@code source} references, each once, in order. */
    static Set<String> references(String source) {
        Matcher m = QUALIFIED.matcher(NoGlobalConfigurationTest.withoutCommentsAndStrings(source));
        Set<String> found = new TreeSet<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    @Test
    void everyModuleKeepsToWhatItsReadmeSays() throws IOException {
        List<String> broken = new ArrayList<>();
        int scanned = 0;
        try (Stream<Path> modules = Files.list(ROOT)) {
            for (Path module : modules.filter(m -> Files.isDirectory(m.resolve("src/main/java"))).sorted().toList()) {
                try (Stream<Path> s = Files.walk(module.resolve("src/main/java"))) {
                    for (Path f : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                        String path = ROOT.relativize(f).toString().replace('\\', '/');
                        Set<String> refs = references(Files.readString(f));
                        scanned++;
                        for (Rule r : RULES) {
                            if (path.startsWith(r.pathPrefix())) {
                                for (String pkg : refs) {
                                    if (r.breaks(pkg)) {
                                        broken.add(path + " uses " + pkg + ": " + r.why());
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        assertTrue(scanned > 300, "scanned " + scanned + " files");
        assertEquals(List.of(), broken);
    }

    /** The package of HotSpot's machine-level dialect: its ops and their attributes, declared with the lowering that makes them. */
    private static final Path DIALECT = ROOT.resolve("codegen-core/src/main/java/org/ssajit/hotspot/ir");

    /** The dialect's class names (its ops' enum and its attributes'), from its package's sources. */
    static Set<String> dialectClasses() throws IOException {
        Set<String> names = new TreeSet<>();
        try (Stream<Path> s = Files.list(DIALECT)) {
            s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".java") && !n.equals("package-info.java"))
                            .forEach(n -> names.add(n.substring(0, n.length() - ".java".length())));
        }
        return names;
    }

    /**
     * ssa-core's README: the IR machinery and the Java-level ops only; HotSpot's dialect (barrier kinds,
     * narrow encodings, the VM's leaf functions and entries, BasicLocks) lives with the lowering. Its
     * Maven dependencies already keep ssa-core (and the tools) from compiling against codegen-core, so
     * this checks what they cannot: that neither declares or names a class of the dialect's again (an
     * {@code Access}, a {@code GcBarrier} of its own), and that {@link org.ssajit.ir.Op} declares none
     * of the dialect's ops (by name, or machine-level by its flags).
     */
    @Test
    void ssaCoreAndTheToolsKnowNothingOfHotSpotsDialect() throws IOException {
        Set<String> dialect = dialectClasses();
        assertTrue(dialect.containsAll(Set.of("HotSpotOp", "Access", "GcBarrier", "NarrowEncoding", "RuntimeLeaf", "VmEntry", "CallTarget")), dialect::toString);
        Pattern named = Pattern.compile("\\b(" + String.join("|", dialect) + ")\\b");
        List<String> broken = new ArrayList<>();
        for (String module : List.of("ssa-core", "tools")) {
            try (Stream<Path> s = Files.walk(ROOT.resolve(module + "/src/main/java"))) {
                for (Path f : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    Matcher m = named.matcher(NoGlobalConfigurationTest.withoutCommentsAndStrings(Files.readString(f)));
                    while (m.find()) {
                        broken.add(ROOT.relativize(f) + " names " + m.group(1) + ", a class of HotSpot's dialect");
                    }
                }
            }
        }
        Set<String> dialectOps = new TreeSet<>();
        for (org.ssajit.hotspot.ir.HotSpotOp op : org.ssajit.hotspot.ir.HotSpotOp.values()) {
            dialectOps.add(op.name());
        }
        for (org.ssajit.ir.Op op : org.ssajit.ir.Op.values()) {
            if (op.isLowLevel() || dialectOps.contains(op.name())) {
                broken.add("Op." + op.name() + " is a machine-level op: HotSpotOp's");
            }
        }
        assertEquals(List.of(), broken);
    }

    /** Every rule governs some source: a moved or renamed module or package cannot make a rule vacuous. */
    @Test
    void everyRuleGovernsSources() {
        for (Rule r : RULES) {
            assertTrue(Files.isDirectory(ROOT.resolve(r.pathPrefix())), r.pathPrefix() + " (" + r.why() + ") is not a directory");
        }
    }

    @Test
    void theScannerFindsImportsAndQualifiedNames() {
        String code = """
                        package org.ssajit.amd64.hotspot;
                        import org.ssajit.lir.LirKind;
                        import static org.ssajit.amd64.lir.Operands.reg;
                        import org.ssajit.ir.*;
                        import java.util.List;
                        class A {
                            // org.ssajit.jvmci.SsajitCompiler in a comment
                            String s = "org.ssajit.tools.Main";
                            Object o = (jdk.vm.ci.hotspot.HotSpotResolvedJavaMethod) null;
                            int x = org.ssajit.regalloc.LinearScan.MAX;
                        }
                        """;
        assertEquals(Set.of("org.ssajit.lir", "org.ssajit.amd64.lir", "org.ssajit.ir", "jdk.vm.ci.hotspot", "org.ssajit.regalloc"), references(code));
        Rule frame = RULES.stream().filter(r -> r.pathPrefix().endsWith("amd64/hotspot/")).findFirst().orElseThrow();
        assertTrue(frame.breaks("org.ssajit.amd64.lir") && !frame.breaks("org.ssajit.lir") && !frame.breaks("org.ssajit.amd64.lirx"));
        Rule asm = RULES.stream().filter(r -> r.pathPrefix().endsWith("amd64/asm/")).findFirst().orElseThrow();
        assertTrue(asm.breaks("org.ssajit.ir") && asm.breaks("jdk.vm.ci.hotspot") && !asm.breaks("jdk.vm.ci.code") && !asm.breaks("java.util"));
        Rule front = RULES.stream().filter(r -> r.pathPrefix().startsWith("ssa-core/")).findFirst().orElseThrow();
        assertTrue(front.breaks("jdk.vm.ci.code") && front.breaks("jdk.vm.ci.code.site") && front.breaks("org.ssajit.interp") && !front.breaks("jdk.vm.ci.meta"));
    }
}
