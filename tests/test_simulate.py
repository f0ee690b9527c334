"""`monopoly-tui simulate`: the JSON report, its determinism, jail policies, the summary and bad arguments."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

from monopoly_tui.simulate import main

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
