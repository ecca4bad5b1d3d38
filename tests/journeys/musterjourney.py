# SPDX-License-Identifier: GPL-3.0-or-later
"""Drives the real muster binary through the accessibility bus (AT-SPI),
as a screen reader or a person with a keyboard would: it finds controls by
their role and accessible name, presses them with their accessible action
or with keys, and reads back names, states and text.

Each journey is a program that prints TAP: one point per step. A step
waits for the state it needs (a window, a name, a state), polling the
tree; a state that never comes is caught by meson's timeout, and the last
line printed says what was awaited. Nothing waits for a length of time.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import warnings

try:
    import gi

    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi, Gio, GLib  # noqa: E402
except (ImportError, ValueError) as e:
    print('Bail out! %s cannot drive Muster through AT-SPI (%s): install python3-gi and '
          'gir1.2-atspi-2.0 (build-aux/setup.sh does)' % (sys.executable, e), flush=True)
    sys.exit(1)

# Atspi 2.46 marks the per-interface getters deprecated in favour of
# the same calls on the object itself; both work there.
warnings.simplefilter('ignore', DeprecationWarning)

# Between two looks at the tree while waiting for a state: short, and
# never the reason a test passes.
POLL_SECONDS = 0.05
# How long a state may take to come before the journey fails saying
# which: generous, for a machine busy with other builds.
WAIT_LIMIT_SECONDS = float(os.environ.get('MUSTER_JOURNEY_WAIT_LIMIT', '120'))

# X keysyms the journeys press.
KEYS = {
    'Return': 0xff0d, 'Escape': 0xff1b, 'Tab': 0xff09, 'ISO_Left_Tab': 0xfe20,
    'space': 0x20, 'Down': 0xff54, 'Up': 0xff52, 'Left': 0xff51, 'Right': 0xff53,
    'Home': 0xff50, 'End': 0xff57, 'Menu': 0xff67, 'F10': 0xffc7, 'BackSpace': 0xff08,
    'Delete': 0xffff, 'Page_Down': 0xff56, 'Page_Up': 0xff55,
}
# X modifier masks, locked while a key is pressed with them.
MODIFIERS = {'shift': 1 << 0, 'ctrl': 1 << 2, 'alt': 1 << 3}


def log(message):
    print('# ' + message.replace('\n', '\n# '), flush=True)


# --- Reading the tree ---------------------------------------------------

def states(node):
    try:
        return {Atspi.StateType(s).value_nick for s in node.get_state_set().get_states()}
    except GLib.Error:
        return set()


def has_state(node, state):
    return state in states(node)


def role(node):
    try:
        return node.get_role_name()
    except GLib.Error:
        return ''


def name(node):
    try:
        return node.get_name() or ''
    except GLib.Error:
        return ''


def description(node):
    try:
        return node.get_description() or ''
    except GLib.Error:
        return ''


def children(node):
    try:
        count = node.get_child_count()
    except GLib.Error:
        return []
    result = []
    for i in range(count):
        try:
            child = node.get_child_at_index(i)
        except GLib.Error:
            continue
        if child is not None:
            result.append(child)
    return result


def actions(node):
    try:
        count = node.get_n_actions()
    except (GLib.Error, AttributeError):
        return []
    result = []
    for i in range(count):
        try:
            result.append(node.get_action_name(i))
        except GLib.Error:
            pass
    return result


def text(node):
    """The text @node shows; for the text of an entry row, which GTK 4.8
    gives no text interface, its row's."""
    for _ in range(4):
        if node is None:
            return None
        try:
            iface = node.get_text_iface()
            if iface is not None:
                return iface.get_text(0, iface.get_character_count())
        except GLib.Error:
            return None
        node = parent(node)
        if node is None or role(node) not in ('text', 'panel', 'filler', 'entry'):
            return None
    return None


def relation_targets(node, relation):
    targets = []
    try:
        for r in node.get_relation_set():
            if r.get_relation_type().value_nick == relation:
                targets += [r.get_target(i) for i in range(r.get_n_targets())]
    except GLib.Error:
        pass
    return targets


def parent(node):
    try:
        return node.get_parent()
    except GLib.Error:
        return None


def is_ancestor(ancestor, node):
    depth = 0
    while node is not None and depth < 200:
        if node == ancestor:
            return True
        node = parent(node)
        depth += 1
    return False


def toplevel_of(node):
    last = node
    while node is not None:
        if role(node) == 'application':
            return last
        last = node
        node = parent(node)
    return last


def extents(node):
    try:
        rect = node.get_extents(Atspi.CoordType.WINDOW)
        return rect.x, rect.y, rect.width, rect.height
    except GLib.Error:
        return None


def on_screen(node):
    """Whether @node is drawn where a person could see and click it.

    GTK 4.8 calls every widget in the tree "showing", even on a stack's
    hidden pages, so ask the window which widget is at the centre of
    @node instead. A widget that cannot be picked (one that is not
    sensitive) counts as shown when what is picked there is its ancestor.
    """
    box = extents(node)
    if box is None or box[2] <= 0 or box[3] <= 0:
        return False
    # A popover is a surface of its own, which the window does not pick
    # from; GTK lists it only while it is shown.
    ancestor = parent(node)
    while ancestor is not None and role(ancestor) not in ('frame', 'dialog', 'window', 'application'):
        if role(ancestor) == 'menu' or name(ancestor) in ('GtkPopover', 'GtkPopoverMenu'):
            return True
        ancestor = parent(ancestor)
    top = toplevel_of(node)
    if role(top) not in ('frame', 'dialog', 'window', 'alert', 'file chooser'):
        return True
    try:
        hit = top.get_accessible_at_point(box[0] + box[2] // 2, box[1] + box[3] // 2,
                                          Atspi.CoordType.WINDOW)
    except GLib.Error:
        return True
    if hit is None:
        # What is there has no accessible of its own (an icon in a button).
        return True
    if is_ancestor(node, hit):
        return True
    return is_ancestor(hit, node) and not has_state(node, 'sensitive')


def walk(node, depth=0, max_depth=80):
    yield node
    if depth >= max_depth:
        return
    for child in children(node):
        yield from walk(child, depth + 1, max_depth)


def matches(node, role_name=None, node_name=None, shown=False, **kw):
    if role_name is not None and role(node) not in (role_name if isinstance(role_name, tuple) else (role_name,)):
        return False
    if node_name is not None:
        actual = name(node)
        if callable(node_name):
            if not node_name(actual):
                return False
        elif actual != node_name:
            return False
    if kw.get('state') is not None and not has_state(node, kw['state']):
        return False
    if kw.get('description') is not None and kw['description'] not in description(node):
        return False
    if shown and not on_screen(node):
        return False
    return True


def find_all(root, role_name=None, node_name=None, shown=False, **kw):
    return [n for n in walk(root) if matches(n, role_name, node_name, shown, **kw)]


def find(root, role_name=None, node_name=None, shown=False, **kw):
    for n in walk(root):
        if matches(n, role_name, node_name, shown, **kw):
            return n
    return None


def dump(node, depth=0, out=None):
    """The tree under @node, one line a node: what a failure shows."""
    lines = out if out is not None else []
    extra = ''
    t = text(node)
    if t:
        extra += ' text=%r' % t[:60]
    acts = actions(node)
    if acts:
        extra += ' actions=%s' % acts
    desc = description(node)
    if desc:
        extra += ' description=%r' % desc
    interesting = sorted(states(node) & {'focused', 'selected', 'checked', 'expanded', 'expandable',
                                        'active', 'modal', 'editable'})
    if not has_state(node, 'sensitive'):
        interesting.append('insensitive')
    lines.append('%s[%s] %r %s%s' % ('  ' * depth, role(node), name(node), ','.join(interesting), extra))
    if depth < 60:
        for child in children(node):
            dump(child, depth + 1, lines)
    return lines


# --- Waiting --------------------------------------------------------------

# Called before each look while waiting: each raises when waiting is
# pointless (Muster has exited).
GUARDS = []


def wait_for(what, check):
    """Polls @check until it returns something true, and returns that;
    fails naming @what when it has not come within the limit."""
    log('waiting for ' + what)
    deadline = time.monotonic() + WAIT_LIMIT_SECONDS
    while True:
        for guard in GUARDS:
            guard()
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError('%s never came in %d s' % (what, WAIT_LIMIT_SECONDS))
        time.sleep(POLL_SECONDS)


def check_bus():
    """Fails, saying why, when there is no accessibility bus to drive
    Muster through: a journey never passes by doing nothing."""
    if not os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
        raise RuntimeError('no D-Bus session bus (DBUS_SESSION_BUS_ADDRESS is not set): '
                           'run the journeys under dbus-run-session, as build-aux/test.sh does')
    if not os.environ.get('DISPLAY') and not os.environ.get('WAYLAND_DISPLAY'):
        raise RuntimeError('no display: run the journeys under xvfb-run, as build-aux/test.sh does')
    try:
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        reply = bus.call_sync('org.a11y.Bus', '/org/a11y/bus', 'org.a11y.Bus', 'GetAddress',
                              None, GLib.VariantType.new('(s)'), Gio.DBusCallFlags.NONE,
                              60000, None)
    except GLib.Error as e:
        raise RuntimeError('the accessibility bus cannot be reached (%s): install at-spi2-core '
                           '(build-aux/setup.sh does)' % e.message) from None
    address = reply.unpack()[0]
    if Atspi.init() not in (0, 1):
        raise RuntimeError('AT-SPI could not start on the accessibility bus at %s' % address)
    if Atspi.get_desktop(0) is None:
        raise RuntimeError('the accessibility bus at %s has no desktop: is at-spi2-registryd running?' % address)
    log('the accessibility bus is at ' + address)


# --- The application ------------------------------------------------------

class Muster:
    """The muster binary on a library of its own, started with the
    accessibility bus on, and what it shows."""

    def __init__(self, settings=None):
        self.folder = tempfile.mkdtemp(prefix='muster-journey-')
        self.library = os.path.join(self.folder, 'library.db')
        env = dict(os.environ)
        # The journeys need the accessibility bus the other GUI tests turn off.
        env.pop('NO_AT_BRIDGE', None)
        env.pop('GTK_A11Y', None)
        env['MUSTER_LIBRARY'] = self.library
        env['XDG_DATA_HOME'] = os.path.join(self.folder, 'data')
        env['XDG_CONFIG_HOME'] = os.path.join(self.folder, 'config')
        env['XDG_CACHE_HOME'] = os.path.join(self.folder, 'cache')
        env['XDG_STATE_HOME'] = os.path.join(self.folder, 'state')
        if settings:
            # A window of a given size: the keyfile backend reads its
            # settings from this journey's own folder.
            path = os.path.join(self.folder, 'config', 'glib-2.0', 'settings')
            os.makedirs(path)
            with open(os.path.join(path, 'keyfile'), 'w', encoding='utf-8') as keyfile:
                keyfile.write('[io/github/musterapp/Muster]\n')
                for key, value in settings.items():
                    keyfile.write('%s=%s\n' % (key, value))
            env['GSETTINGS_BACKEND'] = 'keyfile'
        else:
            env['GSETTINGS_BACKEND'] = 'memory'
        binary = os.environ.get('MUSTER_BINARY', 'muster')
        self.process = subprocess.Popen([binary, '--library', self.library], env=env)
        GUARDS.append(self._check_running)
        # The number of windows when each was found: see gone().
        self.counts = {}
        self.app = wait_for('the application on the accessibility bus', self._find_app)

    def _check_running(self):
        if self.process.poll() is not None:
            raise RuntimeError('muster exited with status %d' % self.process.returncode)

    def _find_app(self):
        desktop = Atspi.get_desktop(0)
        for app in children(desktop):
            try:
                if app.get_process_id() == self.process.pid and app.get_child_count() > 0:
                    # Read from the application each time, never from a
                    # copy: GTK 4.8 sometimes says a window is gone as a
                    # dialog closes, and a copy would believe it.
                    app.set_cache_mask(Atspi.Cache.NONE)
                    return app
            except GLib.Error:
                continue
        return None

    def windows(self):
        return children(self.app)

    def applications(self):
        """What the accessibility bus lists: what a failure shows."""
        result = []
        for app in children(Atspi.get_desktop(0)):
            try:
                result.append('%s (process %d, %d windows)' % (name(app), app.get_process_id(),
                                                               app.get_child_count()))
            except GLib.Error as e:
                result.append('%s (%s)' % (name(app), e.message))
        return ', '.join(result)

    def window(self, window_name, active=False):
        """Waits for the toplevel called @window_name (and for it to have
        the keyboard focus, when @active) and returns it."""
        def check():
            for w in self.windows():
                if name(w) == window_name and (not active or has_state(w, 'active')):
                    self.counts[window_name] = self._window_count()
                    return w
            return None
        return wait_for('the window “%s”%s' % (window_name, ' to be active' if active else ''), check)

    def _window_count(self):
        try:
            return self.app.get_child_count()
        except GLib.Error:
            return -1

    def gone(self, window_name):
        # GTK 4.8 still lists a window as it is destroyed, with no path of
        # its own: asking the application for its windows then crashes it
        # (a NULL object path in GetChildAtIndex). Its number of windows
        # is asked alone until the closing window has left the list.
        before = self.counts.pop(window_name, None)
        if before is not None:
            wait_for('the window “%s” to leave the list' % window_name,
                     lambda: self._window_count() < before)
        wait_for('the window “%s” to close' % window_name,
                 lambda: all(name(w) != window_name for w in self.windows()))

    def quit(self):
        if self._check_running in GUARDS:
            GUARDS.remove(self._check_running)
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)

    def dump(self):
        lines = ['muster is process %d (%s); the bus lists: %s'
                 % (self.process.pid, 'running' if self.process.poll() is None else 'exited',
                    self.applications())]
        for w in self.windows():
            dump(w, 0, lines)
        return '\n'.join(lines)


def wait_find(root, what, role_name=None, node_name=None, shown=True, **kw):
    return wait_for(what, lambda: find(root, role_name, node_name, shown, **kw))


# --- Doing ----------------------------------------------------------------

def do_action(node, *wanted):
    """Runs the first of the actions @wanted that @node offers."""
    offered = actions(node)
    for action in wanted:
        if action in offered:
            node.do_action(offered.index(action))
            return action
    raise AssertionError('“%s” (%s) offers none of %s, only %s' % (name(node), role(node), wanted, offered))


def click(node):
    return do_action(node, 'click', 'activate', 'press', 'toggle', 'menu.popup', 'row.activate')


def set_text(node, value):
    iface = node.get_editable_text_iface()
    assert iface is not None, '“%s” (%s) is not editable' % (name(node), role(node))
    iface.set_text_contents(value)


def pointer_click(node, button=1):
    """A real click of the pointer at the centre of @node. With no window
    manager the window sits at the screen's corner, so its coordinates are
    the screen's."""
    box = extents(node)
    x, y = box[0] + box[2] // 2, box[1] + box[3] // 2
    Atspi.generate_mouse_event(x, y, 'abs')
    Atspi.generate_mouse_event(x, y, 'b%dc' % button)


def key(keysym, *modifiers):
    """Presses the key @keysym (a name in KEYS or one character) with
    @modifiers ('ctrl', 'shift', 'alt') held down."""
    mask = 0
    for m in modifiers:
        mask |= MODIFIERS[m]
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.LOCKMODIFIERS)
    code = KEYS[keysym] if keysym in KEYS else ord(keysym)
    Atspi.generate_keyboard_event(code, None, Atspi.KeySynthType.SYM)
    if mask:
        Atspi.generate_keyboard_event(mask, None, Atspi.KeySynthType.UNLOCKMODIFIERS)


def type_text(value):
    Atspi.generate_keyboard_event(0, value, Atspi.KeySynthType.STRING)


def focused(root):
    for n in walk(root):
        if has_state(n, 'focused'):
            return n
    return None


# --- TAP ------------------------------------------------------------------

class Journey:
    """Runs the steps of a journey as TAP test points; the first that
    fails ends it, with the tree of every window in the log."""

    def __init__(self):
        self.count = 0
        self.muster = None
        # Stopped by meson's timeout: Muster and its folder go too.
        signal.signal(signal.SIGTERM, self._terminated)

    def _terminated(self, signum, frame):
        log('stopped from outside')
        if self.muster is not None:
            self.muster.quit()
        print('Bail out! stopped before the journey ended', flush=True)
        os._exit(1)

    def step(self, what, function, *args):
        self.count += 1
        log('step %d: %s' % (self.count, what))
        try:
            result = function(*args)
        except Exception:  # noqa: BLE001 - any failure ends the journey
            print('not ok %d - %s' % (self.count, what), flush=True)
            log(traceback.format_exc())
            if self.muster is not None:
                log('The windows were:\n' + self.muster.dump())
            self.finish(failed=True)
        print('ok %d - %s' % (self.count, what), flush=True)
        return result

    def finish(self, failed=False):
        if self.muster is not None:
            self.muster.quit()
        print('1..%d' % self.count, flush=True)
        sys.exit(1 if failed else 0)
