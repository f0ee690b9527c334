"""The shipped board in another language: `data/board_<language>.yaml` lays names and texts over it.

The shipped board (data/board_ru.yaml) holds every number of the game; a translation file holds only the
board's name, the colour groups' names and marks, the squares' names and short names (in board order)
and the cards' texts (by id), so the boards of two languages cannot disagree about the game. The board
it gives is validated like any board (a short name of at most 14 characters, no control characters).

A translated board plays and saves as the shipped one: `original` gives the shipped board back, which
is what board_hash covers, so a game saved in one language continues in the other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import locale
from .boardfile import BOARD_LANGUAGE, BoardFileError, _decode, _parse, _read_bytes, default_board_path
from .engine.board import DECKS, Board

_CACHE: dict[tuple[int, str], tuple[Board, Board]] = {}
"""(id of the shipped board, language) -> (that board, its translation); the board is kept so its id
is not reused."""
_SOURCES: dict[int, tuple[Board, Board]] = {}
"""id of a translated board -> (it, the shipped board it translates)."""


class _Texts(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class GroupText(_Texts):
    name: str = Field(min_length=1)
    mark: str = Field(min_length=1, max_length=2)


class SquareText(_Texts):
    name: str = Field(min_length=1)
    short: str = Field(min_length=1, max_length=14)


class BoardTexts(_Texts):
    """The contents of a translation file."""

    language: str
    name: str = Field(min_length=1)
    groups: dict[str, GroupText]
    squares: list[SquareText]
    cards: dict[str, str]


def translation_file(language: str) -> str:
    return f"board_{language}.yaml"


def translated(board: Board, language: str | None = None) -> Board:
    """The shipped `board` in `language` (by default the messages' current one); itself in its own."""
    language = language or locale.language()
    if language == BOARD_LANGUAGE:
        return board
    cached = _CACHE.get((id(board), language))
    if cached is not None and cached[0] is board:
        return cached[1]
    result = apply_texts(board, read_texts(language))
    _CACHE[(id(board), language)] = (board, result)
    _SOURCES[id(result)] = (result, board)
    return result


def original(board: Board) -> Board:
    """The shipped board a translated board was made from (any other board as it is)."""
    entry = _SOURCES.get(id(board))
    return entry[1] if entry is not None and entry[0] is board else board


def read_texts(language: str, path: Path | None = None) -> BoardTexts:
    """The translation file of `language` (the shipped one unless `path`), checked for its shape.
    Raises BoardFileError."""
    path = path or default_board_path(translation_file(language))
    source = str(path)
    data, _ = _parse(_decode(_read_bytes(path), source), source)
    try:
        texts = BoardTexts.model_validate(data)
    except ValidationError as exc:
        raise BoardFileError(f"{source}: {_problems(exc)}", source=source) from None
    if texts.language != language:
        raise BoardFileError(f"{source}: language is {texts.language!r}, not {language!r}", source=source)
    return texts


def apply_texts(board: Board, texts: BoardTexts, source: str = "") -> Board:
    """`board` with the names and texts of `texts`, which must name every group, square and card of it
    and no others. Raises BoardFileError."""
    source = source or translation_file(texts.language)
    groups = [g.id for g in board.groups]
    cards = [card.id for deck in DECKS for card in getattr(board, deck)]
    wrong = []
    if sorted(texts.groups) != sorted(groups):
        wrong.append(f"groups are {sorted(texts.groups)}, the board's {sorted(groups)}")
    if len(texts.squares) != len(board.squares):
        wrong.append(f"{len(texts.squares)} squares, the board has {len(board.squares)}")
    if sorted(texts.cards) != sorted(cards):
        missing, extra = sorted(set(cards) - set(texts.cards)), sorted(set(texts.cards) - set(cards))
        wrong.append(f"cards missing {missing}, unknown {extra}")
    if wrong:
        raise BoardFileError(f"{source}: does not match the board: {'; '.join(wrong)}", source=source)
    data: dict[str, Any] = board.model_dump(mode="json")
    data["name"] = texts.name
    for group in data["groups"]:
        group.update(texts.groups[group["id"]].model_dump())
    for square, text in zip(data["squares"], texts.squares, strict=True):
        square.update(text.model_dump())
    for deck in DECKS:
        for card in data[deck]:
            card["text"] = texts.cards[card["id"]]
    try:
        return Board.model_validate(data)
    except ValidationError as exc:
        raise BoardFileError(f"{source}: {_problems(exc)}", source=source) from None


def _problems(exc: ValidationError) -> str:
    return "; ".join(
        f"{'.'.join(str(part) for part in error['loc'])}: {error['msg']}" for error in exc.errors()[:8]
    )
