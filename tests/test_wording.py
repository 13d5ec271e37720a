from portia_tui.core.wording import joined, numbers, plural


def test_joined_reads_like_a_sentence():
    assert joined([]) == ""
    assert joined(["gold"]) == "gold"
    assert joined(["gold", "lead"]) == "gold and lead"
    assert joined(["gold", "silver", "lead"]) == "gold, silver and lead"
    assert joined([1, 3], last="or") == "1 or 3"


def test_numbers_are_one_based():
    assert numbers([]) == ""
    assert numbers([0]) == "1"
    assert numbers([0, 2, 3]) == "1, 3 and 4"


def test_plural():
    assert plural(1, "hint") == "1 hint"
    assert plural(0, "hint") == "0 hints"
    assert plural(2, "wrong pick") == "2 wrong picks"
    assert plural(2, "statement is", "statements are") == "2 statements are"
