"""MPN, the position notation: an exact round trip of every state the random playouts reach, bad text
refused with the field and the column, impossible positions refused with the broken rule."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from factory import board
from playout import choose
from test_playout import TIGHT

from monopoly_tui.engine import (
    GameState,
    InvalidPositionError,
    Rules,
    apply,
    from_position,
    new_game,
    position,
    setup,
)
from monopoly_tui.engine.builder import facts
from monopoly_tui.engine.dice import next_random
from monopoly_tui.engine.position import FIELDS

ODD_NAMES = (
    "Аня",
    "Борис Годунов",
    'say "hi"',
    "back\\slash",
    "a=b:c@d",
    "tab\tnew\u2028line",
    "🎲\U000e0041",
    "x",
)
"""Names that must survive: spaces, quotes, backslashes, the notation's own signs, control characters."""


def same_position(restored: GameState, state: GameState) -> None:
    """Equal in every field but events (what the last action made happen is not part of a position)."""
    for name in GameState._fields:
        if name != "events":
            assert getattr(restored, name) == getattr(state, name), name
    assert restored.events == ()


def round_trips(seed: int, players: int, rules: Rules | None, limit: int, seen: Counter[str]) -> GameState:
    chooser = random.Random(seed)
    state = new_game(board(), ODD_NAMES[:players], seed=seed, rules=rules)
    for step in range(limit):
        if step % 25 == 0:  # the builder takes every fact of a state back (facts is its inverse)
            same_position(setup(board(), **facts(state)), state)
        text = position(state)
        assert "\n" not in text
        restored = from_position(text, board())
        same_position(restored, state)
        assert position(restored) == text
        seen.update(token.partition("=")[0] for token in text.split(" ") if "=" in token)
        if state.is_over:
            break
        state = apply(state, choose(state, chooser))
    return state


def test_every_state_of_random_playouts_round_trips() -> None:
    """from_position(position(s)) is s after every action: debts, auctions, trades, placements, the end."""
    seen: Counter[str] = Counter()
    # games until every field has been written: the first two reach them all today (a rule change may
    # move that; more games follow then, up to sixteen)
    games = [(725, 2), (707, 5), (735, 8), (730, 3), *((700 + i, 2 + i % 7) for i in range(12))]
    for played, (seed, players) in enumerate(games, start=1):
        final = round_trips(seed, players, TIGHT, 20_000, seen)
        assert final.is_over
        if played >= 2 and all(seen[key] for key in FIELDS if key not in ("first", "pot")):  # house rules
            break
    house = Rules.model_validate(
        {"start": {"first_by_roll": True}, "free_parking": {"jackpot": True}, "end": {"turn_limit": 20}}
    )
    round_trips(9, 4, house, 600, seen)
    missing = [key for key in FIELDS if seen[key] == 0]
    assert missing == [], f"fields never written by the playouts: {missing}"


def test_a_fresh_game_is_short() -> None:
    state = new_game(board(), ["Аня", "Борис"], seed=7)
    assert position(state) == "MPN1 Аня:1500000@0 Борис:1500000@0 turn=0 seed=7"
    assert len(position(new_game(board(), ODD_NAMES, seed=123))) < 200


@pytest.mark.parametrize(
    ("text", "field", "column"),
    [
        ("FEN1 Аня:1@0 Борис:1@0", "tag", 1),
        ("MPN1 Аня:1@0 Борис 1@0", "players", 19),
        ("MPN1 Аня:1@0 Борис:1@0 turn=0 Вера:1@0", "players", 31),
        ("MPN1 Аня:1@0 Борис:1@0 turn=x", "turn", 29),
        ("MPN1 Аня:1@0 Борис:1@0 colour=red", "colour", 24),
        ("MPN1 Аня:1@0 Борис:1@0 turn=0 turn=1", "turn", 31),
        ("MPN1 Аня:1@0 Борис:1@0 own=1:0,3:0h7", "own", 36),
        ("MPN1 Аня:1@0 Борис:1@0 dice=3+9", "dice", 31),
        ("MPN1 Аня:1@0 Борис:1@0 rules=jail.fin:100", "rules", 30),
        ("MPN1 Аня:1@0 Борис:1@0 rules=jail.fine:-1", "rules", 40),
        ('MPN1 "Аня:1@0 Борис:1@0', "players", 6),
        ("MPN1 Аня:1@0q Борис:1@0", "players", 13),
        ("MPN1 Аня:1@0 Борис:1@0 debts=1>bank:0:tax", "debts", 37),
        ("MPN1 Аня:1@0 Борис:1@0 draws=x", "draws", 30),
        ("MPN1 Аня:1@0 Борис:" + "9" * 5000 + "@0", "players", 20),
        ('MPN1 "Аня\\x":1@0 Борис:1@0', "players", 10),
        ('MPN1 "Аня\\U00110000":1@0 Борис:1@0', "players", 10),
    ],
)
def test_bad_text_names_the_field_and_the_column(text: str, field: str, column: int) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        from_position(text, board())
    assert (caught.value.field, caught.value.column) == (field, column), str(caught.value)
    assert str(caught.value).startswith(f"{field}, column {column}: ")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("MPN1 Аня:1500000@0 turn=0", "a game needs 2 to 8 players"),
        ("MPN1 Аня:1500000@0 Аня:1500000@0", "player names must differ"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 turn=2", "the seat to move is seat 2"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 own=0:0", "square 0 cannot be owned"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 own=1:0h1,3:1", "buildings on group brown which one player"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 own=1:0h2,3:0", "uneven buildings on group brown"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 own=1:0h1,3:0m", "buildings on group brown with a mortgaged"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 own=5:0h1", "a building on square 5"),
        ("MPN1 Аня:1500000@5j0 Борис:1500000@0", "seat 0 is in jail but stands on 5"),
        ("MPN1 Аня:1500000@10j3 Борис:1500000@0", "seat 0 has 3 jail attempts"),
        ("MPN1 Аня:5@0x Борис:1500000@0", "bankrupt seat 0 still holds assets"),
        ("MPN1 Аня:1500000@0+chance0 Борис:1500000@0", "which cannot be kept"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 chance=0.0", "a card given twice"),
        (
            "MPN1 Аня:1500000@0 Борис:1500000@0 own=1:0H,3:0H rules=buildings.hotels:1",
            "hotels: 2 on the board",
        ),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 phase=buy", "phase buy without a pending square"),
        ("MPN1 Аня:1500000@0 Борис:1500000@0 doubles=4", "4 doubles in a row"),
        (
            "MPN1 Аня:1500000@0 Борис:1500000@0 own="
            + ",".join(f"{sq}:0h4" for sq in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19)),
            "houses: 44 on the board, but the bank has only 32",
        ),
    ],
)
def test_an_impossible_position_is_refused_with_the_rule_it_breaks(text: str, reason: str) -> None:
    with pytest.raises(InvalidPositionError) as caught:
        from_position(text, board())
    assert reason in str(caught.value)


def test_a_written_position_reads_as_the_game_it_describes() -> None:
    """Every part of a position by hand: the state has exactly those facts, and the derived ones follow."""
    text = (
        'MPN1 Аня:1200000@10j1+chest4 "Борис Годунов":900000@24 Вера:0@7x turn=1 round=12 dice=2+2 '
        "doubles=1 own=1:0h2,3:0h2,5:1m,37:1H,39:1H pot=30000 out=2 "
        "rules=jail.fine:100000,free_parking.jackpot:true seed=5 chance=9 draws=57"
    )
    state = from_position(text, board())
    anya, boris, vera = state.players
    assert (anya.cash, anya.position, anya.in_jail, anya.jail_attempts) == (1_200_000, 10, True, 1)
    assert [(c.deck, c.index) for c in anya.jail_cards] == [("community_chest", 4)]
    assert (boris.name, boris.position, vera.bankrupt) == ("Борис Годунов", 24, True)
    assert (state.turn, state.round, state.dice, state.doubles, state.roll_again) == (1, 12, (2, 2), 1, True)
    assert state.owner[1] == state.owner[3] == 0 and state.buildings[1] == state.buildings[3] == 2
    assert state.mortgaged[5] and state.buildings[37] == state.buildings[39] == 5
    assert (state.bank_houses, state.bank_hotels) == (28, 10)
    assert state.bank_balance == 3 * 1_500_000 - 2_100_000 - 30_000
    assert state.rules.jail.fine == 100_000 and state.rules.free_parking.jackpot
    assert 4 not in state.decks.community_chest
    fresh = new_game(board(), ["a", "b", "c"], seed=5, rules=state.rules)
    turned = fresh.decks.chance.index(9)  # the seed's deck turned to card 9: drawn from, cards under
    assert state.decks.chance == fresh.decks.chance[turned:] + fresh.decks.chance[:turned]
    rng = fresh.rng
    for _ in range(57):
        rng = next_random(rng)[0]
    assert state.rng == rng
    assert position(state) == text


def test_the_readmes_positions_read_and_are_written_back_the_same() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    examples = [line.strip() for line in readme.splitlines() if line.startswith("    MPN1 ")]
    assert len(examples) >= 4
    for text in examples:
        assert position(from_position(text, board())) == text
