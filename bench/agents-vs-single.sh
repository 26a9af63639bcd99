#!/usr/bin/env bash
# Three load agents in network namespaces against one engine at the same total rate (6,000 requests/s, uniform
# arrivals, 48 connections, one event loop per engine, 6 s main after every JVM is warm): AgentsInNamespacesTest's
# comparison, REPS times, each table printed. Needs root (network namespaces) and a built tree (mvn -o install
# -DskipTests). The machine should be quiet: the app, three agents and duel share its cores.
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${REPS:-3}
for i in $(seq 1 "$REPS"); do
  mvn -B -o -q -pl cli surefire:test -Dtest='AgentsInNamespacesTest#threeAgents*' \
      -Dsurefire.failIfNoSpecifiedTests=false >/dev/null 2>&1 || echo "repetition $i: the test failed (its bounds)"
  echo "repetition $i:"
  sed -n '/<system-out>/,/]]>/p' cli/target/surefire-reports/TEST-dev.duel.cli.AgentsInNamespacesTest.xml \
      | sed 's/.*CDATA\[//' | grep -E '^\||after the agreed instant'
done
