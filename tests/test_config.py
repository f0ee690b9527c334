"""The settings file: the theme and the computer players' pace kept between runs, written atomically; a
broken file is reported and ignored value by value, never fatal."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pilots import enter_game

from monopoly_tui import config
from monopoly_tui.app import MonopolyApp
from monopoly_tui.boardfile import load_board
from monopoly_tui.config import Settings, config_path, load_settings, save_settings

THEMES = frozenset({"textual-dark", "nord"})


def test_the_file_lives_in_the_config_folder(_private_config_dir: Path) -> None:
    assert config_path() == _private_config_dir / "config.toml"
    assert load_settings() == Settings()  # no file: the defaults, nothing to report
    assert load_settings().problems == ()


def test_saved_settings_read_back_and_the_write_leaves_no_temporary_file(_private_config_dir: Path) -> None:
    save_settings(Settings(theme="nord", pace="instant"))
    assert load_settings(themes=THEMES) == Settings(theme="nord", pace="instant")
    save_settings(Settings(theme='say "hi" \\ там', pace="fast"))  # quotes, a backslash, Cyrillic
    assert load_settings().theme == 'say "hi" \\ там'
    assert [p.name for p in _private_config_dir.iterdir()] == ["config.toml"]


@pytest.mark.parametrize(
    ("text", "expected", "complaint"),
    [
        ('theme = "nord"\npace = [', Settings(), "ошибка в записи TOML: строка 2, столбец 9"),  # not TOML
        ("\xff\xfe", Settings(), "не текст в кодировке UTF-8"),  # the reasons in the player's language
        ('theme = 7\npace = "fast"', Settings(pace="fast"), "theme"),
        ('theme = "no-such"\npace = "fast"', Settings(pace="fast"), "no-such"),
        ('theme = "nord"\npace = "slow"', Settings(theme="nord"), "slow"),
        ('theme = "nord"\nlanguage = 3', Settings(theme="nord"), "language"),
    ],
)
def test_a_broken_file_is_reported_and_its_good_values_kept(
    _private_config_dir: Path, text: str, expected: Settings, complaint: str
) -> None:
    path = _private_config_dir / "config.toml"
    path.write_bytes(text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe")
    before = path.read_bytes()
    settings = load_settings(themes=THEMES)
    assert settings == expected
    assert settings.problems and complaint in " ".join(settings.problems)
    assert all(problem.startswith(str(path)) or "=" in problem for problem in settings.problems)
    assert "Expected" not in " ".join(settings.problems) and "codec" not in " ".join(settings.problems)
    assert path.read_bytes() == before  # reading never changes the file


def test_a_folder_or_a_huge_file_in_its_place_is_refused(_private_config_dir: Path) -> None:
    path = _private_config_dir / "config.toml"
    path.mkdir()
    assert load_settings() == Settings() and load_settings().problems
    path.rmdir()
    path.write_text("# " + "x" * (config.MAX_BYTES + 10), encoding="utf-8")
    assert load_settings() == Settings() and load_settings().problems


def test_a_failed_write_keeps_the_old_file_whole(
    _private_config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(Settings(theme="nord"))
    before = config_path().read_bytes()

    def broken(*_: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError):
        save_settings(Settings(theme="textual-dark"))
    assert config_path().read_bytes() == before
    assert [p.name for p in _private_config_dir.iterdir()] == ["config.toml"]


async def test_the_app_remembers_the_theme_and_the_pace_between_runs() -> None:
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app.theme = "nord"
        app.set_bot_speed(2)
        await pilot.pause()
    again = MonopolyApp(load_board(), autosave=False)
    assert again.theme == "nord" and again.bot_speed == 2
    assert MonopolyApp(load_board(), theme="dracula").theme == "dracula"  # --theme wins for that run


async def test_a_broken_file_does_not_stop_the_game_and_is_reported(
    _private_config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (_private_config_dir / "config.toml").write_text("theme = [\n", encoding="utf-8")
    told: list[str] = []
    monkeypatch.setattr(MonopolyApp, "notify", lambda self, message, **_: told.append(message))
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        await pilot.pause()
        assert app.session is not None  # the game goes on with the defaults
    assert any("config.toml" in message for message in told)


async def test_a_settings_folder_that_cannot_be_written_is_reported_not_fatal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(config.CONFIG_DIR_ENV, str(blocker))
    told: list[str] = []
    monkeypatch.setattr(MonopolyApp, "notify", lambda self, message, **_: told.append(message))
    app = MonopolyApp(load_board(), autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        app.theme = "nord"
        await pilot.pause()
        assert app.theme == "nord"
    assert any(message.startswith("Настройки не сохранены") for message in told)
