"""Saves as an attacker would write them: every field shown or used is checked, names are normalised
once, sizes are bounded, and a game open in one window is refused in another.

Each hostile file is refused with a Russian reason and left byte-for-byte as it was."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from factory import board
from test_saves import assert_refused, edited, final, real_save, save

from monopoly_tui import saves
from monopoly_tui.engine import legal_actions
from monopoly_tui.saves import (
    MAX_SAVE_BYTES,
    SaveError,
    list_saves,
    load_save,
    lock_save,
    new_save_path,
    saves_dir,
    write_save,
)
from monopoly_tui.session import GameSession


def set_in(data: dict[str, Any], *path_and_value: Any) -> None:
    *keys, value = path_and_value
    for key in keys[:-1]:
        data = data[key]
    data[keys[-1]] = value


def hostile_cases(raw: bytes) -> list[tuple[str, bytes, set[str]]]:
    bad, edit = {"save.error.bad_field"}, {"save.error.inconsistent"}
    finished = {"finished": True, "turn": None}
    cases: list[tuple[str, bytes, set[str]]] = []
    for colour in ("banana", "", "#12", "red", "#1234567", "[b]#fff"):
        cases.append(
            (f"colour {colour!r}", edited(raw, lambda d, c=colour: set_in(d, "seats", 0, "color", c)), bad)
        )
    for token in ("", "   ", "\x1b", "[/]", "x" * 3):
        cases.append(
            (f"token {token!r}", edited(raw, lambda d, t=token: set_in(d, "seats", 0, "token", t)), bad)
        )
    long_name = "Я" * 100_000
    for name in (long_name, "", "   ", "\x1b\u202e"):
        change = lambda d, n=name: (  # noqa: E731 - every place the name is written
            set_in(d, "seats", 0, "name", n),
            set_in(d, "players", 0, n),
            set_in(d, "header", "players", 0, n),
        )
        cases.append((f"name {name[:8]!r}… ({len(name)})", edited(raw, change, redigest=True), bad))
    cases += [
        # the header is what the list shows: an edit by hand is caught by its digest...
        (
            "finished by hand",
            edited(raw, lambda d: d["header"].update(finished, winner=d["players"][1])),
            edit,
        ),
        ("round by hand", edited(raw, lambda d: set_in(d, "header", "round", 2)), edit),
        ("turn by hand", edited(raw, lambda d: set_in(d, "header", "turn", d["players"][2])), edit),
        ("no digest", edited(raw, lambda d: d["header"].pop("digest")), edit),
        ("digest not hex", edited(raw, lambda d: set_in(d, "header", "digest", "z" * 64)), bad),
        # ... and where the digest is made to match, by the header's own consistency
        ("finished, no winner", edited(raw, lambda d: d["header"].update(finished), redigest=True), edit),
        (
            "winner not playing",
            edited(raw, lambda d: d["header"].update(finished, winner="Чужой"), redigest=True),
            edit,
        ),
        (
            "turn not playing",
            edited(raw, lambda d: set_in(d, "header", "turn", "Чужой"), redigest=True),
            edit,
        ),
        ("round 999", edited(raw, lambda d: set_in(d, "header", "round", 999), redigest=True), edit),
        # strict all the way down: nested rules too
        ("cash as text", edited(raw, lambda d: set_in(d, "rules", "start", "cash", "1500000")), bad),
        ("cash true", edited(raw, lambda d: set_in(d, "rules", "start", "cash", True)), bad),
        ("salary 1.5", edited(raw, lambda d: set_in(d, "rules", "go", "salary", 1.5)), bad),
        ("jackpot 1", edited(raw, lambda d: set_in(d, "rules", "free_parking", "jackpot", 1)), bad),
        ("seed true", edited(raw, lambda d: set_in(d, "seed", True)), bad),
        ("die as text", edited(raw, lambda d: set_in(d, "actions", 0, "dice", ["3", "4"])), bad),
        ("key with markup", edited(raw, lambda d: set_in(d, "[/]", 1)), {"save.error.unknown_field"}),
    ]
    return cases


def test_every_hostile_save_is_refused_with_a_reason_and_left_untouched(tmp_path: Path) -> None:
    raw = real_save(tmp_path)
    folder = saves_dir()
    for number, (name, content, codes) in enumerate(hostile_cases(raw)):
        path = folder / f"hostile{number:03}.json"
        path.write_bytes(content)
        assert_refused(path, codes, name)
    entries = list_saves(board())  # the list says why for each, and shows none as a game to continue
    assert entries and not any(e.readable for e in entries)


def test_padded_names_are_normalised_once_and_the_game_goes_on_saving(tmp_path: Path) -> None:
    raw = real_save(tmp_path, actions=20)
    padded = [" Аня ", "Борис\u202e", "\tВера  "]

    def pad(d: dict[str, Any]) -> None:
        d["header"]["turn"] = padded[d["players"].index(d["header"]["turn"])]
        for i, name in enumerate(padded):
            set_in(d, "seats", i, "name", name)
            set_in(d, "players", i, name)
            set_in(d, "header", "players", i, name)

    path = saves_dir() / "padded.json"
    content = json.loads(raw)
    turn = content["header"]["turn"]
    content["header"].pop("digest")
    content["format_version"] = 1  # a format-1 save (no digest) written by hand
    path.write_bytes(edited(json.dumps(content).encode(), pad))
    assert turn in ("Аня", "Борис", "Вера")
    loaded = load_save(path, board())
    assert loaded.record.players == ("Аня", "Борис", "Вера")
    session = GameSession.resume(board(), loaded)
    for _ in range(3):
        session.act(legal_actions(session.state)[0])
    again = load_save(path, board())
    assert again.record.players == ("Аня", "Борис", "Вера")
    assert [s.name for s in again.seats] == list(again.record.players)
    assert len(again.record.actions) == len(loaded.record.actions) + 3


def test_an_oversized_save_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = saves_dir() / "huge.json"
    with open(path, "wb") as file:  # sparse: the size without the disk
        file.truncate(MAX_SAVE_BYTES + 1)
    error = assert_refused(path, {"save.error.too_large"}, "oversized")
    assert f"{MAX_SAVE_BYTES // (1024 * 1024)} МБ" in error.reason
    [entry] = list_saves(board())
    assert entry.error is not None and entry.error.code == "save.error.too_large"


def test_the_list_reads_only_the_head_of_a_large_save_and_still_checks_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(saves.listing, "HEAD_BYTES", 4096)
    state, record = final(8, 3, limit=200)
    path = saves_dir() / "large.json"
    save(path, state, record)
    assert path.stat().st_size > 4096
    reads: list[int | None] = []
    real = saves.listing.read_bounded

    def counted(p: Path, limit: int | None = None) -> tuple[bytes, int]:
        reads.append(limit)
        return real(p, limit)

    monkeypatch.setattr(saves.listing, "read_bounded", counted)
    [entry] = list_saves(board())
    assert reads == [4096]
    assert entry.header is not None and entry.header.actions == len(record.actions)
    monkeypatch.setattr(saves.listing, "read_bounded", real)
    write_back = saves.dump_save(
        board=board(), seats=load_save(path, board()).seats, state=state, record=record
    )
    path.write_text(write_back.replace('"finished": false', '"finished": true', 1), encoding="utf-8")
    [entry] = list_saves(board())
    assert entry.error is not None and entry.error.code == "save.error.inconsistent"


def test_no_temporary_file_outlives_a_save(tmp_path: Path) -> None:
    path = new_save_path(["Аня", "Борис"])
    for state, record in list(__import__("test_saves").game(5, 2, limit=30)):
        save(path, state, record)
        save(path, state, record)  # twice the same: the .bak already is this very file
    left = sorted(p.name for p in path.parent.iterdir())
    assert left == [path.name, path.name + ".bak", path.name + ".lock"]


def test_new_names_are_reserved_across_processes(tmp_path: Path) -> None:
    script = (
        "import sys; from monopoly_tui.saves import new_save_path\n"
        "print(new_save_path(['Аня', 'Борис']), flush=True); sys.stdin.read()\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for _ in range(4)
    ]
    mine = new_save_path(["Аня", "Борис"])
    names = {mine}
    for proc in procs:
        assert proc.stdout is not None
        names.add(Path(proc.stdout.readline().strip()))
    for proc in procs:
        proc.communicate("")
    assert len(names) == 5, names


FIRST_WINDOW = """
import sys
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import legal_actions
from monopoly_tui.saves import load_save, lock_save
from monopoly_tui.session import GameSession

board = load_board()
session = GameSession.resume(board, load_save(sys.argv[1], board))
session.lock = lock_save(sys.argv[1])
print("playing", flush=True)
for line in sys.stdin:  # one action per line from the test, saved each time
    session.act(legal_actions(session.state)[0])
    print(len(session.record.actions), flush=True)
session.close()
"""


def test_a_game_open_in_one_window_is_refused_in_another_while_the_first_plays(tmp_path: Path) -> None:
    state, record = final(8, 3, limit=10)
    path = saves_dir() / "shared.json"
    seats = [saves.SaveSeat(name=p.name, token="●", color="#ffffff") for p in state.players]
    write_save(path, board=board(), seats=seats, state=state, record=record)
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST_WINDOW, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert first.stdin is not None and first.stdout is not None
    try:
        assert first.stdout.readline().strip() == "playing"
        for played in range(1, 4):
            with pytest.raises(SaveError) as caught:
                lock_save(path)
            assert caught.value.code == "save.error.locked" and "другом окне" in caught.value.reason
            with pytest.raises(SaveError):
                saves.delete_save(path)
            before = path.read_bytes()
            if played == 1:  # the command line refuses it too, before it needs a terminal
                second = subprocess.run(
                    [sys.executable, "-m", "monopoly_tui", "--load", str(path)],
                    capture_output=True,
                    text=True,
                    timeout=60,
                    stdin=subprocess.DEVNULL,
                )
                assert second.returncode == 2 and "другом окне" in second.stderr
                assert "Traceback" not in second.stderr and path.read_bytes() == before
            first.stdin.write("act\n")
            first.stdin.flush()
            assert int(first.stdout.readline()) == len(record.actions) + played
            assert path.read_bytes() != before  # the first window saved its move meanwhile
    finally:
        first.stdin.close()
        first.wait(timeout=60)
    assert first.stderr is not None and "Traceback" not in first.stderr.read()
    first.stdout.close()
    first.stderr.close()
    lock = lock_save(path)  # the first window closed the game: this one may open it now
    assert len(load_save(path, board()).record.actions) == len(record.actions) + 3
    lock.release()


async def test_no_saves_folder_the_game_goes_on_and_says_it_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.game_screen import GameScreen

    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv(saves.DATA_DIR_ENV, str(blocker))
    app = MonopolyApp(board(), seed=3, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press("enter")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert session is not None and session.save_path is None
        notice = next(line for line in session.log if "не сохраняется" in line)
        assert str(blocker / "saves") in notice
        await pilot.press("r")
        await pilot.pause()
        assert session.state.players[0].position == 3  # played on
    assert blocker.read_text(encoding="utf-8").startswith("a file")


def test_computer_moves_are_saved_together_and_every_persons_action_durably(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monopoly_tui.session import Seat

    writes: list[tuple[int, bool]] = []
    real = saves.autosave.write_atomic  # the journal written whole (the first save)
    real_append = saves.autosave.JournalFile.append  # and every later save: lines appended

    def noted(path: Path, data: bytes, *, durable: bool = True) -> None:
        writes.append((len(session.record.actions), durable))
        real(path, data, durable=durable)

    def appended(journal: saves.autosave.JournalFile, bodies: list[bytes], *, durable: bool = True) -> bool:
        writes.append((len(session.record.actions), durable))
        return real_append(journal, bodies, durable=durable)

    monkeypatch.setattr(saves.autosave, "write_atomic", noted)
    monkeypatch.setattr(saves.autosave.JournalFile, "append", appended)
    seats = [
        Seat("Аня", "●", "#ffffff"),
        Seat("Бот", "▲", "#ffffff", "simple"),
        Seat("Кот", "■", "#fff", "simple"),
    ]
    session = GameSession.start(board(), seats, seed=4)
    session.save_path = new_save_path([s.name for s in seats])
    by_person: list[int] = []
    for _ in range(120):
        if session.state.is_over:
            break
        if session.bot_to_move() is not None:
            session.bot_move()
            continue
        if writes:  # a person decides now: everything so far is on disk, fsynced
            assert writes[-1] == (len(session.record.actions), True)
        session.act(legal_actions(session.state)[0])
        by_person.append(len(session.record.actions))
        # before the person decides again, everything so far is on disk, fsynced
        assert writes[-1] == (len(session.record.actions), True)
    durable = {n for n, d in writes if d}
    assert set(by_person) <= durable
    assert len(writes) < len(session.record.actions) / 2  # the computers' moves were not each written
    assert load_save(session.save_path, board()).record == session.record
