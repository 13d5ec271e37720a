"""Generated truth sentences name a pair as the menus do, the speaker last: "Ann and I are of
different types", never "I and Ann ..." (one order, kept by the sentences' Same form)."""

from __future__ import annotations

from portia_tui.core.io.formats import world_toml
from portia_tui.core.language import sentences as sn
from portia_tui.core.language.formulas import thaw
from portia_tui.core.packs import islands


def test_speaker_last_reorders_every_likeness_pair_and_nothing_else():
    f = ["iff", ["is", "self", "type", "knave"], ["differ", "self", "Ann", "type"]]
    assert sn.speaker_last(f) == ["iff", ["is", "self", "type", "knave"],
                                  ["differ", "Ann", "self", "type"]]
    assert sn.speaker_last(["same", "Ann", "Ben", "type"]) == ["same", "Ann", "Ben", "type"]
    assert sn.speaker_last(["same", "Ann", "self", "type"]) == ["same", "Ann", "self", "type"]


def test_a_generated_statement_says_ann_and_i_as_the_menu_does():
    ents = ["Ann", "Ben"]
    said = [["iff", ["is", "Ann", "type", "knave"], ["differ", "Ann", "Ben", "type"]],
            ["same", "Ben", "Ann", "type"]]
    statements = islands._statements(ents, said)
    puzzle = world_toml.loads('format = 3\nattributes = { type = ["knight", "knave"] }\n'
                              'modes = { knight = "true", knave = "false" }\n'
                              '[[entities]]\nname = "Ann"\n[[entities]]\nname = "Ben"\n'
                              ).replace(statements=statements)
    words = [sn.render(thaw(s.says), sn.Context.of(puzzle, s.by, s.id))
             for s in puzzle.statements]
    assert words == ["I am a knave if and only if Ben and I are of different types",
                     "Ann and I are of the same type"]
    # the menu's entry for Ann's slot says the pair the same way
    ctx = sn.Context.of(puzzle, "Ann", statements[0].id)
    offered = [sn.render(f, ctx) for form in sn.FORMS for _group, f in form.offers(ctx)]
    assert "Ben and I are of different types" in offered
    assert not any(w.startswith("I and") for w in offered)
    # and it reads back to the same formula, so a save keeps the sentence
    text = world_toml.dumps(puzzle)
    assert '"I am a knave if and only if Ben and I are of different types"' in text
    assert world_toml.loads(text).statements == puzzle.statements
