"""Prompts that say why and what (issue 11): the jail card only for a holder, the debt still missing or
payable now, the round-limit end with its tie-break, one round count, undo naming the decision."""

from __future__ import annotations

from factory import make_state, play, roll

from monopoly_tui.app.panels import status_text
from monopoly_tui.app.prompts import prompt_for
from monopoly_tui.engine import Debt, EndTurn, Rules, UseJailCard
from monopoly_tui.engine.turn import rounds_played
from monopoly_tui.narrate import narrate
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat


def plain(text: str) -> str:
    return text.replace("\xa0", " ")


def test_the_jail_prompt_offers_the_card_only_to_a_holder() -> None:
    without = prompt_for(make_state(2, in_jail=[0], positions={0: 10}))
    assert "c" not in {c.key for c in without.choices}
    assert "карточк" not in " ".join(without.lines)
    card = [("chance", "chance.get_out_of_jail")]
    holder = prompt_for(make_state(2, in_jail=[0], positions={0: 10}, jail_cards={0: card}))
    use = next(c for c in holder.choices if c.key == "c")
    assert isinstance(use.action, UseJailCard)
    assert "карточку освобождения" in " ".join(holder.lines)


def test_the_debt_prompt_says_what_is_missing_and_when_it_can_be_paid() -> None:
    debt = (Debt(debtor=0, creditor=1, amount=200_000, reason="rent"),)
    short = prompt_for(make_state(2, cash={0: 50_000}, owners={1: 0}, debts=debt, phase="end_turn"))
    assert plain(short.title) == "Аня, на оплату долга не хватает 150 000 ₽."
    enough = prompt_for(make_state(2, cash={0: 250_000}, debts=debt, phase="end_turn"))
    assert enough.title == "Аня, теперь денег хватает: долг можно оплатить."
    assert "o" in {c.key for c in enough.choices}


def test_the_round_limit_end_says_so_and_how_the_tie_was_broken() -> None:
    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    state = play(make_state(2, rules=rules, turn=1, phase="end_turn"), EndTurn(player=1))
    assert state.is_over and state.winner == 0
    title = plain(prompt_for(state).title)
    assert title.startswith("Игра окончена: достигнут лимит раундов (1). Победитель — самый богатый: Аня")
    assert "Столько же у игрока Борис: при равенстве побеждает тот, кто раньше за столом." in title
    game_over = next(e for e in state.events if e.kind == "game_over")
    assert plain(narrate(game_over, state)) == title
    assert rounds_played(state) == 1 and state.round == 2


def test_the_status_line_counts_rounds_as_the_game_over_screen_does() -> None:
    """After the round limit the state's round has stepped past it; the status line says the limit."""
    rules = Rules.model_validate({"end": {"turn_limit": 1}})
    state = play(make_state(2, rules=rules, turn=1, phase="end_turn"), EndTurn(player=1))
    seats = [Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(["Аня", "Борис"])]
    session = GameSession.start(state.board, seats, seed=3)
    session.state = state
    assert status_text(session).plain.startswith("Раунд 1 ")


def test_undo_and_its_log_name_the_decision_taken_back() -> None:
    seats = [Seat(n, PLAYER_TOKENS[i], PLAYER_COLORS[i]) for i, n in enumerate(["Аня", "Борис"])]
    session = GameSession.start(make_state(2).board, seats, seed=3, dice=[(1, 2)])
    session.act(roll(0, 1, 2))
    from monopoly_tui.engine import Decline

    session.act(Decline(player=0))
    assert session.can_undo()
    session.undo()
    assert session.log[-1] == "Отменено: Аня не покупает «Нагатинская улица»."
