#!/usr/bin/env bash
# An A/A interleaved comparison (issue 31): the demo's JDK 17 target twice, as two targets (jdk17 and jdk17b: the
# same jar on the same JDK), with the demo's scenarios, pairs and budget. No difference should come out; the report
# gives the interval's width, and bench/idle-side-cpu.py the idle side's compiler and GC CPU during the other's
# slices.
#   bench/demo-aa.sh [RESULTS_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="${1:-/tmp/duel-demo-aa}"
java17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64}"
suite=$(mktemp /tmp/duel-demo-aa.XXXXXX.yaml)
# shellcheck source=demo-target.sh
source "$root/bench/demo-target.sh"
{
  echo "name: demo-aa-jdk17"
  echo "targets:"
  demo_target jdk17 "$java17" 17 1.0
  demo_target jdk17b "$java17" 17 1.0
  cat "$root/cli/src/main/resources/dev/duel/cli/demo-common.yaml"
} >"$suite"
exec "$root/duel" run "$suite" --results "$results"
