"""Agreement of the hand sample's two raters (`felt`, `felt2`) and the grader's levels.

    .venv/bin/python tools/rater_agreement.py [SAMPLE.toml]

Prints exact / within-one agreement, weighted kappa (linear, quadratic), Spearman, and the
mean felt rating per grader level for each rater and for the mean of both (issue 19).
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path
from statistics import mean

from portia_tui.core.explain.difficulty import DIFFICULTIES, rate
from portia_tui.core.io import formats


def kappa(a: list[int], b: list[int], power: int) -> float:
    cats = range(1, 6)
    n = len(a)
    pa = {i: a.count(i) / n for i in cats}
    pb = {j: b.count(j) / n for j in cats}
    observed = sum(abs(x - y) ** power for x, y in zip(a, b)) / n
    expected = sum(abs(i - j) ** power * pa[i] * pb[j] for i in cats for j in cats)
    return 1 - observed / expected


def ranks(v: list[float]) -> list[float]:
    order = sorted(range(len(v)), key=lambda i: v[i])
    out = [0.0] * len(v)
    i = 0
    while i < len(v):
        j = i
        while j + 1 < len(v) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(x: list[float], y: list[float]) -> float:
    rx, ry = ranks(x), ranks(y)
    mx, my = mean(rx), mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    return cov / (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5


def main() -> None:
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "tests/data/hand_sample_fresh.toml")
    sample = tomllib.loads(path.read_text())["sample"]
    f1 = [s["felt"] for s in sample]
    f2 = [s["felt2"] for s in sample]
    level = [DIFFICULTIES.index(rate(formats.loads(s["puzzle"], "native", s["id"])).level) + 1
             for s in sample]
    n = len(sample)
    print(f"{n} puzzles: exact {sum(a == b for a, b in zip(f1, f2))}, within one "
          f"{sum(abs(a - b) <= 1 for a, b in zip(f1, f2))}; kappa linear {kappa(f1, f2, 1):.2f}, "
          f"quadratic {kappa(f1, f2, 2):.2f}; Spearman {spearman(f1, f2):.2f}; "
          f"means {mean(f1):.2f} / {mean(f2):.2f}")
    both = [(a + b) / 2 for a, b in zip(f1, f2)]
    for name, felt in (("first", f1), ("second", f2), ("mean", both)):
        means = [mean(f for f, lv in zip(felt, level) if lv == k) for k in range(1, 5)]
        steps = ", ".join(f"{b - a:.2f}" for a, b in zip(means, means[1:]))
        exact = sum(f == lv for f, lv in zip(felt, level)) if name != "mean" else "-"
        print(f"{name:6s} " + " ".join(f"{d} {m:.2f}" for d, m in zip(DIFFICULTIES, means))
              + f"; steps {steps}; exact {exact}; Spearman with level "
              f"{spearman([float(x) for x in level], [float(x) for x in felt]):.2f}")


if __name__ == "__main__":
    main()
