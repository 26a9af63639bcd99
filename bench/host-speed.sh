#!/usr/bin/env bash
# The host's speed on each CPU, second by second, as duel's host speed probe reads it beside every run: a small JVM
# pinned to each CPU times a fixed interpreted workload in its own CPU time ten times a second (HostSpeedProbe), so
# that a vCPU whose host gives it less of a physical core reads slower while one that is merely busy does not. Prints
# a line per second: the second, then each CPU's work units per CPU millisecond (the median of that second's samples),
# and at the end the share of each CPU the probe took. On this project's 2-vCPU machines each vCPU flips between two
# levels about 1.5x apart in these units for tens of seconds (docs/methodology.md, "The host's speed").
#   bench/host-speed.sh [SECONDS [CPU...]]   (60 s and every online CPU by default)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/duel" --version >/dev/null # builds first, if it must
java_bin="java"
[ -n "${JAVA_HOME:-}" ] && java_bin="$JAVA_HOME/bin/java"
exec "$java_bin" -XX:+UseSerialGC -Xmx64m -cp "$root/cli/target/duel.jar" dev.duel.targets.HostSpeedProbe "$@"
