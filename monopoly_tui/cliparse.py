"""argparse in the player's language: its own words (usage, options, its error messages) in Russian when
the game speaks Russian, argparse's own English when it speaks English.

argparse writes its words in English. Rather than reach into the module, the parser below translates what
it prints through public methods: the help and usage texts (`format_help`, `format_usage`) and the error
message handed to `error`. The English side of `ARGPARSE_WORDS` is argparse's own message ids, word for
word (Python 3.11 to 3.13), so a message is recognised however its placeholders were filled.
"""

from __future__ import annotations

import argparse
import re
import sys
from functools import cache
from typing import Any, NoReturn

from .locale import language

ARGPARSE_WORDS: dict[str, str] = {
    "the following arguments are required: %s": "не заданы обязательные аргументы: %s",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "invalid %(type)s value: %(value)r": "недопустимое значение (%(type)s): %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "нет такого варианта: %(value)r (есть: %(choices)s)"
    ),
    "expected one argument": "нужно одно значение",
    "expected at least one argument": "нужно хотя бы одно значение",
    "expected at most one argument": "нужно не больше одного значения",
    "expected %s argument": "нужно значений: %s",
    "expected %s arguments": "нужно значений: %s",
    "not allowed with argument %s": "нельзя вместе с аргументом %s",
    "one of the arguments %s is required": "нужен один из аргументов %s",
    "unrecognized arguments: %s": "непонятные аргументы: %s",
    "ambiguous option: %(option)s could match %(matches)s": (
        "неоднозначный параметр %(option)s: подходят %(matches)s"
    ),
    "ignored explicit argument %r": "лишнее значение %r",
    "can't open '%(filename)s': %(error)s": "не удалось открыть «%(filename)s»: %(error)s",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "нет подкоманды %(parser_name)r (есть: %(choices)s)"
    ),
}
TYPE_NAMES = {"int": "целое число", "float": "число"}
HEADINGS = {"options": "параметры", "positional arguments": "аргументы", "subcommands": "подкоманды"}
USAGE = "использование: "
HELP = "показать эту справку и выйти"
ERROR = "ошибка"
ENGLISH_HELP = "show this help message and exit"

_PLACEHOLDER = re.compile(r"%\((\w+)\)[sr]|%[sr]")


def _pattern(msgid: str) -> re.Pattern[str]:
    parts: list[str] = []
    at = 0
    for number, found in enumerate(_PLACEHOLDER.finditer(msgid)):
        parts.append(re.escape(msgid[at : found.start()]))
        parts.append(f"(?P<{found.group(1) or f'_p{number}'}>.+?)")
        at = found.end()
    parts.append(re.escape(msgid[at:]))
    return re.compile("".join(parts), re.DOTALL)


@cache
def _patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each message id's pattern and its Russian (compiled at the first error: not on the way to the game)."""
    return [(_pattern(english), russian) for english, russian in ARGPARSE_WORDS.items()]


def translate(message: str) -> str:
    """argparse's English message in Russian (a message it does not know stays as it is)."""
    for pattern, russian in _patterns():
        found = pattern.fullmatch(message)
        if found is None:
            continue
        values = found.groupdict()
        if "message" in values:
            values["message"] = translate(values["message"])
        if "type" in values:
            values["type"] = TYPE_NAMES.get(values["type"], values["type"])
        return _fill(russian, values)
    return message


def _fill(template: str, values: dict[str, str]) -> str:
    """The template with its placeholders filled: named ones by name, the others in order."""
    positional = iter(v for k, v in values.items() if k.startswith("_p"))
    return _PLACEHOLDER.sub(lambda m: values[m.group(1)] if m.group(1) else next(positional), template)


def _words(text: str) -> str:
    """The usage prefix and the section headings argparse wrote, in Russian."""
    if text.startswith("usage: "):
        text = USAGE + text.removeprefix("usage: ")
    for english, russian in HEADINGS.items():
        text = re.sub(rf"(?m)^{english}:$", f"{russian}:", text)
    return text


def _russian() -> bool:
    return language() == "ru"


def error_word() -> str:
    """The word before an error on the command line: «ошибка», or argparse's own "error"."""
    return ERROR if _russian() else "error"


def translate_error(message: str) -> str:
    """An argparse error message in the language of this run (argparse's English stays as it is)."""
    return translate(message) if _russian() else message


class RussianArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose help, usage and errors are all in the game's language (Russian, or
    argparse's English); errors exit with code 2."""

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs["add_help"] = False  # argparse's -h says "show this help message and exit": ours is Russian
        super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument("-h", "--help", action="help", help=HELP if _russian() else ENGLISH_HELP)

    def format_usage(self) -> str:
        text = super().format_usage()
        return _words(text) if _russian() else text

    def format_help(self) -> str:
        text = super().format_help()
        return _words(text) if _russian() else text

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: {error_word()}: {translate_error(message)}\n")
