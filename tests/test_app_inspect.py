"""Looking at squares on a full table (issue 10, item 5): the cursor walks the ring by arrows and mouse
and the centre shows each square's deed as it stands (owner, rent now, houses or hotel, mortgage, who
stands there, the jail apart); in the compact layout the list follows the token and scrolls by keys."""

from __future__ import annotations

import pytest
from pilots import enter_game
from screen_check import read_screen
from table import late_game
from textual.widgets import Button

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.panels import StatePanels
from monopoly_tui.app.prose import Prose
from monopoly_tui.app.squares_list import SquaresList
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import rent_due
from monopoly_tui.locale import tr
from monopoly_tui.money import rubles


async def test_the_cursor_reads_each_squares_deed_as_it_stands_and_esc_goes_back() -> None:
    state = late_game()
    names = [p.name for p in state.players]
    app = MonopolyApp(load_board(), position=state, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(BoardView)
        deed = screen.query_one("#deed", Prose)
        await pilot.press("l")  # from the square of the player to move: Анастасия on Смоленская (29)
        assert board.has_focus and board.cursor == 29 and screen.has_class("inspecting")
        assert not screen.query_one("#log").display  # the deed takes the log's place
        assert deed.text.plain.startswith(" Ж Смоленская площадь ")
        assert "В залоге: аренды нет" in deed.text.plain and f"Здесь:  ●  {names[0]}" in deed.text.plain

        await pilot.press(*["left"] * 5)  # the top row runs left to right: 28, 27, 26, 25, 24
        assert board.cursor == 24
        shown = deed.text.plain
        assert f"Владелец:  ★  {names[4]}" in shown
        assert f"Аренда сейчас: {rubles(rent_due(state, 24, 0))}" in shown
        assert tr("inspect.houses", count=4) in shown
        assert "С домами (1–4)" in shown  # the rent table
        for seat in (2, 3, 4):  # three tokens on the square, each by name
            assert names[seat] in shown.split("Здесь:")[1]

        await pilot.click("#square-10")  # the mouse: the jail keeps those in it apart from visitors
        assert board.cursor == 10
        here = deed.text.plain.split("Здесь:")[1]
        assert f"{names[7]} (в тюрьме)" in here and names[6] in here
        assert f"{names[6]} (в тюрьме)" not in here

        await pilot.click("#square-31")
        assert board.cursor == 31 and "Построен отель" in deed.text.plain
        assert f"Владелец:  ♣  {names[6]}" in deed.text.plain
        await pilot.click("#square-39")
        shown = deed.text.plain
        assert "Продаёт банк: 400\u00a0000\u00a0₽" in shown and "Здесь никого нет." in shown

        await pilot.press("escape")
        assert board.cursor is None and not screen.has_class("inspecting")
        assert screen.query_one("#log").display
        assert isinstance(screen.focused, Button)  # the prompt has the keys again: Enter throws nothing new
        assert screen.focused.label.plain.startswith("[r]")


async def test_the_compact_list_follows_the_token_and_scrolls_by_page_and_to_either_end() -> None:
    app = MonopolyApp(load_board(), position=late_game(), dice=[(4, 6)], autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        squares = app.screen.query_one(SquaresList)
        deed = app.screen.query_one("#deed", Prose)
        assert squares.cursor_row == 29  # on Анастасия's square before the throw
        await pilot.press("r")  # 4 + 6: to Арбат, the last row of the list
        await pilot.pause()
        assert squares.cursor_row == 39
        assert squares.scroll_offset.y + squares.scrollable_content_region.height > 39  # in view
        await pilot.press("l")
        assert squares.has_focus and deed.text.plain.startswith(" С Улица Арбат ")
        await pilot.press("pageup")
        page = 39 - squares.cursor_row
        assert page > 5  # a page of rows up
        assert app.board.squares[squares.cursor_row].name in deed.text.plain.split("\n")[0]
        await pilot.press("home")
        assert squares.cursor_row == 0 and squares.scroll_offset.y == 0
        assert deed.text.plain.startswith("Вперёд")
        await pilot.press("pagedown")
        assert squares.cursor_row == page
        await pilot.press("end")
        assert squares.cursor_row == 39 and "Арбат" in deed.text.plain.split("\n")[0]
        await pilot.press("escape")
        assert not squares.has_focus and not app.screen.has_class("inspecting")


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_back_from_the_squares_an_offer_to_buy_has_nothing_focused_and_enter_buys_nothing(
    size: tuple[int, int],
) -> None:
    """Every choice of an offer to buy spends or gives away, so none has the focus; looking at the
    squares (l) and coming back (Esc) gives the prompt its own default again, not its first button:
    an Enter after Esc bought the lot before."""
    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5)], autosave=False)
    async with app.run_test(size=size) as pilot:
        await enter_game(pilot)  # the title's new game, then the setup's defaults
        await pilot.pause()
        await pilot.press("r")  # 4 + 5: to 1-я Парковая, unowned
        await pilot.pause()
        session = app.session
        assert session is not None and session.state.phase == "buy"
        assert app.screen.focused is None
        await pilot.press("l", "escape")
        assert not app.screen.has_class("inspecting") and app.screen.focused is None
        await pilot.press("enter")
        await pilot.pause()
        assert session.state.phase == "buy" and session.state.owner[9] is None
        assert len(session.record.actions) == 1  # the throw only


async def test_the_compact_deed_of_a_full_table_shows_to_its_last_line() -> None:
    """At 80x24 with eight players the deed had only the rows the players' table and the prompt left
    it, and its last lines (who stands there, the keys) were cut: while the squares are looked at, the
    deed has the column (the deed names the owner; Esc brings the table and the prompt back, and the
    keys go to the list meanwhile)."""
    app = MonopolyApp(load_board(), position=late_game(), autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")  # Анастасия's square, Смоленская: mortgaged, the longest deed here
        await pilot.pause()
        screen = app.screen
        assert not screen.query_one("#prompt").display and not screen.query_one(StatePanels).display
        shown = read_screen(app).text()
        assert "Здесь:" in shown and tr("inspect.keys").split()[-1] in shown
        await pilot.press("escape")
        await pilot.pause()
        assert screen.query_one("#prompt").display and screen.query_one(StatePanels).display
        assert not screen.has_class("inspecting")


@pytest.mark.parametrize("size", [(120, 36), (80, 24)])
async def test_while_looking_at_squares_the_footer_shows_the_cursors_keys_and_the_prompts_are_off(
    size: tuple[int, int],
) -> None:
    """The footer offered «r Бросить кубики … l Осмотреть поле» while the arrows moved the cursor (and
    in the compact layout the prompt it named is hidden): a key meant for the turn acted unseen."""
    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5)], autosave=False)
    async with app.run_test(size=size) as pilot:
        await enter_game(pilot)
        session = app.session
        assert session is not None
        keys = app.screen.query_one("#keys")
        await pilot.press("l")
        assert app.screen.has_class("inspecting")
        footer = keys.render_line(0).text
        assert "Назад" in footer and "оле" in footer and "Бросить" not in footer and "Осмотреть" not in footer
        assert ("PgUp" in footer) == (size == (80, 24))  # the compact list scrolls by pages
        await pilot.press("r", "к", "enter", "m", "t", "1")
        await pilot.pause()
        assert session.state.phase == "roll" and app.screen.has_class("inspecting")
        assert not session.record.actions and app.screen is app.game_screen
        await pilot.press("escape")
        await pilot.pause()
        assert "Бросить кубики" in keys.render_line(0).text
        await pilot.press("r")  # back at the turn: its keys act again
        await pilot.pause()
        assert session.state.phase == "buy"
