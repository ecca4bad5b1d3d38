#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Counts test cases (TAP results inside each test program) from meson's
test log and prints "N passed, N failed" (", N skipped" when some were)."""
import json
import re
import sys

passed = failed = skipped = 0
ok_re = re.compile(r'^(not )?ok\b(.*)$')

with open(sys.argv[1], encoding='utf-8') as log:
    for line in log:
        line = line.strip()
        if not line:
            continue
        test = json.loads(line)
        counted = 0
        for out in (test.get('stdout') or '').splitlines():
            m = ok_re.match(out.strip())
            if not m:
                continue
            counted += 1
            directive = m.group(2)
            if re.search(r'#\s*skip', directive, re.I):
                skipped += 1
            elif m.group(1):
                failed += 1
            else:
                passed += 1
        result = test.get('result', '')
        if result in ('FAIL', 'TIMEOUT', 'ERROR', 'UNEXPECTEDPASS') and counted == 0:
            failed += 1
        elif result == 'SKIP' and counted == 0:
            skipped += 1
        elif result in ('FAIL', 'TIMEOUT', 'ERROR') and not any(
                ok_re.match(o.strip()) and o.strip().startswith('not ok')
                for o in (test.get('stdout') or '').splitlines()):
            # the program died after some cases passed
            failed += 1

summary = f'{passed} passed, {failed} failed'
if skipped:
    summary += f', {skipped} skipped'
print(summary)
sys.exit(1 if failed else 0)
