from portia_tui.core.language.words import listing, numbers, plural


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


def test_truth_list_one_and_several():
    from portia_tui.core.language.words import truth_list

    assert truth_list([True, False, False], range(3)) == (
        "statement 1 is true, statements 2 and 3 are false")
    assert truth_list([True, True, None], range(3)) == "statements 1 and 2 are true"
    assert truth_list([None, False], range(2)) == "statement 2 is false"
    assert truth_list([None], range(1)) == ""


def test_the_verdict_is_worded_once():
    from portia_tui.core.language.words import NO_SOLUTION, NOT_UNIQUE, VALID, verdict, verdict_parts

    assert verdict(["gold"], 2) == "valid: the portrait is in the gold casket"
    assert verdict([], 1) == "no solution: no casket fits 1 true statement"
    assert verdict([], 0) == "no solution: no casket fits 0 true statements"
    assert verdict(["gold", "lead"], 2) == "not unique: 2 caskets fit (gold and lead)"
    assert [verdict_parts(f, 1)[0] for f in ([], ["a"], ["a", "b"], ["a", "b", "c"])] == [
        NO_SOLUTION, VALID, NOT_UNIQUE, NOT_UNIQUE]
