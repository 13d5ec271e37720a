"""Drawing candidate statements (Algorithm 3 of the thesis) and the loop-free evaluator.

Candidates are coded: per casket a list of (code, target casket index or -1). The menu of each
casket is the vocabulary's (:func:`portia_tui.core.language.vocabulary.options` with the kinds of the
named vocabulary).

Loops are off by default. A loop-free puzzle has a casket graph without cycles (casket a points
at b when a carries "The statements on the b casket are ...") and at most one "other"
statement per casket (two "other" statements on one casket speak of each other). The sampler
draws a random order of the caskets and lets each casket speak only of the caskets after it,
so every draw is loop-free and every loop-free puzzle can be drawn. In a loop-free puzzle each
placement fixes every truth value, so :func:`loop_free_counts` computes the true count per
placement in dependency order.

A casket's statements are drawn one at a time; each pick blocks what may not join it: itself
(unless repeats are allowed), its exact negation and the statements that say the same (unless
the settings allow them, see :mod:`.quality`), and without loops every other "other"
statement.
"""

from __future__ import annotations

import random
import sys
from typing import Callable, Iterator

from portia_tui.core.explain.difficulty import BY_KEY, KIND_TECHNIQUE
from portia_tui.core.language.model import Casket, Puzzle
from portia_tui.core.language.vocabulary import (KINDS, READ_OTHER, READ_PORTRAIT, READ_TRUTH,
                                                 READINGS, Layout, Reading, Statement, options)
from portia_tui.core.packs.generator.settings import Settings

# statement codes of the fast evaluator, one per reading of Definition 1 (each kind says its
# reading); each kind's rank in KINDS (as the twin key codes them)
IN, NOT_IN, TRUE, FALSE, OTHER_TRUE, OTHER_FALSE = range(6)
_READ_CODE = {Reading(READ_PORTRAIT, True): IN, Reading(READ_PORTRAIT, False): NOT_IN,
              Reading(READ_TRUTH, True): TRUE, Reading(READ_TRUTH, False): FALSE,
              Reading(READ_OTHER, True): OTHER_TRUE, Reading(READ_OTHER, False): OTHER_FALSE}
CODE = {kind: _READ_CODE[reading] for kind, reading in READINGS.items()}
assert all(list(KINDS).index(kind) == code for kind, code in CODE.items())
KIND = {v: k for k, v in CODE.items()}
_BIASES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: with a difficulty target, the biases that make its puzzles most often (gentle puzzles
#: want portrait statements, the levels of loops want statements about statements; tricky:
#: 1/2 to 7/8 made a tricky puzzle in about half the time of 0 to 1 at n = 2, 3 and 4 under
#: the quality filters, which refuse most draws with too few portrait statements)
_TARGET_BIASES = {"gentle": (0.0, 0.25, 0.5), "steady": _BIASES,
                  "tricky": (0.5, 0.625, 0.75, 0.875), "fiendish": (0.625, 0.75, 0.875)}
#: at most this many menus are kept as nodes (a few caskets and statements need far fewer)
_NODES_MAX = 20000
#: up to this many caskets the menus of each order of the caskets are kept (6! = 720 orders)
_ORDERS_KEPT = 6

Coded = tuple[int, int]


def _placements(o: Coded, full: int) -> int | None:
    """The placements (a bit mask) where a portrait statement is true; None for the others."""
    if o[0] == IN:
        return 1 << o[1]
    if o[0] == NOT_IN:
        return full ^ (1 << o[1])
    return None


def _echo_key(o: Coded, full: int) -> int | Coded | None:
    """What a statement on one casket keeps off the others where the cross-casket echo is a
    hard filter: a portrait statement its placement mask, a statement about the statements
    of a casket itself (the same statement elsewhere says the same), an "other" statement
    nothing (on another casket it speaks of other statements)."""
    mask = _placements(o, full)
    if mask is not None:
        return mask
    return o if o[0] == TRUE or o[0] == FALSE else None


def blocks(menu: list[Coded], k: int, settings: Settings) -> dict[Coded, frozenset[Coded]]:
    """For each statement of a menu, the statements it keeps off its casket once picked."""
    full = (1 << k) - 1
    repeats = settings.allow_repeats
    out = {}
    for o in menu:
        mask = _placements(o, full)
        block = set() if repeats else {o}
        for x in menu:
            other = _placements(x, full)
            if mask is not None and other is not None and x != o:
                if (not settings.allow_negations and other == full ^ mask) or \
                        (not settings.allow_echoes and other == mask):
                    block.add(x)
            if not settings.loops and o[0] >= OTHER_TRUE and x[0] >= OTHER_TRUE:
                block.add(x)
        out[o] = frozenset(block)
    return out


class Sampler:
    """Draws candidate statements: lists of (code, target index) per casket."""

    def __init__(self, settings: Settings, rng: random.Random):
        self.s = settings
        self.rng = rng
        self.k = settings.caskets
        self.n = settings.n
        names = settings.names
        layout = Layout(names, (settings.n,) * settings.caskets)
        kinds = settings.kinds
        unknown = [k for k in kinds if k not in CODE]
        if unknown:
            raise ValueError(f"the generator cannot draw statements of kind {unknown[0]!r}")
        # the full menu of every casket, coded
        self.menus = [
            [(CODE[st.kind], -1 if st.target is None else names.index(st.target))
             for st in options(layout, c, kinds)]
            for c in range(self.k)
        ]
        self._by_order: dict[tuple[int, ...], list[list[Coded]]] = {}
        assert all(len(set(menu)) == len(menu) for menu in self.menus)  # masks name menus
        every = sorted({o for menu in self.menus for o in menu})
        self.blocks = blocks(every, self.k, settings)
        # menus as nodes of a graph of picks. A menu on casket c is always a part of c's full
        # menu in its order, so the set of its statements (a bit mask) names it: per casket,
        # the node of each menu by its mask; the root menus handed to _pick by id (each entry
        # holds its menu, so the id stays its own)
        self._bit = {o: 1 << i for i, o in enumerate(every)}
        self._blocked = {o: sum(self._bit[x] for x in block) for o, block in self.blocks.items()}
        self._nodes: list[dict[int, tuple]] = [{} for _ in range(self.k)]
        self._biased: list[dict[int, tuple]] = [{} for _ in range(self.k)]
        self._masks: dict[int, tuple[list[Coded], int]] = {}  # kept menus' masks by id
        self._roots: dict[int, tuple[list[Coded], tuple]] = {}
        self._kept = 0
        #: whether the portrait statements of one casket keep theirs off the caskets drawn
        #: after it (the cross-casket echo, a hard filter at n <= 2 unless allowed)
        from portia_tui.core.packs.generator.quality import ECHO_HARD_UP_TO

        self._spread = not settings.allow_echoes and settings.n <= ECHO_HARD_UP_TO
        self.full = (1 << self.k) - 1
        #: the biases a draw picks from: with the echo spread at n = 2, a casket of portrait
        #: statements only has no statement about statements to tell placements apart, and
        #: k such caskets take all 2k portrait masks (every placement then counts k: no
        #: unique m), so a bias of 0 is left out of the checked draws
        self._biases = _TARGET_BIASES.get(settings.difficulty or "", _BIASES)
        if self._spread and self.n >= 2 and self._biases[0] == 0.0 and len(self._biases) > 1:
            self._biases = self._biases[1:]
        if settings.difficulty == "gentle" and not settings.allow_wasted:
            # gentle puzzles that waste at most 1/3 of their statements have about one
            # statement about statements (n = 3: one in all, none leaves every count of a
            # casket of three even and every wrong casket two or more off m, so every
            # statement could be blanked; n = 4: one a casket, the fewest possible): about one
            # or two are drawn
            size = self.n * self.k
            self._biases = (1 / size, 2 / size)
        self._unused_menus: dict[tuple[int, frozenset[int]], list[Coded]] = {}
        self._q: float | None = None  # the bias of the last draw
        #: statement sets per menu, grouped per menu and drawn caskets (:meth:`_last_options`)
        self._sets: dict[int, list[tuple[Coded, ...]]] = {}
        self._options: dict[tuple, list[tuple[int, int, int, list]]] = {}
        #: last_fits by its packed arguments (one search: the same settings throughout)
        self._fits: dict[tuple[int, int, int], bool] = {}

    def draw(self) -> tuple[list[list[Coded]] | None, list[int] | None]:
        """(statements per casket, casket evaluation order or None when loops may occur);
        the statements are None in the rare draw that cannot be completed."""
        # with a difficulty target, each attempt draws how often to pick statements about
        # statements (0, 0.25, ... 1), so shallow and deep puzzles both come up at any n
        q = None if self.s.difficulty is None else self.rng.choice(
            _TARGET_BIASES.get(self.s.difficulty, _BIASES))
        order = None
        if self.s.loops:
            menus = self.menus
        else:
            order = list(range(self.k))
            self.rng.shuffle(order)
            menus = self._loop_free_menus(order)
        self._q = q
        out = []
        used: set = set()  # what the statements picked so far keep off the other caskets
        for c, menu in enumerate(menus):
            picked = self._pick(c, self._unused(c, menu, used) if used else menu, q)
            if picked is None:
                return None, None
            out.append(picked)
            if self._spread:
                used.update(m for m in (_echo_key(o, self.full) for o in picked)
                            if m is not None)
        return out, (None if order is None else order[::-1])  # sinks first

    def draw_checked(self, lid_check: Callable[[list[int], set[int]], str | None],
                     whole_check: Callable[[list[list[Coded]], list[int], list[list[int]],
                                            int], str | None],
                     redrawn: dict[str, int],
                     last_fits: Callable[[list[int], list[int], int], bool] | None = None,
                     last_tries: int | None = None
                     ) -> tuple[list[list[Coded]] | None, list[int] | None, str | None]:
        """A loop-free candidate that passes the cheap quality checks by construction:
        (statements per casket, evaluation order, None), or (None, None, why): why the check
        that refused last, None for a draw that could not be completed.

        Caskets are drawn sinks first, so each statement's placement mask (:func:`loop_free_masks`)
        is known as it is drawn; where the cross-casket echo is hard (`_spread`) a menu leaves out
        the masks drawn before. Each casket is shown to lid_check(its masks, the masks drawn
        before) and drawn again (up to CASKET_TRIES times, counted in `redrawn` by the filter's
        name) while it names a filter; then whole_check(statements, order, masks per casket, the
        last casket's tries so far) judges the candidate, the last casket drawn again while it
        names a check (up to `last_tries` times, or CASKET_TRIES; with `last_fits`, among the
        sets that fit: :meth:`_last_pool`)."""
        q = None if self.s.difficulty is None else self.rng.choice(self._biases)
        order = list(range(self.k))
        self.rng.shuffle(order)
        menus = self._loop_free_menus(order)
        full, k = self.full, self.k
        out: list[list[Coded]] = [[] for _ in range(k)]
        masks: list[list[int]] = [[] for _ in range(k)]
        all_true, all_false = [0] * k, [0] * k
        used: set[int] = set()  # the masks of the caskets drawn so far
        eval_order: list[int] = []
        why: str | None = None
        for c in reversed(order):  # sinks first (order[0] the last)
            menu = menus[c]
            if self._spread and used:
                menu = [o for o in menu if _mask_of(o, all_true, all_false, full) not in used]
            eval_order.append(c)
            pool = self._last_pool(c, order[0], menu, out, masks, all_true, all_false, last_fits)
            if pool == []:
                return None, None, "level"
            for tries in range((last_tries or CASKET_TRIES) if c == order[0] else CASKET_TRIES):
                picked = self._pick(c, menu, q, keep=menu is menus[c]) if pool is None \
                    else self._pop(pool)
                if picked is None:  # (a pool run dry: the check that refused last)
                    return None, None, None if pool is None else why
                row, at, af = casket_masks(picked, all_true, all_false, full)
                why = lid_check(row, used)
                if why is None and c == order[0]:  # (a new list each try: checks may keep it)
                    trial, masks[c] = out[:], row
                    trial[c] = picked
                    why = whole_check(trial, eval_order, masks, tries)
                    if why is None:
                        out = trial
                if why is None:
                    break
                redrawn[why] = redrawn.get(why, 0) + 1
            else:
                return None, None, why
            out[c], masks[c] = picked, row
            all_true[c], all_false[c] = at, af
            used.update(row)
        return out, eval_order, None

    def _pop(self, pool: list[tuple[Coded, ...]]) -> list[Coded] | None:
        """A statement set taken at random out of `pool`, in a random order (None: empty)."""
        if not pool:
            return None
        picked = list(pool.pop(self.rng.randrange(len(pool))))
        self.rng.shuffle(picked)
        return picked

    def _last_pool(self, c: int, last: int, menu: list[Coded], out: list[list[Coded]],
                   masks: list[list[int]], all_true: list[int], all_false: list[int],
                   last_fits: Callable[[list[int], list[int], int], bool] | None
                   ) -> list[tuple[Coded, ...]] | None:
        """With `last_fits` (the gentle level, built backwards from the answer), the statement
        sets the last casket (c = `last`; its `menu`) is drawn among, or None (drawn blind).

        Every set its menu allows is weighed at once (:meth:`_last_options`, grouped by what
        they add to each placement's true count and portrait count); the pool is those that
        last_fits(true counts, portrait counts, statements about statements), beside the
        caskets drawn before (`out`, their `masks`), accepts: a unique m whose wrong caskets
        the level's first look rules out. The checks still judge each try."""
        if last_fits is None or c != last:
            return None
        k = self.k
        spread = _spread(k)
        total = sum(spread[v] for row in masks for v in row)
        portrait = 0
        about = 0  # statements about statements drawn so far
        for d, row in enumerate(out):
            for pos, o in enumerate(row):
                if o[0] <= NOT_IN:
                    portrait += spread[masks[d][pos]]
                else:
                    about += 1
        pool: list[tuple[Coded, ...]] = []
        fits = self._fits
        for add, add_portrait, add_about, sets in self._last_options(c, menu, all_true,
                                                                      all_false):
            key = (total + add, portrait + add_portrait, about + add_about)
            got = fits.get(key)
            if got is None:
                got = fits[key] = last_fits(_fields(key[0], k), _fields(key[1], k), key[2])
            if got:
                pool.extend(sets)
        return pool

    def _last_options(self, c: int, menu: list[Coded], all_true: list[int],
                      all_false: list[int]) -> list[tuple[int, int, int, list]]:
        """Every set of n statements casket c may carry from `menu` (no statement blocking
        another, :func:`blocks`), grouped by (what they add to the packed true counts, to the
        packed portrait counts, how many are about statements): kept per menu and the
        drawn caskets' all-true and all-false masks."""
        state = (sum(self._bit[o] for o in menu), tuple(all_true), tuple(all_false))
        kept = self._options.get(state)
        if kept is not None:
            return kept
        sets = self._statement_sets(state[0], menu)
        spread = _spread(self.k)
        full = self.full
        # each statement's share of the counts when no "other" statement reads it
        alone: dict[Coded, tuple[int, int, int, int]] = {}
        for o in menu:
            v = _mask_of(o, all_true, all_false, full)
            if v is not None:
                alone[o] = (spread[v], spread[v] if o[0] <= NOT_IN else 0, int(o[0] > NOT_IN), v)
        groups: dict[tuple[int, int, int], list] = {}
        for chosen in sets:
            add = add_portrait = about = 0
            at = af = full
            other = None
            for o in chosen:
                share = alone.get(o)
                if share is None:
                    other = o
                    continue
                add += share[0]
                add_portrait += share[1]
                about += share[2]
                at &= share[3]
                af &= full ^ share[3]
            if other is not None:  # (about statements: never a portrait statement)
                add += spread[at if other[0] == OTHER_TRUE else af]
                about += 1
            key = (add, add_portrait, about)
            group = groups.get(key)
            if group is None:
                groups[key] = [chosen]
            else:
                group.append(chosen)
        out = [(a, p, b, sets_) for (a, p, b), sets_ in groups.items()]
        if len(self._options) < _NODES_MAX:
            self._options[state] = out
        return out

    def _statement_sets(self, mask: int, menu: list[Coded]) -> list[tuple[Coded, ...]]:
        """Every set of n statements of `menu` (its statements' bit `mask`) in which none
        blocks another (:func:`blocks`), kept per menu."""
        sets = self._sets.get(mask)
        if sets is None:
            sets = []
            blocked, bit, n = self._blocked, self._bit, self.n

            def grow(start: int, chosen: tuple, block: int) -> None:
                if len(chosen) == n:
                    sets.append(chosen)
                    return
                for i in range(start, len(menu)):
                    o = menu[i]
                    if not bit[o] & block:
                        grow(i + 1, chosen + (o,), block | blocked[o] | bit[o])

            grow(0, (), 0)
            self._sets[mask] = sets
        return sets

    def draw_loops(self, check: Callable[[list[list[Coded]]], str | None],
                   redrawn: dict[str, int]) -> tuple[list[list[Coded]] | None, str | None]:
        """A candidate with loops allowed (:meth:`draw`) that check(statements) accepts, or
        (None, why): while the check names a filter, one casket drawn at random is drawn
        again (with the draw's bias, and where the cross-casket echo is hard, without the
        portrait statements of the other caskets), up to CASKET_TRIES times. Each casket
        drawn again is counted in `redrawn` under the check's name."""
        assert self.s.loops
        cands, _order = self.draw()
        if cands is None:
            return None, None
        why = check(cands)
        for _ in range(CASKET_TRIES):
            if why is None:
                return cands, None
            redrawn[why] = redrawn.get(why, 0) + 1
            c = self.rng.randrange(self.k)
            menu = self.menus[c]
            if self._spread:
                used = {m for i, row in enumerate(cands) if i != c
                        for m in (_echo_key(o, self.full) for o in row) if m is not None}
                menu = self._unused(c, menu, used) if used else menu
            picked = self._pick(c, menu, self._q)
            if picked is None:
                return None, None
            cands = [picked if i == c else row for i, row in enumerate(cands)]
            why = check(cands)
        return (cands, None) if why is None else (None, why)

    def redraw(self, cands: list[list[Coded]]) -> list[list[Coded]] | None:
        """A candidate like `cands` (with loops allowed) but for one casket, drawn at random,
        whose statements are drawn again (None in the rare draw that cannot be completed):
        the search tries a few around a near miss for a rare level."""
        assert self.s.loops
        q = None if self.s.difficulty is None else self.rng.choice(
            _TARGET_BIASES.get(self.s.difficulty, _BIASES))
        c = self.rng.randrange(self.k)
        picked = self._pick(c, self.menus[c], q)
        if picked is None:
            return None
        return [picked if i == c else row for i, row in enumerate(cands)]

    def _unused(self, c: int, menu: list[Coded], used: set) -> list[Coded]:
        """Casket c's menu without what would echo a casket drawn before (where the
        cross-casket echo is a hard filter, .quality): the portrait statements whose
        placements it already names, and the statements about statements it already carries
        (the same statement on two caskets: true in the same worlds), kept per (menu, used)
        so the menu graph finds it again."""
        kept = self.s.loops or self.k <= _ORDERS_KEPT  # (menus kept: their ids stay theirs)
        key = (id(menu), frozenset(used))
        got = self._unused_menus.get(key) if kept else None
        if got is None:
            got = [o for o in menu if _echo_key(o, self.full) not in used]
            if kept and len(self._unused_menus) < _NODES_MAX:
                self._unused_menus[key] = got
        return got

    def _loop_free_menus(self, order: list[int]) -> list[list[Coded]]:
        """Each casket's menu when it may speak only of the caskets after it in `order`
        (kept per order for a few caskets: 3 caskets have 6 orders)."""
        key = tuple(order)
        menus = self._by_order.get(key)
        if menus is None:
            rank = {c: i for i, c in enumerate(order)}
            menus = [[o for o in self.menus[c] if o[0] not in (TRUE, FALSE) or rank[o[1]] > rank[c]]
                     for c in range(self.k)]
            if self.k <= _ORDERS_KEPT:
                self._by_order[key] = menus
        return menus

    def _pick(self, c: int, menu: list[Coded], q: float | None,
              keep: bool = True) -> list[Coded] | None:
        """n statements from casket c's menu, each pick blocking what may not join it; q: the
        chance that a slot gets a statement about statements (None: every statement alike);
        keep: whether the menu lives on (its node is then kept by its id)."""
        if q is not None:
            return self._pick_biased(c, menu, q, keep)
        # rng.choice(seq) is seq[rng._randbelow(len(seq))], and _randbelow draws getrandbits
        # of len(seq).bit_length() bits until one is below len(seq): done here, the same draws
        getrandbits = self.rng.getrandbits
        if keep:
            root = self._roots.get(id(menu))
            node = root[1] if root is not None else self._root(c, menu)
        else:  # a menu made for this draw: its node by its statements
            node = self._node(c, sum(self._bit[o] for o in menu), menu)
        picked = []
        last = self.n - 1
        for step in range(self.n):
            menu, size, width, nexts, _mask = node
            if not size:
                return None
            r = getrandbits(width)
            while r >= size:
                r = getrandbits(width)
            picked.append(menu[r])
            if step == last:
                break
            # the menu left once menu[r] is picked, kept per (menu, pick): menus recur
            nxt = nexts[r]
            node = self._next(c, node, r) if nxt is None else nxt
        return picked

    def _root(self, c: int, menu: list[Coded]) -> tuple:
        """The node of a menu handed to _pick, kept by id when the menu is kept (the full
        menus, and the menus per order for a few caskets) while few nodes are kept."""
        bit = self._bit
        node = self._node(c, sum(bit[o] for o in menu), menu)
        if (self.s.loops or self.k <= _ORDERS_KEPT) and self._kept < _NODES_MAX:
            self._kept += 1
            self._roots[id(menu)] = (menu, node)
        return node

    def _next(self, c: int, node: tuple, r: int) -> tuple:
        """The node of the menu left once node's statement r is picked (linked from node when
        both are kept)."""
        menu, _size, _width, nexts, mask = node
        o = menu[r]
        blocked = self._blocked[o]
        left = mask & ~blocked
        nxt = self._nodes[c].get(left)
        if nxt is None:
            block = self.blocks[o]
            nxt = self._node(c, left, [x for x in menu if x not in block] if block else menu)
        if self._nodes[c].get(left) is nxt:
            nexts[r] = nxt  # kept: the graph grows no further
        return nxt

    def _node(self, c: int, mask: int, menu: list[Coded]) -> tuple:
        """(menu, its size, bits to draw an index, the node after each pick, its mask), kept
        per casket and mask while fewer than _NODES_MAX are kept."""
        nodes = self._nodes[c]
        node = nodes.get(mask)
        if node is None:
            size = len(menu)
            node = (menu, size, size.bit_length(), [None] * size, mask)
            if self._kept < _NODES_MAX:
                self._kept += 1
                nodes[mask] = node
        return node

    def _pick_biased(self, c: int, menu: list[Coded], q: float,
                     keep: bool = True) -> list[Coded] | None:
        """n statements from casket c's menu, a statement about statements with chance q.

        Each menu met is kept (per casket, by the set of its statements, while fewer than
        _NODES_MAX are kept) with its portrait statements, its statements about statements
        and the menu left after each pick: the same draws as filtering afresh."""
        rng = self.rng
        getrandbits = rng.getrandbits
        kept = self._biased[c]
        got = self._masks.get(id(menu)) if keep else None
        if got is None:
            mask = sum(self._bit[o] for o in menu)
            if keep and (self.s.loops or self.k <= _ORDERS_KEPT) and self._kept < _NODES_MAX:
                self._kept += 1
                self._masks[id(menu)] = (menu, mask)  # (the menu held: its id stays its own)
        else:
            mask = got[1]
        picked = []
        for _ in range(self.n):
            if not menu:
                return None
            node = kept.get(mask)
            if node is None:
                node = ([x for x in menu if x[0] <= NOT_IN], [x for x in menu if x[0] > NOT_IN],
                        menu, {})
                if self._kept < _NODES_MAX:
                    self._kept += 1
                    kept[mask] = node
            portrait, group, menu, nexts = node
            # rng.choice(seq), drawn as Random.choice draws it (_randbelow: getrandbits of
            # len(seq).bit_length() bits until one is below len(seq)): the same draws
            seq = group if not portrait or (group and rng.random() < q) else portrait
            size = len(seq)
            width = size.bit_length()
            r = getrandbits(width)
            while r >= size:
                r = getrandbits(width)
            o = seq[r]
            picked.append(o)
            nxt = nexts.get(o)
            if nxt is None:
                block = self.blocks[o]
                left = [x for x in menu if x not in block] if block else menu
                nxt = nexts[o] = (mask & ~self._blocked[o], left)
            mask, menu = nxt
        return picked


#: a casket the quality checks refuse is drawn again up to this many times (the last casket:
#: whole candidates) before the candidate is drawn afresh (:meth:`Sampler.draw_checked`)
CASKET_TRIES = 8


def _mask_of(o: Coded, all_true: list[int], all_false: list[int], full: int) -> int | None:
    """The placement mask of a statement whose target is drawn (None: an "other"
    statement, known only with its casket)."""
    code, target = o
    if code == IN:
        return 1 << target
    if code == NOT_IN:
        return full ^ (1 << target)
    if code == TRUE:
        return all_true[target]
    if code == FALSE:
        return all_false[target]
    return None


def casket_masks(row: list[Coded], all_true: list[int], all_false: list[int], full: int,
                 force: tuple[int, int] | None = None) -> tuple[list[int], int, int]:
    """One casket of a loop-free candidate whose targets are drawn: each statement's placement
    mask (in the casket's order), and the masks where its statements are all true and all
    false (the values :func:`loop_free_masks` gives). `force`: (position, mask) gives that
    statement the mask whatever it says (a blanked statement)."""
    at = af = full
    out = [0] * len(row)
    other = -1
    for pos, o in enumerate(row):
        v = _mask_of(o, all_true, all_false, full)
        if v is None:
            other = pos
            continue
        if force is not None and force[0] == pos:
            v = force[1]
        out[pos] = v
        at &= v
        af &= full ^ v
    if other != -1:
        v = at if row[other][0] == OTHER_TRUE else af
        if force is not None and force[0] == other:
            v = force[1]
        out[other] = v
        at &= v
        af &= full ^ v
    return out, at, af


#: counts per placement are added in 16-bit fields of one integer (a puzzle holds at most
#: MAX_STATEMENTS < 2**16 statements); up to this many caskets the spread of each placement
#: mask into fields is tabled
_FIELD = 16
assert _FIELD == 16  # _fields unpacks 16-bit fields ("H")
_SPREAD_CASKETS = 10
_spreads: dict[int, list[int]] = {}


def _spread(k: int) -> list[int]:
    """For every placement mask over k caskets, one 1 in the field of each of its placements."""
    table = _spreads.get(k)
    if table is None:
        table = [0] * (1 << k)
        for mask in range(1, 1 << k):
            low = mask & -mask
            table[mask] = table[mask ^ low] + (1 << (_FIELD * (low.bit_length() - 1)))
        _spreads[k] = table
    return table


def _fields(packed: int, k: int) -> list[int]:
    """The k 16-bit fields of a packed integer, lowest first (unpacked in one C call)."""
    return memoryview(packed.to_bytes(2 * k, sys.byteorder)).cast("H").tolist()


#: the packed counts' table and unpacking, for the search's sums (up to SPREAD_CASKETS)
SPREAD_CASKETS = _SPREAD_CASKETS
spread_table = _spread
fields = _fields


def loop_free_counts(cands: list[list[Coded]], order: list[int], k: int) -> list[int]:
    """The number of true statements under each placement of a loop-free candidate.

    `order` lists the caskets so that every casket comes after the caskets it speaks of. Every
    placement at once: each statement's value is the bit mask of the placements where it is
    true, and each casket's "all true" / "all false" a mask too.
    """
    full = (1 << k) - 1
    all_true = [0] * k
    all_false = [0] * k
    masks: list[int] = []
    add = masks.append
    for c in order:
        at = af = full
        other = -1
        for code, target in cands[c]:
            if code == IN:
                v = 1 << target
            elif code == NOT_IN:
                v = full ^ (1 << target)
            elif code == TRUE:
                v = all_true[target]
            elif code == FALSE:
                v = all_false[target]
            else:
                other = code
                continue
            add(v)
            at &= v
            af &= full ^ v
        if other != -1:
            # the other statements are the plain ones (at most one 'other' per casket)
            v = at if other == OTHER_TRUE else af
            add(v)
            at &= v
            af &= full ^ v
        all_true[c] = at
        all_false[c] = af
    if k <= _SPREAD_CASKETS:
        return _fields(sum(map(_spread(k).__getitem__, masks)), k)
    return [sum(1 for v in masks if v >> p & 1) for p in range(k)]


def loop_free_masks(cands: list[list[Coded]], order: list[int], k: int,
                    force: tuple[int, int, int] | None = None) -> list[list[int]]:
    """Per casket, each statement's placement mask (where it is true, in its one consistent
    world under each placement), in the casket's order: the values
    :func:`loop_free_counts` adds up. `force`: (casket, position, mask) gives that statement
    the mask whatever it says (a blanked statement, true or false everywhere)."""
    full = (1 << k) - 1
    all_true = [0] * k
    all_false = [0] * k
    out: list[list[int]] = [[] for _ in range(k)]
    for c in order:
        at = af = full
        row = out[c] = [0] * len(cands[c])
        other = -1
        for pos, (code, target) in enumerate(cands[c]):
            if code == IN:
                v = 1 << target
            elif code == NOT_IN:
                v = full ^ (1 << target)
            elif code == TRUE:
                v = all_true[target]
            elif code == FALSE:
                v = all_false[target]
            else:
                other = pos
                continue
            if force is not None and force[0] == c and force[1] == pos:
                v = force[2]
            row[pos] = v
            at &= v
            af &= full ^ v
        if other != -1:
            v = at if cands[c][other][0] == OTHER_TRUE else af
            if force is not None and force[0] == c and force[1] == other:
                v = force[2]
            row[other] = v
            at &= v
            af &= full ^ v
        all_true[c] = at
        all_false[c] = af
    return out


def loop_free_blank_totals(cands: list[list[Coded]], order: list[int], k: int
                           ) -> list[list[int]]:
    """Per statement (in puzzle order), per placement the bit set of true counts when that
    statement is blanked (its value free: true or false, whatever it says), the rest
    evaluated as written (:func:`.quality.wasted_for` reads them): every statement of
    :class:`LoopFreeBlanks`."""
    return LoopFreeBlanks(cands, order, k).all()


class LoopFreeBlanks:
    """The blank totals of a loop-free candidate, statement by statement on demand
    (:meth:`at`), so a check that needs only some of them (the wasted-statement preference,
    which stops once its answer is known) computes only those.

    A statement no other statement reads changes its own value only; for the others, the
    statement is forced true everywhere, then false everywhere, and only the caskets that
    read a casket whose statements changed are evaluated again (in dependency order). A
    casket without an "other" statement needs no evaluation for its own forced statement:
    only that statement's mask changes. `masks`: the candidate's placement masks per casket
    when the caller has them (the draw's), else they are evaluated here."""

    def __init__(self, cands: list[list[Coded]], order: list[int], k: int,
                 masks: list[list[int]] | None = None, counts: list[int] | None = None,
                 free: list[bool] | None = None):
        self.cands, self.order, self.k = cands, order, k
        full = self.full = (1 << k) - 1
        if masks is None:
            at0 = [0] * k
            af0 = [0] * k
            base: list[list[int]] = [[] for _ in range(k)]
            for c in order:
                base[c], at0[c], af0[c] = casket_masks(cands[c], at0, af0, full)
            self._ends: tuple[list[int], list[int]] | None = (at0, af0)
        else:  # (the rows are the draw's own: never changed)
            base = list(masks)
            self._ends = None  # (all true / all false: made when a blank needs them)
        self.base = base
        #: the true counts per placement and the statements no other reads: the caller's
        #: when it has them (the draw's check), else made here
        self.counts = counts_of([v for row in base for v in row], k) if counts is None \
            else counts
        self.free = unread_statements(cands) if free is None else free
        self.where = [(c, pos) for c, row in enumerate(cands) for pos in range(len(row))]
        self._got: dict[int, list[int]] = {}
        self._reach: list[int] | None = None
        self._read: tuple | None = None  # what a blank of a statement others read needs

    def _reads(self) -> tuple:
        """(all true and all false per casket, whether each casket is plain (no "other"
        statement), per casket its rows' packed sums and their total (None past
        _SPREAD_CASKETS caskets), per casket the caskets it reads, each casket's rank in the
        order), made once, when a statement others read is first blanked."""
        if self._read is None:
            k, full, cands, base = self.k, self.full, self.cands, self.base
            if self._ends is None:
                at0, af0 = [0] * k, [0] * k
                for c, row in enumerate(base):  # (where every mask holds / none does)
                    at = af = full
                    for v in row:
                        at &= v
                        af &= full ^ v
                    at0[c], af0[c] = at, af
                self._ends = (at0, af0)
            spread = _spread(k) if k <= _SPREAD_CASKETS else None
            row_sums = [sum(map(spread.__getitem__, row)) for row in base] \
                if spread is not None else None
            self._read = (self._ends, [all(code < OTHER_TRUE for code, _t in row)
                                       for row in cands],
                          spread, row_sums, sum(row_sums) if row_sums is not None else None,
                          [{t for code, t in row if code == TRUE or code == FALSE}
                           for row in cands],
                          {c: i for i, c in enumerate(self.order)})
        return self._read

    def at(self, i: int) -> list[int]:
        """Statement i's blank totals: per placement the bit set of true counts."""
        got = self._got.get(i)
        if got is None:
            got = self._got[i] = self._compute(i)
        return got

    def all(self) -> list[list[int]]:
        return [self.at(i) for i in range(len(self.where))]

    def wasted(self, m: int, answer: int) -> int:
        """How many statements could be blanked with the answer unchanged when m fits only
        `answer` (``len(.quality.wasted_for(self.all(), m, answer))``, exactly), computing
        blank totals only for the statements the masks leave open: a statement no other
        reads matters exactly when a wrong placement counts m + 1 where it is true or m - 1
        where it is false; a statement read by others whose blank cannot move any count as
        far as m (:func:`blank_reach`) is wasted."""
        over, under, gap = near_m(self.counts, m, answer, len(self.where))
        reach = self._reach
        if reach is None and not all(self.free):
            reach = self._reach = blank_reach(self.cands, self.order)
        want = 1 << m
        wasted = 0
        for i, (c, pos) in enumerate(self.where):
            if self.free[i]:
                v = self.base[c][pos]
                wasted += not v & over and v & under == under
            elif reach[i] < gap:  # type: ignore[index]
                wasted += 1
            else:
                wasted += not any(t & want for p, t in enumerate(self.at(i)) if p != answer)
        return wasted

    def _compute(self, i: int) -> list[int]:
        c, pos = self.where[i]
        k, full, cands, base = self.k, self.full, self.cands, self.base
        if self.free[i]:
            v = base[c][pos]
            return [(1 << (n - (v >> p & 1))) * 3 for p, n in enumerate(self.counts)]
        (at0, af0), plains, spread, row_sums, packed0, reads, rank = self._reads()
        after = self.order[rank[c] + 1:]
        row = cands[c]
        totals = [0] * k
        plain = plains[c]
        for forced in (full, 0):
            at, af = at0[:], af0[:]
            rows = {}
            if plain:  # (no "other" statement: only the forced mask changes)
                own = base[c][:]
                own[pos] = forced
                a = f = full
                for v in own:
                    a &= v
                    f &= full ^ v
                rows[c], at[c], af[c] = own, a, f
            else:
                rows[c], at[c], af[c] = casket_masks(row, at, af, full, (pos, forced))
            if (at[c], af[c]) != (at0[c], af0[c]):  # (else no other statement changes)
                changed = {c}
                for d in after:
                    if not changed.isdisjoint(reads[d]):
                        rows[d], at[d], af[d] = casket_masks(cands[d], at, af, full)
                        if (at[d], af[d]) != (at0[d], af0[d]):
                            changed.add(d)
            if spread is not None:  # the counts: the base's, with the changed rows swapped
                packed = packed0
                for d, new in rows.items():
                    packed += sum(map(spread.__getitem__, new)) - row_sums[d]
                got = _fields(packed, k)
            else:
                got = counts_of([v for d in range(k) for v in rows.get(d, base[d])], k)
            for p, n in enumerate(got):
                totals[p] |= 1 << n
        return totals


def unread_statements(cands: list[list[Coded]]) -> list[bool]:
    """Per statement (in puzzle order), whether no other statement reads it: its casket is
    spoken of by none, and no "other" statement beside it reads it. Blanking such a statement
    changes its own value only (:func:`loop_free_blank_totals`)."""
    spoken = {t for row in cands for code, t in row if code == TRUE or code == FALSE}
    out: list[bool] = []
    for c, row in enumerate(cands):
        if c in spoken:
            out.extend([False] * len(row))
        elif any(code >= OTHER_TRUE for code, _t in row):  # (only the "other" statement)
            out.extend([code >= OTHER_TRUE for code, _t in row])
        else:
            out.extend([True] * len(row))
    return out


def blank_reach(cands: list[list[Coded]], order: list[int]) -> list[int]:
    """Per statement (in puzzle order), the most true counts can move under any placement
    when it is blanked: 1 for itself, plus the reach of each statement that reads it (an
    "other" statement beside it, a statement about its casket elsewhere). A bound: the
    wasted-statement check asks :func:`loop_free_blank_totals` only of statements within
    reach of m."""
    k = len(cands)
    has_other = [any(code >= OTHER_TRUE for code, _t in row) for row in cands]
    readers: list[list[int]] = [[] for _ in range(k)]  # per casket, the caskets reading it
    for d, row in enumerate(cands):
        for code, t in row:
            if code == TRUE or code == FALSE:
                readers[t].append(d)
    # per casket, how far its readers reach (each statement about it: itself, the "other"
    # statement beside it, and its own casket's readers)
    group = [0] * k
    for c in reversed(order):  # readers before what they read (sources first)
        group[c] = sum(1 + has_other[d] + group[d] for d in readers[c])
    out = []
    for c, row in enumerate(cands):
        for code, _t in row:
            out.append(1 + (has_other[c] and code < OTHER_TRUE) + group[c])
    return out


def counts_of(masks: list[int], k: int) -> list[int]:
    """How many of the placement masks hold each placement."""
    if k <= _SPREAD_CASKETS:
        return _fields(sum(map(_spread(k).__getitem__, masks)), k)
    return [sum(1 for v in masks if v >> p & 1) for p in range(k)]


def coded_portrait_masks(cands: list[list[Coded]], k: int) -> list[int]:
    """The placement mask of every portrait statement of a coded candidate (the symmetry
    filter reads them: :func:`.quality.symmetric_pair`)."""
    full = (1 << k) - 1
    return [1 << t if code == IN else full ^ (1 << t)
            for row in cands for code, t in row if code <= NOT_IN]


def certain_echo(cands: list[list[Coded]]) -> bool:
    """Whether a coded candidate holds two statements on different caskets that are true in
    exactly the same consistent worlds whatever the rest says (a cross-casket echo,
    :meth:`.quality.Worlds.echoes`, in every candidate with a consistent world):

    - "the statements on Y are true" on X beside "the statements on X are true" on Y (each
      true makes the other true: one is among the statements the other speaks of);
    - "the statements on Y are true" on X beside Y's "the other statements on this casket are
      true" (Y all true exactly when its other statements are: what the latter says);
    - "the statement on Y is true" on X where Y carries one statement (that statement).

    The looped draws keep such candidates out where the echo is a hard filter (tested
    against the coded worlds)."""
    k = len(cands)
    said_true: list[set[int]] = [set() for _ in range(k)]  # per casket, caskets it calls true
    for c, row in enumerate(cands):
        for code, t in row:
            if code == TRUE and t != c:
                if len(cands[t]) == 1:
                    return True
                said_true[c].add(t)
    for c in range(k):
        for t in said_true[c]:
            if c in said_true[t] or any(code == OTHER_TRUE for code, _t in cands[t]):
                return True
    return False


def has_loop(cands: list[list[Coded]]) -> bool:
    """Whether a coded candidate has a loop (statements that speak of each other, directly or
    not): two "other" statements on one casket, or a cycle of caskets each carrying a
    statement about the statements of the next (the same loops as
    :func:`portia_tui.core.solve.semantics.find_loops`, read off the codes)."""
    k = len(cands)
    edges: list[set[int]] = [set() for _ in range(k)]
    for c, row in enumerate(cands):
        others = 0
        for code, t in row:
            if code == TRUE or code == FALSE:
                edges[c].add(t)
            elif code >= OTHER_TRUE:
                others += 1
        if others >= 2 or c in edges[c]:
            return True
    state = [0] * k  # 0 unseen, 1 on the path, 2 done
    for start in range(k):
        if state[start]:
            continue
        stack: list[tuple[int, Iterator[int]]] = [(start, iter(edges[start]))]
        state[start] = 1
        while stack:
            c, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[c] = 2
                stack.pop()
            elif state[nxt] == 1:
                return True
            elif state[nxt] == 0:
                state[nxt] = 1
                stack.append((nxt, iter(edges[nxt])))
    return False


def loop_free_depth(cands: list[list[Coded]], order: list[int], k: int) -> int:
    """The longest chain of statements about statements in a loop-free candidate, by the rule
    of :meth:`portia_tui.core.explain.deduction.Deducer` (a portrait statement 0; a statement about a
    group, 1 more than the deepest statement of the group), read off the coded form."""
    deepest = [0] * k  # the deepest statement on each casket
    for c in order:
        plain = 0
        other = False
        for code, target in cands[c]:
            if code == TRUE or code == FALSE:
                plain = max(plain, 1 + deepest[target])
            elif code >= OTHER_TRUE:
                other = True
        # the "other" statement (at most one) speaks of the plain statements of its casket
        deepest[c] = plain + 1 if other else plain
    return max(deepest)


def to_puzzle(cands: list[list[Coded]], names: tuple[str, ...], m: int | None,
              made: dict[Coded, Statement] | None = None) -> Puzzle:
    """The puzzle of coded statements. Not validated again: every statement comes from its
    casket's menu (the tests validate what the generator makes). `made`: statements made
    before, by code (kept between calls by the caller)."""
    made = {} if made is None else made
    caskets = []
    for c, name in enumerate(names):
        sts = []
        for o in cands[c]:
            st = made.get(o)
            if st is None:
                st = made[o] = Statement(KIND[o[0]], None if o[1] < 0 else names[o[1]])
            sts.append(st)
        caskets.append(Casket(name, tuple(sts)))
    return Puzzle(caskets, m)


#: the rank of the technique each coded kind needs on its own (difficulty.KIND_TECHNIQUE)
_OWN_RANK = [BY_KEY[KIND_TECHNIQUE[KIND[code]]].rank for code in range(len(KIND))]
_SUPPOSE, _FOLLOW, _OTHER = (BY_KEY[key].rank for key in ("suppose", "follow", "follow"))
_IN_RANK, _NOT_IN_RANK = _OWN_RANK[IN], _OWN_RANK[NOT_IN]
#: the highest rank a loop-free statement needs ("other" needs at least _OTHER)
_TOP_RANK = max(_OWN_RANK + [_FOLLOW, _OTHER])


def loop_free_ranked(cands: list[list[Coded]], order: list[int], k: int
                     ) -> list[tuple[int, list[int], int]]:
    """One pass over a loop-free candidate for the rating and the counts: per technique rank
    r that its statements need (ascending), (r, per placement the true statements of rank r
    or below, how many statements those are). The last row's counts are the true counts per
    placement (:func:`loop_free_counts`).

    Every placement at once: the statements of each rank add their placement masks into
    per-placement counts (16-bit fields of one integer, as :func:`loop_free_counts`)."""
    return _cumulative(_masks_by_rank(cands, order, k), k)


def _masks_by_rank(cands: list[list[Coded]], order: list[int], k: int) -> list[list[int]]:
    """Per technique rank (the list's index), the placement masks of the statements that
    need it: each statement needs the technique of its kind, or of the hardest statement it
    speaks of (a truth statement: the hardest on its target casket; an "other" statement: the
    hardest plain statement of its own casket)."""
    full = (1 << k) - 1
    all_true = [0] * k
    all_false = [0] * k
    casket_need = [0] * k
    by_rank: list[list[int]] = [[] for _ in range(_TOP_RANK + 1)]
    for c in order:
        at = af = full
        other = -1
        need_c = 0
        for code, target in cands[c]:
            if code == IN:
                v, need = 1 << target, _IN_RANK
            elif code == NOT_IN:
                v, need = full ^ (1 << target), _NOT_IN_RANK
            elif code == TRUE or code == FALSE:
                v = all_true[target] if code == TRUE else all_false[target]
                need = casket_need[target]
                if need < _FOLLOW:
                    need = _FOLLOW
            else:
                other = code
                continue
            by_rank[need].append(v)
            if need > need_c:
                need_c = need
            at &= v
            af &= full ^ v
        if other != -1:
            v = at if other == OTHER_TRUE else af
            if need_c < _OTHER:  # its group: the plain statements of its casket
                need_c = _OTHER
            by_rank[need_c].append(v)
            at &= v
            af &= full ^ v
        all_true[c] = at
        all_false[c] = af
        casket_need[c] = need_c
    return by_rank


def _cumulative(by_rank: list[list[int]], k: int) -> list[tuple[int, list[int], int]]:
    """Per rank that some statement needs (ascending): (rank, per placement the true
    statements of that rank or below, how many statements those are)."""
    spread = _spread(k) if k <= _SPREAD_CASKETS else None
    cumulative = []
    packed = seen = 0
    counts = [0] * k
    for r, masks in enumerate(by_rank):
        if not masks:
            continue
        seen += len(masks)
        if spread is not None:
            packed += sum(map(spread.__getitem__, masks))
            cumulative.append((r, _fields(packed, k), seen))
        else:
            counts = [n + sum(1 for v in masks if v >> p & 1) for p, n in enumerate(counts)]
            cumulative.append((r, counts, seen))
    return cumulative


#: with loops, the coded worlds (:class:`CodedWorlds`) read every truth assignment at once
#: up to this many statements (2**14 assignments: masks of 16,384 bits); past it the casket
#: engine reads the candidate
CODED_WORLDS_MAX = 14
_assignments: dict[int, tuple[list[int], int, list[int]]] = {}
#: per (statements, the statements of one casket): the assignments with each true count
_count_masks: dict[tuple[int, ...], list[int]] = {}


def _assignment_masks(size: int) -> tuple[list[int], int, list[int]]:
    """For `size` statements, over the 2**size truth assignments (bit a of a mask is the
    assignment in which statement i is true when bit i of a is set): each statement's truth
    mask, the mask of every assignment, and per number t the assignments with t true."""
    got = _assignments.get(size)
    if got is None:
        width = 1 << size
        every = (1 << width) - 1
        bits = []
        for i in range(size):
            block = 1 << (i + 1)  # assignments repeat in blocks of 2**(i+1): upper half true
            unit = ((1 << (1 << i)) - 1) << (1 << i)
            bits.append(unit * (every // ((1 << block) - 1)))
        got = _assignments[size] = (bits, every, _popcount_masks(bits, every))
    return got


def _popcount_masks(bits: list[int], every: int) -> list[int]:
    """Per t, the assignments in which exactly t of the statements `bits` are true."""
    layers = [every]
    for v in bits:
        off = every ^ v
        layers = [(layers[t] & off if t < len(layers) else 0) |
                  (layers[t - 1] & v if t else 0) for t in range(len(layers) + 1)]
    return layers


class CodedWorlds:
    """The consistent worlds of a coded candidate with loops allowed (m and rules aside),
    read off every truth assignment at once: a mask over the 2**size assignments per
    placement (the assignments that agree with every statement's meaning), as
    :meth:`.quality.Worlds.from_engine` reads the casket engine, the same worlds. Each
    statement's meaning is a mask too: "The statements on X are true" the assignments in
    which every statement of X is, "the other statements ..." those of its own casket but
    itself, a portrait statement every assignment or none, by placement.

    The generator reads from it the true totals per placement (the unique m), the echoes and
    filler lids (:meth:`worlds`), and the blank totals of the wasted-statement score
    (:meth:`blank_totals`, each statement's own agreement left out), without building the
    engine (the tests compare each with the engine's)."""

    def __init__(self, cands: list[list[Coded]], k: int):
        owners = [c for c, row in enumerate(cands) for _ in row]
        size = len(owners)
        self.k, self.size, self.owners = k, size, owners
        bits, every, self._tot = _assignment_masks(size)
        self.bits, self.every = bits, every
        groups: list[list[int]] = [[] for _ in range(k)]
        for i, c in enumerate(owners):
            groups[c].append(i)
        self.groups = groups
        all_true = []
        all_false = []
        for g in groups:
            at = af = every
            for j in g:
                at &= bits[j]
                af &= every ^ bits[j]
            all_true.append(at)
            all_false.append(af)
        # per statement its agreement mask (meaning == value), the same under every
        # placement (None: a portrait statement, whose agreement depends on the placement)
        agree: list[int | None] = []
        portrait: list[tuple[int, int]] = []  # (statement, placements where it is true)
        full = (1 << k) - 1
        i = 0
        for c, row in enumerate(cands):
            for code, t in row:
                if code <= NOT_IN:
                    agree.append(None)
                    portrait.append((i, 1 << t if code == IN else full ^ (1 << t)))
                else:
                    if code == TRUE:
                        mean = all_true[t]
                    elif code == FALSE:
                        mean = all_false[t]
                    else:
                        mean = every
                        for j in groups[c]:
                            if j != i:
                                mean &= bits[j] if code == OTHER_TRUE else every ^ bits[j]
                    agree.append(every ^ (bits[i] ^ mean))
                i += 1
        self._agree = agree
        self._portrait = portrait
        fixed = every
        for a in agree:
            if a is not None:
                fixed &= a
        self.consistent = [self._with_portrait(fixed, p, -1) for p in range(k)]

    def _with_portrait(self, mask: int, p: int, skip: int) -> int:
        """`mask` narrowed by every portrait statement's agreement under placement p (but
        statement `skip`)."""
        bits, every = self.bits, self.every
        for i, where in self._portrait:
            if i != skip:
                mask &= bits[i] if where >> p & 1 else every ^ bits[i]
        return mask

    def _totals(self, mask: int) -> int:
        """The bit set of true totals among the assignments of `mask`."""
        return sum(1 << t for t, m in enumerate(self._tot) if mask & m)

    def totals(self) -> list[int]:
        """Per placement, the bit set of achievable true totals (the engine's total(p))."""
        return [self._totals(c) for c in self.consistent]

    def values(self, p: int) -> tuple[bool | None, ...] | None:
        """Each statement's value under placement p (None where the worlds differ); None
        when p has no consistent world."""
        c = self.consistent[p]
        if not c:
            return None
        return tuple(True if not c & ~v else False if not c & v else None for v in self.bits)

    def _counts_of(self, casket: int) -> list[int]:
        """Per t, the assignments in which t statements of the casket are true."""
        g = self.groups[casket]
        key = (self.size, *g)
        masks = _count_masks.get(key)
        if masks is None:
            masks = _count_masks[key] = _popcount_masks([self.bits[j] for j in g], self.every)
        return masks

    def casket_counts(self, p: int) -> tuple[frozenset[int], ...]:
        """Per casket, the true counts its statements reach in p's consistent worlds."""
        c = self.consistent[p]
        out = []
        for casket in range(self.k):
            masks = self._counts_of(casket)
            out.append(frozenset(t for t, m in enumerate(masks) if c & m))
        return tuple(out)

    def worlds(self):
        """The :class:`.quality.Worlds` (echoes, filler lids) of these worlds."""
        from portia_tui.core.packs.generator.quality import Worlds

        bits, consistent = self.bits, self.consistent
        return Worlds(self.k, tuple(self.owners),
                      tuple(self.values(p) for p in range(self.k)),
                      tuple(self.casket_counts(p) for p in range(self.k)),
                      lambda p, i, j: bool(consistent[p] & (bits[i] ^ bits[j])))

    def echoes(self) -> list[tuple[int, int]]:
        """:meth:`.quality.Worlds.echoes` read off the masks: statement pairs on different
        caskets with the same value in every consistent world. A statement's value in a
        world is its bit of the world's assignment, whatever the placement, so two
        statements echo exactly when their masks agree on every assignment consistent under
        some placement: pairs are found by each statement's mask over those at once."""
        seen = 0
        for c in self.consistent:
            seen |= c
        if not seen:
            return []
        by_values: dict[int, list[int]] = {}
        for i, v in enumerate(self.bits):
            by_values.setdefault(v & seen, []).append(i)
        owners = self.owners
        out: list[tuple[int, int]] = []
        for group in by_values.values():
            for x, i in enumerate(group):
                out.extend((i, j) for j in group[x + 1:] if owners[i] != owners[j])
        return sorted(out)

    def filler_lids(self) -> list[int]:
        """:meth:`.quality.Worlds.filler_lids` read off the masks: the caskets whose true
        count is the same in every consistent world of every placement."""
        seen = 0
        for c in self.consistent:
            seen |= c
        out = []
        for casket in range(self.k):
            if sum(1 for m in self._counts_of(casket) if m & seen) == 1:
                out.append(casket)
        return out

    def blank_totals(self) -> list[list[int]]:
        """Per statement, per placement the bit set of true totals with that statement
        blanked (its value free, still counted): its own agreement left out
        (:func:`.quality.blank_totals`, without an engine per statement)."""
        size = self.size
        agree = self._agree
        # the fixed agreements of all but one, by prefix and suffix
        prefix = [self.every] * (size + 1)
        for i in range(size):
            a = agree[i]
            prefix[i + 1] = prefix[i] if a is None else prefix[i] & a
        suffix = [self.every] * (size + 1)
        for i in range(size - 1, -1, -1):
            a = agree[i]
            suffix[i] = suffix[i + 1] if a is None else suffix[i + 1] & a
        out = []
        for i in range(size):
            rest = prefix[i] & suffix[i + 1]
            if agree[i] is None:
                out.append([self._totals(self._with_portrait(rest, p, i))
                            for p in range(self.k)])
            else:
                out.append([self._totals(self._with_portrait(rest, p, -1))
                            for p in range(self.k)])
        return out


def near_m(counts: list[int], m: int, answer: int, size: int) -> tuple[int, int, int]:
    """(the wrong placements counting m + 1, those counting m - 1, as bit sets; the least
    distance of a wrong placement's count from m) for a candidate of `size` statements whose
    placements count `counts` true statements and whose one answer for m is `answer`."""
    over = under = 0
    gap = size + 1
    for p, n in enumerate(counts):
        if p != answer:
            gap = min(gap, abs(n - m))
            if n == m + 1:
                over |= 1 << p
            elif n == m - 1:
                under |= 1 << p
    return over, under, gap


def follow_refutes(cands: list[list[Coded]], p: int, m: int,
                   look: "FollowLook | None" = None) -> bool:
    """Whether following alone surely rules out the portrait in casket p of a coded
    candidate with m true statements (loops allowed): the portrait statements take their
    values under p, then "the statements on X are true / false" and "the other statements
    ... " are followed (:meth:`.difficulty.Grader._group`, the same steps), statements that
    say the same take one value (:meth:`~.difficulty.Grader._echo`), every statement whose
    scope is known is checked against its meaning, and the count of true statements against
    m, until nothing changes. Each step is one the grader's following
    (:meth:`~.difficulty.Grader.propagate` from FOLLOW on) takes too, and it takes more, so a
    contradiction here is one there: True means the grader's ``refutes(p, FOLLOW)`` (and
    every rank above it) says so too. (False says nothing.) The generator asks it before the
    grader for the levels that need a split (.difficulty.cannot_be), at a fraction of a
    rating's cost. `look`: the candidate's :class:`FollowLook`, when the caller keeps one
    for several placements."""
    return (FollowLook(cands) if look is None else look).refutes(p, m)


class FollowLook:
    """A coded candidate read once for :func:`follow_refutes` under each placement: its
    portrait statements, the statements about statements as (owner, group, value, whether
    the group holds the owner), and the statements that say the same."""

    def __init__(self, cands: list[list[Coded]]):
        owners: list[int] = []
        codes: list[Coded] = []
        groups: list[list[int]] = []
        for c, row in enumerate(cands):
            start = len(codes)
            groups.append(list(range(start, start + len(row))))
            for o in row:
                owners.append(c)
                codes.append(o)
        self.size = len(codes)
        #: (statement, casket, whether it says "in"): the values a placement gives
        self.portrait: list[tuple[int, int, bool]] = []
        self.checks: list[tuple[int, list[int], bool, bool]] = []
        same: dict[Coded, list[int]] = {}
        for i, (code, t) in enumerate(codes):
            if code == IN or code == NOT_IN:
                self.portrait.append((i, t, code == IN))
            elif code == TRUE or code == FALSE:
                group = groups[t]
                self.checks.append((i, group, code == TRUE, i in group))
                same.setdefault((code, t), []).append(i)
            else:
                group = [j for j in groups[owners[i]] if j != i]
                if group:  # (an empty group reads nothing: the grader does not follow it)
                    self.checks.append((i, group, code == OTHER_TRUE, False))
        self.echoes = [g for g in same.values() if len(g) > 1]

    def refutes(self, p: int, m: int) -> bool:
        """:func:`follow_refutes` under placement p for m."""
        values: list[bool | None] = [None] * self.size
        for i, t, inside in self.portrait:
            values[i] = (t == p) is inside
        checks, echoes = self.checks, self.echoes
        while True:
            changed = False
            for i, group, want, itself in checks:
                if itself:  # (read by trying completions there: only checked once known)
                    if values[i] is not None and None not in [values[j] for j in group]:
                        if all(values[j] is want for j in group) is not values[i]:
                            return True
                    continue
                if any(values[j] is (not want) for j in group):
                    if values[i] is True:
                        return True
                    changed |= values[i] is None
                    values[i] = False
                    continue
                open_ = [j for j in group if values[j] is None]
                if not open_:
                    if values[i] is False:
                        return True
                    changed |= values[i] is None
                    values[i] = True
                elif values[i] is True:
                    for j in open_:
                        values[j] = want
                    changed = True
                elif values[i] is False and len(open_) == 1:
                    values[open_[0]] = not want
                    changed = True
            for g in echoes:
                known = {values[i] for i in g} - {None}
                if len(known) > 1:
                    return True
                if known:
                    v = known.pop()
                    for i in g:
                        if values[i] is None:
                            values[i] = v
                            changed = True
            true = values.count(True)
            if true > m or true + values.count(None) < m:
                return True
            if not changed:
                return False
