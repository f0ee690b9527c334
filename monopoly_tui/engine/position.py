"""MPN, the Monopoly Position Notation: any game state as one line of text (in the spirit of chess's FEN).

    MPN1 Аня:1300000@5 Борис:1500000@0 turn=1 own=5:0 seed=7

After the tag `MPN1` come the players in seat order, `name:cash@square` with flags (`j1` in jail after
one failed throw, `+chance7` / `+chest3` holding that card, `x` bankrupt), then `key=value` fields, each
left out while it has its default. The README documents every field; `position(state)` writes the one
canonical line of a state, `from_position(text, board)` reads it back (the same state, its `events`
aside: they belong to the action that led here, not to the position) and refuses bad text with the field
and the column (InvalidPositionError), an impossible position with the rule it breaks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import ProposeTrade, TradeSide
from .board import DECKS, Board
from .builder import ImpossiblePositionError, complete_deck, default_order, draws_since, throws_again
from .position_fields import build
from .position_syntax import (
    DECK_CODES,
    FIELDS,
    TAG,
    Cursor,
    InvalidPositionError,
    escaped,
    is_field,
    quote_name,
    read_player,
    tokens,
)
from .state import Auction, GameState, PlayerState

__all__ = ["InvalidPositionError", "from_position", "position", "quote_name"]


def position(state: GameState) -> str:
    """The MPN line of a state: every fact the game needs to go on, in one canonical form."""
    values = _field_values(state)
    parts = [TAG, *(_player_text(p) for p in state.players)]
    parts += [f"{key}={values[key]}" for key in FIELDS if key in values]
    return " ".join(parts)


def _player_text(p: PlayerState) -> str:
    flags = f"j{p.jail_attempts}" if p.in_jail else ""
    flags += "".join(f"+{DECK_CODES[c.deck]}{c.index}" for c in p.jail_cards)
    flags += "x" if p.bankrupt else ""
    return f"{quote_name(p.name)}:{p.cash}@{p.position}{flags}"


def _dots(values: Sequence[int]) -> str:
    return ".".join(map(str, values))


def _field_values(s: GameState) -> dict[str, str]:
    """The fields that differ from their defaults, as text."""
    v: dict[str, str] = {"turn": str(s.turn)}
    if s.first:
        v["first"] = str(s.first)
    if s.round != 1:
        v["round"] = str(s.round)
    if s.phase != ("game_over" if s.winner is not None else "roll"):
        v["phase"] = s.phase
    if s.dice is not None:
        v["dice"] = f"{s.dice[0]}+{s.dice[1]}"
    if s.doubles:
        v["doubles"] = str(s.doubles)
    if s.roll_again != throws_again(s.players, s.turn, s.doubles, s.phase):
        v["again"] = _bool(s.roll_again)
    if s.pending_square is not None:
        v["pending"] = str(s.pending_square)
    if s.pending_move is not None:
        v["move"] = str(s.pending_move)
    lots = [_lot_text(s, square) for square, seat in enumerate(s.owner) if seat is not None]
    if lots:
        v["own"] = ",".join(lots)
    if s.pot:
        v["pot"] = str(s.pot)
    if s.auction is not None:
        v["auction"] = _auction_text(s.auction)
    if s.auction_queue:
        v["queue"] = _dots(s.auction_queue)
    if s.debts:
        v["debts"] = ",".join(
            f"{d.debtor}>{'bank' if d.creditor is None else d.creditor}:{d.amount}:{d.reason}"
            for d in s.debts
        )
    if s.trade is not None:
        v["trade"] = _trade_text(s.trade)
    if s.mortgage_choices:
        v["lift"] = ",".join(f"{c.seat}:{c.square}" for c in s.mortgage_choices)
    if s.placement is not None:
        v["place"] = f"{s.placement.seat}:{s.placement.building}"
    if s.last_card is not None:
        v["card"] = f"{DECK_CODES[s.last_card.deck]}{s.last_card.index}:{s.last_card.player}"
    if s.eliminated:
        v["out"] = _dots(s.eliminated)
    if s.winner is not None:
        v["winner"] = str(s.winner)
    if s.standings:
        v["standings"] = _dots(s.standings)
    changed = _rules_changes(s.board.rules.model_dump(), s.rules.model_dump(), "")
    if changed:
        v["rules"] = ",".join(f"{key}:{value}" for key, value in changed)
    if s.seed:
        v["seed"] = str(s.seed)
    fresh_decks, fresh_rng = default_order(s.board, len(s.players), seed=s.seed, rules=s.rules)
    for deck in DECKS:
        held = [c.index for p in s.players for c in p.jail_cards if c.deck == deck]
        pile, rest = s.decks.get(deck), fresh_decks.get(deck)
        top = next(k for k in range(len(pile) + 1) if complete_deck(pile[:k], rest, held) == pile)
        if top:
            v[DECK_CODES[deck]] = _dots(pile[:top])
    if s.rng != fresh_rng:
        v["draws"] = str(draws_since(fresh_rng, s.rng))
    return v


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _lot_text(s: GameState, square: int) -> str:
    level = s.buildings[square]
    built = "H" if level == 5 else f"h{level}" if level else ""
    return f"{square}:{s.owner[square]}{built}{'m' if s.mortgaged[square] else ''}"


def _auction_text(a: Auction) -> str:
    items = [str(a.square), f"bidders:{_dots(a.bidders)}"]
    if a.turn:
        items.append(f"next:{a.turn}")
    if a.high_bid:
        items.append(f"bid:{a.high_bid}")
    if a.high_bidder is not None:
        items.append(f"by:{a.high_bidder}")
    if a.building is not None:
        items.append(f"building:{a.building}")
    if a.opening is not None:
        items.append(f"opening:{a.opening}")
    return ",".join(items)


def _side_text(side: TradeSide) -> str:
    return f"{_dots(side.lots)}/{side.cash}/{'.'.join(DECK_CODES[d] for d in side.jail_cards)}"


def _trade_text(t: ProposeTrade) -> str:
    items = [f"{t.player}>{t.partner}"]
    items += [
        f"{name}:{_side_text(side)}" for name, side in (("give", t.give), ("take", t.take)) if not side.empty
    ]
    return ",".join(items)


def _rules_changes(default: dict[str, Any], actual: dict[str, Any], prefix: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, value in actual.items():
        if isinstance(value, dict):
            out += _rules_changes(default[key], value, f"{prefix}{key}.")
        elif value != default[key]:
            out.append(
                (
                    prefix + key,
                    "none" if value is None else _bool(value) if isinstance(value, bool) else str(value),
                )
            )
    return out


def from_position(text: str, board: Board) -> GameState:
    """The game state an MPN line describes, on this board (see the module docstring)."""
    line = text.rstrip("\r\n ")
    if not line.isprintable():
        odd = next(i for i, ch in enumerate(line) if escaped(ch))
        raise InvalidPositionError("a position is one line, its parts separated by spaces", column=odd + 1)
    parts = tokens(line)
    if not parts or parts[0][1] != TAG:
        column = parts[0][0] if parts else 1
        raise InvalidPositionError(f"a position begins with {TAG}", field="tag", column=column)
    players: list[PlayerState] = []
    fields: dict[str, tuple[int, str]] = {}
    for column, token in parts[1:]:
        if is_field(token):
            key, _, value = token.partition("=")
            if key not in FIELDS:
                raise InvalidPositionError(f"unknown field {key!r}", field=key, column=column)
            if key in fields:
                raise InvalidPositionError("given twice", field=key, column=column)
            fields[key] = (column + len(key) + 1, value)
        elif fields:
            raise InvalidPositionError(
                "the players come first, before the fields (a name with '=' is written in quotes)",
                field="players",
                column=column,
            )
        else:
            players.append(read_player(Cursor(token, column, "players")))
    try:
        return build(board, players, fields)
    except ImpossiblePositionError as exc:
        raise InvalidPositionError(str(exc)) from None
