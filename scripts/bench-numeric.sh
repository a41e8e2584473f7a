#!/usr/bin/env bash
# Runs the numeric kernel benchmarks (benchmarks/ NumericBenchmarks) under ssajit, C1 only and C2 in
# one JMH run and prints each kernel's time per mode with the ratios ssajit/C1 and ssajit/C2.
#
# Usage: scripts/bench-numeric.sh [JMH options...]
#   Defaults: the benchmark's own (2 forks per mode, 5 x 2 s warm-up, 5 x 2 s measured; about 16
#   minutes for 7 kernels x 3 modes). A quick check that it runs:
#     scripts/bench-numeric.sh -f 1 -wi 1 -i 1 -w 1s -r 1s
#   One kernel in all three modes: scripts/bench-numeric.sh sieve   (a regex over kernel names)
# Results: benchmarks/target/bench-numeric-<time>.csv (JMH CSV) and the table printed at the end.
# Ratios below 1 mean ssajit is faster. Other load on the machine skews the numbers.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
JAR="$ROOT/benchmarks/target/benchmarks.jar"

if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT"/*/src/main "$ROOT"/pom.xml "$ROOT"/*/pom.xml -newer "$JAR" -print -quit)" ]; then
    command -v mvn >/dev/null 2>&1 || { echo "bench-numeric: Maven (mvn) is needed to build $JAR" >&2; exit 2; }
    echo "bench-numeric: building benchmarks.jar..." >&2
    (cd "$ROOT" && JAVA25_HOME="$JDK" mvn -q -B -DskipTests -pl benchmarks -am package) >&2
    touch "$JAR"
fi

PATTERN='NumericBenchmarks'
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
    PATTERN="NumericBenchmarks\\.($1)_(Ssajit|C1|C2)"
    shift
fi

OUT="$ROOT/benchmarks/target/bench-numeric-$(date +%Y%m%d-%H%M%S).csv"
"$JDK/bin/java" --sun-misc-unsafe-memory-access=allow -jar "$JAR" "$PATTERN" "$@" -rf csv -rff "$OUT"

echo
echo "Numeric kernels, microseconds per call (lower is better), JDK: $JDK"
echo "CSV: $OUT"
awk -F',' '
    function unq(s) { gsub(/"/, "", s); return s }
    { sub(/\r$/, "") }
    NR == 1 { next }
    {
        b = unq($1); n = split(b, part, ".")
        m = split(part[n], km, "_"); kernel = km[1]; mode = km[2]
        if (!(kernel in seen)) { seen[kernel] = 1; order[++k] = kernel }
        score[mode, kernel] = unq($5) + 0; err[mode, kernel] = unq($6) + 0
    }
    END {
        if (k == 0) { print "no results"; exit 1 }
        printf "%-16s %18s %18s %18s %9s %9s\n", "kernel", "ssajit", "C1", "C2", "ssajit/C1", "ssajit/C2"
        for (i = 1; i <= k; i++) {
            q = order[i]
            s = score["Ssajit", q]; c1 = score["C1", q]; c2 = score["C2", q]
            printf "%-16s %9.1f ± %6.1f %9.1f ± %6.1f %9.1f ± %6.1f %9s %9s\n", q, s, err["Ssajit", q], c1, err["C1", q], c2, err["C2", q],
                (c1 > 0 ? sprintf("%.2f", s / c1) : "-"), (c2 > 0 ? sprintf("%.2f", s / c2) : "-")
        }
    }' "$OUT"
