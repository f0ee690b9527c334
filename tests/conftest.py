"""Shared test set-up: no test ever writes to the real saves folder, and every test speaks Russian."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from monopoly_tui import locale

# The game's language comes from the environment (LANG) when nothing else chooses it: the tests, and the
# commands they start, speak Russian (the default) whatever the machine's locale; tests of English say so.
for _name in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
    os.environ.pop(_name, None)
os.environ["LC_ALL"] = "C.UTF-8"
locale.set_language("ru")

# The board draws its cards in other colours in a 16-colour terminal (Rich takes TERM=linux, and even
# TERM=xterm, for one): the tests, and the snapshots, see a true-colour terminal whatever TERM the
# machine running them has (Textual's app console reads these when an app is made); tests of 16 colours
# set TERM=linux themselves. TEXTUAL_COLOR_SYSTEM, which overrides both, Textual reads when imported,
# before this file: set to anything but "auto" it would change what the snapshots see (pytest_configure).
os.environ["TERM"] = "xterm-256color"
os.environ["COLORTERM"] = "truecolor"


def pytest_configure(config: pytest.Config) -> None:
    chosen = os.environ.get("TEXTUAL_COLOR_SYSTEM", "auto")
    if chosen != "auto":
        raise pytest.UsageError(
            f"TEXTUAL_COLOR_SYSTEM={chosen}: unset it; the tests choose the terminal's colours themselves"
        )


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty MONOPOLY_TUI_DATA_DIR."""
    folder = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("MONOPOLY_TUI_DATA_DIR", str(folder))
    return folder


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The long tests first (marks `long` and `slow`): `make test` runs the suite on several workers
    (pytest-xdist), which then end together instead of one worker finishing a long test alone."""
    items.sort(key=lambda item: not (item.get_closest_marker("long") or item.get_closest_marker("slow")))


@pytest.fixture(autouse=True)
def _private_config_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty MONOPOLY_TUI_CONFIG_DIR: the player's settings (a theme, say) never
    change what a test sees, and no test writes them."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("MONOPOLY_TUI_CONFIG_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _tokens_jump(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tokens jump where they go, unless a test is marked `walks`: while a token walks, a key only skips
    the walk (it never decides on the prompt already shown), so a test that types «r», «b» as a quick
    player would buys only where the walk is not in its way; the tests of walks watch it themselves."""
    if request.node.get_closest_marker("walks") is None:
        from monopoly_tui.app.board import BoardView

        monkeypatch.setattr(BoardView, "WALK_STEP", 0)
