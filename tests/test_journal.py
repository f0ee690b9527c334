"""The journal (save format 3): a line appended per action, a cut-off last line dropped with a notice, an
edited line refused, older formats converted on their first save without ever losing the original.

Every refused file must stay byte-for-byte as it was."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from factory import board
from test_saves import FIRST_RELEASE_SAVE, LONG, final, save

from monopoly_tui import saves
from monopoly_tui.engine import legal_actions
from monopoly_tui.saves import (
    SaveError,
    backup_path,
    latest_unfinished,
    list_saves,
    load_save,
    lock_save,
    new_save_path,
    saves_dir,
)
from monopoly_tui.saves.journal import is_journal
from monopoly_tui.session import GameSession, Seat

PEOPLE = (Seat("Аня", "●", "#e5484d"), Seat("Борис", "▲", "#3e8ef7"), Seat("Вера", "■", "#2e9e3e"))
WITH_BOTS = (
    Seat("Аня", "●", "#e5484d"),
    Seat("Бот", "▲", "#3e8ef7", "simple"),
    Seat("Кот", "■", "#fff", "simple"),
)


def play(session: GameSession, count: int, seed: int = 1) -> None:
    """count moves: the bots' own, else a random legal action of a person."""
    chooser = random.Random(seed)
    for _ in range(count):
        if session.state.is_over:
            return
        if session.bot_to_move() is not None:
            session.bot_move()
        else:
            session.act(chooser.choice(legal_actions(session.state)))


def journal_game(actions: int = 40, seats: tuple[Seat, ...] = PEOPLE, seed: int = 2) -> GameSession:
    session = GameSession.start(board(), seats, seed=seed, rules=LONG)
    session.save_path = new_save_path([s.name for s in seats])
    session.autosave()
    play(session, actions, seed)
    session.close()
    return session


def refused(path: Path, code: str) -> SaveError:
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_save(path, board())
    assert caught.value.code == code, (caught.value.code, str(caught.value))
    assert path.read_bytes() == before
    return caught.value


def rehashed(raw: bytes, change: Any, line_number: int) -> bytes:
    """raw with one line's JSON changed and every chain after it made to match again (a careful forger
    without the folder's key: the seals are left as they were)."""
    lines = raw.split(b"\n")
    data = json.loads(lines[line_number - 1])
    change(data)
    lines[line_number - 1] = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    chain = json.loads(lines[0])["digest"]
    for i in range(1, len(lines) - 1):
        entry = json.loads(lines[i])
        text = json.dumps(
            {k: v for k, v in entry.items() if k not in ("chain", "seal")},
            ensure_ascii=False,
            separators=(",", ":"),
        ).encode()[:-1]
        chain = hashlib.sha256(chain.encode() + text).hexdigest()
        lines[i] = text + f',"chain":"{chain}","seal":"{entry["seal"]}"}}'.encode()
    return b"\n".join(lines)


# --- appending ----------------------------------------------------------------------------------------


def test_every_save_appends_to_the_file_and_never_rewrites_it() -> None:
    session = GameSession.start(board(), WITH_BOTS, seed=5, rules=LONG)
    path = session.save_path = new_save_path(["Аня", "Бот", "Кот"])
    session.autosave()
    before = path.read_bytes()
    assert is_journal(before) and before.count(b"\n") == 1  # the head alone
    inode = path.stat().st_ino
    for step in range(150):
        play(session, 1, seed=step)
        if session._pending:  # a computer's move, saved with the next decision of a person
            continue
        now = path.read_bytes()
        assert now.startswith(before) and path.stat().st_ino == inode  # appended, in place
        assert now.count(b"\n") == 1 + len(session.record.actions)
        before = now
    loaded = load_save(path, board())
    assert loaded.record == session.record and loaded.state == session.state
    assert loaded.notice is None and loaded.journal is not None
    assert not backup_path(path).exists()  # nothing was replaced


def test_an_undo_is_a_line_too_and_the_record_keeps_it() -> None:
    from monopoly_tui.engine import Decline, Roll

    session = GameSession.start(board(), PEOPLE[:2], seed=1, dice=[(1, 2)])
    path = session.save_path = new_save_path(["Аня", "Борис"])
    session.act(Roll(player=0))
    session.act(Decline(player=0))
    assert session.can_undo()
    session.undo()
    lines = path.read_bytes().split(b"\n")
    assert len(lines) == 1 + 3 + 1 and b'"undo":1' in lines[3]
    loaded = load_save(path, board())
    assert [u.action for u in loaded.record.undone] == [Decline(player=0)]
    assert loaded.record == session.record and loaded.state == session.state
    again = GameSession.resume(board(), loaded)
    play(again, 5)
    assert load_save(path, board()).record == again.record


def test_a_game_loaded_from_a_journal_goes_on_appending() -> None:
    first = journal_game(30)
    path = first.save_path
    assert path is not None
    before = path.read_bytes()
    session = GameSession.resume(board(), load_save(path, board()))
    play(session, 10, seed=9)
    assert path.read_bytes().startswith(before)
    assert load_save(path, board()).record == session.record


def test_a_file_changed_behind_the_windows_back_is_written_whole_again() -> None:
    session = journal_game(20)
    path = session.save_path
    assert path is not None
    again = GameSession.resume(board(), load_save(path, board()))
    path.write_bytes(path.read_bytes() + b"\n")  # not as this window left it
    play(again, 3)
    loaded = load_save(path, board())
    assert loaded.record == again.record and loaded.notice is None


# --- cut off ------------------------------------------------------------------------------------------


def test_a_cut_off_last_line_loads_the_game_up_to_the_last_whole_action() -> None:
    session = journal_game(30)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    ends = [i + 1 for i, byte in enumerate(raw) if byte == ord("\n")]
    actions = session.record.actions
    cuts = [*range(ends[-3], len(raw)), *random.Random(3).sample(range(ends[0], ends[-3]), 40)]
    for cut in cuts:
        copy = saves_dir() / "cut.json"
        copy.write_bytes(raw[:cut])
        whole = sum(1 for end in ends if end <= cut) - 1  # entry lines wholly written
        loaded = load_save(copy, board())
        assert loaded.record.actions == actions[:whole], cut
        at_line_end = cut in ends
        assert (loaded.notice is None) == at_line_end, cut
        if not at_line_end:
            assert "отброшен" in loaded.notice and f"{whole}" in loaded.notice
        [entry] = [e for e in list_saves(board()) if e.path == copy]
        assert entry.readable and entry.header is not None and entry.header.actions == whole
        assert copy.read_bytes() == raw[:cut]  # loading changes nothing


def test_the_first_save_after_a_cut_off_line_writes_the_journal_whole() -> None:
    session = journal_game(30)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    torn = raw[:-7]
    path.write_bytes(torn)
    loaded = load_save(path, board())
    assert loaded.notice is not None and loaded.journal is None
    resumed = GameSession.resume(board(), loaded)
    assert loaded.notice in resumed.log  # the players are told
    play(resumed, 2)
    again = load_save(path, board())
    assert again.notice is None and again.record == resumed.record
    assert backup_path(path).read_bytes() == torn  # the cut-off file, kept until the next whole write
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_a_head_cut_off_is_refused() -> None:
    session = journal_game(3)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    head = raw.index(b"\n")
    for cut in (1, head // 2, head):
        path.write_bytes(raw[:cut])
        error = refused(path, "save.error.truncated")
        assert "обрезан" in error.reason


@pytest.mark.long
def test_kill_9_while_appending_never_loses_a_whole_action(tmp_path: Path) -> None:
    child = tmp_path / "child.py"
    child.write_text(CHILD, encoding="utf-8")
    path = saves_dir() / "killed.json"
    rng = random.Random(7)
    for _ in range(30):
        proc = subprocess.Popen(
            [sys.executable, str(child), str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        assert first.startswith("ready"), proc.stderr.read()
        time.sleep(rng.uniform(0, 0.05))
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        lines = [first, *proc.stdout.read().splitlines(keepends=True)]
        assert "Traceback" not in proc.stderr.read()
        proc.stdout.close()
        proc.stderr.close()
        complete = [line.split() for line in lines if line.endswith("\n")]
        kind, number = complete[-1][0], int(complete[-1][1])
        loaded = load_save(path, board())
        saved = len(loaded.record.actions)
        if kind == "begin":  # killed while saving action `number`: it is there or dropped whole
            assert saved in (number - 1, number)
        else:
            assert saved == number
    assert saved > 15, "the runs should get to save a few actions"


CHILD = """
import sys
from pathlib import Path
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Rules, legal_actions
from monopoly_tui.saves import load_save, lock_save
from monopoly_tui.session import GameSession, Seat

path = Path(sys.argv[1])
board = load_board()
if path.exists():
    session = GameSession.resume(board, load_save(path, board))
else:
    rules = Rules.model_validate({"start": {"cash": 50_000_000}, "end": {"turn_limit": 100_000}})
    seats = [Seat(n, "*", "#fff") for n in ("Аня", "Борис", "Вера")]
    session = GameSession.start(board, seats, seed=5, rules=rules)
    session.save_path = path
session.lock = lock_save(path)
session.autosave()
print("ready", len(session.record.actions), flush=True)
while not session.state.is_over:
    actions = legal_actions(session.state)
    action = actions[len(session.record.actions) * 7919 % len(actions)]
    print("begin", len(session.record.actions) + 1, flush=True)
    session.act(action)
    print("done", len(session.record.actions), flush=True)
"""


# --- edited -------------------------------------------------------------------------------------------


def test_an_edited_line_is_refused_naming_it_and_the_list_says_why() -> None:
    session = journal_game(30)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    assert b'"round":1,' in lines[2]
    cases = {
        "summary edited": ([*lines[:2], lines[2].replace(b'"round":1,', b'"round":2,', 1), *lines[3:]], 3),
        "line removed": (lines[:5] + lines[6:], 6),
        "lines swapped": ([*lines[:4], lines[5], lines[4], *lines[6:]], 5),
        "line doubled": ([*lines[:4], lines[4], lines[4], *lines[5:]], 6),
        "spaces added": ([*lines[:7], lines[7].replace(b",", b", ", 1), *lines[8:]], 8),
        "empty line": ([*lines[:9], b"", *lines[9:]], 10),
    }
    for name, (changed, number) in cases.items():
        path.write_bytes(b"\n".join(changed))
        error = refused(path, "save.error.journal_line")
        assert f"строка {number}" in error.reason, (name, error.reason)
        [entry] = list_saves(board())
        assert entry.error is not None and entry.error.code == "save.error.journal_line", name
    path.write_bytes(raw.replace(b'"cash":', b'"cash": ', 1))  # the head
    refused(path, "save.error.inconsistent")


def test_a_careful_forgery_is_still_refused_by_the_replay() -> None:
    session = journal_game(30)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    roll = next(i for i, line in enumerate(lines) if b'"kind":"roll"' in line) + 1
    last = len(lines) - 1

    def dice(d: dict[str, Any]) -> None:
        d["action"]["dice"] = [6, 100]

    def finished(d: dict[str, Any]) -> None:
        d.update(turn=None, winner=1)

    def reseeded(d: dict[str, Any]) -> None:
        d["seed"] += 1
        text = json.dumps(
            {k: v for k, v in d.items() if k != "digest"}, ensure_ascii=False, separators=(",", ":")
        )
        d["digest"] = hashlib.sha256(text.encode()[:-1]).hexdigest()

    for change, number, code in (
        (dice, roll, "save.error.journal_line"),  # the engine's model refuses a die of 100
        (finished, last, "save.error.inconsistent"),  # the replay says who won, not the line
        (reseeded, 1, "save.error.illegal_action"),  # other dice: the actions no longer fit
    ):
        path.write_bytes(rehashed(raw, change, number))
        refused(path, code)


# --- older formats ------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [1, 2])
def test_an_older_save_is_converted_on_its_first_save_keeping_the_original(version: int) -> None:
    path = saves_dir() / "old.json"
    if version == 1:
        shutil.copyfile(FIRST_RELEASE_SAVE, path)
    else:
        save(path, *final(8, 3, limit=40))
    original = path.read_bytes()
    assert not is_journal(original)
    lock = lock_save(path)
    loaded = load_save(path, board())
    session = GameSession.resume(board(), loaded)
    session.lock = lock
    assert path.read_bytes() == original  # loading changes nothing
    play(session, 1)
    session.close()
    assert is_journal(path.read_bytes())
    assert backup_path(path).read_bytes() == original  # kept beside it, whole
    again = load_save(path, board())
    assert again.record == session.record and len(again.record.actions) == len(loaded.record.actions) + 1
    assert load_save(backup_path(path), board()).record == loaded.record
    assert sorted(p.name for p in path.parent.iterdir() if not p.name.startswith(".")) == [
        "old.json",
        "old.json.bak",
    ]


def test_a_conversion_that_fails_leaves_the_original_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    path = saves_dir() / "old.json"
    save(path, *final(8, 3, limit=40))
    original = path.read_bytes()
    session = GameSession.resume(board(), load_save(path, board()))

    def full_disk(*args: Any, **kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    play(session, 1)
    assert session.save_error is not None and "места" in session.save_error
    assert path.read_bytes() == original
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    monkeypatch.undo()
    play(session, 1, seed=4)
    assert session.save_error is None
    assert load_save(path, board()).record == session.record


def test_an_append_cut_short_by_the_disk_is_followed_by_a_whole_write(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session = journal_game(20)
    path = session.save_path
    assert path is not None
    again = GameSession.resume(board(), load_save(path, board()))
    real_write = os.write

    def half_then_full(fd: int, data: Any) -> int:
        real_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    play(again, 1)
    monkeypatch.undo()
    assert again.save_error is not None
    assert load_save(path, board()).notice is not None  # what a crash now would leave: a cut-off line
    play(again, 1, seed=3)
    assert again.save_error is None
    loaded = load_save(path, board())
    assert loaded.notice is None and loaded.record == again.record


# --- the seal -----------------------------------------------------------------------------------------


def test_only_a_journal_sealed_here_replays_through_the_fast_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = journal_game(40)
    path = session.save_path
    assert path is not None
    unchecked: list[int] = []
    real = saves.store.apply_unchecked

    def counted(state: Any, action: Any) -> Any:
        unchecked.append(1)
        return real(state, action)

    monkeypatch.setattr(saves.store, "apply_unchecked", counted)
    here = load_save(path, board())
    assert len(unchecked) == len(session.record.actions)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    copy = elsewhere / path.name
    shutil.copyfile(path, copy)  # another folder, no key: checked
    unchecked.clear()
    there = load_save(copy, board())
    assert not unchecked and there.state == here.state == session.state
    # a line with another key's seal (another machine's game) is replayed checked too
    (elsewhere / ".journal-key").write_bytes(b"k" * 32)
    saves.seal._keys.clear()
    assert load_save(copy, board()).state == session.state and not unchecked


# --- checkpoints --------------------------------------------------------------------------------------


@pytest.fixture
def often(monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint every 20 actions, at least 10 replayed on resuming."""
    import monopoly_tui.session as session_module

    monkeypatch.setattr(session_module, "CHECKPOINT_EVERY", 20)
    monkeypatch.setattr(session_module, "LOG_ON_RESUME", 10)
    monkeypatch.setattr(saves.checkpoint, "RESUME_TAIL", 10)


def test_a_sealed_journal_resumes_from_its_last_checkpoint_as_if_replayed_whole(
    often: None, tmp_path: Path
) -> None:
    session = journal_game(150, WITH_BOTS, seed=6)
    path = session.save_path
    assert path is not None
    assert path.read_bytes().count(b',"checkpoint":') >= 3
    here = load_save(path, board())
    assert 0 < here.start <= len(here.record.actions) - 10
    assert len(here.states) == len(here.record.actions) - here.start + 1
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copyfile(path, elsewhere / path.name)
    whole = load_save(elsewhere / path.name, board())  # not sealed there: replayed whole, checked
    assert whole.start == 0 and whole.state == here.state == session.state
    fast, slow = GameSession.resume(board(), here), GameSession.resume(board(), whole)
    assert fast.record == slow.record == session.record
    assert fast.worth == slow.worth == session.worth  # the game-over chart
    assert fast.courtesy.refused == slow.courtesy.refused
    assert fast.log == slow.log
    play(fast, 40, seed=8)  # and it goes on saving, checkpoints included
    again = load_save(path, board())
    assert again.record == fast.record and again.start > here.start
    assert GameSession.resume(board(), again).worth == fast.worth


def test_a_checkpoint_that_disagrees_with_the_replay_is_refused(often: None) -> None:
    session = journal_game(60)
    path = session.save_path
    assert path is not None
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    number = next(i for i, line in enumerate(lines) if b',"checkpoint":' in line) + 1

    def moved(d: dict[str, Any]) -> None:  # another position, itself possible: more cash for one
        tag, first, *rest = d["checkpoint"]["position"].split(" ")
        name, holding = first.rsplit(":", 1)
        cash, where = holding.split("@", 1)
        d["checkpoint"]["position"] = " ".join([tag, f"{name}:{int(cash) + 1000}@{where}", *rest])

    path.write_bytes(rehashed(raw, moved, number))
    refused(path, "save.error.inconsistent")


# --- the list -----------------------------------------------------------------------------------------


def test_the_list_reads_a_large_journals_head_and_end_and_checks_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(saves.listing, "HEAD_BYTES", 4096)
    monkeypatch.setattr(saves.listing, "TAIL_BYTES", 1024)
    session = journal_game(60, WITH_BOTS)
    path = session.save_path
    assert path is not None
    size = path.stat().st_size
    assert size > 4096 + 1024
    reads: list[tuple[str, int | None]] = []
    head, tail = saves.listing.read_bounded, saves.listing.read_tail

    def counted_head(p: Path, limit: int | None = None) -> tuple[bytes, int]:
        reads.append(("head", limit))
        return head(p, limit)

    def counted_tail(p: Path, count: int) -> tuple[bytes, int]:
        reads.append(("tail", count))
        return tail(p, count)

    monkeypatch.setattr(saves.listing, "read_bounded", counted_head)
    monkeypatch.setattr(saves.listing, "read_tail", counted_tail)
    [entry] = list_saves(board())
    assert reads == [("head", 4096), ("tail", 1024)]  # never the whole file
    state = session.state
    assert entry.header is not None and entry.header.actions == len(session.record.actions)
    assert entry.header.round == state.round and entry.header.turn == session.seats[state.turn].name
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    assert b'"winner":null' in lines[-2]
    over = lines[-2].replace(b'"turn":0,', b'"turn":null,', 1).replace(b'"winner":null', b'"winner":1', 1)
    assert over != lines[-2]
    path.write_bytes(b"\n".join([*lines[:-2], over, b""]))  # finished by hand: neither seal nor chain fits
    [entry] = list_saves(board())
    assert entry.error is not None and entry.error.code == "save.error.inconsistent"
    assert latest_unfinished(board()) is None  # not offered to continue, either
