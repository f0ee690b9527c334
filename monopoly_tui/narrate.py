"""Engine events as sentences for the players' log, worded from the message catalog."""

from __future__ import annotations

from .engine import Action, Bid, Event, GameState, ProposeTrade, SellDown, net_worth
from .engine.turn import ended_at_limit, rounds_played
from .locale import has, tr
from .money import rubles


def narrate(event: Event, state: GameState) -> str:
    """One Russian sentence for one event (names, squares and card texts from the game)."""
    board = state.board
    values: dict[str, object] = {}
    if event.player is not None:
        values["player"] = state.players[event.player].name
    if event.other is not None:
        values["other"] = state.players[event.other].name
    if event.square is not None:
        values["square"] = board.squares[event.square].name
    if event.amount is not None:
        values["amount"] = rubles(event.amount)
        values["round"] = values["count"] = event.amount
    if event.dice is not None:
        values["d1"], values["d2"] = event.dice
    if event.deck is not None:
        values["deck"] = tr(f"deck.{event.deck}")
    if event.card is not None and event.deck is not None:
        values["text"] = next(c.text for c in board.deck(event.deck) if c.id == event.card)
    creditor = "bank" if event.other is None else "player"
    values["creditor"] = tr(f"creditor.{creditor}", name=values.get("other", ""))
    if event.reason in ("house", "hotel"):
        values["building"] = tr(f"building.{event.reason}")
    if event.kind == "game_over" and ended_at_limit(state):
        return game_over_at_limit(state)
    return tr(_key(event), **values)


def game_over_at_limit(state: GameState) -> str:
    """The round limit reached: the richest by net worth wins, and how a tie was broken."""
    assert state.winner is not None
    worth = net_worth(state, state.winner)
    text = tr(
        "over.limit",
        rounds=rounds_played(state),
        name=state.players[state.winner].name,
        worth=rubles(worth),
    )
    tied = [s for s in state.standings[1:] if not state.players[s].bankrupt and net_worth(state, s) == worth]
    if tied:
        names = ", ".join(state.players[s].name for s in tied)
        text += " " + tr("over.limit.tie", names=names)
    return text


def narrate_action(action: Action, state: GameState) -> str:
    """Who did what, in a few Russian words, naming the lot, group, amount or partner it was about (the
    undo question and the replay show it alone: «Игрок 1 покупает» did not say what was bought). `state`
    is the game just before or just after the action (a lot bought or declined is where its player
    stands in both)."""
    board = state.board
    values: dict[str, object] = {"player": state.players[action.player].name}
    square = getattr(action, "square", None)
    if action.kind in ("buy", "decline"):
        square = state.players[action.player].position
    if square is not None:
        values["square"] = board.squares[square].name
    if isinstance(action, SellDown):
        values["group"] = board.group(action.group).name
    elif isinstance(action, Bid):
        values["amount"] = rubles(action.amount)
    elif isinstance(action, ProposeTrade):
        values["other"] = state.players[action.partner].name
    return tr(f"action.{action.kind}", **values)


def _key(event: Event) -> str:
    base = f"event.{event.kind}"
    if event.kind == "dice_rolled":
        if event.reason in ("utility", "first"):
            return f"{base}.{event.reason}"
        if event.dice is not None and event.dice[0] == event.dice[1]:
            return base + ".double"
    if event.kind == "built" and event.amount == 0:
        return base + ".placed"
    if event.kind == "auction_won" and event.reason in ("house", "hotel"):
        return base + ".building"
    if event.reason and has(f"{base}.{event.reason}"):
        return f"{base}.{event.reason}"
    return base
