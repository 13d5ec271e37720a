from portia_tui.core.words import listing, numbers, plural


def test_listing_reads_like_a_sentence():
    assert listing([]) == ""
    assert listing(["gold"]) == "gold"
    assert listing(["gold", "lead"]) == "gold and lead"
    assert listing(["gold", "silver", "lead"]) == "gold, silver and lead"
    assert listing([1, 3], last="or") == "1 or 3"


def test_numbers_are_one_based():
    assert numbers([]) == ""
    assert numbers([0]) == "1"
    assert numbers([0, 2, 3]) == "1, 3 and 4"


def test_plural():
    assert plural(1, "hint") == "1 hint"
    assert plural(0, "hint") == "0 hints"
    assert plural(2, "wrong pick") == "2 wrong picks"
    assert plural(2, "statement is", "statements are") == "2 statements are"
