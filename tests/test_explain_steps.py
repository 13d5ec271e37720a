"""Explanations a person would write (issue #19 point 4, #20's truth ladders): a big step of
the grader told one fact at a time with its reason, what makes a case fail said, nothing
told after the answer is settled, a rule's step with a reason of its own, hint 1 naming the
fact it settles (never its value)."""

from __future__ import annotations

import re

from portia_tui.core.explain.island_game import IslandGame

from .test_play_islands import TRUTH, load


def _story(name: str) -> list[str]:
    text = IslandGame(load(name)).reveal_text()
    return text.split("\n\nAnswer:")[0].splitlines()


def test_the_labyrinth_rule_step_is_told_one_reason_at_a_time():
    """"Room 8 is not empty" gave 12 facts in one line; now each line reads at most three
    known facts, and the chain goes sign by sign as a person follows it."""
    lines = _story("labyrinth-clue.toml")
    assert 'By the rule "Room 8 is not empty", as there is no lady in room 8, a tiger is in ' \
           "room 8." in lines
    assert ('As a tiger is in room 9 and sign 9 is wrong ("A tiger is in this room and sign 6 '
            'is wrong"), sign 6 is right ("Sign 3 is wrong").') in lines
    assert ('As sign 6 is right ("Sign 3 is wrong"), sign 3 is wrong ("Sign 5 is right or sign '
            '7 is wrong").') in lines
    for line in lines:
        assert line.count(" is wrong") + line.count(" is right") <= 6, line
        assert not line.startswith('From the rule "Room 8'), line
    # the story stops once the question is answered: room 6's content was told after it
    assert not any("room 6 is empty" in line for line in lines)


def test_a_rule_that_gives_the_whole_answer_says_why_for_each_room():
    """Trial 9: "At most one of the signs is true" gave the answer in one line."""
    lines = _story("trial-9.toml")
    assert lines == [
        "If a lady is in room II, then sign I is right, sign II is right and sign III is "
        'wrong, against the rule "At most one of the signs is true": so a tiger is in room II.',
        "If a lady is in room III, then sign I is right, sign II is wrong and sign III is "
        'right, against the rule "At most one of the signs is true": so a tiger is in room III.',
        "So a lady is in room I."]


def test_a_failing_case_says_what_in_the_sign_makes_it_fail():
    for path in sorted(TRUTH.glob("*.toml")):
        game = IslandGame(load(path.name))
        if not game.playable:
            continue
        texts = [h.text for h in game.hints()]
        for text in texts:
            assert "which cannot be" not in text, (path.name, text)
            assert "leaves no other way" not in text, (path.name, text)
            assert "leaves only one way for something" not in text, (path.name, text)
            for found in re.finditer(r"cannot (?:then )?hold(..)", text):
                assert found.group(1) in (": ", " ("), (path.name, text)  # its reason follows
    lines = _story("werewolves-4.toml")
    assert ('But then B\'s statement "C is a knight" cannot hold: as B is a knight, it must be '
            "true, but it would be false.") in [line.strip() for line in lines]
    assert 'if A is a knave, it must be false, but it would be true; so A is a knight.' in lines[0]


def test_hint_one_names_the_fact_a_rule_settles_without_its_value():
    ladder = IslandGame(load("trial-2.toml")).hints()
    assert ladder[0].text == ('Start with the rule "Sign I is right if and only if sign II is '
                              'right": with what the puzzle gives, it settles whether a lady is '
                              "in room I.")


def test_a_rule_step_gives_each_fact_its_reason():
    """Werewolves IV: "B is human and C is human: the rule ... leaves no other way"."""
    lines = _story("werewolves-4.toml")
    assert 'By the rule "The werewolf is a knight", as B is a knave, B is human.' in lines
    assert 'By the rule "The werewolf is a knight", as C is a knave, C is human.' in lines
    assert lines[-1] == "So A is a werewolf."
