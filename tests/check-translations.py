#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks Muster's translations, printing TAP.

For every language in po/LINGUAS: its .po file compiles (msgfmt --check) and,
merged with a template extracted afresh from the files in po/POTFILES.in, has
no untranslated and no fuzzy message. Also checks that POTFILES.in names
every source file that holds a translatable string, and nothing that is gone.

The user guide likewise: for every language in help/LINGUAS, help/LANG/LANG.po
compiles, is complete against a template that itstool extracts afresh from
help/C/*.page, keeps the inline Mallard markup of every message (same
elements, same link targets), and merges with itstool into one well-formed
page per page of help/C, with no message left unmerged, that yelp-check
validates (when yelp-check is installed).
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from muster_tap import Tap

XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
    '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format',
    '--flag=NC_:2:pass-c-format', '--flag=g_dngettext:2:pass-c-format',
    '--flag=g_strdup_printf:1:c-format', '--flag=g_set_error:4:c-format',
    # The campaign log's sentences (src/core/muster-log-*.c)
    '--keyword=LS_', '--keyword=LP_:1,2', '--keyword=muster_log_gettext:2',
    '--keyword=muster_log_ngettext:2,3',
    '--flag=LS_:1:pass-c-format', '--flag=LP_:1:pass-c-format',
    '--flag=muster_log_gettext:2:pass-c-format', '--flag=muster_log_ngettext:2:pass-c-format',
]

MARKERS = re.compile(r'(\b_\s*\(\s*"|\bN_\s*\(\s*"|\bN?C_\s*\(|'
                     r'\b(?:g_d|d)?ngettext\s*\(|\bg_dc?gettext\s*\(|\bg_dpgettext2\s*\(|'
                     r'\bL[SP]_\s*\(|\bmuster_log_n?gettext\s*\(|'
                     r'translatable="yes"|<_?summary>|<_?description>)')

# Data files that gettext reads through its built-in or installed rules
# (desktop entries, shared-mime-info comments): every one holds strings.
DATA_WITH_STRINGS = re.compile(r'\.(desktop\.in|mime\.xml|metainfo\.xml\.in)$')


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


def check_complete(tap, name, path, pot, merged):
    """Merges PATH with the template POT into MERGED and checks that no
    message is left untranslated or fuzzy."""
    r = subprocess.run(['msgmerge', '--quiet', '-o', merged, path, pot],
                       capture_output=True, text=True)
    if r.returncode != 0:
        tap.check(False, '%s is complete' % name, r.stderr)
        return False
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
    return tap.check(ok, '%s is complete (100 %%)' % name, detail)


# A message that starts or ends with a space, or with punctuation that
# joins it to another piece (", ", " and ", " against ", " · "), is a
# fragment of a sentence glued together in code, which a translator cannot
# reorder. A message of one sign and no space (a dash that stands for
# nothing) is not a fragment.
JOINT = re.compile(r'^[\s,;:·—–]|[\s,;·—–]$')
CODE_SOURCE = re.compile(r'\.(c|h|ui)$')


def joint_fragments(srcdir, files, tmp):
    """The messages of the source files FILES (relative to SRCDIR) that
    begin or end with a space or a joint; None when xgettext fails."""
    pot = os.path.join(tmp, 'code.pot')
    r = subprocess.run(['xgettext', '-o', pot, '--directory=' + srcdir] + XGETTEXT_ARGS + files,
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None
    if not os.path.exists(pot):
        return []
    found = []
    for msgid, plural in po_messages(pot, with_plural=True):
        for text in (msgid, plural):
            if text and re.search(r'[\w ]', text) and JOINT.search(text.replace('\n', '')):
                found.append(text)
    return found


def check_joints(tap, srcdir, potfiles):
    """No message of the code is a fragment glued to another; and the check
    itself finds one in a source made for it."""
    with tempfile.TemporaryDirectory() as tmp:
        code = [p for p in potfiles if CODE_SOURCE.search(p) and os.path.exists(os.path.join(srcdir, p))]
        found = joint_fragments(srcdir, code, tmp)
        tap.check(found == [], 'no translatable string of the code begins or ends with a space or a joint',
                  'xgettext failed' if found is None else
                  '\n'.join('a fragment, not a whole sentence: "%s"' % f for f in found or []))

        sample = os.path.join(tmp, 'glued.c')
        with open(sample, 'w', encoding='utf-8') as f:
            f.write('x = _("British against French");\n'
                    'y = _(" against ");\nz = _(", ");\nw = _("put out %d ");\n'
                    'v = g_dngettext (GETTEXT_PACKAGE, "%d figure", " · %d figures", n);\n'
                    'u = _("%s and %s");\nt = _("Line one\\n");\ns = _("–");\n')
        found = joint_fragments(tmp, ['glued.c'], tmp)
        tap.check(found == [' against ', ', ', 'put out %d ', ' · %d figures'],
                  'the joint check finds every glued fragment and nothing else',
                  'found: %r' % (found,))


def po_messages(path, with_plural=False):
    """(msgid, msgstr) of every message of a .po file but the header."""
    r = subprocess.run(['msgattrib', '--no-wrap', '--no-location', '--no-obsolete', path],
                       capture_output=True, text=True, check=True)
    entries, cur, key = [], {}, None
    for line in r.stdout.splitlines() + ['']:
        if not line.strip():
            if cur.get('msgid') and with_plural:
                entries.append((cur['msgid'], cur.get('msgid_plural', '')))
            elif cur.get('msgid'):
                entries.append((cur['msgid'], cur.get('msgstr', '')))
            cur = {}
            continue
        if line.startswith('#'):
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?) "(.*)"$', line)
        if m:
            key = m.group(1)
            cur[key] = unquote(m.group(2))
        elif line.startswith('"') and key:
            cur[key] += unquote(line[1:-1])
    return entries


def unquote(text):
    escapes = {'n': '\n', 't': '\t', '"': '"', '\\': '\\'}
    return re.sub(r'\\(.)', lambda m: escapes.get(m.group(1), m.group(1)), text)


TAG = re.compile(r'<([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"]*")*)\s*/?>')
KEPT_ATTRIBUTES = ('xref', 'href', 'style', 'type', 'action')


def markup(text):
    """The inline elements of a guide message, with the attributes that a
    translation must keep as they are, in a comparable form."""
    tags = []
    for m in TAG.finditer(text):
        attrs = tuple(sorted((k, v) for k, v in re.findall(r'([\w:.-]+)\s*=\s*"([^"]*)"', m.group(2))
                             if k in KEPT_ATTRIBUTES))
        tags.append((m.group(1), attrs))
    return sorted(tags)


def well_formed(fragment):
    try:
        ET.fromstring('<m xmlns:its="http://www.w3.org/2005/11/its">%s</m>' % fragment)
        return True
    except ET.ParseError:
        return False


def check_help(tap, srcdir):
    """The translations of the user guide (help/LINGUAS, help/LANG/LANG.po)."""
    helpdir = os.path.join(srcdir, 'help')
    pages = sorted(glob.glob(os.path.join(helpdir, 'C', '*.page')))
    names = [os.path.basename(p) for p in pages]
    linguas_path = os.path.join(helpdir, 'LINGUAS')
    linguas = []
    if os.path.exists(linguas_path):
        for line in read_list(linguas_path):
            linguas += line.split()
    tap.check(bool(linguas), 'help/LINGUAS names at least one language')
    stray = sorted(d for d in os.listdir(helpdir)
                   if os.path.exists(os.path.join(helpdir, d, d + '.po')) and d not in linguas)
    tap.check(not stray, 'help/LINGUAS names every translation of the guide',
              '\n'.join('not in help/LINGUAS: ' + d for d in stray))
    yelp_check = shutil.which('yelp-check')

    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'help.pot')
        r = subprocess.run(['itstool', '-o', pot] + pages, capture_output=True, text=True)
        if not tap.check(r.returncode == 0 and bool(pages), 'itstool extracts the guide template',
                         r.stdout + r.stderr):
            return
        for lang in linguas:
            name = 'help/%s/%s.po' % (lang, lang)
            path = os.path.join(helpdir, lang, lang + '.po')
            if not tap.check(os.path.exists(path), name + ' exists'):
                continue
            mo = os.path.join(tmp, lang + '.mo')
            r = subprocess.run(['msgfmt', '--check', '-o', mo, path],
                               capture_output=True, text=True)
            compiles = tap.check(r.returncode == 0, name + ' compiles', r.stderr)
            merged = os.path.join(tmp, 'help-' + lang + '.po')
            check_complete(tap, name, path, pot, merged)
            if os.path.exists(merged):
                bad = []
                for msgid, msgstr in po_messages(merged):
                    if not msgstr:
                        continue
                    if not well_formed(msgstr):
                        bad.append('not well-formed: ' + msgstr)
                    elif markup(msgid) != markup(msgstr):
                        bad.append('markup differs from "%s": %s' % (msgid, msgstr))
                tap.check(not bad, name + ' keeps the markup and link targets of every message',
                          '\n'.join(bad))
            if not compiles:
                continue
            out = os.path.join(tmp, 'pages-' + lang)
            os.mkdir(out)
            r = subprocess.run(['itstool', '-m', mo, '--lang', lang, '-o', out + os.sep] + pages,
                               capture_output=True, text=True)
            said = (r.stdout + r.stderr).strip()
            tap.check(r.returncode == 0 and not said,
                      'itstool merges every message of help/%s into the pages' % lang, said)
            missing = [n for n in names if not os.path.isfile(os.path.join(out, n))]
            tap.check(not missing, 'help/%s gives one page for each page of help/C' % lang,
                      '\n'.join('missing: ' + n for n in missing))
            broken = []
            for n in names:
                p = os.path.join(out, n)
                if not os.path.isfile(p):
                    continue
                try:
                    root = ET.parse(p).getroot()
                    if root.get('{http://www.w3.org/XML/1998/namespace}lang') != lang:
                        broken.append('%s: xml:lang is not %s' % (n, lang))
                except ET.ParseError as e:
                    broken.append('%s: %s' % (n, e))
            tap.check(not broken, 'the %s pages are well-formed' % lang, '\n'.join(broken))
            if yelp_check is None:
                tap.check(True, 'yelp-check validates the %s pages # SKIP yelp-check not installed' % lang)
            else:
                r = subprocess.run([yelp_check, 'validate', out], capture_output=True, text=True)
                said = (r.stdout + r.stderr).strip()
                tap.check(r.returncode == 0 and not said,
                          'yelp-check validates the %s pages' % lang, said)


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
            check_complete(tap, lang, path, pot, os.path.join(tmp, lang + '.po'))

    check_joints(tap, srcdir, potfiles)
    check_help(tap, srcdir)
    return tap.done()


if __name__ == '__main__':
    sys.exit(main())
