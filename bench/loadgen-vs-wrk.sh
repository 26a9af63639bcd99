#!/usr/bin/env bash
# duel's load engine against wrk, on one machine, as a ratio (see ../shared/anchors.md for the method).
#
# nginx (1 worker, pinned to CPU 1) returns a 50-byte JSON; wrk and `duel load` take turns pinned to
# CPU 0 with 32 keep-alive connections for 15 s, 3 times each. For each run: the generator's CPU time
# (user + system, from /proc) over a steady window divided by the requests nginx counted in that window
# (stub_status), the generator's peak RSS, and (duel) how long after launch nginx saw the first request.
# Then 10,000 concurrent connections with duel.
#
# Usage: bench/loadgen-vs-wrk.sh [runs] [seconds]       Needs root for apt-get (nginx, wrk) if they are missing.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
seconds=${2:-15}
port=${BENCH_PORT:-18080}
window_from=5       # steady window: from 5 s after launch ...
window_to=$((seconds - 1))   # ... to 1 s before the end
work=$(mktemp -d /tmp/duel-bench.XXXXXX)
nginx_pid=""

cleanup() {
  if [ -n "$nginx_pid" ] && kill -0 "$nginx_pid" 2>/dev/null; then kill "$nginx_pid"; fi
}
trap cleanup EXIT

for tool in nginx wrk taskset; do
  if ! command -v "$tool" >/dev/null && [ ! -x "/usr/sbin/$tool" ]; then
    echo "installing nginx and wrk..." >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light wrk >/dev/null || {
      apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx-light wrk >/dev/null; }
    break
  fi
done
nginx_bin=$(command -v nginx || echo /usr/sbin/nginx)

body='{"id":42,"name":"Product 42","priceCents":4200000}'   # 50 bytes
[ ${#body} -eq 50 ] || { echo "body is ${#body} bytes" >&2; exit 1; }
cat > "$work/nginx.conf" <<CONF
worker_processes 1;
daemon off;
pid $work/nginx.pid;
error_log $work/error.log;
worker_rlimit_nofile $(ulimit -Hn);
events { worker_connections 20000; }
http {
  access_log off;
  keepalive_requests 100000000;
  keepalive_timeout 120s;
  server {
    listen 127.0.0.1:$port backlog=16384;
    location = /json { default_type application/json; return 200 '$body'; }
    location = /nginx_status { stub_status; }
  }
}
CONF
# 10,000 connections need as many descriptors on each side: raise the soft limit as far as allowed.
ulimit -n "$(ulimit -Hn)"
taskset -c 1 "$nginx_bin" -c "$work/nginx.conf" &
nginx_pid=$!
for _ in $(seq 50); do curl -fs "http://127.0.0.1:$port/json" >/dev/null && break; sleep 0.1; done

./duel --version >/dev/null   # build (and make its class-data archive) now, not inside a measurement

served() { curl -fs "http://127.0.0.1:$port/nginx_status" | awk 'NR==3 {print $3}'; }
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# busy ticks of the whole machine (user, nice, system, irq, softirq, steal)
machine_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat; }
nginx_worker() { pgrep -P "$nginx_pid" | sed -n 1p; }
peak_rss_kb() { awk '/VmHWM/ {print $2}' "/proc/$1/status"; }
hz=$(getconf CLK_TCK)

# measure NAME CMD...: runs CMD pinned to CPU 0 and prints: name cpu_us_per_request rss_mb rps first_load_ms
measure() {
  local name=$1; shift
  # stub_status counts its own requests too: each poll adds one.
  local before_launch; before_launch=$(served)
  local polls=0
  local t0; t0=$(date +%s%N)
  taskset -c 0 "$@" >"$work/$name.out" 2>&1 &
  local pid=$!
  local first_ms=""
  while [ -z "$first_ms" ]; do
    polls=$((polls + 1))
    if [ "$(served)" -gt $((before_launch + polls)) ]; then first_ms=$(( ($(date +%s%N) - t0) / 1000000 )); fi
    [ "$(( ($(date +%s%N) - t0) / 1000000 ))" -gt 10000 ] && first_ms="never"
    sleep 0.005
  done
  sleep_until() { local target_ns=$((t0 + $1 * 1000000000)); local now; now=$(date +%s%N); [ "$now" -lt "$target_ns" ] && sleep "$(echo "($target_ns - $now) / 1000000000" | bc -l)"; return 0; }
  sleep_until "$window_from"
  local worker; worker=$(nginx_worker)
  local c1 s1 w1 m1 n1; c1=$(cpu_ticks $pid); n1=$(cpu_ticks "$worker"); m1=$(machine_ticks); s1=$(served); w1=$(date +%s%N)
  sleep_until "$window_to"
  local c2 s2 w2 m2 n2; c2=$(cpu_ticks $pid); n2=$(cpu_ticks "$worker"); m2=$(machine_ticks); s2=$(served); w2=$(date +%s%N)
  local rss; rss=$(peak_rss_kb $pid)
  wait $pid || true
  local requests=$((s2 - s1 - 1))
  local cpu_us=$(( (c2 - c1) * 1000000 / hz ))
  # Busy time of the machine that was neither the generator nor nginx (other processes, and
  # interrupt work not charged to either), as a share of one core over the window.
  local other; other=$(awk -v m=$((m2 - m1)) -v g=$((c2 - c1)) -v n=$((n2 - n1)) -v w=$(( (w2 - w1) / 1000000 )) -v hz="$hz" \
    'BEGIN { printf "%.1f", 100 * (m - g - n) / hz / (w / 1000) }')
  awk -v n="$name" -v cpu="$cpu_us" -v req="$requests" -v rss="$rss" -v w=$(( (w2 - w1) / 1000000 )) -v f="$first_ms" -v o="$other" \
    'BEGIN { printf "%-22s %8.2f %8.1f %10.0f %8s %7s\n", n, cpu / req, rss / 1024, req * 1000 / w, f, o }'
}

# measure_quiet NAME CMD...: like measure, but a run that saw more than $max_other% of a core of
# outside activity is reported, thrown away and run again (up to 3 tries).
max_other=${BENCH_MAX_OTHER:-8}
measure_quiet() {
  local line
  for try in 1 2 3; do
    line=$(measure "$@")
    local other; other=$(awk '{print $NF}' <<<"$line")
    if awk -v o="$other" -v m="$max_other" 'BEGIN { exit !(o <= m) }'; then
      echo "$line"
      return
    fi
    echo "# noisy, thrown away: $line" >&2
  done
  echo "$line  (noisy)"
}

printf "%-22s %8s %8s %10s %8s %7s\n" generator "us/req" "RSS MB" "req/s" "first ms" "other%"
results="$work/results.txt"
: >"$results"
url="http://127.0.0.1:$port/json"
for i in $(seq "$runs"); do
  measure_quiet "wrk" wrk -t1 -c32 -d"${seconds}s" "$url" | tee -a "$results"
  measure_quiet "duel" ./duel load "$url" --vus 32 --duration "${seconds}s" -q | tee -a "$results"
  measure_quiet "duel+body-check" ./duel load "$url" --vus 32 --duration "${seconds}s" \
      --check 'body contains "Product 42"' -q | tee -a "$results"
  measure_quiet "duel+json-check" ./duel load "$url" --vus 32 --duration "${seconds}s" \
      --check 'json:/id == 42' -q | tee -a "$results"
done

echo
echo "medians over $runs run(s):"
grep -v noisy "$results" | awk '{ cpu[$1] = cpu[$1] " " $2; rss[$1] = rss[$1] " " $3; rps[$1] = rps[$1] " " $4 }
  function median(list,   a, n, i, j, t) { n = split(list, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }; return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { base = median(cpu["wrk"]); for (g in cpu) printf "%-22s %8.2f us/req  x%.2f of wrk  RSS %6.1f MB  %9.0f req/s\n", g, median(cpu[g]), median(cpu[g]) / base, median(rss[g]), median(rps[g]) }' | sort

echo
echo "10,000 concurrent connections (duel, 10 s, pinned to CPU 0):"
taskset -c 0 ./duel load "$url" --vus 10000 --duration 10s --warmup 3s --check 'body contains "Product 42"' -q 2>&1 \
    | grep -E "^main|accounting|failures|engine|WARNING" || true
echo "logs in $work"
