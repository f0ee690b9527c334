"""The catalogs' maintenance tool (needs Babel: `pip install babel`, which `make test` installs).

    python -m monopoly_tui.locale.sync            # move the inboxes' messages into the catalogs, compile
    python -m monopoly_tui.locale.sync --check    # exit 1 if a catalog lacks a message or a .mo is stale

Messages are added to the Russian inboxes (`ru.py`, `ru_saves.py`: `MESSAGES = {key: template}`, in a
block headed with the area's name). The sync moves each new one into ru.po, adds it to every other
catalog untranslated (its Russian as a comment for the translator), empties the inboxes, compiles every
.po to its .mo and lists what each catalog still lacks. A key already in the catalog with another text
is not changed but reported (`--update` takes the inbox's text, marking the translations fuzzy).

`--import LANG FILE` sets translations from a Python file defining `MESSAGES` (a plural message is a
tuple of its forms), for a translator who works in a dict rather than in the .po.
"""

from __future__ import annotations

import argparse
import ast
import io
import string
import sys
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .. import __version__
from . import DEFAULT_LANGUAGE, DOMAIN, FOLDER, LANGUAGES

INBOXES = ("ru.py", "ru_saves.py")
"""The Russian inboxes, beside this file."""
INBOX_TEXT = '''"""Russian messages waiting to go into the catalogs (see monopoly_tui/locale/__init__.py).

Add a new message here, in a block headed `# <area> (session N)`; `python -m monopoly_tui.locale.sync`
moves it into ru/LC_MESSAGES/monopoly_tui.po, adds it to the other catalogs to be translated and empties
this dict. Until then the game finds it here.
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {}
'''
SUPERSEDED: dict[str, str] = {
    # i18n (session 4): plural forms, and the board's short amounts made by money.thousands
    "inspect.houses": "Построено домов: {count}",
    "trade.cards": "карточки освобождения из тюрьмы: {count}",
    "log.earlier": "… и ещё {count} более ранних ходов: вся партия — в просмотре («v» в списке сохранений).",
    "bankrupt.cards_to_player": "Карточки освобождения из тюрьмы ({count}) получит игрок {name}.",
    "bankrupt.cards_to_deck": "Карточки освобождения из тюрьмы ({count}) вернутся в колоды.",
    "reason.sell_down_houses": "У банка {houses} домов, а нужно {needed}.",
    "cell.thousands": "\u00a0тыс.",
}
"""Messages changed or dropped since the inboxes' old texts were moved into the catalogs, with that old
text: a copy of the old inbox coming back in a merge neither reports them nor brings them back."""

Text = str | tuple[str, ...]


def po_path(language: str) -> Path:
    return FOLDER / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def load(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, project="monopoly-tui", fuzzy=False)
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def save(language: str, catalog: Catalog) -> None:
    """Write the .po and the .mo compiled from it."""
    catalog.project, catalog.version = "monopoly-tui", __version__
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = "monopoly-tui developers"
    po_path(language).parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False)
    po_path(language).write_bytes(out.getvalue())
    mo_path(language).write_bytes(compiled(catalog))


def messages(language: str) -> dict[str, Text]:
    """Every message of a catalog: key -> template, or the tuple of its forms for a plural message
    (untranslated ones left out)."""
    found: dict[str, Text] = {}
    for message in load(language):
        if not message.id:
            continue
        key = message_key(message)
        if isinstance(message.string, tuple | list):
            if all(message.string):
                found[key] = tuple(message.string)
        elif message.string:
            found[key] = message.string
    return found


def message_key(message: Message) -> str:
    return str(message.id[0] if isinstance(message.id, tuple | list) else message.id)


def text_of(message: Message) -> Text:
    string = message.string
    return tuple(string) if isinstance(string, tuple | list) else str(string or "")


def placeholders(text: Text) -> set[str]:
    """The names of a template's {placeholders} (of all the forms of a plural message)."""
    forms = text if isinstance(text, tuple) else (text,)
    return {name for form in forms for _, name, _, _ in string.Formatter().parse(form) if name is not None}


def problems() -> list[str]:
    """What keeps the catalogs from agreeing: a message missing from one, other placeholders, a plural
    message with a form missing or without {count}, a stale .mo."""
    found: list[str] = []
    catalogs = {language: messages(language) for language in LANGUAGES}
    plural_counts = {language: load(language).num_plurals for language in LANGUAGES}
    every = set().union(*catalogs.values())
    for language, catalog in catalogs.items():
        for key in sorted(every - set(catalog)):
            found.append(f"{language}: no message {key!r}")
        for key, text in catalog.items():
            if isinstance(text, tuple):
                if len(text) != plural_counts[language]:
                    found.append(f"{language}: {key!r} has {len(text)} forms, not {plural_counts[language]}")
                if any("count" not in placeholders(form) for form in text):
                    found.append(f"{language}: a form of {key!r} has no {{count}}")
            other = catalogs[DEFAULT_LANGUAGE].get(key)
            if other is not None:
                if placeholders(text) != placeholders(other):
                    found.append(
                        f"{language}: {key!r} has {sorted(placeholders(text))}, not {sorted(placeholders(other))}"
                    )
                if isinstance(text, tuple) != isinstance(other, tuple):
                    found.append(f"{language}: {key!r} is plural in one catalog only")
    for language in LANGUAGES:
        if not mo_path(language).exists() or mo_path(language).read_bytes() != compiled(load(language)):
            found.append(f"{language}: {mo_path(language).name} is not compiled from the .po (run the sync)")
    return found


def read_dict(path: Path) -> dict[str, Text]:
    """The MESSAGES dict of a catalog-shaped Python file, read without running it."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target: ast.expr | None = None
        if isinstance(node, ast.AnnAssign):
            target = node.target
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if (
            isinstance(node, ast.AnnAssign | ast.Assign)
            and isinstance(target, ast.Name)
            and target.id == "MESSAGES"
        ):
            if node.value is None:
                break
            value = ast.literal_eval(node.value)
            if not isinstance(value, dict):
                raise SystemExit(f"{path}: MESSAGES is not a dict")
            return {str(k): (tuple(v) if isinstance(v, list | tuple) else str(v)) for k, v in value.items()}
    raise SystemExit(f"{path}: no MESSAGES = {{...}}")


def set_message(catalog: Catalog, key: str, text: Text, *, comment: str | None = None) -> None:
    """Put key into the catalog with `text` ("" leaves it untranslated), keeping its place if it has one."""
    message = Message((key, key), text) if isinstance(text, tuple) else Message(key, text)
    old = catalog.get(key)
    if old is not None:  # Catalog.__setitem__ would keep the old string: change it in place
        old.id, old.string = message.id, message.string
        if comment:
            old.auto_comments = [comment]
        return
    if comment:
        message.auto_comments = [comment]
    catalog[key] = message


def untranslated(catalog: Catalog, text: Text) -> Text:
    return ("",) * catalog.num_plurals if isinstance(text, tuple) else ""


def russian_comment(text: Text) -> str:
    forms = text if isinstance(text, tuple) else (text,)
    return "ru: " + " | ".join(form.replace("\n", "\\n") for form in forms)


def sync(*, update: bool = False, out: io.TextIOBase | None = None) -> int:
    """Move the inboxes into the catalogs, compile them, report; returns how many messages moved."""
    write = (out or sys.stdout).write
    catalogs = {language: load(language) for language in LANGUAGES}
    source = catalogs[DEFAULT_LANGUAGE]
    moved = 0
    for name in INBOXES:
        inbox = FOLDER / name
        if not inbox.exists():
            continue
        for key, text in read_dict(inbox).items():
            if SUPERSEDED.get(key) == text:
                continue
            old = source.get(key)
            if old is not None:
                current = text_of(old)
                if current == text:
                    continue
                if not update:
                    write(
                        f"differs from the catalog, kept the catalog's: {key!r}\n  catalog: {current!r}\n  {name}: {text!r}\n"
                    )
                    continue
            set_message(source, key, text)
            for language, catalog in catalogs.items():
                if language == DEFAULT_LANGUAGE:
                    continue
                translated = catalog.get(key)
                if translated is None or isinstance(text, tuple) != isinstance(translated.string, tuple):
                    set_message(catalog, key, untranslated(catalog, text), comment=russian_comment(text))
                else:  # the Russian changed (--update): the translation is to be looked at again
                    translated.flags.add("fuzzy")
                    translated.auto_comments = [russian_comment(text)]
            moved += 1
        inbox.write_text(INBOX_TEXT, encoding="utf-8")
    for language, catalog in catalogs.items():
        save(language, catalog)
    write(f"moved {moved} message(s) from the inboxes into the catalogs\n")
    for problem in problems():
        write(problem + "\n")
    return moved


def import_translations(language: str, path: Path) -> None:
    catalog = load(language)
    source = load(DEFAULT_LANGUAGE)
    for key, text in read_dict(path).items():
        original = source.get(key)
        if original is None:
            raise SystemExit(f"{path}: {key!r} is not in the {DEFAULT_LANGUAGE} catalog")
        set_message(catalog, key, text, comment=russian_comment(text_of(original)))
        catalog[key].flags.discard("fuzzy")
    save(language, catalog)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m monopoly_tui.locale.sync", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--check", action="store_true", help="only report; exit 1 on any problem")
    parser.add_argument("--update", action="store_true", help="an inbox text differing from the catalog wins")
    parser.add_argument("--drop", nargs="+", metavar="KEY", default=[], help="remove from every catalog")
    parser.add_argument(
        "--import", dest="imports", nargs=2, metavar=("LANG", "FILE"), action="append", default=[]
    )
    args = parser.parse_args(argv)
    if args.check:
        found = problems() + [f"inbox {name} is not empty" for name in INBOXES if read_dict(FOLDER / name)]
        for problem in found:
            print(problem)
        return 1 if found else 0
    for language in LANGUAGES if args.drop else ():
        catalog = load(language)
        for key in args.drop:
            catalog.delete(key)
        save(language, catalog)
    for language, file in args.imports:
        import_translations(language, Path(file))
    sync(update=args.update)
    return 0


if __name__ == "__main__":
    sys.exit(main())
