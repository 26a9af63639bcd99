#!/usr/bin/env bash
# The long comparison behind the demo's steady-state answers (issue 31): the same two targets, limits, requests and
# interleaved pairs as `duel demo` (demo-common.yaml: /json with 32 users, then /products/{id} with 8, warm-up at once
# with the compilers raised until steady, 0.5 s slices in ABBA/BAAB blocks, the first block a lead-in), but warm-up caps
# of 80 s and 100 s instead of 60 s and 75 s (fewer sides marked "never steady"), 36 s of main a scenario (18 blocks,
# 17 counted, instead of eight and seven), 10 pairs with no budget, and the engine's own steady stretch of 10 s for
# each side's warm-up (the demo's interleave.stable of 5 s taken out, so that what a shorter stretch leaves of a climb
# would show as a difference between the two): about 25 minutes on a quiet 2-vCPU machine.
# Compare its report with each demo's: each point estimate inside the other's 95% interval.
# STABLE (whole seconds, e.g. 5s) keeps a steady stretch for the pairs instead: with PAIRS and MAIN set to the demo's
# (`... DIR 6 16s 5s`), it makes the demo's own pairs without a budget, to alternate with long ones in one hour.
#   bench/demo-long-comparison.sh [RESULTS_DIR [PAIRS [MAIN [STABLE]]]]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="${1:-/tmp/duel-demo-long}"
pairs="${2:-10}"
main="${3:-36s}"
stable="${4:-}"
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
  # The demo's own scenarios and settings, with main lengthened and a fixed count of pairs.
  sed -e "s/duration: [0-9]*s}/duration: $main}/" \
      -e "s/maxWarmup: 75s/maxWarmup: 100s/" -e "s/maxWarmup: 60s/maxWarmup: 80s/" \
      -e "s/^repetitions: .*/repetitions: $pairs/" \
      -e "s/, stable: [0-9]*s}/${stable:+, stable: $stable}}/" \
      "$root/cli/src/main/resources/dev/duel/cli/demo-common.yaml"
} >"$suite"
[ "$(grep -c "duration: $main}" "$suite")" = "$(grep -c 'phases:' "$suite")" ] \
  || { echo "demo-common.yaml changed: a phases line was not replaced" >&2; exit 2; }
if [ -z "$stable" ]; then
  ! grep -q "^interleave:.*stable:" "$suite" \
    || { echo "demo-common.yaml changed: its interleave.stable was not taken out" >&2; exit 2; }
else
  grep -q "^interleave:.*stable: $stable}" "$suite" \
    || { echo "demo-common.yaml changed: its interleave.stable was not replaced" >&2; exit 2; }
fi
grep -q "^repetitions: $pairs\$" "$suite" \
  || { echo "demo-common.yaml changed: its repetitions line was not replaced" >&2; exit 2; }
exec "$root/duel" run "$suite" --results "$results"
