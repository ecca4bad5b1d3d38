# SPDX-License-Identifier: GPL-3.0-or-later
"""TAP for the Python checks of tests/: a line for each check, the plan
at the end, and a detail of at most 40 lines under a check that failed."""


class Tap:
    def __init__(self):
        self.n = 0
        self.failed = 0

    def check(self, ok, name, detail=''):
        self.n += 1
        print(('ok' if ok else 'not ok') + ' %d - %s' % (self.n, name))
        if not ok:
            self.failed += 1
            for line in str(detail).strip().splitlines()[:40]:
                print('# ' + line)
        return ok

    def done(self):
        """Prints the plan; returns the exit status."""
        print('1..%d' % self.n)
        return 1 if self.failed else 0
