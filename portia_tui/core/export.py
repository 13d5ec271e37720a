"""Pack export: printable Markdown and HTML, thesis text and thesis JSON.

md, html  one file; the puzzles first (each on its own page when printed), then the
          solutions, each with the deduction solver's step-by-step explanation.
txt       a folder holding one thesis-format text file per puzzle (<id>.txt). The thesis text
          format holds only gold, silver and lead with n statements each; other puzzles are
          skipped with a note.
json      a folder holding one thesis JSON file per puzzle (<id>.json); any casket names, the
          same number of statements on each casket.

Every file is written atomically; nothing is replaced unless force is true.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from pathlib import Path

from .deduction import explain
from .errors import FormatError, PortiaError
from .formats import dumps as dumps_puzzle
from .formats.common import atomic_write, check_target
from .pack import Pack, PackPuzzle

FORMATS = ("md", "html", "txt", "json")


@dataclass
class ExportResult:
    written: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _shape(entry: PackPuzzle) -> str:
    p = entry.puzzle
    shape = p.shape
    word = "statement is" if p.m == 1 else "statements are"
    return f"{shape}, {len(p.caskets)} caskets. Exactly {p.m} {word} true."


def _grade(entry: PackPuzzle) -> str:
    return f"{entry.difficulty} ({entry.rating:.2f})"


def _answer(entry: PackPuzzle) -> str:
    if entry.solution is None:
        from .engine import analyse

        sols = analyse(entry.puzzle).solution_names()
        return sols[0] if len(sols) == 1 else "none"
    return entry.solution


def _meta_lines(pack: Pack) -> list[tuple[str, str]]:
    out = []
    if pack.author:
        out.append(("Author", pack.author))
    if pack.created:
        out.append(("Created", pack.created))
    seed = pack.generator.get("seed") if pack.generator else None
    if seed is not None:
        out.append(("Seed", str(seed)))
    out.append(("Puzzles", str(len(pack.puzzles))))
    return out


#: the line every printable pack opens with
INTRO = ("Each casket carries statements; exactly the given number of them are true. "
         "Where is the portrait?")


# --------------------------------------------------------------------------- markdown
def to_markdown(pack: Pack) -> str:
    lines = [f"# {pack.title or 'Portia puzzles'}", ""]
    for key, value in _meta_lines(pack):
        lines.append(f"- {key}: {value}")
    lines += ["", INTRO, ""]
    for entry in pack.puzzles:
        p = entry.puzzle
        lines += [f"## {entry.id}. {entry.title}", "",
                  f"{_shape(entry)} Difficulty: {_grade(entry)}.", ""]
        for ci, casket in enumerate(p.caskets):
            lines.append(f"**{casket.name.capitalize()} casket**")
            lines.append("")
            for j in range(len(casket.statements)):
                i = p.number(ci, j)
                lines.append(f"{i + 1}. {p.sentence(i)}")
            lines.append("")
    lines += ["---", "", "# Solutions", ""]
    for entry in pack.puzzles:
        lines += [f"## {entry.id}. {entry.title}", "",
                  f"The portrait is in the **{_answer(entry)}** casket.", "", "```text",
                  explain(entry.puzzle), "```", ""]
    return "\n".join(lines)


# --------------------------------------------------------------------------- html
_CSS = """
body { font-family: Georgia, 'Times New Roman', serif; max-width: 46em; margin: 2em auto;
       padding: 0 1em; line-height: 1.45; color: #111; background: #fff; }
h1 { border-bottom: 2px solid #444; padding-bottom: .2em; }
h2 { margin-top: 1.6em; }
.meta { color: #333; }
.casket { margin: .6em 0; }
.casket h3 { margin: .2em 0; font-size: 1.05em; }
ol { margin: .2em 0 .2em 1.4em; }
.answer { font-weight: bold; }
pre { white-space: pre-wrap; font-size: .9em; background: #f4f4f4; padding: .6em;
      border: 1px solid #ccc; }
@media print {
  body { margin: 0; max-width: none; }
  .puzzle { page-break-inside: avoid; break-inside: avoid; }
  #solutions { page-break-before: always; break-before: page; }
  pre { background: none; }
}
"""


def to_html(pack: Pack) -> str:
    e = html.escape
    title = e(pack.title or "Portia puzzles")
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{title}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
           f"<h1>{title}</h1>", '<ul class="meta">']
    for key, value in _meta_lines(pack):
        out.append(f"<li>{e(key)}: {e(value)}</li>")
    out += ["</ul>", f"<p>{e(INTRO)}</p>", '<section id="puzzles">']
    for entry in pack.puzzles:
        p = entry.puzzle
        out += [f'<article class="puzzle" id="p{e(entry.id)}">',
                f"<h2>{e(entry.id)}. {e(entry.title)}</h2>",
                f"<p>{e(_shape(entry))} Difficulty: {e(_grade(entry))}.</p>"]
        for ci, casket in enumerate(p.caskets):
            start = p.number(ci, 0) + 1
            out += ['<div class="casket">', f"<h3>{e(casket.name.capitalize())} casket</h3>",
                    f'<ol start="{start}">']
            for j in range(len(casket.statements)):
                out.append(f"<li>{e(p.sentence(p.number(ci, j)))}</li>")
            out += ["</ol>", "</div>"]
        out.append("</article>")
    out += ["</section>", '<section id="solutions">', "<h1>Solutions</h1>"]
    for entry in pack.puzzles:
        out += [f'<article class="solution" id="s{e(entry.id)}">',
                f"<h2>{e(entry.id)}. {e(entry.title)}</h2>",
                f'<p class="answer">The portrait is in the {e(_answer(entry))} casket.</p>',
                f"<pre>{e(explain(entry.puzzle))}</pre>", "</article>"]
    out += ["</section>", "</body>", "</html>", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- folders
def _file_name(pid: str) -> str:
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in pid)
    return safe or "puzzle"


def _prepare_folder(out: Path, names: list[str], force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise FormatError("exists and is not a folder (txt and json export write a folder)",
                          str(out))
    if not out.parent.is_dir():
        raise FormatError(f"no such folder {str(out.parent)!r}", str(out))
    if not force:
        clash = [n for n in names if (out / n).exists()]
        if clash:
            raise FormatError(f"{clash[0]} already exists there (use --force to replace "
                              f"{'it' if len(clash) == 1 else f'these {len(clash)} files'})",
                              str(out))
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise FormatError(f"cannot make the folder: {exc.strerror or exc}", str(out)) from None


def _export_folder(pack: Pack, fmt: str, out: Path, force: bool) -> ExportResult:
    result = ExportResult()
    ext, codec = (".txt", "text") if fmt == "txt" else (".json", "thesis_json")
    texts: list[tuple[str, str]] = []
    for entry in pack.puzzles:
        if fmt == "txt" and not entry.puzzle.is_classic:
            result.notes.append(f"{entry.id}: skipped, the thesis text format holds only gold, "
                                "silver and lead with the same number of statements each")
            continue
        try:
            text = dumps_puzzle(entry.puzzle, codec)
        except PortiaError as exc:
            result.notes.append(f"{entry.id}: skipped, {exc.message}")
            continue
        texts.append((_file_name(entry.id) + ext, text))
    if not texts:
        raise PortiaError(f"no puzzle of this pack fits the {fmt} format; nothing written",
                          str(out))
    _prepare_folder(out, [name for name, _ in texts], force)
    for name, text in texts:
        atomic_write(out / name, text, force=force)
        result.written.append(str(out / name))
    return result


def export_pack(pack: Pack, fmt: str, out: str | os.PathLike[str],
                force: bool = False) -> ExportResult:
    """Write the pack in format fmt to out (a file for md/html, a folder for txt/json)."""
    if fmt not in FORMATS:
        raise PortiaError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")
    path = Path(out)
    if fmt in ("txt", "json"):
        return _export_folder(pack, fmt, path, force)
    check_target(path, force)  # before the work of explaining every puzzle
    text = to_markdown(pack) if fmt == "md" else to_html(pack)
    atomic_write(path, text, force=force)
    return ExportResult(written=[str(path)])
