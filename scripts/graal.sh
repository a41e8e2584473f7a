#!/usr/bin/env bash
# The Graal JIT from Maven Central, as jars on the same JDK 25 ssajit runs on, for comparisons
# (scripts/bench-programs.sh and bench-interleaved.sh --graal, ./ssajit demo --graal).
#
# Usage: scripts/graal.sh [flags | jars]
#   flags (default)  prints, one a line, the JVM options that make Graal the tier-4 compiler of a plain
#                    java (C1 below it), as ./ssajit flags does for ssajit:
#                      -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler
#                      -Djvmci.Compiler=graal --upgrade-module-path=<the jars>
#   jars             prints the jars' paths, one a line
# The first call fetches org.graalvm.compiler:compiler at the JDK's version (its release file's
# JAVA_VERSION, e.g. 25.0.3) and what it depends on: org.graalvm.sdk:collections and :word and
# org.graalvm.truffle:truffle-compiler, the modules its module-info requires (about 25 MB), with Maven
# into ~/.cache/ssajit/graal/<version>; later calls only print.
# Environment: SSAJIT_GRAAL_VERSION another version; SSAJIT_GRAAL_HOME another cache directory.
#
# The jars replace the JDK's empty jdk.graal.compiler module (the upgrade module path), which
# jdk.internal.vm.ci exports its packages to: no --add-exports. This is "jargraal": Graal's own code
# runs in the JVM, compiled by C1 as it warms up, where GraalVM ships it compiled ahead of time
# (libgraal). So its compiles are slower early in a run than GraalVM's, as ssajit's are.
set -euo pipefail

ROOT=$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd)
what=${1:-flags}
case "$what" in
    flags|jars) ;;
    -h|--help) sed -n '2,/^[^#]/{/^#/s/^# \{0,1\}//p;}' "$0"; exit 0 ;;
    *) echo "graal.sh: unknown argument '$what' (flags or jars)" >&2; exit 2 ;;
esac

JDK=$("$ROOT/scripts/find-jdk25.sh") || exit 2
version=${SSAJIT_GRAAL_VERSION:-$(sed -n 's/^JAVA_VERSION="\{0,1\}\([^"]*\)"\{0,1\}[[:space:]]*$/\1/p' "$JDK/release" | head -n 1)}
case "$version" in
    25) version=25.0.0 ;;
    25.*) ;;
    *) echo "graal.sh: cannot tell the Graal version for the JDK at $JDK ('$version'); set SSAJIT_GRAAL_VERSION" >&2; exit 2 ;;
esac
dir=${SSAJIT_GRAAL_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/ssajit/graal}/$version

if [ ! -f "$dir/complete" ]; then
    command -v mvn >/dev/null 2>&1 || { echo "graal.sh: Maven (mvn) is needed to fetch Graal's jars" >&2; exit 2; }
    echo "graal.sh: fetching the Graal compiler $version and its dependencies from Maven Central into $dir (about 25 MB, once)" >&2
    rm -rf "$dir"
    mkdir -p "$dir/jars"
    cat >"$dir/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.ssajit.local</groupId>
  <artifactId>graal-jars</artifactId>
  <version>1</version>
  <packaging>pom</packaging>
  <dependencies>
    <dependency>
      <groupId>org.graalvm.compiler</groupId>
      <artifactId>compiler</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
</project>
EOF
    log="$dir/mvn.log"
    if ! (cd "$dir" && mvn -B -f "$dir/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies \
            -DoutputDirectory="$dir/jars" -DincludeScope=runtime) >"$log" 2>&1; then
        cat "$log" >&2
        echo "graal.sh: Maven could not fetch org.graalvm.compiler:compiler:$version (SSAJIT_GRAAL_VERSION picks another)" >&2
        exit 1
    fi
    touch "$dir/complete"
fi

jars=("$dir"/jars/*.jar)
[ -f "${jars[0]}" ] || { echo "graal.sh: no jars in $dir/jars; remove $dir and try again" >&2; exit 1; }
if [ "$what" = jars ]; then
    printf '%s\n' "${jars[@]}"
    exit 0
fi
path=$(printf '%s:' "${jars[@]}")
printf '%s\n' -XX:+UnlockExperimentalVMOptions -XX:+EnableJVMCI -XX:+UseJVMCICompiler -Djvmci.Compiler=graal "--upgrade-module-path=${path%:}"
