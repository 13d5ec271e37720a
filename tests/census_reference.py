"""The census as it was before it was factored by casket: the oracle and the benchmark baseline.

A bit mask over all 2^S truth assignments per (slot, option, placement); casket masks ANDed and
merged casket by casket, the last casket paired with every merged state in interpreted Python.
Exact, and slow past n = 2: tests compare :func:`portia_tui.core.packs.census.census` with it on small
shapes, and ``benchmarks/bench_census.py`` measures the fast census against it. Not part of the
package.
"""

from __future__ import annotations

import time
from itertools import product

from portia_tui.core.packs.census import VOCABULARIES, CensusResult
from portia_tui.core.errors import PortiaError
from portia_tui.core.language.model import DEFAULT_CASKETS
from portia_tui.core.solve.semantics import holds
from portia_tui.core.language.vocabulary import PORTRAIT_KINDS, GroupMeaning, Layout, meaning, options

#: enumerations larger than this (statement choices) are refused
MAX_STATEMENT_SETS = 10**9
MAX_STATEMENTS = 12


def _slot_masks(layout: Layout, kinds, size: int):
    """Per slot: list of (statement, per-placement masks, signature pieces)."""
    k = len(layout.names)
    full = (1 << (1 << size)) - 1
    assignments = range(1 << size)
    true_masks = []
    for i in range(size):
        bits = 0
        for a in assignments:
            if a >> i & 1:
                bits |= 1 << a
        true_masks.append(bits)
    slots = []
    for c in range(k):
        for j in range(layout.counts[c]):
            i = layout.offset(c) + j
            entries = []
            for st in options(layout, c, kinds):
                mn = meaning(st, layout, c, i)
                masks = []
                for p in range(k):
                    if isinstance(mn, GroupMeaning):
                        g = full
                        for t in mn.group:
                            g &= true_masks[t] if mn.value else ~true_masks[t] & full
                        mask = (true_masks[i] & g) | (~true_masks[i] & ~g & full)
                    else:
                        mask = true_masks[i] if holds(mn, p, ()) else ~true_masks[i] & full
                    masks.append(mask)
                edge = 0
                if st.kind in ("true", "false"):
                    edge = 1 << layout.index(st.target or "")
                other = st.kind in ("other_true", "other_false")
                entries.append((st, tuple(masks), edge, other))
            slots.append(entries)
    return slots


def _acyclic(edges: tuple[int, ...]) -> bool:
    """Whether the casket graph (edges[c] = bit set of caskets c speaks of) has no cycle."""
    k = len(edges)
    remaining = set(range(k))
    while remaining:
        sinks = [c for c in remaining if not any(edges[c] >> d & 1 for d in remaining)]
        if not sinks:
            return False
        remaining -= set(sinks)
    return True


def reference_census(n: int, vocabulary: str = "portrait", caskets: int = 3,
                     kinds: tuple[str, ...] | None = None) -> CensusResult:
    """Today's census before the casket factorisation (same arguments and result)."""
    start = time.perf_counter()
    if vocabulary not in VOCABULARIES:
        raise PortiaError(f"--vocabulary {vocabulary!r}: use one of {', '.join(VOCABULARIES)}")
    if n < 1:
        raise PortiaError(f"-n {n}: every casket needs at least one statement")
    if caskets != 3:
        raise PortiaError("the census counts three-casket puzzles (gold, silver, lead)")
    names = DEFAULT_CASKETS
    k = len(names)
    layout = Layout(names, (n,) * k)
    size = n * k
    if kinds is None:
        kinds = PORTRAIT_KINDS if vocabulary == "portrait" else None
    limits = f"the limit is {MAX_STATEMENT_SETS:,} choices and {MAX_STATEMENTS} statements"
    if size > MAX_STATEMENTS:  # before counting choices: for a large n that number is huge
        raise PortiaError(f"census -n {n} would enumerate statement choices over 2^{size} truth "
                          f"assignments: too many ({limits})")
    total = 1
    for c in range(k):
        total *= len(options(layout, c, kinds)) ** n
    if total > MAX_STATEMENT_SETS:
        raise PortiaError(
            f"census -n {n} --vocabulary {vocabulary} would enumerate {total:,} statement "
            f"choices over 2^{size} truth assignments: too many ({limits})")
    slots = _slot_masks(layout, kinds, size)
    assignments = 1 << size
    count_masks = [0] * (size + 1)
    for a in range(assignments):
        count_masks[a.bit_count()] |= 1 << a

    # per casket: {(masks, edge set, loop-free-ok): [ordered, unordered]}
    per_casket = []
    for c in range(k):
        groups: dict[tuple, list[int]] = {}
        casket_slots = slots[c * n:(c + 1) * n]
        for combo in product(*(range(len(s)) for s in casket_slots)):
            masks = list(casket_slots[0][combo[0]][1])
            edges = 0
            others = 0
            for pos, o in enumerate(combo):
                _st, ms, edge, other = casket_slots[pos][o]
                if pos:
                    masks = [a & b for a, b in zip(masks, ms)]
                edges |= edge
                others += other
            key = (tuple(masks), edges, others <= 1)
            w = groups.setdefault(key, [0, 0])
            w[0] += 1
            if all(combo[i] <= combo[i + 1] for i in range(n - 1)):
                w[1] += 1
        per_casket.append(groups)

    # combine every casket but the last: key (masks, edges tuple, ok) -> weights
    states: dict[tuple, list[int]] = {((-1,) * k, (), True): [1, 1]}
    for c in range(k - 1):
        nxt: dict[tuple, list[int]] = {}
        for (masks, edges, ok), (w0, w1) in states.items():
            for (cm, ce, cok), (v0, v1) in per_casket[c].items():
                key = (tuple(a & b for a, b in zip(masks, cm)), edges + (ce,), ok and cok)
                w = nxt.setdefault(key, [0, 0])
                w[0] += w0 * v0
                w[1] += w1 * v1
        states = nxt

    # strip what the last step does not need: merge states by (masks, edges, ok)
    count_memo: dict[int, int] = {}

    def counts_of(mask: int) -> int:
        got = count_memo.get(mask)
        if got is None:
            got = 0
            for m, cm in enumerate(count_masks):
                if mask & cm:
                    got |= 1 << m
            count_memo[mask] = got
        return got

    acyclic_memo: dict[tuple, bool] = {}
    valid = valid_u = lf = lf_u = some = 0
    by_m = [0] * (size + 1)
    last = per_casket[k - 1]
    for (masks, edges, ok), (w0, w1) in states.items():
        for (cm, ce, cok), (v0, v1) in last.items():
            sets = [counts_of(a & b) for a, b in zip(masks, cm)]
            once = 0
            seen = 0
            twice = 0
            for s in sets:
                twice |= seen & s
                seen |= s
            once = seen & ~twice
            if not once:
                continue
            bits = once.bit_count()
            o0, o1 = w0 * v0, w1 * v1
            some += o0
            valid += bits * o0
            valid_u += bits * o1
            m = 0
            x = once
            while x:
                if x & 1:
                    by_m[m] += o0
                x >>= 1
                m += 1
            if ok and cok:
                full_edges = edges + (ce,)
                acyc = acyclic_memo.get(full_edges)
                if acyc is None:
                    acyc = acyclic_memo[full_edges] = _acyclic(full_edges)
                if acyc:
                    lf += bits * o0
                    lf_u += bits * o1
    return CensusResult(n, vocabulary, k, total, some, valid, valid_u, lf, lf_u, tuple(by_m),
                        round(time.perf_counter() - start, 3))
