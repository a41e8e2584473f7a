#!/usr/bin/env bash
# Prints the home directory of a JDK 25 that has the JVMCI module (jdk.internal.vm.ci).
#
# Order: $JAVA_HOME, $JAVA25_HOME, the `java` on PATH, then the conventional install
# locations (newest 25.x first). Exits 1 with the list of what was looked at when none fits.
#
# Usage: scripts/find-jdk25.sh [--verbose]   (--verbose reports every candidate on stderr)
set -u

WANT=25
verbose=0
case "${1:-}" in
    -v|--verbose) verbose=1 ;;
    "") ;;
    -h|--help) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "find-jdk25: unknown argument '$1' (try --help)" >&2; exit 2 ;;
esac

log() { [ "$verbose" = 1 ] && echo "find-jdk25: $*" >&2; return 0; }

# JAVA_VERSION from a JDK's `release` file, e.g. 25.0.3 ("" if unreadable).
release_version() {
    sed -n 's/^JAVA_VERSION="\{0,1\}\([^"]*\)"\{0,1\}[[:space:]]*$/\1/p' "$1/release" 2>/dev/null | head -n 1
}

# Succeeds if $1 is a full JDK 25 (java + javac) whose image includes JVMCI.
is_jdk25() {
    local home=$1 v major
    if [ ! -f "$home/release" ]; then log "$home: no release file"; return 1; fi
    v=$(release_version "$home")
    major=${v%%[.+-]*}
    if [ "$major" != "$WANT" ]; then log "$home: version ${v:-unknown}"; return 1; fi
    if [ ! -x "$home/bin/java" ] || [ ! -x "$home/bin/javac" ]; then log "$home: no bin/java or bin/javac"; return 1; fi
    # A jlinked runtime may lack JVMCI; the release file lists the modules of the image.
    if grep -q '^MODULES=' "$home/release" && ! grep -q '^MODULES=.*jdk\.internal\.vm\.ci' "$home/release"; then
        log "$home: JDK $v without jdk.internal.vm.ci"
        return 1
    fi
    return 0
}

accept() {
    log "using $1"
    (cd "$1" && pwd -P)
    exit 0
}

for var in JAVA_HOME JAVA25_HOME; do
    home=${!var:-}
    if [ -n "$home" ]; then
        if is_jdk25 "$home"; then accept "$home"; fi
    else
        log "$var is not set"
    fi
done

if java_bin=$(command -v java 2>/dev/null); then
    home=$(dirname "$(dirname "$(readlink -f "$java_bin" 2>/dev/null || echo "$java_bin")")")
    if is_jdk25 "$home"; then accept "$home"; fi
fi

# Conventional locations; a glob that matches nothing stays literal and fails is_jdk25.
candidates=()
for pattern in \
    "/usr/lib/jvm/*" \
    "/usr/java/*" \
    "/opt/java/*" \
    "/opt/*jdk*" \
    "$HOME/.sdkman/candidates/java/*" \
    "$HOME/.jdks/*" \
    "/Library/Java/JavaVirtualMachines/*/Contents/Home"; do
    for home in $pattern; do
        if [ -d "$home" ] && is_jdk25 "$home"; then
            candidates+=("$(release_version "$home") $home")
        fi
    done
done

if [ ${#candidates[@]} -gt 0 ]; then
    # Newest update first; several symlinks to one JDK are harmless.
    best=$(printf '%s\n' "${candidates[@]}" | sort -V -r | head -n 1)
    accept "${best#* }"
fi

cat >&2 <<EOF
find-jdk25: no JDK $WANT with JVMCI (module jdk.internal.vm.ci) found.
Looked at: \$JAVA_HOME (${JAVA_HOME:-unset}), \$JAVA25_HOME (${JAVA25_HOME:-unset}), the java on PATH,
  /usr/lib/jvm/*, /usr/java/*, /opt/java/*, /opt/*jdk*, ~/.sdkman/candidates/java/*, ~/.jdks/*,
  /Library/Java/JavaVirtualMachines/*/Contents/Home.
Install a JDK $WANT (for example Eclipse Temurin $WANT) or point JAVA25_HOME at one.
Run '$0 --verbose' to see why each candidate was rejected.
EOF
exit 1
