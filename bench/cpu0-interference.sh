#!/usr/bin/env bash
# A process on one CPU that switches between busy and idle for tens of seconds at a time, seeded: the disturbance
# issue 31 asks an interleaved comparison to survive (docs/methodology.md, "Interleaved pairs", under interference).
# Each spell's length is drawn uniformly from MIN..MAX seconds by a seeded generator, busy and idle alternating,
# busy first; the busy spells spin a shell loop pinned with taskset (no working set: what it takes is the CPU's time).
# Prints each spell as it begins (seconds since the start, busy or idle, its length), and stops after TOTAL seconds
# or when killed.
#   bench/cpu0-interference.sh [TOTAL_SECONDS [SEED [CPU [MIN MAX]]]]   (1800 s, seed 31, CPU 0, spells 10-40 s)
set -euo pipefail
total=${1:-1800}
seed=${2:-31}
cpu=${3:-0}
min=${4:-10}
max=${5:-40}
RANDOM=$seed
spinner=""
stop_spinner() {
  if [ -n "$spinner" ]; then
    kill "$spinner" 2>/dev/null || true
    wait "$spinner" 2>/dev/null || true
    spinner=""
  fi
}
trap 'stop_spinner; exit 0' INT TERM EXIT
start=$(date +%s)
busy=1
while :; do
  now=$(date +%s)
  elapsed=$((now - start))
  [ "$elapsed" -ge "$total" ] && break
  length=$((min + RANDOM % (max - min + 1)))
  if [ "$busy" = 1 ]; then
    echo "$elapsed s: busy for $length s on CPU $cpu"
    taskset -c "$cpu" bash -c 'while :; do :; done' &
    spinner=$!
    sleep "$length"
    stop_spinner
  else
    echo "$elapsed s: idle for $length s"
    sleep "$length"
  fi
  busy=$((1 - busy))
done
