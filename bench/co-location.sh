#!/usr/bin/env bash
# What sharing one core costs a JVM: the demo's /json target (the minimal reference app, 32 users) on CPU 0 with no
# quota, measured alone, beside a spin loop (time slicing with a process that has next to no working set), and beside
# the other JDK's JVM under the same load (time slicing with another JVM's caches, TLB and branch history), the load
# from duel's engine on CPU 1. Prints each JVM's cores used and correct responses/s over a 15 s main after a 60 s
# warm-up: CPU per request = cores / rps. docs/methodology.md ("Duet: when and when not") has one run's numbers.
# About 7 minutes on a quiet 2-core machine; run nothing beside it. Ends only the processes it started.
#   bench/co-location.sh [OUT_DIR]
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-/tmp/duel-co-location}"
java17="${JAVA17:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java"
java25="${JAVA25:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
jar="$root/reference/minimal/target/minimal.jar"
mkdir -p "$out"
"$root/duel" --version >/dev/null # builds first, if it must; then a copy, so that no rebuild runs beside a measurement
cp "$root/cli/target/duel.jar" "$out/duel.jar"
hz=$(getconf CLK_TCK)
trap 'kill $(jobs -p) 2>/dev/null' EXIT # what this script started and is still running, nothing else

start_app() { # JAVA PORT: the app on CPU 0, heap as the demo's (75% of 512 MiB); sets $app
  PORT=$2 DATASET_SIZE=100000 taskset -c 0 "$1" -XX:MaxRAMPercentage=75 -Xmx384m -jar "$jar" >"$out/app-$2.log" 2>&1 &
  app=$!
  for _ in $(seq 1 150); do curl -sf "http://127.0.0.1:$2/json" >/dev/null && return 0; sleep 0.2; done
  echo "the app on port $2 did not answer" >&2
  exit 1
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
load() { # PORT SECONDS NAME
  taskset -c 1 java -XX:+UseSerialGC -Xms16m -Xmx512m -Xmn12m -Xss512k -jar "$out/duel.jar" load --vus 32 \
    --threads 1 -d "$2" --out "$out/$3.json" "http://127.0.0.1:$1/json" >"$out/$3.txt" 2>&1
}
measure() { # NAME "PORT PID"...: 60 s of warm-up load on each at once, then 15 s of main, CPU read around main
  local name=$1 pp port pid i
  shift
  local ports=() pids=() loads=() before=()
  for pp in "$@"; do ports+=("${pp% *}"); pids+=("${pp#* }"); done
  for port in "${ports[@]}"; do load "$port" 60 "$name-warm-$port" & loads+=($!); done
  wait "${loads[@]}"
  for pid in "${pids[@]}"; do before+=("$(cpu_ticks "$pid")"); done
  local t0 t1
  t0=$(date +%s.%N)
  loads=()
  for port in "${ports[@]}"; do load "$port" 15 "$name-main-$port" & loads+=($!); done
  wait "${loads[@]}"
  t1=$(date +%s.%N)
  for i in "${!pids[@]}"; do
    python3 - "$name" "${ports[$i]}" "$(($(cpu_ticks "${pids[$i]}") - ${before[$i]}))" "$hz" "$t0" "$t1" "$out" <<'PY' | tee -a "$out/result.txt"
import json, sys
name, port, ticks, hz, t0, t1, out = sys.argv[1:]
cores = int(ticks) / int(hz) / (float(t1) - float(t0))
rps = json.load(open(f"{out}/{name}-main-{port}.json"))["main"]["okPerSecond"]
print(f"{name:9s} port {port}: {cores:.3f} cores, {rps:,.0f} req/s, {cores / rps * 1e6:.1f} us CPU per request")
PY
  done
}
stop() { kill "$@" 2>/dev/null; wait "$@" 2>/dev/null; }

: >"$out/result.txt"
start_app "$java17" 18081; a=$app; measure alone17 "18081 $a"; stop "$a"
taskset -c 0 sh -c 'while :; do :; done' & spin=$!
start_app "$java17" 18082; a=$app; measure spin17 "18082 $a"; stop "$a" "$spin"
start_app "$java25" 18083; b=$app; measure alone25 "18083 $b"; stop "$b"
taskset -c 0 sh -c 'while :; do :; done' & spin=$!
start_app "$java25" 18084; b=$app; measure spin25 "18084 $b"; stop "$b" "$spin"
start_app "$java17" 18085; a=$app; start_app "$java25" 18086; b=$app
measure together "18085 $a" "18086 $b"; stop "$a" "$b"
