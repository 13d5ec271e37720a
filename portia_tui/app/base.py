"""The base every portia app shares: themes (built-in and the user's), the persisted choice."""

from __future__ import annotations

import inspect
from collections import deque
from typing import Any

from textual import constants, events
from textual.app import App
from textual.binding import Binding
from textual.command import CommandList, CommandPalette, SimpleProvider
from textual.css.query import NoMatches
from textual.dom import DOMNode
from textual.reactive import Initialize, Reactive
from textual.screen import Screen
from textual.theme import ThemeProvider
from textual.widgets import OptionList

from portia_tui.core.errors import PortiaError

from .settings import Settings
from .themes import DEFAULT_THEME, ThemeSet, load_themes

#: how long (seconds) a notice about a bad theme or settings file stays up
NOTICE_TIMEOUT = 12.0


class PortiaPalette(CommandPalette):
    """Textual's command palette, with page up / page down of our own.

    Textual 8.2's CommandList pages through its lines with a map it builds when it is drawn:
    page up or page down before the first draw (ctrl+p and pageup in one burst) raised
    KeyError. These move the highlight by the list's height through its public API.
    """

    BINDINGS = [
        Binding("pagedown", "portia_page(1)", "Next page", show=False),
        Binding("pageup", "portia_page(-1)", "Previous page", show=False),
    ]

    _portia_closed = False
    #: seconds the keys after an enter wait at most for the command it chose (a safety net:
    #: the palette closes a few messages after the enter)
    HOLD_LIMIT = 5.0

    def on_key(self, event: events.Key) -> None:
        # Textual 8.2 selects a command a few messages after the enter (the input's enter
        # binding, Submitted, the list's OptionSelected), closes the palette, and runs the
        # command later still: the next key of a burst went to the palette as it closed and
        # was lost (ctrl+p, "undo", enter, q did not quit). Once the enter will choose a
        # command, the next keys wait until the command has run (dismiss releases them), or
        # go to the screen the command opens (push_screen releases them).
        if event.key != "enter" or self._portia_closed:
            return
        try:
            commands = self.query_one(CommandList)
        except NoMatches:
            return
        at = commands.highlighted
        if at is None and commands.option_count == 1:
            at = 0  # Textual chooses a lone command
        if (not commands.has_class("--visible") or at is None
                or commands.get_option_at_index(at).disabled):
            return  # nothing is chosen ("no matches", no list): the keys stay the palette's
        hold = getattr(self.app, "hold_keys", None)
        if hold is None:
            return
        token = object()
        hold(token)
        self._portia_hold = token
        # the app's timer: the palette's own would go with it, were it taken down otherwise
        self.app.set_timer(self.HOLD_LIMIT, lambda: self._portia_release(token))

    _portia_hold: object | None = None

    def _portia_release(self, token: object) -> None:
        release = getattr(self.app, "release_keys", None)
        if release is not None:
            release(token)

    def dismiss(self, result: Any = None):  # type: ignore[override]
        # Textual 8.2's palette dismisses itself from messages (an option selected, the
        # input submitted, escape) that a burst can queue twice: a second dismiss, once the
        # palette is no longer on top, raised ScreenStackError. It closes once.
        if self._portia_closed or not self.is_current:
            return None
        self._portia_closed = True
        token = self._portia_hold
        if token is not None:
            # Textual queues the chosen command (call_later) just after this dismiss: the
            # keys go on once it has run (a callback queued from a callback runs after it)
            app = self.app
            app.call_later(lambda: app.call_later(self._portia_release, token))
        # its worker that gathers commands looks its list up; once the palette is taken
        # down that raised NoMatches (Textual 8.2): stopped first
        self.app.workers.cancel_node(self)
        return super().dismiss(result)

    def run_worker(self, work: Any, *args: Any, **kwargs: Any):  # type: ignore[override]
        # keys typed after the palette answered (backspace in a burst) start a new gather
        # of commands, whose list is gone once the palette closes: cancelled at once
        if inspect.iscoroutinefunction(getattr(work, "func", work)):
            work = self._portia_guarded(work)
        worker = super().run_worker(work, *args, **kwargs)
        if self._portia_closed:
            worker.cancel()
        return worker

    def _portia_guarded(self, work: Any) -> Any:
        # Textual 8.2: the gathering worker looks its CommandList up, and a palette taken
        # down by another way than its own dismiss had lost it: NoMatches, and the app
        # stopped (random burst 37 of the truth editor, every time at load 30: the palette
        # was open over the unsaved-changes dialog; which call took it down was not found).
        # With the list gone there is nothing to show commands in: the gathering ends
        # quietly. While the list is there, the error is raised.
        async def guarded() -> Any:
            try:
                return await work()
            except NoMatches:
                if self.query(CommandList):
                    raise
                return None

        return guarded

    def action_portia_page(self, direction: int) -> None:
        try:
            commands = self.query_one(CommandList)
        except NoMatches:  # closing: its widgets are gone
            return
        page_options(commands, direction)


def page_options(options: OptionList, direction: int) -> None:
    """Move an option list's highlight by its height (direction -1 up, 1 down), through its
    public API: Textual 8.2's own paging reads a map of its lines built when it is drawn."""
    count = options.option_count
    if not count:
        return
    at = options.highlighted
    if at is None:
        options.highlighted = 0 if direction < 0 else count - 1
        return
    page = max(1, options.scrollable_content_region.height)
    options.highlighted = min(max(at + direction * page, 0), count - 1)


def skip_layout_echo(screen: Screen, event: events.Resize) -> bool:
    """Call from a screen's ``on_resize``: a Resize at the size the screen was last laid out
    at is Textual's echo of that layout (a screen whose layout gives it its size is sent a
    Resize, and Textual's handler lays the whole screen out and paints it again, though
    nothing changed). That second pass is skipped (``prevent_default``, public API): it was
    a tenth of the Python calls of opening a 12 x 10 puzzle in the player and 8% in the
    editor. A real resize (the terminal's) comes with a size the screen was not laid out at,
    and goes on to Textual. Whether it was skipped. A screen that changes its own styles for
    a size (the player's columns) does so before, and lets the event go on if it did."""
    if event.size == screen.outer_size:
        event.prevent_default()
        return True
    return False


class PortiaApp(App):
    """Subclass this for every portia app (editor, player).

    When the app is constructed (``super().__init__(...)``, which every subclass calls) it:

    - registers the built-in themes and the user's (``<config dir>/themes/*.toml``); each bad
      theme file gives one warning notice naming the file and line, and is skipped;
    - applies the theme chosen last time (``settings.toml``), or ``portia-dark``; a saved theme
      that no longer exists gives a notice and the default;
    - from then on saves every change of ``self.theme`` (the command palette's "Change theme"
      included), so the choice persists.

    No event handler is involved, so a subclass may define ``on_mount``, ``watch_theme`` or
    ``__init__`` (calling ``super().__init__``) freely. Setting ``self.theme`` in code after
    ``super().__init__`` counts as a user choice and is saved.

    Subclasses may read ``self.settings`` (a ``portia_tui.app.settings.Settings``) to keep
    their own small settings next to the theme. Theme variables of their own are declared the
    Textual way, by overriding ``get_theme_variable_defaults``; theme files may then set them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        #: keys received and not yet handed on; the number of the key in flight (0: none)
        self._portia_keys: deque[events.Key] = deque()
        self._portia_key_busy = 0
        self._portia_key_count = 0
        #: tokens of workers about to open a screen (keys wait for it)
        self._portia_holds: set[object] = set()
        self._portia_exiting = False
        # the settings and themes are read before Textual's __init__, which builds the
        # stylesheet's variables from `self.theme`: its first read registers them and
        # starts on the chosen theme (see `theme` below), so the stylesheet is parsed once
        # with its colours (setting `self.theme` afterwards made Textual parse every
        # stylesheet again at start: 17k calls in each app's opening)
        self._portia_notices: list[str] = []
        self.settings = Settings.load()
        if self.settings.notice is not None:
            self._portia_notices.append(self.settings.notice)
        self.portia_themes: ThemeSet = load_themes(
            extra_variables=self.get_theme_variable_defaults()
        )
        self._portia_notices += [str(problem) for problem in self.portia_themes.problems]
        super().__init__(*args, **kwargs)
        # what Textual's theme watcher adds besides the colours (its -dark-mode and
        # -light-mode classes Textual's __init__ sets from the theme already)
        self.set_class(True, f"-theme-{self.theme}", update=False)
        for notice in self._portia_notices:
            self._portia_notice(notice)
        self.watch(self, "theme", self._portia_save_theme, init=False)

    def _portia_first_theme(self) -> str:
        """The theme the app starts on, asked by Textual's __init__ the first time it reads
        `self.theme` (after registering its built-in themes): ours are registered here."""
        for theme in self.portia_themes.themes.values():
            self.register_theme(theme)
        return self._portia_starting_theme()

    #: the theme: Textual's reactive, started on `_portia_first_theme` instead of
    #: Textual's default (`Initialize`: the default is asked of the app on first read)
    theme: Reactive[str] = Reactive(Initialize(_portia_first_theme))

    def keep_unsaved_work(self) -> None:
        """What the command line calls when the app stopped on an error: keep what can be
        kept (the editor's recovery copy, the player's progress). Never raises."""

    async def saved_before_screen_change(self) -> None:
        """A screen that is about to leave (or switch to another) awaits this first: the
        player waits here, briefly, until its progress is on disk. Nothing to wait for by
        default (the editor playing a puzzle keeps no progress)."""

    def action_command_palette(self) -> None:
        # Textual 8.2 only asks whether the screen on top is a palette: ctrl+p with a dialog
        # opened over the palette (ctrl+q inside it) pushed a second one (DuplicateIds)
        # (nor one opened after exit() in the same burst: its list is gone before its worker
        # looks for it, NoMatches). No fixed id, unlike Textual's own: a palette closed just
        # before is still the app's child until Textual takes it down, and a second one with
        # its id '--command-palette' raised DuplicateIds
        if self.use_command_palette and not self._portia_exiting and not any(
                isinstance(screen, CommandPalette) for screen in self.screen_stack):
            self.push_screen(PortiaPalette())

    def exit(self, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        # a palette still open when the app ends (a quit from inside it) would have its
        # gathering worker look up its list while the screen is taken down (NoMatches in
        # Textual 8.2): the workers of open palettes stop first
        self._portia_exiting = True
        for screen in self.screen_stack:
            if isinstance(screen, CommandPalette):
                self.workers.cancel_node(screen)
        super().exit(*args, **kwargs)

    def deliver_screenshot(self, *args: Any, **kwargs: Any) -> str | None:
        # the palette's screenshot command runs after the palette closed: with a quit in
        # the same burst there was no screen left to take (ScreenStackError, Textual 8.2)
        if self._portia_exiting or not self.screen_stack:
            return None
        return super().deliver_screenshot(*args, **kwargs)

    # Textual 8.2 opens its own palettes for the theme and command searches: ours instead,
    # with the same providers, so they get the same guards
    def search_commands(self, commands: Any, placeholder: str = "Search for commands…"):
        # an instance in providers, as Textual's own search_commands passes it
        return self.push_screen(PortiaPalette(
            providers=[SimpleProvider(self.screen, commands)],  # type: ignore[list-item]
            placeholder=placeholder))

    def search_themes(self) -> None:
        self.push_screen(PortiaPalette(providers=[ThemeProvider],
                                       placeholder="Search for themes…"))

    # ------------------------------------------------------------------ keys in order
    #: seconds between looks at a key that is still being handled. A key is only slow while
    #: the screen it was given to is still on top: it keeps the next keys waiting (up to
    #: KEY_LIMIT). Once another screen is on top (the key opened or switched one), the next key
    #: goes to that screen. (Until 2026-11, the next key went after KEY_PATIENCE whatever
    #: happened: at load 21-23 on 2 cores one key of the player's random bursts 34 and 37 took
    #: 3.3 s, picking a casket or going to the next puzzle, and the keys after it overtook it.)
    KEY_PATIENCE = 3.0
    #: seconds after which the next key goes anyway (a safety net for a key whose handling
    #: never reports back: none is known)
    KEY_LIMIT = 60.0

    async def run_action(self, action: Any, default_namespace: DOMNode | None = None,
                         namespaces: Any = None) -> bool:
        # Textual 8.2: an option list pages with a map of its lines that it builds when it is
        # drawn; page up or down before that raised KeyError and stopped the app (random
        # editor burst 34 of 50: the assistant's Select opened and paged in one burst; the
        # palette's list is handled by PortiaPalette). Such a page moves by the public API.
        if isinstance(default_namespace, OptionList) and action in ("page_up", "page_down"):
            try:
                return await super().run_action(action, default_namespace, namespaces)
            except KeyError:
                page_options(default_namespace, -1 if action == "page_up" else 1)
                return True
        return await super().run_action(action, default_namespace, namespaces)

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            if not self.screen_stack:
                # keys queued after the last screen has closed (a quit in a paste): dropped
                return
            self._portia_keys.append(event)
            self._portia_next_key()
            return
        await super().on_event(event)

    @property
    def keys_pending(self) -> int:
        """Keys received and not yet handled (tests wait for 0)."""
        return len(self._portia_keys) + bool(self._portia_key_busy)

    def hold_keys(self, token: object) -> None:
        """Keep the next keys back until :meth:`release_keys` with the same token (a screen
        about to be opened by a worker: the keys typed after the one that opens it are
        the new screen's)."""
        self._portia_holds.add(token)

    def release_keys(self, token: object) -> None:
        if token in self._portia_holds:
            self._portia_holds.discard(token)
            self._portia_next_key()

    def push_screen(self, *args: Any, **kwargs: Any):  # type: ignore[override]
        pushed = super().push_screen(*args, **kwargs)
        # a worker that opens a dialog held the keys back until now: they are the dialog's
        if self._portia_holds:
            self._portia_holds.clear()
            self._portia_next_key()
        return pushed

    def _portia_next_key(self) -> None:
        """Hand the next held key on, once the one before it has been handled (Textual
        routes each key to the focused widget the moment it arrives, so in a burst every
        key went to the widget focused before the first was handled: the rest of a paste
        ran the editor's keys instead of filling the menu or dialog the first key opened)."""
        if self._portia_key_busy or self._portia_holds or not self._portia_keys:
            return
        if not self.screen_stack:
            self._portia_keys.clear()
            return
        self._portia_key_count += 1
        number = self._portia_key_busy = self._portia_key_count
        self._portia_look_later(number, self.screen, 0.0)
        # first through the screen's queue: a screen just pushed is mounted and focused
        # before the key is routed
        screen = self.screen
        if not screen.call_later(self.call_later, self._portia_route, number):
            self.call_later(self._portia_route, number)

    async def _portia_route(self, number: int) -> None:
        if number != self._portia_key_busy:
            return
        if not self._portia_keys or not self.screen_stack:
            self._portia_key_done(number)
            return
        event = self._portia_keys.popleft()
        split = self._portia_escape_split(event)
        if split is not None:
            event, key = split
            self._portia_keys.appendleft(key)  # the next key, once the escape is handled
        target = self.focused or self.screen
        await super().on_event(event)
        if not event.is_forwarded:  # a priority binding took it
            self._portia_key_done(number)
            return
        # follow the key up the way it bubbles: when this reaches the app, every node on the
        # way has handled the key (each queue is in order), the bindings included
        self._portia_hop(target, number)

    def _portia_escape_split(self, event: events.Key) -> tuple[events.Key, events.Key] | None:
        """Escape and the key after it, when `event` is how Textual 8.2 reads the two arriving
        in one terminal read; None for any other key.

        Textual 8.2's input parser reads ESC followed at once by a letter (within its escape
        delay, 0.1 s: a paste, a slow link, ``printf '\\033q'``, tmux ``send-keys Escape q``)
        as the legacy encoding of alt plus that letter: one key ``alt+q`` (``alt+shift+q``
        for Q) whose character is the letter itself. The escape was lost, and the letter with
        it (portia binds no alt key; an input typed the letter instead). Such a key, when the
        screen on top binds it to nothing, is handed on as the two keys the terminal sent.
        An alt key reported through the kitty keyboard protocol carries no character and is
        left alone. Where Textual 8.2 keeps no trace of the escape, nothing can be told apart
        from a key typed alone, and nothing is done: ESC then enter, space or a sign gives the
        key alone (in a dialog, enter presses its safe default), ESC then tab shift+tab, ESC
        then a digit a sign such as ``¡``, and an ESC whose letter is followed at once by
        another ESC a ``^``."""
        char = event.character
        if (char is None or len(char) != 1 or not char.isalnum()
                or event.key not in (f"alt+{char}", f"alt+shift+{char.lower()}")):
            return None
        if event.key in self.screen.active_bindings:
            return None  # a binding of its own: Alt pressed with the letter
        return events.Key("escape", "\x1b"), events.Key(char, char)

    def _portia_hop(self, node: DOMNode | None, number: int) -> None:
        if node is None or node is self:
            self.call_later(self._portia_key_done, number)
            return
        if not node.call_later(self._portia_hop, node.parent, number):
            self._portia_key_done(number)  # the node is gone: nothing more to wait for

    def _portia_look_later(self, number: int, screen: Screen, waited: float) -> None:
        def look() -> None:
            if number != self._portia_key_busy:
                return  # handled
            slow = self.screen_stack and self.screen is screen
            if slow and waited + self.KEY_PATIENCE < self.KEY_LIMIT:
                self._portia_look_later(number, screen, waited + self.KEY_PATIENCE)
            else:
                self._portia_key_done(number)

        self.set_timer(self.KEY_PATIENCE, look)

    def _portia_key_done(self, number: int) -> None:
        if number == self._portia_key_busy:
            self._portia_key_busy = 0
            self._portia_next_key()

    def _portia_starting_theme(self) -> str:
        wanted = self.settings.theme
        if wanted and wanted in self.available_themes:
            return wanted
        # (not self.theme: this runs while it is first read)
        fallback = (DEFAULT_THEME if DEFAULT_THEME in self.available_themes
                    else constants.DEFAULT_THEME)
        if wanted:
            self._portia_notices.append(
                f"The theme {wanted!r} chosen last time is not available any more; "
                f"using {fallback!r}."
            )
        return fallback

    def _portia_save_theme(self, name: str) -> None:
        if name == self.settings.theme:
            return
        try:
            self.settings.set("theme", name)
        except PortiaError as exc:
            self._portia_notice(f"The theme choice could not be saved: {exc}")

    def _portia_notice(self, message: str) -> None:
        self.notify(message, title="portia", severity="warning", timeout=NOTICE_TIMEOUT,
                    markup=False)


class FileScreen(Screen):
    """A screen that holds file conversations (save, save as, quit with unsaved work): one at a
    time, through `self.files` (its ``busy`` flag). The keys after the one that started a
    conversation wait for its dialogs (they belong to them), and after each answer for the
    next one. Shared by the casket editor and the truth-puzzle editor."""

    files: Any
    _job_token: object | None = None

    def _dialog(self, job) -> None:
        """Run `job` (an async file conversation) unless one is running already."""
        if self.files.busy:
            return
        self.files.busy = True
        token = self._job_token = object()
        app = self.app
        if isinstance(app, PortiaApp):
            app.hold_keys(token)

        async def run() -> None:
            try:
                await job()
            finally:
                self.files.busy = False
                self._job_token = None
                if isinstance(app, PortiaApp):
                    app.release_keys(token)

        self.run_worker(run, group="dialog")  # type: ignore[arg-type]  # (Textual's overloads)

    async def ask_screen(self, dialog):
        """Push a dialog from a file conversation and wait for its answer."""
        dialog.hold_token = self._job_token
        return await self.app.push_screen_wait(dialog)
