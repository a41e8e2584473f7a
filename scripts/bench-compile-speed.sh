#!/usr/bin/env bash
# Tier-4 compile speed, ssajit against C2, in the JVMs of real programs: each program runs in a JVM under
# ssajit (./ssajit run) and one under C2 (the JDK's default tiers), started in turn round after round
# (the order rotates each round), with -XX:+CITime. From each JVM's CITime report the script takes the
# Tier4 line (standard and OSR compiles together: methods, bytecode bytes, seconds of compile time) and
# prints per program and compiler the median over the rounds of: tier-4 compiles, bytecode bytes
# compiled, compile seconds, bytecode KB per second of compile time, and code bytes per bytecode byte
# (nmethods_code_size over the bytecode compiled), then the ratios ssajit / C2 with their spread (the
# lowest and highest of one round's ratio).
#
# Usage: scripts/bench-compile-speed.sh [-r ROUNDS] [--iterations N] [--against DIR] [program...]
#   Defaults: 3 rounds, N = 12, programs javac and collections (any of org.ssajit.demo.ProgramTimer's,
#   the suite's included: ProgramTimer --list-suite; and demo, the numeric kernels of `ssajit demo`,
#   about 12 s a JVM). About 5 minutes on 2 cores.
#   --against DIR: instead of C2, another ssajit checkout, built (its ./ssajit run, with this tree's
#   program jar): two builds' tier-4 compile speed side by side, reported as this / that ("baseline").
#   A build whose compile results do not report inlined bytecode to CITime (before that change) shows
#   fewer bytes: compare compiles and compile seconds then, not KB/s.
# Compile time is elapsed time on the compiler thread, so, as for any timing: run it on a machine doing
# nothing else. Raw lines: benchmarks/target/bench-compile-speed-<time>.txt (round mode program
# methods bytecode-bytes seconds code-bytes).
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;; esac

ROUNDS=3
ITERATIONS=12
AGAINST=
PROGRAMS=()
while [ $# -gt 0 ]; do
    case "$1" in
        -r) ROUNDS=$2; shift 2 ;;
        --iterations) ITERATIONS=$2; shift 2 ;;
        --against) AGAINST=$(cd "$2" && pwd); shift 2 ;;
        -*) echo "bench-compile-speed: unknown option $1 (--help lists them)" >&2; exit 2 ;;
        *) PROGRAMS+=("$1"); shift ;;
    esac
done
[ ${#PROGRAMS[@]} -gt 0 ] || PROGRAMS=(javac collections)

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
"$ROOT/ssajit" run -version >/dev/null 2>&1 || { echo "bench-compile-speed: ssajit does not start; try: $ROOT/ssajit run -version" >&2; exit 2; }
JAR=$(ls "$ROOT"/demo/target/demo-*.jar | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -1)
MAIN=org.ssajit.demo.ProgramTimer
mkdir -p "$ROOT/benchmarks/target"
OUT="$ROOT/benchmarks/target/bench-compile-speed-$(date +%Y%m%d-%H%M%S).txt"
: >"$OUT"

# The main class and arguments of a program: demo is the numeric kernels of `ssajit demo`
# (org.ssajit.demo.NumericDemo, each kernel 1.5 s or more; --iterations does not apply), the others
# ProgramTimer's.
program_command() {
    case "$1" in
        demo) echo "org.ssajit.demo.NumericDemo" ;;
        javac) echo "$MAIN --iterations $ITERATIONS javac $ROOT/ssa-core/src/main/java" ;;
        *) echo "$MAIN --iterations $ITERATIONS $1" ;;
    esac
}

# The Tier4 line of CITime: methods, bytecode bytes, seconds, code bytes (standard and OSR added up).
tier4() {
    awk '/^ *Tier4 \{/ {
        gsub(/[{};,]/, " ")
        for (i = 1; i <= NF; i++) {
            if ($i == "standard:") { st = $(i + 1); sb = $(i + 3); sm = $(i + 5) }
            if ($i == "osr:") { ot = $(i + 1); ob = $(i + 3); om = $(i + 5) }
            if ($i == "nmethods_code_size:") { c = $(i + 1) }
        }
        printf "%d %d %.3f %d\n", sm + om, sb + ob, st + ot, c
        found = 1
    }
    END { if (!found) exit 1 }'
}

OTHER=C2
if [ -n "$AGAINST" ]; then
    [ -x "$AGAINST/ssajit" ] || { echo "bench-compile-speed: $AGAINST has no ssajit launcher" >&2; exit 2; }
    SSAJIT_NO_BUILD=1 "$AGAINST/ssajit" run -version >/dev/null 2>&1 || { echo "bench-compile-speed: $AGAINST's ssajit does not start (build it first)" >&2; exit 2; }
    OTHER=baseline
fi
modes=(ssajit "$OTHER")
failed=0
for r in $(seq 1 "$ROUNDS"); do
    for p in "${PROGRAMS[@]}"; do
        for k in 0 1; do
            m=${modes[$(((k + r - 1) % 2))]}
            echo "bench-compile-speed: round $r/$ROUNDS, $p, $m" >&2
            a=$(program_command "$p")
            set +e
            case "$m" in
                ssajit) out=$(SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -XX:+CITime -cp "$JAR" $a 2>/dev/null) ;;
                baseline) out=$(SSAJIT_NO_BUILD=1 "$AGAINST/ssajit" run -XX:+CITime -cp "$JAR" $a 2>/dev/null) ;;
                C2) out=$("$JDK/bin/java" -XX:+CITime -cp "$JAR" $a 2>/dev/null) ;;
            esac
            status=$?
            set -e
            line=$(echo "$out" | tier4) || line=
            if [ "$status" -ne 0 ] || [ -z "$line" ]; then
                echo "bench-compile-speed: $p under $m (round $r) ended with status $status or printed no Tier4 line" >&2
                failed=1
                continue
            fi
            echo "$r $m $p $line" >>"$OUT"
        done
    done
done

echo
[ -z "$AGAINST" ] || echo "baseline: $AGAINST"
echo "Tier-4 compiles under ssajit and $OTHER (-XX:+CITime's Tier4 line), median over $ROUNDS rounds (JVMs) of $ITERATIONS iterations each; JDK: $JDK"
echo "Raw: $OUT (round mode program methods bytecode-bytes seconds code-bytes)"
awk -v nrounds="$ROUNDS" -v other="$OTHER" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        if (n == 0) return ""
        for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function lo(list,   n, a, i, m) { n = split(list, a, " "); m = a[1] + 0; for (i = 2; i <= n; i++) if (a[i] + 0 < m) m = a[i] + 0; return m }
    function hi(list,   n, a, i, m) { n = split(list, a, " "); m = a[1] + 0; for (i = 2; i <= n; i++) if (a[i] + 0 > m) m = a[i] + 0; return m }
    {
        r = $1; m = $2; p = $3
        if (!(p in seen)) { seen[p] = 1; order[++np] = p }
        kbs = $6 > 0 ? $5 / $6 / 1000 : 0
        cpb = $5 > 0 ? $7 / $5 : 0
        n[p, m] = n[p, m] " " $4; b[p, m] = b[p, m] " " $5; s[p, m] = s[p, m] " " $6
        speed[p, m] = speed[p, m] " " kbs; code[p, m] = code[p, m] " " cpb
        speedR[p, m, r] = kbs; nR[p, m, r] = $4; sR[p, m, r] = $6
    }
    END {
        printf "%-12s %-7s %9s %11s %9s %9s %11s\n", "program", "mode", "compiles", "bytecode", "seconds", "KB/s", "code/bc"
        for (i = 1; i <= np; i++) {
            p = order[i]
            for (k = 1; k <= 2; k++) {
                m = k == 1 ? "ssajit" : other
                printf "%-12s %-7s %9d %11d %9.2f %9.1f %11.1f\n", p, m, median(n[p, m]), median(b[p, m]), median(s[p, m]), median(speed[p, m]), median(code[p, m])
            }
            rs = ""; rn = ""; rt = ""
            for (r = 1; r <= nrounds; r++) {
                if ((p, "ssajit", r) in speedR && (p, other, r) in speedR && speedR[p, other, r] > 0 && nR[p, other, r] > 0 && sR[p, other, r] > 0) {
                    rs = rs " " speedR[p, "ssajit", r] / speedR[p, other, r]
                    rn = rn " " nR[p, "ssajit", r] / nR[p, other, r]
                    rt = rt " " sR[p, "ssajit", r] / sR[p, other, r]
                }
            }
            if (rs != "")
                printf "%-12s ssajit/%s: compile speed %.2f [%.2f-%.2f], compiles %.2f [%.2f-%.2f], compile seconds %.2f [%.2f-%.2f]\n", p, other,
                    median(rs), lo(rs), hi(rs), median(rn), lo(rn), hi(rn), median(rt), lo(rt), hi(rt)
        }
    }' "$OUT"
exit $failed
