"""The command line: help, the default board, and clean refusals of broken files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_tui.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", *args], capture_output=True, text=True, timeout=60
    )


def test_help_works_and_is_russian() -> None:
    out = run("--help")
    assert out.returncode == 0
    assert "usage: monopoly-tui" in out.stdout
    assert "Монополия" in out.stdout


def test_default_board_loads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    assert "40 полей" in capsys.readouterr().out


def test_broken_board_file_exits_2_with_a_message_and_no_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("squares: [1, 2\n", encoding="utf-8")
    before = bad.read_bytes()
    out = run("--board", str(bad))
    assert out.returncode == 2
    assert "bad.yaml" in out.stderr
    assert "Traceback" not in out.stderr
    assert bad.read_bytes() == before


def test_broken_rules_file_names_the_field(tmp_path: Path) -> None:
    bad = tmp_path / "rules.yaml"
    bad.write_text("start:\n  cash: -5\n", encoding="utf-8")
    out = run("--rules", str(bad))
    assert out.returncode == 2
    assert "rules.yaml" in out.stderr and "cash" in out.stderr
    assert "Traceback" not in out.stderr


def test_simulate_is_a_subcommand() -> None:
    out = run("simulate", "--games", "2", "--players", "2", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    assert '"games": 2' in out.stdout


def test_simulate_refuses_bad_arguments_in_one_line() -> None:
    out = run("simulate", "--games", "1", "--players", "9", "--seed", "3")
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1
