#!/usr/bin/env bash
# What merging load agents' per-second HDR histograms costs the coordinator (issue 13, docs/scale.md):
# encode/decode/add times and encoded sizes of histograms of the engine's shape, and merging N agents'
# seconds of a 1M requests/s run. Single-threaded, about 30 s.
#
# Usage: bench/histogram-merge.sh [seconds per batch, default 0.3]     (pin it with taskset -c N if you like)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -B -o -q -pl record -am test-compile
cp=$(mvn -B -o -q -pl record dependency:build-classpath -Dmdep.outputFile=/dev/stdout -Dmdep.includeScope=test)
exec java -Xms512m -Xmx512m -cp "record/target/classes:record/target/test-classes:$cp" \
  dev.duel.record.HistogramMergeBench "${1:-0.3}"
