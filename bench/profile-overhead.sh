#!/usr/bin/env bash
# What each runtime profile costs the target (issue 12): the minimal reference app serving /json under 1 CPU, as
# `duel demo` runs it, started three ways in alternation (profile none, threads and jfr; the suite's order
# alternates every repetition), then the steady-state requests/s of each and the overhead of threads and jfr
# against none, paired by repetition: median and range over the repetitions. A profile whose median overhead is
# above 3% is not on by default (suite/.../Profiles.java is the one place to change that).
#   bench/profile-overhead.sh [RESULTS_DIR]
# Environment: JAVA (a JDK home, default JDK 25), REPS (default 5), WARMUP (default 60s), DURATION (default 20s),
# QUIET_MAX_WAIT (default 1m) and QUIET_RETRIES (default 1): the quiet gate's wait and the repeats of a noisy run;
# INCLUDE_DISCARDED=1 counts runs the noise gate discarded too (a smoke test of the script, not a measurement).
# The default takes about 5 x 3 x 1.5 min = 25 minutes on a quiet 2-core machine.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
results="${1:-/tmp/duel-profile-overhead}"
java="${JAVA:-/usr/lib/jvm/temurin-25-jdk-amd64}"
reps="${REPS:-5}"
warmup="${WARMUP:-60s}"
duration="${DURATION:-20s}"
quiet_max_wait="${QUIET_MAX_WAIT:-1m}"
quiet_retries="${QUIET_RETRIES:-1}"
suite=$(mktemp /tmp/duel-profile-overhead.XXXXXX.yaml)
target() { # profile
  cat <<T
  - name: $1
    java: '$java'
    jar: '$root/reference/minimal/target/minimal.jar'
    jvmArgs: [-XX:MaxRAMPercentage=75]
    env: {PORT: '\${port}', DATASET_SIZE: '100000'}
    identity: ['/app == "minimal"']
    limits: {cpus: 1.0, cpuset: '0', memory: 512m}
    profile: $1
T
}
{
  echo "name: profile-overhead"
  echo "targets:"
  target none
  target threads
  target jfr
  cat <<S
scenarios:
  - name: json
    request: {path: /json}
    checks: ['status == 200', 'json:/id == 42']
    model: {vus: 32}
    phases: {warmup: $warmup, gap: 0s, duration: $duration}
repetitions: $reps
order: alternate
cooldown: 1s
loadgen: {cpuset: '1', threads: 1, warmup: 3s}
gates:
  quiet: {maxCores: 0.5, for: 2s, maxWait: $quiet_max_wait, retries: $quiet_retries}
S
} >"$suite"
"$root/duel" run "$suite" --results "$results" || echo "duel run exited with $?: the summary below uses the runs that are OK" >&2
python3 - "$results/runs" <<'PY'
import glob, json, os, statistics, sys
rps = {}  # profile -> {repetition: main requests/s}
for path in sorted(glob.glob(sys.argv[1] + "/[0-9][0-9][0-9]-*.json")):
    if ".discarded-" in path:
        continue
    run = json.load(open(path))
    if run["status"] != "ok" and not (os.environ.get("INCLUDE_DISCARDED") and run["status"] == "discarded"):
        print(f"left out: {path} ({run['status']}: {run['reason']})")
        continue
    main = run["results"][0]["load"]["main"]
    rps.setdefault(run["target"], {})[run["repetition"]] = main["okPerSecond"]
if "none" not in rps:
    sys.exit("no OK run with profile none: nothing to compare with")
print(f"{'profile':8} {'runs':>4} {'median ok/s':>12} {'overhead vs none (median, range over paired repetitions)':>10}")
for profile in ("none", "threads", "jfr"):
    values = rps.get(profile, {})
    if not values:
        print(f"{profile:8} {0:>4}")
        continue
    line = f"{profile:8} {len(values):>4} {statistics.median(values.values()):>12.0f}"
    if profile != "none":
        paired = [100 * (1 - values[r] / rps["none"][r]) for r in values if r in rps["none"]]
        if paired:
            line += f"   {statistics.median(paired):+.1f}% ({min(paired):+.1f}% .. {max(paired):+.1f}%, {len(paired)} pairs)"
    print(line)
PY
