#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and runs the whole test suite (the GUI
# tests under Xvfb), then prints the number of test cases that passed.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh" || exit 1

rc=0
xvfb-run -a -s '-screen 0 1280x1024x24' \
  dbus-run-session -- \
  meson test -C "$muster_build" --print-errorlogs --num-processes 2 "$@" || rc=$?

python3 "$muster_source/build-aux/count-tests.py" "$muster_build/meson-logs/testlog.json" || rc=1
exit $rc
