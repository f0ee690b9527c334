"""What made a throw and the first screen faster, pinned without timing (the figures are measured by
benchmarks/bench_terminal.py): the players' panel drawn line by line as Rich's table would draw it, rows
rendered once and repainted only when they change, and the title screen up before the rules engine, the
bots, the saves and the game's screens are imported."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.visual import Visual, visualize

from monopoly_tui.app import rows as rows_module
from monopoly_tui.app.panels import PromptPanel
from monopoly_tui.app.players import draw_table
from monopoly_tui.app.prompts import Choice, Prompt
from monopoly_tui.app.prose import GameLog, Prose
from monopoly_tui.app.rows import Rows, quick_strip

WORDS = ["Аня", "Борис", "1\xa0500\xa0000\xa0₽", "К2", "Г1 Ж3", "(в тюрьме)", "Ком1", "Капитал", "x"]
CHIP = Style(color="#ffffff", bgcolor="#e74c3c", bold=True)


def random_text(rng: random.Random, lines: bool) -> Text:
    text = Text()
    for _ in range(rng.randint(0, 4)):
        after = rng.choice(["", " ", "\n    "] if lines else ["", " "])
        styles: list[str | Style] = ["", "bold", CHIP]
        text.append(rng.choice(WORDS) + after, style=rng.choice(styles))
    return text


def segments(lines: list[list[Segment]]) -> list[list[tuple[str, Style | None]]]:
    """Each line's characters and styles, runs of one style joined (no style and a null style alike)."""
    out = []
    for line in lines:
        plain = [Segment(s.text, s.style or None) for s in line if not s.control]
        out.append([(s.text, s.style) for s in Segment.simplify(plain)])
    return out


def test_the_players_panel_is_drawn_as_richs_table_draws_it() -> None:
    """The panel's table drawn line by line (a throw that moves money redraws it) is, character for
    character and style for style, what Rich's Table of the same columns draws: the name column left,
    the money right-aligned, the lots column taking the rest and wrapping, or without it the spare
    width shared out; a row's style (the player to move, a bankrupt) over the whole row."""
    console = Console(width=200)
    rng = random.Random(10)
    compared = 0
    while compared < 400:
        columns = rng.randint(2, 4)
        flexible = rng.random() < 0.5
        heads = [Text(f"H{c}" * rng.randint(1, 3)) for c in range(columns)]
        rows: list[tuple[list[Text], Style | None]] = []
        for _ in range(rng.randint(1, 6)):
            cells = [
                random_text(rng, lines=c == 0 or (flexible and c == columns - 1)) for c in range(columns)
            ]
            if rng.random() < 0.2:  # a bankrupt's row: name and cash only
                cells = cells[:2]
            rows.append((cells, rng.choice([None, Style(reverse=True), Style(dim=True)])))
        header = rng.random() < 0.7
        table_rows = ([(heads, Style(bold=True))] if header else []) + rows
        width = rng.randint(20, 90)
        fixed = columns - flexible
        needed = sum(
            max(max(map(len, cells[c].plain.split("\n"))) if c < len(cells) else 0 for cells, _ in table_rows)
            + (c > 0)
            + (c < columns - 1)
            for c in range(fixed)
        )
        if needed + 2 * flexible > width:  # the panel never asks for more than its width
            continue
        table = Table(
            expand=True, box=None, padding=(0, 1), show_edge=False, pad_edge=False, show_header=header
        )
        for c in range(columns):
            if flexible and c == columns - 1:
                table.add_column(heads[c].plain, ratio=1)
            else:
                table.add_column(heads[c].plain, justify="left" if c == 0 else "right", no_wrap=True)
        for cells, style in rows:
            table.add_row(*cells, style=style)
        options = console.options.update(width=width, min_width=width, max_width=width, height=None)
        expected = segments(console.render_lines(table, options, pad=False))
        drawn = draw_table(table_rows, columns, width, flexible, console)
        assert segments([console.render_lines(line, options, pad=False)[0] for line in drawn]) == expected
        compared += 1


class RowsApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Rows(id="rows")


async def test_rows_repaint_only_the_row_that_changed_and_render_each_row_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three rows, then the same three with the middle one changed: only that row is marked for
    repainting and rendered again; the others come from what was rendered before."""
    app = RowsApp()
    async with app.run_test(size=(40, 10)) as pilot:
        rows = app.query_one(Rows)
        rows.set_rows([Text("Аня 1 500 000 ₽"), Text("Борис 1 500 000 ₽"), Text("Вера", style="bold")])
        await pilot.pause()
        rendered: list[str] = []
        real = rows_module.quick_strip

        def spy(widget: Any, row: Text, *args: Any, **kwargs: Any) -> Any:
            rendered.append(row.plain)
            return real(widget, row, *args, **kwargs)

        monkeypatch.setattr(rows_module, "quick_strip", spy)
        marked: list[tuple[Region, ...]] = []
        repaint = rows.refresh

        def mark(*regions: Region, **flags: Any) -> Any:
            marked.append(regions)
            return repaint(*regions, **flags)

        monkeypatch.setattr(rows, "refresh", mark)
        rows.set_rows([Text("Аня 1 500 000 ₽"), Text("Борис 1 440 000 ₽"), Text("Вера", style="bold")])
        await pilot.pause()
        assert marked == [(Region(0, 1, 40, 1),)]
        assert rendered == ["Борис 1 440 000 ₽"]
        lines = rows.render_lines(Region(0, 0, 40, 3))
        assert ["".join(s.text for s in line).rstrip() for line in lines] == [
            "Аня 1 500 000 ₽",
            "Борис 1 440 000 ₽",
            "Вера",
        ]
        assert rendered == ["Борис 1 440 000 ₽"]  # the others were rendered before


LOOKS = """
#muted { color: $text-muted; }
#bar { background: $panel; text-style: bold; padding: 0 0 0 2; }
#tinted { background: $accent 30%; color: $foreground 50%; text-style: dim; }
#bold-log { text-style: bold; background: $boost; }
"""
RUNS = ["Аня", " ", "1\xa0500\xa0000\xa0₽", "К2", "●", "▲", "日本", "x", "  ", "Купить", "\t", "a\rb", ""]
RUN_STYLES: list[str | Style] = [
    CHIP,
    Style(dim=True),
    Style(reverse=True),
    "bold",
    "dim",
    "bold reverse",
    Style(color="red"),
    Style(),
    "",
    Style(italic=True, color="#123456"),
    "#ff0000 on #00ff00",
    Style(bgcolor="blue"),
    Style(link="https://example.org"),
]


class LooksApp(App[None]):
    CSS = LOOKS

    def compose(self) -> ComposeResult:
        for name in ("plain", "muted", "bar", "tinted"):
            yield Rows(id=f"rows-{name}", classes=name)
            yield Prose(id=f"prose-{name}", classes=name)
        yield GameLog(id="bold-log")


def random_row(rng: random.Random, lines: bool = False) -> Text:
    row = Text(style=rng.choice([Style(bold=True), Style(color="#00ff00"), Style(dim=True), ""]))
    for _ in range(rng.randint(0, 6)):
        row.append(rng.choice(RUNS + (["\n"] if lines else [])), style=rng.choice(RUN_STYLES))
    if row.plain and rng.random() < 0.3:
        start = rng.randint(0, len(row.plain))
        row.stylize(rng.choice(RUN_STYLES), start, rng.randint(start, len(row.plain)))
    return row


def shown(strip: Any) -> list[Segment]:
    """A line's segments that show something (Textual leaves an empty one in some empty lines)."""
    return [segment for segment in strip if segment.text]


def whole(widget: Any) -> list[list[Segment]]:
    """The widget's lines as Textual renders its whole text (`Widget.render_line` without a cache)."""
    width, height = widget.size
    strips = Visual.to_strips(widget, visualize(widget, widget.render()), width, height, widget.visual_style)
    return [shown(strip) for strip in strips]


class ButtonsApp(App[None]):
    CSS = """
    #prompt-choices { layout: grid; grid-size: 3; grid-columns: 1fr; grid-rows: 1; grid-gutter: 0 1; }
    #prompt-choices Button { width: 100%; }
    """  # as on the board (app/board.py)

    def compose(self) -> ComposeResult:
        yield PromptPanel(id="prompt")


LABELS = [
    "Купить за 1\xa0500\xa0000\xa0₽",
    "Сделка",
    "x",
    "Не покупать",
    "Управление",
    "Заплатить 50\xa0000\xa0₽",
]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark"])
async def test_a_buttons_new_label_is_rendered_as_textual_renders_the_button(theme: str) -> None:
    """A prompt's new labels (most prompts after a throw have one or two) are rendered without Textual's
    general pipeline: centred on the button's background, segment for segment what Textual renders, focused
    or not, in a wide button and a narrow one (a label too long for it goes through Textual, cut with an
    ellipsis)."""
    rng = random.Random(theme)
    app = ButtonsApp()
    quick = 0
    async with app.run_test(size=(100, 20)) as pilot:
        app.theme = theme
        panel = app.query_one(PromptPanel)
        await pilot.pause()
        for _ in range(40):
            count = rng.randint(1, 6)
            labels = [" ".join(rng.sample(LABELS, 1 + (rng.random() < 0.2))) for _ in range(count)]
            keys = "rbnefcyuko"
            prompt = Prompt(0, "Аня", (), tuple(Choice(keys[n], label) for n, label in enumerate(labels)))
            for n, button in enumerate(panel.buttons):
                button.set_choice(prompt.choices[n] if n < len(labels) else None, keep=n < 6)
            if rng.random() < 0.5:
                panel.buttons[rng.randrange(len(labels))].focus()
            else:
                app.screen.set_focus(None)
            await pilot.pause()
            for button in panel.buttons[: len(labels)]:
                assert [shown(button.render_line(0))] == whole(button), button.label
                width = button.size.width
                quick += quick_strip(button, Text(str(button.label)), width, button.visual_style) is not None
    assert quick > 60  # most labels take the quick way


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark", "monokai"])
async def test_rows_and_prose_render_each_line_as_textual_renders_the_whole(theme: str) -> None:
    """A throw's new lines (the log's, the prompt's, the key bar's, the panels') are rendered each on its
    own, most without Textual's general pipeline (`quick_strip`): character for character, style for
    style and with the offsets a selection by the mouse reads, they are what Textual renders of the
    whole text, in styles with colours of the theme, translucent colours, a bold or dim text style and
    padding, and the rows it cannot render simply (tabs, control codes, links, too wide) go through
    Textual."""
    rng = random.Random(theme)
    app = LooksApp()
    quick = 0
    async with app.run_test(size=(70, 40)) as pilot:
        app.theme = theme
        await pilot.pause()
        for _ in range(150):
            texts = [random_row(rng) for _ in range(rng.randint(1, 6))]
            for rows in app.query(Rows):
                rows.set_rows(texts)
            for prose in app.query(Prose):
                prose.update(Text("\n").join(random_row(rng, lines=True) for _ in range(3)))
            log = app.query_one(GameLog)
            log.write(*texts)
            await pilot.pause()
            for widget in [*app.query(Rows), *app.query(Prose)]:
                expected = whole(widget)
                lines = [shown(widget.render_line(y)) for y in range(len(expected))]
                assert lines == expected, (widget.id, [t.plain for t in texts])
                assert [[s.style and s.style.meta for s in line] for line in lines] == [
                    [s.style and s.style.meta for s in line] for line in expected
                ]
            expected = whole(log)
            assert [shown(log.render_line(y)) for y in range(len(expected))] == expected
            width = rng.randint(10, 60)
            quick += sum(quick_strip(log, t, width, log.visual_style) is not None for t in texts)
    assert quick > 200  # most rows take the quick way


HEAVY = (
    "monopoly_tui.engine",
    "monopoly_tui.bots",
    "monopoly_tui.saves",
    "monopoly_tui.session",
    "monopoly_tui.boardfile",
    "monopoly_tui.app.game_screen",
    "monopoly_tui.app.setup",
    "pydantic",
    "yaml",
)

FIRST_SCREEN = """
import sys
from monopoly_tui.cli import build_parser
from monopoly_tui.app import MonopolyApp

build_parser("play").parse_args(["play"])


class FirstScreen(MonopolyApp):
    def prepare(self):  # what the app does once the title screen is up: read the board
        print(sorted(m for m in sys.modules if m.startswith(HEAVY)))
        self.exit()


FirstScreen(autosave=False).run(headless=True)
"""


def test_the_title_screen_comes_up_before_the_engine_the_bots_and_the_saves_are_imported(
    tmp_path: Path,
) -> None:
    """In a fresh interpreter: the command line parsed for a new game and the app up to its title
    screen import none of the rules engine, the bots, the saves, the game's screens, pydantic or YAML
    (the board is read, and these imported, once the title screen is up)."""
    code = f"HEAVY = {HEAVY!r}\n" + FIRST_SCREEN
    env = {
        **os.environ,
        "MONOPOLY_TUI_CONFIG_DIR": str(tmp_path / "config"),
        "MONOPOLY_TUI_DATA_DIR": str(tmp_path / "data"),
    }
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"


async def test_the_title_screen_is_the_first_screen_with_no_blank_screen_beneath() -> None:
    """The app's first screen is the title itself (one screen to lay out before the first frame, not a
    blank one with the title pushed over it); setup opens over it, and back from setup and from a game
    the title is again the one screen on the stack."""
    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.game_screen import GameScreen
    from monopoly_tui.app.setup import SetupScreen
    from monopoly_tui.app.title import TitleScreen

    app = MonopolyApp(autosave=False, seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [TitleScreen]
        await pilot.press("enter")  # «Новая игра»
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [TitleScreen, SetupScreen]
        await pilot.press("escape")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [TitleScreen]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("ctrl+s")  # the two players of setup
        await pilot.pause()
        assert [type(s) for s in app.screen_stack][:2] == [TitleScreen, GameScreen]
        app.return_to_title()
        await pilot.pause()
        assert [type(s) for s in app.screen_stack] == [TitleScreen]


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "ansi-dark"])
async def test_the_squares_render_each_line_as_textual_renders_the_whole_card(theme: str) -> None:
    """The ring's cards are rendered line by line (`Rows`): character for character, style for style and
    with the offsets a selection reads, each line is what Textual renders of the whole card, before and
    after throws that move tokens, buy lots and mark the player to move, and with the cursor on a card;
    a throw repaints only the lines of a card that changed, and a card asked again for its lines with
    nothing refreshed hands over the same lines without working them out again."""
    from pilots import enter_game

    from monopoly_tui.app import MonopolyApp
    from monopoly_tui.app.board import BoardView, SquareCell
    from monopoly_tui.boardfile import load_board

    app = MonopolyApp(load_board(), seed=5, autosave=False)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        app.theme = theme
        await pilot.pause()
        screen = app.screen
        board = screen.query_one(BoardView)
        cells = list(screen.query(SquareCell))
        assert len(cells) == 40
        marked: dict[int, list[tuple[Region, ...]]] = {}
        for cell in cells:
            repaint = cell.refresh

            def mark(*regions: Region, _at: int = cell.index, _repaint: Any = repaint, **flags: Any) -> Any:
                marked.setdefault(_at, []).append(regions)
                return _repaint(*regions, **flags)

            cell.refresh = mark  # type: ignore[method-assign]
        for step in range(6):
            marked.clear()
            for key in ("r", "b", "e", "enter"):
                await pilot.press(key)
                board.finish_walk()
                await pilot.pause()
            # a repainted card whose size stayed marks only its lines that changed, never the whole card
            assert all(regions for calls in marked.values() for regions in calls), marked
            if step == 3:
                board.move_cursor(cells[step].index)
                await pilot.pause()
            for cell in cells:
                expected = whole(cell)
                lines = [shown(cell.render_line(y)) for y in range(len(expected))]
                assert lines == expected, (theme, cell.index)
                assert [[s.style and s.style.meta for s in line] for line in lines] == [
                    [s.style and s.style.meta for s in line] for line in expected
                ]
        cell = cells[5]
        crop = Region(0, 0, *cell.outer_size)
        first = cell.render_lines(crop)
        assert cell.render_lines(crop) is first
        cell.refresh()
        assert cell.render_lines(crop) is not first
