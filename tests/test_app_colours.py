"""The whole ring of a full table in a 16-colour terminal (TERM=linux) and in light and dark themes:
every square stands apart from its neighbours at their shared edge, and every owner's squares carry a
colour of their own, told apart from the other owners' and from the bank's squares (issue 10, items
1 and 2). Colours are taken as the terminal shows them: each rendered cell's colour brought down to the
colour system of the app's console (16 colours under TERM=linux)."""

from __future__ import annotations

import pytest
from pilots import board_laid_out
from rich.color import Color, ColorSystem
from table import late_game
from textual.geometry import Region

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.cells import grid_position
from monopoly_tui.boardfile import load_board
from monopoly_tui.session import PLAYER_TOKENS

THEMES = ["textual-dark", "textual-light", "solarized-light", "ansi-dark", "ansi-light", "nord", "gruvbox"]
LINES = "│┃"
"""The line a card draws at its right edge (its cells are the line's, not the card's)."""
Shown = tuple[str, object, object]
"""A cell as the terminal shows it: character, text colour, background colour."""


def shade(color: Color | None, system: ColorSystem, role: str) -> object:
    """A colour as the terminal shows it; its own default text and background are two colours."""
    if color is None or color.is_default:
        return f"default {role}"
    shown = color.downgrade(system)
    return shown.number if system == ColorSystem.STANDARD else shown.get_truecolor().hex


SYSTEMS = {
    "standard": ColorSystem.STANDARD,
    "256": ColorSystem.EIGHT_BIT,
    "truecolor": ColorSystem.TRUECOLOR,
    "windows": ColorSystem.WINDOWS,
}
"""Rich's public `Console.color_system` names the colour system; its `Color.downgrade` takes the enum."""


def color_system(app: MonopolyApp) -> ColorSystem:
    name = app.console.color_system
    assert name is not None, "the app's console has no colours"
    return SYSTEMS[name]


def card(app: MonopolyApp, index: int) -> list[list[Shown]]:
    system = color_system(app)
    widget = app.screen.query_one(f"#square-{index}")
    rows = []
    for strip in widget.render_lines(Region(0, 0, widget.outer_size.width, widget.outer_size.height)):
        row: list[Shown] = []
        for seg in strip:
            style = seg.style
            fg = shade(style.color if style else None, system, "text")
            bg = shade(style.bgcolor if style else None, system, "background")
            if style is not None and style.reverse:
                fg, bg = bg, fg
            row += [(ch, fg, bg) for ch in seg.text]
        rows.append(row)
    return rows


def apart_at_the_edge(first: list[list[Shown]], second: list[list[Shown]], across: bool) -> bool:
    """Two neighbours side by side (`across`: the first's last column meets the second's first) or one
    above the other (the first's last row meets the second's first): a line of its own colour between
    them, or backgrounds that differ all along the edge."""
    if across:
        edge = [row[-1] for row in first]
        if all(ch in LINES and fg != bg for ch, fg, bg in edge):
            return True
        return all(a[-1][2] != b[0][2] for a, b in zip(first, second, strict=False))
    pairs = [
        (a, b) for a, b in zip(first[-1], second[0], strict=False) if a[0] not in LINES and b[0] not in LINES
    ]
    return bool(pairs) and all(a[2] != b[2] for a, b in pairs)


def band(rows: list[list[Shown]], token: str) -> object | None:
    """The background of the owner's band: the row that starts with the owner's token."""
    for row in rows:
        if row and row[0][0] == token:
            return row[0][2]
    return None


@pytest.mark.parametrize("term", ["linux", "xterm-256color"])
async def test_every_square_and_every_owner_stays_distinguishable(
    term: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", term)
    monkeypatch.delenv("COLORTERM", raising=False)
    state = late_game()
    app = MonopolyApp(load_board(), position=state, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await board_laid_out(pilot)
        system = color_system(app)
        assert system == (ColorSystem.STANDARD if term == "linux" else ColorSystem.EIGHT_BIT)
        for theme in THEMES:
            app.theme = theme
            await pilot.pause()
            cards = {i: card(app, i) for i in range(40)}
            for i in range(40):
                j = (i + 1) % 40
                (row_i, col_i), (row_j, col_j) = grid_position(i), grid_position(j)
                first, second = (i, j) if (col_i < col_j or row_i < row_j) else (j, i)
                across = row_i == row_j
                assert apart_at_the_edge(cards[first], cards[second], across), (term, theme, i, j)
            owners: dict[int, set[object]] = {}
            for i, owner in enumerate(state.owner):
                if owner is not None:
                    shown = band(cards[i], PLAYER_TOKENS[owner])
                    assert shown is not None, (term, theme, i)
                    owners.setdefault(owner, set()).add(shown)
            assert all(len(colours) == 1 for colours in owners.values()), (term, theme, owners)
            colours = [next(iter(c)) for c in owners.values()]
            assert len(set(colours)) == len(colours) == 8, (term, theme, colours)  # eight owners apart
            # the bank's lot and the squares nobody can own: their rows (but the chips of the tokens
            # standing there, each in its player's colour) carry none of the owners' colours
            for i in range(40):
                if state.owner[i] is None:
                    rows = [row for row in cards[i] if not any(ch in PLAYER_TOKENS for ch, _, _ in row)]
                    backgrounds = {bg for row in rows for _, _, bg in row}
                    assert not backgrounds & set(colours) - {group_strip(cards[i])}, (term, theme, i)


def group_strip(rows: list[list[Shown]]) -> object:
    """The background of the square's first cell (its group's strip, or the neutral one)."""
    return rows[0][0][2]
