"""Save files: round trips, replay determinism, a corpus of broken files, kill -9 while saving, the list.

Every broken file must be refused with a SaveError (Russian reason, English str) and stay byte-for-byte
and mtime-for-mtime as it was.
"""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import platformdirs
import pytest
from factory import board
from playout import choose

from monopoly_tui import saves
from monopoly_tui.boardfile import board_hash
from monopoly_tui.engine import (
    Board,
    EndTurn,
    GameRecord,
    GameState,
    Rules,
    action_to_json,
    apply,
    current_actor,
    is_legal,
    new_game,
)
from monopoly_tui.locale import has
from monopoly_tui.saves import (
    SaveError,
    SaveSeat,
    backup_path,
    delete_save,
    latest_unfinished,
    list_saves,
    load_save,
    new_save_path,
    saves_dir,
    write_save,
)

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
NAMES = ("Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Захар")
TOKENS = ("●", "▲", "■", "◆", "★", "♥", "♣", "♠")
LONG = Rules.model_validate({"start": {"cash": 20_000_000}, "end": {"turn_limit": 5000}})
"""Rich players and no early end: games as long as a test needs."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(folder))
    return folder


def seats_for(players: int, bots: bool = False) -> tuple[SaveSeat, ...]:
    return tuple(
        SaveSeat(
            name=NAMES[i], token=TOKENS[i], color=f"#{i}0{i}0{i}0", bot=("simple" if bots and i else None)
        )
        for i in range(players)
    )


def game(
    seed: int, players: int = 3, *, rules: Rules | None = None, limit: int = 10_000
) -> Iterator[tuple[GameState, GameRecord]]:
    """A seeded random game (manage actions and trades included): the start, then after every action."""
    chooser = random.Random(seed)
    state = new_game(board(), NAMES[:players], seed=seed, rules=rules)
    record = GameRecord.start(state)
    yield state, record
    for _ in range(limit):
        if state.is_over:
            return
        action = choose(state, chooser)
        state = apply(state, action)
        record = record.add(action)
        yield state, record


def final(seed: int, players: int = 3, **kw: Any) -> tuple[GameState, GameRecord]:
    *_, last = game(seed, players, **kw)
    return last


def save(path: Path, state: GameState, record: GameRecord, players: int | None = None) -> None:
    seats = seats_for(players or len(state.players))
    write_save(path, board=board(), seats=seats, state=state, record=record)


# --- where saves live -------------------------------------------------------------------------------


def test_data_dir_comes_from_the_environment_else_platformdirs(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert saves.data_dir() == data_dir
    assert not data_dir.exists()
    assert saves_dir() == data_dir / "saves" and (data_dir / "saves").is_dir()
    monkeypatch.delenv(saves.DATA_DIR_ENV)
    assert saves.data_dir() == Path(platformdirs.user_data_dir("monopoly-tui", appauthor=False))


def test_list_of_a_missing_folder_is_empty_and_creates_nothing(data_dir: Path) -> None:
    assert list_saves(board()) == []
    assert latest_unfinished(board()) is None
    assert not data_dir.exists()


# --- round trips and determinism --------------------------------------------------------------------


def test_saving_after_every_action_loads_the_exact_same_state() -> None:
    path = new_save_path(NAMES[:3])
    seats = seats_for(3, bots=True)
    count = 0
    for state, record in game(11, 3, limit=220):
        write_save(path, board=board(), seats=seats, state=state, record=record)
        loaded = load_save(path, board())
        assert loaded.state == state
        assert loaded.record == record
        assert loaded.seats == seats
        assert loaded.path == path
        header = loaded.header
        assert header.actions == len(record.actions) and header.round == state.round
        assert header.players == NAMES[:3] and header.finished is state.is_over
        assert header.turn == (None if state.is_over else NAMES[state.turn])
        count += 1
    assert count == 221
    assert loaded.seats[1].as_session_seat().bot == "simple"


@pytest.mark.parametrize("seed", range(30))
def test_replay_is_deterministic(seed: int, tmp_path: Path) -> None:
    players = 2 + seed % 7
    state, record = final(seed, players, limit=700)
    path = tmp_path / f"game{seed}.json"
    save(path, state, record)
    first = load_save(path, board())
    second = load_save(path, board())
    assert first.state == state == second.state
    assert first.record == record
    # the loaded game saves to the very same text
    kw: dict[str, Any] = {"board": board(), "seats": first.seats, "saved_at": first.header.saved_at}
    assert saves.dump_save(state=first.state, record=first.record, **kw) == path.read_text("utf-8")
    assert first.header.winner == (None if state.winner is None else NAMES[state.winner])


def test_a_finished_game_has_a_winner_and_no_turn(tmp_path: Path) -> None:
    tight = Rules.model_validate({"start": {"cash": 150_000}, "end": {"turn_limit": 30}})
    state, record = final(3, 2, rules=tight)
    assert state.is_over
    path = tmp_path / "over.json"
    save(path, state, record)
    header = load_save(path, board()).header
    assert header.finished and header.turn is None and header.winner in NAMES[:2]


def test_the_file_is_readable_json_one_action_a_line(tmp_path: Path) -> None:
    state, record = final(4, 2, limit=30)
    path = tmp_path / "a.json"
    save(path, state, record)
    text = path.read_text("utf-8")
    data = json.loads(text)
    assert data["format_version"] == saves.SNAPSHOT_VERSION
    assert data["board_id"] == board().id and data["seed"] == 4
    assert set(data) == {
        "format_version",
        "board_hash",
        "header",
        "seats",
        "format",
        "board_id",
        "rules",
        "players",
        "seed",
        "actions",
        "undone",
    }
    assert "Аня" in text  # not \u-escaped
    assert len(text.splitlines()) >= len(record.actions)


FIRST_RELEASE_SAVE = Path(__file__).parent / "golden" / "save_format1_first_release.json"
"""A save written by the first release (120 actions of a 3-player random game, seed 8). Its board_hash
covers the board's default rules as they were then, before the rules options added since."""


def test_a_save_of_the_first_release_still_loads_and_lists(data_dir: Path) -> None:
    raw = FIRST_RELEASE_SAVE.read_bytes()
    assert json.loads(raw)["board_hash"] != board_hash(board())
    loaded = load_save(FIRST_RELEASE_SAVE, board())
    assert len(loaded.record.actions) == 120 and loaded.header.round == 8
    assert loaded.state == final(8, 3, limit=120)[0]
    assert FIRST_RELEASE_SAVE.read_bytes() == raw
    copy = saves_dir() / "old.json"
    copy.write_bytes(raw)
    [entry] = list_saves(board())
    assert entry.readable and entry.path == copy


def test_a_new_save_carries_the_board_hash_without_the_rules(tmp_path: Path) -> None:
    state, record = final(4, 2, limit=10)
    path = tmp_path / "a.json"
    save(path, state, record)
    assert json.loads(path.read_text("utf-8"))["board_hash"] == board_hash(board())


def test_a_backup_keeps_the_previous_version(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    states = list(game(5, 2, limit=3))
    save(path, *states[0])
    assert not backup_path(path).exists()
    save(path, *states[1])
    save(path, *states[2])
    assert len(load_save(path, board()).record.actions) == 2
    assert len(load_save(backup_path(path), board()).record.actions) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]  # no temporaries left

    # a broken main file is refused even though the backup is fine; the app may offer the backup
    path.write_bytes(path.read_bytes()[:100])
    with pytest.raises(SaveError) as caught:
        load_save(path, board())
    assert caught.value.code == "save.error.truncated"
    assert len(load_save(backup_path(path), board()).record.actions) == 1


def test_a_failed_write_leaves_the_previous_save_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    states = list(game(6, 2, limit=2))
    save(path, *states[1])
    before = path.read_bytes()

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(SaveError) as caught:
        save(path, *states[2])
    assert caught.value.code == "save.error.write"
    assert CYRILLIC.search(caught.value.reason) and "места" in caught.value.reason
    assert "No space" in str(caught.value)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_mismatched_parts_are_a_programming_error(tmp_path: Path) -> None:
    state, record = final(2, 3, limit=5)
    with pytest.raises(ValueError, match="seats"):
        write_save(tmp_path / "x.json", board=board(), seats=seats_for(2), state=state, record=record)
    other = board().model_copy(update={"id": "elsewhere"})
    with pytest.raises(ValueError, match="board"):
        write_save(tmp_path / "x.json", board=other, seats=seats_for(3), state=state, record=record)
    assert not (tmp_path / "x.json").exists()


# --- the corpus of broken files ---------------------------------------------------------------------


def real_save(tmp_path: Path, actions: int = 60) -> bytes:
    state, record = final(8, 3, limit=actions)
    path = tmp_path / "real.json"
    save(path, state, record)
    return path.read_bytes()


def edited(raw: bytes, change: Any, *, redigest: bool = False) -> bytes:
    """raw with change applied to its JSON; redigest: with the header's digest made to match again (a
    careful forger), so that a check behind the digest is what refuses it."""
    data = json.loads(raw)
    change(data)
    if redigest:
        data["header"]["digest"] = digest_of(data)
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def digest_of(data: dict[str, Any]) -> str:
    from monopoly_tui.saves.format import _digest

    return _digest({k: v for k, v in data.items() if k != "actions"})


def assign(*path_and_value: Any) -> Any:
    *keys, value = path_and_value

    def change(data: Any) -> None:
        for key in keys[:-1]:
            data = data[key]
        data[keys[-1]] = value

    return change


def drop(key: str) -> Any:
    return lambda data: data.pop(key)


def illegal_in_the_middle(raw: bytes) -> tuple[bytes, int]:
    """The save with one action in the middle replaced by another player's end of turn (never legal)."""
    data = json.loads(raw)
    record = GameRecord.model_validate({k: data[k] for k in GameRecord.model_fields if k in data})
    state = new_game(board(), record.players, seed=record.seed, rules=record.rules)
    middle = len(record.actions) // 2
    for action in record.actions[:middle]:
        state = apply(state, action)
    actor = current_actor(state)
    assert actor is not None
    wrong = EndTurn(player=(actor + 1) % len(record.players))
    assert not is_legal(state, wrong)
    data["actions"][middle] = json.loads(action_to_json(wrong))
    return json.dumps(data, ensure_ascii=False).encode("utf-8"), middle + 1


def broken_corpus(raw: bytes) -> list[tuple[str, bytes, set[str]]]:
    """(name, content, acceptable codes) for every kind of broken file."""
    rng = random.Random(2024)
    end = len(raw.rstrip())  # cutting only the final newline leaves a whole file
    cases: list[tuple[str, bytes, set[str]]] = []
    for cut in [*range(0, end, 37), end - 1, end - 2]:
        cases.append((f"cut at {cut}", raw[:cut], {"save.error.truncated", "save.error.empty"}))
    for size in (1, 10, 100, 5000):
        cases.append((f"{size} random bytes", rng.randbytes(size), set()))
    cases += [
        ("empty", b"", {"save.error.empty"}),
        ("blanks", b" \n\t\n", {"save.error.empty"}),
        ("not utf-8", raw[:200] + b"\xff\xfe" + raw[200:], {"save.error.not_utf8"}),
        ("latin-1", raw.decode("utf-8").encode("utf-16"), {"save.error.not_utf8"}),
        ("garbage in the middle", raw.replace(b'"seats": [', b'"seats": [}}}', 1), {"save.error.not_json"}),
        ("no colon", raw.replace(b'"seed": ', b'"seed" ', 1), {"save.error.not_json"}),
        ("deep nesting", b"[" * 100_000 + b"]" * 100_000, {"save.error.not_json", "save.error.foreign"}),
        ("two documents", raw + raw, {"save.error.not_json"}),
        ("NaN version", edited(raw, assign("format_version", float("nan"))), {"save.error.bad_field"}),
        ("duplicate key", raw.replace(b'"seed": ', b'"seed": 1, "seed": ', 1), {"save.error.duplicate_key"}),
        # wrong types
        ("version as text", edited(raw, assign("format_version", "1")), {"save.error.bad_field"}),
        ("version true", edited(raw, assign("format_version", True)), {"save.error.bad_field"}),
        ("round as text", edited(raw, assign("header", "round", "3")), {"save.error.bad_field"}),
        ("seed as text", edited(raw, assign("seed", "8")), {"save.error.bad_field"}),
        ("seed negative", edited(raw, assign("seed", -1)), {"save.error.bad_field"}),
        ("players a string", edited(raw, assign("players", "Аня")), {"save.error.bad_field"}),
        ("actions an object", edited(raw, assign("actions", {})), {"save.error.bad_field"}),
        ("seats null", edited(raw, assign("seats", None)), {"save.error.bad_field"}),
        ("no seats", edited(raw, assign("seats", [])), {"save.error.bad_field"}),
        ("date not a date", edited(raw, assign("header", "saved_at", "вчера")), {"save.error.bad_field"}),
        ("hash not hex", edited(raw, assign("board_hash", "abc")), {"save.error.bad_field"}),
        ("seat number 99", edited(raw, assign("actions", 3, "player", 99)), {"save.error.bad_field"}),
        ("unknown action", edited(raw, assign("actions", 2, "kind", "cheat")), {"save.error.bad_field"}),
        (
            "dice of 7",
            edited(raw, assign("actions", 0, {"player": 0, "kind": "roll", "dice": [7, 1]})),
            {"save.error.bad_field"},
        ),
        ("unknown bot", edited(raw, assign("seats", 1, "bot", "genius")), {"save.error.bad_field"}),
        ("rules wrong", edited(raw, assign("rules", "start", "cash", "много")), {"save.error.bad_field"}),
        # extra fields
        ("extra field", edited(raw, assign("cheat", 1)), {"save.error.unknown_field"}),
        ("extra in header", edited(raw, assign("header", "note", "x")), {"save.error.unknown_field"}),
        # versions
        ("version 0", edited(raw, assign("format_version", 0)), {"save.error.unknown_version"}),
        ("version -1", edited(raw, assign("format_version", -1)), {"save.error.unknown_version"}),
        (
            "newer version",
            edited(raw, assign("format_version", saves.FORMAT_VERSION + 1)),
            {"save.error.newer_version"},
        ),
        ("much newer", edited(raw, assign("format_version", 99)), {"save.error.newer_version"}),
        ("record format 2", edited(raw, assign("format", 2)), {"save.error.unknown_version"}),
        # foreign files
        ("hello", b'{"hello": 1}', {"save.error.foreign"}),
        ("a list", b"[1, 2, 3]", {"save.error.foreign"}),
        ("a string", b'"save"', {"save.error.foreign"}),
        ("a number", b"42", {"save.error.foreign"}),
        ("null", b"null", {"save.error.foreign"}),
        ("package.json", b'{"name": "x", "version": "1.0.0"}', {"save.error.foreign"}),
        ("bare record", edited(raw, drop("format_version")), {"save.error.foreign"}),
        # another board, changed board data
        ("board hash", edited(raw, assign("board_hash", "0" * 64)), {"save.error.board_changed"}),
        ("other board", edited(raw, assign("board_id", "spb-1990")), {"save.error.other_board"}),
        # parts that disagree
        ("action count", edited(raw, assign("header", "actions", 3)), {"save.error.inconsistent"}),
        ("seat renamed", edited(raw, assign("seats", 0, "name", "Кто-то")), {"save.error.inconsistent"}),
        (
            "header players",
            edited(raw, assign("header", "players", ["А", "Б", "В"])),
            {"save.error.inconsistent"},
        ),
        (
            "cannot start",
            edited(
                raw,
                lambda d: d.update(
                    players=d["players"][:1],
                    seats=d["seats"][:1],
                    header={**d["header"], "players": d["players"][:1]},
                ),
                redigest=True,
            ),
            {"save.error.cannot_start"},
        ),
    ]
    for key in ("board_hash", "header", "seats", "format", "board_id", "rules", "players", "seed", "actions"):
        cases.append((f"missing {key}", edited(raw, drop(key)), {"save.error.missing_field"}))
    for key in ("round", "saved_at", "finished"):
        cases.append(
            (
                f"missing header.{key}",
                edited(raw, lambda d, k=key: d["header"].pop(k)),
                {"save.error.missing_field"},
            )
        )
    for key in ("token", "color"):
        cases.append(
            (
                f"missing seats.{key}",
                edited(raw, lambda d, k=key: d["seats"][1].pop(k)),
                {"save.error.missing_field"},
            )
        )
    return cases


def assert_refused(path: Path, codes: set[str], name: str, on: Board | None = None) -> SaveError:
    before = path.read_bytes() if path.is_file() else None
    old = 1_000_000_000_123_456_789
    if path.is_file():
        os.utime(path, ns=(old, old))
    with pytest.raises(SaveError) as caught:
        load_save(path, on or board())
    error = caught.value
    assert not codes or error.code in codes, (name, error.code, str(error))
    assert error.code.startswith("save.error.") and has(error.code)
    assert CYRILLIC.search(error.reason), (name, error.reason)
    assert error.reason.endswith("."), (name, error.reason)
    english = str(error).replace(str(path), "")
    assert re.search("[a-z]{3}", english) and not CYRILLIC.search(english.split(":")[1]), (name, str(error))
    assert error.path == path
    if before is not None:
        assert path.read_bytes() == before, name
        assert path.stat().st_mtime_ns == old, name
    return error


def test_every_broken_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    raw = real_save(tmp_path)
    folder = saves_dir()
    cases = broken_corpus(raw)
    assert len(cases) > 100
    for number, (name, content, codes) in enumerate(cases):
        path = folder / f"broken{number:03}.json"
        path.write_bytes(content)
        assert_refused(path, codes, name)
    # and listed as unreadable, each with its reason, still untouched
    before = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}
    entries = list_saves(board())
    assert len(entries) == len(cases)
    for entry in entries:
        assert not entry.readable and entry.header is None
        assert entry.reason is not None and CYRILLIC.search(entry.reason)
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()} == before
    assert latest_unfinished(board()) is None


def test_an_illegal_action_is_refused_naming_its_number(tmp_path: Path) -> None:
    content, number = illegal_in_the_middle(real_save(tmp_path))
    path = saves_dir() / "illegal.json"
    path.write_bytes(content)
    error = assert_refused(path, {"save.error.illegal_action"}, "illegal")
    assert error.action_number == number
    assert f"№ {number} " in error.reason
    assert f"action {number} " in str(error)
    # the list does not replay: it is listed as readable and refused when chosen (documented)
    (entry,) = list_saves(board())
    assert entry.readable


def test_a_save_whose_board_changed_or_differs_is_refused() -> None:
    path = saves_dir() / "g.json"
    save(path, *final(9, 2, limit=20))
    changed = board().model_copy(update={"name": board().name + "!"})
    assert_refused(path, {"save.error.board_changed"}, "changed board", changed)
    other = board().model_copy(update={"id": "spb"})
    error = assert_refused(path, {"save.error.other_board"}, "other board", other)
    assert "spb" in error.reason and board().id in error.reason
    (entry,) = list_saves(changed)
    assert entry.error is not None and entry.error.code == "save.error.board_changed"
    assert list_saves(board())[0].readable and load_save(path, board()).record.actions


def test_files_that_cannot_be_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused(tmp_path / "missing.json", {"save.error.missing"}, "missing")
    assert_refused(tmp_path / "no" / "such" / "dir.json", {"save.error.missing"}, "missing dir")
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert_refused(folder, {"save.error.not_a_file"}, "a folder")
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo.json"
        os.mkfifo(fifo)
        assert_refused(fifo, {"save.error.not_a_file"}, "a fifo")  # and it does not hang

    path = tmp_path / "g.json"
    save(path, *final(1, 2, limit=10))
    monkeypatch.setattr(saves.reading, "MAX_SAVE_BYTES", 100)
    assert_refused(path, {"save.error.too_large"}, "too large")
    monkeypatch.undo()

    real_open = os.open

    def no_permission(file: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        if Path(file) == path:
            raise PermissionError(13, "Permission denied")
        return real_open(file, flags, *args, **kwargs)

    monkeypatch.setattr(os, "open", no_permission)
    assert_refused(path, {"save.error.permission"}, "permission")
    monkeypatch.undo()

    def broken_disk(fd: int, size: int) -> bytes:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "read", broken_disk)
    assert_refused(path, {"save.error.unreadable"}, "i/o error")
    monkeypatch.undo()
    assert load_save(path, board()).record.actions


def test_no_exception_but_save_error_escapes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    save(path, *final(1, 2, limit=10))

    def bug(*args: Any, **kwargs: Any) -> GameState:
        raise IndexError("an engine bug")

    monkeypatch.setattr(saves.store, "apply_action", bug)
    error = assert_refused(path, {"save.error.unexpected"}, "engine bug")
    assert "IndexError" in str(error)


def test_a_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    save(path, *final(1, 2, limit=10))
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert load_save(path, board()).record.actions


# --- kill -9 while saving ---------------------------------------------------------------------------

CHILD = """
import os, random, sys
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import GameRecord, Rules, apply, legal_actions, new_game
from monopoly_tui.saves import SaveSeat, load_save, write_save

path, seed = sys.argv[1], int(sys.argv[2])
board = load_board()
rules = Rules.model_validate({"start": {"cash": 50_000_000}, "end": {"turn_limit": 100_000}})
seats = [SaveSeat(name=n, token="*", color="#fff") for n in ("Аня", "Борис", "Вера")]
if os.path.exists(path):
    loaded = load_save(path, board)
    state, record = loaded.state, loaded.record
else:
    state = new_game(board, [s.name for s in seats], seed=seed, rules=rules)
    record = GameRecord.start(state)
    write_save(path, board=board, seats=seats, state=state, record=record)
print("ready", len(record.actions), flush=True)
chooser = random.Random(seed * 1_000_003 + len(record.actions))
while not state.is_over:
    action = chooser.choice(legal_actions(state))
    state = apply(state, action)
    record = record.add(action)
    print("begin", len(record.actions), flush=True)
    write_save(path, board=board, seats=seats, state=state, record=record)
    print("done", len(record.actions), flush=True)
"""


@pytest.mark.long
def test_kill_9_at_random_moments_never_loses_more_than_the_action_being_saved(tmp_path: Path) -> None:
    child = tmp_path / "child.py"
    child.write_text(CHILD, encoding="utf-8")
    path = tmp_path / "saves" / "killed.json"
    rng = random.Random(99)
    mid_write = 0
    kills = 40
    for _ in range(kills):
        proc = subprocess.Popen(
            [sys.executable, str(child), str(path), "5"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith("ready"), proc.stderr.read() if proc.stderr else first
        time.sleep(rng.uniform(0, 0.06))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        lines = [first, *proc.stdout.read().splitlines(keepends=True)]
        proc.stdout.close()
        if proc.stderr:
            assert "Traceback" not in proc.stderr.read()
            proc.stderr.close()
        assert proc.returncode == -signal.SIGKILL
        complete = [line.split() for line in lines if line.endswith("\n")]
        kind, number = complete[-1][0], int(complete[-1][1])

        loaded = load_save(path, board())
        saved = len(loaded.record.actions)
        if kind == "begin":  # killed while writing action `number`: either version is whole
            mid_write += 1
            assert saved in (number - 1, number)
        else:
            assert saved == number
        if backup_path(path).exists():
            assert len(load_save(backup_path(path), board()).record.actions) in (saved - 1, saved)
    assert mid_write >= 5, "the kills should land inside write_save"
    assert saved > kills, "every run should get to save a few actions"


# --- the list, new names, deleting -----------------------------------------------------------------


def test_list_newest_first_with_unreadable_entries_and_no_bak_or_tmp() -> None:
    folder = saves_dir()
    over = Rules.model_validate({"start": {"cash": 150_000}, "end": {"turn_limit": 30}})
    finished = final(3, 2, rules=over)
    assert finished[0].is_over
    games = {
        "old.json": final(1, 2, limit=10),
        "finished.json": finished,
        "middle.json": final(2, 4, limit=40),
    }
    for name, (state, record) in games.items():
        save(folder / name, state, record)
        save(folder / name, state, record)  # leaves a .bak
    (folder / "broken.json").write_text('{"format_version": 1, "head', encoding="utf-8")
    (folder / "middle.json.abc123.tmp").write_text("partial", encoding="utf-8")
    (folder / "notes.txt").write_text("hello", encoding="utf-8")
    (folder / "sub.json").mkdir()
    order = ["broken.json", "finished.json", "middle.json", "old.json"]
    for age, name in enumerate(reversed(order)):
        stamp = 1_700_000_000_000_000_000 + age * 60_000_000_000
        os.utime(folder / name, ns=(stamp, stamp))

    entries = list_saves(board())
    assert [e.path.name for e in entries] == order
    broken, done, middle, old = entries
    assert not broken.readable and broken.header is None
    assert broken.error is not None and broken.error.code == "save.error.truncated"
    assert broken.reason and CYRILLIC.search(broken.reason)
    assert done.header is not None and done.header.finished and done.header.winner
    assert middle.header is not None and middle.header.players == NAMES[:4] and not middle.header.finished
    assert middle.header.actions == 40 and middle.header.turn in NAMES[:4]
    assert old.readable and old.reason is None
    assert entries[0].modified > entries[-1].modified
    assert latest_unfinished(board()) == folder / "middle.json"
    assert list_saves(board()) == entries  # again (from the cache)

    os.utime(folder / "old.json", ns=(2_000_000_000_000_000_000,) * 2)
    assert list_saves(board())[0].path.name == "old.json"
    assert latest_unfinished(board()) == folder / "old.json"
    assert list_saves()[0].path.name == "old.json"  # the shipped board by default


def test_new_save_paths_never_collide() -> None:
    names = ["Аня", "Борис «Бо» Петров", "Zoë", "../../etc", "", "★"]
    seen = set()
    for _ in range(30):
        path = new_save_path(names)
        assert path.parent == saves_dir()
        assert path.name.endswith(".json") and path.name.isascii()
        assert re.fullmatch(r"[A-Za-z0-9_.-]+", path.name), path.name
        assert "anya-boris-bo-petrov-zoe-etc" in path.name
        assert path not in seen and not path.exists()
        seen.add(path)
    # an existing file (written by another process) is never reused
    taken = new_save_path(["Вера"])
    saves.lock_path(taken).unlink()  # as if another process had reserved it, then written it
    save(taken, *final(1, 2, limit=5))
    again = new_save_path(["Вера"])
    assert again != taken and not again.exists()
    assert new_save_path([]).name.endswith("_game.json") or "_game_" in new_save_path([]).name


def test_delete_removes_the_save_its_backup_and_temporaries() -> None:
    path = new_save_path(["Аня", "Борис"])
    states = list(game(7, 2, limit=2))
    for state, record in states:
        save(path, state, record)
    other = new_save_path(["Вера", "Глеб"])
    save(other, *states[0])
    stray = path.with_name(path.name + ".x1y2.tmp")
    stray.write_text("partial", encoding="utf-8")
    assert backup_path(path).exists()
    delete_save(path)
    assert not path.exists() and not backup_path(path).exists() and not stray.exists()
    assert [e.path for e in list_saves(board())] == [other]
    delete_save(path)  # already gone: fine
    delete_save(other)
    assert list(saves_dir().iterdir()) == []
