#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the user guide's page for each rule set, printing TAP.

help/C/rules-ID.page must say how Muster reads data/rulesets/ID.xml: a
section "House readings" naming every <house-reading> of the file by its
title, and a section "Options" naming every <option> and each of its
choices; README.md's rule-set table links to the page."""

import os
import sys
import xml.etree.ElementTree as ET

RULESET = '{https://musterapp.github.io/ns/ruleset}'
MALLARD = '{http://projectmallard.org/1.0/}'
# The rule sets with a page of their own.
RULESETS = ['sharpes-skirmish', 'big-skirmishes', 'chosen-men', 'napoleonic-skirmish', 'small-unit-engagements']

srcdir = sys.argv[1]
n = 0
failed = 0


def check(ok, name):
    global n, failed
    n += 1
    print(('ok' if ok else 'not ok') + ' %d - %s' % (n, name))
    if not ok:
        failed += 1


def words(text):
    """Text as the page writes it: typographic apostrophes, one space."""
    return ' '.join((text or '').replace('\u2019', "'").split())


def texts(element):
    return words(''.join(element.itertext()))


with open(os.path.join(srcdir, 'README.md'), encoding='utf-8') as f:
    readme = f.read()

for rid in RULESETS:
    ruleset = ET.parse(os.path.join(srcdir, 'data', 'rulesets', rid + '.xml')).getroot()
    path = os.path.join(srcdir, 'help', 'C', 'rules-%s.page' % rid)
    if not os.path.exists(path):
        check(False, '%s: help/C/rules-%s.page exists' % (rid, rid))
        continue
    page = ET.parse(path).getroot()
    sections = {s.get('id'): s for s in page.iter(MALLARD + 'section')}
    check(texts(page.find(MALLARD + 'title')).startswith('How Muster reads'),
          '%s: the page is titled "How Muster reads …"' % rid)

    readings = sections.get('house-readings')
    check(readings is not None and texts(readings.find(MALLARD + 'title')) == 'House readings',
          '%s: a section "House readings"' % rid)
    titles = set()
    if readings is not None:
        titles = {texts(t) for t in readings.iter(MALLARD + 'title')}
    for reading in ruleset.iter(RULESET + 'house-reading'):
        title = words(reading.find(RULESET + 'title').text)
        check(title in titles, '%s: house reading "%s" is listed' % (rid, title))

    options = sections.get('options')
    check(options is not None and texts(options.find(MALLARD + 'title')) == 'Options',
          '%s: a section "Options"' % rid)
    titles = set()
    if options is not None:
        # An option is a titled item; its choices are titled too, or
        # named in emphasis at the head of each of its list items.
        titles = {texts(t) for t in options.iter(MALLARD + 'title')}
        titles |= {texts(e) for e in options.iter(MALLARD + 'em')}
    for option in ruleset.iter(RULESET + 'option'):
        name = words(option.find(RULESET + 'name').text)
        check(name in titles, '%s: option "%s" is listed' % (rid, name))
        for choice in option.iter(RULESET + 'choice'):
            choice_name = words(choice.find(RULESET + 'name').text)
            check(choice_name in titles, '%s: choice "%s" of "%s" is listed' % (rid, choice_name, name))

    check('(help/C/rules-%s.page)' % rid in readme, '%s: README.md links to the page' % rid)

print('1..%d' % n)
sys.exit(1 if failed else 0)
