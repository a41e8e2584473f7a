#!/usr/bin/env bash
# Real programs under C1 only, ssajit and C2 (and Graal: --graal), in separate JVMs started in turn, round after round (the
# order rotates each round), so that load from elsewhere on the machine falls on every mode alike:
#   javac      javac (jdk.compiler, in-process) compiling ssa-core's sources, again and again;
#   collections a fixed java.util workload (maps, sorting records, streams, string building);
#   nbody      five bodies under gravity (objects' double fields, square roots): not run by default;
#   copies     System.arraycopy of ints, bytes and references (with --no-arraycopy): not run by default;
#   handles    objects through constructor method handles and reflection (Unsafe.allocateInstance;
#              with --no-allocate-instance): not run by default.
# Each JVM runs the program --iterations times (org.ssajit.demo.ProgramTimer) and the last --keep
# iterations count (the top tier's code installed by then); the table gives per program and mode the
# median over the rounds of each JVM's median iteration, and the ratios of those medians. Under ssajit
# the tier-4 requests are counted (-Dssajit.Stats=true) and the share compiled is printed.
#
# Usage: scripts/bench-programs.sh [-r ROUNDS] [--iterations N] [--keep K] [--graal] [--no-inline] [--hot-inline N] [--no-unwind] [--no-arraycopy]
#                                  [--no-allocate-instance] [--baseline DIR] [program...]
#   Defaults: 3 rounds, N = 12, K = 6, javac and collections (about 15 minutes on 2 cores). ssajit's
#   compiles queue behind HotSpot's startup for a few seconds: a short program like nbody needs
#   --iterations 40 --keep 10 to measure its top-tier code.
#   --graal adds a mode, graal: the Graal JIT as tier 4 (C1 below it), from Maven Central's jars on the
#     same JDK (scripts/graal.sh fetches them once; jargraal, whose own code warms up in the JVM);
#   --no-inline adds a mode, ssajit-noinl: ssajit with -Dssajit.Inline=false (a third longer);
#   --no-unwind adds ssajit-nounwind: ssajit with -Dssajit.UnwindExceptions=false;
#   --hot-inline N adds ssajit-hot: ssajit with -Dssajit.HotInlineSize=N (callees up to N bytes at hot calls);
#   --no-arraycopy adds ssajit-nocopy: ssajit with -Dssajit.ArrayCopyStubs=false (System.arraycopy a call);
#   --no-allocate-instance adds ssajit-noalloc: ssajit with -Dssajit.AllocateInstanceInline=false;
#   --baseline DIR adds ssajit-base: the ssajit of another checkout with its jars built (e.g.
#     git worktree add ../base <commit> && (cd ../base && mvn -q -DskipTests package)), to compare
#     two compilers in the same rounds (ratio ssajit/base).
# Raw lines: benchmarks/target/bench-programs-<time>.txt. Ratios above 1 mean ssajit is slower.
# Every JVM's checksum (javac: its class files) must be the same for a program; the script ends with
# exit status 1 if not.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;; esac

ROUNDS=3
ITERATIONS=12
KEEP=6
PROGRAMS=()
MODES=(C1 ssajit C2)
while [ $# -gt 0 ]; do
    case "$1" in
        -r) ROUNDS=$2; shift 2 ;;
        --graal) MODES+=(graal); shift ;;
        --no-inline) MODES+=(ssajit-noinl); shift ;;
        --no-unwind) MODES+=(ssajit-nounwind); shift ;;
        --hot-inline) HOT=$2; MODES+=(ssajit-hot); shift 2 ;;
        --no-arraycopy) MODES+=(ssajit-nocopy); shift ;;
        --no-allocate-instance) MODES+=(ssajit-noalloc); shift ;;
        --baseline) BASE=$(cd "$2" && pwd); [ -x "$BASE/ssajit" ] || { echo "bench-programs: no ssajit launcher in $2" >&2; exit 2; }; MODES+=(ssajit-base); shift 2 ;;
        --iterations) ITERATIONS=$2; shift 2 ;;
        --keep) KEEP=$2; shift 2 ;;
        *) PROGRAMS+=("$1"); shift ;;
    esac
done
[ ${#PROGRAMS[@]} -gt 0 ] || PROGRAMS=(javac collections)

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
"$ROOT/ssajit" run -version >/dev/null 2>&1 || { echo "bench-programs: ssajit does not start; try: $ROOT/ssajit run -version" >&2; exit 2; }
JAR=$(ls "$ROOT"/demo/target/demo-*.jar | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -1)
MAIN=org.ssajit.demo.ProgramTimer
GRAAL_FLAGS=()
if [[ " ${MODES[*]} " == *" graal "* ]]; then
    while IFS= read -r f; do GRAAL_FLAGS+=("$f"); done < <("$ROOT/scripts/graal.sh" flags)
    [ ${#GRAAL_FLAGS[@]} -gt 0 ] || { echo "bench-programs: no Graal (scripts/graal.sh failed)" >&2; exit 2; }
fi
mkdir -p "$ROOT/benchmarks/target"
STAMP=$(date +%Y%m%d-%H%M%S)
OUT="$ROOT/benchmarks/target/bench-programs-$STAMP.txt"
STATS="$ROOT/benchmarks/target/bench-programs-$STAMP-ssajit-stats.txt"
SUMS="$ROOT/benchmarks/target/bench-programs-$STAMP-checksums.txt"

program_args() {
    case "$1" in
        javac) echo "javac $ROOT/ssa-core/src/main/java" ;;
        *) echo "$1" ;;
    esac
}

run_mode() { # mode program
    local a
    a=$(program_args "$2")
    case "$1" in
        C1) "$JDK/bin/java" -XX:TieredStopAtLevel=1 -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a ;;
        C2) "$JDK/bin/java" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a ;;
        graal) "$JDK/bin/java" "${GRAAL_FLAGS[@]}" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a ;;
        ssajit) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-noinl) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.Inline=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-hot) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.HotInlineSize="$HOT" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-nounwind) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.UnwindExceptions=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-nocopy) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.ArrayCopyStubs=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-noalloc) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.AllocateInstanceInline=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-base) SSAJIT_NO_BUILD=1 "$BASE/ssajit" run -Dssajit.Stats=true -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
    esac
}

NMODES=${#MODES[@]}
for r in $(seq 1 "$ROUNDS"); do
    for p in "${PROGRAMS[@]}"; do
        for k in $(seq 0 $((NMODES - 1))); do
            m=${MODES[$(((k + r - 1) % NMODES))]}
            echo "bench-programs: round $r/$ROUNDS, $p, $m" >&2
            echo "== $r $m $p" >>"$STATS"
            run_mode "$m" "$p" | sed "s/^/$r $m $p /" | tee -a "$SUMS" | grep -v ' checksum ' | cut -d' ' -f1,2,4- >>"$OUT"
        done
    done
done

# Every JVM of a program must have computed the same (javac: the class files' names and bytes).
sums_ok=1
for p in "${PROGRAMS[@]}"; do
    distinct=$(awk -v p="$p" '$3 == p && $4 == "checksum" { print $5 }' "$SUMS" | sort -u)
    runs=$(awk -v p="$p" '$3 == p && $4 == "checksum"' "$SUMS" | wc -l)
    if [ "$runs" -ne $((ROUNDS * NMODES)) ] || [ "$(echo "$distinct" | wc -l)" -ne 1 ]; then
        echo "bench-programs: $p: checksums differ or are missing ($runs of $((ROUNDS * NMODES)) JVMs):" >&2
        awk -v p="$p" '$3 == p && $4 == "checksum"' "$SUMS" >&2
        sums_ok=0
    fi
done

echo
echo "Real programs, milliseconds per iteration (lower is better), median over $ROUNDS rounds (JVMs) of each JVM's median of its last $KEEP of $ITERATIONS iterations; JDK: $JDK"
echo "Raw: $OUT (round mode program iteration ms); ssajit's stats: $STATS"
awk -v keep="$KEEP" -v iters="$ITERATIONS" -v modes="${MODES[*]}" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    $4 > iters - keep { jvm[$1, $2, $3] = jvm[$1, $2, $3] " " $5; if (!($3 in seen)) { seen[$3] = 1; order[++k] = $3 } rounds[$1] = 1 }
    END {
        if (k == 0) { print "no results"; exit 1 }
        # Columns: ssajit, the extra modes (graal, ssajit-noinl, ssajit-hot, ssajit-nounwind, ssajit-nocopy, ssajit-noalloc, ssajit-base), C1, C2; ratios of ssajit to C1, C2 and each extra.
        nm = 0; ms[++nm] = "ssajit"
        ne = split(modes, all_modes, " ")
        for (x = 1; x <= ne; x++) if (all_modes[x] != "ssajit" && all_modes[x] != "C1" && all_modes[x] != "C2") { ms[++nm] = all_modes[x]; extra[nm] = 1 }
        ms[++nm] = "C1"; ms[++nm] = "C2"
        printf "%-12s", "program"
        for (x = 1; x <= nm; x++) printf " %15s", ms[x]
        printf " %9s %9s", "ssajit/C1", "ssajit/C2"
        for (x = 1; x <= nm; x++) if (extra[x]) printf " %15s", "ssajit/" (ms[x] ~ /^ssajit-/ ? substr(ms[x], 8) : ms[x])
        printf "   per JVM:"
        for (x = 1; x <= nm; x++) printf " %s%s", (x > 1 ? "| " : ""), ms[x]
        printf "\n"
        for (i = 1; i <= k; i++) {
            p = order[i]
            for (x = 1; x <= nm; x++) { all = ""; per = ""; for (r in rounds) { v = median(jvm[r, ms[x], p]); all = all " " v; per = per sprintf(" %.0f", v) } med[ms[x]] = median(all); perjvm[ms[x]] = per }
            printf "%-12s", p
            for (x = 1; x <= nm; x++) printf " %15.1f", med[ms[x]]
            printf " %9.2f %9.2f", med["ssajit"] / med["C1"], med["ssajit"] / med["C2"]
            for (x = 1; x <= nm; x++) if (extra[x]) printf " %15.2f", med["ssajit"] / med[ms[x]]
            printf "  "
            for (x = 1; x <= nm; x++) printf "%s%s", (x > 1 ? " |" : ""), perjvm[ms[x]]
            printf "\n"
        }
    }' "$OUT"
echo
echo "ssajit's tier-4 requests per JVM (from -Dssajit.Stats=true):"
grep -E '^== |stats:|  compiled|  inlined|  refused|own code|bailout' "$STATS" || true
echo
if [ "$sums_ok" = 1 ]; then
    echo "checksums: every JVM of each program computed the same"
else
    echo "checksums: DIFFERENT (above): a mode computed something else" >&2
    exit 1
fi
