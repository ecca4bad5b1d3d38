#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A campaign from its first minute, through the accessibility bus only:
from an empty library, a campaign with two forces, a recruit for each,
a character sheet edited, a game planned, its results recorded with a
kill and a man out of action, its between-game sequence run and undone,
the log read and the Figure Stats sheet previewed.

    journey.py pointer    presses what it finds with its accessible action
    journey.py keyboard   reaches everything with keys alone (Tab, arrows,
                          Enter, Space, Shift+F10, shortcuts)
"""

import sys

from musterjourney import (Journey, Muster, click, do_action, find, find_all,
                           has_state, name, on_screen, role, set_text, wait_find,
                           wait_for, description, text, children)
import musterjourney as mj

CAMPAIGN = 'Talavera'
BRITISH = 'Light Company'
FRENCH = 'Voltigeurs'
SHARPE = 'Richard Sharpe'
LEFORT = 'Jean Lefort'
GAME = 'The Bridge'


def field(root, node_name):
    """Waits for the text field @node_name on screen: the text itself,
    which takes the focus, within its row."""
    what = 'the field “%s”' % (node_name if isinstance(node_name, str) else '…')
    return wait_for(what, lambda: (find_all(root, 'text', node_name, shown=True) or [None])[-1])


def shown(root, role_name, node_name, **kw):
    """Waits for the control @role_name called @node_name on screen."""
    what = '%s “%s”' % (role_name, node_name if isinstance(node_name, str) else '…')
    return wait_find(root, what, role_name, node_name, shown=True, **kw)


class Pointer:
    """Presses with the accessible actions, fills fields with their text
    interface: what a screen reader or a test tool does."""

    name = 'pointer'

    def __init__(self, muster):
        self.muster = muster

    def press(self, node):
        assert has_state(node, 'sensitive'), '“%s” is disabled' % name(node)
        click(node)

    def fill(self, field, value):
        # Clicked into, as a person does (GTK 4.8 cannot give the focus
        # through the accessibility bus), then filled.
        if not has_state(field, 'focused'):
            mj.pointer_click(field)
            wait_for('the focus in “%s”' % name(field), lambda: has_state(field, 'focused'))
        set_text(field, value)
        wait_for('“%s” in “%s”' % (value, name(field)), lambda: text(field) == value)

    def choose(self, window, combo, item):
        do_action(combo, 'combo.popup')
        option = shown(window, 'list item', item)
        do_action(option, 'row.activate')
        wait_for('“%s” chosen in “%s”' % (item, name(combo)),
                 lambda: description(combo).split('\n')[0] == item)

    def toggle(self, node):
        do_action(node, 'check.toggle', 'click')

    def activate_row(self, row):
        do_action(row, 'row.activate')

    def page(self, window, tab):
        click(shown(window, 'page tab', tab))
        wait_for('the %s page' % tab, lambda: has_state(find(window, 'page tab', tab, shown=True), 'selected'))

    def close(self, window):
        click(shown(window, 'push button', 'Close'))

    def row_menu(self, window, row, item):
        # The menu a secondary click opens on the row.
        mj.pointer_click(row, button=3)
        click(shown(window, 'menu item', item))

    def menu_choose(self, window, role_name, item):
        click(shown(window, role_name, item))


class Keyboard:
    """Reaches every control with keys alone: Tab and Shift+Tab to move,
    arrows in lists, Space and Enter to press, the menu keys."""

    name = 'keyboard'

    def __init__(self, muster):
        self.muster = muster

    def focus(self, window, node, backwards=False, limit=120):
        """Tabs until @node has the focus."""
        for _ in range(limit):
            current = mj.focused(window)
            # A menu button's focus is on the button inside it.
            if has_state(node, 'focused') or (current is not None and mj.is_ancestor(node, current)):
                return
            mj.key('Tab', *(('shift',) if backwards else ()))
            wait_for('the focus to move on from “%s”' % (name(current) if current else ''),
                     lambda: mj.focused(window) != current or current is None)
        raise AssertionError('Tab never reached “%s” (%s)' % (name(node), role(node)))

    def press(self, node):
        assert has_state(node, 'sensitive'), '“%s” is disabled' % name(node)
        window = mj.toplevel_of(node)
        self.focus(window, node)
        mj.key('space')

    def fill(self, field, value):
        window = mj.toplevel_of(field)
        self.focus(window, field)
        mj.key('a', 'ctrl')
        mj.type_text(value)
        wait_for('“%s” in “%s”' % (value, name(field)), lambda: text(field) == value)

    def choose(self, window, combo, item):
        self.focus(window, combo)
        current = description(combo).split('\n')[0]
        if current == item:
            return
        mj.key('space')
        self.down_to(window, shown(window, 'list item', item), 'the list', 60)
        mj.key('Return')
        wait_for('“%s” chosen in “%s”' % (item, name(combo)),
                 lambda: description(combo).split('\n')[0] == item)

    def toggle(self, node):
        self.focus(mj.toplevel_of(node), node)
        mj.key('space')

    def activate_row(self, row):
        window = mj.toplevel_of(row)
        self.reach_row(window, row)
        mj.key('Return')

    def reach_row(self, window, row):
        """Tabs into the row's list, then walks it with the arrows."""
        if has_state(row, 'focused'):
            return
        for _ in range(120):
            focus = mj.focused(window)
            if focus is not None and role(focus) in ('list item', 'table row', 'table cell') and \
                    mj.is_ancestor(mj.parent(row), focus):
                break
            mj.key('Tab')
            wait_for('the focus to move on', lambda: mj.focused(window) != focus)
        for key in ('Home', 'Down'):
            for _ in range(200):
                if has_state(row, 'focused'):
                    return
                before = mj.focused(window)
                mj.key(key)
                if key == 'Home':
                    break
                wait_for('the focus to move down the list', lambda: mj.focused(window) != before)
        assert has_state(row, 'focused'), 'the arrows never reached “%s”' % name(row)

    def page(self, window, tab):
        node = shown(window, 'page tab', tab)
        self.focus(window, node)
        mj.key('space')
        wait_for('the %s page' % tab, lambda: has_state(node, 'selected'))

    def close(self, window):
        mj.key('w', 'ctrl')

    def row_menu(self, window, row, item):
        self.reach_row(window, row)
        mj.key('F10', 'shift')
        self.down_to(window, shown(window, 'menu item', item), 'the menu', 20)
        mj.key('Return')

    def menu_choose(self, window, role_name, item):
        """In the menu open, down to @item and Enter."""
        self.down_to(window, shown(window, role_name, item), 'the menu', 40)
        mj.key('Return')

    def down_to(self, window, node, what, limit):
        """Presses Down until @node, in @what, has the focus."""
        for _ in range(limit):
            if has_state(node, 'focused'):
                return
            before = mj.focused(window)
            mj.key('Down')
            wait_for('the focus to move down %s' % what, lambda: mj.focused(window) != before)


# --- The journey's steps ------------------------------------------------------


def start(j, driver_class):
    j.muster = Muster()
    j.driver = driver_class(j.muster)
    j.main = j.muster.window('Muster', active=True)
    # The empty library: its page offers a campaign, no dialog asks.
    shown(j.main, 'label', 'No Campaigns')
    assert [name(w) for w in j.muster.windows()] == ['Muster'], 'a window besides the main one opened'


def create_campaign(j):
    if j.driver.name == 'keyboard':
        mj.key('n', 'ctrl')
    else:
        j.driver.press(shown(j.main, 'push button', 'New Campaign'))
    dialog = j.muster.window('New Campaign', active=True)
    entry = field(dialog, 'Name')
    wait_for('the focus in the campaign’s name', lambda: has_state(entry, 'focused'))
    j.driver.fill(entry, CAMPAIGN)
    ruleset = shown(dialog, 'combo box', 'Ruleset')
    j.driver.choose(dialog, ruleset, "Sharpe's Skirmish")
    j.driver.press(shown(dialog, 'push button', 'Create'))
    j.muster.gone('New Campaign')
    row = shown(j.main, 'list item', CAMPAIGN)
    wait_for('the new campaign opened, with the focus', lambda: has_state(row, 'selected') and has_state(row, 'focused'))


def add_force(j, force, side):
    j.driver.press(shown(j.main, 'push button', 'New Force'))
    dialog = j.muster.window('New Force', active=True)
    entry = field(dialog, 'Name')
    wait_for('the focus in the force’s name', lambda: has_state(entry, 'focused'))
    j.driver.fill(entry, force)
    j.driver.fill(field(dialog, lambda n: n.startswith('Side')), side)
    j.driver.press(shown(dialog, 'push button', 'Add'))
    j.muster.gone('New Force')


def add_forces(j):
    # No force yet: New Unit has no business here, Recruit is disabled and says why.
    recruit = shown(j.main, 'push button', 'Recruit')
    assert not has_state(recruit, 'sensitive')
    assert 'Add a force first' in description(recruit), description(recruit)
    add_force(j, BRITISH, 'British')
    wait_for('Recruit enabled', lambda: has_state(recruit, 'sensitive'))
    if j.driver.name == 'keyboard':
        # The campaign menu, by keyboard.
        menu = shown(j.main, 'push button', 'Campaign Menu')
        j.driver.press(menu)
        item = shown(j.main, 'menu item', 'New Force…')
        mj.key('Down')
        for _ in range(10):
            if has_state(item, 'focused'):
                break
            before = mj.focused(j.main)
            mj.key('Down')
            wait_for('the focus to move down the menu', lambda: mj.focused(j.main) != before)
        mj.key('Return')
        dialog = j.muster.window('New Force', active=True)
        entry = field(dialog, 'Name')
        wait_for('the focus in the force’s name', lambda: has_state(entry, 'focused'))
        j.driver.fill(entry, FRENCH)
        j.driver.fill(field(dialog, lambda n: n.startswith('Side')), 'French')
        j.driver.press(shown(dialog, 'push button', 'Add'))
        j.muster.gone('New Force')
    else:
        click(shown(j.main, 'push button', 'Campaign Menu'))
        click(shown(j.main, 'menu item', 'New Force…'))
        dialog = j.muster.window('New Force', active=True)
        j.driver.fill(field(dialog, 'Name'), FRENCH)
        j.driver.fill(field(dialog, lambda n: n.startswith('Side')), 'French')
        j.driver.press(shown(dialog, 'push button', 'Add'))
        j.muster.gone('New Force')


def recruit(j, force, who, troop_type):
    if j.driver.name == 'keyboard':
        mj.key('r', 'ctrl')
    else:
        j.driver.press(shown(j.main, 'push button', 'Recruit'))
    dialog = j.muster.window('Recruit', active=True)
    combo = shown(dialog, 'combo box', 'Force')
    wait_for('the focus on the first field', lambda: has_state(combo, 'focused'))
    j.driver.choose(dialog, combo, force)
    j.driver.choose(dialog, shown(dialog, 'combo box', 'Troop Type'), troop_type)
    # Each rolled value says its dice; a fixed one says it is fixed.
    initiative = shown(dialog, 'spin button', lambda n: n.startswith('Initiative'))
    assert description(initiative).startswith('1d6: '), description(initiative)
    firing = shown(dialog, 'spin button', lambda n: n.startswith('Firing'))
    if troop_type == 'Line infantry':
        assert description(firing) == 'Always 6 for this troop type', description(firing)
    j.driver.fill(field(dialog, 'Name'), who)
    j.driver.press(shown(dialog, 'push button', 'Recruit'))
    j.muster.gone('Recruit')
    shown(j.main, 'table row', who)


def roster_order(j):
    """The names of the roster's rows, top to bottom."""
    rows = [r for r in find_all(j.main, 'table row', None, shown=True) if name(r) in (SHARPE, LEFORT)]
    return [name(r) for r in sorted(rows, key=lambda r: mj.extents(r)[1])]


def sort_roster(j):
    # By name as it opens, then by force from the rows' menu, the way a
    # keyboard sorts (the headings take no focus).
    wait_for('the roster by name', lambda: roster_order(j) == [LEFORT, SHARPE])
    j.driver.row_menu(j.main, shown(j.main, 'table row', LEFORT), 'Sort By')
    j.driver.menu_choose(j.main, 'menu item', 'Force')
    wait_for('the roster by force', lambda: roster_order(j) == [SHARPE, LEFORT])
    wait_for('the menu closed', lambda: find(j.main, 'menu item', 'Ascending') is None)


def edit_sheet(j):
    row = shown(j.main, 'table row', SHARPE)
    j.driver.activate_row(row)
    sheet = j.muster.window(SHARPE, active=True)
    rank = field(sheet, 'Rank')
    j.driver.fill(rank, 'Captain')
    if j.driver.name == 'keyboard':
        mj.key('Return')
    else:
        j.driver.press(shown(sheet, 'push button', 'Apply'))
    j.driver.close(sheet)
    j.muster.gone(SHARPE)
    # Kept: his sheet opens with it.
    j.driver.activate_row(shown(j.main, 'table row', SHARPE))
    sheet = j.muster.window(SHARPE, active=True)
    rank = field(sheet, 'Rank')
    wait_for('the rank kept', lambda: text(rank) == 'Captain')
    j.driver.close(sheet)
    j.muster.gone(SHARPE)


def plan_game(j):
    j.driver.page(j.main, 'Games')
    if j.driver.name == 'keyboard':
        mj.key('g', 'ctrl')
    else:
        j.driver.press(shown(j.main, 'push button', 'New Game'))
    dialog = j.muster.window('New Game', active=True)
    entry = field(dialog, 'Title')
    wait_for('the focus on the title', lambda: has_state(entry, 'focused'))
    j.driver.fill(entry, GAME)
    for who in (SHARPE, LEFORT):
        j.driver.toggle(shown(dialog, 'check box', who))
    j.driver.press(shown(dialog, 'push button', 'Create'))
    j.muster.gone('New Game')
    shown(j.main, 'table row', lambda n: GAME in n)


def record_results(j):
    j.driver.press(shown(j.main, 'push button', 'Record Results…'))
    dialog = j.muster.window('Record Results', active=True)
    # No winner asked here: Finish… asks.
    assert find(dialog, 'combo box', 'Winner') is None
    for who, outcome in ((LEFORT, 'Out of action'), (SHARPE, 'Unhurt')):
        header = shown(dialog, 'list item', who)
        assert has_state(header, 'expandable') and not has_state(header, 'expanded')
        j.driver.activate_row(header)
        wait_for('%s’s results shown' % who, lambda: has_state(header, 'expanded'))
        combos = [c for c in find_all(dialog, 'combo box', 'What happened', shown=True)
                  if mj.is_ancestor(mj.parent(mj.parent(header)), c)]
        j.driver.choose(dialog, combos[0], outcome)
        if who == SHARPE:
            j.driver.toggle(shown(dialog, 'check box', 'Put %s out of action' % LEFORT))
    j.driver.press(shown(dialog, 'push button', 'Save'))
    j.muster.gone('Record Results')


def finish_game(j):
    j.driver.press(shown(j.main, 'push button', 'Finish…'))
    # A message dialog is never said to be active by GTK 4.8.
    who_won = j.muster.window('Who Won?')
    j.driver.press(shown(who_won, 'push button', 'British'))
    j.muster.gone('Who Won?')


def resolve(j):
    j.driver.press(shown(j.main, 'push button', 'Resolve…'))
    dialog = j.muster.window('Resolve Game', active=True)
    j.driver.press(shown(dialog, 'push button', 'Resolve'))
    done = shown(dialog, 'push button', 'Done')
    j.driver.press(done)
    j.muster.gone('Resolve Game')
    shown(j.main, 'table row', lambda n: GAME in n, description='Resolved')


def undo_resolution(j):
    j.driver.press(shown(j.main, 'push button', 'Undo Last Resolution'))
    dialog = j.muster.window('Undo Last Resolution?')
    j.driver.press(shown(dialog, 'push button', 'Undo Resolution'))
    j.muster.gone('Undo Last Resolution?')
    shown(j.main, 'table row', lambda n: GAME in n, description='Played')


def read_log(j):
    j.driver.page(j.main, 'Log')
    for needle in (CAMPAIGN, BRITISH, SHARPE, GAME):
        shown(j.main, 'table row', lambda n, needle=needle: needle in n)


def print_preview(j):
    j.driver.page(j.main, 'Roster')
    if j.driver.name == 'keyboard':
        mj.key('p', 'ctrl')
    else:
        j.driver.press(shown(j.main, 'push button', 'Print'))
    dialog = j.muster.window('Print', active=True)
    sheet = shown(dialog, 'combo box', 'Sheet')
    assert description(sheet).startswith('Figure Stats'), description(sheet)
    if j.driver.name == 'keyboard':
        mj.key('p', 'ctrl', 'shift')
    else:
        j.driver.press(shown(dialog, 'push button', 'Preview'))
    preview = wait_for('the print preview', lambda: next(
        (w for w in j.muster.windows() if 'Preview' in name(w)), None))
    shown(preview, 'label', lambda n: 'Page 1' in n or '1 /' in n or 'of 1' in n)


def main():
    kind = sys.argv[1] if len(sys.argv) > 1 else 'pointer'
    driver_class = {'pointer': Pointer, 'keyboard': Keyboard}[kind]
    j = Journey()
    j.step('reach the accessibility bus', mj.check_bus)
    j.step('start Muster on an empty library', start, j, driver_class)
    j.step('create a campaign', create_campaign, j)
    j.step('add two forces', add_forces, j)
    j.step('recruit a British officer', recruit, j, BRITISH, SHARPE, 'Rifle officer')
    j.step('recruit a French voltigeur', recruit, j, FRENCH, LEFORT, 'Voltigeur')
    j.step('sort the roster from the rows\' menu', sort_roster, j)
    j.step('edit a field of a character sheet', edit_sheet, j)
    j.step('plan a game', plan_game, j)
    j.step('record a kill and a man out of action', record_results, j)
    j.step('finish the game with its winner', finish_game, j)
    j.step('run the between-game sequence', resolve, j)
    j.step('undo it', undo_resolution, j)
    j.step('read the log', read_log, j)
    j.step('preview the Figure Stats sheet', print_preview, j)
    j.finish()


if __name__ == '__main__':
    main()
