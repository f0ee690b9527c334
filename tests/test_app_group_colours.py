"""The street groups, the owners and the player to move in a 16-colour terminal (TERM=linux), in a dark
and in light themes (issue 10, items 1-3). A 16-colour terminal brings every colour down to the nearest
of its sixteen, and the groups' own colours come down to fewer than eight (brown, orange and yellow to
one, pink and red to another): the board gives each group one of the sixteen of its own there, so the
groups are told apart by colour as on any other terminal. Colours are taken as the terminal shows them:
each rendered cell's colour brought down to the 16 colours."""

from __future__ import annotations

import itertools
import re

import pytest
from factory import make_state
from pilots import board_laid_out
from rich.color import Color, ColorSystem
from rich.style import Style
from table import MORTGAGED, late_game
from textual.geometry import Region

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.cells import Palette, sixteen
from monopoly_tui.app.palette import GROUP_SIXTEEN, sixteen_strips
from monopoly_tui.app.players import players_table
from monopoly_tui.app.squares_list import SquaresList
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import GameState
from monopoly_tui.engine.board import ColorGroup, Street
from monopoly_tui.session import PLAYER_TOKENS

DARK = ["textual-dark", "nord", "ansi-dark"]
LIGHT = ["textual-light", "solarized-light", "catppuccin-latte", "ansi-light"]
Shown = tuple[str, object, object]
"""A screen cell as the terminal shows it: character, text colour, background colour."""
LINES = "│┃"
"""The line a card of the top and bottom rows draws at its right edge."""


def shade(color: Color | None, role: str) -> object:
    """The index of the 16 colours a colour comes down to; the terminal's own default text and background
    (an ANSI theme's) are two colours of their own."""
    if color is None or color.is_default:
        return f"default {role}"
    return color.downgrade(ColorSystem.STANDARD).number


def card(app: MonopolyApp, index: int) -> list[list[Shown]]:
    """The square's rendered rows, cell by cell."""
    widget = app.screen.query_one(f"#square-{index}")
    rows = []
    for strip in widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height)):
        row: list[Shown] = []
        for seg in strip:
            fg = shade(seg.style.color if seg.style else None, "text")
            bg = shade(seg.style.bgcolor if seg.style else None, "background")
            if seg.style is not None and seg.style.reverse:
                fg, bg = bg, fg
            row += [(ch, fg, bg) for ch in seg.text]
        rows.append(row)
    return rows


def sixteen_colour_app(monkeypatch: pytest.MonkeyPatch, state: GameState) -> MonopolyApp:
    """The game going on from `state` in a Linux console: TERM=linux, no true colour."""
    monkeypatch.setenv("TERM", "linux")
    monkeypatch.delenv("COLORTERM", raising=False)
    app = MonopolyApp(load_board(), position=state, autosave=False)
    assert app.console.color_system == "standard"
    return app


@pytest.mark.parametrize("theme", DARK + LIGHT)
async def test_the_eight_groups_show_eight_colours_apart_from_the_cards(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = late_game()
    board = state.board
    async with sixteen_colour_app(monkeypatch, state).run_test(size=(120, 36)) as pilot:
        app = await board_laid_out(pilot)
        app.theme = theme
        await pilot.pause()
        chest = card(app, 2)  # Общественная казна: no group, no owner, nobody on it
        neutral, ground = chest[0][0][2], chest[-1][0][2]
        assert neutral != ground, theme  # the strip of a square without a group stands out of its card
        strips: dict[str, set[object]] = {}
        for index, square in enumerate(board.squares):
            if isinstance(square, Street) and index not in MORTGAGED:
                strips.setdefault(square.group, set()).add(card(app, index)[0][0][2])
        assert set(strips) == {g.id for g in board.groups}
        assert all(len(shown) == 1 for shown in strips.values()), (theme, strips)  # one colour a group
        colours = [next(iter(shown)) for shown in strips.values()]
        assert len(set(colours)) == 8, (theme, strips)  # eight groups, eight colours
        assert ground not in colours and neutral not in colours, (theme, ground, neutral, strips)


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-light"])
async def test_every_card_stands_apart_from_its_neighbours(
    theme: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Side by side (the top and bottom rows), a line in its own colour between two cards; one above the
    other (the side columns), the upper card's last row and the lower card's strip differ all along (but
    where a corner's line meets it)."""
    async with sixteen_colour_app(monkeypatch, late_game()).run_test(size=(120, 36)) as pilot:
        app = await board_laid_out(pilot)
        app.theme = theme
        await pilot.pause()
        for row in ([*range(20, 30)], [*range(10, 0, -1)]):  # left to right, the corners last
            for index in row:
                edge = [line[-1] for line in card(app, index)]
                assert all(ch in LINES and fg != bg for ch, fg, bg in edge), (theme, index, edge)
        for column in ([*range(20, 9, -1)], [*range(30, 41)]):  # top to bottom
            for upper, lower in itertools.pairwise(column):
                above, below = card(app, upper)[-1], card(app, lower % 40)[0]
                pairs = [(a, b) for a, b in zip(above, below, strict=False) if b[0] not in LINES]
                assert pairs and all(a[2] != b[2] for a, b in pairs), (theme, upper, lower)


@pytest.mark.parametrize("players", range(2, 9))
async def test_owners_and_tokens_keep_colours_of_their_own(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each owner's band, and each token's chip, in a colour no other player has and that is not the
    card's; the row of the player to move in a colour none of the tokens has (a token on it stays seen)."""
    lots = [21, 23, 24, 25, 26, 27, 28, 29][:players]
    everyone_on = 31  # Щусева: every token on one square, the player to move among them
    state = make_state(
        players,
        owners=dict(zip(lots, range(players), strict=True)),
        positions=dict.fromkeys(range(players), everyone_on),
    )
    async with sixteen_colour_app(monkeypatch, state).run_test(size=(160, 50)) as pilot:
        app = await board_laid_out(pilot)
        for theme in ("textual-dark", "textual-light"):
            app.theme = theme
            await pilot.pause()
            ground = card(app, 2)[-1][0][2]
            bands = []
            for seat, lot in enumerate(lots):
                row = next(r for r in card(app, lot) if r[0][0] == PLAYER_TOKENS[seat])
                bands.append(row[0][2])
            assert len(set(bands)) == players and ground not in bands, (theme, bands)
            here = card(app, everyone_on)[-1]
            assert here[0][0] == "▶", (theme, here)  # the mark of the player to move leads their row
            chips = [next(bg for ch, _, bg in here if ch == PLAYER_TOKENS[seat]) for seat in range(players)]
            assert chips == bands, (theme, chips, bands)  # a token in its owner's colour
            accent = here[0][2]
            assert accent not in chips and accent != ground, (theme, accent, chips)


async def test_the_compact_list_shows_the_groups_in_the_colours_of_the_ring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = late_game()
    async with sixteen_colour_app(monkeypatch, state).run_test(size=(80, 24)) as pilot:
        app = pilot.app
        await pilot.pause()
        rows = app.screen.query_one(SquaresList)
        strips: dict[str, set[object]] = {}
        for index, square in enumerate(state.board.squares):
            if isinstance(square, Street):
                name = rows.get_row(str(index))[0]
                style = name.get_style_at_offset(app.console, 0)
                strips.setdefault(square.group, set()).add(shade(style.bgcolor, "background"))
        assert all(len(shown) == 1 for shown in strips.values()), strips
        assert len({next(iter(shown)) for shown in strips.values()}) == 8, strips


def test_another_boards_groups_get_sixteen_colours_of_their_own_while_there_are_some() -> None:
    """A board of its own may have other groups, even all in one colour: each gets its own colour's index
    while it is free, else the nearest free one, never a grey; past twelve the rest keep their own."""
    groups = [ColorGroup(id=f"g{n}", name=f"Группа {n}", color="#e0303a", mark=str(n)) for n in range(13)]
    strips = sixteen_strips(groups)
    shown = [sixteen(color) for _, color in strips]
    assert [group for group, _ in strips] == [g.id for g in groups[:12]]
    assert shown[0] == sixteen("#e0303a")  # the first keeps its own
    assert len(set(shown)) == 12 and not set(shown) & {0, 7, 8, 15}
    assert Palette(groups=strips).group_strip(groups[12]) == "#e0303a"


def test_the_shipped_groups_strips_come_down_to_the_colours_chosen_for_them() -> None:
    strips = dict(sixteen_strips(load_board().groups))
    assert {group: sixteen(color) for group, color in strips.items()} == GROUP_SIXTEEN


async def test_the_players_lots_and_a_deed_show_the_groups_in_the_colours_of_the_ring(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = late_game()
    board = state.board
    async with sixteen_colour_app(monkeypatch, state).run_test(size=(160, 50)) as pilot:
        app = await board_laid_out(pilot)
        ring = {
            square.group: card(app, index)[0][0][2]
            for index, square in enumerate(board.squares)
            if isinstance(square, Street) and index not in MORTGAGED
        }
        session = app.session
        assert session is not None
        marks = {g.mark: g.id for g in board.groups}
        lots: dict[str, object] = {}
        for line in players_table(session).rows(110, app.console):
            for span in line.spans:
                shown = re.fullmatch(r"(\D+)\d", line.plain[span.start : span.end])
                if shown and shown[1] in marks and isinstance(span.style, Style):
                    lots[marks[shown[1]]] = shade(span.style.bgcolor, "background")
        assert lots == ring  # every group is someone's in the late game
        app.screen.query_one(BoardView).move_cursor(26)  # Грузинский вал
        await pilot.pause()
        deed = app.screen.query_one("#deed")
        mark = f" {board.group('yellow').mark} "  # the title leads with the group's mark on its strip
        strips = deed.render_lines(Region(0, 0, deed.size.width, deed.size.height))
        title = [seg.style for strip in strips for seg in strip if seg.text.startswith(mark) and seg.style]
        assert title and shade(title[0].bgcolor, "background") == ring["yellow"], title
