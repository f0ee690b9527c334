"""The settings file: what the game remembers between runs (the theme, the computer players' pace, the
language).

    <user config folder>/config.toml        (on Linux ~/.config/monopoly-tui/config.toml)

    theme = "textual-dark"
    pace = "readable"        # readable, fast or instant
    language = "en"          # ru or en; none: the environment's (LANG), else Russian

The folder is MONOPOLY_TUI_CONFIG_DIR when set, else platformdirs' user config folder. The file is read
with tomllib and written atomically (a temporary file in the same folder, flushed, synced and renamed
over the old one). A file that cannot be read or holds wrong values is reported and ignored, value by
value: the game always starts.
"""

from __future__ import annotations

import os
import re
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path

import platformdirs

from .locale import LANGUAGES

CONFIG_DIR_ENV = "MONOPOLY_TUI_CONFIG_DIR"
PACES = ("readable", "fast", "instant")
"""The computer players' pace, in the order the key s cycles them (the app's bot_speed indexes it)."""
MAX_BYTES = 64 * 1024


@dataclass(frozen=True)
class Settings:
    theme: str | None = None
    """A Textual theme's name; None: Textual's default."""
    pace: str = "readable"
    language: str | None = None
    """A language with a message catalog ("ru", "en"); None: chosen from the environment."""
    problems: tuple[str, ...] = field(default=(), compare=False)
    """What was wrong with the file, in words for the player (developer detail in English is kept short)."""


def config_path() -> Path:
    folder = os.environ.get(CONFIG_DIR_ENV)
    base = Path(folder) if folder else platformdirs.user_config_path("monopoly-tui", appauthor=False)
    return base / "config.toml"


def _read(path: Path) -> dict[str, object] | tuple[str, dict[str, object]]:
    """The file's table, or why it cannot be read: a message key and its values."""
    try:
        if not path.exists():
            return {}
        if not path.is_file():
            return ("config.problem.not_file", {})
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            return ("config.problem.too_large", {})
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return ("config.problem.not_utf8", {})
    except OSError as exc:
        return ("config.problem.unreadable", {"error": exc.strerror or str(exc)})
    import tomllib  # only with a file to read (the game's first start has none: it comes up sooner)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:  # its words are English: only where it is is told
        where = re.search(r"line (\d+), column (\d+)", str(exc))
        last = text.rsplit("\n", 1)[-1]  # else "at end of document"
        line, column = where.groups() if where else (text.count("\n") + 1, len(last) + 1)
        return ("config.problem.syntax", {"line": line, "column": column})


def language_setting(path: Path | None = None) -> str | None:
    """The file's language when it names one with a catalog (the messages' language is chosen from it
    before any message can be worded, so nothing is reported here: load_settings does that)."""
    data = _read(path or config_path())
    value = data.get("language") if isinstance(data, dict) else None
    return value if isinstance(value, str) and value in LANGUAGES else None


def load_settings(path: Path | None = None, *, themes: frozenset[str] | None = None) -> Settings:
    """The settings in the file (defaults where it is missing, unreadable or wrong). `themes`, when given,
    are the theme names this Textual has: another name is reported and ignored."""
    from .locale import tr

    path = path or config_path()
    data = _read(path)
    if isinstance(data, tuple):
        key, values = data
        return Settings(problems=(f"{path}: {tr(key, **values)}",))
    settings, problems = Settings(), []
    for key, value in data.items():
        if key == "theme":
            if not isinstance(value, str) or (themes is not None and value not in themes):
                problems.append(tr("config.problem.theme", value=repr(value)))
            else:
                settings = replace(settings, theme=value)
        elif key == "language":
            if not isinstance(value, str) or value not in LANGUAGES:
                problems.append(
                    tr("config.problem.choice", key=key, value=repr(value), choices=", ".join(LANGUAGES))
                )
            else:
                settings = replace(settings, language=value)
        elif key == "pace":
            if value not in PACES:
                problems.append(
                    tr("config.problem.choice", key=key, value=repr(value), choices=", ".join(PACES))
                )
            else:
                settings = replace(settings, pace=value)
        else:
            problems.append(tr("config.problem.unknown", key=key))
    return replace(settings, problems=tuple(f"{path}: {p}" for p in problems))


def to_toml(settings: Settings) -> str:
    import json

    lines = ["# monopoly-tui settings (written by the game; see the README)"]
    if settings.theme is not None:
        lines.append(f"theme = {json.dumps(settings.theme)}")  # a JSON string is a TOML basic string
    lines.append(f"pace = {json.dumps(settings.pace)}")
    if settings.language is not None:
        lines.append(f"language = {json.dumps(settings.language)}")
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically: the old file stays whole until the new one is complete.
    Raises OSError when the folder cannot be written."""
    path = path or config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".config-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(to_toml(settings))
            out.flush()
            os.fsync(out.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
