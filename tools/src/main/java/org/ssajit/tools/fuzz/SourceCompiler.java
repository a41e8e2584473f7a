package org.ssajit.tools.fuzz;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** javac in this process (javax.tools): generated sources, held in memory, to class files in a directory. */
final class SourceCompiler {
    private final JavaCompiler javac = ToolProvider.getSystemJavaCompiler();

    SourceCompiler() {
        if (javac == null) {
            throw new IllegalStateException("no Java compiler in this runtime (javax.tools.ToolProvider); run ssajit fuzz on a JDK");
        }
    }

    /**
     * Compiles {@code sources} (binary class name to source) into {@code classes}; returns javac's
     * errors, empty when it succeeded.
     */
    String compile(Map<String, String> sources, Path classes) throws IOException {
        return compile(sources, Map.of(), classes);
    }

    /**
     * As {@link #compile(Map, Path)}, after writing {@code classFiles} (binary class name to class file)
     * into {@code classes}, where the sources see them.
     */
    String compile(Map<String, String> sources, Map<String, byte[]> classFiles, Path classes) throws IOException {
        Files.createDirectories(classes);
        for (Map.Entry<String, byte[]> e : classFiles.entrySet()) {
            Path file = classes.resolve(e.getKey().replace('.', '/') + ".class");
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue());
        }
        List<JavaFileObject> units = new ArrayList<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            units.add(new SimpleJavaFileObject(URI.create("string:///" + e.getKey().replace('.', '/') + ".java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return e.getValue();
                }
            });
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
            List<String> options = List.of("-d", classes.toString(), "-cp", classes.toString(), "-g", "-nowarn", "-Xlint:none", "-proc:none", "-implicit:none", "-encoding", "UTF-8");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, units).call();
            if (ok) {
                return "";
            }
        }
        StringBuilder sb = new StringBuilder();
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                sb.append(d.getSource() == null ? "" : d.getSource().getName()).append(':').append(d.getLineNumber()).append(": ")
                                .append(d.getMessage(Locale.ROOT)).append('\n');
            }
        }
        return sb.length() == 0 ? "javac failed" : sb.toString();
    }
}
