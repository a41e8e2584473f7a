#!/usr/bin/env bash
# Real programs under C1 only, ssajit and C2 (and Graal: --graal), in separate JVMs started in turn, round after round (the
# order rotates each round), so that load from elsewhere on the machine falls on every mode alike:
#   javac      javac (jdk.compiler, in-process) compiling ssa-core's sources, again and again;
#   collections a fixed java.util workload (maps, sorting records, streams, string building);
#   the real-program suite (org.ssajit.demo.suite, of the project's own writing, each program checking its own
#   results): constraints (object-oriented constraint propagation), interpreter (a stack machine), json (a parser),
#   hashing (collections, custom hashCode and equals), strings, streams (lambdas and collectors), trees
#   (allocation-heavy, persistent), exceptions (thrown and caught on a hot path), particles (a simulation on small
#   vector objects), graphs (dominators, loops, components, shortest paths);
#   nbody      five bodies under gravity (objects' double fields, square roots): not run by default;
#   copies     System.arraycopy of ints, bytes and references (with --no-arraycopy): not run by default;
#   handles    objects through constructor method handles and reflection (Unsafe.allocateInstance;
#              with --no-allocate-instance): not run by default.
# Each JVM runs the program --iterations times (org.ssajit.demo.ProgramTimer, which times each iteration's wall time
# and its thread's CPU time) and the last --keep iterations count (the top tier's code installed by then). The table
# gives per program and mode the median over the rounds of each JVM's median iteration, the ratios of those medians
# with their spread (the lowest and highest ratio of one round's JVMs), their geometric mean over the programs (its
# spread: the lowest and highest of the rounds' geometric means), and under ssajit its code bytes per bytecode byte
# and compiles (-Dssajit.Stats=true; a JVM's tier-4 code over the bytecode of the methods compiled, inlined callees
# not counted). Then per mode the iterations to steady state: the first iteration from which every iteration of the
# JVM is within --steady PCT (default 5) percent of the median of its last K; the median over the rounds, with their
# range ("never": not even the last iteration is). The geomean is of the programs' ratios; its spread, from the rounds'
# own geomeans, need not contain it.
#
# Usage: scripts/bench-programs.sh [-r ROUNDS] [--iterations N] [--keep K] [--suite] [--graal] [--cpu] [--steady PCT]
#                                  [--no-inline] [--hot-inline N] [--no-unwind] [--no-untaken-traps] [--no-arraycopy]
#                                  [--no-allocate-instance] [--with 'OPTIONS'] [--baseline DIR] [program...]
#   Defaults: 3 rounds, N = 12, K = 6, javac and collections (about 15 minutes on 2 cores). ssajit's
#   compiles queue behind HotSpot's startup for a few seconds: a short program like nbody needs
#   --iterations 40 --keep 10 to measure its top-tier code.
#   --suite runs javac and the ten programs of the suite under ssajit, C1, C2 and Graal, with N = 30, K = 10
#     unless given (3 rounds: about an hour on 2 cores):
#       scripts/bench-programs.sh --suite
#   --graal adds a mode, graal: the Graal JIT as tier 4 (C1 below it), from Maven Central's jars on the
#     same JDK (scripts/graal.sh fetches them once; jargraal, whose own code warms up in the JVM);
#   --cpu takes each iteration's CPU time of the program's thread instead of its wall time (compilation and GC
#     on other threads not counted; less disturbed by other load on the machine);
#   --no-inline adds a mode, ssajit-noinl: ssajit with -Dssajit.Inline=false (a third longer);
#   --no-unwind adds ssajit-nounwind: ssajit with -Dssajit.UnwindExceptions=false;
#   --no-untaken-traps adds ssajit-notrap: ssajit with -Dssajit.UntakenBranchTraps=false (every branch side compiled);
#   --hot-inline N adds ssajit-hot: ssajit with -Dssajit.HotInlineSize=N (callees up to N bytes at hot calls);
#   --no-arraycopy adds ssajit-nocopy: ssajit with -Dssajit.ArrayCopyStubs=false (System.arraycopy a call);
#   --no-allocate-instance adds ssajit-noalloc: ssajit with -Dssajit.AllocateInstanceInline=false;
#   --with 'OPTIONS' adds ssajit-with: ssajit with these JVM options too (e.g. --with -Dssajit.MaxInlineLevel=9);
#   --baseline DIR adds ssajit-base: the ssajit of another checkout with its jars built (e.g.
#     git worktree add ../base <commit> && (cd ../base && mvn -q -DskipTests package)), to compare
#     two compilers in the same rounds (ratio ssajit/base).
# Raw lines: benchmarks/target/bench-programs-<time>.txt (round mode program iteration wall-ms cpu-ms). Ratios above 1
# mean ssajit is slower. Every JVM's checksum (javac: its class files) must be the same for a program, and every JVM
# must end normally (a suite program that computes a wrong result ends its JVM with an error); the script ends with
# exit status 1 if not.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;; esac

ROUNDS=3
ITERATIONS=
KEEP=
SUITE=0
COLUMN=5 # of the raw lines: 5 wall time, 6 the program thread's CPU time
STEADY=5
PROGRAMS=()
MODES=(C1 ssajit C2)
add_mode() { [[ " ${MODES[*]} " == *" $1 "* ]] || MODES+=("$1"); }
while [ $# -gt 0 ]; do
    case "$1" in
        -r) ROUNDS=$2; shift 2 ;;
        --suite) SUITE=1; add_mode graal; shift ;;
        --graal) add_mode graal; shift ;;
        --cpu) COLUMN=6; shift ;;
        --steady) STEADY=$2; shift 2 ;;
        --no-inline) add_mode ssajit-noinl; shift ;;
        --no-unwind) add_mode ssajit-nounwind; shift ;;
        --no-untaken-traps) add_mode ssajit-notrap; shift ;;
        --hot-inline) HOT=$2; add_mode ssajit-hot; shift 2 ;;
        --no-arraycopy) add_mode ssajit-nocopy; shift ;;
        --no-allocate-instance) add_mode ssajit-noalloc; shift ;;
        --with) read -r -a WITH <<<"$2"; add_mode ssajit-with; shift 2 ;;
        --baseline) BASE=$(cd "$2" && pwd); [ -x "$BASE/ssajit" ] || { echo "bench-programs: no ssajit launcher in $2" >&2; exit 2; }; add_mode ssajit-base; shift 2 ;;
        --iterations) ITERATIONS=$2; shift 2 ;;
        --keep) KEEP=$2; shift 2 ;;
        -*) echo "bench-programs: unknown option $1 (--help lists them)" >&2; exit 2 ;;
        *) PROGRAMS+=("$1"); shift ;;
    esac
done
if [ "$SUITE" = 1 ]; then
    ITERATIONS=${ITERATIONS:-30}
    KEEP=${KEEP:-10}
else
    ITERATIONS=${ITERATIONS:-12}
    KEEP=${KEEP:-6}
fi
[ "$KEEP" -ge 1 ] && [ "$KEEP" -le "$ITERATIONS" ] || { echo "bench-programs: --keep must be 1 to --iterations ($ITERATIONS)" >&2; exit 2; }

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
"$ROOT/ssajit" run -version >/dev/null 2>&1 || { echo "bench-programs: ssajit does not start; try: $ROOT/ssajit run -version" >&2; exit 2; }
JAR=$(ls "$ROOT"/demo/target/demo-*.jar | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -1)
MAIN=org.ssajit.demo.ProgramTimer
if [ "$SUITE" = 1 ]; then
    mapfile -t suite < <("$JDK/bin/java" -cp "$JAR" $MAIN --list-suite)
    [ ${#suite[@]} -gt 0 ] || { echo "bench-programs: the demo jar lists no suite programs ($JAR)" >&2; exit 2; }
    PROGRAMS=(javac "${suite[@]}" "${PROGRAMS[@]}")
fi
[ ${#PROGRAMS[@]} -gt 0 ] || PROGRAMS=(javac collections)
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
ERRS="$ROOT/benchmarks/target/bench-programs-$STAMP-stderr.txt"
CODE="$ROOT/benchmarks/target/bench-programs-$STAMP-code.txt"
: >"$OUT"
: >"$STATS"
: >"$SUMS"

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
        C1) "$JDK/bin/java" -XX:TieredStopAtLevel=1 -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$ERRS" ;;
        C2) "$JDK/bin/java" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$ERRS" ;;
        graal) "$JDK/bin/java" "${GRAAL_FLAGS[@]}" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$ERRS" ;;
        ssajit) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-noinl) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.Inline=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-hot) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.HotInlineSize="$HOT" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-nounwind) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.UnwindExceptions=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-notrap) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.UntakenBranchTraps=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-nocopy) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.ArrayCopyStubs=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-noalloc) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true -Dssajit.AllocateInstanceInline=false -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-with) SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Dssajit.Stats=true "${WITH[@]}" -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
        ssajit-base) SSAJIT_NO_BUILD=1 "$BASE/ssajit" run -Dssajit.Stats=true -cp "$JAR" $MAIN --iterations "$ITERATIONS" $a 2>>"$STATS" ;;
    esac
}

NMODES=${#MODES[@]}
failed=0
for r in $(seq 1 "$ROUNDS"); do
    for p in "${PROGRAMS[@]}"; do
        for k in $(seq 0 $((NMODES - 1))); do
            m=${MODES[$(((k + r - 1) % NMODES))]}
            echo "bench-programs: round $r/$ROUNDS, $p, $m" >&2
            echo "== $r $m $p" >>"$STATS"
            echo "== $r $m $p" >>"$ERRS"
            set +e
            run_mode "$m" "$p" | sed "s/^/$r $m $p /" | tee -a "$SUMS" | grep -v ' checksum ' | cut -d' ' -f1,2,4- >>"$OUT"
            status=${PIPESTATUS[0]}
            set -e
            if [ "$status" -ne 0 ]; then
                echo "bench-programs: $p under $m (round $r) ended with exit status $status; its stderr is in $([[ $m == ssajit* ]] && echo "$STATS" || echo "$ERRS")" >&2
                failed=1
            fi
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

# Per ssajit JVM, from its stats: round mode program compiled bytecode-bytes code-bytes.
awk '/^== / { r = $2; m = $3; p = $4 }
     /\[ssajit\] +compiled [0-9]+ \(/ { gsub(/[(),]/, " "); print r, m, p, $3, $4, $6 }' "$STATS" >"$CODE"

echo
what=$([ "$COLUMN" = 6 ] && echo "the program thread's CPU time" || echo "wall time")
echo "Real programs, milliseconds per iteration ($what; lower is better), median over $ROUNDS rounds (JVMs) of each JVM's median of its last $KEEP of $ITERATIONS iterations; JDK: $JDK"
echo "Raw: $OUT (round mode program iteration wall-ms cpu-ms); ssajit's stats: $STATS"
awk -v keep="$KEEP" -v iters="$ITERATIONS" -v modes="${MODES[*]}" -v col="$COLUMN" -v nrounds="$ROUNDS" -v tol="$STEADY" -v codefile="$CODE" '
    function median(list,   n, a, i, j, t) {
        n = split(list, a, " ")
        if (n == 0) return ""
        for (i = 2; i <= n; i++) { t = a[i] + 0; for (j = i - 1; j >= 1 && a[j] + 0 > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
        return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    function spread(lo, hi, fmt) { return lo == "" ? "" : sprintf("[" fmt "-" fmt "]", lo, hi) }
    # Iterations to steady state: N + 1 stands for a JVM that never got there.
    function iterName(s) { return s > iters ? "never" : sprintf("%d", s) }
    # The code file: round mode program compiled bytecode-bytes code-bytes.
    FILENAME == codefile { if ($5 > 0) { code[$3, $2] = code[$3, $2] " " ($6 / $5); compiles[$3, $2] = compiles[$3, $2] " " $4 } next }
    {
        t[$1, $2, $3, $4] = $col
        if ($4 > iters - keep) jvm[$1, $2, $3] = jvm[$1, $2, $3] " " $col
        if (!($3 in seen)) { seen[$3] = 1; order[++k] = $3 }
    }
    END {
        if (k == 0) { print "no results"; exit 1 }
        # Columns: ssajit, the extra modes (graal, ssajit-noinl, ssajit-hot, ssajit-nounwind, ssajit-notrap, ssajit-nocopy, ssajit-noalloc, ssajit-with, ssajit-base), C1, C2;
        # ratios of ssajit to C1, C2 and each extra.
        nm = 0; ms[++nm] = "ssajit"
        ne = split(modes, all_modes, " ")
        for (x = 1; x <= ne; x++) if (all_modes[x] != "ssajit" && all_modes[x] != "C1" && all_modes[x] != "C2") ms[++nm] = all_modes[x]
        ms[++nm] = "C1"; ms[++nm] = "C2"
        nr = 0
        for (x = 2; x <= nm; x++) if (ms[x] == "C1") rm[++nr] = x
        for (x = 2; x <= nm; x++) if (ms[x] == "C2") rm[++nr] = x
        for (x = 2; x <= nm; x++) if (ms[x] != "C1" && ms[x] != "C2") rm[++nr] = x
        printf "%-12s", "program"
        for (x = 1; x <= nm; x++) printf " %9s", ms[x]
        for (y = 1; y <= nr; y++) printf "  %-19s", "ssajit/" (ms[rm[y]] ~ /^ssajit-/ ? substr(ms[rm[y]], 8) : ms[rm[y]])
        printf " %7s %8s\n", "code/bc", "compiles"
        for (i = 1; i <= k; i++) {
            p = order[i]
            # Each JVM: its median iteration; its iterations to steady state.
            for (x = 1; x <= nm; x++) {
                m = ms[x]; all = ""; st = ""
                for (r = 1; r <= nrounds; r++) {
                    if (!((r, m, p) in jvm)) continue
                    v = median(jvm[r, m, p]); med[r, m] = v; all = all " " v
                    s = iters + 1
                    for (it = iters; it >= 1 && ((r, m, p, it) in t); it--) {
                        d = t[r, m, p, it] - v; if (d < 0) d = -d
                        if (d > v * tol / 100) break
                        s = it
                    }
                    st = st " " s
                    if (!((m, "lo") in smin) || s < smin[m, "lo"]) smin[m, "lo"] = s
                    if (!((m, "hi") in smin) || s > smin[m, "hi"]) smin[m, "hi"] = s
                }
                mmed[m] = median(all); steady[p, m] = median(st)
                steadyRange[p, m] = smin[m, "lo"] == smin[m, "hi"] ? "" : " [" iterName(smin[m, "lo"]) "-" iterName(smin[m, "hi"]) "]"
                delete smin
            }
            printf "%-12s", p
            for (x = 1; x <= nm; x++) printf " %9.1f", mmed[ms[x]]
            for (y = 1; y <= nr; y++) {
                m = ms[rm[y]]; lo = ""; hi = ""
                if (mmed[m] <= 0 || mmed["ssajit"] == "") { printf "  %-19s", "-"; continue }
                ratio = mmed["ssajit"] / mmed[m]
                logsum[m] += log(ratio); nlog[m]++
                for (r = 1; r <= nrounds; r++) {
                    if (!((r, "ssajit", p) in jvm) || !((r, m, p) in jvm) || med[r, m] <= 0) continue
                    q = med[r, "ssajit"] / med[r, m]
                    if (lo == "" || q < lo) lo = q
                    if (hi == "" || q > hi) hi = q
                    roundLog[r, m] += log(q); roundN[r, m]++
                }
                printf "  %-19s", sprintf("%.2f %s", ratio, spread(lo, hi, "%.2f"))
            }
            cb = median(code[p, "ssajit"]); nc = median(compiles[p, "ssajit"])
            printf " %7s %8s\n", cb == "" ? "-" : sprintf("%.1f", cb), nc == "" ? "-" : sprintf("%d", nc)
            delete med
        }
        printf "%-12s", "geomean (" k ")"
        for (x = 1; x <= nm; x++) printf " %9s", ""
        for (y = 1; y <= nr; y++) {
            m = ms[rm[y]]; lo = ""; hi = ""
            if (nlog[m] == 0) { printf "  %-19s", "-"; continue }
            for (r = 1; r <= nrounds; r++) {
                if (roundN[r, m] != nlog[m]) continue # a round that lacks a program has no geomean
                g = exp(roundLog[r, m] / roundN[r, m])
                if (lo == "" || g < lo) lo = g
                if (hi == "" || g > hi) hi = g
            }
            printf "  %-19s", sprintf("%.2f %s", exp(logsum[m] / nlog[m]), spread(lo, hi, "%.2f"))
        }
        printf "\n"
        printf "\nIterations to steady state: the first iteration from which every iteration is within %s %% of the median of the JVM%cs last %d; median over the rounds [range, if they differ]\n", tol, 39, keep
        printf "%-12s", "program"
        for (x = 1; x <= nm; x++) printf " %17s", ms[x]
        printf "\n"
        for (i = 1; i <= k; i++) {
            p = order[i]
            printf "%-12s", p
            for (x = 1; x <= nm; x++) {
                s = steady[p, ms[x]]
                printf " %17s", s == "" ? "-" : iterName(s) steadyRange[p, ms[x]]
            }
            printf "\n"
        }
        printf "\nPer JVM (rounds 1 to %d), the median of its last %d iterations:\n", nrounds, keep
        for (i = 1; i <= k; i++) {
            p = order[i]
            printf "%-12s", p
            for (x = 1; x <= nm; x++) {
                printf "%s %s", (x > 1 ? " |" : ""), ms[x]
                for (r = 1; r <= nrounds; r++) printf " %s", ((r, ms[x], p) in jvm) ? sprintf("%.0f", median(jvm[r, ms[x], p])) : "-"
            }
            printf "\n"
        }
    }' "$CODE" "$OUT"
echo
echo "ssajit's tier-4 requests per JVM (from -Dssajit.Stats=true):"
grep -E '^== |stats:|  compiled|  inlined|  refused|own code|bailout' "$STATS" || true
echo
if [ "$failed" = 1 ]; then
    echo "bench-programs: a JVM ended abnormally (above)" >&2
fi
if [ "$sums_ok" = 1 ]; then
    echo "checksums: every JVM of each program computed the same"
else
    echo "checksums: DIFFERENT (above): a mode computed something else" >&2
fi
[ "$sums_ok" = 1 ] && [ "$failed" = 0 ] || exit 1
