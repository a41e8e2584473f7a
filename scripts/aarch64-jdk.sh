#!/usr/bin/env bash
# Provisions an arm64 JDK 25 that runs on this x86-64 machine under qemu user-mode emulation, and
# prints the path of its `java` wrapper (everything else goes to stderr).
#
# Usage: scripts/aarch64-jdk.sh [--verbose] [--check | --print-home | --refresh]
#   (no option)   provision if needed, print the wrapper's path
#   --check       exit 0 if provisioned, 1 if not (provisions nothing, prints nothing)
#   --print-home  provision if needed, print the arm64 JDK's home (inside the sysroot) instead
#   --refresh     provision again from scratch (newer Debian packages), print the wrapper's path
#   --verbose     show apt's output and each step on stderr
#
# What it does, once: installs qemu-user-static and binutils-aarch64-linux-gnu with apt when missing
# (root or passwordless sudo), then builds a private arm64 sysroot holding Debian trixie's
# openjdk-25-jdk-headless without touching the host's dpkg (its own APT_CONFIG, state and cache,
# an empty dpkg status, download only, `dpkg-deb -x` of every package), fixes it up (absolute
# symlinks made relative, cacerts from the host, merged-/usr links) and writes the wrapper `java`:
# QEMU_LD_PREFIX=<sysroot> [QEMU_CPU=max,pauth-impdef=on unless set] qemu-aarch64-static <the arm64
# JDK's bin/java> "$@". A stamp file
# records what was installed; later runs only read it. Concurrent runs wait for each other (flock).
# From scratch 25 to 45 s on 2 shared cores (100 s under heavy load; 15 s more to install qemu), 400 MB;
# then 0.1 s.
#
# A JVM under emulation that starts processes (e.g. other JVMs) needs
# -Djdk.lang.Process.launchMechanism=FORK: the default (posix_spawn) execs the arm64 jspawnhelper,
# which the host kernel cannot run; with FORK the child execs its program itself, natively or under
# its own wrapper. VFORK works as well but JDK 25 prints "VFORK MODE DEPRECATED" on stderr at each
# launch. The wrapper passes its arguments through unchanged; callers add the option (the launcher
# does under SSAJIT_TARGET=aarch64).
#
# Environment:
#   SSAJIT_AARCH64_HOME   where it all goes (default ${XDG_CACHE_HOME:-$HOME/.cache}/ssajit/aarch64-jdk)
#   SSAJIT_DEBIAN_MIRROR, SSAJIT_DEBIAN_SECURITY_MIRROR
#                         Debian mirrors (default: the host's apt sources, else deb.debian.org)
set -euo pipefail

SUITE=trixie
PACKAGE=openjdk-25-jdk-headless
JDK_DIR=usr/lib/jvm/java-25-openjdk-arm64
STAMP_FORMAT="ssajit-aarch64-jdk 1"
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg

verbose=0
mode=provision
for arg in "$@"; do
    case "$arg" in
        -v|--verbose) verbose=1 ;;
        --check) mode=check ;;
        --print-home) mode=home ;;
        --refresh) mode=refresh ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "aarch64-jdk: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
    esac
done

say() { echo "aarch64-jdk: $*" >&2; }
log() { [ "$verbose" = 1 ] && say "[${SECONDS}s] $*"; return 0; }
die() { say "$*"; exit 1; }

BASE=${SSAJIT_AARCH64_HOME:-${XDG_CACHE_HOME:-${HOME:?}/.cache}/ssajit/aarch64-jdk}
case "$BASE" in /*) ;; *) BASE="$PWD/$BASE" ;; esac
SYSROOT="$BASE/sysroot"
# bin/java: Maven Surefire takes a forked JVM only by a path ending in bin/java.
WRAPPER="$BASE/bin/java"
STAMP="$BASE/stamp"
JDK_HOME="$SYSROOT/$JDK_DIR"

# Provisioned: a stamp of this format, the wrapper, the JDK and the host tools it needs.
provisioned() {
    [ -f "$STAMP" ] && [ "$(head -n 1 "$STAMP")" = "$STAMP_FORMAT" ] || { log "no stamp of this format in $BASE"; return 1; }
    [ -x "$WRAPPER" ] && [ -x "$JDK_HOME/bin/java" ] || { log "wrapper or JDK missing in $BASE"; return 1; }
    local qemu
    qemu=$(sed -n 's/^qemu=//p' "$STAMP")
    [ -n "$qemu" ] && [ -x "$qemu" ] || { log "qemu-aarch64-static missing"; return 1; }
    command -v aarch64-linux-gnu-objdump >/dev/null 2>&1 || { log "aarch64-linux-gnu-objdump missing"; return 1; }
    return 0
}

# The wrapper's text, for a qemu binary. QEMU_CPU defaults to `max` with pointer authentication's
# implementation-defined algorithm: the features HotSpot detects are those of plain `max` (LSE, SVE 2,
# PAC), but qemu's QARMA5 for the PAC instructions (arm64 libraries built with branch protection sign
# return addresses in every function) made every emulated JVM about 1.6 times slower.
wrapper_text() {
    q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }
    cat <<EOF
#!/bin/sh
# Debian $SUITE's arm64 JDK 25 under qemu user-mode emulation; written by ssajit's scripts/aarch64-jdk.sh.
# QEMU_CPU (e.g. cortex-a72, neoverse-n1, a64fx, max) picks the emulated CPU's features; unset, it is
# max,pauth-impdef=on (plain max emulates pointer authentication's QARMA5, about 1.6 times slower).
# A JVM started here that starts processes needs -Djdk.lang.Process.launchMechanism=FORK.
QEMU_LD_PREFIX=$(q "$SYSROOT")
export QEMU_LD_PREFIX
QEMU_CPU=\${QEMU_CPU:-max,pauth-impdef=on}
export QEMU_CPU
exec $(q "$1") $(q "$JDK_HOME/bin/java") "\$@"
EOF
}

# Writes the wrapper (atomically: JVMs may be starting through the old one).
write_wrapper() {
    mkdir -p "$(dirname "$WRAPPER")"
    wrapper_text "$1" >"$WRAPPER.tmp.$$"
    chmod +x "$WRAPPER.tmp.$$"
    mv -f "$WRAPPER.tmp.$$" "$WRAPPER"
}

answer() {
    # A wrapper written by an older version of this script: rewritten, the JDK kept.
    local qemu
    qemu=$(sed -n 's/^qemu=//p' "$STAMP")
    [ "$(cat "$WRAPPER")" = "$(wrapper_text "$qemu")" ] || { log "wrapper rewritten"; write_wrapper "$qemu"; }
    if [ "$mode" = home ]; then echo "$JDK_HOME"; else echo "$WRAPPER"; fi
    exit 0
}

if [ "$mode" = check ] && [ ! -d "$BASE" ]; then
    log "no $BASE"
    exit 1
fi
mkdir -p "$BASE" || die "cannot create $BASE"
exec 9>>"$BASE/.lock"

# Fast path: a shared lock (waits only while another run provisions), then read the stamp.
if [ "$mode" != refresh ]; then
    if ! flock -n -s 9; then
        say "another run is provisioning $BASE; waiting"
        flock -s 9
    fi
    if provisioned; then
        [ "$mode" = check ] && exit 0
        answer
    fi
    [ "$mode" = check ] && exit 1
    flock -u 9
fi

if ! flock -n -x 9; then
    say "another run is provisioning $BASE; waiting"
    flock -x 9
fi
# Another run may have finished while this one waited.
if [ "$mode" != refresh ] && provisioned; then
    answer
fi

# --- Host tools ----------------------------------------------------------------------------------
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null 2>&1; then sudo -n "$@"; else return 1; fi
}

missing=()
command -v qemu-aarch64-static >/dev/null 2>&1 || missing+=(qemu-user-static)
command -v aarch64-linux-gnu-objdump >/dev/null 2>&1 || missing+=(binutils-aarch64-linux-gnu)
[ -f "$KEYRING" ] || missing+=(debian-archive-keyring)
if [ ${#missing[@]} -gt 0 ]; then
    command -v apt-get >/dev/null 2>&1 || die "missing ${missing[*]} and no apt-get to install them; install them by hand"
    say "installing ${missing[*]} with apt-get"
    host_log="$BASE/host-apt.log"
    host_apt() {
        if [ "$verbose" = 1 ]; then
            as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 "$@" >&2
        elif ! as_root env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300 "$@" >"$host_log" 2>&1; then
            tail -n 20 "$host_log" >&2
            return 1
        fi
    }
    host_apt update || die "apt-get update failed (root or passwordless sudo is needed to install ${missing[*]})"
    host_apt -y install --no-install-recommends "${missing[@]}" || die "apt-get install ${missing[*]} failed"
    rm -f "$host_log"
fi
QEMU=$(command -v qemu-aarch64-static) || die "qemu-aarch64-static not found after installing qemu-user-static"
QEMU=$(readlink -f "$QEMU")
for tool in apt-get dpkg-deb gpgv realpath; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is needed (Debian's apt, dpkg, gpgv, coreutils)"
done

# --- Mirrors: the host's Debian mirror if it has one ---------------------------------------------
# Prints the URIs of the host's enabled `deb` sources, one per line (one-line and deb822 formats).
host_deb_uris() {
    local f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -f "$f" ] || continue
        sed -n 's/^[[:space:]]*deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]\{1,\}\).*/\2/p' "$f"
    done
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -f "$f" ] || continue
        awk 'function flush() { if (deb && enabled) for (i = 1; i <= n; i++) print u[i]; deb = 0; enabled = 1; n = 0 }
             BEGIN { enabled = 1 }
             /^[[:space:]]*$/ { flush(); next }
             /^#/ { next }
             tolower($1) == "types:" { for (i = 2; i <= NF; i++) if ($i == "deb") deb = 1 }
             tolower($1) == "enabled:" { enabled = (tolower($2) != "no") }
             tolower($1) == "uris:" { for (i = 2; i <= NF; i++) u[++n] = $i }
             END { flush() }' "$f"
    done
}
uris=$(host_deb_uris 2>/dev/null || true)
mirror=${SSAJIT_DEBIAN_MIRROR:-$(echo "$uris" | grep -E '^(https?|file)://[^ ]*/debian/?$' | head -n 1 | sed 's:/$::')}
mirror=${mirror:-http://deb.debian.org/debian}
security=${SSAJIT_DEBIAN_SECURITY_MIRROR:-$(echo "$uris" | grep -E '^(https?|file)://[^ ]*/debian-security/?$' | head -n 1 | sed 's:/$::')}
security=${security:-http://deb.debian.org/debian-security}
log "mirrors: $mirror, $security"

# --- Private apt: arm64, its own state, cache and configuration; the host's dpkg untouched --------
started=$(date +%s)
say "provisioning Debian $SUITE's arm64 $PACKAGE in $BASE (about a minute, 400 MB)"
APT="$BASE/apt"
rm -rf "$APT" "$SYSROOT" "$STAMP" "$WRAPPER"
mkdir -p "$APT/etc/apt.conf.d" "$APT/etc/preferences.d" "$APT/etc/sources.list.d" \
    "$APT/state/lists/partial" "$APT/cache/archives/partial" "$SYSROOT"
: >"$APT/state/status"
cat >"$APT/etc/sources.list" <<EOF
deb [arch=arm64 signed-by=$KEYRING] $mirror $SUITE main
deb [arch=arm64 signed-by=$KEYRING] $mirror $SUITE-updates main
deb [arch=arm64 signed-by=$KEYRING] $security $SUITE-security main
EOF
# The host's apt.conf.d is not read (its hooks act on the host's cache); its proxies are kept.
proxies=$(apt-config dump 2>/dev/null | grep -E '^Acquire::(http|https|ftp)::Proxy' || true)
cat >"$APT/etc/apt.conf" <<EOF
Dir::Etc "$APT/etc";
Dir::Etc::main "apt.conf";
Dir::Etc::parts "apt.conf.d";
Dir::Etc::sourcelist "sources.list";
Dir::Etc::sourceparts "sources.list.d";
Dir::Etc::preferences "preferences";
Dir::Etc::preferencesparts "preferences.d";
Dir::State "$APT/state";
Dir::State::status "$APT/state/status";
Dir::Cache "$APT/cache";
APT::Architecture "arm64";
APT::Architectures { "arm64"; };
APT::Install-Recommends "false";
APT::Install-Suggests "false";
APT::Sandbox::User "root";
Acquire::Languages "none";
Acquire::Retries "3";
$proxies
EOF
export APT_CONFIG="$APT/etc/apt.conf"

LOG="$BASE/provision.log"
: >"$LOG"
step() {
    log "$*"
    if [ "$verbose" = 1 ]; then
        "$@" >&2
    elif ! "$@" >>"$LOG" 2>&1; then
        tail -n 30 "$LOG" >&2
        return 1
    fi
}

step apt-get -q --error-on=any update || die "apt-get update of the private arm64 sources failed (mirror $mirror; log: $LOG)"
step apt-get -q -y --download-only install "$PACKAGE" || die "downloading $PACKAGE for arm64 failed (log: $LOG)"

# --- The sysroot: every package unpacked, no maintainer script run -------------------------------
debs=("$APT"/cache/archives/*.deb)
[ -f "${debs[0]}" ] || die "apt downloaded no package (log: $LOG)"
packages=()
for deb in "${debs[@]}"; do
    dpkg-deb -x "$deb" "$SYSROOT" || die "dpkg-deb -x $deb failed"
    packages+=("$(dpkg-deb -f "$deb" Package)=$(dpkg-deb -f "$deb" Version)")
done
log "unpacked ${#debs[@]} packages"
[ -x "$JDK_HOME/bin/java" ] || die "no $JDK_DIR/bin/java in the unpacked packages"

# Merged /usr (trixie): the ELF interpreter is /lib/ld-linux-aarch64.so.1.
for d in bin sbin lib; do
    if [ -d "$SYSROOT/$d" ] && [ ! -L "$SYSROOT/$d" ]; then
        mkdir -p "$SYSROOT/usr/$d"
        cp -a "$SYSROOT/$d/." "$SYSROOT/usr/$d/"
        rm -rf "${SYSROOT:?}/$d"
    fi
    [ -e "$SYSROOT/$d" ] || ln -s "usr/$d" "$SYSROOT/$d"
done

# Absolute symlinks (conf/security/java.security -> /etc/..., cacerts, ...) would resolve on the host
# under qemu: point them into the sysroot, relative so that the directory can move.
links=0
while IFS= read -r -d '' link; do
    target=$(readlink "$link")
    ln -sfn "$(realpath -m -s --relative-to="${link%/*}" "$SYSROOT$target")" "$link"
    links=$((links + 1))
done < <(find "$SYSROOT" -type l -lname '/*' -print0)
log "$links absolute symlinks made relative"

# ca-certificates-java's maintainer script never ran: take the host's Java trust store.
cacerts="$SYSROOT/etc/ssl/certs/java/cacerts"
host_cacerts=""
for c in /etc/ssl/certs/java/cacerts /etc/pki/java/cacerts; do
    [ -s "$c" ] && { host_cacerts=$c; break; }
done
if [ -z "$host_cacerts" ] && host_jdk=$("$(dirname "$0")/find-jdk25.sh" 2>/dev/null) && [ -s "$host_jdk/lib/security/cacerts" ]; then
    host_cacerts="$host_jdk/lib/security/cacerts"
fi
if [ -n "$host_cacerts" ]; then
    mkdir -p "$(dirname "$cacerts")"
    cp -L "$host_cacerts" "$cacerts"
    log "cacerts from $host_cacerts"
else
    say "warning: no Java trust store on the host; TLS from the arm64 JDK will fail"
fi

# --- The wrapper, then the stamp (last: it marks the whole as done) ------------------------------
write_wrapper "$QEMU"

version=$("$WRAPPER" -version 2>&1) || { echo "$version" >&2; die "the arm64 JDK does not start under $QEMU"; }
log "$(echo "$version" | head -n 1)"

{
    echo "$STAMP_FORMAT"
    echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "suite=$SUITE"
    echo "mirror=$mirror"
    echo "security=$security"
    echo "jdk=$JDK_HOME"
    echo "qemu=$QEMU"
    echo "qemu_version=$("$QEMU" --version | head -n 1)"
    printf 'package=%s\n' "${packages[@]}"
} >"$STAMP.tmp"
mv -f "$STAMP.tmp" "$STAMP"

rm -rf "$APT"
say "done in $(($(date +%s) - started)) s: $(du -sh "$SYSROOT" | cut -f1), ${#packages[@]} packages, $(echo "$version" | sed -n 2p)"
answer
