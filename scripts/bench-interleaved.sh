#!/usr/bin/env bash
# The numeric kernels under C1 only, ssajit and C2 (and Graal: --graal), in separate JVMs started in turn, round after
# round (the order rotates each round), so that load from elsewhere on the machine falls on every
# mode alike. Same kernels, data and flags (dontinline) as the JMH benchmarks (scripts/bench-numeric.sh).
# Each JVM warms each kernel up, then times it in batches of about 10 ms (org.ssajit.demo.KernelTimer);
# the table gives, per kernel and mode, the median over the rounds of each JVM's median batch, and the
# ratios of those medians. Medians, because interference on a shared machine only ever adds time.
#
# Usage: scripts/bench-interleaved.sh [-r ROUNDS] [--warmup-ms W] [--measure-ms M] [--graal] [kernel...]
#   Defaults: 5 rounds, W = 3000, M = 2000, all seven kernels (about 10 minutes).
#   --graal adds a mode: the Graal JIT as tier 4 (C1 below it), from Maven Central's jars on the same
#   JDK (scripts/graal.sh fetches them once; jargraal, whose own code warms up in the JVM).
#   A quick look at one kernel: scripts/bench-interleaved.sh -r 3 matrixMultiply
# Raw lines: benchmarks/target/bench-interleaved-<time>.txt. Ratios below 1 mean ssajit is faster.
# SSAJIT_TARGET=aarch64: every mode on the emulated arm64 JDK (scripts/aarch64-jdk.sh); emulation
# distorts absolute times (and compiled code less than the interpreter), so compare ratios only.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;; esac

ROUNDS=5
ARGS=()
MODES=(C1 ssajit C2)
while [ $# -gt 0 ]; do
    case "$1" in
        -r) ROUNDS=$2; shift 2 ;;
        --graal) MODES+=(graal); shift ;;
        --warmup-ms|--measure-ms) ARGS+=("$1" "$2"); shift 2 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
JAVA="$JDK/bin/java"
case "${SSAJIT_TARGET:-host}" in
    aarch64) JAVA=$("$ROOT/scripts/aarch64-jdk.sh") || exit 2; JDK="$JAVA (emulated arm64)" ;;
esac
# Builds the jars if the sources changed (the launcher's own check), and shows ssajit loads.
"$ROOT/ssajit" run -version >/dev/null 2>&1 || { echo "bench-interleaved: ssajit does not start; try: $ROOT/ssajit run -version" >&2; exit 2; }
JAR=$(ls "$ROOT"/demo/target/demo-*.jar | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -1)
MAIN=org.ssajit.demo.KernelTimer
KEEP=-XX:CompileCommand=quiet,dontinline,org.ssajit.demo.NumericKernels::*
GRAAL_FLAGS=()
if [[ " ${MODES[*]} " == *" graal "* ]]; then
    while IFS= read -r f; do GRAAL_FLAGS+=("$f"); done < <("$ROOT/scripts/graal.sh" flags)
    [ ${#GRAAL_FLAGS[@]} -gt 0 ] || { echo "bench-interleaved: no Graal (scripts/graal.sh failed)" >&2; exit 2; }
fi
mkdir -p "$ROOT/benchmarks/target"
OUT="$ROOT/benchmarks/target/bench-interleaved-$(date +%Y%m%d-%H%M%S).txt"

run_mode() {
    case "$1" in
        C1) "$JAVA" -XX:TieredStopAtLevel=1 "$KEEP" -cp "$JAR" $MAIN "${ARGS[@]}" ;;
        C2) "$JAVA" "$KEEP" -cp "$JAR" $MAIN "${ARGS[@]}" ;;
        ssajit) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run "$KEEP" -cp "$JAR" $MAIN "${ARGS[@]}" ;;
        graal) "$JAVA" "${GRAAL_FLAGS[@]}" "$KEEP" -cp "$JAR" $MAIN "${ARGS[@]}" ;;
    esac
}

NMODES=${#MODES[@]}
for r in $(seq 1 "$ROUNDS"); do
    for k in $(seq 0 $((NMODES - 1))); do
        m=${MODES[$(((k + r - 1) % NMODES))]}
        echo "bench-interleaved: round $r/$ROUNDS, $m" >&2
        run_mode "$m" | sed "s/^/$r $m /" >>"$OUT"
    done
done

echo
echo "Numeric kernels, microseconds per call (lower is better), median over $ROUNDS rounds of each JVM's median; JDK: $JDK"
echo "Raw: $OUT (round mode kernel median-us min-us batches)"
awk -v graal="$([ "$NMODES" -gt 3 ] && echo 1 || echo 0)" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    {
        mode = $2; kernel = $3
        if (!(kernel in seen)) { seen[kernel] = 1; order[++k] = kernel }
        v[mode, kernel] = v[mode, kernel] " " $4
        if (!((mode, kernel) in lo) || $5 + 0 < lo[mode, kernel] + 0) lo[mode, kernel] = $5
    }
    END {
        if (k == 0) { print "no results"; exit 1 }
        printf "%-16s %10s %10s %10s", "kernel", "ssajit", "C1", "C2"
        if (graal) printf " %10s", "graal"
        printf " %9s %9s", "ssajit/C1", "ssajit/C2"
        if (graal) printf " %12s", "ssajit/graal"
        printf "   %s\n", graal ? "min ssajit / C1 / C2 / graal" : "min ssajit / C1 / C2"
        for (i = 1; i <= k; i++) {
            q = order[i]; s = median(v["ssajit", q]); c1 = median(v["C1", q]); c2 = median(v["C2", q])
            printf "%-16s %10.1f %10.1f %10.1f", q, s, c1, c2
            if (graal) { g = median(v["graal", q]); printf " %10.1f", g }
            printf " %9.2f %9.2f", s / c1, s / c2
            if (graal) printf " %12.2f", s / g
            printf "   %.1f / %.1f / %.1f", lo["ssajit", q], lo["C1", q], lo["C2", q]
            if (graal) printf " / %.1f", lo["graal", q]
            printf "\n"
        }
    }' "$OUT"
