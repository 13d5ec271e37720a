"""Issue 21, hardening5: a truth marks job looks at its cancel while it builds the table of
pairs and the other slots' menus (a cancel lands within 100 ms: bench_marks_cancel.py), and
`pack list` reads a pack's entries in runs of one parse each, with the lines of the entry
by entry read for a bad one."""

from __future__ import annotations

from unittest import mock

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portia_tui.core.author import world_editing as we
from portia_tui.core.author import world_marks as mk
from portia_tui.core.errors import FormatError
from portia_tui.core.packs import pack as packs
from portia_tui.core.solve.world_result import Stop, Stopped

from .test_pack_entries import ODD_IDS, _pack
from portia_tui.core.packs.pack import dumps_pack, loads_pack


class Looks:
    """A cancel that counts its calls and says stop from call `stop_at` on."""

    def __init__(self, stop_at: int | None = None):
        self.calls, self.stop_at = 0, stop_at

    def __call__(self) -> bool:
        self.calls += 1
        return self.stop_at is not None and self.calls >= self.stop_at


def _rows(exact) -> set[tuple[int, ...]]:
    """The table's distinct rows, as (alive part, rest part) words."""
    return {tuple(a) + tuple(r) for a, r in zip(exact.rows_alive.tolist(),
                                                exact.rest_t.T.tolist())}


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.data())
def test_the_table_of_pairs_is_the_same_in_slices_and_with_shared_digests(data):
    """Random classes over up to 200 worlds: the table built in slices of one word, and
    with every row's digest a plain sum (rows then share digests: the exact fallback), holds
    the rows np.unique gives; the searches then give the same answers."""
    width = data.draw(st.integers(1, 200))
    full = (1 << width) - 1
    mask = st.integers(0, full)
    alive = data.draw(mask)
    classes = {str(i): data.draw(st.lists(mask, min_size=1, max_size=5)) for i in range(3)}
    whole = mk._Exact(classes, alive, full & ~alive, Stop())
    void = np.dtype((np.void, whole.nw * 8))
    leaves = [whole._pack(c) for c in whole.order[1:]]
    pairs = np.ascontiguousarray((leaves[0][:, None, :] & leaves[1][None, :, :]).reshape(
        -1, whole.nw))
    unique = np.unique(pairs.view(void).ravel()).view(np.uint64).reshape(-1, whole.nw)
    want = {tuple((row & whole.alive_w).tolist()) + tuple((row & whole.rest_w).tolist())
            for row in unique}
    assert _rows(whole) == want and len(whole.rows_alive) == len(unique)
    ones = mock.Mock(integers=lambda *a, **k: np.zeros(whole.nw, dtype=np.uint64))
    with mock.patch.object(mk, "TABLE_CHECK", 1), \
            mock.patch.object(np.random, "default_rng", lambda seed: ones):
        sliced = mk._Exact(classes, alive, full & ~alive, Stop())
    assert _rows(sliced) == want and len(sliced.rows_alive) == len(unique)
    base = data.draw(mask)
    assert sliced.valid(base) is whole.valid(base)


def test_two_rows_with_one_digest_are_both_kept():
    """Digests as plain sums: rows (1, 2) and (2, 1) share one; the exact fallback keeps
    both, and a true duplicate once."""
    exact = mk._Exact({"a": [3]}, 1, 2, Stop())
    exact.nw = 2
    rows = np.array([[1, 2], [2, 1], [1, 2]], dtype=np.uint64)
    ones = mock.Mock(integers=lambda *a, **k: np.zeros(2, dtype=np.uint64))
    with mock.patch.object(np.random, "default_rng", lambda seed: ones):
        assert sorted(rows[exact._distinct(rows)].tolist()) == [[1, 2], [2, 1]]
    assert sorted(rows[exact._distinct(rows)].tolist()) == [[1, 2], [2, 1]]


def test_the_table_of_pairs_looks_at_the_cancel_while_it_is_built():
    """Two slots of 40 classes over 640 worlds (1,600 rows of 10 words) in slices of 64
    words: the cancel is looked at many times while the table is built, and one that says
    stop midway stops the build."""
    rng = np.random.default_rng(7)
    width = 640

    def masks(k):
        return [int(rng.integers(1, 1 << 62)) << (width - 62) | int(rng.integers(1, 1 << 62))
                for _ in range(k)]

    classes = {"a": masks(40), "b": masks(40)}
    full = (1 << width) - 1
    alive = masks(1)[0]
    with mock.patch.object(mk, "TABLE_CHECK", 64):
        looks = Looks()
        mk._Exact(classes, alive, full & ~alive, Stop(cancel=looks))
        assert looks.calls >= 3 * 1600 * 10 // 64  # built, told apart, transposed
        with pytest.raises(Stopped):
            mk._Exact(classes, alive, full & ~alive, Stop(cancel=Looks(stop_at=looks.calls // 2)))


def test_a_cancel_while_the_other_menus_are_built_builds_no_more():
    """A cancel already asked: the job builds none of the other slots' menus and every
    mark is undecided, "stopped"."""
    draft = we.blank("labyrinth", 3)
    target = mk.targets(draft)[0]
    entries = mk.slot_menu(draft, "1")
    built = []
    real = mk.slot_menu
    with mock.patch.object(mk, "slot_menu", lambda d, s: built.append(s) or real(d, s)):
        marks = mk.mark_slot(draft, "1", target, entries, cancel=Looks(stop_at=1), steps=10**6)
        assert built == [] and set(marks) == {"undecided"} and marks.why == "stopped"
        rules = mk.mark_rules(draft, target, cancel=Looks(stop_at=1), steps=10**6)
        assert built == [] and set(rules) == {"undecided"}
        marks = mk.mark_slot(draft, "1", target, entries, cancel=Looks(), steps=10**6)
    assert sorted(built) == ["2", "3"] and "undecided" not in marks


# --------------------------------------------------------------------------- pack list in runs
@pytest.fixture(scope="module")
def odd():
    return dumps_pack(_pack(ODD_IDS))


def test_runs_of_entries_give_what_the_whole_read_gives(odd):
    whole = loads_pack(odd, "p.toml", sentences=False)
    for run in (1, 2, 4, 100):
        with mock.patch.object(packs, "_RUN", run):
            head, entries = packs.iter_entries(odd, "p.toml", sentences=False)
            assert tuple(entries) == whole.puzzles and head.title == whole.title


@pytest.mark.parametrize("old, new", [("rating = 1.0", "rating = -1.0"),
                                      ("name = ", "nome = "), ('id = "0001"', 'id = 1.5.')])
def test_a_bad_entry_in_a_run_gives_the_line_entry_by_entry_gives(odd, old, new):
    """A bad entry in the middle of a run of four: the error of reading entry by entry (the
    run's parse fails first for a TOML error, its checks for the others)."""
    start = odd.index('id = "0001"') if "0001" in old else odd.index('id = "caf')
    stop = odd.index("[[puzzles]]", start)
    bad = odd[:start] + odd[start:stop].replace(old, new, 1) + odd[stop:]
    said = []
    for run in (1, 4):
        with mock.patch.object(packs, "_RUN", run), pytest.raises(FormatError) as got:
            tuple(packs.iter_entries(bad, "p.toml", sentences=False)[1])
        said.append(str(got.value))
    assert said[0] == said[1] and int(said[0].split(":")[1]) > odd.count("\n", 0, start)
