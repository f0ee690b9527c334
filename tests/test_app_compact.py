"""The compact layout (80x24) where a full table leaves the prompt little room: its lines (and an
auction's bid) scroll by keys as by the wheel, the footer says so where it has room, and nothing of the
prompt is cut: its title and buttons stay on the screen. The trade composer's two sides side by side."""

from __future__ import annotations

from typing import Any

from factory import make_state
from pilots import enter_game
from rich.text import Text
from textual.widget import Widget
from textual.widgets import SelectionList

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.panels import ChoiceButton, KeyBar, PromptPanel
from monopoly_tui.app.prose import Prose
from monopoly_tui.app.trade import TradeScreen
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Debt
from monopoly_tui.engine.state import Auction, LastCard
from monopoly_tui.money import rubles
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

EIGHT = tuple(f"Игрок {n + 1}" for n in range(8))
CHAIRMAN = LastCard("chance", 14, 0)
"""«Вас избрали председателем правления…»: three lines of card over the prompt."""


async def full_table(pilot: Any, **fields: Any) -> tuple[GameScreen, PromptPanel, Widget]:
    """Eight players at 80x24, the dice thrown and a long card drawn, then the state of the test."""
    app = pilot.app
    await enter_game(pilot)
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen) and app.session is not None
    app.session.seats = tuple(Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(EIGHT))
    app.session.state = make_state(8, names=EIGHT, last_card=CHAIRMAN, dice=(3, 4), **fields)
    screen.redraw()
    await pilot.pause()
    await pilot.pause()
    panel = screen.query_one(PromptPanel)
    return screen, panel, panel.query_one("#prompt-body")


def on_screen(widget: Widget, height: int = 24) -> bool:
    """The widget is shown whole, above the footer."""
    region = widget.region
    return region.height > 0 and region.y >= 0 and region.bottom <= height - 1


async def test_a_long_debt_prompt_scrolls_by_keys_and_keeps_its_buttons() -> None:
    """Игрок 1 owes 100 000 ₽ with 1 000 ₽ in hand (lots to mortgage: no bankruptcy key), under eight
    players, the dice and a three-line card: the prompt's lines scroll by ↑/↓ and PgUp/PgDn."""
    debt = Debt(debtor=0, creditor=1, amount=100_000, reason="rent")
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, panel, body = await full_table(
            pilot,
            owners={1: 0, 3: 0, 5: 0, 15: 0},
            buildings={1: 1, 3: 1},
            cash={0: 1_000},
            debts=(debt,),
            phase="end_turn",
        )
        assert panel.scrolls and body.max_scroll_y > 0  # the lines are cut to the room there is
        assert screen.focused is None  # a debt focuses nothing: the keys go to the screen
        assert "↑↓ Листать" in screen.query_one(KeyBar).render().plain  # type: ignore[union-attr]
        buttons = [b for b in panel.query(ChoiceButton) if b.choice is not None]
        assert buttons and all(on_screen(b) for b in buttons)
        assert on_screen(panel.query_one("#prompt-title"))
        assert body.scroll_y == 0
        await pilot.press("down")
        assert body.scroll_y == 1
        await pilot.press("pagedown")
        assert body.scroll_y == body.max_scroll_y
        await pilot.press("up")
        assert body.scroll_y == body.max_scroll_y - 1
        await pilot.press("pageup", "pageup")
        assert body.scroll_y == 0
        assert app.session is not None and len(app.session.state.debts) == 1  # the keys only scrolled


async def test_an_auction_scrolls_by_the_arrows_and_keeps_the_amount_typed_in_sight() -> None:
    """PgUp/PgDn step the bid in an auction; ↑/↓ scroll its lines; once an amount is chosen, it is in
    sight however the lines were scrolled."""
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        screen, panel, body = await full_table(
            pilot, positions={0: 39}, phase="buy", pending_square=39, auction=Auction(39, tuple(range(8)))
        )
        assert panel.scrolls and body.max_scroll_y > 0
        buttons = [b for b in panel.query(ChoiceButton) if b.choice is not None]
        assert [b.choice.key for b in buttons if b.choice] == ["enter", "p"]
        assert all(on_screen(b) for b in buttons)
        await pilot.press("down")
        assert body.scroll_y == 1
        await pilot.press("up")
        assert body.scroll_y == 0
        await pilot.press("plus", "pageup")  # the minimum, then 100 000 ₽ more: the bid, not the lines
        await pilot.pause()
        assert screen.bid_chosen and screen.bid_amount == 101_000
        bid = panel.query_one("#bid")
        shown = body.scroll_y
        assert shown > 0 and bid.virtual_region.y - shown == 0  # the amount's line is the first shown
        assert rubles(101_000) in bid.render().plain.split("\n")[0]  # type: ignore[union-attr]


async def test_a_prompt_that_fits_binds_no_scroll_keys() -> None:
    """Two players: the debt prompt fits whole; ↑/↓ scroll nothing and the footer has no scroll key."""
    debt = Debt(debtor=0, creditor=1, amount=500_000, reason="rent")
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_game(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session is not None
        app.session.state = make_state(2, owners={1: 0}, cash={0: 1_000}, debts=(debt,), phase="end_turn")
        screen.redraw()
        await pilot.pause()
        await pilot.pause()
        panel = screen.query_one(PromptPanel)
        assert not panel.scrolls and not screen.check_action("scroll_prompt", (1, 0))
        assert "↑↓" not in screen.query_one(KeyBar).render().plain  # type: ignore[union-attr]


async def test_the_trade_composers_two_lists_start_on_the_same_row() -> None:
    """At 80x24 «Получаете от игрока Борис (1 500 000 ₽)» took two lines and «Отдаёте (1 500 000 ₽)»
    one; now the window is short of rows and the partner's name is left to the choice above: one line
    each, the lists (and the cash fields under them) side by side, row for row, with ten rows to
    choose from and the summary under them. Wider titles that wrap are aligned the same way. Every
    lot's row fits its list: the mortgaged Рижская ж/д says «залог» in place of its price where both
    have no room."""
    app = MonopolyApp(load_board(), seed=42, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await enter_game(pilot)
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session is not None
        app.session.seats = tuple(
            Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(["Аня", "Борис"])
        )
        owners = {1: 0, 5: 0, 3: 1, 6: 1}
        app.session.state = make_state(2, names=["Аня", "Борис"], owners=owners, mortgaged=[5])
        screen.redraw()
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        await pilot.pause()
        trade = app.screen
        give, take = trade.query_one("#give-title", Prose), trade.query_one("#take-title", Prose)
        rows = [line.plain for line in take.lines(take.content_region.width)]
        assert rows == [f"Получаете ({rubles(1_500_000)})"]
        assert give.region.y == take.region.y and give.region.height == take.region.height == 1
        lists = list(trade.query(SelectionList))
        assert len(lists) == 2 and lists[0].region.y == lists[1].region.y
        assert lists[0].region.height == lists[1].region.height >= 12  # ten rows inside the frame
        assert trade.query_one("#give-cash").region.y == trade.query_one("#take-cash").region.y
        room = TradeScreen.room(lists[0])
        assert room is not None
        labels = [lists[0].get_option_at_index(i).prompt for i in range(lists[0].option_count)]
        assert all(isinstance(label, Text) and label.cell_len <= room for label in labels)
        assert [str(label).split()[-1] for label in labels] == ["₽", "залог"]  # Житная, Рижская ж/д
        # both lots given and cash asked for: the summary's four lines fit under lists of six rows
        await pilot.press("space", "down", "space", "tab", "tab", "tab", *"250000")
        await pilot.pause()
        summary = trade.query_one("#trade-summary", Prose)
        assert len(summary.text.plain.splitlines()) >= 4 and summary.region.height >= 4
        assert lists[0].region.height >= 8 and summary.region.bottom <= trade.query_one("#propose").region.y


async def test_at_80x24_with_a_computer_player_every_key_of_a_jailed_persons_prompt_keeps_its_label() -> None:
    """Аня in jail with a card, a computer player at the table at the instant pace, and a mortgage of
    hers to take back: the prompt's five keys, undo and the pace key. The pace's label («Темп
    компьютера: мгновенный») counted as one of the prompt's, so the footer dropped every label, «r f c
    m t z s l ? ^q»; now it is one of the keys always there, shortened with them."""
    from monopoly_tui.engine import Mortgage, from_position
    from monopoly_tui.session import GameSession

    state = from_position(
        "MPN1 Аня:500000@10j1+chance7 Робот:500000@0 turn=0 own=1:0,3:0 seed=3", load_board()
    )
    seats = [
        Seat("Аня", PLAYER_TOKENS[0], PLAYER_COLORS[0]),
        Seat("Робот", PLAYER_TOKENS[1], PLAYER_COLORS[1], "simple"),
    ]
    app = MonopolyApp(load_board(), autosave=False)
    app.bot_speed = 2
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.begin(GameSession.start(load_board(), seats, seed=3, position=state))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session is not None
        app.act(Mortgage(player=0, square=1))
        await pilot.pause()
        assert [c.key for c in screen.prompt.choices] == ["r", "f", "c", "m", "t"] and app.session.can_undo()
        footer = screen.query_one(KeyBar).render().plain  # type: ignore[union-attr]
        for key, label in (
            ("r", "Бросить"),
            ("f", "Штраф"),
            ("c", "Карточка"),
            ("m", "Управление"),
            ("t", "Сделка"),
        ):
            assert f"{key} {label}" in footer, footer
        assert "z Отменить" in footer and " s " in footer and footer.endswith("^q")
