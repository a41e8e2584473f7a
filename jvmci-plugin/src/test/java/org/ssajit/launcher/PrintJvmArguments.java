package org.ssajit.launcher;

import java.lang.management.ManagementFactory;

/** A program for {@link LauncherIT}: prints the options its JVM was started with, one a line. */
public final class PrintJvmArguments {
    private PrintJvmArguments() {
    }

    public static void main(String[] args) {
        ManagementFactory.getRuntimeMXBean().getInputArguments().forEach(System.out::println);
    }
}
