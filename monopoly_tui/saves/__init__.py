"""Save files: autosave, continue, load and list games, and never lose or break one.

- `journal`: the save format games are written in (3): a head line, then a line appended per action,
  each linked to the one before by a hash chain; `autosave` writes it (JournalFile); `seal` proves a
  journal was written, and so checked, by this game (its replay then takes the engine's fast path);
  `checkpoint` puts the position in the journal every 1 000 actions, so such a journal resumes from it;
- `format`: a save written whole, as one JSON object (formats 1 and 2, read; dump_save writes 2), and
  the checks every format shares (SaveSeat, SaveHeader);
- `decoding`: JSON and validation errors made into SaveErrors naming the field;
- `files`: where saves live, atomic writes with a backup, locks between windows;
- `reading`: bounded reading (a regular file of a sane size, whole or its ends);
- `store`: load_save (any format, checked and replayed) and write_save (format 2, whole);
- `listing`: the list of saved games, checked without replaying, large files by their head;
- `errors`: SaveError, a Russian reason for players and an English message for developers.
"""

from __future__ import annotations

from .errors import SaveError
from .files import (
    BACKUP_SUFFIX,
    DATA_DIR_ENV,
    LOCK_SUFFIX,
    SAVE_SUFFIX,
    SaveLock,
    backup_path,
    data_dir,
    delete_save,
    is_locked,
    lock_path,
    lock_save,
    new_save_path,
    saves_dir,
    saves_folder,
)
from .format import FORMAT_VERSION, SNAPSHOT_VERSION, SaveHeader, SaveSeat, SeatLike, action_line, dump_save
from .listing import SaveEntry, latest_unfinished, list_saves
from .reading import MAX_SAVE_BYTES
from .store import LoadedSave, load_save, write_save

__all__ = [
    "BACKUP_SUFFIX",
    "DATA_DIR_ENV",
    "FORMAT_VERSION",
    "LOCK_SUFFIX",
    "MAX_SAVE_BYTES",
    "SAVE_SUFFIX",
    "SNAPSHOT_VERSION",
    "LoadedSave",
    "SaveEntry",
    "SaveError",
    "SaveHeader",
    "SaveLock",
    "SaveSeat",
    "SeatLike",
    "action_line",
    "backup_path",
    "data_dir",
    "delete_save",
    "dump_save",
    "is_locked",
    "latest_unfinished",
    "list_saves",
    "load_save",
    "lock_path",
    "lock_save",
    "new_save_path",
    "saves_dir",
    "saves_folder",
    "write_save",
]
