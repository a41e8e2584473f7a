#!/usr/bin/env bash
# Stress modes: real programs under ssajit as tier 4 with HotSpot in a hostile configuration, each
# compared with the same program under -Xint (the oracle). A mode passes when every program prints
# the same checksum as under -Xint, no JVM crashes (no hs_err file) and every JVM exits with 0.
#
#   gc-verify        heap verification before and after every collection, small heaps (16 MB young
#                    generation, 256 MB heap), under each of Serial, Parallel and G1; under Shenandoah
#                    its own verification (ShenandoahVerify) with a cycle all the time (aggressive);
#                    under ZGC its own (ZVerifyRoots, ZVerifyObjects) with a collection every 10 ms
#   safepoints       a safepoint every millisecond (-XX:+SafepointALot, GuaranteedSafepointInterval=1)
#   compiler-threads 12 compiler threads, none retired (-XX:CICompilerCount=12
#                    -XX:-UseDynamicNumberOfCompilerThreads): many ssajit compiles at once
#   deopt            nmethod entry barriers that deoptimize at random (-XX:+DeoptimizeNMethodBarriersALot)
#   code-cache       a 4 MB code cache of one heap: it fills, HotSpot stops compiling, installs fail;
#                    the compiler must refuse cleanly (and leave the VM's reserve to its adapters) and
#                    the program run on. The generated programs run in 5 MB, with --compile programs,
#                    one batch at a time and fuzz's --timeout 300: in 4 MB ssajit's own C1 code
#                    barely fits, HotSpot's cold-code unloading removes it between compiles and C1
#                    compiles it again thousands of times, and a batch of 10 programs took over an
#                    hour; in 5 MB the cache is full throughout (ssajit refuses for want of room
#                    about 250,000 times in 60 programs) and they take minutes, but under G1 still
#                    fail at times (docs/PERFORMANCE.md, "Stress modes over generated programs")
#   faults           -Dssajit.InjectFaults at the rates 0.002, 0.01 and 0.05: faults thrown inside the
#                    compiler, every phase; every fault injected must be a refused compile (the stats
#                    count both) and the program's results stay the -Xint ones
#
# Programs (org.ssajit.demo.ProgramTimer, --iterations 2): javac compiling ssa-core's sources
# in-process, the collections workload, the array copies (copies) and the constructors through method
# handles and reflection (handles: Unsafe.allocateInstance); plus the numeric kernels (NumericDemo). Thresholds are low
# (-Xbatch, Tier4 thresholds 100/200) so that ssajit compiles thousands of methods. And the generated
# programs of `ssajit fuzz` (seeds 1 to STRESS_FUZZ_COUNT, default 60), the mode's flags added to the
# ssajit runs (under gc-verify the programs' own JVM variants pick the collector): the mode passes
# for them when fuzz reports 0 findings.
#
# Under one collector: STRESS_GC=NAME (Serial, Parallel, G1, Shenandoah, Z) runs every mode under it
# (-XX:+Use<NAME>GC on each run; gc-verify only that collector's variant; the generated programs only
# the seeds whose JVM variant runs it, fuzz's --gc). Default: HotSpot's collector (G1), and gc-verify
# under each.
#
# Usage: scripts/stress.sh [mode...]     (default: every mode; about 20 minutes on 2 cores)
#        STRESS_PROGRAMS="fuzz" scripts/stress.sh     (only some programs: javac collections copies handles numeric fuzz)
#        STRESS_GC=Z scripts/stress.sh safepoints deopt     (some modes under ZGC)
# Logs: benchmarks/target/stress-<time>/ (per mode and program: stdout, and stderr in .err).
set -uo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
case "${1:-}" in -h|--help) sed -n '2,/^# Logs:/p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;; esac

ALL_MODES=(gc-verify safepoints compiler-threads deopt code-cache faults)
MODES=("$@")
[ ${#MODES[@]} -gt 0 ] || MODES=("${ALL_MODES[@]}")

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
"$ROOT/ssajit" run -version >/dev/null 2>&1 || { echo "stress: ssajit does not start; try: $ROOT/ssajit run -version" >&2; exit 2; }
JAR=$(ls "$ROOT"/demo/target/demo-*.jar | grep -v -e '-sources' -e '-tests' -e '-javadoc' | head -1)
GC=${STRESS_GC:-}
case "$GC" in ""|Serial|Parallel|G1|Shenandoah|Z) ;; *) echo "stress: STRESS_GC=$GC: not a collector (Serial, Parallel, G1, Shenandoah, Z)" >&2; exit 2 ;; esac
GC_FLAG=${GC:+-XX:+Use${GC}GC}
OUT="$ROOT/benchmarks/target/stress-${GC:+$GC-}$(date +%Y%m%d-%H%M%S)"
mkdir -p "$OUT"

# shellcheck disable=SC2206  # STRESS_PROGRAMS is a list on purpose
PROGRAMS=(${STRESS_PROGRAMS:-javac collections copies handles numeric fuzz})
FUZZ_COUNT=${STRESS_FUZZ_COUNT:-60}
program_cmd() { # program -> main class and arguments
    case "$1" in
        javac) echo "org.ssajit.demo.ProgramTimer --iterations 2 javac $ROOT/ssa-core/src/main/java" ;;
        collections) echo "org.ssajit.demo.ProgramTimer --iterations 2 collections" ;;
        copies) echo "org.ssajit.demo.ProgramTimer --iterations 2 copies" ;;
        handles) echo "org.ssajit.demo.ProgramTimer --iterations 2 handles" ;;
        numeric) echo "org.ssajit.demo.NumericDemo 20 --min-millis 0 --no-times" ;;
    esac
}

# What a program computes, without timings: ProgramTimer's checksum line, NumericDemo's results.
results() {
    grep -E '^checksum | result ' "$1" || true
}

mode_flags() { # mode [collector] -> JVM flags
    case "$1" in
        gc-verify)
            if [ "$2" = -XX:+UseShenandoahGC ]; then
                # Its own verification, and a cycle all the time (every region with garbage evacuated).
                echo "$2 -XX:+UnlockDiagnosticVMOptions -XX:+ShenandoahVerify -XX:ShenandoahGCHeuristics=aggressive -Xmx256m"
            elif [ "$2" = -XX:+UseZGC ]; then
                # Its own verification, a collection (a color flip) every 10 ms, relocation in place.
                echo "$2 -XX:+UnlockDiagnosticVMOptions -XX:+ZVerifyRoots -XX:+ZVerifyObjects -XX:ZCollectionInterval=0.01 -XX:+ZStressRelocateInPlace -Xmx256m"
            else
                echo "$2 -XX:+UnlockDiagnosticVMOptions -XX:+VerifyBeforeGC -XX:+VerifyAfterGC -Xmn16m -Xmx256m"
            fi ;;
        safepoints) echo "-XX:+UnlockDiagnosticVMOptions -XX:+SafepointALot -XX:GuaranteedSafepointInterval=1" ;;
        compiler-threads) echo "-XX:CICompilerCount=12 -XX:-UseDynamicNumberOfCompilerThreads" ;;
        deopt) echo "-XX:+UnlockDiagnosticVMOptions -XX:+DeoptimizeNMethodBarriersALot" ;;
        code-cache) echo "-XX:ReservedCodeCacheSize=${2:-4m} -XX:InitialCodeCacheSize=${2:-4m} -XX:-SegmentedCodeCache" ;;
        faults) echo "-Dssajit.InjectFaults=${2:-0.01}" ;;
        *) echo "stress: unknown mode $1 (modes: ${ALL_MODES[*]})" >&2; return 1 ;;
    esac
}

[ -z "$GC" ] || echo "stress: every mode under $GC_FLAG"
failed=0
declare -A expected
for p in "${PROGRAMS[@]}"; do
    [ "$p" = fuzz ] && continue # fuzz compares with -Xint itself
    # shellcheck disable=SC2046
    "$JDK/bin/java" -Xint -cp "$JAR" $(program_cmd "$p") >"$OUT/xint-$p.txt" 2>"$OUT/xint-$p.txt.err" || { echo "stress: $p fails under -Xint" >&2; exit 2; }
    expected[$p]=$(results "$OUT/xint-$p.txt")
done

for mode in "${MODES[@]}"; do
    variants=("")
    [ "$mode" = gc-verify ] && variants=(-XX:+UseSerialGC -XX:+UseParallelGC -XX:+UseG1GC -XX:+UseShenandoahGC -XX:+UseZGC)
    [ "$mode" = gc-verify ] && [ -n "$GC" ] && variants=("$GC_FLAG")
    [ "$mode" = faults ] && variants=(0.002 0.01 0.05)
    for v in "${variants[@]}"; do
        flags=$(mode_flags "$mode" "$v") || exit 2
        [ "$mode" = gc-verify ] || flags="$GC_FLAG $flags"
        for p in "${PROGRAMS[@]}"; do
            name="$mode${v:+-${v#-XX:+Use}}-$p"
            [ "$mode" = faults ] && name="$mode-$v-$p"
            log="$OUT/$name.txt"
            start=$(date +%s)
            if [ "$p" = fuzz ]; then
                # The programs' variants choose the collector; fault injection runs at every rate.
                [ "$v" = "${variants[0]}" ] || [ "$mode" = faults ] || continue
                # The generated programs' code cache is 5 MB (see code-cache above).
                fuzz_flags=$(mode_flags "$mode" "$(case "$mode" in faults) echo "$v" ;; code-cache) echo 5m ;; gc-verify) echo "$GC_FLAG" ;; esac)")
                name="$mode$([ "$mode" = faults ] && echo "-$v")-fuzz"
                log="$OUT/$name.txt"
                fuzz_opts=(--timeout 40 ${GC:+--gc "$GC"})
                [ "$mode" = code-cache ] && fuzz_opts=(--timeout 300 --jobs 1 --compile programs ${GC:+--gc "$GC"})
                # shellcheck disable=SC2086
                (cd "$OUT" && SSAJIT_NO_BUILD=1 "$ROOT/ssajit" fuzz --seed 1 --count "$FUZZ_COUNT" --no-reduce --out "$OUT/fuzz-findings-$name" \
                    "${fuzz_opts[@]}" --flags "$fuzz_flags") >"$log" 2>&1
                status=$?
                secs=$(( $(date +%s) - start ))
                verdict=PASS
                [ $status -eq 0 ] || verdict="FAIL (exit $status: $(tail -n 1 "$log"))"
                [ "$verdict" = PASS ] || failed=$((failed + 1))
                printf 'stress: %-40s %-8s %4ss  %s\n' "$name" "$verdict" "$secs" "$(grep -m 1 '^fuzz: ssajit installed' "$log" | sed 's/^fuzz: //')"
                continue
            fi
            # shellcheck disable=SC2046,SC2086
            (cd "$OUT" && SSAJIT_NO_BUILD=1 "$ROOT/ssajit" run -Xbatch -XX:Tier4InvocationThreshold=100 -XX:Tier4CompileThreshold=200 \
                -Dssajit.Stats=true -Dssajit.Verify=true -XX:ErrorFile="$OUT/hs_err_$name.log" $flags -cp "$JAR" $(program_cmd "$p")) >"$log" 2>"$log.err"
            status=$?
            secs=$(( $(date +%s) - start ))
            compiled=$(grep -oE '^\[ssajit\]   compiled [0-9]+' "$log.err" | grep -oE '[0-9]+$' || echo "?")
            requests=$(grep -oE '^\[ssajit\] stats: [0-9]+ requests' "$log.err" | grep -oE '[0-9]+' || echo "?")
            verdict=PASS
            if [ $status -ne 0 ]; then verdict="FAIL (exit $status)"; fi
            if [ -e "$OUT/hs_err_$name.log" ]; then verdict="FAIL (VM crash: $OUT/hs_err_$name.log)"; fi
            if [ "$verdict" = PASS ] && [ "$(results "$log")" != "${expected[$p]}" ]; then verdict="FAIL (results differ from -Xint)"; fi
            faults=""
            if [ "$mode" = faults ]; then
                injected=$(grep -oE '^\[ssajit\]   faults injected [0-9]+' "$log.err" | grep -oE '[0-9]+$' || echo 0)
                refusals=$(grep -oE '^\[ssajit\] +[0-9]+  injected fault$' "$log.err" | grep -oE '[0-9]+' || echo 0)
                faults=", $injected faults injected, $refusals compiles refused for them"
                if [ "$verdict" = PASS ] && [ "$injected" != "$refusals" ]; then verdict="FAIL (faults injected $injected, refused for them $refusals)"; fi
            fi
            [ "$verdict" = PASS ] || failed=$((failed + 1))
            printf 'stress: %-40s %-8s %4ss  ssajit compiled %s of %s requests%s\n' "$name" "$verdict" "$secs" "$compiled" "$requests" "$faults"
        done
    done
done
echo "stress: ${#MODES[@]} modes, $failed failures; logs in $OUT"
[ $failed -eq 0 ]
