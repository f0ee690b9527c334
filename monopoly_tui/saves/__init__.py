"""Save files: autosave, continue, load and list games, and never lose or break one.

- `format`: what a save holds, how it is written out and every check of it (SaveSeat, SaveHeader);
- `files`: where saves live, atomic writes with a backup, locks between windows;
- `reading`: bounded reading (a regular file of a sane size, whole or its ends);
- `store`: write_save and load_save (checked and replayed);
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
