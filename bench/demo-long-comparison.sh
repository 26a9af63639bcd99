#!/usr/bin/env bash
# The long comparison behind the demo's steady-state verdict (issue 11): the same two targets, limits and
# requests as `duel demo` (its scenarios in its order: /products/{id} with 8 users, then /json with 32), but a 90 s
# fixed warm-up and 20 s of main each, 3 runs a side. Takes about 25 minutes on a quiet 2-core machine. Compare its report with the demo's: same direction, and each point estimate inside
# the other's 95% interval.
#   bench/demo-long-comparison.sh [RESULTS_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="${1:-/tmp/duel-demo-long}"
java17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64}"
java25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
suite=$(mktemp /tmp/duel-demo-long.XXXXXX.yaml)
# shellcheck source=demo-target.sh
source "$root/bench/demo-target.sh"
target() { demo_target "$1" "$2" "$3" 1.0; }
{
  echo "name: demo-long-jdk17-vs-jdk25"
  echo "targets:"
  target jdk17 "$java17" 17
  target jdk25 "$java25" 25
  # The demo's own scenarios and settings, with the phases replaced by a long fixed warm-up.
  sed -e 's/phases: {warmup: auto, maxWarmup: [0-9]*s, gap: 0s, duration: [0-9]*s}/phases: {warmup: 90s, gap: 0s, duration: 20s}/' \
      "$root/cli/src/main/resources/dev/duel/cli/demo-common.yaml"
} >"$suite"
[ "$(grep -c 'warmup: 90s' "$suite")" = "$(grep -c 'phases:' "$suite")" ] \
  || { echo "demo-common.yaml changed: a phases line was not replaced" >&2; exit 2; }
exec "$root/duel" run "$suite" --results "$results"
