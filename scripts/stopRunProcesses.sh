#!/usr/bin/env bash
# Stops every process left over from one test run: those whose environment holds WB_TEST_RUN=<marker>
# (scripts/test.sh and .ci/run export it; every process they start inherits it, including the servers
# Playwright starts in process groups of their own and the server a launcher detaches). Playwright and Vitest
# stop what they start when they end normally; this is for a run cut short (a time-out, a crash, Ctrl+C).
#
#   bash scripts/stopRunProcesses.sh <marker> [pid to spare ...]
# SIGTERM first, then SIGKILL for what is still there after 5 s. Prints what it stopped.
set -uo pipefail
marker="${1:?usage: stopRunProcesses.sh <marker> [pid to spare ...]}"
# Its own helpers (tr, grep, sleep) must not carry the marker.
unset WB_TEST_RUN
shift
# This script and the processes it runs under (the run that calls it, npm above that) are spared.
spare=" $* "
# A process's parent, from /proc/<pid>/stat: after the command name in parentheses, which may hold spaces
# (npm names itself "npm test"), come the state and the parent's pid. Empty once the process is gone.
parent_of() {
  local stat parent
  stat="$({ cat "/proc/$1/stat"; } 2>/dev/null)" || return 0
  stat="${stat##*) }"
  read -r _ parent _ <<<"$stat"
  echo "${parent:-}"
}

ancestor=$$
while [[ -n "$ancestor" && "$ancestor" != 0 ]]; do
  spare+="$ancestor "
  ancestor="$(parent_of "$ancestor")"
done

left() {
  local file pid
  # One grep over every process's environment (NUL-separated entries); the ones that cannot be read are not ours.
  for file in $(grep -lzx "WB_TEST_RUN=$marker" /proc/[0-9]*/environ 2>/dev/null); do
    pid="${file#/proc/}"
    pid="${pid%/environ}"
    [[ "$spare" == *" $pid "* ]] || mine "$pid" || echo "$pid"
  done
}

# This script's own subshells (forks keep the environment it started with) are not the run's, nor is a
# process already gone.
mine() {
  local pid="$1"
  [[ -e "/proc/$pid" ]] || return 0
  while [[ -n "$pid" && "$pid" != 0 && "$pid" != 1 ]]; do
    [[ "$pid" == "$$" ]] && return 0
    pid="$(parent_of "$pid")"
  done
  return 1
}

pids="$(left)"
[[ -z "$pids" ]] && exit 0
for pid in $pids; do
  echo "stopping $pid: $({ tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | cut -c1-120)"
done
# shellcheck disable=SC2086
kill -TERM $pids 2>/dev/null
for _ in 1 2 3 4 5 6 7 8 9 10; do
  sleep 0.5
  pids="$(left)"
  [[ -z "$pids" ]] && exit 0
done
# shellcheck disable=SC2086
kill -KILL $pids 2>/dev/null
exit 0
