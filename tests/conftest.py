"""Shared test set-up: no test touches the real user config or data folders."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import Phase, settings

# CI=true (CI, the fresh-clone check): the same examples every run, so main's verdict does not
# hang on the draw; a developer's make test draws new ones each run and keeps the failures it
# finds in .hypothesis (the 2026-11-28 grader slip was found that way)
settings.register_profile("portia", deadline=None, print_blob=True,
                          derandomize=bool(os.environ.get("CI")))
# tools/mutate.py: a failing example is enough, shrinking it only costs time
settings.register_profile("mutation", deadline=None, database=None,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate])
settings.load_profile("mutation" if os.environ.get("PORTIA_MUTATION") else "portia")

#: PORTIA_HEAVY=1: the heaviest properties draw their full number of examples (make test draws
#: fewer, to stay under 3 minutes; every engine is still checked against its brute force)
HEAVY = bool(os.environ.get("PORTIA_HEAVY"))


def examples(default: int, heavy: int) -> int:
    """A property's max_examples: `default` in make test, `heavy` under PORTIA_HEAVY=1."""
    return heavy if HEAVY else default

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _private_folders(tmp_path_factory, monkeypatch):
    base = tmp_path_factory.mktemp("portia-home")
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(base / "config"))
    monkeypatch.setenv("PORTIA_DATA_DIR", str(base / "data"))
    yield


@pytest.fixture
def cfg(tmp_path, monkeypatch) -> Path:
    """A config folder of the test's own (PORTIA_CONFIG_DIR), with a data folder beside it."""
    folder = tmp_path / "config"
    monkeypatch.setenv("PORTIA_CONFIG_DIR", str(folder))
    monkeypatch.setenv("PORTIA_DATA_DIR", str(tmp_path / "data"))
    return folder


def shared_dir() -> Path | None:
    """../shared beside the checkout (CI and developers have it; users' clones do not)."""
    env = os.environ.get("PORTIA_SHARED")
    path = Path(env) if env else REPO.parent / "shared"
    return path if path.is_dir() else None


# --------------------------------------------------------------------------- child processes
#: what the apps' children import first (app/process.py's jobs): a forkserver imports them
#: once per test worker, and each child is a fork of it
CHILD_MODULES = ["portia_tui.app.process", "portia_tui.app.editor.analysis",
                 "portia_tui.app.world_editor.analysis", "portia_tui.core.explain.hints"]


class _ForkedChildren:
    """multiprocessing as app/process.py sees it in tests: its "spawn" children come from a
    forkserver. A spawned child starts a new interpreter and imports the core again (0.3 to
    1 s of CPU, once per app a test starts); a forked one inherits the modules. The children
    run the same jobs through the same pipes, and are killed and replaced in the same way.
    Tests marked `spawn` (tests/test_process_runner.py, a few app tests) keep the real path."""

    def __init__(self) -> None:
        import multiprocessing

        self._multiprocessing = multiprocessing
        self._forkserver = None

    def get_context(self, method: str | None = None):
        if method != "spawn":
            return self._multiprocessing.get_context(method)
        if self._forkserver is None:
            self._forkserver = self._multiprocessing.get_context("forkserver")
            self._forkserver.set_forkserver_preload(CHILD_MODULES)
        return self._forkserver


_FORKED = _ForkedChildren()


def pytest_configure(config):
    config.addinivalue_line("markers", "spawn: the apps' children are started with spawn, as "
                                       "in production (not from the tests' forkserver)")


@pytest.fixture(autouse=True)
def _children_forked(request, monkeypatch):
    if request.node.get_closest_marker("spawn") is None:
        import portia_tui.app.process as process

        monkeypatch.setattr(process, "multiprocessing", _FORKED)
    yield
