"""Hot-seat play without traps (issue 11): no decision by accident, every key where a player expects it.

Each test drives the app through the keyboard as people passing one laptop around would.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from factory import make_state
from textual.pilot import Pilot
from textual.widgets import Button, DataTable, Input, Select, SelectionList, Static

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.board import BoardView
from monopoly_tui.app.dialogs import HandoffScreen
from monopoly_tui.app.game_screen import GameScreen
from monopoly_tui.app.manage import ManageScreen
from monopoly_tui.app.panels import ChoiceButton, StatePanels
from monopoly_tui.app.prose import Prose
from monopoly_tui.app.saves_screen import ConfirmScreen
from monopoly_tui.app.setup import OnOff, SetupScreen
from monopoly_tui.app.trade import TradeScreen
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import Buy, Decline, ProposeTrade, Roll, Rules, TradeSide, situation

RING = (120, 36)


def plain(text: str) -> str:
    return text.replace("\xa0", " ")


def make_app(rules: Rules | None = None, dice: list[tuple[int, int]] | None = None) -> MonopolyApp:
    return MonopolyApp(load_board(), rules, seed=42, dice=dice or [], autosave=False)


async def start(pilot: Pilot[Any]) -> MonopolyApp:
    await pilot.press("enter", "enter")  # Новая игра, Начать игру with two people
    app = pilot.app
    for _ in range(100):  # a busy machine may take a moment to lay the game screen out
        if isinstance(app.screen, GameScreen) and app.screen.query(StatePanels):
            break
        await pilot.pause(0.05)
    assert isinstance(app, MonopolyApp) and isinstance(app.screen, GameScreen)
    return app


async def test_enter_enter_through_a_trade_offer_handoff_accepts_nothing() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        app.act(Roll(player=0))
        app.act(Buy(player=0))
        app.act(ProposeTrade(player=0, partner=1, give=TradeSide(cash=10_000), take=TradeSide(lots=())))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert situation(session.state) == "trade"  # still waiting for an answer
        assert [e.kind for e in session.state.events] == ["trade_proposed"]
        assert app.screen.focused is None


async def test_enter_on_the_buy_prompt_does_not_buy() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        await pilot.press("enter")  # the roll is the harmless default: Enter throws
        assert session.state.phase == "buy"
        await pilot.press("enter", "enter")
        assert session.state.phase == "buy" and session.state.owner[3] is None
        await pilot.press("b")
        assert session.state.owner[3] == 0


async def test_a_stray_enter_in_an_auction_bids_nothing_until_an_amount_is_chosen() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        await pilot.press("r", "n")  # Игрок 1 declines: the street goes to auction, Игрок 2 bids
        assert situation(session.state) == "auction"
        await pilot.press("enter")
        assert session.state.auction is not None and session.state.auction.high_bidder is None
        await pilot.press("plus", "enter")  # + chooses the minimum bid, Enter places it
        assert session.state.owner[3] == 1


async def test_bankruptcy_asks_first_and_says_who_gets_what() -> None:
    rules = Rules.model_validate({"start": {"cash": 100_000}})
    app = make_app(rules, dice=[(1, 3)])  # income tax of 200 000 with 100 000 in cash
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        await pilot.press("r")
        assert situation(session.state) == "debt"
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        question = app.screen.question.replace("\xa0", " ")
        assert "Игрок 1, объявить банкротство?" in question
        assert "Деньги (100 000 ₽) уходят банку." in question
        assert app.screen.focused is not None and app.screen.focused.id == "no"
        await pilot.press("enter")  # the focused answer is «Нет»
        assert situation(session.state) == "debt"
        await pilot.press("x", "left", "enter")  # ← to «Да»
        assert session.state.is_over and session.state.players[0].bankrupt


async def test_selling_a_groups_buildings_asks_first_with_the_count_and_the_money() -> None:
    app = make_app()
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        session.state = make_state(2, owners={1: 0, 3: 0}, buildings={1: 2, 3: 1})
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        await pilot.press("m", "d")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.replace("\xa0", " ") == (
            "Продать все постройки группы «Коричневые» (домов: 3, отелей: 0) за 75 000 ₽?"
            " Денег станет 1 575 000 ₽."
        )
        await pilot.press("n")
        assert isinstance(app.screen, ManageScreen) and session.state.buildings[1] == 2
        await pilot.press("d", "y")
        assert (session.state.buildings[1], session.state.buildings[3]) == (0, 0)
        assert session.state.players[0].cash == 1_575_000


async def test_arrows_move_between_the_buttons_of_a_prompt_and_of_the_handoff() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def focused_key() -> str | None:
            focused = app.screen.focused
            return focused.choice.key if isinstance(focused, ChoiceButton) and focused.choice else None

        assert focused_key() == "r"
        await pilot.press("right")
        assert focused_key() == "m"
        await pilot.press("right", "right")  # stops at the last button, no wrap
        assert focused_key() == "t"
        await pilot.press("left", "left")
        assert focused_key() == "r"
        await pilot.press("r", "b", "e")
        assert isinstance(app.screen, HandoffScreen)

        def focused_id() -> str | None:
            focused = app.screen.focused
            return focused.id if isinstance(focused, Button) else None

        assert focused_id() == "go-on"
        await pilot.press("right")
        assert focused_id() == "manage"
        await pilot.press("left")
        assert focused_id() == "go-on"


@pytest.mark.parametrize("size", [(80, 24), (120, 36)], ids=["80x24", "120x36"])
async def test_left_and_right_switch_players_in_the_manage_screen_at_every_size(
    size: tuple[int, int],
) -> None:
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        # long names and every action open, so the table is as wide as it gets
        session.state = make_state(2, owners={5: 0, 15: 0, 25: 0, 35: 0, 6: 1, 8: 1, 9: 1}, mortgaged=[35])
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        await pilot.press("m")
        manage = app.screen
        assert isinstance(manage, ManageScreen) and manage.seat == 0
        table = manage.query_one(DataTable)
        assert table.virtual_size.width <= table.size.width  # the whole table fits: nothing to scroll
        await pilot.press("right")
        assert manage.seat == 1
        await pilot.press("left")
        assert manage.seat == 0


async def test_setup_at_80x24_reaches_the_seed_by_keyboard_and_starts_from_it() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Новая игра
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        seed = screen.query_one("#seed", Input)
        for _ in range(40):  # Tab through every field, the screen scrolling along
            if screen.focused is seed:
                break
            await pilot.press("tab")
        assert screen.focused is seed
        await pilot.pause()
        assert seed.region.y + seed.region.height <= 23  # in sight, above the footer
        seed.value = ""
        await pilot.press("ctrl+s")  # no seed: the message right under it
        assert isinstance(app.screen, SetupScreen)
        error = screen.query_one("#error-seed", Static)
        assert error.display and str(error.render()) == "Зерно — целое неотрицательное число."
        seed.value = "12"
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, GameScreen) and app.session is not None
        assert app.session.state.seed == 12


async def test_enter_in_a_setup_field_moves_to_the_next_one() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#cash", Input).focus()
        await pilot.press("enter")
        assert screen.focused is screen.query_one("#limit", Input)


async def test_two_players_of_one_colour_are_refused_in_setup() -> None:
    # Owned squares show their owner's colour: two green players made whose lot it is a guess.
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        screen.query_one("#color-1", Select).value = 0  # Игрок 2 in Игрок 1's red
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen and app.session is None
        assert screen.focused is screen.query_one("#color-1", Select)
        error = screen.query_one("#error-player-1", Static)
        assert error.display and "разные цвета" in str(error.render())
        screen.query_one("#color-1", Select).value = 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.session is not None


async def test_checkboxes_read_on_and_off_without_colour() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")
        box = app.screen.query_one("#rule-auction-enabled", OnOff)
        assert box.value and "✓" in str(box.render()) and "·" not in str(box.render())
        box.value = False
        assert "·" in str(box.render()) and "✓" not in str(box.render())


async def test_trades_can_be_judged_and_the_laptop_goes_back_after_the_answer() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        assert session is not None
        owners = {1: 0, 5: 0, 9: 0, 3: 1, 6: 1, 8: 1}
        session.state = make_state(2, owners=owners, mortgaged=[5])
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        await pilot.press("t")
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        give = trade.query_one("#give", SelectionList)
        await pilot.pause()
        assert trade.focused is give and give.highlighted == 0
        first = plain(str(give.get_option_at_index(0).prompt))
        assert "Житная улица" in first and "60 000 ₽" in first
        await pilot.press("space", "down", "space", "down", "down")  # Житная, Рижская; ↓ stays on the last
        assert give.selected == ["lot:1", "lot:5"] and give.highlighted == 2
        for cash in trade.query(Input):
            assert not cash.has_class("-invalid")  # empty money fields are fine, not red
        trade.query_one("#take", SelectionList).focus()
        await pilot.press("home", "down", "space", "down", "space")  # Варшавское шоссе, Улица Огарёва
        await pilot.pause()
        summary = plain(trade.query_one("#trade-summary", Prose).text.plain)
        assert (
            "Аня отдаёт: «Житная улица» (60 000 ₽), «Рижская железная дорога» (200 000 ₽, в залоге)"
            in summary
        )
        assert "Аня получает: «Варшавское шоссе» (100 000 ₽), «Улица Огарёва» (100 000 ₽)" in summary
        assert "Это даёт игроку Аня всю группу: «Голубые»." in summary
        assert "Это даёт игроку Борис всю группу: «Коричневые»." in summary
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, HandoffScreen)  # to Борис, who answers
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert "Это даёт игроку Борис всю группу: «Коричневые»." in app.screen.prompt.lines
        await pilot.press("n")
        assert situation(session.state) == "calm"
        assert isinstance(app.screen, HandoffScreen) and app.screen.seat == 0  # back to Аня


@pytest.mark.walks
async def test_a_throw_to_an_offer_to_buy_focuses_nothing_and_repaints_only_what_changed() -> None:
    """The offer has no harmless default, so the focus leaves «Бросить кубики» and Enter buys nothing;
    the focus moving neither lays the screen out nor repaints all of it (it repaints the two buttons),
    and the board repaints only the squares the token walks over."""
    from monopoly_tui.app.board import SquareCell

    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        screen = app.screen
        await pilot.pause()
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        whole: list[dict[str, object]] = []
        repaint = screen.refresh

        def spy(*regions: Any, **flags: Any) -> Any:
            if not regions:
                whole.append(flags)
            return repaint(*regions, **flags)

        screen.refresh = spy  # type: ignore[method-assign]
        cells: set[int] = set()

        def watch(cell: SquareCell) -> None:
            paint = cell.refresh

            def spy_cell(*regions: Any, **flags: Any) -> Any:
                cells.add(cell.index)
                return paint(*regions, **flags)

            cell.refresh = spy_cell  # type: ignore[method-assign]

        for cell in screen.query(SquareCell):
            watch(cell)
        await pilot.press("r")
        await pilot.pause(0.6)  # the token has walked to «Житная»
        session = app.session
        assert session is not None and session.state.phase == "buy"
        assert screen.focused is None
        assert whole == [] and layouts == []
        assert cells == {0, 1, 2, 3}  # the token left GO, passed 1 and 2, stands on 3
        await pilot.press("enter")
        assert session.state.phase == "buy" and session.state.owner[3] is None


async def test_the_undo_question_names_the_lot_bought() -> None:
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        app.act(Roll(player=0))
        app.screen.query_one(BoardView).finish_walk()  # (a key would only hurry the token)
        await pilot.press("b", "z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = plain(str(app.screen.query_one(Static).render()))
        assert question == "Отменить последнее решение: Игрок 1 покупает «Нагатинская улица»?"


async def test_after_choosing_another_partner_space_ticks_the_first_lot_of_each_list() -> None:
    # The lists were filled again for the new partner with no row highlighted: Space ticked nothing
    # until an arrow was pressed.
    from textual.widgets import Select, SelectionList

    from monopoly_tui.app.trade import TradeScreen

    app = make_app()
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and app.session is not None
        app.session.state = make_state(3, names=["Игрок 1", "Игрок 2", "Игрок 3"], owners={1: 0, 3: 1, 6: 2})
        app.session.seats = (*app.session.seats, replace(app.session.seats[1], name="Игрок 3"))
        screen.redraw()
        await pilot.press("t")
        await pilot.pause()
        trade = app.screen
        assert isinstance(trade, TradeScreen)
        trade.query_one("#partner", Select).value = 2  # Игрок 3, as chosen from the list
        await pilot.pause()
        await pilot.pause()
        give, take = trade.query_one("#give", SelectionList), trade.query_one("#take", SelectionList)
        give.focus()
        await pilot.press("space")
        take.focus()
        await pilot.press("space")
        await pilot.pause()
        assert give.selected == ["lot:1"] and take.selected == ["lot:6"]


async def test_undo_is_the_deciders_the_partner_handed_an_offer_cannot_take_it_back() -> None:
    # Борис, handed the laptop with Аня's offer, saw «z Отменить» and could take her offer back.
    app = make_app()
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        screen = app.screen
        assert session is not None and isinstance(screen, GameScreen)
        session.state = make_state(2, owners={1: 0, 3: 1})
        screen.redraw()
        app.act(ProposeTrade(player=0, partner=1, give=TradeSide(cash=10_000), take=TradeSide(lots=(3,))))
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and session.can_undo()  # the record allows it, but not at Борис's hands
        assert "Отменить" not in screen.query_one("#keys").render_line(0).text
        await pilot.press("z")
        await pilot.pause()
        assert app.screen is screen and situation(session.state) == "trade"


async def test_a_mistaken_decline_can_be_taken_back_at_the_next_bidders_prompt() -> None:
    # No handoff comes between «не покупать» and the auction: the laptop is still with the decider.
    app = make_app(dice=[(1, 2)])
    async with app.run_test(size=RING) as pilot:
        await start(pilot)
        session = app.session
        screen = app.screen
        assert session is not None and isinstance(screen, GameScreen)
        app.act(Roll(player=0))
        screen.query_one(BoardView).finish_walk()
        app.act(Decline(player=0))
        await pilot.pause()
        assert (
            situation(session.state) == "auction"
            and "Отменить" in screen.query_one("#keys").render_line(0).text
        )
        await pilot.press("z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert session.state.phase == "buy" and session.state.players[0].position == 3


async def test_the_board_is_frozen_out_of_the_collector_while_played_and_given_back_after() -> None:
    """The built board leaves the garbage collector's generations once shown (a full collection no
    longer walks it on a key press), and goes back when the game screen goes, so that the board of a
    game left for the title screen can be collected."""
    import gc

    app = make_app()
    async with app.run_test(size=RING) as pilot:
        gc.unfreeze()
        await start(pilot)
        for _ in range(40):
            if gc.get_freeze_count():
                break
            await pilot.pause(0.05)
        assert gc.get_freeze_count() > 1000
        app.return_to_title()
        for _ in range(40):
            if not isinstance(app.screen, GameScreen) and not gc.get_freeze_count():
                break
            await pilot.pause(0.05)
        assert app.game_screen is None
        assert gc.get_freeze_count() == 0
