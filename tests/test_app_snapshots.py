"""Snapshots of every screen and prompt (pytest-textual-snapshot; textual and rich are pinned).

After an intended change of the look, run `.venv/bin/pytest tests/test_app_snapshots.py
--snapshot-update`, then look at the new SVGs in tests/__snapshots__/ before committing them.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest
from pilots import enter_game, game_ready
from textual.pilot import Pilot

from monopoly_tui.app import MonopolyApp
from monopoly_tui.boardfile import load_board
from monopoly_tui.engine import (
    Action,
    Buy,
    Decline,
    EndTurn,
    Mortgage,
    ProposeTrade,
    Roll,
    Rules,
    TradeSide,
)

SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def tokens_jump(monkeypatch: pytest.MonkeyPatch) -> None:
    """Snapshots show where tokens stand: no walk half-way through at the moment of the picture."""
    from monopoly_tui.app.board import BoardView

    monkeypatch.setattr(BoardView, "WALK_STEP", 0)


RING = (120, 36)
BIG = (160, 50)
COMPACT = (80, 24)


def make_app(rules: Rules | None = None, dice: Sequence[tuple[int, int]] = ()) -> MonopolyApp:
    return MonopolyApp(load_board(), rules, seed=42, dice=list(dice))


def start_and(*actions: Action) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Start a default game from the title screen, then apply actions as the players would."""

    async def run_before(pilot: Pilot[Any]) -> None:
        app = await enter_game(pilot)
        for action in actions:
            app.act(action)
            await pilot.pause()
            if app.screen.__class__.__name__ == "HandoffScreen":
                await pilot.press("enter")
        await pilot.pause()

    return run_before


def test_title(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=RING)


def test_setup(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=RING, press=["enter"])


@pytest.mark.parametrize("size", [RING, BIG, COMPACT], ids=["120x36", "160x50", "80x24"])
def test_board_at_the_start(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, press=["enter", "enter"])


def test_too_small_window_asks_for_a_bigger_one(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=(60, 20), press=["enter", "enter"])


def test_buy_prompt(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    assert snap_compare(app, terminal_size=RING, run_before=start_and(Roll(player=0)))


def test_auction_prompt(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    assert snap_compare(app, terminal_size=RING, run_before=start_and(Roll(player=0), Decline(player=0)))


def test_jail_prompt_after_three_doubles(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(3, 3), (1, 1), (2, 2), (1, 2)])
    actions = (
        Roll(player=0),
        Buy(player=0),
        Roll(player=0),
        Buy(player=0),
        Roll(player=0),
        EndTurn(player=0),
        Roll(player=1),
        Buy(player=1),
        EndTurn(player=1),
    )
    assert snap_compare(app, terminal_size=RING, run_before=start_and(*actions))


def test_turn_change_handoff(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])

    async def run_before(pilot: Pilot[Any]) -> None:
        await start_and(Roll(player=0), Buy(player=0))(pilot)
        await pilot.press("e")

    assert snap_compare(app, terminal_size=RING, run_before=run_before)


def test_debt_prompt(snap_compare: SnapCompare) -> None:
    rules = Rules.model_validate({"start": {"cash": 150_000}})
    app = make_app(rules, dice=[(1, 2), (1, 3)])
    actions = (Roll(player=0), Buy(player=0), EndTurn(player=0), Roll(player=1))
    assert snap_compare(app, terminal_size=RING, run_before=start_and(*actions))


def test_trade_offer_prompt_and_mortgage_choice(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(cash=50_000))
    actions = (Roll(player=0), Buy(player=0), Mortgage(player=0, square=3), offer)
    assert snap_compare(app, terminal_size=RING, run_before=start_and(*actions), press=["y"])


def test_manage_screen(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    assert snap_compare(
        app, terminal_size=RING, run_before=start_and(Roll(player=0), Buy(player=0)), press=["m"]
    )


def test_trade_composer(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    assert snap_compare(
        app, terminal_size=RING, run_before=start_and(Roll(player=0), Buy(player=0)), press=["t"]
    )


def test_rules_screen(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=RING, run_before=start_and(), press=["question_mark"])


def worth_history(rounds: int = 40) -> list[tuple[int, int]]:
    """Two players' net worth round by round: Игрок 2 pulls ahead, Игрок 1 goes bankrupt."""
    return [(1_500_000 - 30_000 * r, 1_500_000 + 45_000 * r) for r in range(rounds)] + [(0, 3_300_000)]


@pytest.mark.parametrize("size", [RING, BIG, COMPACT], ids=["120x36", "160x50", "80x24"])
def test_game_over(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    rules = Rules.model_validate({"start": {"cash": 100_000}})
    app = make_app(rules, dice=[(1, 3)])
    from monopoly_tui.app.gameover import GameOverScreen
    from monopoly_tui.engine import DeclareBankruptcy

    async def run_before(pilot: Pilot[Any]) -> None:
        await start_and(Roll(player=0), DeclareBankruptcy(player=0))(pilot)
        assert isinstance(pilot.app, MonopolyApp) and pilot.app.session is not None
        # a long game: forty rounds' history on the chart, and the game over in the fortieth round
        session = pilot.app.session
        session.worth = worth_history()
        session.state = session.state._replace(round=len(session.worth) - 1)
        pilot.app.pop_screen()
        pilot.app.push_screen(GameOverScreen(session))
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_trade_offer_prompt(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    offer = ProposeTrade(player=0, partner=1, give=TradeSide(lots=(3,)), take=TradeSide(cash=50_000))
    assert snap_compare(app, terminal_size=RING, run_before=start_and(Roll(player=0), Buy(player=0), offer))


def test_end_turn_prompt(snap_compare: SnapCompare) -> None:
    app = make_app(dice=[(1, 2)])
    assert snap_compare(app, terminal_size=RING, run_before=start_and(Roll(player=0), Buy(player=0)))


def crafted(**fields: Any) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Start a default game, then put the session in a state built by the test factory."""

    async def run_before(pilot: Pilot[Any]) -> None:
        from factory import make_state

        from monopoly_tui.app.game_screen import GameScreen

        app = await enter_game(pilot)
        assert app.session is not None
        app.session.state = make_state(2, **fields)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.redraw()
        await pilot.pause()

    return run_before


def test_utility_roll_prompt(snap_compare: SnapCompare) -> None:
    before = crafted(positions={0: 12}, owners={12: 1}, phase="utility_roll", pending_square=12)
    assert snap_compare(make_app(), terminal_size=RING, run_before=before)


def test_placement_prompt(snap_compare: SnapCompare) -> None:
    from monopoly_tui.engine.state import Placement

    before = crafted(
        owners={6: 0, 8: 0, 9: 0, 1: 1, 3: 1},
        buildings={6: 2, 8: 1, 9: 1, 1: 1, 3: 1},
        placement=Placement(seat=0, building="house"),
        phase="end_turn",
    )
    assert snap_compare(make_app(), terminal_size=RING, run_before=before)


def mid_game() -> Callable[[Pilot[Any]], Awaitable[None]]:
    """Five players well into a game: owners of every colour, houses, hotels, mortgages, a token in
    jail and three on one square (Вера's, whose turn it is). The game goes on from that position, so
    that the players, the prompt and the log name the same five from the start."""

    async def run_before(pilot: Pilot[Any]) -> None:
        from factory import make_state

        app = pilot.app
        assert isinstance(app, MonopolyApp)
        await pilot.pause()
        state = make_state(
            5,
            names=["Аня", "Борис", "Вера", "Глеб", "Дина"],
            positions={0: 39, 1: 10, 2: 24, 3: 24, 4: 24},
            owners={1: 0, 3: 0, 6: 1, 8: 1, 9: 1, 21: 2, 23: 2, 24: 2, 39: 3, 37: 3, 5: 4, 15: 4, 12: 0},
            buildings={1: 2, 3: 3, 6: 5, 8: 4, 9: 4, 21: 1, 23: 1, 24: 2},
            mortgaged=[39, 12],
            in_jail=[1],
            turn=2,
        )
        app.start_from_position(state)
        await game_ready(pilot)

    return run_before


@pytest.mark.parametrize("size", [RING, BIG, COMPACT], ids=["120x36", "160x50", "80x24"])
def test_mid_game_board(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    assert snap_compare(make_app(), terminal_size=size, run_before=mid_game())


@pytest.mark.parametrize("size", [RING, BIG, COMPACT], ids=["120x36", "160x50", "80x24"])
def test_square_inspector(snap_compare: SnapCompare, size: tuple[int, int]) -> None:
    """Key l, then the cursor three squares on: Вера's built-up red street (the list: two rows on)."""
    keys = ["l", "left", "left", "left"] if size != COMPACT else ["l", "down", "down"]
    assert snap_compare(make_app(), terminal_size=size, run_before=mid_game(), press=keys)


@pytest.mark.parametrize("size", [RING, BIG, COMPACT], ids=["120x36", "160x50", "80x24"])
def test_a_move_in_progress(
    snap_compare: SnapCompare, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thrown 4 + 5 from GO: Игрок 1's token three squares along its way to 1-я Парковая (9) (in the
    compact layout the list's highlighted row with it, on Нагатинская)."""
    from monopoly_tui.app.board import BoardView

    monkeypatch.setattr(BoardView, "WALK_STEP", 1000)  # the walk waits for the picture

    async def run_before(pilot: Pilot[Any]) -> None:
        app = await enter_game(pilot)
        app.act(Roll(player=0))
        await pilot.pause()
        board = pilot.app.screen.query_one(BoardView)
        assert board.walking
        for _ in range(3):
            board._walk_on()
        await pilot.pause()

    assert snap_compare(make_app(dice=[(4, 5)]), terminal_size=size, run_before=run_before)


def test_setup_at_80x24(snap_compare: SnapCompare) -> None:
    assert snap_compare(make_app(), terminal_size=COMPACT, press=["enter"])


def test_bankruptcy_confirmation(snap_compare: SnapCompare) -> None:
    from monopoly_tui.engine import Debt

    debt = Debt(debtor=0, creditor=1, amount=500_000, reason="rent")
    before = crafted(
        owners={1: 0, 3: 0, 5: 0},
        buildings={1: 1, 3: 1},
        mortgaged=[5],
        cash={0: 1_000},
        debts=(debt,),
        phase="end_turn",
    )
    assert snap_compare(make_app(), terminal_size=RING, run_before=before, press=["x"])


def test_sell_group_confirmation(snap_compare: SnapCompare) -> None:
    before = crafted(owners={1: 0, 3: 0}, buildings={1: 2, 3: 1})
    assert snap_compare(make_app(), terminal_size=RING, run_before=before, press=["m", "d"])


def test_trade_summary(snap_compare: SnapCompare) -> None:
    """The composer with lots ticked both ways: the summary of both sides and the groups completed."""
    before = crafted(owners={1: 0, 5: 0, 9: 0, 3: 1, 6: 1, 8: 1}, mortgaged=[5])
    # the partner's list, entered by Tab, has its first row highlighted: down to the second
    keys = ["t", "space", "down", "space", "tab", "tab", "down", "space", "down", "space"]
    assert snap_compare(make_app(), terminal_size=RING, run_before=before, press=keys)


def test_trade_summary_at_80x24(snap_compare: SnapCompare) -> None:
    """The same composer in the smallest window: frameless fields and buttons over the whole window,
    lists with rows to choose from and the summary under them, nothing cut."""
    before = crafted(owners={1: 0, 5: 0, 9: 0, 3: 1, 6: 1, 8: 1}, mortgaged=[5])
    # the partner's list, entered by Tab, has its first row highlighted: down to the second
    keys = ["t", "space", "down", "space", "tab", "tab", "down", "space", "down", "space"]
    assert snap_compare(make_app(), terminal_size=COMPACT, run_before=before, press=keys)


def test_a_throw_in_the_compact_layout(snap_compare: SnapCompare) -> None:
    """80x24 once the token stands: thrown 4 + 5 from GO, the dice line shows the throw and the list
    of squares stands at 1-я Парковая (9) with Игрок 1's token, the prompt after the move beside it."""
    assert snap_compare(make_app(dice=[(4, 5)]), terminal_size=COMPACT, press=["enter", "enter", "r"])
