"""The screens in English keep what the Russian ones keep (tests/test_app_fit.py: no amount split, no
words run together, nothing cut) and show no Russian word: every prompt of a full table, the inspector,
the manage screen, the trade composer and the rules, at 80x24 and 120x36 (in its own interpreter: see
tests/english_screens.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_english_screens_fit_and_speak_english_only() -> None:
    script = Path(__file__).resolve().parent / "english_screens.py"
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.splitlines() == []
