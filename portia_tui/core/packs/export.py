"""Pack export: printable Markdown and HTML, thesis text and thesis JSON.

md, html  one printable file: the puzzles (easiest first unless the pack's order is asked
          for), caskets side by side, an answer line under each; then, as asked, nothing, a
          one-line-per-puzzle answer key, or the key and every step-by-step explanation in
          running text. The HTML prints on A4, several puzzles a page.
txt       a folder holding one thesis-format text file per puzzle (<id>.txt). The thesis text
          format holds only gold, silver and lead with n statements each; other puzzles are
          skipped with a note.
json      a folder holding one thesis JSON file per puzzle (<id>.json); like txt, only gold,
          silver and lead with n statements each.

File names come from the puzzle ids (characters other than letters, digits, '-' and '_'
become '_'); two ids that would share a name get a suffix (-2, -3, ...), so every puzzle
written has a file of its own.

Every file is written atomically; nothing is replaced unless force is true.
"""

from __future__ import annotations

import html
import os
from dataclasses import dataclass, field
from pathlib import Path

from portia_tui.core.explain.deduction import explain_within
from portia_tui.core.explain.difficulty import DIFFICULTIES
from portia_tui.core.errors import ExistsError, FormatError, PortiaError
from portia_tui.core.io.formats import dumps as dumps_puzzle
from portia_tui.core.io.files import write_all
from portia_tui.core.io.formats.common import atomic_write, check_target
from portia_tui.core.packs import island_print
from portia_tui.core.packs.pack import Pack, PackPuzzle

FORMATS = ("md", "html", "txt", "json")


@dataclass
class ExportResult:
    written: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


#: what a printable pack shows after the puzzles: nothing, a one-line-per-puzzle answer key,
#: or the key and every puzzle's step-by-step explanation
SOLUTIONS = ("none", "key", "full")
#: the order of the puzzles in a printable pack: easiest first, or as the pack has them
ORDERS = ("difficulty", "pack")


def _rule(entry: PackPuzzle) -> str:
    """Portia's rules for the puzzle, each its own sentence (core/language/rules.py words them):
    'Exactly 1 statement is true.', 'On every casket, at most 1 statement is false.'"""
    if entry.is_truth:
        return island_print.rules_text(entry.world)
    return " ".join(f"{sentence}." for sentence in entry.casket.rule_sentences())


def _answer(entry: PackPuzzle) -> str:
    if entry.is_truth:
        answer = island_print.solved_answer(entry.world)
        return "none" if answer is None else island_print.answer_said(entry.world, answer)
    if entry.solution is None:
        from portia_tui.core.solve.engine import analyse

        sols = analyse(entry.casket).solution_names()
        return sols[0] if len(sols) == 1 else "none"
    return entry.solution


def ordered(pack: Pack, order: str = "difficulty") -> list[PackPuzzle]:
    """The pack's puzzles in print order: by difficulty level (easiest first; unknown levels
    last), then by rating, then as in the pack; or as in the pack."""
    if order not in ORDERS:
        raise PortiaError(f"unknown order {order!r}: use one of {', '.join(ORDERS)}")
    entries = list(pack.puzzles)
    if order == "pack":
        return entries

    def key(entry: PackPuzzle) -> tuple[int, float]:
        level = (DIFFICULTIES.index(entry.difficulty) if entry.difficulty in DIFFICULTIES
                 else len(DIFFICULTIES))
        return (level, entry.rating)

    return sorted(entries, key=key)  # stable: ties keep the pack's order


def _heading(number: int, entry: PackPuzzle) -> str:
    """'3. Puzzle 007' (the print number, then the pack's own name for the puzzle)."""
    return f"{number}. {entry.title}"


def _key_line(number: int, entry: PackPuzzle) -> str:
    return f"{_heading(number, entry)} ({entry.difficulty}): {_answer(entry)}"


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


def _outline(explanation: str) -> list[tuple[int, str]]:
    """The explanation's lines as (depth, text): depth 0 for a placement's opening line or the
    conclusion, deeper for the steps under it (read off the indentation)."""
    # steps nest one level at a time, however deep the text indents them: a line's depth is
    # the number of less indented lines it stands under, so lines indented alike are siblings
    fixed: list[tuple[int, str]] = []
    open_: list[int] = []  # the indents of the lines the next one may stand under
    for line in explanation.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        while open_ and open_[-1] >= indent:
            open_.pop()
        fixed.append((len(open_), line.strip()))
        open_.append(indent)
    return fixed


def _check(solutions: str, order: str) -> None:
    if solutions not in SOLUTIONS:
        raise PortiaError(f"unknown solutions {solutions!r}: use one of {', '.join(SOLUTIONS)}")
    if order not in ORDERS:
        raise PortiaError(f"unknown order {order!r}: use one of {', '.join(ORDERS)}")


#: the line every printable pack opens with
INTRO = ("Each casket carries statements; Portia's rules, given with each puzzle, say which "
         "of them can be true. Where is the portrait?")
#: the line under each puzzle, where the reader writes the answer
ANSWER_LINE = "Answer: the portrait is in the ______________ casket."


def _intro(pack: Pack) -> list[str]:
    """The lines a printable pack opens with: the caskets', the truth puzzles', or both."""
    truth = [e.world for e in pack.puzzles if e.is_truth]
    caskets = len(truth) < len(pack.puzzles)
    return ([INTRO] if caskets else []) + ([island_print.intro(truth)] if truth else [])


def _answer_line(entry: PackPuzzle) -> str:
    return island_print.answer_blanks(entry.world) if entry.is_truth else ANSWER_LINE


def _explained(entry: PackPuzzle) -> str:
    return (island_print.explanation(entry.world) if entry.is_truth
            else explain_within(entry.casket))


def _said_answer(entry: PackPuzzle) -> str:
    """The answer as the solutions open it: "The portrait is in the lead casket."."""
    if entry.is_truth:
        said = _answer(entry)
        return said[:1].upper() + said[1:] + "."
    return f"The portrait is in the {_answer(entry)} casket."


# --------------------------------------------------------------------------- markdown
def _md_cell(text: str) -> str:
    return text.replace("|", "\\|")


def to_markdown(pack: Pack, solutions: str = "key", order: str = "difficulty") -> str:
    """The pack as Markdown: caskets side by side (a table, one column per casket), an answer
    line under each puzzle; then an answer key and, with solutions="full", explanations."""
    _check(solutions, order)
    entries = ordered(pack, order)
    meta = " · ".join(f"{key}: {value}" for key, value in _meta_lines(pack))
    lines = [f"# {pack.title or 'Portia puzzles'}", "", meta, ""]
    for intro in _intro(pack):
        lines += [intro, ""]
    for number, entry in enumerate(entries, 1):
        lines += [f"## {_heading(number, entry)}", "",
                  f"*{entry.difficulty}* · {_rule(entry)}", ""]
        if entry.is_truth:
            lines += [f"- **{label}:** {' '.join(said) or '(says nothing)'}"
                      for label, said in island_print.speakers(entry.world)]
            lines += ["", _answer_line(entry), ""]
            continue
        p = entry.casket
        lines.append("| " + " | ".join(_md_cell(c.name.capitalize()) for c in p.caskets) + " |")
        lines.append("|" + "---|" * len(p.caskets))
        for row in range(max(p.layout.counts)):
            cells = []
            for ci, casket in enumerate(p.caskets):
                if row < len(casket.statements):
                    i = p.number(ci, row)
                    cells.append(_md_cell(f"{i + 1}. {p.sentence(i)}"))
                else:
                    cells.append("")
            lines.append("| " + " | ".join(cells) + " |")
        lines += ["", ANSWER_LINE, ""]
    if solutions != "none":
        lines += ["---", "", "## Answer key", ""]
        lines += [f"- {_key_line(number, entry)}" for number, entry in enumerate(entries, 1)]
        lines.append("")
    if solutions == "full":
        lines += ["## Solutions", ""]
        for number, entry in enumerate(entries, 1):
            said = (f"**{_said_answer(entry)}**" if entry.is_truth
                    else f"The portrait is in the **{_answer(entry)}** casket.")
            lines += [f"### {_heading(number, entry)}", "", said, ""]
            for depth, text in _outline(_explained(entry)):
                if depth == 0:
                    lines += ([""] if lines[-1] else []) + [text, ""]
                else:
                    lines.append("  " * (depth - 1) + "- " + text)
            lines.append("")
    return "\n".join(lines)


# --------------------------------------------------------------------------- html
_CSS = """
@page { size: A4; margin: 12mm 13mm 13mm 13mm; }
body { font-family: Georgia, 'Times New Roman', serif; font-size: 10pt; line-height: 1.3;
       max-width: 52em; margin: 1.5em auto; padding: 0 1em; color: #111; background: #fff; }
h1 { font-size: 17pt; margin: 0 0 1mm 0; border-bottom: 1.5px solid #444; }
.meta { margin: 0; color: #333; font-size: 9pt; }
.intro { margin: 1mm 0 2mm 0; font-style: italic; }
.puzzle { border-top: 1px solid #888; padding: 2mm 0 2.5mm 0; }
.puzzle h2 { font-size: 11pt; margin: 0 0 1.5mm 0; }
.puzzle h2 .level { font-weight: normal; font-style: italic; }
.puzzle h2 .rule { font-weight: normal; float: right; }
.caskets { display: flex; flex-wrap: wrap; gap: 2.5mm; }
.casket { flex: 1 1 0; min-width: 9.5em; border: 1px solid #555;
          border-radius: 4mm 4mm 1mm 1mm; padding: 0.8mm 2mm 1.2mm 2mm; }
.casket h3 { margin: 0 0 0.5mm 0; font-size: 10pt; text-align: center;
             font-variant: small-caps; letter-spacing: 0.04em; }
.casket ol { margin: 0; padding-left: 1.7em; }
.casket li { margin: 0 0 0.4mm 0; }
.answer-line { margin: 2mm 0 0 0; }
.rules { margin: 0 0 1.5mm 0; }
.speakers { display: grid; gap: 2.5mm; }
.speaker { border-radius: 1.5mm; }
.speaker h3 { font-variant: normal; letter-spacing: 0; }
.speaker p { margin: 0 0 0.4mm 0; }
.truth .answer-line .blank { margin-left: 1em; white-space: nowrap; display: inline-block; }
#key h2, #solutions h2 { font-size: 13pt; margin: 0 0 2mm 0; }
#key ol { list-style: none; padding: 0; margin: 0; columns: 2; column-gap: 8mm; }
#key li { break-inside: avoid; }
#solutions .columns { columns: 2; column-gap: 7mm; font-size: 9pt; line-height: 1.25; }
.solution { margin: 0 0 3mm 0; }
.solution h3 { font-size: 10.5pt; margin: 2mm 0 0.5mm 0; }
.solution p { margin: 1mm 0 0.5mm 0; }
.solution ul { margin: 0 0 0 1.2em; padding-left: 0.6em; }
.solution li { margin: 0; }
.answer { font-weight: bold; }
@media print {
  body { margin: 0; max-width: none; padding: 0; }
  .puzzle { break-inside: avoid; page-break-inside: avoid; }
  #key { break-before: page; page-break-before: always; }
  #solutions { margin-top: 5mm; }
}
"""


def _html_outline(explanation: str) -> list[str]:
    e = html.escape
    out: list[str] = []
    depth = 0
    for level, text in _outline(explanation):
        while depth > level:
            out.append("</li></ul>")
            depth -= 1
        if level == 0:
            out.append(f"<p>{e(text)}</p>")
        elif level > depth:
            out.append(f"<ul><li>{e(text)}")
            depth = level
        else:
            out.append(f"</li><li>{e(text)}")
    out.extend("</li></ul>" for _ in range(depth))
    return out


def _html_truth(number: int, entry: PackPuzzle) -> list[str]:
    """One truth puzzle's article: the rules under the heading, a box per speaker (or room)
    with what it says, the answer line."""
    e = html.escape
    out = [f'<article class="puzzle truth" id="p{e(entry.id)}">',
           f'<h2>{e(_heading(number, entry))} <span class="level">{e(entry.difficulty)}'
           '</span></h2>', f'<p class="rules">{e(_rule(entry))}</p>']
    people = island_print.speakers(entry.world)
    # a grid of at most 4 a row, rows as even as they come (5 and 6 people: 3 a row)
    columns = len(people) if len(people) <= 4 else 3 if len(people) <= 6 else 4
    out.append(f'<div class="speakers" style="grid-template-columns: repeat({columns}, 1fr)">')
    for label, said in people:
        out += ['<div class="casket speaker">', f"<h3>{e(label)}</h3>"]
        out += [f"<p>{e(s)}</p>" for s in said] or ['<p class="silent">(says nothing)</p>']
        out.append("</div>")
    parts = island_print.answer_parts(entry.world)
    line = e(parts[0]) + "".join(f' <span class="blank">{e(p)}</span>' for p in parts[1:])
    out += ["</div>", f'<p class="answer-line">{line}</p>', "</article>"]
    return out


def to_html(pack: Pack, solutions: str = "key", order: str = "difficulty") -> str:
    """The pack as one printable HTML page (A4): caskets side by side, an answer line under
    each puzzle, several puzzles a page; then an answer key (one line per puzzle) on a page of
    its own and, with solutions="full", every explanation in running text."""
    _check(solutions, order)
    e = html.escape
    entries = ordered(pack, order)
    title = e(pack.title or "Portia puzzles")
    meta = " · ".join(f"{key}: {value}" for key, value in _meta_lines(pack))
    out = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
           f"<title>{title}</title>", f"<style>{_CSS}</style>", "</head>", "<body>",
           f"<h1>{title}</h1>", f'<p class="meta">{e(meta)}</p>',
           *(f'<p class="intro">{e(intro)}</p>' for intro in _intro(pack)),
           '<section id="puzzles">']
    for number, entry in enumerate(entries, 1):
        if entry.is_truth:
            out += _html_truth(number, entry)
            continue
        p = entry.casket
        out += [f'<article class="puzzle" id="p{e(entry.id)}">',
                f'<h2>{e(_heading(number, entry))} <span class="level">{e(entry.difficulty)}'
                f'</span><span class="rule">{e(_rule(entry))}</span></h2>',
                '<div class="caskets">']
        for ci, casket in enumerate(p.caskets):
            start = p.number(ci, 0) + 1
            out += ['<div class="casket">', f"<h3>{e(casket.name.capitalize())}</h3>",
                    f'<ol start="{start}">']
            out += [f"<li>{e(p.sentence(p.number(ci, j)))}</li>"
                    for j in range(len(casket.statements))]
            out += ["</ol>", "</div>"]
        out += ["</div>", f'<p class="answer-line">{e(ANSWER_LINE)}</p>', "</article>"]
    out.append("</section>")
    if solutions != "none":
        out += ['<section id="key">', "<h2>Answer key</h2>", "<ol>"]
        out += [f'<li class="key">{e(_key_line(number, entry))}</li>'
                for number, entry in enumerate(entries, 1)]
        out += ["</ol>", "</section>"]
    if solutions == "full":
        out += ['<section id="solutions">', "<h2>Solutions</h2>", '<div class="columns">']
        for number, entry in enumerate(entries, 1):
            out += [f'<article class="solution" id="s{e(entry.id)}">',
                    f"<h3>{e(_heading(number, entry))}</h3>",
                    f'<p class="answer">{e(_said_answer(entry))}</p>',
                    *_html_outline(_explained(entry)), "</article>"]
        out += ["</div>", "</section>"]
    out += ["</body>", "</html>", ""]
    return "\n".join(out)


# --------------------------------------------------------------------------- folders
#: the longest file name stem an export gives a puzzle (in UTF-8 bytes; systems allow 255)
MAX_STEM_BYTES = 100


def _file_name(pid: str) -> str:
    """A puzzle id as a file name stem: letters, digits, '-' and '_' (anything else '_'), at
    most :data:`MAX_STEM_BYTES` bytes (a longer id is cut; :func:`file_names` keeps names
    apart)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in pid)
    cut = safe.encode("utf-8")[:MAX_STEM_BYTES].decode("utf-8", "ignore")
    return cut or "puzzle"


def file_names(ids: list[str], ext: str) -> list[str]:
    """One file name per id, all different (also to a file system that ignores letter case):
    an id whose safe name is taken gets a suffix, -2, -3, ..."""
    taken: set[str] = set()
    out = []
    for pid in ids:
        stem = _file_name(pid)
        name, k = stem + ext, 1
        while name.casefold() in taken:
            k += 1
            name = f"{stem}-{k}{ext}"
        taken.add(name.casefold())
        out.append(name)
    return out


def _prepare_folder(out: Path, names: list[str], force: bool) -> None:
    if out.exists() and not out.is_dir():
        raise FormatError("exists and is not a folder (txt and json export write a folder)",
                          str(out))
    if not out.parent.is_dir():
        raise FormatError(f"no such folder {str(out.parent)!r}", str(out))
    if not force:
        clash = [n for n in names if os.path.lexists(out / n)]
        if clash:
            more = f" (and {len(clash) - 1} more)" if len(clash) > 1 else ""
            raise ExistsError(str(out / clash[0]), message=f"already exists{more}")
    try:
        out.mkdir(exist_ok=True)
    except OSError as exc:
        raise FormatError(f"cannot make the folder: {exc.strerror or exc}", str(out)) from None


def _truth_file(entry: PackPuzzle, fmt: str) -> str:
    """A truth puzzle's file: the puzzle in words (txt), or its structured JSON (json)."""
    if fmt == "txt":
        return island_print.plain_text(entry.world, entry.title)
    from portia_tui.core.io.formats import structured

    return structured.dumps(entry.world.replace(title=entry.title))


def _export_folder(pack: Pack, fmt: str, out: Path, force: bool) -> ExportResult:
    result = ExportResult()
    ext, codec = (".txt", "text") if fmt == "txt" else (".json", "thesis_json")
    texts: list[tuple[str, str]] = []
    ids: list[str] = []
    for entry in pack.puzzles:
        if entry.is_truth:
            texts.append(("", _truth_file(entry, fmt)))
            ids.append(entry.id)
            continue
        if fmt == "txt" and not entry.casket.is_classic:
            result.notes.append(f"{entry.id}: skipped, the thesis text format holds only gold, "
                                "silver and lead with the same number of statements each")
            continue
        try:
            text = dumps_puzzle(entry.casket, codec)
        except PortiaError as exc:
            result.notes.append(f"{entry.id}: skipped, {exc.message}")
            continue
        texts.append(("", text))
        ids.append(entry.id)
    texts = list(zip(file_names(ids, ext), (text for _, text in texts)))
    if not texts:
        raise PortiaError(f"no puzzle of this pack fits the {fmt} format; nothing written",
                          str(out))
    made = not out.exists()
    _prepare_folder(out, [name for name, _ in texts], force)
    try:  # all of the files or none
        write_all([(out / name, text) for name, text in texts], force=force)
    except PortiaError:
        if made:
            try:
                out.rmdir()  # the folder this export made, left empty
            except OSError:
                pass
        raise
    result.written.extend(str(out / name) for name, _text in texts)
    return result


def export_pack(pack: Pack, fmt: str, out: str | os.PathLike[str], force: bool = False,
                solutions: str = "key", order: str = "difficulty") -> ExportResult:
    """Write the pack in format fmt to out (a file for md/html, a folder for txt/json).
    solutions and order shape the printable formats (md, html); see SOLUTIONS and ORDERS."""
    _check(solutions, order)
    if fmt not in FORMATS:
        raise PortiaError(f"unknown export format {fmt!r}: use one of {', '.join(FORMATS)}")
    path = Path(out)
    if fmt in ("txt", "json"):
        return _export_folder(pack, fmt, path, force)
    check_target(path, force)  # before the work of explaining every puzzle
    make = to_markdown if fmt == "md" else to_html
    text = make(pack, solutions=solutions, order=order)
    atomic_write(path, text, force=force)
    return ExportResult(written=[str(path)])
