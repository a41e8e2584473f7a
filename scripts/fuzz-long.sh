#!/usr/bin/env bash
# The long run of `ssajit fuzz`, in chunks that survive interruption: each chunk of seeds is one
# `./ssajit fuzz` run; a finished chunk is recorded in a progress file (seeds, programs, findings,
# seconds, commit) and never run again, so running the script again resumes where it stopped (also on
# another machine, with the progress file copied along). Findings are reduced and saved as usual.
#
# Usage: scripts/fuzz-long.sh [--start S] [--count N] [--chunk C] [--dir DIR] [fuzz options...]
#   --start S   first seed (default 1000000)
#   --count N   programs in all (default 100000)
#   --chunk C   programs per chunk (default 600: 100 for each of the 6 JVM variants)
#   --dir DIR   where the progress file, logs and findings go (default benchmarks/target/fuzz-long)
#   other options go to every `ssajit fuzz` run (e.g. --jobs 2, --flags "...")
# Prints one line per chunk and, at the end, the totals; exit status 1 if any chunk had findings.
# A file named `stop` in DIR ends the run after the chunk under way (and is removed): a machine can be
# handed back without losing a chunk.
# SSAJIT_TARGET=aarch64 runs the programs on the emulated arm64 JDK, as for `ssajit fuzz`.
set -uo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
start=1000000 count=100000 chunk=600 dir="$ROOT/benchmarks/target/fuzz-long"
extra=()
while [ $# -gt 0 ]; do
    case "$1" in
        --start) start=$2; shift 2 ;;
        --count) count=$2; shift 2 ;;
        --chunk) chunk=$2; shift 2 ;;
        --dir) dir=$2; shift 2 ;;
        -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) extra+=("$1"); shift ;;
    esac
done
mkdir -p "$dir"
progress="$dir/progress.tsv"
[ -s "$progress" ] || printf 'first_seed\tprograms\tfindings\tseconds\tcommit\tdate\n' >"$progress"
commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
[ -n "$(git -C "$ROOT" status --porcelain 2>/dev/null)" ] && commit="$commit+dirty"

done_chunk() { # first seed -> whether a chunk starting there is recorded
    awk -F'\t' -v s="$1" 'NR > 1 && $1 == s { found = 1 } END { exit !found }' "$progress"
}

end=$((start + count))
for ((s = start; s < end; s += chunk)); do
    n=$(( end - s < chunk ? end - s : chunk ))
    if done_chunk "$s"; then
        continue
    fi
    if [ -e "$dir/stop" ]; then
        rm -f "$dir/stop"
        echo "fuzz-long: stopped before seed $s ($dir/stop)"
        break
    fi
    t0=$(date +%s)
    log="$dir/chunk-$s.log"
    "$ROOT/ssajit" fuzz --seed "$s" --count "$n" --out "$dir/findings" "${extra[@]}" >"$log" 2>&1
    status=$?
    summary=$(grep -E '^fuzz: [0-9]+ programs, [0-9]+ findings' "$log" | tail -n 1)
    if [ -z "$summary" ]; then
        echo "fuzz-long: seeds $s..$((s + n - 1)) did not finish (exit $status); see $log" >&2
        exit 2
    fi
    programs=$(echo "$summary" | sed -E 's/^fuzz: ([0-9]+) programs.*/\1/')
    findings=$(echo "$summary" | sed -E 's/.* ([0-9]+) findings.*/\1/')
    secs=$(( $(date +%s) - t0 ))
    printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$programs" "$findings" "$secs" "$commit" "$(date -u +%Y-%m-%dT%H:%MZ)" >>"$progress"
    echo "fuzz-long: seeds $s..$((s + n - 1)): $programs programs, $findings findings, ${secs}s"
done
awk -F'\t' 'NR > 1 { p += $2; f += $3; t += $4; c[$5] = 1 } END {
    n = 0; for (k in c) { list = list (n++ ? ", " : "") k }
    printf "fuzz-long: %d programs, %d findings, %.1f hours, commits %s\n", p, f, t / 3600, list
    exit (f > 0) }' "$progress"
