"""Where positions show up: --position starts a hot-seat game (saved, continued, replayed from it), the
replay screen shows and copies the step's position, the saves list exports a game's position, and
`simulate --from-position` plays bot games on from one."""

from __future__ import annotations

import hashlib
import itertools
import json
import subprocess
import sys
from typing import Any

import pytest
from factory import board
from textual.widgets import Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.position_view import PositionScreen, fold
from monopoly_tui.app.replay import ReplayScreen
from monopoly_tui.app.saves_screen import LoadScreen
from monopoly_tui.cli import main
from monopoly_tui.engine import from_position, position, replay
from monopoly_tui.saves import SaveError, load_save, saves_dir
from monopoly_tui.simulate import main as simulate_main

MIDGAME = (
    'MPN1 Аня:820000@11+chance7 "Борис Годунов":1100000@24 turn=1 round=9 own=1:0,3:0,11:0,21:1m,23:1,24:1 '
    "seed=4"
)
"""Round 9, Борис to throw; Аня holds the brown pair and a jail card, Борис the reds with one mortgaged."""


def test_the_midgame_line_is_canonical() -> None:
    assert position(from_position(MIDGAME, board())) == MIDGAME


def test_check_reads_a_position_and_says_whose_turn(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check", "--position", MIDGAME]) == 0
    assert "раунд 9, ходит Борис Годунов" in capsys.readouterr().out


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", *args], capture_output=True, text=True, timeout=60
    )


def test_a_bad_position_exits_2_naming_the_field_and_column() -> None:
    out = run_cli("--position", "MPN1 Аня:1500000@0 Борис:1500000@0 turn=7")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "позиция не читается" in out.stderr and "the seat to move is seat 7" in out.stderr
    out = run_cli("--position", "MPN1 Аня:1500000@0 Борис:1500000@0 dice=3+0")
    assert out.returncode == 2 and "dice, column 43" in out.stderr


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ('"Анастасия Петровна Ш."', "длиннее 16 символов"),  # 22 characters: the save would be refused
        ('"Аня  Б."', "пробелы подряд"),  # setup collapses the spaces: the save's seats would not match
        ('"e\\u0301"', "не NFC"),  # é as e and a combining accent
        ('"a\\u202eb"', "управляющие символы"),  # a right-to-left override
    ],
)
def test_a_position_naming_a_player_as_setup_never_would_is_not_played(
    name: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Played, such a game crashed at its first save (a name over 16 characters) or was saved with
    # seats its players did not match, a save no window could open again.
    line = f"MPN1 {name}:1500000@0 Борис:1500000@0 turn=0 seed=7"
    assert main(["--position", line]) == 2
    err = capsys.readouterr().err
    assert "позиция не для игры" in err and "игрока 1" in err and why in err and "Traceback" not in err
    assert not saves_dir().exists() or not any(saves_dir().iterdir())
    assert main(["--check", "--position", 'MPN1 "Маша 👨\\u200d👩 é":1500000@0 Борис:1500000@0 turn=0']) == 0


def test_a_rules_file_beside_a_position_is_refused(tmp_path: Any) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text("jail: {fine: 100000}\n", encoding="utf-8")
    out = run_cli("--rules", str(rules), "--position", MIDGAME)
    assert out.returncode == 2 and "rules=" in out.stderr


async def test_a_game_from_a_position_is_played_saved_continued_and_replayed() -> None:
    start = from_position(MIDGAME, board())
    app = MonopolyApp(board(), position=start, dice=[(2, 3)])
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None and position(app.session.state) == MIDGAME
        assert [s.bot for s in app.session.seats] == [None, None]  # hot-seat: people in every seat
        await pilot.press("r")  # 24 + 5: Борис reaches square 29 (Смоленская площадь, the bank's)
        await pilot.pause()
        played = app.session.state
    assert played.players[1].position == 29
    path = next(saves_dir().glob("*.json"))
    loaded = load_save(path, board())
    assert loaded.record.position == MIDGAME and len(loaded.record.actions) == 1
    assert loaded.state == played
    assert replay(board(), loaded.record, upto=0) == from_position(MIDGAME, board())

    again = MonopolyApp(board(), start_with=path, autosave=False)
    async with again.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert again.session is not None and again.session.state == played

    viewer = MonopolyApp(board(), replay=path, autosave=False)
    async with viewer.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = viewer.screen
        assert isinstance(screen, ReplayScreen)
        bar = str(screen.query_one("#replay-bar", Static).render())
        assert "Позиция: MPN1 Аня:820000@11" in bar
        await pilot.press("c")
        assert viewer.clipboard == MIDGAME
        await pilot.press("right", "c")
        assert viewer.clipboard == position(played)
        await pilot.pause()
        assert any("скопирована" in str(n.message) for n in viewer._notifications)


async def test_the_saves_list_shows_and_copies_a_games_position() -> None:
    start = from_position(MIDGAME, board())
    app = MonopolyApp(board(), position=start)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
    lister = MonopolyApp(board())
    async with lister.run_test(size=(80, 24)) as pilot:
        await pilot.press("down", "down", "enter")  # Загрузить
        assert isinstance(lister.screen, LoadScreen)
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(lister.screen, PositionScreen)
        shown = str(lister.screen.query_one("#position-text", Static).render())
        assert all(len(line) <= 76 for line in shown.split("\n"))  # folded to the dialog, between parts
        assert shown.replace("\n", "").replace(" ", "") == MIDGAME.replace(" ", "")
        await pilot.press("c")
        assert lister.clipboard == MIDGAME
        await pilot.press("escape")
        assert isinstance(lister.screen, LoadScreen)


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    assert simulate_main([*args, "--json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


LOPSIDED = "MPN1 Аня:1500000@0 Борис:150000@0 turn=1 own=1:0H,3:0H,37:0H,39:0H,6:0h3,8:0h3,9:0h3"
"""Аня has hotels on the browns and dark blues and houses on the light blues; Борис little cash."""


def test_simulate_from_a_position_reports_who_wins_from_there(capsys: pytest.CaptureFixture[str]) -> None:
    data = simulate(capsys, "--games", "12", "--seed", "3", "--from-position", LOPSIDED)
    assert data["position"] == LOPSIDED and data["players"] == 2 and data["games"] == 12
    assert sum(data["wins"]) + data["unfinished"] == 12
    assert data["win_rates"] == [round(w / 12, 4) for w in data["wins"]]
    assert data["wins"][0] > data["wins"][1]  # Аня wins from here most of the time
    again = simulate(capsys, "--games", "12", "--seed", "3", "--from-position", LOPSIDED)
    assert {**again, "seconds": 0} == {**data, "seconds": 0}  # the same arguments, the same games
    assert (
        data["rolls"] != simulate(capsys, "--games", "1", "--seed", "3", "--from-position", MIDGAME)["rolls"]
    )


def test_games_from_a_position_are_the_same_over_worker_processes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "6", "--seed", "3", "--from-position", LOPSIDED)
    alone, spread = simulate(capsys, *args), simulate(capsys, *args, "--workers", "2")
    assert {**alone, "seconds": 0} == {**spread, "seconds": 0}


def test_games_from_one_position_differ_by_their_dice(capsys: pytest.CaptureFixture[str]) -> None:
    one = simulate(capsys, "--games", "1", "--seed", "3", "--from-position", MIDGAME)
    other = simulate(capsys, "--games", "1", "--seed", "4", "--from-position", MIDGAME)
    assert one["landings"] != other["landings"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--players", "3", "--from-position", MIDGAME), "--players 3, а в позиции игроков: 2"),
        (("--from-position", "MPN1 Аня:1@0"), "a game needs 2 to 8 players"),
        (
            ("--from-position", "MPN1 Аня:1500000@0 Борис:0@0x winner=0 out=1"),
            "партия в этой позиции уже окончена",
        ),
        ((), "--players"),
    ],
)
def test_simulate_refuses_a_bad_position(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    assert simulate_main(["--games", "1", "--seed", "1", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize("width", [20, 33, 47, 80])
def test_a_folded_position_breaks_only_between_parts_or_after_a_comma(width: int) -> None:
    text = position(from_position(LOPSIDED + " chance=3.1.4.15.9.2.6", board()))
    lines = fold(text, width).split("\n")
    assert all(len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line, next_line in itertools.pairwise(lines):
        assert not (line[-1].isdigit() and next_line[0].isdigit()), "a number split across lines"


async def test_a_save_whose_position_was_tampered_with_is_refused_and_left_alone() -> None:
    app = MonopolyApp(board(), position=from_position(MIDGAME, board()))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
    path = next(saves_dir().glob("*.json"))
    head, rest = path.read_bytes().split(b"\n", 1)  # a journal: its head line, then its actions
    data = json.loads(head)
    data["position"] = MIDGAME.replace("own=1:0,3:0", "own=1:0h2,3:0")  # uneven building
    # a careful forger: the head's digest made to match, so that the check behind it refuses the position
    body = json.dumps(
        {k: v for k, v in data.items() if k != "digest"}, ensure_ascii=False, separators=(",", ":")
    )
    data["digest"] = hashlib.sha256(body.encode()[:-1]).hexdigest()
    path.write_bytes(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode() + b"\n" + rest)
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_save(path, board())
    assert "cannot start a game: position: uneven buildings on group brown" in str(caught.value)
    assert caught.value.reason.startswith("Партию нельзя восстановить")
    assert path.read_bytes() == before
