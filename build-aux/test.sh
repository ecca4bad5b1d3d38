#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the whole test suite (the GUI
# tests under Xvfb), fuzzes the importer, the ruleset loader and dice
# expressions for about a minute in all (MUSTER_SKIP_FUZZ=1 leaves that
# out), then prints the number of test cases that passed. Arguments go to
# `meson test`.
#
#   MUSTER_SANITIZE=1       build in _build-sanitize with ASan and UBSan and
#                           run the suite there (leak checks on, but in the
#                           GUI tests; tests/lsan.supp)
#   MUSTER_SKIP_FUZZ=1      no fuzzing
#   MUSTER_FUZZ_SECONDS=N   fuzz for N seconds in all (65)
#   MUSTER_SCREEN=WxHxD     the Xvfb screen (1280x1024x24)
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1

# The "slow" suite (many random campaigns through .muster files) is run on
# its own: meson test -C _build --suite slow.
# A log of this run's own: another `meson test` in the same build folder
# writes testlog.json, never this.
logbase=test-sh-$$
rc=0
xvfb-run -a -s "-screen 0 ${MUSTER_SCREEN:-1280x1024x24}" \
  dbus-run-session -- \
  meson test -C "$muster_build" --print-errorlogs --num-processes 2 \
    --no-suite slow --logbase "$logbase" "$@" || rc=$?

# Then a second build with clang and the sanitizers, only the libFuzzer
# targets and what they need. Each runs once over its seeds (meson test
# --suite fuzz), then is fuzzed on a copy of them for its share of the
# time. A crash, a leak or undefined behaviour fails the run.
fuzz_targets=(import ruleset dice)
# Seconds out of every 13: the importer is the slowest to run and the
# largest to explore.
fuzz_shares=(7 4 2)

fuzz_seeds () {
  case $1 in
    import) echo "$muster_source/tests/fuzz/corpus" ;;
    ruleset) echo "$muster_source/tests/rulesets $muster_source/data/rulesets" ;;
    dice) echo "$muster_source/tests/fuzz/corpus-dice" ;;
  esac
}

muster_fuzz_one () {
  local build=$1 name=$2 seconds=$3
  local log=$build/fuzz-$name.log corpus status dir

  corpus=$(mktemp -d) || return 1
  for dir in $(fuzz_seeds "$name"); do
    cp "$dir"/* "$corpus"/
  done
  mkdir -p "$build/artifacts"
  MUSTER_RULESETS_DIR="$muster_source/data/rulesets" \
  MUSTER_NAMES_DIR="$muster_source/data/names" \
  ASAN_OPTIONS=detect_leaks=1 \
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/tests/fuzz/fuzz-$name" -max_total_time="$seconds" -timeout=60 \
      -rss_limit_mb=4096 -artifact_prefix="$build/artifacts/fuzz-$name-" "$corpus" >"$log" 2>&1
  status=$?
  rm -rf "$corpus"
  if [ $status -eq 0 ]; then
    echo "Fuzzing $name: no crash or leak in ${seconds} s ($(grep -o 'Done [0-9]* runs' "$log" | tail -1 | cut -d' ' -f2) runs)"
  else
    echo "Fuzzing $name: FAILED (status $status); the input is in $build/artifacts/, the log in $log:"
    grep -E 'ERROR: |SUMMARY: |runtime error' "$log" | head -5
  fi
  return $status
}

muster_fuzz () {
  local build=${MUSTER_FUZZ_BUILDDIR:-$muster_source/_build-fuzz}
  local total=${MUSTER_FUZZ_SECONDS:-65} sum=0 share i status=0

  if [ ! -f "$build/build.ninja" ]; then
    mkdir -p "$build"
    CC=clang meson setup "$build" "$muster_source" -Dfuzzing=true \
      -Db_sanitize=address,undefined -Db_lundef=false \
      -Dc_args=-fsanitize=fuzzer-no-link >"$build/setup.log" 2>&1 \
      || { echo "Fuzzing: FAILED to configure, see $build/setup.log"; return 1; }
  fi
  meson compile -C "$build" "${fuzz_targets[@]/#/fuzz-}" >"$build/compile.log" 2>&1 \
    || { echo "Fuzzing: FAILED to build, see $build/compile.log"; return 1; }
  meson test -C "$build" --no-rebuild --suite fuzz --logbase "$logbase" >"$build/seeds.log" 2>&1 \
    || { echo "Fuzzing: a seed FAILED, see $build/meson-logs/$logbase.txt"; return 1; }
  rm -f "$build/meson-logs/$logbase".*

  for share in "${fuzz_shares[@]}"; do
    sum=$((sum + share))
  done
  for i in "${!fuzz_targets[@]}"; do
    muster_fuzz_one "$build" "${fuzz_targets[$i]}" \
      $(( (total * ${fuzz_shares[$i]} + sum - 1) / sum )) || status=1
  done
  return $status
}

fuzz_rc=0
if [ "${MUSTER_SKIP_FUZZ:-0}" != 1 ]; then
  muster_fuzz || fuzz_rc=1
fi

# The count stays the last line printed.
python3 "$muster_source/build-aux/count-tests.py" "$muster_build/meson-logs/$logbase.json" || rc=1
[ $fuzz_rc -eq 0 ] || rc=1
# A run that passed leaves no log behind; one that failed keeps it.
[ $rc -ne 0 ] || rm -f "$muster_build/meson-logs/$logbase".*
exit $rc
