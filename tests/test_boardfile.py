"""The shipped board file (data/board_ru.yaml) and the loader's error messages (monopoly_tui.boardfile)."""

from __future__ import annotations

import csv
import importlib.resources
import io
import re
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import monopoly_tui
from monopoly_tui import boardfile
from monopoly_tui.boardfile import (
    BoardFileError,
    board_hash,
    default_board_path,
    first_release_board_hash,
    load_board,
    load_board_text,
    load_rules,
    load_rules_text,
)
from monopoly_tui.engine.board import Board, DeckName, Station, Street, Tax, Utility
from monopoly_tui.engine.rules import Rules

REPO = Path(monopoly_tui.__file__).resolve().parent.parent
BOARD_FILE = REPO / "data" / "board_ru.yaml"
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
NBSP = "\u00a0"

# The reference table (shared/reference/board_ru.csv), amounts in thousands of rubles, copied verbatim.
EXPECTED_CSV = """\
index,name_ru,kind,group,price,rent0,rent1,rent2,rent3,rent4,rent_hotel,house_cost,mortgage
0,Вперёд,corner_go,,,,,,,,,,
1,Житная улица,street,brown,60,2,10,30,90,160,250,50,30
2,Общественная казна,community_chest,,,,,,,,,,
3,Нагатинская улица,street,brown,60,4,20,60,180,320,450,50,30
4,Подоходный налог,tax,,,200,,,,,,,
5,Рижская железная дорога,station,station,200,25,50,100,200,,,,100
6,Варшавское шоссе,street,lightblue,100,6,30,90,270,400,550,50,50
7,Шанс,chance,,,,,,,,,,
8,Улица Огарёва,street,lightblue,100,6,30,90,270,400,550,50,50
9,Первая Парковая улица,street,lightblue,120,8,40,100,300,450,600,50,60
10,Тюрьма / Просто посетили,corner_jail,,,,,,,,,,
11,Улица Полянка,street,pink,140,10,50,150,450,625,750,100,70
12,Электростанция,utility,utility,150,4,10,,,,,,75
13,Улица Сретенка,street,pink,140,10,50,150,450,625,750,100,70
14,Ростовская набережная,street,pink,160,12,60,180,500,700,900,100,80
15,Курская железная дорога,station,station,200,25,50,100,200,,,,100
16,Рязанский проспект,street,orange,180,14,70,200,550,750,950,100,90
17,Общественная казна,community_chest,,,,,,,,,,
18,Улица Вавилова,street,orange,180,14,70,200,550,750,950,100,90
19,Рублёвское шоссе,street,orange,200,16,80,220,600,800,1000,100,100
20,Бесплатная стоянка,corner_free_parking,,,,,,,,,,
21,Улица Тверская,street,red,220,18,90,250,700,875,1050,150,110
22,Шанс,chance,,,,,,,,,,
23,Пушкинская улица,street,red,220,18,90,250,700,875,1050,150,110
24,Площадь Маяковского,street,red,240,20,100,300,750,925,1100,150,120
25,Казанская железная дорога,station,station,200,25,50,100,200,,,,100
26,Улица Грузинский Вал,street,yellow,260,22,110,330,800,975,1150,150,130
27,Новинский бульвар,street,yellow,260,22,110,330,800,975,1150,150,130
28,Водопровод,utility,utility,150,4,10,,,,,,75
29,Смоленская площадь,street,yellow,280,24,120,360,850,1025,1200,150,140
30,Отправляйтесь в тюрьму,corner_go_to_jail,,,,,,,,,,
31,Улица Щусева,street,green,300,26,130,390,900,1100,1275,200,150
32,Гоголевский бульвар,street,green,300,26,130,390,900,1100,1275,200,150
33,Общественная казна,community_chest,,,,,,,,,,
34,Кутузовский проспект,street,green,320,28,150,450,1000,1200,1400,200,160
35,Ленинградская железная дорога,station,station,200,25,50,100,200,,,,100
36,Шанс,chance,,,,,,,,,,
37,Улица Малая Бронная,street,darkblue,350,35,175,500,1100,1300,1500,200,175
38,Сверхналог,tax,,,100,,,,,,,
39,Улица Арбат,street,darkblue,400,50,200,600,1400,1700,2000,200,200
"""
EXPECTED = list(csv.DictReader(io.StringIO(EXPECTED_CSV)))
KINDS = {"corner_go": "go", "corner_jail": "jail", "corner_free_parking": "free_parking"}
KINDS["corner_go_to_jail"] = "go_to_jail"
K = 1000  # the csv counts in thousands, the board file in rubles

# shared/reference/cards.md, in order, amounts in rubles.
EXPECTED_CHANCE: list[dict[str, Any]] = [
    {"action": "advance_to", "square": 0},
    {"action": "advance_to", "square": 24},
    {"action": "advance_to", "square": 11},
    {"action": "advance_to_nearest", "target": "utility"},
    {"action": "advance_to_nearest", "target": "station"},
    {"action": "advance_to_nearest", "target": "station"},
    {"action": "collect", "amount": 50_000},
    {"action": "get_out_of_jail"},
    {"action": "move_back", "steps": 3},
    {"action": "go_to_jail"},
    {"action": "repairs", "per_house": 25_000, "per_hotel": 100_000},
    {"action": "pay", "amount": 15_000},
    {"action": "advance_to", "square": 5},
    {"action": "advance_to", "square": 39},
    {"action": "pay_each_player", "amount": 50_000},
    {"action": "collect", "amount": 150_000},
]
EXPECTED_COMMUNITY_CHEST: list[dict[str, Any]] = [
    {"action": "advance_to", "square": 0},
    {"action": "collect", "amount": 200_000},
    {"action": "pay", "amount": 50_000},
    {"action": "collect", "amount": 50_000},
    {"action": "get_out_of_jail"},
    {"action": "go_to_jail"},
    {"action": "collect_from_each_player", "amount": 10_000},
    {"action": "collect", "amount": 100_000},
    {"action": "collect", "amount": 20_000},
    {"action": "collect", "amount": 100_000},
    {"action": "pay", "amount": 100_000},
    {"action": "pay", "amount": 50_000},
    {"action": "collect", "amount": 25_000},
    {"action": "repairs", "per_house": 40_000, "per_hotel": 115_000},
    {"action": "collect", "amount": 10_000},
    {"action": "collect", "amount": 100_000},
]


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="module")
def text() -> str:
    return BOARD_FILE.read_text(encoding="utf-8")


# --- the shipped board ----------------------------------------------------------------------------


def test_shipped_board_loads(board: Board) -> None:
    assert board.id == "ru-moscow"
    assert CYRILLIC.search(board.name)
    assert len(board.squares) == 40
    assert load_board(BOARD_FILE) == board
    assert load_board() is board  # cached


@pytest.mark.parametrize("row", EXPECTED, ids=lambda r: f"{r['index']}-{r['name_ru']}")
def test_square_matches_reference(board: Board, row: dict[str, str]) -> None:
    square = board.squares[int(row["index"])]
    assert square.name == row["name_ru"]
    assert square.kind == KINDS.get(row["kind"], row["kind"])
    assert 1 <= len(square.short) <= 14 and CYRILLIC.search(square.short)
    if isinstance(square, Street):
        assert square.group == row["group"]
        assert square.price == int(row["price"]) * K
        rent = tuple(int(row[c]) * K for c in ("rent0", "rent1", "rent2", "rent3", "rent4", "rent_hotel"))
        assert square.rent == rent
        assert square.house_cost == int(row["house_cost"]) * K
        assert square.mortgage == int(row["mortgage"]) * K
    elif isinstance(square, Station | Utility):
        assert square.price == int(row["price"]) * K
        assert square.mortgage == int(row["mortgage"]) * K
    elif isinstance(square, Tax):
        assert square.amount == int(row["rent0"]) * K
    else:
        assert not row["price"]


def test_landmarks(board: Board) -> None:
    assert board.squares[27].name == "Новинский бульвар"
    assert board.stations == (5, 15, 25, 35)
    assert board.utilities == (12, 28)
    assert board.jail == 10
    assert board.squares[0].kind == "go" and board.squares[30].kind == "go_to_jail"
    assert [s.short for s in board.squares if s.kind == "chance"] == ["Шанс"] * 3


def test_groups(board: Board) -> None:
    ids = ["brown", "lightblue", "pink", "orange", "red", "yellow", "green", "darkblue"]
    assert [g.id for g in board.groups] == ids
    assert [len(board.group_members[g]) for g in ids] == [2, 3, 3, 3, 3, 3, 3, 2]
    assert len({g.mark for g in board.groups}) == 8
    assert len({g.color.lower() for g in board.groups}) == 8
    for group in board.groups:
        assert CYRILLIC.search(group.name) and CYRILLIC.search(group.mark)
        assert 1 <= len(group.mark) <= 2


def _luminance(color: str) -> float:
    channels = [int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("background", ["#ffffff", "#000000", "#1e1e1e"])
def test_group_colours_readable_on_dark_and_light(board: Board, background: str) -> None:
    for group in board.groups:
        assert re.fullmatch(r"#[0-9a-fA-F]{6}", group.color)
        assert _contrast(group.color, background) >= 2.9, (group.id, group.color, background)


@pytest.mark.parametrize(
    ("deck", "expected"), [("chance", EXPECTED_CHANCE), ("community_chest", EXPECTED_COMMUNITY_CHEST)]
)
def test_deck_effects(board: Board, deck: DeckName, expected: list[dict[str, Any]]) -> None:
    cards = board.deck(deck)
    assert len(cards) == 16
    assert [c.effect.model_dump() for c in cards] == expected
    for card in cards:
        assert card.id.startswith(f"{deck}.")


def test_card_ids_unique(board: Board) -> None:
    ids = [c.id for c in (*board.chance, *board.community_chest)]
    assert len(ids) == len(set(ids)) == 32


def test_card_texts(board: Board) -> None:
    for card in (*board.chance, *board.community_chest):
        assert CYRILLIC.search(card.text), card.id
        assert card.text == card.text.strip() and "\n" not in card.text, card.id
        # sums: digits grouped by no-break spaces, then a no-break space and ₽; never a plain space
        assert not re.search(r"\d[ \u202f]\d{3}|\d[ \u202f]?₽", card.text), card.id
        for amount in re.findall(r"\d[\d\u00a0]*\u00a0₽", card.text):
            assert re.fullmatch(r"\d{1,3}(\u00a0\d{3})*\u00a0₽", amount), (card.id, amount)
        effect = card.effect.model_dump()
        for key in ("amount", "per_house", "per_hotel"):
            if key in effect:
                assert f"{effect[key]:,}".replace(",", NBSP) + NBSP + "₽" in card.text, card.id
        if effect["action"] == "get_out_of_jail":
            assert "Бесплатно освободитесь из тюрьмы" in card.text
        if effect == {"action": "advance_to_nearest", "target": "station"}:
            assert "двойную" in card.text and "купить" in card.text
        if effect == {"action": "advance_to_nearest", "target": "utility"}:
            assert "10 раз" in card.text and "кубики" in card.text and "купить" in card.text


def test_rules_section_documents_the_defaults(board: Board, text: str) -> None:
    assert board.rules == Rules()
    rules_text = text[text.index("\nrules:\n") :]
    section = textwrap.dedent(rules_text.split("\n", 2)[2])  # the lines under `rules:`, as a rules file
    written = load_rules_text(section, source="rules section")
    assert written == Rules()
    # every option is written out, each with a comment
    for section, options in Rules().model_dump().items():
        assert re.search(rf"^  {section}:", rules_text, re.M), section
        for option, value in options.items():
            if isinstance(value, dict):
                for sub in value:
                    assert re.search(rf"^      {sub}: \S+ +# \S", rules_text, re.M), (section, option, sub)
            else:
                assert re.search(rf"^    {option}: \S+ +# \S", rules_text, re.M), (section, option)


def test_default_path_is_the_checkout_data_file() -> None:
    path = default_board_path()
    assert path.is_file()
    assert path.resolve() == BOARD_FILE.resolve()


def test_default_path_prefers_the_packaged_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    packaged = tmp_path / "monopoly_tui"
    (packaged / "data").mkdir(parents=True)
    (packaged / "data" / "board_ru.yaml").write_text(BOARD_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(importlib.resources, "files", lambda _package: packaged)
    assert default_board_path() == packaged / "data" / "board_ru.yaml"
    (packaged / "data" / "board_ru.yaml").unlink()  # not there (editable install): the checkout's
    assert default_board_path().resolve() == BOARD_FILE.resolve()


def test_board_hash(board: Board, tmp_path: Path, text: str) -> None:
    digest = board_hash(board)
    assert re.fullmatch(r"[0-9a-f]{64}", digest)
    assert board_hash(BOARD_FILE) == board_hash(str(BOARD_FILE)) == board_hash() == digest
    changed = tmp_path / "b.yaml"
    changed.write_text(text.replace("price: 400000", "price: 410000"), encoding="utf-8")
    assert board_hash(changed) != digest
    same = tmp_path / "same.yaml"
    same.write_text("# a comment changes nothing\n" + text, encoding="utf-8")
    assert board_hash(same) == digest
    # the board's default rules are not part of it: a save keeps the rules its game was played by
    other_rules = tmp_path / "rules.yaml"
    other_rules.write_text(text.replace("jackpot: false", "jackpot: true"), encoding="utf-8")
    assert load_board(other_rules).rules != board.rules
    assert board_hash(other_rules) == digest


def test_the_first_release_board_hash_is_reproduced(board: Board) -> None:
    """The first release hashed the whole board, default rules included, before the rules had the options
    added since (RULES_ADDED): this is the hash its saves carry, so they still load."""
    first_release = "8b497130c8969c2657fee67b6b8adf977e3b66838b4b0d20a3c7695ff9765d93"
    assert first_release_board_hash(board) == first_release, "a new rules option missing from RULES_ADDED?"
    assert first_release_board_hash(board) != board_hash(board)


def test_load_board_sees_a_changed_file(tmp_path: Path, text: str) -> None:
    file = tmp_path / "b.yaml"
    file.write_text(text, encoding="utf-8")
    assert load_board(file).property(39).price == 400_000
    file.write_text(text.replace("price: 400000", "price: 410000"), encoding="utf-8")
    assert load_board(file).property(39).price == 410_000


def test_rules_null_means_defaults(text: str) -> None:
    cut = text[: text.index("\nrules:")] + "\nrules:\n  # everything at its default\n"
    assert load_board_text(cut).rules == Rules()


# --- refused files --------------------------------------------------------------------------------

Edit = Callable[[str], str]


def replace(old: str, new: str, count: int = 1) -> Edit:
    def edit(text: str) -> str:
        assert old in text, f"test setup: {old!r} not in the board file"
        return text.replace(old, new, count)

    return edit


def drop_square(index: int) -> Edit:
    def edit(text: str) -> str:
        start = text.index(f"\n  # {index}\n")
        end = text.index("\n  # ", start + 1) if index < 39 else text.index("\n\n", start + 1)
        return text[:start] + text[end:]

    return edit


NAGATINSKAYA_RENT = "    rent: [4000, 20000, 60000, 180000, 320000, 450000]\n"
POLYANKA_CARD = "{action: advance_to, square: 11}"

BROKEN: list[tuple[str, Edit, list[str]]] = [
    ("missing square", drop_square(39), ["field 'squares'", "40 squares", "has 39"]),
    ("street without rent", replace(NAGATINSKAYA_RENT, ""), ["square 3 «Нагатинская улица»", "'rent'"]),
    (
        "rent with 5 numbers",
        replace("[4000, 20000, 60000, 180000, 320000, 450000]", "[4000, 20000, 60000, 180000, 320000]"),
        ["square 3 «Нагатинская улица» (street)", "field 'rent'", "has 5 numbers, needs 6"],
    ),
    (
        "card to square 57",
        replace(POLYANKA_CARD, "{action: advance_to, square: 57}"),
        ["chance card 2", "'chance.advance_polyanka'", "field 'effect.square'", "less than 40"],
    ),
    (
        "unknown card action",
        replace(POLYANKA_CARD, "{action: teleport, square: 11}"),
        ["chance card 2", "field 'effect.action'", "'teleport'"],
    ),
    (
        "negative price",
        replace("price: 400000", "price: -400000"),
        ["square 39 «Улица Арбат» (street)", "field 'price'", "greater than 0"],
    ),
    (
        "unknown kind",
        replace("kind: utility", "kind: utilty"),
        ["square 12 «Электростанция»", "field 'kind'", "'utilty'"],
    ),
    (
        "unknown field",
        replace(
            "    house_cost: 200000\n    mortgage: 200000\n", "    house_cost: 200000\n    mortage: 200000\n"
        ),
        ["square 39 «Улица Арбат» (street)", "field 'mortage'", "unknown field", "field 'mortgage'"],
    ),
    (
        "unknown group",
        replace("group: darkblue\n    price: 400000", "group: navy\n    price: 400000"),
        ["square 39 «Улица Арбат» (street)", "field 'group'", "unknown group 'navy'"],
    ),
    (
        "short name too long",
        replace("short: Ул. Арбат", "short: Улица Старый Арбат"),
        ["square 39 «Улица Арбат» (street)", "field 'short'", "at most 14"],
    ),
    (
        "bad start cash",
        replace("cash: 1500000", "cash: -5"),
        ["rules", "field 'start.cash'", "greater than 0"],
    ),
    ("bad jail fine", replace("fine: 50000", "fine: много"), ["rules", "field 'jail.fine'", "valid integer"]),
    ("unknown rules option", replace("  jail:\n", "  jial:\n"), ["rules", "field 'jial'", "unknown field"]),
    (
        "bad colour",
        replace('color: "#2f9e50"', "color: green"),
        ["group 6 'green'", "field 'color'"],
    ),
    (
        "duplicate card id",
        replace("id: chance.nearest_station_2", "id: chance.nearest_station_1"),
        ["chance card 5", "field 'id'", "'chance.nearest_station_1' is used twice"],
    ),
    (
        "card without effect",
        replace("    effect: {action: move_back, steps: 3}\n", ""),
        ["chance card 8 (id 'chance.back_three')", "field 'effect'", "missing"],
    ),
    (
        "community chest card",
        replace("{action: collect_from_each_player, amount: 10000}", "{action: collect_from_each_player}"),
        ["community_chest card 6 (id 'community_chest.birthday')", "field 'effect.amount'"],
    ),
    (
        "square not a mapping",
        replace("  - name: Шанс\n    short: Шанс\n    kind: chance\n", "  - Шанс\n"),
        ["square 7", "dictionary"],
    ),
    (
        "duplicate key",
        replace("    short: Ул. Арбат\n", "    short: Ул. Арбат\n    short: Арбат\n"),
        ["'short'", "twice"],
    ),
    ("unknown top-level field", replace("groups:\n", "colours:\n"), ["field 'colours'", "unknown field"]),
    ("no GO", replace("kind: go\n", "kind: free_parking\n"), ["square 0", "field 'kind'", "GO"]),
    ("top level a list", lambda _: "- id: ru-moscow\n", ["top level must be a mapping", "a list"]),
    ("empty file", lambda _: "", ["top level must be a mapping", "empty"]),
    ("python tag refused", lambda _: "!!python/object/apply:os.system ['true']\n", ["not valid YAML"]),
    ("not YAML", replace("  - id: chance.dividend", "  - id: [chance.dividend"), ["not valid YAML"]),
    ("tab indent", replace("    short: Ул. Арбат", "\tshort: Ул. Арбат"), ["not valid YAML", "line"]),
]


@pytest.mark.parametrize(("edit", "expected"), [c[1:] for c in BROKEN], ids=[c[0] for c in BROKEN])
def test_broken_file_refused(tmp_path: Path, text: str, edit: Edit, expected: list[str]) -> None:
    file = tmp_path / "broken.yaml"
    file.write_text(edit(text), encoding="utf-8")
    with pytest.raises(BoardFileError) as info:
        load_board(file)
    message = str(info.value)
    assert "broken.yaml" in message
    for part in expected:
        assert part in message, f"{part!r} not in:\n{message}"
    assert "Traceback" not in message


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


def test_line_of_a_syntax_error(text: str) -> None:
    broken = replace("  - id: chance.dividend", "  - id: chance.dividend: 2")(text)
    with pytest.raises(BoardFileError) as info:
        load_board_text(broken, source="data/x.yaml")
    line = _line_of(broken, "chance.dividend: 2")
    assert info.value.line == line
    assert f"data/x.yaml, line {line}, column " in str(info.value)


def test_line_of_a_bad_square(text: str) -> None:
    broken = replace("price: 400000", "price: -400000")(text)
    with pytest.raises(BoardFileError) as info:
        load_board_text(broken, source="data/x.yaml")
    line = _line_of(broken, "price: -400000")
    assert info.value.line == line
    assert str(info.value).startswith(
        f"data/x.yaml, line {line}: square 39 «Улица Арбат» (street), field 'price'"
    )


def test_line_of_a_missing_field_is_its_square(text: str) -> None:
    broken = replace(NAGATINSKAYA_RENT, "")(text)
    with pytest.raises(BoardFileError) as info:
        load_board_text(broken, source="data/x.yaml")
    assert info.value.line == _line_of(broken, "  - name: Нагатинская улица")
    assert "data/x.yaml, line" in str(info.value)


def test_line_of_a_bad_card(text: str) -> None:
    broken = replace(POLYANKA_CARD, "{action: advance_to, square: 57}")(text)
    with pytest.raises(BoardFileError) as info:
        load_board_text(broken)
    assert info.value.line == _line_of(broken, "square: 57")


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match=r"nothing\.yaml.*not found"):
        load_board(tmp_path / "nothing.yaml")
    with pytest.raises(BoardFileError, match=r"nothing\.yaml.*not found"):
        load_rules(tmp_path / "nothing.yaml")


def test_unreadable_file(tmp_path: Path) -> None:
    with pytest.raises(BoardFileError, match="directory"):
        load_rules(tmp_path)
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"id: \xff\xfe\n")
    with pytest.raises(BoardFileError, match=r"binary\.yaml, line 1: not UTF-8"):
        load_board(binary)


def test_many_problems_are_listed_but_capped(text: str) -> None:
    broken = text.replace("short: ", "short: ДлинноеНазваниеКлетки")
    with pytest.raises(BoardFileError) as info:
        load_board_text(broken)
    lines = str(info.value).splitlines()
    assert len(lines) == boardfile.MAX_REPORTED_ERRORS + 1
    assert lines[-1].startswith("... and ")


def test_any_damage_gives_a_board_file_error(text: str) -> None:
    """Delete lines or cut the file short: the result loads or is a BoardFileError, never anything else."""
    lines = text.splitlines(keepends=True)
    damaged = ["".join(lines[:i] + lines[i + 1 :]) for i in range(0, len(lines), 4)]
    damaged += [text[: len(text) * i // 25] for i in range(25)]
    for variant in damaged:
        try:
            load_board_text(variant)
        except BoardFileError as exc:
            assert str(exc)


# --- standalone rules files -----------------------------------------------------------------------


def test_load_rules(tmp_path: Path) -> None:
    file = tmp_path / "house.yaml"
    file.write_text("free_parking: {jackpot: true}\nstart:\n  cash: 2000000\n", encoding="utf-8")
    rules = load_rules(file)
    assert rules.free_parking.jackpot and rules.start.cash == 2_000_000
    assert rules.jail == Rules().jail
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing changed\n", encoding="utf-8")
    assert load_rules(empty) == Rules()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("start: {cash: -5}\n", ["house.yaml, line 1", "rules, field 'start.cash'", "greater than 0"]),
        ("jail:\n  fine: много\n", ["house.yaml, line 2", "rules, field 'jail.fine'", "valid integer"]),
        ("jail:\n  max_attempts: 11\n", ["line 2", "field 'jail.max_attempts'"]),
        (
            "auction:\n  decliner_bids:\n    street: maybe\n",
            ["line 3", "field 'auction.decliner_bids.street'"],
        ),
        ("startt: {cash: 5}\n", ["field 'startt'", "unknown field"]),
        ("- 1\n", ["house.yaml", "must be a mapping"]),
        ("start: {cash: 5\n", ["house.yaml", "not valid YAML"]),
    ],
)
def test_bad_rules_file(tmp_path: Path, text: str, expected: list[str]) -> None:
    file = tmp_path / "house.yaml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(BoardFileError) as info:
        load_rules(file)
    for part in expected:
        assert part in str(info.value), f"{part!r} not in:\n{info.value}"


def test_a_copied_board_with_other_squares_works_out_its_lookups_again() -> None:
    """The board's lookups (its layout of prices, its deeds) are cached per board: a copy with other
    squares must not carry the original's over, or the rules would charge the old prices."""
    board = load_board()
    assert board.layout.prices[1] == board.property(1).price  # the original's lookups are made
    squares = list(board.squares)
    squares[1] = squares[1].model_copy(update={"price": 90_000})
    copy = board.model_copy(update={"squares": tuple(squares)})
    assert copy.layout.prices[1] == 90_000
    assert copy.property(1).price == 90_000
    assert board.layout.prices[1] == board.property(1).price != 90_000
    assert board.model_copy().layout is board.layout  # nothing changed: nothing worked out again
