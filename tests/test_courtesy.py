"""Computer players who don't pester people (bots/courtesy.py, through the app's session): a refused
offer is not made again, the bot waits several rounds before offering that person anything, a person
may ask for no offers at all, and offers between computer players are unaffected."""

from __future__ import annotations

from factory import board, make_state

from monopoly_tui.bots import make_bot
from monopoly_tui.bots.courtesy import WAIT_ROUNDS, Courtesy
from monopoly_tui.engine import GameState, ProposeTrade, RejectTrade, TradeSide
from monopoly_tui.session import PLAYER_COLORS, PLAYER_TOKENS, GameSession, Seat


def seats(*, bot_partner: bool = False, no_offers: bool = False) -> list[Seat]:
    """Аня (a person, unless bot_partner) and Борис, a strong computer player."""
    return [
        Seat(
            "Аня",
            PLAYER_TOKENS[0],
            PLAYER_COLORS[0],
            bot="simple" if bot_partner else None,
            no_bot_offers=no_offers,
        ),
        Seat("Борис", PLAYER_TOKENS[1], PLAYER_COLORS[1], bot="strong"),
    ]


def wanted(round_: int = 1) -> GameState:
    """Борис owns «Малая Бронная», Аня «Арбат», the rest of the dark-blue group: Борис wants it (and
    holds what he offers for it: from 2.4 million, its worth to him at the market's valuation, up)."""
    state = make_state(2, owners={37: 1, 39: 0}, cash={1: 5_000_000})
    return state._replace(round=round_)


def session_in(state: GameState, **kind: bool) -> GameSession:
    session = GameSession.start(board(), seats(**kind), seed=5)
    session.state = state
    return session


def offers(session: GameSession) -> list[ProposeTrade]:
    """Let Борис manage between turns; the offers he makes (each refused at once by a person)."""
    made = []
    session.bots_manage()
    while session.state.trade is not None:
        made.append(session.state.trade)
        partner = session.state.trade.partner
        if partner in session.bots:
            session.act(session.bots[partner].choose(session.state, partner))
        else:
            session.act(RejectTrade(player=partner))
        session.bots_manage()
    return made


def test_without_the_rules_the_strong_bot_offers_again_every_round() -> None:
    """The control: a bare strong bot asks for «Арбат» round after round, a bit more each time."""
    bot = make_bot("strong", seed=5, seat=1)
    asked = [bot.manage(wanted(r), 1) for r in (1, 2, 3)]
    assert all(isinstance(a, ProposeTrade) and a.take == TradeSide(lots=(39,)) for a in asked)


def test_a_refused_offer_is_not_repeated_and_the_bot_waits_before_offering_again() -> None:
    session = session_in(wanted(1))
    first = offers(session)
    assert len(first) == 1 and first[0].partner == 0  # offered once, refused
    for round_ in range(2, 1 + WAIT_ROUNDS):
        session.state = wanted(round_)
        assert offers(session) == [], round_  # nothing offered to Аня while Борис waits
    session.state = wanted(1 + WAIT_ROUNDS)
    later = offers(session)
    assert later, "after the wait a better offer may come"
    assert all(o.give.cash > first[0].give.cash or set(o.give.lots) - set(first[0].give.lots) for o in later)


def test_the_same_or_a_worse_deal_is_never_offered_again() -> None:
    courtesy = Courtesy(people=frozenset({0}))
    refused = ProposeTrade(player=1, partner=0, give=TradeSide(cash=300_000), take=TradeSide(lots=(39,)))
    courtesy.note(wanted(1)._replace(trade=refused), RejectTrade(player=0))
    late = wanted(1 + 10 * WAIT_ROUNDS)
    assert not courtesy.allows(late, refused)
    assert not courtesy.allows(late, refused._replace(give=TradeSide(cash=250_000)))
    more = TradeSide(lots=(39,), cash=10_000)
    assert not courtesy.allows(late, refused._replace(take=more))
    assert courtesy.allows(late, refused._replace(give=TradeSide(cash=350_000)))


def test_a_person_may_ask_for_no_offers_at_all() -> None:
    session = session_in(wanted(1), no_offers=True)
    for round_ in range(1, 12):
        session.state = wanted(round_)
        assert offers(session) == []


def test_offers_between_computer_players_are_unaffected() -> None:
    session = session_in(wanted(1), bot_partner=True)
    bot = make_bot("strong", seed=5, seat=1)
    made = offers(session)
    assert made and made[0] == bot.manage(wanted(1), 1)


def test_the_no_offers_choice_and_the_refusals_survive_a_save_and_load(tmp_path) -> None:
    from monopoly_tui.saves import load_save

    session = GameSession.start(board(), seats(no_offers=True), seed=5)
    session.save_path = tmp_path / "game.json"
    session.autosave()
    loaded = load_save(session.save_path, board())
    assert [s.no_bot_offers for s in loaded.seats] == [True, False]
    resumed = GameSession.resume(board(), loaded)
    assert resumed.courtesy.no_offers == frozenset({0}) and resumed.courtesy.people == frozenset({0})
    # a save without the choice reads as before: no such field is written
    plain = GameSession.start(board(), seats(), seed=5)
    plain.save_path = tmp_path / "plain.json"
    plain.autosave()
    assert "no_bot_offers" not in plain.save_path.read_text(encoding="utf-8")
