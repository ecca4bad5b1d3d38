#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Shared by run.sh and test.sh: install what is missing from Debian,
# then configure and build with meson. Sourced, not run.

muster_source=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# MUSTER_SANITIZE=1: a build of its own with AddressSanitizer and
# UndefinedBehaviorSanitizer.
if [ "${MUSTER_SANITIZE:-0}" = 1 ]; then
  muster_build=${MUSTER_BUILDDIR:-$muster_source/_build-sanitize}
  muster_setup_args=(-Dwerror=true -Db_sanitize=address,undefined -Db_lundef=false)
else
  muster_build=${MUSTER_BUILDDIR:-$muster_source/_build}
  muster_setup_args=(-Dwerror=true)
fi

muster_packages=(
  meson ninja-build pkg-config gcc
  libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libadwaita-1-dev
  libsqlite3-dev libxml2-dev libxml2-utils libjson-glib-dev
  libcairo2-dev libpango1.0-dev libpoppler-glib-dev
  gettext itstool desktop-file-utils appstream yelp-tools shared-mime-info
  locales-all
  xvfb xauth dbus dbus-daemon at-spi2-core
  fonts-dejavu-core fonts-cantarell fonts-noto-color-emoji poppler-utils
  adwaita-icon-theme gsettings-desktop-schemas librsvg2-common
  python3 python3-gi gir1.2-atspi-2.0 sqlite3
  clang libclang-rt-14-dev
)

muster_install_packages () {
  local missing=() p
  for p in "${muster_packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0

  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    sudo=(sudo)
  fi
  echo "Installing: ${missing[*]}"
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

muster_build_project () {
  if [ ! -f "$muster_build/build.ninja" ]; then
    meson setup "$muster_build" "$muster_source" "${muster_setup_args[@]}"
  elif ! python3 -c 'import json, sys; sys.exit(not any(o["name"] == "werror" and o["value"]
                      for o in json.load(open(sys.argv[1]))))' \
         "$muster_build/meson-info/intro-buildoptions.json" 2>/dev/null; then
    # A build folder set up before warnings became errors.
    meson configure "$muster_build" -Dwerror=true
  fi
  meson compile -C "$muster_build"
}

muster_install_packages
muster_build_project
