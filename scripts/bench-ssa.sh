#!/usr/bin/env bash
# Runs the SSA construction benchmark (benchmarks/ SsaConstructionBenchmark) and prints each
# variant's time relative to braun-markers, in total and net of the front end they share.
#
# Usage: scripts/bench-ssa.sh [JMH options...]
#   Defaults suit a 2-core machine: one benchmark thread, 2 forks, 8 x 3 s warm-up, 5 x 3 s measured
#   (about 5 minutes). Options given here override them, e.g. a quick check:
#     scripts/bench-ssa.sh -f 1 -wi 1 -i 1 -w 1s -r 1s
#   One variant only: -p variant=braun-plain
# Results: benchmarks/target/bench-ssa-<time>.csv (JMH CSV) and the table printed at the end.
# Other load on the machine skews the numbers; run it on an otherwise idle machine.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
JAR="$ROOT/benchmarks/target/benchmarks.jar"

if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT/ssa-core/src/main" "$ROOT/benchmarks/src/main" "$ROOT/pom.xml" "$ROOT/ssa-core/pom.xml" "$ROOT/benchmarks/pom.xml" -newer "$JAR" -print -quit)" ]; then
    command -v mvn >/dev/null 2>&1 || { echo "bench-ssa: Maven (mvn) is needed to build $JAR" >&2; exit 2; }
    echo "bench-ssa: building benchmarks.jar..." >&2
    (cd "$ROOT" && JAVA25_HOME="$JDK" mvn -q -B -DskipTests -pl benchmarks -am package) >&2
    touch "$JAR"
fi

OUT="$ROOT/benchmarks/target/bench-ssa-$(date +%Y%m%d-%H%M%S).csv"
# JMH rejects a repeated option: a default is passed only when the caller did not give that option.
DEFAULTS=(-t 1 -f 2 -wi 8 -w 3s -i 5 -r 3s)
ARGS=()
for ((k = 0; k < ${#DEFAULTS[@]}; k += 2)); do
    given=0
    for a in "$@"; do [ "$a" = "${DEFAULTS[k]}" ] && given=1; done
    [ $given = 0 ] && ARGS+=("${DEFAULTS[k]}" "${DEFAULTS[k + 1]}")
done

"$JDK/bin/java" --sun-misc-unsafe-memory-access=allow -jar "$JAR" 'SsaConstructionBenchmark' \
    "${ARGS[@]}" "$@" -rf csv -rff "$OUT"

echo
echo "SSA construction of the sample, milliseconds per pass (lower is better), JDK: $JDK"
echo "CSV: $OUT"
awk -F',' '
    function unq(s) { gsub(/"/, "", s); return s }
    function num(s) { return s == "NaN" ? s : sprintf("%.1f", s) }
    { sub(/\r$/, "") }
    NR == 1 { next }
    {
        bench = unq($1); sub(/.*\./, "", bench)
        score = unq($5) + 0; err = num(unq($6)); variant = unq($8)
        if (bench == "frontEnd") { fe = score; feErr = err; haveFe = 1; next }
        if (bench != "construct") next
        n++; name[n] = variant; sc[n] = score; er[n] = err
        if (variant == "braun-markers") base = n
    }
    END {
        if (n == 0) { print "no construct results"; exit 1 }
        if (!base) base = 1
        printf "ratios are to %s; \"net\" subtracts the front end (bytecode analyses) every variant includes\n", name[base]
        printf "%-16s %10s %10s %8s %8s\n", "variant", "ms/op", "99.9% err", "ratio", "net"
        for (i = 1; i <= n; i++) {
            net = "-"
            if (haveFe && sc[base] > fe) net = sprintf("%.2f", (sc[i] - fe) / (sc[base] - fe))
            printf "%-16s %10.1f %10s %8.2f %8s\n", name[i], sc[i], er[i], sc[i] / sc[base], net
        }
        if (haveFe) printf "%-16s %10.1f %10s\n", "front end only", fe, feErr
    }' "$OUT"
