#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks Muster's translations, printing TAP.

For every language in po/LINGUAS: its .po file compiles (msgfmt --check) and,
merged with a template extracted afresh from the files in po/POTFILES.in, has
no untranslated and no fuzzy message. Also checks that POTFILES.in names
every source file that holds a translatable string, and nothing that is gone.
"""

import os
import re
import subprocess
import sys
import tempfile

XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format', '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format', '--flag=g_set_error:4:c-format',
]

MARKERS = re.compile(r'(\b_\s*\(\s*"|\bN_\s*\(\s*"|\bN?C_\s*\(|'
                     r'\b(?:g_d|d)?ngettext\s*\(|\bg_dc?gettext\s*\(|\bg_dpgettext2\s*\(|'
                     r'translatable="yes"|<_?summary>|<_?description>)')

# Data files that gettext reads through its built-in or installed rules
# (desktop entries, shared-mime-info comments): every one holds strings.
DATA_WITH_STRINGS = re.compile(r'\.(desktop\.in|mime\.xml|metainfo\.xml\.in)$')


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, ok, name, detail=''):
        self.n += 1
        print(('ok' if ok else 'not ok') + ' %d - %s' % (self.n, name))
        if not ok:
            self.failed += 1
            for line in detail.strip().splitlines()[:40]:
                print('# ' + line)


def read_list(path):
    with open(path, encoding='utf-8') as f:
        return [l.strip() for l in f
                if l.strip() and not l.lstrip().startswith('#')]


def sources_with_strings(srcdir):
    found = set()
    roots = ['src', 'ui', 'data']
    for root in roots:
        for dirpath, _dirs, files in os.walk(os.path.join(srcdir, root)):
            for name in files:
                rel = os.path.relpath(os.path.join(dirpath, name), srcdir)
                if rel.startswith('data/schemas') or rel.startswith('data/screenshots'):
                    continue
                if rel.startswith('data/rulesets') and rel.endswith('.xml'):
                    found.add(rel)
                    continue
                if rel.startswith('data/') and DATA_WITH_STRINGS.search(name):
                    found.add(rel)
                    continue
                if not re.search(r'\.(c|h|ui|in|gschema\.xml)$', name):
                    continue
                with open(os.path.join(srcdir, rel), encoding='utf-8',
                          errors='replace') as f:
                    if MARKERS.search(f.read()):
                        found.add(rel)
    return found


def unfinished(merged):
    """The msgids left untranslated or fuzzy in a merged .po file, one a line."""
    lines = []
    for what, option in (('untranslated', '--untranslated'), ('fuzzy', '--only-fuzzy')):
        r = subprocess.run(['msgattrib', option, '--no-obsolete', '--no-wrap', merged],
                           capture_output=True, text=True)
        for line in r.stdout.splitlines():
            if line.startswith('msgid "') and line != 'msgid ""':
                lines.append('%s: %s' % (what, line[6:]))
    return '\n'.join(lines) + '\n'


def main():
    srcdir = os.path.abspath(sys.argv[1])
    po = os.path.join(srcdir, 'po')
    tap = Tap()
    potfiles = read_list(os.path.join(po, 'POTFILES.in'))
    linguas = []
    for line in read_list(os.path.join(po, 'LINGUAS')):
        linguas += line.split()

    missing = sorted(sources_with_strings(srcdir) - set(potfiles))
    tap.check(not missing, 'POTFILES.in names every file with translatable strings',
              '\n'.join('missing: ' + m for m in missing))
    gone = [p for p in potfiles if not os.path.exists(os.path.join(srcdir, p))]
    tap.check(not gone, 'POTFILES.in names only files that exist',
              '\n'.join('gone: ' + g for g in gone))
    tap.check(sorted(potfiles) == potfiles, 'POTFILES.in is sorted')
    tap.check(bool(linguas), 'LINGUAS names at least one language')

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'muster.pot')
        env = dict(os.environ, GETTEXTDATADIRS=os.path.join(srcdir, 'data'))
        present = [p for p in potfiles if os.path.exists(os.path.join(srcdir, p))]
        r = subprocess.run(['xgettext', '--package-name=muster', '-o', pot,
                            '--directory=' + srcdir] + XGETTEXT_ARGS + present,
                           env=env, capture_output=True, text=True)
        tap.check(r.returncode == 0, 'xgettext extracts the template', r.stderr)

        for lang in linguas:
            path = os.path.join(po, lang + '.po')
            r = subprocess.run(['msgfmt', '--check', '-o', os.devnull, path],
                               capture_output=True, text=True)
            tap.check(r.returncode == 0, '%s.po compiles' % lang, r.stderr)
            merged = os.path.join(tmp, lang + '.po')
            r = subprocess.run(['msgmerge', '--quiet', '-o', merged, path, pot],
                               capture_output=True, text=True)
            if r.returncode != 0:
                tap.check(False, '%s is complete' % lang, r.stderr)
                continue
            r = subprocess.run(['msgfmt', '--statistics', '-o', os.devnull, merged],
                               capture_output=True, text=True, env=dict(os.environ, LC_ALL='C'))
            stats = r.stderr
            fuzzy = re.search(r'(\d+) fuzzy', stats)
            untranslated = re.search(r'(\d+) untranslated', stats)
            translated = re.search(r'(\d+) translated', stats)
            bad = int(fuzzy.group(1)) if fuzzy else 0
            bad += int(untranslated.group(1)) if untranslated else 0
            ok = r.returncode == 0 and translated is not None and bad == 0
            detail = stats
            if not ok:
                detail += unfinished(merged)
            tap.check(ok, '%s is complete (100 %%)' % lang, detail)
    print('1..%d' % tap.n)
    return 1 if tap.failed else 0


if __name__ == '__main__':
    sys.exit(main())
