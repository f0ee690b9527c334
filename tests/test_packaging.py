"""The package as a player's pip would install it: a wheel with the game and its data, typed, licensed, with
dependency ranges (the exact versions live in constraints.txt), and the version written once."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from monopoly_tui import __version__

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    out = tmp_path_factory.mktemp("wheel")
    built = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(out),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert built.returncode == 0, built.stderr
    (path,) = out.glob("monopoly_tui-*.whl")
    return zipfile.ZipFile(path)


def metadata(wheel: zipfile.ZipFile) -> dict[str, list[str]]:
    (name,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
    message = Parser().parsestr(wheel.read(name).decode("utf-8"))
    return {key: message.get_all(key) or [] for key in set(message.keys())}


def test_the_wheel_holds_the_game_and_its_data_not_benchmarks_or_tests(wheel: zipfile.ZipFile) -> None:
    names = wheel.namelist()
    assert "monopoly_tui/data/board_ru.yaml" in names
    assert "monopoly_tui/app/monopoly.tcss" in names
    assert "monopoly_tui/py.typed" in names
    assert "monopoly_tui/engine/game.py" in names and "monopoly_tui/cli.py" in names
    assert not [n for n in names if re.search(r"(^|/)bench_[^/]*\.py$", n)]
    assert not [n for n in names if n.startswith(("tests/", "benchmarks/")) or "/tests/" in n]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)


def test_the_metadata_has_one_version_ranges_license_and_classifiers(wheel: zipfile.ZipFile) -> None:
    meta = metadata(wheel)
    assert meta["Version"] == [__version__]
    assert meta["License-Expression"] == ["MIT"]
    classifiers = meta["Classifier"]
    assert "Environment :: Console :: Curses" not in classifiers
    for version in ("3.11", "3.12", "3.13"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    assert "Typing :: Typed" in classifiers
    runtime = [r for r in meta["Requires-Dist"] if "extra ==" not in r]
    for name in ("textual", "rich"):
        (line,) = [r for r in runtime if r.lower().startswith(name)]
        assert "==" not in line and "<" in line and ">=" in line, line
    assert __version__ not in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_constraints_pin_every_runtime_dependency_inside_its_range() -> None:
    """make test installs constraints.txt: the versions the snapshots were made with, within the ranges."""
    from packaging.requirements import Requirement

    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.lower().replace("_", "-")] = version
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    for text in project["dependencies"]:
        requirement = Requirement(text)
        pinned = pins[requirement.name.lower()]
        assert requirement.specifier.contains(pinned), (text, pinned)
    assert "monopoly-tui" not in pins
