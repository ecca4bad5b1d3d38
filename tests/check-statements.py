#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every statement of the store lives one way, printing TAP.

  check-statements.py SOURCE_ROOT

A statement from muster_store_prepare(), or from a helper that returns
one (a function of src/ returning sqlite3_stmt *), is held in a
MUSTER_STMT_AUTO variable that is given that one statement and no other,
and which resets it when it goes out of scope (muster-store-private.h).
So nothing else resets one: sqlite3_reset() is called only by that
cleanup, by muster_store_prepare() itself and by muster_store_exec(),
which leaves a statement ready to be bound for the next row. A helper returning a
statement may hold it in a plain variable on its way out.

Each C file of src/ and tests/ is one check; a failure names the file,
the line and what is wrong there.
"""

import os
import re
import sys

from muster_tap import Tap

# Where sqlite3_reset() may be called: the cleanup, the statement cache and
# muster_store_exec().
RESET_ALLOWED = {'src/core/muster-store-private.h', 'src/core/muster-store.c'}
# The tests of the statement cache itself, which leave statements stepping
# on purpose.
CACHE_TESTS = {'tests/test-store-schema.c'}
RESET_ALLOWED_FUNCTIONS = {'muster_store_prepare', 'muster_store_exec', 'muster_stmt_reset_'}


def strip_comments(text):
    """@text with its comments blanked out, lines kept where they were."""
    def blank(match):
        return re.sub(r'[^\n]', ' ', match.group(0))
    pattern = r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"'

    def repl(match):
        if match.group(0).startswith('"'):
            return match.group(0)
        return blank(match)
    return re.sub(pattern, repl, text, flags=re.S)


def line_of(text, pos):
    return text.count('\n', 0, pos) + 1


def functions(text):
    """(name, returns_statement, start, end) of each function defined at
    the top level: a name at the start of a line, a body from a '{' at the
    start of a line to the next '}' there."""
    found = []
    for m in re.finditer(r'^\{', text, re.M):
        start = m.start()
        end = text.find('\n}', start)
        end = len(text) if end < 0 else end
        head_start = max(text.rfind('\n}', 0, start), text.rfind(';\n', 0, start), 0)
        head = text[head_start:start]
        name = re.search(r'^(\w+) \(', head, re.M)
        returns = re.search(r'sqlite3_stmt\s*\*\s*$', head.split(name.group(0))[0] if name else '')
        found.append((name.group(1) if name else '?', returns is not None, start, end))
    return found


def enclosing(funcs, pos):
    for f in funcs:
        if f[2] <= pos <= f[3]:
            return f
    return None


def block_end(text, pos):
    """The end of the block holding @pos: where its braces close."""
    depth = 0
    for i in range(pos, len(text)):
        c = text[i]
        if c == '{':
            depth += 1
        elif c == '}':
            if depth == 0:
                return i
            depth -= 1
    return len(text)


def factories(root):
    """The names of the functions of src/ that return a statement."""
    names = set()
    for path in sources(root, ['src']):
        with open(os.path.join(root, path), encoding='utf-8') as f:
            text = strip_comments(f.read())
        for m in re.finditer(r'^(?:static )?sqlite3_stmt \*\s*\n?(\w+)\s*\(', text, re.M):
            names.add(m.group(1))
    return names


def sources(root, dirs, exts=('.c',)):
    for d in dirs:
        for folder, _, files in os.walk(os.path.join(root, d)):
            for name in sorted(files):
                if name.endswith(exts):
                    yield os.path.relpath(os.path.join(folder, name), root)


def check_file(path, text, makers):
    problems = []
    funcs = functions(text)
    call = re.compile(r'\b(%s)\s*\(' % '|'.join(sorted(makers)))
    for m in call.finditer(text):
        before = text[:m.start()]
        # A definition or a prototype: the name starts its line.
        if before.endswith('\n') or re.search(r'\n\s*sqlite3_stmt \*\s*$', before):
            continue
        func = enclosing(funcs, m.start())
        line = line_of(text, m.start())
        if func is None:
            continue
        if re.search(r'\breturn\s*$', before):
            if not func[1]:
                problems.append('%s:%d: a statement returned by %s, which does not return one' % (path, line, func[0]))
            continue
        target = re.search(r'\b(\w+)\s*=\s*$', before)
        if target is None:
            problems.append('%s:%d: the statement of %s() is not held in a variable' % (path, line, m.group(1)))
            continue
        var = target.group(1)
        decls = list(re.finditer(r'^([^\n;]*)\bsqlite3_stmt \*%s\b' % re.escape(var), text[func[2]:m.start()], re.M))
        if not decls:
            problems.append('%s:%d: %s is not declared a statement in %s' % (path, line, var, func[0]))
            continue
        decl = decls[-1]
        decl_pos = func[2] + decl.start()
        if 'MUSTER_STMT_AUTO' not in decl.group(1) and not func[1]:
            problems.append('%s:%d: %s holds a statement but is not MUSTER_STMT_AUTO' % (path, line, var))
        scope = text[decl_pos:block_end(text, decl_pos + len(decl.group(0)))]
        assigned = len(re.findall(r'(?<![=!<>])\b%s\s*=(?!=)' % re.escape(var), scope))
        assigned -= len(re.findall(r'\b%s\s*=\s*NULL\s*;' % re.escape(var), scope))
        if assigned != 1:
            problems.append('%s:%d: %s is given %d statements; give each its own variable' % (path, line, var, assigned))
    for m in re.finditer(r'\bsqlite3_reset\s*\(', text):
        func = enclosing(funcs, m.start())
        if path in RESET_ALLOWED and (func is None or func[0] in RESET_ALLOWED_FUNCTIONS):
            continue
        if path.startswith('tests/') and not from_store(text, m.start(), call):
            continue
        problems.append('%s:%d: sqlite3_reset() by hand; MUSTER_STMT_AUTO resets' % (path, line_of(text, m.start())))
    return problems


def from_store(text, pos, call):
    """Whether the statement reset at @pos came from the store: a test
    may reset one it prepared itself on the connection."""
    m = re.match(r'sqlite3_reset\s*\(\s*(\w+)', text[pos:])
    if m is None:
        return True
    given = re.compile(r'\b%s\s*=\s*%s' % (re.escape(m.group(1)), call.pattern))
    return given.search(text) is not None


def main():
    root = sys.argv[1]
    tap = Tap()
    makers = factories(root)
    tap.check('muster_store_prepare' in makers, 'muster_store_prepare returns a statement', sorted(makers))
    for path in list(sources(root, ['src', 'tests'])) + ['src/core/muster-store-private.h']:
        with open(os.path.join(root, path), encoding='utf-8') as f:
            text = strip_comments(f.read())
        problems = [] if path in CACHE_TESTS else check_file(path, text, makers)
        tap.check(not problems, '%s: statements held by MUSTER_STMT_AUTO' % path, '\n'.join(problems))
    return tap.done()


if __name__ == '__main__':
    sys.exit(main())
