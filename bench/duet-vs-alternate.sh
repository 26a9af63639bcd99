#!/usr/bin/env bash
# Issue 23's measurement: duet against alternation on the demo's /json targets (the minimal reference app on JDK 17
# and 25, 32 users, an auto warm-up, 10 s of main), both under 0.5 CPU on CPU 0 and the load generator on CPU 1, in
# about the same wall time each way: REPS_DUET repetitions side by side (6), REPS_ALT alternating (3: each repetition
# runs the two one after the other). Then the duet again with a 5 s busy loop pinned to CPU 0 from the first second
# of repetition BUSY_REP's main (2): its noise gate should keep the pair (the loop starves both alike) and its verdict.
# Takes about 17 minutes on a quiet 2-core machine; run nothing beside it. WARMUP=90s replaces the auto warm-up with a
# fixed one (about 33 minutes then): the judge can end an alternating run's warm-up on a C1 plateau at half a CPU.
#   bench/duet-vs-alternate.sh [RESULTS_DIR]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="${1:-/tmp/duel-duet-vs-alternate}"
java17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64}"
java25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64}"
reps_duet="${REPS_DUET:-6}"
reps_alt="${REPS_ALT:-3}"
busy_rep="${BUSY_REP:-2}"
warmup="${WARMUP:-auto, maxWarmup: 60s}"
mkdir -p "$results"
# shellcheck source=demo-target.sh
source "$root/bench/demo-target.sh"
target() { demo_target "$1" "$2" "$3" 0.5; }
suite() { # name order repetitions
  cat <<S
name: $1
targets:
$(target jdk17 "$java17" 17)
$(target jdk25 "$java25" 25)
services:
  postgres: embedded
scenarios:
  - name: json
    request: {path: /json}
    checks: ['status == 200', 'json:/id == 42', 'json:/name == "Product 42"']
    model: {vus: 32}
    phases: {warmup: $warmup, gap: 0s, duration: 10s}
repetitions: $3
order: $2
cooldown: 1s
loadgen: {cpuset: '1', threads: 1, warmup: 3s}
gates:
  quiet: {maxCores: 0.5, for: 2s, maxWait: 1m, retries: 1}
S
}
suite duet-json duet "$reps_duet" >"$results/duet.yaml"
suite alternate-json alternate "$reps_alt" >"$results/alternate.yaml"
cd "$root"
./duel --version >/dev/null # builds first, if it must, before anything is timed

run() { # name
  local start end
  start=$(date +%s)
  ./duel run "$results/$1.yaml" --results "$results/$1" >"$results/$1.log" 2>&1 || true
  end=$(date +%s)
  echo "$1: $((end - start)) s" | tee -a "$results/times.txt"
}
: >"$results/times.txt"
run duet
run alternate

# The busy loop: when the progress says repetition $busy_rep's /json main has begun, 5 s of a busy loop on CPU 0.
cp "$results/duet.yaml" "$results/duet-busy.yaml"
sed -i 's/^name: duet-json/name: duet-json-busy/' "$results/duet-busy.yaml"
start=$(date +%s)
./duel run "$results/duet-busy.yaml" --results "$results/duet-busy" >"$results/duet-busy.log" 2>&1 &
duel_pid=$!
(
  while kill -0 "$duel_pid" 2>/dev/null; do
    if [ "$(grep -c 'json: main' "$results/duet-busy.log" 2>/dev/null || true)" -ge "$busy_rep" ]; then
      echo "busy loop on CPU 0 from $(date -u +%H:%M:%S.%N) for 5 s" >>"$results/times.txt"
      timeout 5 taskset -c 0 sh -c 'while :; do :; done' || true
      break
    fi
    sleep 0.2
  done
) &
wait "$duel_pid" || true
wait
echo "duet-busy: $(($(date +%s) - start)) s" | tee -a "$results/times.txt"
for name in duet alternate duet-busy; do
  echo "== $name"
  ./duel report "$results/$name" --out "$results/$name-report" 2>&1 | sed -n '1,4p'
done
