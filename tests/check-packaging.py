#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks how Muster is packaged, printing TAP.

  check-packaging.py SOURCE_ROOT BUILD_ROOT PREFIX

1. The flatpak manifest parses as JSON and names the app id, the GNOME 50
   runtime and SDK, the command, exactly the sandbox holes a GUI that uses
   the portals needs, and one module: Muster, built with meson from here.
2. `meson install --destdir` into a temporary folder puts every file where
   the freedesktop specs (desktop entry, AppStream, shared-mime-info, icon
   theme), GSettings, gettext and Yelp look for it, the rulesets and the
   names of recruits where Muster looks for them, and the files agree
   with each other (icon, binary, MIME type, launchable).
"""

import configparser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

from muster_tap import Tap

APP_ID = 'io.github.musterapp.Muster'
MIME_TYPE = 'application/x-muster+xml'
FINISH_ARGS = ['--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--device=dri']


def check_manifest(tap, srcdir):
    path = os.path.join(srcdir, 'flatpak', APP_ID + '.json')
    try:
        with open(path, encoding='utf-8') as f:
            manifest = json.load(f)
    except (OSError, ValueError) as e:
        tap.check(False, 'flatpak manifest parses', e)
        return
    tap.check(True, 'flatpak manifest parses')

    tap.check(manifest.get('id') == APP_ID, 'manifest app id', manifest.get('id'))
    tap.check(manifest.get('runtime') == 'org.gnome.Platform' and
              manifest.get('sdk') == 'org.gnome.Sdk' and
              str(manifest.get('runtime-version')) == '50',
              'manifest runtime and sdk are GNOME 50',
              (manifest.get('runtime'), manifest.get('sdk'), manifest.get('runtime-version')))
    tap.check(manifest.get('command') == 'muster', 'manifest command', manifest.get('command'))
    args = manifest.get('finish-args', [])
    tap.check(sorted(args) == sorted(FINISH_ARGS) and len(args) == len(FINISH_ARGS),
              'manifest finish-args are exactly ipc, fallback-x11, wayland and dri', args)
    tap.check(not any(a.startswith('--filesystem') for a in args),
              'manifest gives no file system access', args)

    modules = manifest.get('modules', [])
    ok = (len(modules) == 1 and isinstance(modules[0], dict) and
          modules[0].get('name') == 'muster' and modules[0].get('buildsystem') == 'meson')
    tap.check(ok, 'manifest builds only muster, with meson', modules)
    if ok:
        module = modules[0]
        sources = module.get('sources', [])
        local = [s for s in sources if s.get('type') == 'dir']
        tap.check(len(local) == 1 and
                  os.path.realpath(os.path.join(os.path.dirname(path), local[0].get('path', ''))) ==
                  os.path.realpath(srcdir),
                  'manifest builds from this source tree', sources)
        tap.check('-Dtests=false' in module.get('config-opts', []),
                  'manifest turns the tests (and poppler) off', module.get('config-opts'))
        with open(os.path.join(srcdir, 'meson_options.txt'), encoding='utf-8') as f:
            tap.check("option('tests'" in f.read(), 'meson has the tests option the manifest sets')


def installed(root, prefix, *parts):
    return os.path.join(root, prefix.lstrip('/'), *parts)


def check_install(tap, srcdir, builddir, prefix):
    destdir = tempfile.mkdtemp(prefix='muster-install-')
    try:
        env = dict(os.environ)
        env.pop('DESTDIR', None)
        proc = subprocess.run(['meson', 'install', '-C', builddir, '--no-rebuild',
                               '--destdir', destdir],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True, env=env)
        if not tap.check(proc.returncode == 0, 'meson install --destdir', proc.stdout[-4000:]):
            return
        check_tree(tap, srcdir, destdir, prefix)
    finally:
        shutil.rmtree(destdir, ignore_errors=True)


def check_tree(tap, srcdir, root, prefix):
    def path(*parts):
        return installed(root, prefix, *parts)

    def exists(rel, name, executable=False):
        p = path(*rel.split('/'))
        ok = os.path.isfile(p) and (not executable or os.access(p, os.X_OK))
        tap.check(ok, name + ' at ' + rel, 'missing: ' + p)
        return ok

    exists('bin/muster', 'the application', executable=True)
    exists('bin/muster-cli', 'the command line tool', executable=True)

    desktop_rel = 'share/applications/%s.desktop' % APP_ID
    if exists(desktop_rel, 'the desktop entry'):
        entry = configparser.RawConfigParser(strict=False, interpolation=None)
        entry.optionxform = str
        entry.read(path(*desktop_rel.split('/')), encoding='utf-8')
        section = entry['Desktop Entry'] if entry.has_section('Desktop Entry') else {}
        exec_line = section.get('Exec', '')
        tap.check(exec_line.split()[:1] == ['muster'] and os.path.isfile(path('bin', 'muster')),
                  'the desktop entry runs the installed binary', exec_line)
        tap.check(section.get('Icon') == APP_ID, 'the desktop entry names the icon by app id',
                  section.get('Icon'))
        tap.check(MIME_TYPE in section.get('MimeType', '').split(';'),
                  'the desktop entry opens .muster files', section.get('MimeType'))

    metainfo_rel = 'share/metainfo/%s.metainfo.xml' % APP_ID
    if exists(metainfo_rel, 'the AppStream metainfo'):
        tree = ET.parse(path(*metainfo_rel.split('/')))
        comp = tree.getroot()
        tap.check(comp.findtext('id') == APP_ID, 'the metainfo id', comp.findtext('id'))
        launchable = comp.find('launchable')
        tap.check(launchable is not None and launchable.text == APP_ID + '.desktop',
                  'the metainfo launches the installed desktop entry')
        tap.check(MIME_TYPE in [m.text for m in comp.findall('provides/mediatype')],
                  'the metainfo provides the MIME type')
        tap.check(comp.find('developer') is not None and comp.find('content_rating') is not None,
                  'the metainfo has a developer and a content rating')

    exists('share/icons/hicolor/scalable/apps/%s.svg' % APP_ID, 'the application icon')
    exists('share/icons/hicolor/symbolic/apps/%s-symbolic.svg' % APP_ID, 'the symbolic icon')

    mime_rel = 'share/mime/packages/%s.xml' % APP_ID
    if exists(mime_rel, 'the shared-mime-info package'):
        # Build a MIME database from the installed package alone and see the
        # type land in it, as update-mime-database does on a real system.
        mimedir = tempfile.mkdtemp(prefix='muster-mime-')
        try:
            os.makedirs(os.path.join(mimedir, 'packages'))
            shutil.copy(path(*mime_rel.split('/')), os.path.join(mimedir, 'packages'))
            umd = shutil.which('update-mime-database')
            if umd is None:
                tap.check(True, 'update-mime-database # SKIP not installed')
            else:
                proc = subprocess.run([umd, mimedir], stdout=subprocess.PIPE,
                                      stderr=subprocess.STDOUT, universal_newlines=True)
                globs = ''
                if os.path.exists(os.path.join(mimedir, 'globs2')):
                    with open(os.path.join(mimedir, 'globs2'), encoding='utf-8') as f:
                        globs = f.read()
                tap.check(proc.returncode == 0 and
                          os.path.isfile(os.path.join(mimedir, 'application', 'x-muster+xml.xml')) and
                          ':%s:*.muster' % MIME_TYPE in globs,
                          'update-mime-database takes the package: *.muster is %s' % MIME_TYPE,
                          proc.stdout + globs)
                with open(os.path.join(mimedir, 'XMLnamespaces'), encoding='utf-8') as f:
                    ns = f.read()
                tap.check('https://musterapp.github.io/ns/muster muster %s' % MIME_TYPE in ns,
                          'the MIME type is known by its root element and namespace', ns)
        finally:
            shutil.rmtree(mimedir, ignore_errors=True)

    schema_rel = 'share/glib-2.0/schemas/%s.gschema.xml' % APP_ID
    if exists(schema_rel, 'the GSettings schema'):
        proc = subprocess.run(['glib-compile-schemas', '--strict', '--dry-run',
                               os.path.dirname(path(*schema_rel.split('/')))],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        tap.check(proc.returncode == 0, 'the installed schemas compile', proc.stdout)

    shipped = sorted(f for f in os.listdir(os.path.join(srcdir, 'data', 'rulesets'))
                     if f.endswith('.xml'))
    for name in shipped:
        exists('share/muster/rulesets/' + name, 'the ruleset ' + name)

    # The names recruits take, one file a nationality, found beside the
    # rulesets.
    for name in sorted(f for f in os.listdir(os.path.join(srcdir, 'data', 'names'))
                       if f.endswith('.txt')):
        exists('share/muster/names/' + name, 'the names ' + name)

    exists('share/gettext/its/muster-ruleset.its', 'the ITS rules for rulesets')
    exists('share/gettext/its/muster-ruleset.loc', 'the ITS locating rules')

    pages = sorted(f for f in os.listdir(os.path.join(srcdir, 'help', 'C')) if f.endswith('.page'))
    for page in pages:
        exists('share/help/C/%s/%s' % (APP_ID, page), 'the help page ' + page)
    with open(os.path.join(srcdir, 'help', 'LINGUAS'), encoding='utf-8') as f:
        help_linguas = [w for line in f for w in line.split('#')[0].split()]
    for lang in help_linguas:
        for page in pages:
            exists('share/help/%s/%s/%s' % (lang, APP_ID, page),
                   'the %s help page %s' % (lang, page))

    with open(os.path.join(srcdir, 'po', 'LINGUAS'), encoding='utf-8') as f:
        linguas = [w for line in f for w in line.split('#')[0].split()]
    for lang in linguas:
        exists('share/locale/%s/LC_MESSAGES/muster.mo' % lang, 'the %s translation' % lang)

    # Nothing lands outside the prefix (a DESTDIR install must not leak).
    outside = []
    for dirpath, _dirs, files in os.walk(root):
        for name in files:
            full = os.path.join(dirpath, name)
            if not full.startswith(path('')):
                outside.append(full)
    tap.check(not outside, 'every file is under the prefix', '\n'.join(outside))


def main():
    if len(sys.argv) != 4:
        print('usage: check-packaging.py SOURCE_ROOT BUILD_ROOT PREFIX', file=sys.stderr)
        return 2
    srcdir, builddir, prefix = sys.argv[1:]
    tap = Tap()
    check_manifest(tap, srcdir)
    check_install(tap, srcdir, builddir, prefix)
    return tap.done()


if __name__ == '__main__':
    sys.exit(main())
