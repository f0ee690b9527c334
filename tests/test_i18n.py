"""The game in English: the board and its cards, the language chosen by --lang, the settings or the
environment, the palette's language command, the command line's help and errors, an English snapshot."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pytest_textual_snapshot import SVGImageExtension
from syrupy.assertion import SnapshotAssertion

from monopoly_tui import boardlang, cli, locale
from monopoly_tui.boardfile import BoardFileError, board_hash, load_board
from monopoly_tui.engine.board import DECKS, Board
from monopoly_tui.locale import language_from_environment, tr

REPO = Path(__file__).resolve().parent.parent
TEXT_FIELDS = {"name", "short", "mark", "text"}


@pytest.fixture
def english() -> Iterator[None]:
    locale.set_language("en")
    try:
        yield
    finally:
        locale.set_language("ru")


def numbers_only(board: Board) -> Any:
    """The board without its names and texts: what the game plays by."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in TEXT_FIELDS}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return strip(board.model_dump(mode="json"))


def amounts(text: str) -> list[int]:
    """The amounts of money a card's text names: «200 000 ₽» and «₽200,000» are both 200000."""
    found = re.findall(r"₽\s?(\d[\d,]*)|(\d[\d\u00a0 ]*\d|\d)\s?₽", text)
    return sorted(int(re.sub(r"\D", "", a or b)) for a, b in found)


def test_the_english_board_is_the_russian_one_in_english() -> None:
    russian, english = load_board(language="ru"), load_board(language="en")
    assert numbers_only(english) == numbers_only(russian)  # every number from board_ru.yaml
    assert english.name == "Monopoly — Moscow" and russian.name == "Монополия — Москва"
    assert [s.name for s in english.squares][:5] == [
        "GO",
        "Zhitnaya Street",
        "Community Chest",
        "Nagatinskaya Street",
        "Income Tax",
    ]
    assert english.squares[10].name == "In Jail / Just Visiting"
    assert english.squares[20].name == "Free Parking"
    for deck in DECKS:
        for ru_card, en_card in zip(getattr(russian, deck), getattr(english, deck), strict=True):
            assert ru_card.id == en_card.id
            assert amounts(en_card.text) == amounts(ru_card.text), en_card.id
            assert not re.search("[а-яё]", en_card.text.lower()) and "\u00a0" not in en_card.text
    assert not re.search("[а-яё]", " ".join(s.name + s.short for s in english.squares).lower())


def test_a_game_saved_in_one_language_continues_in_the_other() -> None:
    """The translated board is the same board to the saves: the hash covers the shipped board."""
    assert board_hash(load_board(language="en")) == board_hash(load_board(language="ru"))
    assert boardlang.original(load_board(language="en")) is load_board(language="ru")


def test_the_default_board_speaks_the_current_language(english: None) -> None:
    assert load_board().squares[0].name == "GO"
    assert load_board(REPO / "data" / "board_ru.yaml").squares[0].name == "Вперёд"  # a file: as written


def test_a_translation_that_does_not_fit_the_board_is_refused(tmp_path: Path) -> None:
    board = load_board(language="ru")
    shipped = (REPO / "data" / "board_en.yaml").read_text(encoding="utf-8")

    def refusal(text: str) -> str:
        (tmp_path / "board_en.yaml").write_text(text, encoding="utf-8")
        with pytest.raises(BoardFileError) as caught:
            boardlang.apply_texts(board, boardlang.read_texts("en", tmp_path / "board_en.yaml"))
        return str(caught.value)

    assert "cards missing ['chance.advance_go']" in refusal(shipped.replace("  chance.advance_go:", "  #"))
    assert "39 squares, the board has 40" in refusal(shipped.replace("  - {name: GO, short: GO}", ""))
    too_long = shipped.replace("short: Arbat St}", "short: Arbat Street 1234}")
    assert "at most 14 characters" in refusal(too_long)
    assert "control character" in refusal(shipped.replace("name: Arbat Street,", 'name: "Arbat\\e[31m",'))
    assert "mark" in refusal(shipped.replace("mark: Br}", "mark: Brn}"))
    assert "should be a valid string" in refusal(shipped.replace("name: Super Tax,", "name: 100,"))
    assert "language is 'ru'" in refusal(shipped.replace("language: en", "language: ru"))


def test_the_wheel_ships_every_board_translation() -> None:
    include = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"]
    shipped = include["targets"]["wheel"]["force-include"]
    for path in (REPO / "data").glob("board_*.yaml"):
        assert shipped[f"data/{path.name}"] == f"monopoly_tui/data/{path.name}"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "ru_RU.UTF-8"}, "ru"),
        ({"LANG": "ru_RU.UTF-8", "LC_MESSAGES": "en_US.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "en_US"}, "ru"),
        ({"LANG": "C.UTF-8"}, None),
        ({"LANG": "de_DE.UTF-8"}, None),
        ({"LC_ALL": "", "LANG": "en"}, "en"),
        ({}, None),
    ],
)
def test_the_environment_chooses_the_language(environ: dict[str, str], expected: str | None) -> None:
    assert language_from_environment(environ) == expected


def test_the_settings_win_over_the_environment_and_russian_is_the_default(_private_config_dir: Path) -> None:
    assert locale.initial_language({"LANG": "en_US.UTF-8"}) == "en"
    assert locale.initial_language({"LANG": "C"}) == "ru"
    (_private_config_dir / "config.toml").write_text('language = "ru"\n', encoding="utf-8")
    assert locale.initial_language({"LANG": "en_US.UTF-8"}) == "ru"
    (_private_config_dir / "config.toml").write_text('language = "de"\n', encoding="utf-8")
    assert locale.initial_language({"LANG": "C"}) == "ru"  # a wrong value is ignored (and reported)


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


def test_the_command_line_speaks_one_language_per_run() -> None:
    english = run_cli("--lang", "en", "--help")
    assert english.returncode == 0
    assert "usage: monopoly-tui" in english.stdout and "show this help message and exit" in english.stdout
    assert "the game's language" in english.stdout and not re.search("[а-яё]", english.stdout.lower())
    russian = run_cli("--help")
    assert "использование: monopoly-tui" in russian.stdout and "usage" not in russian.stdout
    from_env = run_cli("play", "--check", env={"LC_ALL": "en_US.UTF-8"})
    assert from_env.returncode == 0
    fine = "The board Monopoly — Moscow is fine: 40 squares, starting cash ₽1,500,000."
    assert from_env.stdout.strip() == fine
    wrong = run_cli("--lang", "en", "play", "--rules", "/no/such/file")
    assert wrong.returncode == 2 and "file not found" in wrong.stderr
    bad_option = run_cli("--lang", "en", "play", "--no-such-option")
    assert bad_option.returncode == 2
    assert "error: unrecognized arguments: --no-such-option" in bad_option.stderr
    unknown = run_cli("--lang", "de")
    assert unknown.returncode == 2 and "нет такого варианта: 'de'" in unknown.stderr


def test_simulate_takes_the_language_option_too() -> None:
    assert cli.without_language_option(["--games", "1", "--lang", "en", "--lang=ru", "--json"]) == [
        "--games",
        "1",
        "--json",
    ]
    assert cli.language_option(["simulate", "--lang=en"]) == "en"
    assert cli.language_option(["play", "--", "--lang", "en"]) is None


def test_simulate_speaks_one_language_per_run() -> None:
    """simulate's help, errors and summary are all in the chosen language: English with --lang en (no
    Russian word left, argparse's own words kept), Russian by default."""
    cyrillic = re.compile("[\u0400-\u04ff]")
    english_help = run_cli("--lang", "en", "simulate", "--help")
    assert english_help.returncode == 0
    assert english_help.stdout.startswith("usage: monopoly-tui simulate")
    assert "Play bot games without a screen" in english_help.stdout
    assert not cyrillic.search(english_help.stdout), english_help.stdout
    error = run_cli("simulate", "--lang", "en", "--games", "0", "--players", "3", "--seed", "1")
    assert error.returncode == 2
    assert error.stderr.strip() == "monopoly-tui simulate: error: --games: must be at least 1, got 0"
    summary = run_cli("--lang", "en", "simulate", "--games", "2", "--players", "3", "--seed", "1", "--rotate")
    assert summary.returncode == 0
    assert "Games played: 2 (players: 3, bots: simple, rotated" in summary.stdout
    assert "Wins by level" in summary.stdout and "How the games ended:" in summary.stdout
    assert not cyrillic.search(summary.stdout), summary.stdout
    russian = run_cli("simulate", "--games", "0", "--players", "3", "--seed", "1")
    assert russian.stderr.strip() == "monopoly-tui simulate: ошибка: --games: нужно не меньше 1, задано 0"


async def test_the_palette_switches_the_language_and_the_game_goes_on_from_its_save(
    _private_config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from textual.command import CommandPalette

    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.session import PLAYER_COLORS, Seat

    app = MonopolyApp(load_board(), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        seats = [Seat("Аня", "●", PLAYER_COLORS[0]), Seat("Борис", "▲", PLAYER_COLORS[1])]
        app.start_game(seats, 5, app.rules)
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert isinstance(app.screen, CommandPalette)
        await pilot.press(*tr("palette.language.en"))
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
    assert app.session is not None and app.session.save_path is not None
    assert app.restart == ("en", app.session.save_path)
    assert 'language = "en"' in (_private_config_dir / "config.toml").read_text(encoding="utf-8")
    started: list[list[str]] = []
    monkeypatch.setattr(cli.os, "execv", lambda _exe, argv: started.append(argv))
    args = cli.build_parser().parse_args(["play", "--theme", "nord"])
    cli.restart_if_asked(app, args, 0)
    command = [sys.executable, "-m", "monopoly_tui", "play", "--lang", "en", "--theme", "nord"]
    assert started == [[*command, "--load", str(app.session.save_path)]]
    assert cli.restart_if_asked(app, args, 1) == 1 and len(started) == 1  # not after a crash


@pytest.mark.parametrize(
    ("size", "keys"),
    [((120, 36), ["l", "left", "left", "left"]), ((80, 24), [])],
    ids=["120x36-inspector", "80x24"],
)
def test_english_board_snapshot(snapshot: SnapshotAssertion, size: tuple[int, int], keys: list[str]) -> None:
    """The mid-game board of the Russian snapshots, in English (run in its own interpreter: see
    tests/english_board.py); after an intended change: pytest tests/test_i18n.py --snapshot-update."""
    script = Path(__file__).resolve().parent / "english_board.py"
    shot = subprocess.run(
        [sys.executable, str(script), str(size[0]), str(size[1]), *keys],
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    ).stdout
    assert snapshot.use_extension(SVGImageExtension) == shot


async def test_textual_run_dev_finds_the_app_by_its_module_path() -> None:
    """`textual run --dev monopoly_tui.app:MonopolyApp` (textual-dev) imports the class the way Textual's
    import_app does and makes it with no arguments: the game starts on its title screen."""
    from textual._import_app import import_app  # what `textual run` calls with the name given

    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.title import TitleScreen

    app = import_app("monopoly_tui.app:MonopolyApp")
    assert isinstance(app, MonopolyApp) and app.board.id == "ru-moscow"
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


def test_a_broken_settings_file_is_reported_in_the_players_language(_private_config_dir: Path) -> None:
    from monopoly_tui.config import load_settings

    (_private_config_dir / "config.toml").write_text('theme = 7\npace = "slow"\nsize = 3\n', encoding="utf-8")
    assert "нет такой темы" in " ".join(load_settings().problems)
    locale.set_language("en")
    try:
        problems = load_settings().problems
    finally:
        locale.set_language("ru")
    assert [p.split(": ", 1)[1] for p in problems] == [
        "theme = 7: no such theme",
        "pace = 'slow': it must be one of readable, fast, instant",
        "size: no such setting",
    ]
