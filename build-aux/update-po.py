#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Brings po/ up to date with the sources: rewrites POTFILES.in from the
files that hold translatable strings, extracts po/muster.pot and merges it
into every language of po/LINGUAS (or only those named
on the command line). For translators; the build does not
need it."""

import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
srcdir = os.path.dirname(here)
sys.path.insert(0, os.path.join(srcdir, 'tests'))
import importlib.util
spec = importlib.util.spec_from_file_location(
    'check', os.path.join(srcdir, 'tests', 'check-translations.py'))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)

po = os.path.join(srcdir, 'po')
files = sorted(check.sources_with_strings(srcdir))
with open(os.path.join(po, 'POTFILES.in'), 'w', encoding='utf-8') as f:
    f.write('# Files with translatable strings; build-aux/update-po.py writes this list.\n')
    for name in files:
        f.write(name + '\n')

pot = os.path.join(po, 'muster.pot' if not sys.argv[1:] else 'muster-%s.pot' % '-'.join(sys.argv[1:]))
env = dict(os.environ, GETTEXTDATADIRS=os.path.join(srcdir, 'data'))
subprocess.run(['xgettext', '--package-name=muster', '--msgid-bugs-address=https://github.com/musterapp/muster/issues',
                '-o', pot, '--directory=' + srcdir] + check.XGETTEXT_ARGS + files,
               env=env, check=True)
wanted = sys.argv[1:]
for lang in check.read_list(os.path.join(po, 'LINGUAS')):
    for code in lang.split():
        if wanted and code not in wanted:
            continue
        path = os.path.join(po, code + '.po')
        if os.path.exists(path):
            subprocess.run(['msgmerge', '--quiet', '--update', '--backup=none', path, pot], check=True)
        else:
            subprocess.run(['msginit', '--no-translator', '--locale=' + code + '.UTF-8',
                            '-i', pot, '-o', path], check=True)
        subprocess.run(['msgfmt', '--statistics', '-o', os.devnull, path])
