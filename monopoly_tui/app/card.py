"""The last card drawn, as the centre shows it: in no more lines than its panel has, never cut silently."""

from __future__ import annotations

from rich.text import Text

from ..locale import tr
from ..session import GameSession
from .prose import Prose, wrap_prose


def card_text(session: GameSession, *, compact: bool = False) -> Text:
    """The last card drawn, after its deck's name (its short name in the compact layout)."""
    state = session.state
    card = state.last_card
    if card is None:
        return Text(tr("card.none"), style="dim")
    drawn = state.board.deck(card.deck)[card.index]
    deck = tr(f"deck.short.{card.deck}" if compact else f"deck.{card.deck}")
    text = Text(deck + ": ", style="bold")
    text.append(drawn.text)
    return text


MORE = "…"
"""The end of the last line shown of a card too long for its panel (the log holds it whole)."""


def cut_card(lines: list[Text], width: int, rows: int) -> list[Text]:
    """The card's lines (wrapped by `wrap_prose`) in at most `rows` lines: a card too long for them ends
    its last line with «…», after the last whole word that leaves room for it (words and amounts, with
    no-break spaces inside, are never split)."""
    if len(lines) <= rows:
        return lines
    kept = lines[: max(1, rows)]
    last = kept[-1].copy()
    while len(last) + len(MORE) > width:
        space = last.plain.rstrip(" ").rfind(" ")
        last = last[:space] if space > 0 else last[: max(0, width - len(MORE))]
        last.rstrip()
    last.append(MORE)
    return [*kept[:-1], last]


class CardProse(Prose):
    """The last card drawn, in no more lines than its panel's height allows (max-height: the compact
    layout and the ring give it three lines, the big layout's card four within its border)."""

    _rows: int | None = None
    """The lines the card was cut to (None: not cut)."""

    def lines(self, width: int) -> list[Text]:
        limit = self.styles.max_height
        rows = int(limit.value) - self.styles.gutter.height if limit is not None and limit.is_cells else None
        if self._wrapped is None or self._wrapped[0] != width or rows != self._rows:
            wrapped = wrap_prose(self._text, width)
            self._rows = rows
            self._wrapped = (width, wrapped if rows is None else cut_card(wrapped, width, rows))
        return self._wrapped[1]
