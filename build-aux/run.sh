#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Installs what is missing, builds, and starts Muster from the build tree.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

export GSETTINGS_SCHEMA_DIR="$muster_build/data${GSETTINGS_SCHEMA_DIR:+:$GSETTINGS_SCHEMA_DIR}"
exec "$muster_build/src/gui/muster" "$@"
