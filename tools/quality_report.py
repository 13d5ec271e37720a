"""The quality report of issue 19: for 30 generated puzzles per level at n = 2, 3 and 4 and per
family (portia1, portia2, portia3), the share failing each quality filter, the wasted-statement
score, the level distribution and the seconds per puzzle; beside each, the same settings with
every filter lifted (the generator as it was before the filters).

    .venv/bin/python tools/quality_report.py [--count 30] [--seed 1] [--quick] [WORD...]

WORD: only the packs whose label contains one of the words (e.g. `tricky`).

Every figure comes from core/packs/generator/quality.py (`faults`: the filters' own tests).
The hard filters (symmetry, giveaways, repeats, negations, echoes at n <= 2) must read 0.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from portia_tui.core.explain.difficulty import DIFFICULTIES  # noqa: E402
from portia_tui.core.packs.generator import GaveUpError, Settings, generate  # noqa: E402
from portia_tui.core.packs.generator.families import family_defaults  # noqa: E402
from portia_tui.core.packs.generator.quality import FILTERS, WASTED_PREFERRED, faults  # noqa: E402
from portia_tui.core.packs.generator.settings import fiendish_pack_bound  # noqa: E402

COLUMNS = ("symmetry", "giveaways", "repeats", "negations", "echoes", "fillers")
LIFTED = {f.setting: True for f in FILTERS.values() if f.setting.startswith("allow")}


def cases(count: int, quick: bool) -> list[tuple[str, dict]]:
    out = []
    for n in (2, 3, 4):
        out.append((f"n={n} any level", {"n": n}))
        for level in DIFFICULTIES:
            out.append((f"n={n} {level}", {"n": n, "difficulty": level,  # fiendish: full
                                            **({"vocabulary": "full"} if level == "fiendish"
                                               else {})}))
    for family in ("portia1", "portia2", "portia3"):
        out.append((family, {**family_defaults(family), "family": family}))
    return out[:4] + out[-3:] if quick else out


def measure(kw: dict, count: int, seed: int, lifted: bool, same: bool = False) -> dict | str:
    """The figures of one pack, or why none was made (`same`: the pack's variety lifted
    alone)."""
    extra = dict(LIFTED, repeats="allow") if lifted else {"allow_sameness": True} if same else {}
    began = time.perf_counter()
    try:
        made = generate(Settings(**kw, **extra, count=count, seed=seed))
    except GaveUpError as exc:
        return f"gave up: {exc.message}"
    except Exception as exc:  # a setting refused up front
        return f"refused: {getattr(exc, 'message', exc)}"
    seconds = (time.perf_counter() - began) / len(made)
    found = [faults(g.puzzle) for g in made]
    out = {c: sum(f[c] for f in found) / len(found) for c in COLUMNS}
    out["wasted"] = sum(f["wasted"] for f in found) / len(found)
    out["over"] = sum(f["wasted"] > WASTED_PREFERRED + 1e-9 for f in found) / len(found)
    out["echo_pairs"] = sum(f["echo_pairs"] for f in found) / len(found)
    answers = {}
    for g in made:
        answers[g.solution] = answers.get(g.solution, 0) + 1
    out["top_answer"] = max(answers.values()) / len(made)
    out["levels"] = " ".join(f"{d[0]}{sum(g.rating.level == d for g in made)}"
                             for d in DIFFICULTIES)
    out["ms"] = seconds * 1000
    return out


def row(label: str, side: str, got: dict | str) -> str:
    if isinstance(got, str):
        return f"{label:<18}{side:<7}{got[:100]}"
    cells = "".join(f"{got[c]:>10.0%}" for c in COLUMNS)
    return (f"{label:<18}{side:<7}{cells}{got['wasted']:>8.2f}{got['over']:>7.0%}"
            f"{got['echo_pairs']:>7.1f}{got['top_answer']:>6.0%}  {got['levels']:<16}"
            f"{got['ms']:>9.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30, help="puzzles per pack (default 30)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few of the packs only")
    parser.add_argument("words", nargs="*", help="only the packs whose label holds a word")
    args = parser.parse_args()
    print(f"{args.count} puzzles a pack, seed {args.seed}; 'lifted': every filter lifted "
          "(repeats allowed), as the generator was; 'on': the defaults")
    print("'on-s': the defaults with the pack's variety lifted alone, where the defaults refuse "
          "the pack up front (fiendish at n = 2 past settings.FIENDISH_N2_PACK)")
    print("share of puzzles failing each filter; wasted: mean share of statements that could "
          "be blanked, >1/3: share of puzzles above 1/3; echo: cross-casket echo pairs a "
          "puzzle; top: the most common answer's share; levels g/s/t/f; ms per puzzle")
    print(f"{'pack':<18}{'side':<7}" + "".join(f"{c:>10}" for c in COLUMNS)
          + f"{'wasted':>8}{'>1/3':>7}{'echo':>7}{'top':>6}  {'levels':<16}{'ms':>9}")
    for label, kw in cases(args.count, args.quick):
        if args.words and not any(w in label for w in args.words):
            continue
        for side, lifted in (("lifted", True), ("on", False)):
            print(row(label, side, measure(kw, args.count, args.seed, lifted)), flush=True)
        bound = fiendish_pack_bound(Settings(**kw, count=args.count))
        if bound is not None and args.count > bound:  # refused up front: the pack's variety
            # lifted alone ("on-s"), every other filter on (README, Fiendish)
            print(row(label, "on-s", measure(kw, args.count, args.seed, False, same=True)),
                  flush=True)


if __name__ == "__main__":
    main()
