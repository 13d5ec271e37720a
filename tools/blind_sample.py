"""Print the hand sample's puzzles as text only, shuffled, under neutral labels.

For a blind second rating (issue 19): the level, answer, felt rating and notes of each
sample entry are never printed; the key (label -> sample id) goes to a separate file.

    python tools/blind_sample.py OUT_DIR [SAMPLE.toml]
"""

from __future__ import annotations

import random
import sys
import tomllib
from pathlib import Path


def puzzle_text(puzzle_toml: str) -> str:
    data = tomllib.loads(puzzle_toml)
    lines = []
    for casket in data["caskets"]:
        lines.append(f"  {casket['name']} casket:")
        for j, statement in enumerate(casket.get("statements", []), 1):
            lines.append(f"    {j}. {statement}")
    rules = list(data.get("rules", []))
    if "m" in data:
        rules.insert(0, f"Exactly {data['m']} of the statements are true")
    for rule in rules:
        lines.append(f"  Portia: {rule}.")
    extra = sorted(set(data) - {"format", "m", "rules", "caskets"})
    for key in extra:
        lines.append(f"  ({key} = {data[key]!r})")
    lines.append("  Which casket holds the portrait?")
    return "\n".join(lines)


def main() -> None:
    out = Path(sys.argv[1])
    sample_path = Path(sys.argv[2] if len(sys.argv) > 2 else "tests/data/hand_sample_fresh.toml")
    entries = tomllib.loads(sample_path.read_text())["sample"]
    order = list(range(len(entries)))
    random.SystemRandom().shuffle(order)
    out.mkdir(parents=True, exist_ok=True)
    blind, key = [], []
    for k, idx in enumerate(order, 1):
        label = f"B{k:02d}"
        blind.append(f"{label}\n{puzzle_text(entries[idx]['puzzle'])}\n")
        key.append(f"{label} {entries[idx]['id']}")
    (out / "blind.txt").write_text("\n".join(blind))
    (out / "key.txt").write_text("\n".join(key) + "\n")
    print(f"{len(entries)} puzzles -> {out / 'blind.txt'}; key in {out / 'key.txt'} (do not open)")


if __name__ == "__main__":
    main()
