#!/usr/bin/env bash
# The load engine's own GC with large answers (issue 10, item 11): `duel load` against an in-process sink
# that answers every request with ~1.9 MB of JSON (as suites/cpu-bound.yaml's /process does), with the
# JVM flags of the `duel` script (Serial GC, 12 MB young generation), checked with 'body contains' so
# that the engine reads every body. Prints, per load shape, the engine's young collections and their
# total pause over the whole run (from -Xlog:gc, the same for any duel version) and, where the duel
# build records them, the EngineUsage GC fields of main.
#
# Usage: bench/engine-gc.sh [DUEL_JAR] [seconds]     (default jar: cli/target/duel.jar; build it with
#        mvn -B -o -q -pl cli -am package -DskipTests). The sink is pinned to CPU 1, the engine to CPU 0.
#        BENCH_BYTES sets the answer's size, BENCH_CHECK the body check (e.g. 'json:/0/id == 64357').
set -euo pipefail
cd "$(dirname "$0")/.."
jar=${1:-cli/target/duel.jar}
seconds=${2:-20}
port=${BENCH_PORT:-18090}
bytes=${BENCH_BYTES:-1900000}
work=$(mktemp -d /tmp/duel-gc-bench.XXXXXX)
opts=(-XX:+UseSerialGC -Xms16m -Xmx512m -Xmn12m -Xss512k)
check=${BENCH_CHECK:-'body contains [{"id":64357,"sku":"SKU-64357",'}

taskset -c 1 java -Xmx256m -cp "$jar" bench/BigBodyServer.java "$port" "$bytes" >"$work/server.log" 2>&1 &
server_pid=$!
trap 'kill "$server_pid" 2>/dev/null || true' EXIT
for _ in $(seq 100); do grep -q serving "$work/server.log" 2>/dev/null && break; sleep 0.1; done

run() { # name, duel load arguments...
  local name=$1; shift
  taskset -c 0 java "${opts[@]}" -Xlog:gc:file="$work/$name.gc.log" -jar "$jar" load -q --warmup 5s -d "${seconds}s" \
    --check 'status == 200' --check "$check" --out "$work/$name.json" "$@" "http://127.0.0.1:$port/process" \
    >"$work/$name.out" 2>&1 || { cat "$work/$name.out" >&2; exit 1; }
  python3 - "$work/$name.gc.log" "$work/$name.json" "$name" <<'PY'
import json, re, sys
log, out, name = sys.argv[1:]
pauses = [float(m.group(1)) for m in re.finditer(r"Pause (?:Young|Full).* ([0-9.]+)ms$", open(log).read(), re.M)]
run = json.load(open(out))
main, engine = run["main"], run["engine"]
total_s = (run["settings"]["warmupMillis"] + run["settings"]["durationMillis"]) / 1000
line = (f"{name:14} ok/s {main['okPerSecond']:7.1f}  GC pauses {len(pauses):5d} ({len(pauses)/total_s:5.1f}/s) "
        f"pause {sum(pauses):7.1f} ms over the run ({100*sum(pauses)/1000/total_s:4.2f}%)  "
        f"engine CPU {engine['cpuMicrosPerRequest']:7.0f} us/request  peak RSS {engine['peakRssBytes']/2**20:5.0f} MiB")
if "gcPauseShare" in engine:
    line += f"  main: {engine['gcPauses']} pauses, {engine['gcPauseMillis']:.0f} ms, {100*engine['gcPauseShare']:.2f}%"
print(line)
PY
}

echo "jar: $jar, ${seconds}s main after 5s warm-up, $bytes-byte answers, $(nproc) CPUs"
run closed-2vus --vus 2
run closed-20vus --vus 20
run open-110rps --rate 110 --max-connections 20
echo "logs: $work"
