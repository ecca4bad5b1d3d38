#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Runs the examples of README.md as a reader would, printing TAP.

  check-readme.py SOURCE_ROOT BUILD_ROOT MESON

Every ```sh block of the README is either a set-up block (building,
testing, installing, the flatpak, measuring: its commands start with
build-aux/, meson, flatpak, or xvfb-run for what needs a display) or an
example, whose every command starts with muster-cli. A block that is neither fails, so that no example is left
unrun.

The examples run in the shell the README tells readers to open, `meson
devenv -C _build --workdir .` (with this build and a folder of the test's
own), in a fresh library: each command as written, each checked to exit
with 0. Then again in the same library, once the campaigns of the first
run are renamed out of the way: the examples must work on a library that
already holds other campaigns, their games and their characters.
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

from muster_tap import Tap

SETUP_PREFIXES = ('build-aux/', 'meson ', 'sudo meson ', 'flatpak-builder ', 'flatpak ', 'xvfb-run ')
DEVENV = 'meson devenv -C _build --workdir .'


def sh_blocks(text):
    """The commands of each ```sh block: its lines, comments and blanks left out."""
    blocks = []
    for match in re.finditer(r'^```sh\n(.*?)^```', text, re.M | re.S):
        commands = []
        for line in match.group(1).splitlines():
            line = line.strip()
            if line and not line.startswith('#'):
                commands.append(line)
        blocks.append(commands)
    return blocks


def is_setup(command):
    return command.startswith(SETUP_PREFIXES)


def run_in_devenv(meson, build, work, env, commands):
    """Runs @commands in the README's shell, one after the other; returns
    the exit status and output of each."""
    script = os.path.join(work, '.readme-commands.sh')
    with open(script, 'w', encoding='utf-8') as f:
        for i, command in enumerate(commands):
            f.write('echo "@@@ begin %d"\n' % i)
            f.write(command + '\n')
            f.write('echo "@@@ end %d $?"\n' % i)
    argv = [meson] + shlex.split(DEVENV)[1:] + ['bash', script]
    argv[argv.index('_build')] = build
    argv[argv.index('.')] = work
    proc = subprocess.run(argv, cwd=work, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, universal_newlines=True)
    os.unlink(script)
    results = []
    output = []
    for line in proc.stdout.splitlines():
        begin = re.match(r'@@@ begin (\d+)$', line)
        end = re.match(r'@@@ end (\d+) (\d+)$', line)
        if begin:
            output = []
        elif end:
            results.append((int(end.group(2)), '\n'.join(output)))
        else:
            output.append(line)
    if len(results) != len(commands):
        results += [(-1, proc.stdout)] * (len(commands) - len(results))
    return results


def main():
    srcdir, builddir, meson = sys.argv[1:4]
    tap = Tap()
    with open(os.path.join(srcdir, 'README.md'), encoding='utf-8') as f:
        readme = f.read()

    tap.check(DEVENV in readme, 'the README says to open the shell the examples run in: ' + DEVENV)
    for name in ('_build/src/cli/muster-cli', '_build/src/gui/muster', 'meson install'):
        tap.check(name in readme, 'the README says ' + name)

    examples = []
    for block in sh_blocks(readme):
        if all(command.startswith('muster-cli ') for command in block):
            examples += block
        else:
            tap.check(all(is_setup(command) for command in block),
                      'a block of set-up commands: ' + (block[0] if block else '(empty)'),
                      'A ```sh block of the README holds both examples and other commands, or '
                      'commands this test does not know: ' + repr(block))
    tap.check(len(examples) >= 10, 'the README has examples (%d commands)' % len(examples))

    with tempfile.TemporaryDirectory(prefix='muster-readme-') as tmp:
        work = os.path.join(tmp, 'work')
        os.mkdir(work)
        env = {k: v for k, v in os.environ.items() if not k.startswith('MUSTER_')}
        # A fresh library: the default one, in a data folder of the test's own.
        env['XDG_DATA_HOME'] = os.path.join(tmp, 'data')
        env['HOME'] = tmp
        env['LC_ALL'] = 'C.UTF-8'

        for run in (1, 2):
            for i, (status, output) in enumerate(run_in_devenv(meson, builddir, work, env, examples)):
                tap.check(status == 0, 'run %d: %s' % (run, examples[i]), output)
            if run == 2:
                break
            # The first run's campaigns stay, under other names.
            status, output = run_in_devenv(meson, builddir, work, env,
                                           ['muster-cli campaigns --format tsv'])[0]
            names = [line.split('\t')[1] for line in output.splitlines()[1:] if line]
            tap.check(status == 0 and len(names) >= 2, 'the first run made its campaigns', output)
            renames = ['muster-cli rename campaign %s %s' % (shlex.quote(name), shlex.quote(name + ' (first run)'))
                       for name in names]
            for (status, output), command in zip(run_in_devenv(meson, builddir, work, env, renames), renames):
                tap.check(status == 0, command, output)

        # The second run played its own games, not the first run's.
        results = run_in_devenv(meson, builddir, work, env,
                                ['muster-cli games "Peninsula 1812" --format tsv',
                                 'muster-cli games "Peninsula 1812 (first run)" --format tsv'])
        for (status, output), which in zip(results, ('second', 'first')):
            rows = [line.split('\t') for line in output.splitlines()]
            ok = (status == 0 and len(rows) >= 2 and
                  rows[1][rows[0].index('number')] == '1' and rows[1][rows[0].index('state')] == 'resolved')
            tap.check(ok, 'the %s run resolved its own game 1' % which, output)

    return tap.done()


if __name__ == '__main__':
    sys.exit(main())
