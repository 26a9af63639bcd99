#!/usr/bin/env bash
# Results over time, end to end (issue 33): a scratch git repository of the reference app (the root pom and
# reference/, copied from this checkout) gets 12 commits; the 8th adds 2 ms of busy work to every GET /json. At each
# commit the app is built from the repository, one suite runs it (JDK 17, 1 CPU on CPU 0, 4 fresh runs of /json) and
# records into one history with the commit, its time and branch main; each commit's pull-request comment compares its
# runs with main's last 5 entries before it (duel report --against main). At the end: duel history changes, the
# trend page (duel history report --against main) and, when Chromium is there, its screenshot.
#
#   bench/history-e2e.sh [OUT_DIR]        (default /tmp/duel-history-e2e; about 40 minutes on 2 vCPUs)
#
# Measure on a quiet machine: nothing else of yours running. OUT_DIR/summary.txt collects what the closing note quotes.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out=$(realpath -m "${1:-/tmp/duel-history-e2e}")
commits=${COMMITS:-12}
step_at=${STEP_AT:-7}   # 0-based: the 8th commit adds the work
rm -rf "$out" && mkdir -p "$out/repo" "$out/results"
duel="$root/duel"
"$duel" --version >/dev/null   # builds duel first when its jar is stale: never during the runs

# The scratch repository: the root pom (the reference modules' parent) and reference/, without build output.
(cd "$root" && git ls-files pom.xml reference | tar cf - -T -) | (cd "$out/repo" && tar xf -)
cd "$out/repo"
git init -q -b main && git config user.email e2e@duel.invalid && git config user.name "duel e2e"
git add -A && git commit -q -m "the reference app as it is" --date "2026-12-01T00:00:00Z"

cat > "$out/suite.yaml" <<EOF
# The scratch repository's minimal app at one commit: 4 fresh runs of /json, JDK 17, 1 CPU.
name: history-e2e
targets:
  - name: app
    java: '17'
    jar: $out/repo/reference/minimal/target/minimal.jar
    jvmArgs: [-XX:MaxRAMPercentage=75]
    env: {PORT: '\${port}', DATASET_SIZE: '1000'}
    identity: ['/app == "minimal"', '/runtime contains " 17."', '/db == "ok"']
    limits: {cpus: 1.0, cpuset: '0', memory: 512m}
services:
  postgres: embedded
scenarios:
  - name: json
    request: {path: /json}
    checks: ['status == 200', 'json:/id == 42', 'json:/name == "Product 42"']
    model: {vus: 32}
    phases: {warmup: auto, maxWarmup: 30s, gap: 1s, duration: 10s}
repetitions: 4
cooldown: 1s
loadgen: {cpuset: '1', threads: 1, warmup: 3s}
gates:
  quiet: {maxCores: 0.5, for: 2s, maxWait: 1m, retries: 1}
EOF

routes=reference/minimal/src/main/java/dev/duel/reference/minimal/Routes.java
history="$out/results/history.db"
summary="$out/summary.txt"
: >"$summary"
start=$(date +%s)
for i in $(seq 0 $((commits - 1))); do
  if [ "$i" -eq "$step_at" ]; then
    # 2 ms of work on every /json, spent on the CPU (a spin on the clock, so a faster host does not shorten it).
    python3 - "$routes" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
old = 'config.routes.get("/json", ctx -> json(ctx, 200, ProductView.SAMPLE));'
new = ('config.routes.get("/json", ctx -> {\n'
       '                long until = System.nanoTime() + 2_000_000; // 2 ms of work per request\n'
       '                while (System.nanoTime() < until) {\n'
       '                    Thread.onSpinWait();\n'
       '                }\n'
       '                json(ctx, 200, ProductView.SAMPLE);\n'
       '            });')
assert old in text, "the /json route moved: update bench/history-e2e.sh"
open(path, "w").write(text.replace(old, new))
PY
    message="json: 2 ms more work per request"
  else
    echo "revision $i" > REVISION
    message="revision $i"
  fi
  git add -A
  GIT_COMMITTER_DATE="2026-12-0$((1 + i / 10))T$(printf %02d $((i % 10 + 1))):00:00Z" \
    git commit -q -m "$message" --date "2026-12-01T$(printf %02d $((i + 1))):00:00Z"
  sha=$(git rev-parse HEAD)
  mvn -B -o -q -f reference/pom.xml -pl minimal -am -DskipTests -Dspotless.skip=true -Denforcer.skip=true \
    package >"$out/build-$i.log" 2>&1 || { tail -20 "$out/build-$i.log"; exit 4; }
  folder="$out/results/c$(printf %02d "$i")"
  set +e
  "$duel" run "$out/suite.yaml" --results "$folder" --history "$history" --commit "$sha" --branch main \
    >"$out/run-$i.log" 2>&1
  rc=$?
  set -e
  echo "commit $i ${sha:0:10} ($message): duel run exit $rc; $(grep -m1 '^history:' "$out/run-$i.log" || true)" \
    | tee -a "$summary"
  if [ "$i" -gt 0 ]; then
    set +e
    "$duel" report "$folder" --history "$history" --against main --no-history \
      --pr-comment "$out/pr-comment-$i.md" --out "$folder/against" >"$out/against-$i.log" 2>&1
    echo "  against main: exit $?; $(grep -m1 'json / app' "$out/against-$i.log" || true)" | tee -a "$summary"
    set -e
  fi
done
echo "runs took $(( ($(date +%s) - start) / 60 )) min" | tee -a "$summary"
"$duel" history changes --history "$history" | tee -a "$summary"
"$duel" history report --history "$history" --against main --out "$out/trend.html" | tee -a "$summary"
if command -v chromium >/dev/null; then
  "$root/bench/trend-in-chromium.sh" "$out/trend.html" "$out/chromium" | tee -a "$summary"
fi
echo "summary: $summary"
