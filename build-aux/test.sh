#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the whole test suite (the GUI
# tests under Xvfb), fuzzes the importer for a minute (MUSTER_SKIP_FUZZ=1
# leaves it out), then prints the number of test cases that passed.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1

# The “slow” suite (many random campaigns through .muster files) is run on
# its own: meson test -C _build --suite slow.
rc=0
xvfb-run -a -s '-screen 0 1280x1024x24' \
  dbus-run-session -- \
  meson test -C "$muster_build" --print-errorlogs --num-processes 2 --no-suite slow "$@" || rc=$?

# Then a second build with clang and the sanitizers, only the importer's
# libFuzzer target and what it needs, run for a minute on a copy of the
# seed corpus. A crash, a leak or undefined behaviour fails the run.
muster_fuzz () {
  local build=${MUSTER_FUZZ_BUILDDIR:-$muster_source/_build-fuzz}
  local seconds=${MUSTER_FUZZ_SECONDS:-65}
  local log=$build/fuzz-import.log corpus status

  if [ ! -f "$build/build.ninja" ]; then
    mkdir -p "$build"
    CC=clang meson setup "$build" "$muster_source" -Dfuzzing=true \
      -Db_sanitize=address,undefined -Db_lundef=false \
      -Dc_args=-fsanitize=fuzzer-no-link >"$build/setup.log" 2>&1 \
      || { echo "Fuzzing: FAILED to configure, see $build/setup.log"; return 1; }
  fi
  meson compile -C "$build" fuzz-import >"$build/compile.log" 2>&1 \
    || { echo "Fuzzing: FAILED to build, see $build/compile.log"; return 1; }

  corpus=$(mktemp -d) || return 1
  cp "$muster_source"/tests/fuzz/corpus/* "$corpus"/
  mkdir -p "$build/artifacts"
  MUSTER_RULESETS_DIR="$muster_source/data/rulesets" \
  ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/tests/fuzz/fuzz-import" -max_total_time="$seconds" -timeout=60 \
      -rss_limit_mb=4096 -artifact_prefix="$build/artifacts/" "$corpus" >"$log" 2>&1
  status=$?
  rm -rf "$corpus"
  if [ $status -eq 0 ]; then
    echo "Fuzzing the importer: no crash or leak in ${seconds} s ($(grep -o 'Done [0-9]* runs' "$log" | tail -1 | cut -d' ' -f2) runs)"
  else
    echo "Fuzzing the importer: FAILED (status $status); the input is in $build/artifacts/, the log in $log:"
    grep -E 'ERROR: |SUMMARY: |runtime error' "$log" | head -5
  fi
  return $status
}

fuzz_rc=0
if [ "${MUSTER_SKIP_FUZZ:-0}" != 1 ]; then
  muster_fuzz || fuzz_rc=1
fi

# The count stays the last line printed.
python3 "$muster_source/build-aux/count-tests.py" "$muster_build/meson-logs/testlog.json" || rc=1
[ $fuzz_rc -eq 0 ] || rc=1
exit $rc
