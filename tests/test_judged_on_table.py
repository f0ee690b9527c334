"""`apply` judges an action on its working table (the state's values in slots, its players as seats),
`why_illegal` on the state itself: in the positions of real games, every action of every seat is refused
by the one exactly when the other finds a reason, with the same reason (text, code and values), and an
action found legal makes the state the unchecked path makes."""

from __future__ import annotations

from factory import board

from monopoly_tui.bots import BOT_NAMES, make_bot, play_game
from monopoly_tui.engine import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    GameState,
    IllegalActionError,
    KeepMortgage,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    SellBuilding,
    TradeSide,
    Unmortgage,
    UseJailCard,
    apply,
    legal_actions,
    why_illegal,
)
from monopoly_tui.engine.game import apply_unchecked

PLAYERS = 4


def tries(state: GameState, seat: int) -> list[Action]:
    """The seat's listed actions, and a set of others, most of them illegal now."""
    return [
        *legal_actions(state, seat),
        Roll(player=seat),
        Roll(player=seat, dice=(3, 3)),
        EndTurn(player=seat),
        Buy(player=seat),
        Decline(player=seat),
        Bid(player=seat, amount=10_000),
        PassBid(player=seat),
        PayJailFine(player=seat),
        UseJailCard(player=seat, deck="chance"),
        PayDebt(player=seat),
        DeclareBankruptcy(player=seat),
        AcceptTrade(player=seat),
        RejectTrade(player=seat),
        KeepMortgage(player=seat, square=5),
        Build(player=seat, square=1),
        SellBuilding(player=seat, square=39),
        Mortgage(player=seat, square=3),
        Unmortgage(player=seat, square=5),
        PlaceBuilding(player=seat, square=1),
        ProposeTrade(player=seat, partner=(seat + 1) % PLAYERS, give=TradeSide(cash=1_000), take=TradeSide()),
        ProposeTrade(player=seat, partner=(seat + 1) % PLAYERS, give=TradeSide(lots=(1,)), take=TradeSide()),
    ]


def positions(names: list[str], seed: int) -> list[GameState]:
    """Every state of a game of four «Простой», as the checked apply would make it."""
    states: list[GameState] = []
    bots = [make_bot("simple", seed, seat) for seat in range(PLAYERS)]
    play_game(board(), names, bots, seed, board().rules, checked=False, observe=lambda a, s: states.append(s))
    return states


def test_apply_refuses_on_its_table_exactly_as_why_illegal_on_the_state() -> None:
    names = [f"{BOT_NAMES['simple']} {seat + 1}" for seat in range(PLAYERS)]
    refused = accepted = 0
    for seed in range(3):
        for state in positions(names, seed)[::4]:
            for seat in range(PLAYERS):
                for action in tries(state, seat):
                    reason = why_illegal(state, action)
                    try:
                        after = apply(state, action)
                    except IllegalActionError as exc:
                        assert reason is not None, f"{action} refused by apply only"
                        assert str(exc.reason) == str(reason)
                        assert (exc.reason.code, exc.reason.values) == (reason.code, reason.values)
                        refused += 1
                        continue
                    assert reason is None, f"{action} refused by why_illegal only: {reason}"
                    assert after == apply_unchecked(state, action)
                    assert after.events == apply_unchecked(state, action).events
                    accepted += 1
    assert refused > 10_000 and accepted > 1_000
