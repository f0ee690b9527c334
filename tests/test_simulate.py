"""`monopoly-tui simulate`: the JSON report, its determinism, jail policies, the summary and bad arguments."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, BotKind, make_bot, play_game
from monopoly_tui.simulate import main
from monopoly_tui.tournament import seated, wilson

KEYS = {"games", "players", "seed", "rolls", "actions", "rounds", "seconds", "landings", "wins", "unfinished"}


def simulate(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main([*args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    return out


def report(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(simulate(capsys, *args))
    return data


def test_json_report(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(
        capsys, "--games", "3", "--players", "3", "--seed", "5", "--bots", "mixed", "--max-rounds", "40"
    )
    assert data.keys() >= KEYS
    assert (data["games"], data["players"], data["seed"]) == (3, 3, 5)
    assert len(data["landings"]) == 41
    assert sum(data["landings"]) == data["rolls"] > 0
    assert data["landings"][30] == 0, "nobody rests on «Отправляйтесь в тюрьму»"
    assert len(data["wins"]) == 3
    assert sum(data["wins"]) + data["unfinished"] == 3
    assert data["actions"] >= data["rolls"]
    assert 0 < data["rounds"] <= 3 * 40
    assert data["seconds"] >= 0


def test_same_seed_same_json_apart_from_seconds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "2", "--players", "4", "--seed", "11", "--bots", "strong", "--max-rounds", "30")

    def without_seconds(out: str) -> str:
        return re.sub(r'"seconds": [0-9.e+-]+', '"seconds": 0', out)

    first, second = simulate(capsys, *args), simulate(capsys, *args)
    assert without_seconds(first) == without_seconds(second)
    other = simulate(
        capsys, "--games", "2", "--players", "4", "--seed", "12", "--bots", "strong", "--max-rounds", "30"
    )
    assert without_seconds(other) != without_seconds(first)


def test_workers_give_the_same_json_as_one_process(capsys: pytest.CaptureFixture[str]) -> None:
    """Spread over processes, the games are the same games, counted in the same order."""
    args = ("--games", "7", "--players", "3", "--seed", "21", "--bots", "mixed", "--max-rounds", "40")

    def without_seconds(out: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(out)
        assert data.pop("seconds") >= 0
        return data

    alone = without_seconds(simulate(capsys, *args))
    assert without_seconds(simulate(capsys, *args, "--workers", "2")) == alone
    assert without_seconds(simulate(capsys, *args, "--workers", "3")) == alone
    assert alone["games"] == 7 and sum(alone["wins"]) + alone["unfinished"] == 7


def test_a_level_per_seat_and_win_rates_per_level(capsys: pytest.CaptureFixture[str]) -> None:
    data = report(
        capsys,
        "--games",
        "6",
        "--players",
        "3",
        "--seed",
        "2",
        "--bots",
        "strong,simple,simple",
        "--max-rounds",
        "60",
    )
    assert data["lineup"] == ["strong", "simple", "simple"]
    levels = data["levels"]
    assert set(levels) == {"strong", "simple"}
    assert levels["strong"]["seats"] == 1 and levels["simple"]["seats"] == 2
    assert levels["strong"]["parity"] == pytest.approx(1 / 3, abs=1e-4)
    # without rotation each level keeps its seats: seat 1 is the strong bot
    assert levels["strong"]["wins"] == data["wins"][0]
    assert levels["simple"]["wins"] == data["wins"][1] + data["wins"][2]
    assert levels["strong"]["wins"] + levels["simple"]["wins"] + data["unfinished"] == 6
    for level in levels.values():
        assert level["rate"] == pytest.approx(level["wins"] / 6, abs=1e-4)
        low, high = level["interval"]
        assert low <= level["rate"] <= high
    assert data["unfinished_share"] == pytest.approx(data["unfinished"] / 6, abs=1e-4)
    # the old names still mean what they meant
    assert report(capsys, "--games", "1", "--players", "3", "--seed", "2", "--bots", "mixed")["lineup"] == [
        "strong",
        "simple",
        "simple",
    ]
    assert report(capsys, "--games", "1", "--players", "2", "--seed", "2", "--bots", "strong")["lineup"] == [
        "strong",
        "strong",
    ]


def test_rotation_seats_the_first_level_in_seat_i_mod_p(capsys: pytest.CaptureFixture[str]) -> None:
    """Each game of a rotated run is the game played alone with the first level in seat i mod P."""
    games, players, seed, rounds = 6, 3, 40, 60
    data = report(
        capsys,
        "--games",
        str(games),
        "--players",
        str(players),
        "--seed",
        str(seed),
        "--bots",
        "strong,simple,simple",
        "--rotate",
        "--max-rounds",
        str(rounds),
    )
    board = load_board()
    strong_wins = 0
    seat_wins = [0] * players
    for i in range(games):
        kinds: list[BotKind] = ["strong" if s == i % players else "simple" for s in range(players)]
        bots = [make_bot(kind, seed + i, s) for s, kind in enumerate(kinds)]
        names = [f"{BOT_NAMES[kind]} {s + 1}" for s, kind in enumerate(kinds)]
        _, stats = play_game(board, names, bots, seed + i, board.rules, rounds)
        if stats.winner is not None:
            seat_wins[stats.winner] += 1
            strong_wins += stats.winner == i % players
    assert data["rotate"] is True
    assert data["wins"] == seat_wins
    assert data["levels"]["strong"]["wins"] == strong_wins
    assert seated(("strong", "simple", "simple"), 4, True) == ("simple", "strong", "simple")


def test_wilson_interval() -> None:
    """Reference values of the 95 % Wilson score interval."""
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    assert wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    assert wilson(68, 100) == pytest.approx((0.5834, 0.7633), abs=1e-4)
    assert wilson(10, 10) == pytest.approx((0.7225, 1.0), abs=1e-4)


def test_turn_limit_and_no_trades(capsys: pytest.CaptureFixture[str]) -> None:
    """At the rules' turn limit the richest wins: no game is left unfinished; with trades off none is
    proposed, so the games differ from those with trades."""
    args = ("--games", "4", "--players", "4", "--seed", "3", "--bots", "strong,simple,simple,simple")
    limited = report(capsys, *args, "--rotate", "--turn-limit", "30", "--max-rounds", "30", "--no-trades")
    assert limited["turn_limit"] == 30 and limited["trades"] is False
    assert limited["unfinished"] == 0 and limited["unfinished_share"] == 0
    assert limited["ended"]["turn_limit"] + limited["ended"]["bankruptcy"] == 4
    assert limited["ended"]["turn_limit"] > 0
    assert sum(level["wins"] for level in limited["levels"].values()) == 4
    traded = report(capsys, *args, "--rotate", "--turn-limit", "30", "--max-rounds", "30")
    assert traded["trades"] is True
    assert traded["actions"] != limited["actions"]


def test_rotated_levels_are_the_same_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "--games",
        "5",
        "--players",
        "4",
        "--seed",
        "8",
        "--bots",
        "strong,simple,strong,simple",
        "--rotate",
        "--max-rounds",
        "40",
        "--no-trades",
    )

    def without_seconds(out: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(out)
        data.pop("seconds")
        return data

    alone = without_seconds(simulate(capsys, *args))
    assert without_seconds(simulate(capsys, *args, "--workers", "2")) == alone
    assert without_seconds(simulate(capsys, *args)) == alone


def test_long_jail_stays_show_in_the_landings(capsys: pytest.CaptureFixture[str]) -> None:
    """Staying in jail as long as the rules allow ends far more throws in jail than leaving at once."""
    args = ("--games", "8", "--players", "4", "--seed", "1", "--max-rounds", "40")
    short = report(capsys, *args, "--jail", "short")
    long = report(capsys, *args, "--jail", "long")
    share_short = short["landings"][40] / short["rolls"]
    share_long = long["landings"][40] / long["rolls"]
    assert share_long > 1.5 * share_short
    assert short["jail"] == "short" and long["jail"] == "long"


def test_summary_with_progress(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--games", "2", "--players", "2", "--seed", "3", "--max-rounds", "20"]) == 0
    out = capsys.readouterr().out
    assert "Сыграно партий: 2" in out
    assert "Победы по местам" in out
    assert "Чем закончились партии" in out
    assert "Где чаще всего останавливаются фишки" in out


@pytest.mark.parametrize(
    "args",
    [
        ["--games", "0", "--players", "4", "--seed", "1"],
        ["--games", "1", "--players", "9", "--seed", "1"],
        ["--games", "1", "--players", "1", "--seed", "1"],
        ["--games", "1", "--players", "4", "--seed", "-1"],
        ["--games", "1", "--players", "4", "--seed", "1", "--bots", "genius"],
        ["--games", "1", "--players", "4", "--seed", "1", "--bots", "strong,simple"],
        ["--games", "1", "--players", "2", "--seed", "1", "--bots", "strong,genius"],
        ["--games", "1", "--players", "4", "--seed", "1", "--turn-limit", "0"],
        ["--games", "1", "--players", "4", "--seed", "1", "--turn-limit", "300", "--max-rounds", "200"],
        ["--games", "1", "--players", "4", "--seed", "1", "--jail", "forever"],
        ["--games", "1", "--players", "4", "--seed", "1", "--max-rounds", "0"],
        ["--games", "1", "--players", "4", "--seed", "1", "--workers", "0"],
        ["--games", "x", "--players", "4", "--seed", "1"],
        ["--players", "4", "--seed", "1"],
    ],
)
def test_bad_arguments_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("monopoly-tui simulate: ошибка: ")
    assert re.search("[а-я]{4}", captured.err.removeprefix("monopoly-tui simulate: ошибка: ")), (
        "not in Russian"
    )


def test_run_as_a_module() -> None:
    bad = subprocess.run(
        [sys.executable, "-m", "monopoly_tui.simulate", "--games", "0", "--players", "4", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stderr.strip() == "monopoly-tui simulate: ошибка: --games: нужно не меньше 1, задано 0"
