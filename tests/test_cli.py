"""The command line: subcommands, Russian help and errors (argparse's own words too), exit codes, the default
board, refusals of broken files, a terminal required for the game only, and a crash written to a log."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest
from textual.app import App

from monopoly_tui import __version__, cli
from monopoly_tui.cli import main, run_app
from monopoly_tui.cliparse import translate

ENGLISH_ARGPARSE = ("usage:", "options:", "positional arguments", "show this help", "error:", "argument ")


def run(*args: str, stdin: int | None = subprocess.DEVNULL) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", *args], capture_output=True, text=True, timeout=60, stdin=stdin
    )


def assert_russian(text: str) -> None:
    assert not [word for word in ENGLISH_ARGPARSE if word in text], text
    assert re.search("[а-яё]{4}", text), text


def test_help_lists_every_subcommand_in_russian() -> None:
    out = run("--help")
    assert out.returncode == 0
    assert out.stdout.startswith("использование: monopoly-tui")
    for command in ("play", "replay", "simulate"):
        assert re.search(rf"^\s+{command}\s+\S", out.stdout, re.MULTILINE), command
    assert_russian(out.stdout)


@pytest.mark.parametrize("command", ["play", "replay"])
def test_subcommand_help_is_russian(command: str) -> None:
    out = run(command, "--help")
    assert out.returncode == 0
    assert out.stdout.startswith(f"использование: monopoly-tui {command}")
    assert "--board" in out.stdout
    assert_russian(out.stdout)


def test_simulate_help_is_russian() -> None:
    out = run("simulate", "--help")
    assert out.returncode == 0
    assert out.stdout.startswith("использование: monopoly-tui simulate")
    assert_russian(out.stdout)


def test_version_is_the_package_version() -> None:
    from importlib.metadata import version

    out = run("--version")
    assert out.returncode == 0
    assert out.stdout.strip() == f"monopoly-tui {__version__}"
    assert __version__ == version("monopoly-tui")


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--nonsense"], "--nonsense"),
        (["play", "--load"], "--load"),
        (["--continue", "--load", "x.json"], "--load"),
        (["replay"], "FILE"),
        (["fly"], "fly"),
    ],
)
def test_bad_command_line_exits_2_with_a_russian_message_on_stderr(args: list[str], names: str) -> None:
    out = run(*args)
    assert out.returncode == 2
    assert out.stdout == ""
    assert names in out.stderr
    assert "ошибка" in out.stderr
    assert_russian(out.stderr)


def test_argparse_messages_are_translated_with_their_values() -> None:
    assert translate("argument --games: invalid int value: 'x'") == (
        "аргумент --games: недопустимое значение (целое число): 'x'"
    )
    assert translate("the following arguments are required: --games, --seed") == (
        "не заданы обязательные аргументы: --games, --seed"
    )
    assert (
        translate("unknown parser 'x' (choices: play, replay)") == "нет подкоманды 'x' (есть: play, replay)"
    )
    assert translate("something argparse may say one day") == "something argparse may say one day"


def test_the_bare_command_starts_what_the_parser_reads_from_no_arguments() -> None:
    """`monopoly-tui` alone is a new game without parsing: its arguments are the play parser's defaults,
    option for option (an option added to play and not to new_game_arguments fails here)."""
    parsed = cli.build_parser("play").parse_args(["play"])
    assert vars(cli.new_game_arguments()) == vars(parsed)


BARE_COMMAND = """
import sys
from monopoly_tui import cli
code = cli.main([])
print(code, sorted(m for m in ("argparse", "monopoly_tui.cliparse") if m in sys.modules))
"""


def test_the_bare_command_imports_no_argparse(tmp_path: Path) -> None:
    """`monopoly-tui` alone (a new game) goes to its title screen without importing argparse or our
    parser over it: run without a terminal, it gets as far as the refusal, having imported neither."""
    env = {**os.environ, "MONOPOLY_TUI_CONFIG_DIR": str(tmp_path), "MONOPOLY_TUI_DATA_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", BARE_COMMAND],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        stdin=subprocess.DEVNULL,
    )
    assert "терминал" in out.stderr
    assert out.stdout.split() == ["2", "[]"]


def test_python_m_is_the_same_command() -> None:
    script = Path(sys.executable).parent / "monopoly-tui"
    assert script.exists()
    by_script = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert by_script.returncode == 0
    assert by_script.stdout == run("--help").stdout


def test_default_board_loads(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--check"]) == 0
    assert "40 полей" in capsys.readouterr().out
    assert main(["play", "--check"]) == 0
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


# --- a terminal for the game only ---------------------------------------------------------------


@pytest.mark.parametrize("args", [[], ["play"]], ids=["default", "play"])
def test_the_game_without_a_terminal_is_refused_at_once(args: list[str]) -> None:
    """`monopoly-tui </dev/null` used to hang writing escape codes; now it is refused with exit code 2."""
    started = time.monotonic()
    out = run(*args)
    assert out.returncode == 2
    assert "терминал" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    assert time.monotonic() - started < 30


def test_check_and_simulate_need_no_terminal() -> None:
    assert run("--check").returncode == 0
    assert run("simulate", "--games", "1", "--players", "2", "--seed", "1", "--json").returncode == 0


def test_the_game_runs_in_a_real_terminal_and_quits_with_exit_code_0() -> None:
    """Under a pseudo-terminal the title screen comes up; Ctrl+Q ends the game with exit code 0."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 120, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color"}
    child = subprocess.Popen(
        [sys.executable, "-m", "monopoly_tui"], stdin=follower, stdout=follower, stderr=follower, env=env
    )
    os.close(follower)
    seen = b""
    try:
        deadline = time.monotonic() + 60
        while "Новая игра".encode() not in seen and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.5)[0]:
                seen += os.read(leader, 65536)
        assert "Новая игра".encode() in seen, seen[-2000:]
        os.write(leader, b"\x11")  # Ctrl+Q
        deadline = time.monotonic() + 30
        while child.poll() is None and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.2)[0]:
                try:
                    os.read(leader, 65536)
                except OSError:
                    break
        assert child.wait(timeout=30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        os.close(leader)


# --- a crash: exit code 1, the traceback in a log file named in one line --------------------------


class Crashing(App[None]):
    def on_mount(self) -> None:
        raise RuntimeError("the game broke down here")


def test_a_crash_in_the_app_exits_1_and_names_the_log(
    capsys: pytest.CaptureFixture[str], _private_data_dir: Path
) -> None:
    assert run_app(Crashing(), headless=True) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    logs = list((_private_data_dir / "logs").glob("crash-*.log"))
    assert len(logs) == 1 and str(logs[0]) in err
    text = logs[0].read_text(encoding="utf-8")
    assert "RuntimeError" in text and "the game broke down here" in text
    assert "\x1b[" not in text


def test_a_crash_outside_the_app_exits_1_and_names_the_log(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, _private_data_dir: Path
) -> None:
    def broken(*_: object) -> None:
        raise ZeroDivisionError("a bug before the game started")

    monkeypatch.setattr(cli, "load_files", broken)
    assert main(["--check"]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    (log,) = (_private_data_dir / "logs").glob("crash-*.log")
    assert str(log) in err
    assert "ZeroDivisionError: a bug before the game started" in log.read_text(encoding="utf-8")
