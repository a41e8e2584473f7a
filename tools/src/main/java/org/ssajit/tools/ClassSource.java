package org.ssajit.tools;

import java.io.File;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the tools load the classes they analyze from, given as the first argument of a command:
 * <ul>
 * <li>{@code jrt} (or {@code jrt:/}): the JDK's own classes, the modules of the JDK running ssajit;</li>
 * <li>otherwise a class path: directories and jars separated by {@link File#pathSeparator}. A directory
 * that happens to be called {@code jrt} is written {@code ./jrt}.</li>
 * </ul>
 * Classes are loaded without being initialized: analyzing a method never runs the class's static
 * initializer. A class path loader delegates to the platform loader, so the analyzed classes never
 * see ssajit's own classes.
 */
public final class ClassSource {
    public static final String JRT = "jrt";

    private final String description;
    private final ClassLoader loader;

    private ClassSource(String description, ClassLoader loader) {
        this.description = description;
        this.loader = loader;
    }

    public static boolean isJrt(String arg) {
        return arg.equals(JRT) || arg.equals("jrt:") || arg.equals("jrt:/");
    }

    public static ClassSource of(String arg) {
        if (isJrt(arg)) {
            return new ClassSource("the JDK's modules (jrt)", ClassLoader.getPlatformClassLoader());
        }
        if (arg.isEmpty()) {
            throw new UsageException("empty class path");
        }
        List<URL> urls = new ArrayList<>();
        for (String entry : arg.split(File.pathSeparator, -1)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path p = Path.of(entry);
            if (!Files.exists(p)) {
                throw new UsageException("class path entry not found: " + entry);
            }
            if (!Files.isDirectory(p) && !entry.endsWith(".jar") && !entry.endsWith(".zip")) {
                throw new UsageException("class path entry is neither a directory nor a .jar/.zip: " + entry);
            }
            try {
                urls.add(p.toAbsolutePath().toUri().toURL());
            } catch (MalformedURLException e) {
                throw new UsageException("bad class path entry " + entry + ": " + e.getMessage());
            }
        }
        if (urls.isEmpty()) {
            throw new UsageException("empty class path '" + arg + "'");
        }
        return new ClassSource("class path " + arg, new URLClassLoader("ssajit-classpath", urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader()));
    }

    /** Loads (but does not initialize) {@code binaryName}. */
    public Class<?> load(String binaryName) {
        try {
            return Class.forName(binaryName, false, loader);
        } catch (ClassNotFoundException e) {
            throw new UsageException("class " + binaryName + " not found in " + description + hint(binaryName));
        } catch (LinkageError e) {
            throw new UsageException("cannot load " + binaryName + " from " + description + ": " + e);
        }
    }

    private String hint(String binaryName) {
        if (loader instanceof URLClassLoader && ClassLoader.getPlatformClassLoader().getResource(binaryName.replace('.', '/') + ".class") != null) {
            return " (it is a JDK class: use 'jrt' as the class path)";
        }
        int dot = binaryName.lastIndexOf('.');
        if (dot > 0) {
            // pkg.Outer.Inner: the binary name of a nested class uses '$'.
            String nested = binaryName.substring(0, dot) + "$" + binaryName.substring(dot + 1);
            try {
                Class.forName(nested, false, loader);
                return " (did you mean the nested class " + nested + "?)";
            } catch (ClassNotFoundException | LinkageError e) {
                // no better guess
            }
        }
        return "";
    }

    @Override
    public String toString() {
        return description;
    }
}
