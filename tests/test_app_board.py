"""The board as players read it: cards apart from their neighbours, owners in their colours, tokens,
in every theme and in a 16-colour terminal (TERM=linux), checked on what the app actually renders."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from factory import make_state
from pilots import enter_game
from rich.color import Color, ColorSystem
from textual.geometry import Region
from textual.widgets import Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.cells import cell_text
from monopoly_tui.boardfile import load_board
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жанна", "Зоя"]
SEATS = tuple(Seat(name, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, name in enumerate(NAMES))
OWNED = {21: 0, 23: 1, 24: 2, 25: 3, 26: 4, 27: 5, 28: 6, 29: 7}
"""The top row, each lot with another of eight owners."""
SYSTEMS = {"truecolor": ColorSystem.TRUECOLOR, "16 colours": ColorSystem.STANDARD}


def shade(color: Color | None, system: ColorSystem, role: str) -> object:
    """What the terminal shows of a colour in that colour system; the terminal's default text and
    background colours (of an ANSI theme) are two different colours."""
    if color is None or color.is_default:
        return f"default {role}"
    return color.downgrade(system).number if system == ColorSystem.STANDARD else color.triplet


def cells(app: MonopolyApp, index: int, system: ColorSystem) -> list[list[tuple[str, object, object]]]:
    """The square's rendered rows as (character, foreground, background) per screen cell."""
    widget = app.screen.query_one(f"#square-{index}")
    rows = []
    for strip in widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height)):
        row = []
        for seg in strip:
            fg = shade(seg.style.color if seg.style else None, system, "text")
            bg = shade(seg.style.bgcolor if seg.style else None, system, "background")
            row += [(ch, fg, bg) for ch in seg.text]
        rows.append(row)
    return rows


async def set_up(pilot: Any, theme: str) -> MonopolyApp:
    """A game of eight, each owning one lot of the top row (one of them mortgaged)."""
    app = pilot.app
    app.theme = theme
    await enter_game(pilot)
    session = app.session
    assert session is not None
    session.seats = SEATS
    session.state = make_state(8, owners=OWNED, mortgaged=[29], positions={1: 22})
    app.screen.redraw()
    await pilot.pause()
    return app  # type: ignore[no-any-return]


async def test_squares_and_owners_stay_distinguishable_in_every_theme_and_in_16_colours() -> None:
    async with MonopolyApp(load_board(), seed=42, autosave=False).run_test(size=(120, 36)) as pilot:
        app = await set_up(pilot, "textual-dark")
        themes = sorted(app.available_themes)
        assert {"textual-light", "solarized-light", "ansi-dark", "ansi-light"} <= set(themes)
        for theme in themes:
            app.theme = theme
            await pilot.pause()
            for system in SYSTEMS.values():
                for index in range(20, 30):  # the top row, left to right: each card ends in a visible line
                    rows = cells(app, index, system)
                    for row in rows:
                        edge, fg, bg = row[-1]
                        assert edge == "│" and fg != bg, (theme, system, index, row[-1])
                    # the strip (group colour or neutral) stands out from the card
                    assert rows[0][0][2] != rows[-1][0][2], (theme, system, index)
                bands = []
                for index in OWNED:
                    rows = cells(app, index, system)
                    bands.append(rows[2][0][2])  # the row under the two-line strip
                    assert rows[2][0][2] != rows[3][0][2], (theme, system, index)  # the band is not the card
                assert len(set(bands)) == len(OWNED), (theme, system, bands)  # eight owners, eight colours


def test_eight_token_colours_come_down_to_eight_of_the_sixteen() -> None:
    shades = {Color.parse(c).downgrade(ColorSystem.STANDARD).number for c in PLAYER_COLORS}
    assert len(shades) == len(PLAYER_COLORS)


def test_owner_band_buildings_and_mortgage_at_a_glance() -> None:
    state = make_state(3, owners={1: 0, 3: 0, 6: 1, 39: 2}, buildings={1: 4, 3: 5}, mortgaged=[39])
    seats = SEATS[:3]
    four = cell_text(state, seats, 1, 12, 4).plain.splitlines()
    assert four[2].rstrip() == f"{seats[0].token} ⌂⌂⌂⌂"
    hotel = cell_text(state, seats, 3, 12, 4).plain.splitlines()
    assert hotel[2].rstrip() == f"{seats[0].token} отель"
    mortgaged = cell_text(state, seats, 39, 15, 3)
    lines = mortgaged.plain.splitlines()
    assert lines[1].startswith(f"{seats[2].token} залог ╱")
    strip_style = mortgaged.get_style_at_offset(_console(), 0)
    assert strip_style.strike  # the mortgaged square's name is struck through on a greyed strip


def test_tokens_sit_side_by_side_as_chips_and_jail_is_apart_from_visiting() -> None:
    state = make_state(4, positions={0: 10, 1: 10, 2: 10, 3: 24}, in_jail=[1])
    seats = SEATS[:4]
    jail = cell_text(state, seats, 10, 15, 4).plain.splitlines()
    assert jail[2] == f"в тюрьме [{seats[1].token}]"
    assert jail[3] == f"посетили  {seats[0].token}  {seats[2].token} "  # two chips in six cells: no gap
    alone = cell_text(state, seats, 24, 12, 4).plain.splitlines()
    assert alone[3].startswith(f" {seats[3].token} ")


def _console() -> Any:
    from rich.console import Console

    return Console()


async def test_the_cursor_inspects_any_square_and_esc_gives_the_keys_back() -> None:
    from textual.widgets import Button

    from monopoly_tui.app.board import BoardView
    from monopoly_tui.app.prose import Prose
    from monopoly_tui.engine import rent_due
    from monopoly_tui.money import rubles

    async with MonopolyApp(load_board(), seed=42, autosave=False).run_test(size=(120, 36)) as pilot:
        app = await set_up(pilot, "textual-dark")
        assert app.session is not None
        state = app.session.state
        screen = app.screen
        deed = screen.query_one("#deed", Prose)
        board = screen.query_one(BoardView)
        await pilot.press("l")  # from the square of the player to move (Аня, on GO)
        assert board.has_focus and board.cursor == 0 and screen.has_class("inspecting")
        assert deed.text.plain.startswith("Вперёд")
        await pilot.press("left", "left", "left")  # the bottom row runs right to left: squares 1, 2, 3
        assert board.cursor == 3
        assert "Продаёт банк: 60\u00a0000\u00a0₽" in deed.text.plain
        await pilot.press("up")  # the bottom row's squares have nothing above them but the centre
        assert board.cursor == 3
        await pilot.click("#square-24")  # the mouse: Вера's lot
        assert board.cursor == 24
        rent = rubles(rent_due(state, 24, 0))
        assert f"Аренда сейчас: {rent}" in deed.text.plain and "Вера" in deed.text.plain
        await pilot.press("right")
        assert board.cursor == 25 and "Глеб" in deed.text.plain  # a station, of the fourth seat
        await pilot.press("escape")
        assert board.cursor is None and not screen.has_class("inspecting")
        assert isinstance(screen.focused, Button)  # the prompt has the keys again
        assert screen.query_one("#log").display


async def test_the_compact_list_follows_the_token_and_inspects_by_keys() -> None:
    from monopoly_tui.app.prose import Prose
    from monopoly_tui.app.squares_list import SquaresList

    app = MonopolyApp(load_board(), seed=42, dice=[(1, 2)], autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_game(pilot, "r")
        await pilot.pause()
        squares = app.screen.query_one(SquaresList)
        assert squares.cursor_row == 3  # thrown 1 + 2: the list is at Аня's square
        await pilot.press("l")
        assert squares.has_focus
        await pilot.press("pagedown")
        looked = squares.cursor_row
        assert looked > 3
        deed = app.screen.query_one("#deed", Prose)
        assert deed.text.plain.startswith(app.board.squares[looked].name)
        await pilot.press("end")
        assert squares.cursor_row == 39 and "Арбат" in deed.text.plain
        await pilot.press("escape")
        assert not squares.has_focus and not app.screen.has_class("inspecting")


async def test_the_log_reflows_after_a_resize() -> None:
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.app.prose import GameLog

    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await enter_game(pilot)
        assert app.session is not None
        long_line = " ".join(["Аня платит Борису 1\u00a0500\u00a0000\u00a0₽ за «Улица Арбат»."] * 4)
        app.session.log += [long_line] * 3
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        await pilot.pause()
        log = screen.query_one(GameLog)
        wide = log.content_region.width
        rows_wide = log.rows(wide)
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        narrow = log.content_region.width
        rows = log.rows(narrow)
        assert narrow < wide and len(rows) > len(rows_wide)
        assert all(len(row) <= narrow for row in rows)
        assert max(len(row) for row in rows) > narrow - 20  # filled to the new width, not the old one
        assert all("1\u00a0500\u00a0000\u00a0₽" in row.plain for row in rows if "1\u00a0500" in row.plain)
        shown = app.screen.query_one(GameLog).render()
        assert str(shown).split("\n")[-1] == rows[-1].plain  # the newest row is the last one shown


async def test_the_log_scrolls_back_by_keys_and_stays_there_as_lines_come() -> None:
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.app.prose import GameLog

    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        assert app.session is not None
        screen = app.screen
        assert isinstance(screen, GameScreen)
        app.session.log += [f"Строка {n}." for n in range(60)]
        screen.redraw()
        await pilot.pause()
        log = screen.query_one(GameLog)
        assert str(log.render()).split("\n")[-1] == "Строка 59."
        log.focus()
        await pilot.press("pageup")
        height = log.content_region.height
        shown = str(log.render()).split("\n")
        assert log.back == height - 1 and shown[-1].startswith("↓ ниже новых строк: ")
        assert shown[-2] == f"Строка {58 - log.back}."  # the row under the notice is the one before it
        app.session.log.append("Строка 60.")
        screen.redraw()
        await pilot.pause()
        assert str(log.render()).split("\n")[:-1] == shown[:-1]  # the view did not move
        log.focus()  # the new prompt took the focus back
        await pilot.press("end")
        assert log.back == 0 and str(log.render()).split("\n")[-1] == "Строка 60."
        await pilot.press("home")
        assert str(log.render()).split("\n")[0] == app.session.log[0]


def test_dice_show_as_faces_with_their_pips_and_doubles_marked() -> None:
    from monopoly_tui.app.dice import dice_faces, dice_line

    for d1, d2 in [(1, 2), (3, 4), (5, 6), (6, 6)]:
        rows = dice_faces((d1, d2)).plain.split("\n")
        faces = [[row[:7] for row in rows[:3]], [row[9:16] for row in rows[:3]]]
        assert [sum(r.count("●") for r in face) for face in faces] == [d1, d2]
        assert len(rows) == 4 and all(len(row) == 16 for row in rows[:3])  # nothing beside the faces
        assert rows[3].startswith(f"= {d1 + d2}")  # the sum under them
        assert ("дубль!" in rows[3]) == (d1 == d2)
    assert dice_faces(None).plain == ""
    assert dice_line((2, 2)).plain == "Кубики  2   2  = 4  дубль! "


async def test_the_chart_ends_at_the_round_the_game_over_screen_counts() -> None:
    """A game over in its third round (the round limit) and one over in its first (a bankruptcy): the
    rounds axis ends where «сыграно раундов» says, not one round later for the end-of-game point."""
    from monopoly_tui.app.gameover import GameOverScreen
    from monopoly_tui.engine import DeclareBankruptcy, Roll, Rules
    from monopoly_tui.session import GameSession

    board = load_board()
    seats = [
        Seat(name="Аня", token="●", color="#e5484d", bot="simple"),
        Seat("Борис", "▲", "#3e8ef7", "simple"),
    ]
    limited = GameSession.start(board, seats, seed=5, rules=Rules.model_validate({"end": {"turn_limit": 3}}))
    while not limited.state.is_over:
        limited.bot_move()
    poor = Rules.model_validate({"start": {"cash": 100_000}})
    bankrupt = GameSession.start(board, [seats[0], Seat("Борис", "▲", "#3e8ef7")], seed=5, rules=poor)
    bankrupt.act(Roll(player=0, dice=(1, 3)))
    bankrupt.act(DeclareBankruptcy(player=0))
    for session, rounds in ((limited, 3), (bankrupt, 1)):
        app = MonopolyApp(board, autosave=False)
        async with app.run_test(size=(120, 36)) as pilot:
            app.session = session
            app.push_screen(GameOverScreen(session))
            await pilot.pause()
            label = str(app.screen.query_one(".spark-label", Static).render())
            chart = str(app.screen.query_one("#worth-chart").render()).split("\n")
            ticks = chart[-1 - len(seats)]
            assert f"(сыграно раундов: {rounds})" in label
            assert ticks.strip().startswith("1") and ticks.endswith(str(rounds))


async def test_game_over_offers_a_new_game_with_the_same_players() -> None:
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.app.gameover import SETTLE, GameOverScreen
    from monopoly_tui.engine import DeclareBankruptcy, Roll, Rules

    rules = Rules.model_validate({"start": {"cash": 100_000}})
    app = MonopolyApp(load_board(), rules, seed=42, dice=[(1, 3)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        assert app.session is not None
        old = app.session
        app.act(Roll(player=0))
        await pilot.pause()
        app.act(DeclareBankruptcy(player=0))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.pause(SETTLE)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.session is not old
        assert app.session.seats == old.seats and app.session.state.rules == old.state.rules
        assert app.session.state.round == 1 and not app.session.state.is_over
        assert app.session.record.seed == old.record.seed + 1  # new dice, the same table
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1


async def test_a_second_enter_as_the_last_turn_ends_leaves_the_game_over_on_the_screen() -> None:
    """The last turn of a game with a round limit ends on Enter (the focused «Завершить ход») or «e»;
    an Enter pressed once more at once (twice, or held) went on from the game over to the title, and the
    table never saw the standings. The game-over screen waits SETTLE seconds before Enter or «n» leave it."""
    from monopoly_tui.app.gameover import SETTLE, GameOverScreen
    from monopoly_tui.app.title import TitleScreen
    from monopoly_tui.engine import Rules

    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    app = MonopolyApp(load_board(), rules, seed=3, dice=[(1, 2), (2, 1)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, "r", "b", "e", "enter", "r")  # Игрок 2 pays rent on Нагатинская
        assert app.session is not None and app.session.state.phase == "end_turn"
        await pilot.press("e", "enter", "n")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen) and app.session.state.is_over
        await pilot.pause(SETTLE)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


@pytest.mark.walks
async def test_a_token_walks_square_by_square_and_a_key_skips_the_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from monopoly_tui.app.board import BoardView

    app = MonopolyApp(load_board(), seed=42, dice=[(4, 5), (1, 2)], autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, "r")
        board = app.screen.query_one(BoardView)
        assert app.session is not None and app.session.state.players[0].position == 9  # the state is there
        assert board.walking and board.positions is not None and board.positions[0] < 9
        seen = set()
        while board.walking:  # the readable pace: one square after another
            assert board.positions is not None
            seen.add(board.positions[0])
            await pilot.pause(0.03)
        assert seen <= set(range(0, 9)) and len(seen) >= 3
        assert board.positions is None
        # the second walk waits for the key (at the readable pace its three squares could end before the
        # key arrives on a busy machine, and «l» would then look instead of skipping)
        monkeypatch.setattr(BoardView, "WALK_STEP", 1000)
        await pilot.press("b", "e", "enter", "r")  # buy, end the turn, hand over, Игрок 2 throws 1 + 2
        assert board.walking
        assert app.session.state.players[1].position == 3
        await pilot.press("l")  # any key: the token is at once where it stands, and nothing else
        assert not board.walking and board.positions is None and board.cursor is None
        await pilot.press("l")  # l looks once the token stands
        assert board.cursor == 3


def test_the_players_panel_marks_computer_players_with_their_level_as_the_room_allows() -> None:
    """Who at the table is the laptop: «(компьютер: сильный)» where the panel has room, «(комп.: …)»
    or «(комп.)» where it has less; people get no mark. The marks never push the lots' column out
    where it had room, nor a player's row out of the compact panel (eight long names: the mark is left
    out of a row it does not fit beside the name)."""
    from monopoly_tui.app.players import PLAYERS_ROWS, players_table
    from monopoly_tui.session import GameSession

    seats = [SEATS[0], replace(SEATS[1], bot="strong"), replace(SEATS[2], bot="master")]
    session = GameSession.start(load_board(), seats, seed=3)
    console = _console()

    def panel(width: int, *, compact: bool = False) -> list[str]:
        return [line.plain for line in players_table(session, compact=compact).rows(width, console)]

    wide = panel(100)
    assert "Борис (компьютер: сильный)" in wide[2] and "Вера (компьютер: мастер)" in wide[3]
    assert "Аня" in wide[1] and "комп" not in wide[1] and wide[0].rstrip().endswith("Поля")
    assert "Борис (комп.: сильный)" in panel(39, compact=True)[2]
    narrow = panel(60)  # the lots' column kept: the shortest mark
    assert "Борис (комп.)" in narrow[2] and narrow[0].rstrip().endswith("Поля")
    assert len(narrow) == 4

    long_names = [replace(s, name=f"{s.name}-{'ю' * (15 - len(s.name))}", bot="simple") for s in SEATS]
    crowded = GameSession.start(load_board(), [replace(long_names[0], bot=None), *long_names[1:]], seed=3)
    lines = [line.plain for line in players_table(crowded, compact=True).rows(39, console)]
    assert len(lines) <= PLAYERS_ROWS and all(s.name in "".join(lines) for s in long_names)
    short = replace(long_names[1], name="Робот")
    mixed = GameSession.start(load_board(), [SEATS[0], short, *long_names[2:]], seed=3)
    lines = [line.plain for line in players_table(mixed, compact=True).rows(39, console)]
    assert len(lines) <= PLAYERS_ROWS and any("Робот (комп.)" in line for line in lines)

    # the late game's table at 120x36 (its notes under the names): the lots keep their column
    from table import late_game

    state = late_game()
    computers = [
        replace(SEATS[n], name=p.name, bot=None if n == 0 else "simple") for n, p in enumerate(state.players)
    ]
    late = GameSession.start(load_board(), computers, seed=3, position=state)
    lines = [line.plain for line in players_table(late).rows(62, console)]
    assert lines[0].rstrip().endswith("Поля") and "(карт. 1)" in lines[2]


async def test_at_160x50_the_last_card_drawn_shows_as_a_card_in_full() -> None:
    """The centre earns its space: from 160x50 the last card drawn is framed as a card, every line of its
    text on view; at 120x36 it is a line of text under the players."""
    from monopoly_tui.app.prose import Prose

    app = MonopolyApp(load_board(), seed=3, dice=[(3, 4)], autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await enter_game(pilot, "r")  # 3 + 4: Шанс
        await pilot.pause()
        assert app.session is not None
        drawn = app.session.state.last_card
        assert drawn is not None
        words = app.session.state.board.deck(drawn.deck)[drawn.index].text.split()
        card = app.screen.query_one("#card", Prose)
        assert card.styles.border_top[0] == "round"
        width, height = card.content_region.width, card.content_region.height
        lines = card.lines(width)
        assert height >= len(lines) and " ".join(line.plain for line in lines).split()[-len(words) :] == words
        await pilot.resize_terminal(120, 36)
        await pilot.pause()
        assert card.styles.border_top[0] in ("", "none")
