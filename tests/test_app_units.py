"""The app's pure parts: prompts built from legal_actions, event sentences, the message catalog, cells;
and a resize sweep of the running app."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from factory import board, make_state, play, roll
from pilots import enter_game
from playout import choose

from monopoly_tui.app import MonopolyApp
from monopoly_tui.app.cells import cell_text, grid_position, name_lines, squares_in_grid_order
from monopoly_tui.app.chart import worth_plot
from monopoly_tui.app.prompts import deed as title_deed
from monopoly_tui.app.prompts import prompt_for
from monopoly_tui.engine import (
    Bid,
    Build,
    Buy,
    Decline,
    EndTurn,
    Event,
    Mortgage,
    ProposeTrade,
    Roll,
    Rules,
    SellDown,
    TradeSide,
    Unmortgage,
    apply,
    current_actor,
    is_legal,
    new_game,
)
from monopoly_tui.engine.actions import KIND_OF
from monopoly_tui.engine.events import EventKind
from monopoly_tui.locale import has
from monopoly_tui.narrate import narrate, narrate_action
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, Seat

PACKAGE = Path(__file__).resolve().parent.parent / "monopoly_tui"
SEATS = [Seat(name, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, name in enumerate(["Аня", "Борис", "Вера"])]


def test_prompts_offer_only_legal_actions_and_address_the_actor_by_name() -> None:
    """Over many random games every prompt names whoever must act and offers only legal actions."""
    rules = Rules.model_validate(
        {"start": {"cash": 250_000}, "buildings": {"houses": 6}, "end": {"turn_limit": 60}}
    )
    situations = set()
    for seed in range(12):
        chooser = random.Random(seed)
        state = new_game(board(), ["Аня", "Борис", "Вера"], seed=seed, rules=rules)
        while not state.is_over:
            prompt = prompt_for(state)
            actor = current_actor(state)
            assert prompt.seat == actor
            assert state.players[actor].name in prompt.title  # type: ignore[index]
            for choice in prompt.choices:
                assert choice.action is None or is_legal(state, choice.action), (choice, state.phase)
                assert choice.action is not None or choice.command in ("manage", "trade", "bid")
            assert len({c.key for c in prompt.choices}) == len(prompt.choices)
            situations.add(prompt.title.split(",")[-1][:12])
            state = apply(state, choose(state, chooser))
        assert "Победитель" in prompt_for(state).title
    assert len(situations) >= 8


def test_buy_prompt_without_the_money_offers_only_declining() -> None:
    state = play(make_state(2, cash={0: 50_000}), roll(0, 1, 2))
    prompt = prompt_for(state)
    assert [c.action for c in prompt.choices if c.action] == [Decline(player=0)]
    assert Buy(player=0) not in [c.action for c in prompt.choices]
    assert any("не хватает" in line.lower() for line in prompt.lines)


def test_every_event_kind_has_a_russian_sentence() -> None:
    kinds = set(EventKind.__args__)  # type: ignore[attr-defined]
    assert {k for k in kinds if not has(f"event.{k}")} == set()


def test_every_action_kind_has_a_russian_phrase() -> None:
    kinds = set(KIND_OF.values())
    assert len(kinds) == 20
    assert {k for k in kinds if not has(f"action.{k}")} == set()
    state = make_state(2)
    assert narrate_action(EndTurn(player=1), state) == "Борис завершает ход"


def test_a_decision_named_alone_says_what_it_was_about() -> None:
    # The undo question asked «Отменить последнее решение: «Игрок 1 покупает»?» without the lot.
    state = make_state(2, owners={1: 0, 3: 0}, buildings={3: 1}, positions={1: 39})
    assert narrate_action(Buy(player=1), state) == "Борис покупает «Улица Арбат»"
    assert narrate_action(Decline(player=1), state) == "Борис не покупает «Улица Арбат»"
    assert narrate_action(Build(player=0, square=3), state) == "Аня строит на поле «Нагатинская улица»"
    assert narrate_action(Mortgage(player=0, square=1), state) == "Аня закладывает «Житная улица»"
    assert narrate_action(Unmortgage(player=0, square=1), state) == "Аня выкупает из залога «Житная улица»"
    assert narrate_action(SellDown(player=0, group="brown", level=0), state).startswith(
        "Аня продаёт постройки группы «"
    )
    assert narrate_action(Bid(player=1, amount=70_000), state) == "Борис ставит 70\u00a0000\u00a0₽"
    trade = ProposeTrade(player=0, partner=1, give=TradeSide(cash=1), take=TradeSide())
    assert narrate_action(trade, state) == "Аня предлагает сделку игроку Борис"


def test_narration_of_a_whole_game_is_russian_and_complete() -> None:
    rules = Rules.model_validate(
        {"start": {"cash": 250_000}, "buildings": {"houses": 6}, "end": {"turn_limit": 60}}
    )
    for seed in range(6):
        chooser = random.Random(seed)
        state = new_game(board(), ["Аня", "Борис"], seed=seed, rules=rules)
        while not state.is_over:
            state = apply(state, choose(state, chooser))
            for event in state.events:
                sentence = narrate(event, state)
                assert sentence and "{" not in sentence and "None" not in sentence
                assert any("а" <= ch <= "я" for ch in sentence.lower())


def literal_keys() -> set[str]:
    """Every message key passed as a plain string literal to tr() in the package."""
    keys = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "tr"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                keys.add(node.args[0].value)
    return keys


def test_every_message_the_code_asks_for_is_in_the_catalog() -> None:
    assert {key for key in literal_keys() if not has(key)} == set()


def test_no_russian_text_outside_the_catalog_in_the_app() -> None:
    """Players' text lives in the catalog (so an English one can be added): no Cyrillic string
    literals in the app's code; docstrings, comments and key names (the Cyrillic twin of a key) aside."""
    offenders = []
    for path in (PACKAGE / "app").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                keys = all(len(part) == 1 or part.isascii() for part in node.value.split(","))
                if not keys and any("а" <= ch <= "я" or ch == "ё" for ch in node.value.lower()):
                    offenders.append((path.name, node.lineno, node.value[:30]))
    assert offenders == []


def test_the_ring_places_every_square_once_clockwise_from_go() -> None:
    positions = [grid_position(i) for i in range(40)]
    assert len(set(positions)) == 40
    assert positions[0] == (10, 10) and positions[10] == (10, 0)
    assert positions[20] == (0, 0) and positions[30] == (0, 10)
    assert all(r in (0, 10) or c in (0, 10) for r, c in positions)
    assert squares_in_grid_order()[:11] == list(range(20, 31))


def test_names_take_two_lines_whole_words_and_short_forms_only_where_needed() -> None:
    # the full name where it fits, with the group's mark leading
    assert name_lines("Житная улица", "Житная ул.", "К", 9, 2) == ["К Житная", "улица"]
    assert name_lines("Площадь Маяковского", "Пл. Маяковск.", "Кр", 12, 2) == ["Кр Площадь", "Маяковского"]
    # the board's short form where the full one does not fit; a word is never broken across lines
    assert name_lines("Рублёвское шоссе", "Рублёвское ш.", "О", 15, 1) == ["О Рублёвское ш."]
    assert name_lines("Гоголевский бульвар", "Гоголевск. б-р", "З", 15, 1) == ["Гоголевск. б-р"]
    # a word longer than the card is shortened after a consonant, with a dot
    assert name_lines("Нагатинская улица", "Нагатинская", "К", 9, 2) == ["К", "Нагатинс."]
    assert name_lines("Варшавское шоссе", "Варшавское ш.", "Г", 9, 2) == ["Варшавск.", "ш."]


def test_a_cell_shows_price_then_owner_buildings_and_tokens() -> None:
    state = make_state(2, owners={37: 1, 39: 1}, buildings={37: 4, 39: 5}, positions={0: 39})
    text = cell_text(state, SEATS, 39, 15, 3, here=True).plain.splitlines()
    assert text[0].startswith("С Улица Арбат")
    assert text[1] == f"{SEATS[1].token} отель".ljust(15)
    assert text[2] == f"▶ {SEATS[0].token} ".ljust(15)  # Аня's turn: her square is marked
    unowned = cell_text(state, SEATS, 1, 10, 4).plain.splitlines()
    assert unowned[:3] == ["К Житная  ", "улица     ", "60\u00a0000\u00a0₽"]


@pytest.mark.long
async def test_resizing_from_tiny_to_huge_never_crashes() -> None:
    app = MonopolyApp(board(), seed=1)
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot, "r")
        for width, height in [(20, 5), (79, 23), (80, 24), (119, 35), (120, 36), (160, 50), (300, 100)]:
            await pilot.resize_terminal(width, height)
            await pilot.pause()
            small = app.screen.has_class("too-small")
            assert small == (width < 80 or height < 24)
        for width in range(20, 301, 37):
            await pilot.resize_terminal(width, 5 + width // 3)
            await pilot.pause()
        await pilot.resize_terminal(120, 36)
        await pilot.press("b")
        assert app.session is not None and app.session.state.owner[app.session.state.players[0].position] == 0


async def test_a_window_too_small_for_the_board_decides_nothing_until_it_is_big_enough() -> None:
    # At 40x12 the board is replaced by «Окно слишком маленькое», but its keys still acted: «r» threw
    # the dice and «b» bought a lot nobody could see (and the footer still offered them).
    app = MonopolyApp(board(), seed=1, autosave=False, dice=[(1, 2)])
    async with app.run_test(size=(120, 36)) as pilot:
        await enter_game(pilot)
        session = app.session
        assert session is not None
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        screen = app.screen
        assert screen.has_class("too-small") and not screen.query_one("KeyBar").display
        before = session.state
        await pilot.press("r", "b", "n", "e", "m", "t", "l", "s", "z", "enter", "1", "plus")
        await pilot.pause()
        assert app.screen is screen and session.state is before and app.bot_speed == 0
        await pilot.press("question_mark")  # the rules are only read
        assert app.screen.__class__.__name__ == "RulesScreen"
        await pilot.press("escape")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        await pilot.press("r")  # big enough again: the same prompt, its keys back
        await pilot.pause()
        assert session.state.players[0].position == 3 and screen.query_one("KeyBar").display


def test_the_net_worth_chart_has_one_scale_axes_and_a_legend() -> None:
    worth = [(1_500_000 - 30_000 * r, 1_500_000 + 45_000 * r) for r in range(40)] + [(0, 3_300_000)]
    lines = worth_plot(worth, SEATS[:2], 60, 14).plain.split("\n")
    assert len(lines) == 14 and all(len(line) <= 60 for line in lines)
    assert lines[0].startswith("5\u00a0000\u00a0000\u00a0₽ ┤")  # the shared top: 3.3 million rounded up
    assert lines[9].strip().startswith("0\u00a0₽ ┤")  # the bottom of the money axis
    assert lines[10].strip().startswith("└──")
    # forty rounds begun and the end of the game (in the fortieth): the axis ends at 40, not 41
    assert lines[11].strip().startswith("1") and lines[11].endswith("40") and "раунды" in lines[11]
    assert lines[12:] == [
        f" {SEATS[0].token}  Аня  0\u00a0₽",
        f" {SEATS[1].token}  Борис  3\u00a0300\u00a0000\u00a0₽",
    ]
    plot = [line.split("┤" if "┤" in line else "│", 1)[1] for line in lines[:10]]
    # the first round: both at 1.5 million, on one row; the last: Аня at the bottom, Борис above
    assert plot[-1][-1] == SEATS[0].token and SEATS[1].token in "".join(row[-1] for row in plot[:-1])
    assert [row[0] for row in plot].count(" ") == 9


def test_a_short_chart_leaves_its_legend_to_the_standings_and_keeps_its_rows_for_the_plot() -> None:
    """At 80x24 the chart of four players had 9 rows: 3 for the plot (0, 2.5 and 5 million), 4 for a
    legend that repeats the standings above it (each token and name in its colour, with the net worth).
    Where a legend would leave the plot fewer than 8 rows it is left out: the plot gets them all."""
    worth = [tuple(1_500_000 + k * 100_000 * r for k in range(3)) for r in range(30)]
    lines = worth_plot(worth, SEATS, 60, 8).plain.split("\n")
    assert len(lines) == 8 and lines[-2].strip().startswith("└──") and "раунды" in lines[-1]
    assert not any(SEATS[0].name in line for line in lines)  # no legend: six rows of plot, not three
    tall = worth_plot(worth, SEATS, 60, 13).plain.split("\n")
    assert len(tall) == 13 and tall[-3].startswith(f" {SEATS[0].token}  {SEATS[0].name}")


def test_the_throws_for_who_begins_are_told_as_such_even_doubles() -> None:
    rules = Rules.model_validate({"start": {"first_by_roll": True}})
    state = make_state(2, rules=rules)
    line = narrate(Event(kind="dice_rolled", player=0, dice=(3, 3), reason="first"), state)
    assert line == "Аня бросает кубики, чтобы решить, кто начнёт: 3 и 3."


def test_the_buy_prompt_shows_the_title_deed() -> None:
    """Amounts use no-break spaces; they are compared here with plain ones."""
    b = board()

    def deed(square: int) -> str:
        return title_deed(b.property(square)).replace("\u00a0", " ")

    assert deed(3).split("\n") == [
        "Аренда 4 000 ₽, у владельца всей группы 8 000 ₽. Дом 50 000 ₽, залог 30 000 ₽.",
        "С домами (1–4): 20 000 / 60 000 / 180 000 / 320 000 ₽, с отелем 450 000 ₽.",
    ]
    assert (
        deed(5)
        == "Аренда 25 000 / 50 000 / 100 000 / 200 000 ₽ — по числу вокзалов у владельца. Залог 100 000 ₽."
    )
    assert deed(12) == (
        "Аренда 4 000 ₽ за очко на кубиках, у владельца обоих предприятий 10 000 ₽. Залог 75 000 ₽."
    )
    state = play(make_state(2), roll(0, 1, 2))
    assert prompt_for(state).lines[0] == title_deed(b.property(3))


def test_a_game_from_a_position_charts_net_worth_once_a_round_from_its_round() -> None:
    # From round 9 every turn of round 9 added a point (worth filled up to 9 entries) and the chart's
    # rounds axis ran from 1.
    from monopoly_tui.engine import from_position
    from monopoly_tui.session import GameSession

    state = from_position("MPN1 Аня:1500000@0 Борис:1500000@0 Вера:1500000@0 turn=0 round=9 seed=3", board())
    # an income tax, just visiting the jail, an income tax: nothing to buy, nothing bid
    session = GameSession.start(state.board, SEATS, seed=3, position=state, dice=[(1, 3), (6, 4), (1, 3)])
    assert session.first_round == 9 and len(session.worth) == 1
    for seat in range(3):  # the three turns of round 9
        session.act(Roll(player=seat))
        assert session.state.phase == "end_turn"
        session.act(EndTurn(player=seat))
    assert session.state.round == 10 and len(session.worth) == 2  # the starts of rounds 9 and 10
    ticks = worth_plot([*session.worth, session.worth[-1]], SEATS, 60, 13, first=9).plain.split("\n")[-4]
    assert ticks.split()[0] == "9" and ticks.split()[-1] == "10" and "раунды" in ticks
