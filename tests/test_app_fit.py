"""Every prompt on the board at every supported size: no amount split across a line end, no word of one
part of the screen running into its neighbour's text, no choice cut short (what the app renders is read
cell by cell, with the widget that owns each cell)."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from factory import make_state, play, roll
from textual.widget import Widget

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.panels import ChoiceButton
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import (
    AcceptTrade,
    Buy,
    Decline,
    GameState,
    ProposeTrade,
    TradeSide,
)
from monopoly_tui.engine.state import Placement
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

SIZES = [(80, 24), (100, 30), (120, 36), (160, 50)]
NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя"]
WORD = re.compile(r"[\w₽.,:!?»«)(\]\[-]")
"""Characters of a word (or a number, or punctuation stuck to it)."""
NUMBER_END = re.compile(r"\d[ \u00a0]?$")
NUMBER_GOES_ON = re.compile(r"^[ \u00a0]?(\d{3}\b|₽)")


def mid_game() -> GameState:
    return make_state(
        8,
        positions={0: 39, 2: 24, 3: 24, 4: 24, 5: 1, 6: 1, 7: 1},
        owners={1: 0, 3: 0, 6: 1, 8: 1, 9: 1, 21: 2, 23: 2, 24: 2, 39: 3, 37: 3, 5: 4, 15: 4, 12: 0},
        buildings={1: 2, 3: 3, 6: 5, 8: 4, 9: 4, 21: 1, 23: 1, 24: 2},
        mortgaged=[39, 12],
        in_jail=[1],
        jail_cards={1: [("chance", "chance.get_out_of_jail")]},
        turn=2,
    )


def offered() -> GameState:
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(cash=50_000))
    return play(make_state(2, owners={3: 0}), offer)


def mortgaged_received() -> GameState:
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(cash=50_000))
    return play(make_state(2, owners={3: 0}, mortgaged=[3]), offer, AcceptTrade(player=1))


PROMPTS: dict[str, Callable[[], GameState]] = {
    "roll": lambda: make_state(2),
    "buy": lambda: play(make_state(2), roll(0, 1, 2)),
    "auction": lambda: play(make_state(2), roll(0, 1, 2), Decline(player=0)),
    "end_turn": lambda: play(make_state(2), roll(0, 1, 2), Buy(player=0)),
    "jail": lambda: make_state(2, in_jail=[0], jail_cards={0: [("chance", "chance.get_out_of_jail")]}),
    "debt": lambda: play(make_state(2, cash={0: 10_000}, owners={39: 1}, positions={0: 36}), roll(0, 1, 2)),
    "trade_offer": offered,
    "mortgage_choice": mortgaged_received,
    "utility_roll": lambda: make_state(
        2, positions={0: 12}, owners={12: 1}, phase="utility_roll", pending_square=12
    ),
    "placement": lambda: make_state(
        2,
        owners={6: 0, 8: 0, 9: 0, 1: 1, 3: 1},
        buildings={6: 2, 8: 1, 9: 1, 1: 1, 3: 1},
        placement=Placement(seat=0, building="house"),
        phase="end_turn",
    ),
    "eight_players": mid_game,
}


def screen_cells(app: MonopolyApp) -> tuple[list[str], list[list[Widget]]]:
    """The screen's rows of text and, for every cell, the widget drawn there."""
    compositor = app.screen._compositor
    rows = [strip.text for strip in compositor.render_strips()]
    owners = [[compositor.get_widget_at(x, y)[0] for x in range(len(row))] for y, row in enumerate(rows)]
    return rows, owners


def problems(app: MonopolyApp) -> list[str]:
    rows, owners = screen_cells(app)
    found = []
    text_of: dict[Widget, dict[int, str]] = {}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            widget_rows = text_of.setdefault(owners[y][x], {})
            widget_rows[y] = widget_rows.get(y, "") + ch
            if x + 1 < len(row):
                left, right = owners[y][x], owners[y][x + 1]
                if left is not right and WORD.match(ch) and WORD.match(row[x + 1]):
                    found.append(f"row {y}: {row[max(0, x - 12) : x + 13]!r} runs {left} into {right}")
    for widget, widget_rows in text_of.items():
        for y, above in widget_rows.items():
            below = widget_rows.get(y + 1, "")
            if NUMBER_END.search(above.rstrip(" ")) and NUMBER_GOES_ON.match(below.lstrip(" ")):
                found.append(f"{widget}: an amount split: {above.strip()!r} / {below.strip()!r}")
    for button in app.screen.query(ChoiceButton):
        if button.display and button.choice is not None:
            shown = "".join(text_of.get(button, {}).values()).replace("\u00a0", " ")
            if "…" in shown or button.choice.label.replace("\u00a0", " ") not in shown:
                found.append(f"choice cut: {button.choice.label!r} shown as {shown.strip()!r}")
    return found


@pytest.mark.parametrize("name", list(PROMPTS))
async def test_every_prompt_fits_every_size_without_split_amounts_or_words_run_together(name: str) -> None:
    state = PROMPTS[name]()
    app = MonopolyApp(load_board(), seed=1, autosave=False)
    async with app.run_test(size=SIZES[0]) as pilot:
        await pilot.press("enter", "enter")
        session = app.session
        assert session is not None
        count = len(state.players)
        session.seats = tuple(Seat(NAMES[i], PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i in range(count))
        session.state = state
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert problems(app) == [], size
