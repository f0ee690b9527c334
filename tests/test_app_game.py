"""A whole game through the UI: title → setup → board → game over, with scripted dice.

The opening is scripted to the throw (three doubles to jail, an auction); after it a simple player
policy presses the keys a person would, until somebody goes bankrupt. Along the way the game must
pass through an auction, jail, building, a trade, a debt and a bankruptcy.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable

import pytest
from pilots import enter_game
from textual.widgets import Input, SelectionList

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.cells import status_text, tokens_text
from monopoly_tui.app.dialogs import HandoffScreen
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.gameover import SETTLE, GameOverScreen
from monopoly_tui.app.manage import ManageScreen, lot_action
from monopoly_tui.app.squares_list import SquaresList
from monopoly_tui.app.trade import TradeScreen, tradeable
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import (
    Build,
    Mortgage,
    Rules,
    SellBuilding,
    legal_actions,
    situation,
)

RULES = Rules.model_validate({"start": {"cash": 260_000}, "go": {"salary": 20_000}})
SEED = 315
"""A seed whose dice after the opening bring the game to a bankruptcy in about 200 moves."""
OPENING = [(3, 3), (1, 1), (2, 2), (4, 5)]
"""Игрок 1: 6 (buy), 8 (buy), third doubles to jail. Игрок 2: 9, declined, goes to auction."""


@pytest.mark.long
async def test_a_whole_game_from_the_title_screen_to_game_over() -> None:
    app = MonopolyApp(load_board(), RULES, seed=SEED, dice=list(OPENING))
    seen: Counter[str] = Counter()
    async with app.run_test(size=(120, 36)) as pilot:

        async def press(*keys: str) -> None:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()

        await press("enter")  # Новая игра
        await press("enter")  # Начать игру with the defaults
        assert isinstance(app.screen, GameScreen)
        session = app.session
        assert session is not None
        assert [p.name for p in session.state.players] == ["Игрок 1", "Игрок 2"]

        # --- the scripted opening --------------------------------------------------------------
        await press("r")
        assert session.state.players[0].position == 6
        await press("b", "r", "b")
        assert [session.state.owner[i] for i in (6, 8)] == [0, 0]
        await press("r")  # third doubles
        assert session.state.players[0].in_jail
        await press("e")
        assert isinstance(app.screen, HandoffScreen)
        await press("enter")
        await press("r", "n")  # Игрок 2 declines Первая Парковая: auction without him
        assert situation(session.state) == "auction"
        assert session.state.auction is not None and session.state.auction.bidders == (0,)
        await press("plus", "enter")  # Игрок 1 chooses the minimum bid and places it
        assert session.state.owner[9] == 0
        await press("e")
        assert isinstance(app.screen, HandoffScreen)
        # between turns Игрок 1 builds on the light-blue group from the manage screen
        await press("m")
        assert isinstance(app.screen, ManageScreen)
        await press("b")
        assert session.state.buildings[6] == 1
        await press("escape", "enter")
        assert isinstance(app.screen, GameScreen)

        # --- then a simple policy plays on, key by key, until the game is over ----------------
        traded = False
        for _ in range(3000):
            for event in session.state.events:
                seen[event.kind] += 1
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, HandoffScreen):
                if not traded and screen.turn_change and await propose_trade(app, press):
                    traded = True
                    continue
                await press("enter")
                continue
            assert isinstance(screen, GameScreen), type(screen)
            await press(*policy_keys(app, screen))
        assert isinstance(app.screen, GameOverScreen)
        state = session.state
        assert state.is_over and state.winner is not None
        for kind in (
            "auction_won",
            "sent_to_jail",
            "built",
            "trade_accepted",
            "debt",
            "bankrupt",
            "game_over",
        ):
            assert seen[kind] or any(e.kind == kind for e in state.events), f"the game had no {kind}"
        # the record replays to the same final state
        from monopoly_tui.engine import replay

        assert replay(load_board(), session.record) == state
        await pilot.pause(SETTLE)  # the game over stays a moment before Enter leaves it
        await press("enter")  # back to the title screen
        assert app.session is None


def policy_keys(app: MonopolyApp, screen: GameScreen) -> list[str]:
    """The keys a plain player presses for the prompt on screen."""
    keys = {c.key for c in screen.prompt.choices}
    state = app.session.state  # type: ignore[union-attr]
    seat = screen.prompt.seat
    assert seat is not None
    if situation(state) == "debt":
        if "o" in keys:
            return ["o"]
        raise_money = [a for a in legal_actions(state) if isinstance(a, SellBuilding | Mortgage)]
        if raise_money:
            return manage_keys(app, seat, raise_money[0])
        return ["x", "y"]  # bankruptcy, confirmed
    if "enter" in keys and screen.prompt.bid is not None:
        low, cash = screen.prompt.bid
        return ["plus", "enter"] if low <= min(cash // 3, 150_000) else ["p"]
    for key in ("y", "k", "1", "b", "r", "o"):
        if key in keys:
            return [key]
    if "e" in keys:
        builds = [a for a in legal_actions(state) if isinstance(a, Build)]
        if builds and state.players[seat].cash > 150_000:
            return manage_keys(app, seat, builds[0])
        return ["e"]
    return ["n"]


def manage_keys(app: MonopolyApp, seat: int, action: object) -> list[str]:
    """Open the manage screen, move to the lot of action, press its key, leave."""
    state = app.session.state  # type: ignore[union-attr]
    lots = [i for i, owner in enumerate(state.owner) if owner == seat]
    row = lots.index(action.square)  # type: ignore[attr-defined]
    key = {Build: "b", SellBuilding: "s", Mortgage: "g"}[type(action)]
    assert lot_action(legal_actions(state), type(action), action.square) == action  # type: ignore[attr-defined]
    return ["m", *["down"] * row, key, "escape"]


async def propose_trade(app: MonopolyApp, press: Callable[..., Awaitable[None]]) -> bool:
    """The player to move offers the other 10 000 ₽ for one of their lots; the other accepts."""
    session = app.session
    assert session is not None
    state = session.state
    seat = state.turn
    partner = next(s for s in state.active_seats if s != seat)
    wanted = tradeable(session, partner)
    if not wanted or state.players[seat].cash < 10_000:
        return False
    await press("t")
    screen = app.screen
    assert isinstance(screen, TradeScreen)
    take = screen.query_one("#take", SelectionList)
    take.focus()
    await press("home", "space")
    assert take.selected == [f"lot:{wanted[0]}"]
    screen.query_one("#give-cash", Input).focus()
    await press("1", "0", "0", "0", "0", "ctrl+s")
    assert isinstance(app.screen, HandoffScreen)
    await press("enter")  # the partner takes the laptop
    await press("y")
    assert state is not session.state
    assert session.state.owner[wanted[0]] == seat
    return True


async def test_the_compact_list_of_squares_follows_the_game() -> None:
    """At 80x24 the squares are a list; after each action every row shows what the state says now."""
    app = MonopolyApp(load_board(), dice=[(1, 2), (2, 3), (3, 3), (1, 1)])
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_game(pilot)
        session = app.session
        assert session is not None
        for key in ("r", "b", "e", "enter", "r", "n", "plus", "enter", "e", "enter"):
            await pilot.press(key)
            await pilot.pause()
            game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
            squares = game.query_one(SquaresList)
            for index in range(40):
                state_cell, tokens_cell = (
                    squares.get_cell(str(index), "state"),
                    squares.get_cell(str(index), "tokens"),
                )
                assert state_cell == status_text(session.state, session.seats, index, squares.STATE), (
                    key,
                    index,
                )
                assert tokens_cell == tokens_text(session.state, session.seats, index, squares.TOKENS), (
                    key,
                    index,
                )
        assert session.state.owner[3] == 0
        assert "●" in squares.get_cell("3", "state").plain or "●" in squares.get_cell("3", "tokens").plain
