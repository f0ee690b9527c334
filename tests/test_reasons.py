"""Every refusal names its reason in Russian: the engine gives a reason code and its values
(engine/errors.py), the catalog words each code, and no engine English reaches a player."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

from factory import make_state
from playout import choose

from monopoly_tui.app.reasons import reason_text
from monopoly_tui.engine import (
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    EndTurn,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    ProposeTrade,
    Roll,
    Rules,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    UseJailCard,
    apply,
    new_game,
    why_illegal,
)
from monopoly_tui.engine.errors import REASONS, Refusal, refusal
from monopoly_tui.locale import has, tr
from monopoly_tui.locale.sync import messages

ENGINE = Path(__file__).resolve().parent.parent / "monopoly_tui" / "engine"
SAMPLE = {"player": 0, "actor": 1, "seat": 1, "square": 1, "at": 3, "group": "brown", "deck": "chance"}
"""A value for each field of a reason (the rest are numbers, or words the catalog may leave out)."""


def sample_values(fields: tuple[str, ...]) -> tuple[object, ...]:
    words = {"kind": "house", "now": "auction", "phase": "roll", "action": "build"}
    return tuple(SAMPLE.get(f, words.get(f, 12_000)) for f in fields)


def test_every_reason_code_is_worded_in_russian_with_its_values() -> None:
    state = make_state(2)
    for code, (fields, _) in REASONS.items():
        assert has(f"reason.{code}"), code
        reason = refusal(state, (code, *sample_values(fields)))
        assert isinstance(reason, Refusal) and reason.code == code
        text = reason_text(state, reason)
        assert text != tr("error.illegal"), code
        assert re.search("[а-яА-Я]", text) and "{" not in text, (code, text)
        assert not re.search(r"\b(the|is|not|of|seat|square|player)\b", text), (code, text)
        used = set(re.findall(r"{(\w+)", str(messages("ru")[f"reason.{code}"])))
        assert used <= set(fields), (code, used - set(fields))


def problems_in_the_engine() -> list[tuple[str, int, str]]:
    """(code, number of values, where) for every reason tuple the engine's source returns or words."""
    found = []
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Tuple)
                and node.elts
                and isinstance(node.elts[0], ast.Constant)
                and node.elts[0].value in REASONS
            ):
                found.append((node.elts[0].value, len(node.elts) - 1, f"{path.name}:{node.lineno}"))
    return found


def test_every_reason_the_engine_gives_is_known_with_its_values_and_every_code_is_used() -> None:
    found = problems_in_the_engine()
    for code, count, where in found:
        assert count == len(REASONS[code][0]), (code, where)
    assert {code for code, _, _ in found} == set(REASONS)
    # no refusal is worded in the engine outside the table: no f-string reasons left at raise sites
    for path in ENGINE.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"IllegalActionError\(f?\"", source), path.name


def test_refusals_met_in_random_games_all_carry_a_code_and_read_in_russian() -> None:
    """Random games; at every step a handful of actions that are often refused, each checked."""
    rules = Rules.model_validate({"start": {"cash": 300_000}, "end": {"turn_limit": 40}})
    codes: set[str] = set()
    for seed in range(6):
        chooser = random.Random(seed)
        state = new_game(make_state(2).board, ["Аня", "Борис", "Вера"], seed=seed, rules=rules)
        while not state.is_over:
            for seat in range(3):
                square = chooser.randrange(40)
                tries = [
                    Roll(player=seat),
                    Buy(player=seat),
                    EndTurn(player=seat),
                    PayDebt(player=seat),
                    DeclareBankruptcy(player=seat),
                    PayJailFine(player=seat),
                    UseJailCard(player=seat, deck="chance"),
                    Bid(player=seat, amount=chooser.choice([1, 50_000, 10_000_000])),
                    PassBid(player=seat),
                    Build(player=seat, square=square),
                    SellBuilding(player=seat, square=square),
                    SellDown(player=seat, group=chooser.choice(["brown", "green", "red"]), level=0),
                    Mortgage(player=seat, square=square),
                    Unmortgage(player=seat, square=square),
                    ProposeTrade(
                        player=seat, partner=(seat + 1) % 3, give=TradeSide(lots=(square,)), take=TradeSide()
                    ),
                ]
                for action in tries:
                    reason = why_illegal(state, action)
                    if reason is None:
                        continue
                    assert isinstance(reason, Refusal) and reason.code in REASONS, (action, reason)
                    codes.add(reason.code)
                    text = reason_text(state, reason)
                    assert text != tr("error.illegal") and "{" not in text, (action, text)
            state = apply(state, choose(state, chooser))
    assert len(codes) >= 25, sorted(set(REASONS) - codes)


def test_a_debtor_is_told_what_a_debt_allows_and_the_others_who_they_wait_for() -> None:
    # The debtor was told «ждём, пока игрок рассчитается с долгом» about themself.
    from monopoly_tui.engine.state import Debt

    debt = Debt(debtor=0, creditor=1, amount=200_000, reason="rent")
    state = make_state(2, cash={0: 10_000}, owners={1: 0, 3: 0, 6: 0}, mortgaged=[6], debts=(debt,))
    for action in (Unmortgage(player=0, square=6), Build(player=0, square=1)):
        text = reason_text(state, why_illegal(state, action))
        assert text.startswith("Пока долг 200\u00a0000\u00a0₽ не оплачен, можно только добывать деньги"), text
    text = reason_text(state, why_illegal(state, Build(player=1, square=1)))
    assert text == "Сейчас управлять имуществом нельзя: ждём, пока Аня рассчитается с долгом."
