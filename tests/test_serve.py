"""`monopoly-tui serve`: the game in a real headless Chromium (Debian's chromium, driven by Playwright without
downloading a browser), from the title screen to a throw of the dice, with the saves in the folder chosen."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from monopoly_tui.boardfile import load_board
from monopoly_tui.cli import main
from monopoly_tui.engine.actions import Roll
from monopoly_tui.saves import SaveError, load_save

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: object, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return
        time.sleep(0.2)
    raise AssertionError(f"no {what} within {seconds} s")


def test_serve_without_textual_serve_or_with_a_bad_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("squares: [1, 2\n", encoding="utf-8")
    assert main(["serve", "--board", str(bad)]) == 2
    assert "bad.yaml" in capsys.readouterr().err
    assert main(["serve", "--theme", "no-such-theme"]) == 2
    assert "no-such-theme" in capsys.readouterr().err


@pytest.mark.long
@pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (make test installs it as root)"
)
def test_a_browser_plays_from_the_title_screen_to_a_throw_of_the_dice(tmp_path: Path) -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    saves = tmp_path / "served"
    server = subprocess.Popen(
        [sys.executable, "-m", "monopoly_tui", "serve", "--port", str(port), "--saves", str(saves)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"

    def answering() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2) as page:
                return page.status == 200
        except OSError:
            return False

    try:
        wait_for(lambda: answering() or server.poll() is not None, 60, "server")
        assert server.poll() is None, server.stderr.read() if server.stderr else ""
        with sync_playwright() as driver:
            browser = driver.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto(url)
            page.wait_for_selector(".xterm-helper-textarea", state="attached", timeout=60_000)
            page.locator(".xterm-helper-textarea").focus()  # the terminal's keyboard input
            found: list[Path] = []

            def the_game_started() -> bool:
                found[:] = list((saves / "saves").glob("*.json")) if (saves / "saves").exists() else []
                return bool(found)

            # the title screen takes a moment in a fresh process: Enter until the new game is saved
            deadline = time.monotonic() + 90
            while not the_game_started() and time.monotonic() < deadline:
                page.keyboard.press("Enter")
                time.sleep(2)
            assert found, "the browser never started a game"
            page.keyboard.press("r")  # throw the dice

            def thrown() -> bool:
                try:  # the save is a journal, read as the game reads it (a line being written is left out)
                    actions = load_save(found[0], load_board()).record.actions
                except SaveError:
                    return False
                return any(isinstance(action, Roll) for action in actions)

            wait_for(thrown, 30, "throw of the dice in the save")
            page.wait_for_timeout(1000)  # for the picture: the board redrawn with the dice
            page.screenshot(path=str(tmp_path / "served.png"))
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
