"""The board in every phase of a turn, at every supported size: no amount split across a line end, no
word of one part of the screen running into its neighbour's text, no word or choice cut short (what
the app renders is read cell by cell, with the widget and the style of each cell: tests/screen_check.py,
whose checks are themselves tested first here)."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from factory import make_state, play, roll
from rich.style import Style
from screen_check import Cell, Screen, faults, read_screen, screen_faults, text_rows
from table import late_game, phases
from textual.pilot import Pilot

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.panels import ChoiceButton
from monopoly_tui.app.squares_list import SquaresList
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import AcceptTrade, Buy, Decline, EndTurn, GameState, ProposeTrade, TradeSide

SIZES = [(80, 24), (100, 30), (120, 36), (160, 50)]


# --- the checks themselves -------------------------------------------------------------------------


def test_the_check_catches_an_amount_split_across_lines() -> None:
    split = faults(Screen(text_rows("Залог 75\n000 ₽ ")))
    assert split and "an amount split" in split[0]
    assert faults(Screen(text_rows("Итого 10\u00a0381\n000\u00a0₽")))
    assert faults(Screen(text_rows("Дом 200\u00a0000\n₽")))


def test_the_check_catches_an_amount_split_inside_a_column() -> None:
    rows = text_rows("Житная     Залог 75    Аренда\nул.        000 ₽       2\u00a0000\u00a0₽")
    assert any("in a column" in f for f in faults(Screen(rows)))
    # an amount under a number in another column is no split
    assert faults(Screen(text_rows("Дом 1       Аренда\n         150\u00a0000\u00a0₽"))) == []


def test_the_check_catches_an_amount_that_a_wrap_could_split() -> None:
    assert faults(Screen(text_rows("Залог 75 000 ₽")))
    assert faults(Screen(text_rows("Залог 75\u00a0000 ₽")))
    assert faults(Screen(text_rows("Залог 75\u00a0000\u00a0₽, дом 50\u00a0000\u00a0₽"))) == []


BLACK = ("black", "black")


def two_pieces(left: str, right: str, *, same_widget: bool, backgrounds: tuple[str, str]) -> Screen:
    first, second = object(), object()
    styles = [Style(bgcolor=b) for b in backgrounds]
    cells = [Cell(ch, styles[0], first) for ch in left]  # type: ignore[arg-type]
    cells += [Cell(ch, styles[1], first if same_widget else second) for ch in right]  # type: ignore[arg-type]
    return Screen([cells])


def test_the_check_catches_words_of_two_parts_of_the_screen_run_together() -> None:
    assert faults(two_pieces("Пушкинская", "Маяковск.", same_widget=False, backgrounds=BLACK))
    assert faults(two_pieces("−200\u00a0000\u00a0₽", "60", same_widget=False, backgrounds=BLACK))
    assert faults(two_pieces("Пушкинская ", "Маяковск.", same_widget=False, backgrounds=BLACK)) == []


def test_the_check_catches_two_parts_of_the_screen_one_blank_of_a_third_apart() -> None:
    """«О Рублёвское ш. Раунд 1»: a side column's name and the centre's heading, the centre's one cell of
    padding between them, read as one line; two blanks part them, as does a blank of either piece."""
    name, padding, heading = object(), object(), object()

    def row(left: str, gap: str, right: str, gap_of: object = padding) -> Screen:
        cells = [Cell(ch, Style(), name) for ch in left]  # type: ignore[arg-type]
        cells += [Cell(ch, Style(), gap_of) for ch in gap]  # type: ignore[arg-type]
        return Screen([cells + [Cell(ch, Style(), heading) for ch in right]])  # type: ignore[arg-type]

    assert faults(row("О Рублёвское ш.", " ", "Раунд 1"))
    assert faults(row("О Рублёвское ш.", "  ", "Раунд 1")) == []
    assert faults(row("О Рублёвское ш.", " ", "Раунд 1", gap_of=name)) == []


def test_the_check_catches_a_mark_against_a_name_without_a_gap() -> None:
    assert faults(two_pieces("Кр", "Ул. Тверская", same_widget=True, backgrounds=("red", "black")))
    assert faults(two_pieces("r", "Бросить", same_widget=True, backgrounds=("white", "black")))
    assert faults(two_pieces("Кр ", "Ул. Тверская", same_widget=True, backgrounds=("red", "black"))) == []
    assert faults(two_pieces("Вера", ", ваш ход", same_widget=True, backgrounds=BLACK)) == []


def test_the_check_catches_a_word_cut_short() -> None:
    assert faults(Screen(text_rows("[n] Не покупа…")))
    assert faults(Screen(text_rows("1\u00a0500\u00a00…")))
    allowed = ["Найти команду…"]
    assert faults(Screen(text_rows("> Найти команду…")), allowed) == []


# --- the board in every phase ----------------------------------------------------------------------


async def through_every_size(
    pilot: Pilot[object], allowed: tuple[str, ...] = ()
) -> dict[tuple[int, int], list[str]]:
    """The faults of the screen shown at each size (from the smallest up), where there are any
    (SCREEN_DUMP=1 in the environment prints each faulty screen with its faults)."""
    found = {}
    for size in SIZES:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        shown_screen = read_screen(pilot.app)
        faults_here = faults(shown_screen, allowed)
        for button in pilot.app.screen.query(ChoiceButton):  # every choice in full, whatever its width
            if button.display and button.choice is not None:
                cells = [c.char for row in shown_screen.rows for c in row if c.widget is button]
                shown = "".join(cells).replace("\u00a0", " ")
                if "…" in shown or button.choice.label.replace("\u00a0", " ") not in shown:
                    faults_here.append(f"choice cut: {button.choice.label!r} shown as {shown.strip()!r}")
        if faults_here:
            found[size] = faults_here
            if os.environ.get("SCREEN_DUMP"):
                print("==", size, *faults_here, shown_screen.text(), sep="\n")
    return found


def two_players() -> dict[str, GameState]:
    """The same phases in a game of two, short names and the starting cash."""
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(cash=50_000))
    return {
        "roll": make_state(2),
        "buy": play(make_state(2), roll(0, 1, 2)),
        "auction": play(make_state(2), roll(0, 1, 2), Decline(player=0)),
        "end_turn": play(make_state(2), roll(0, 1, 2), Buy(player=0)),
        "jail": make_state(2, in_jail=[0], jail_cards={0: [("chance", "chance.get_out_of_jail")]}),
        "debt": play(make_state(2, cash={0: 10_000}, owners={39: 1}, positions={0: 36}), roll(0, 1, 2)),
        "trade_offer": play(make_state(2, owners={3: 0}), offer),
        "mortgage_choice": play(make_state(2, owners={3: 0}, mortgaged=[3]), offer, AcceptTrade(player=1)),
    }


STATES: dict[str, Callable[[], GameState]] = {
    **{f"eight players: {name}": (lambda s=state: s) for name, state in phases().items()},
    **{f"two players: {name}": (lambda s=state: s) for name, state in two_players().items()},
}


def game_app(state: GameState) -> MonopolyApp:
    return MonopolyApp(load_board(), position=state, autosave=False)


@pytest.mark.parametrize("name", list(STATES))
async def test_every_prompt_fits_every_size_without_split_amounts_or_words_run_together(name: str) -> None:
    async with game_app(STATES[name]()).run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        assert await through_every_size(pilot) == {}


async def test_an_auction_with_a_big_bid_typed_fits_every_size() -> None:
    async with game_app(phases()["auction"]).run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press(*"10381000")
        assert await through_every_size(pilot) == {}


@pytest.mark.parametrize("square", [24, 10, 39, 12, 5, 0, 37, 31])
async def test_the_square_inspector_fits_every_size(square: int) -> None:
    """The deed of a street with houses and three tokens, the jail, the bank's lot, a mortgaged utility,
    a station, GO, a mortgaged street, a hotel."""
    async with game_app(late_game()).run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = pilot.app.screen
        found = {}
        for size in SIZES:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            if size == SIZES[0]:
                screen.query_one(SquaresList).move_cursor(row=square)
            else:
                screen.query_one(BoardView).move_cursor(square)
            await pilot.pause()
            assert screen.has_class("inspecting")
            faults_here = screen_faults(pilot.app)
            if faults_here:
                found[size] = faults_here
        assert found == {}


async def test_the_handoff_and_the_bankruptcy_question_fit_every_size() -> None:
    state = phases()["end_turn"]
    async with game_app(state).run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        app = pilot.app
        assert isinstance(app, MonopolyApp)
        app.act(EndTurn(player=0))
        await pilot.pause()
        assert app.screen.__class__.__name__ == "HandoffScreen"
        assert await through_every_size(pilot) == {}
    async with game_app(phases()["bankrupt"]).run_test(size=SIZES[0]) as pilot:
        await pilot.pause()
        await pilot.press("x")
        assert pilot.app.screen.__class__.__name__ == "ConfirmScreen"
        assert await through_every_size(pilot) == {}
