#!/usr/bin/env bash
# Who asked for each tier-4 compile: reads a JVM's -XX:+LogCompilation file and counts its tier-4
# requests (task_queued without a level attribute: level 4; OSR ones apart) by the thread that queued
# them, the <writer thread=...> before each: a compiler thread (named by <start_compile_thread>) or the
# program's threads. A JVMCI compiler runs in the program's JVM: a JDK method it calls often crosses
# the tier-4 thresholds on its own, and the request is queued by the compiler thread. With --top N, the
# N packages with most requests for each.
#
# Usage: scripts/tier4-requests.sh [--top N | --list] LOGFILE
#   --list: instead of the counts, each request as a line: who queued it, then the method (sorted), e.g.
#   to see which JDK methods the compiler's own calls made hot: ... --list F | grep '^JVMCI'
#   e.g. ./ssajit run -XX:+UnlockDiagnosticVMOptions -XX:+LogCompilation -XX:LogFile=/tmp/c.log \
#          -cp demo/target/demo-0.1.0-SNAPSHOT.jar org.ssajit.demo.ProgramTimer --iterations 12 collections
#        scripts/tier4-requests.sh /tmp/c.log
set -euo pipefail
case "${1:-}" in -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;; esac
TOP=0
LIST=0
if [ "${1:-}" = --top ]; then TOP=$2; shift 2; fi
if [ "${1:-}" = --list ]; then LIST=1; shift; fi
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: scripts/tier4-requests.sh [--top N | --list] LOGFILE" >&2; exit 2; }

awk -v top="$TOP" -v list="$LIST" '
    # First pass: the compiler threads names (their lines may come after their first writes).
    FNR == NR {
        if (match($0, /<start_compile_thread name=.[^\047]*. thread=.[0-9]+/)) {
            s = substr($0, RSTART, RLENGTH)
            name = s; sub(/^<start_compile_thread name=./, "", name); sub(/. thread=.*/, "", name)
            id = s; sub(/.* thread=./, "", id)
            names[id] = name
        }
        next
    }
    /^<writer thread=/ { w = $0; gsub(/[^0-9]/, "", w); next }
    /^<task_queued / && !/ level=/ {
        who = (w in names) ? names[w] : "program threads"
        sub(/[0-9]+$/, "", who)
        kind = /osr_bci=/ ? "osr" : "standard"
        if (list) {
            if (match($0, /method=.[^\047]+/)) {
                m = substr($0, RSTART + 8, RLENGTH - 8)
                gsub(/&lt;/, "<", m); gsub(/&gt;/, ">", m)
                print who "\t" m (kind == "osr" ? " (osr)" : "") | "sort"
            }
            next
        }
        n[who, kind]++; total++
        if (!(who in seen)) { seen[who] = 1; order[++k] = who }
        if (top > 0 && match($0, /method=.[^ ]+/)) {
            m = substr($0, RSTART + 8, RLENGTH - 8)
            split(m, part, ".")
            pkg[who, part[1] "." part[2]]++
        }
    }
    END {
        if (list) {
            exit 0
        }
        printf "tier-4 requests: %d\n", total
        for (i = 1; i <= k; i++) {
            who = order[i]
            printf "  %-24s %6d (standard %d, osr %d)\n", who, n[who, "standard"] + n[who, "osr"], n[who, "standard"], n[who, "osr"]
            if (top > 0) {
                for (j = 0; j < top; j++) {
                    best = ""; bn = 0
                    for (key in pkg) {
                        split(key, kk, SUBSEP)
                        if (kk[1] == who && pkg[key] > bn) { bn = pkg[key]; best = key }
                    }
                    if (bn == 0) break
                    split(best, kk, SUBSEP)
                    printf "      %-28s %6d\n", kk[2], bn
                    delete pkg[best]
                }
            }
        }
    }' "$1" "$1"
