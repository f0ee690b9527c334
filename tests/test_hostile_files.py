"""Board and rules files as an attacker would write them: wrong types, booleans for numbers, absurd
amounts, blank names, binary data, and files that never end (FIFOs, devices, directories, huge files).
Each is refused with a message naming the file (and the line and field where there is one), `--check`
exits 2 without a traceback, and no file is changed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from monopoly_tui.boardfile import (
    MAX_FILE_BYTES,
    BoardFileError,
    default_board_path,
    load_board,
    load_board_text,
    load_rules,
    load_rules_text,
)

SHIPPED = default_board_path().read_text(encoding="utf-8")
STREET = """  - name: Нагатинская улица
    short: Нагатинская
    kind: street
    group: brown
    price: 60000
    rent: [4000, 20000, 60000, 180000, 320000, 450000]
    house_cost: 50000
    mortgage: 30000
"""
assert STREET in SHIPPED


def street(**changes: str) -> str:
    """The shipped board with fields of its street 3 rewritten (YAML text for each value)."""
    text = STREET
    for field, value in changes.items():
        head = "  - name: " if field == "name" else f"    {field}: "
        start = text.index(head)
        end = text.index("\n", start)
        text = text[:start] + head + value + text[end:]
    return SHIPPED.replace(STREET, text, 1)


BOARDS: list[tuple[str, str, tuple[str, ...]]] = [
    ("price true", street(price="true"), ("price", "line 92")),
    ("price as text", street(price='"60000"'), ("price", "line 92")),
    ("price 1.5", street(price="60000.5"), ("price",)),
    ("price .nan", street(price=".nan"), ("price", "finite")),
    ("rent of booleans", street(rent="[true, true, true, true, true, true]"), ("rent[0]",)),
    ("rent negative", street(rent="[-4000, 20000, 60000, 180000, 320000, 450000]"), ("rent[0]",)),
    ("house cost 0", street(house_cost="0"), ("house_cost",)),
    ("house cost true", street(house_cost="true"), ("house_cost",)),
    ("mortgage 10x the price", street(mortgage="600000"), ("square 3", "mortgage 600000", "price 60000")),
    ("absurd price", street(price="1" + "0" * 30), ("square 3", "not a real price")),
    ("name blank", street(name='"   "'), ("square 3", "blank")),
    ("name with ESC", street(name='"Нагатинская\\e[2J"'), ("square 3", "control character")),
    ("name binary", street(name="!!binary 0JrQsNGA0YLQsA=="), ("binary", "line 88")),
    ("name a date", street(name="2024-01-01"), ("date", "quotes")),
    ("short a list", street(short="[a, b]"), ("short",)),
    ("group a number", street(group="7"), ("group",)),
    ("board name blank", SHIPPED.replace("name: Монополия — Москва", 'name: "   "', 1), ("name", "blank")),
    (
        "card text binary",
        SHIPPED.replace("text: Отправляйтесь на улицу Арбат.", "text: !!binary AAAA", 1),
        ("binary",),
    ),
    (
        "card amount true",
        SHIPPED.replace("{action: collect, amount: 150000}", "{action: collect, amount: true}", 1),
        ("amount",),
    ),
    ("a set", SHIPPED.replace("rules:", "extra: !!set {a, b}\nrules:", 1), ("set",)),
    (
        "a numeric key",
        SHIPPED.replace("    short: Нагатинская\n", "    short: Нагатинская\n    1: x\n", 1),
        ("key must be text",),
    ),
]


@pytest.mark.parametrize(("name", "text", "expected"), BOARDS, ids=[b[0] for b in BOARDS])
def test_a_hostile_board_is_refused_by_field(name: str, text: str, expected: tuple[str, ...]) -> None:
    assert "name: Монополия — Москва" in SHIPPED
    with pytest.raises(BoardFileError) as caught:
        load_board_text(text, source="hostile.yaml")
    message = str(caught.value)
    assert message.startswith("hostile.yaml")
    for part in expected:
        assert part in message, f"{part!r} not in {message!r}"


RULES: list[tuple[str, str, str]] = [
    ("cash true", "start:\n  cash: true\n", "cash"),
    ("cash as text", 'start:\n  cash: "1500000"\n', "cash"),
    ("salary 1.0", "go:\n  salary: 200000.0\n", "salary"),
    ("jackpot 1", "free_parking:\n  jackpot: 1\n", "jackpot"),
    ("interest true", "mortgage:\n  interest_percent: true\n", "interest_percent"),
    ("cash absurd", "start:\n  cash: 1000000000000000\n", "start.cash"),
    ("houses absurd", "buildings:\n  houses: 100000000\n", "buildings.houses"),
    ("limit absurd", "end:\n  turn_limit: 1000000000\n", "end.turn_limit"),
    ("binary", "start:\n  cash: !!binary AAAA\n", "binary"),
]


@pytest.mark.parametrize(("name", "text", "expected"), RULES, ids=[r[0] for r in RULES])
def test_hostile_rules_are_refused_by_field(name: str, text: str, expected: str) -> None:
    with pytest.raises(BoardFileError) as caught:
        load_rules_text(text, source="rules.yaml")
    assert expected in str(caught.value)


def test_strict_rules_still_read_what_a_person_writes() -> None:
    rules = load_rules_text(
        "start:\n  cash: 2000000\nend:\n  turn_limit: 50\ngo:\n  double_on_landing: yes\n"
    )
    assert rules.start.cash == 2_000_000 and rules.end.turn_limit == 50 and rules.go.double_on_landing


def check(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "monopoly_tui", "--check", *args], capture_output=True, text=True, timeout=30
    )


LAUGHS = 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n' + "".join(
    f"{name}: &{name} [{', '.join([f'*{before}'] * 9)}]\n"
    for before, name in zip("abcdefg", "bcdefgh", strict=True)
)
"""«Billion laughs»: 650 bytes whose aliases stand for 43 million strings."""


def test_a_small_file_whose_aliases_expand_to_millions_of_values_is_refused_at_once(tmp_path: Path) -> None:
    # Validating walked every value of the expansion: `--check` ran for hours on 650 bytes.
    bomb = tmp_path / "laughs.yaml"
    bomb.write_text(LAUGHS, encoding="utf-8")
    assert bomb.stat().st_size < 1000
    for option in ("--board", "--rules"):
        out = check(option, str(bomb))
        assert out.returncode == 2 and "Traceback" not in out.stderr
        assert str(bomb) in out.stderr and "aliases expand it to more than 200,000 values" in out.stderr
    ok = tmp_path / "aliases.yaml"  # aliases as such are fine: a rules file sharing one mapping
    ok.write_text("x: &cash {cash: 1000000}\nstart: *cash\n", encoding="utf-8")
    with pytest.raises(BoardFileError) as caught:
        load_rules(ok)
    assert "aliases expand" not in str(caught.value)  # refused for its unknown key `x`, not its size


def test_files_that_never_end_are_refused_at_once(tmp_path: Path) -> None:
    folder = tmp_path / "a-folder"
    folder.mkdir()
    huge = tmp_path / "huge.yaml"
    with open(huge, "wb") as file:
        file.truncate(MAX_FILE_BYTES + 1)
    targets: list[tuple[Path, str]] = [(folder, "directory"), (huge, "too large")]
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.yaml"
        os.mkfifo(fifo)
        targets.append((fifo, "not a regular file"))
    if Path("/dev/zero").exists():
        targets.append((Path("/dev/zero"), "not a regular file"))
    for target, words in targets:
        for option in ("--board", "--rules"):
            out = check(option, str(target))  # would hang or grow for ever without the checks
            assert out.returncode == 2, (target, out.stderr)
            assert str(target) in out.stderr and words in out.stderr, out.stderr
            assert "Traceback" not in out.stderr
        with pytest.raises(BoardFileError):
            load_board(target)
        with pytest.raises(BoardFileError):
            load_rules(target)
    assert huge.stat().st_size == MAX_FILE_BYTES + 1


def test_a_hostile_board_file_is_refused_by_check_and_left_as_it_was(tmp_path: Path) -> None:
    for number, (name, text, expected) in enumerate(BOARDS[:8]):
        path = tmp_path / f"board{number}.yaml"
        path.write_text(text, encoding="utf-8")
        before = path.read_bytes()
        out = check("--board", str(path))
        assert out.returncode == 2, name
        assert path.name in out.stderr and expected[0] in out.stderr, out.stderr
        assert "Traceback" not in out.stderr
        assert path.read_bytes() == before
