"""Shared test set-up: no test ever writes to the real saves folder."""

from __future__ import annotations

from pathlib import Path

import pytest


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
