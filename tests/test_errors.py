"""The core's errors (core/errors.py): one line each, located once, data kept; and the
generator's settings errors and notices, which carry the setting they are about."""

from __future__ import annotations

from portia_tui.core.errors import (ExistsError, FormatError, PortiaError, PuzzleError,
                                    SettingsError)


def test_an_error_reads_as_one_line_with_what_it_knows():
    assert str(PortiaError("bad")) == "bad"
    assert str(PortiaError("bad", "a.toml")) == "a.toml: bad"
    assert str(PortiaError("bad", "a.toml", 3)) == "a.toml:3: bad"
    assert str(PortiaError("bad", None, 3)) == "line 3: bad"


def test_located_fills_in_only_what_is_missing_and_keeps_the_type():
    got = PuzzleError("bad").located("a.toml", 4)
    assert type(got) is PuzzleError and (got.path, got.line, got.message) == ("a.toml", 4, "bad")
    kept = FormatError("bad", "b.toml", 2).located("a.toml", 4)
    assert type(kept) is FormatError and (kept.path, kept.line) == ("b.toml", 2)


def test_exists_error_is_located_like_the_others():
    err = ExistsError("out.txt")
    assert str(err) == "out.txt: already exists" and isinstance(err, FormatError)
    moved = ExistsError("out.txt", None, "is there").located("other", 5)
    assert type(moved) is ExistsError and (moved.path, moved.line) == ("out.txt", 5)
    assert moved.message == "is there"
    assert ExistsError(None).located("p", 1).path == "p"


def test_settings_errors_carry_their_setting_and_become_file_errors_when_located():
    err = SettingsError("at most 12 caskets", "caskets", 13, 12)
    assert (err.setting, err.value, err.bound, str(err)) == ("caskets", 13, 12,
                                                             "at most 12 caskets")
    got = err.located("s.toml", 7)
    assert type(got) is PortiaError and str(got) == "s.toml:7: at most 12 caskets"


def test_generator_settings_errors_name_the_setting_and_its_bound():
    import pytest

    from portia_tui.core.packs.generator import Settings

    with pytest.raises(SettingsError) as info:
        Settings(n=2, family="portia9").check()
    assert (info.value.setting, info.value.value) == ("family", "portia9")
    assert info.value.bound == ("portia1", "portia2", "portia3")
    with pytest.raises(SettingsError) as info:
        Settings(n=2, vocabulary="nonsense").check()
    assert (info.value.setting, info.value.value) == ("vocabulary", "nonsense")


def test_the_repeats_refusal_says_whether_loops_count():
    import pytest

    from portia_tui.core.packs.generator import Settings

    with pytest.raises(SettingsError, match="impossible without loops .* at most 4 distinct"):
        Settings(n=5, loops=False).check()
    with pytest.raises(SettingsError, match="impossible with loops allowed .* distinct"):
        Settings(n=12, loops=True).check()


def test_the_generator_gives_up_after_exactly_its_attempts():
    import pytest

    from portia_tui.core.packs.generator import GaveUpError, Settings, generate

    s = Settings(n=1, caskets=2, difficulty="tricky", loops=True, count=1, attempts=3,
                 seed=1).check()
    with pytest.raises(GaveUpError) as info:
        list(generate(s))
    assert (info.value.attempts, info.value.made, info.value.setting) == (3, 0, "attempts")
    assert "gave up after 3 attempts in a row" in str(info.value)
