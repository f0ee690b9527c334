"""Computer players: every question the game asks, answered by both bots in scripted situations; whole games
where every choice is legal, nobody goes bankrupt with money still to raise, and the same seed gives the
same game. Amounts in rubles.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

import pytest
from factory import NAMES, board, make_state, play, roll

from monopoly_tui.bots import (
    BOT_NAMES,
    Bot,
    BotKind,
    JailPolicy,
    LandingTally,
    make_bot,
    play_game,
    valuation,
)
from monopoly_tui.bots.driver import IN_JAIL
from monopoly_tui.bots.outlook import Watcher, outlook
from monopoly_tui.bots.strong import StrongBot
from monopoly_tui.bots.strong_terms import APPRAISER
from monopoly_tui.bots.valuation import View, visit_rates
from monopoly_tui.engine import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    Debt,
    DeclareBankruptcy,
    Decline,
    EndTurn,
    GameState,
    KeepMortgage,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFine,
    PlaceBuilding,
    ProposeTrade,
    RejectTrade,
    Roll,
    Rules,
    SellBuilding,
    SellDown,
    TradeSide,
    Unmortgage,
    UseJailCard,
    apply,
    check_invariants,
    current_actor,
    situation,
    why_illegal,
)
from monopoly_tui.engine.buildings import sale_value
from monopoly_tui.engine.mortgages import mortgage_value
from monopoly_tui.engine.state import MortgageChoice, Placement

KINDS: tuple[BotKind, ...] = ("simple", "strong")
BROWN = (1, 3)  # Житная 60 000 (rent 2 000), Нагатинская 60 000 (rent 4 000); houses 50 000
LIGHTBLUE = (6, 8, 9)  # 100 000, 100 000, 120 000
ORANGE = (16, 18, 19)  # 180 000, 180 000, 200 000
STATION = 5  # Рижская железная дорога, 200 000 (mortgage 100 000)
RICH = 1_500_000


def choice(kind: BotKind, state: GameState, jail: JailPolicy | None = None) -> Action:
    """What a bot of this kind does as the current actor; the action is always legal."""
    seat = current_actor(state)
    assert seat is not None
    action = make_bot(kind, 1, seat, jail=jail).choose(state, seat)
    assert why_illegal(state, action) is None, action
    return action


def by_kind(state: GameState, jail: JailPolicy | None = None) -> dict[str, Action]:
    return {kind: choice(kind, state, jail) for kind in KINDS}


def test_names_and_factory() -> None:
    assert BOT_NAMES == {"simple": "Простой", "strong": "Сильный", "master": "Мастер"}
    assert make_bot("simple", 1, 0).kind == "simple"
    assert make_bot("strong", 1, 0).kind == "strong"
    with pytest.raises(ValueError):
        make_bot("genius", 1, 0)  # type: ignore[arg-type]


# --- buying -----------------------------------------------------------------------------------


def landed_on_6(cash: int, owners: dict[int, int] | None = None, others: int = RICH) -> GameState:
    """Seat 0 threw 1+5 from GO onto Варшавское шоссе (100 000, unowned): buy or decline."""
    state = play(make_state(3, cash={0: cash, 1: others, 2: others}, owners=owners or {}), roll(0, 1, 5))
    assert state.phase == "buy" and state.pending_square == 6
    return state


def test_both_buy_with_money_to_spare() -> None:
    assert by_kind(landed_on_6(RICH)) == {"simple": Buy(player=0), "strong": Buy(player=0)}


def test_with_little_cash_only_the_strong_bot_buys() -> None:
    """150 000 in hand: the simple bot keeps its 150 000 cushion; the strong one, on a quiet board, buys."""
    assert by_kind(landed_on_6(150_000)) == {"simple": Decline(player=0), "strong": Buy(player=0)}


def test_both_buy_the_street_that_completes_a_group_with_their_last_money() -> None:
    state = landed_on_6(110_000, owners={8: 0, 9: 0})
    assert by_kind(state) == {"simple": Buy(player=0), "strong": Buy(player=0)}


def test_strong_bot_mortgages_a_loose_lot_to_afford_a_completing_street() -> None:
    state = landed_on_6(80_000, owners={8: 0, 9: 0, STATION: 0})
    assert choice("strong", state) == Mortgage(player=0, square=STATION)
    assert choice("simple", state) == Decline(player=0)


# --- auctions ---------------------------------------------------------------------------------


def auction_of_6(owners: dict[int, int] | None = None, *bids: int) -> GameState:
    """Seat 0 declined Варшавское шоссе; seats 1 and 2 bid in turn, starting with the given bids."""
    state = play(landed_on_6(RICH, owners), Decline(player=0))
    for amount in bids:
        seat = current_actor(state)
        assert seat is not None
        state = play(state, Bid(player=seat, amount=amount))
    assert situation(state) == "auction"
    return state


def test_opening_bids_step_up_from_the_minimum() -> None:
    assert by_kind(auction_of_6()) == {
        "simple": Bid(player=1, amount=10_000),
        "strong": Bid(player=1, amount=5_000),
    }


def test_a_lot_of_no_special_use_is_worth_its_price_and_the_rent_it_earns_to_the_strong_bot() -> None:
    """Seat 0 holds Улица Огарёва (8): for seats 1 and 2 light blue can no longer be completed nor blocked.
    The simple bot stops at the price; the strong one goes on to the price and the rent the street earns
    from its two opponents over the 60 rounds to come (6 000 a visit at Варшавское шоссе's landing
    frequency): the lot counts its price in its worth, and earns that rent besides."""
    state = auction_of_6({8: 0}, 100_000)
    assert by_kind(state) == {"simple": PassBid(player=2), "strong": Bid(player=2, amount=105_000)}
    worth = 100_000 + int(6_000 * visit_rates(board())[6] * 2 * 60 / 40)
    assert worth == 116_455
    assert choice("strong", auction_of_6({8: 0}, 100_000, 110_000, 115_000)) == Bid(player=2, amount=worth)
    assert choice("strong", auction_of_6({8: 0}, 100_000, 110_000, 116_000)) == PassBid(player=2)


def test_strong_bot_outbids_the_price_for_a_street_of_a_group_no_one_else_holds() -> None:
    """Nobody holds a light blue street: the group is still there to complete. The strong bot bids up to
    one and a half times the price (150 000) for Варшавское шоссе, the simple one only the price."""
    state = auction_of_6(None, 100_000)
    assert choice("simple", state) == PassBid(player=2)
    assert choice("strong", state) == Bid(player=2, amount=105_000)
    dear = auction_of_6(None, 100_000, 145_000)
    assert choice("strong", play(dear, Bid(player=1, amount=150_000))) == PassBid(player=2)


def test_strong_bot_outbids_the_price_to_keep_an_opponent_from_completing_a_group() -> None:
    """Seat 1 holds the other two light blue streets and bids the price; seat 2 decides."""
    state = auction_of_6({8: 1, 9: 1}, 100_000)
    assert choice("simple", state) == PassBid(player=2)
    assert choice("strong", state) == Bid(player=2, amount=105_000)


def test_bots_keep_their_cushion_in_auctions() -> None:
    """20 000 in hand: below both bots' cushions (the strong one keeps half its 50 000 reserve)."""
    state = play(landed_on_6(RICH, others=20_000), Decline(player=0))
    assert by_kind(state) == {"simple": PassBid(player=1), "strong": PassBid(player=1)}


# --- jail -------------------------------------------------------------------------------------


def jailed(**kwargs: Any) -> GameState:
    return make_state(3, in_jail=[0], **kwargs)


LATE = {i: 1 + i % 2 for i in board().properties if i not in BROWN} | {1: 1, 3: 1}
"""Every lot owned by seats 1 and 2, brown with hotels: a built-up board."""


def test_both_leave_jail_at_once_in_the_opening() -> None:
    assert by_kind(jailed()) == {"simple": PayJailFine(player=0), "strong": PayJailFine(player=0)}


def test_a_get_out_of_jail_card_is_used_before_paying() -> None:
    state = jailed(jail_cards={0: [("chance", "chance.get_out_of_jail")]})
    expected = UseJailCard(player=0, deck="chance")
    assert by_kind(state) == {"simple": expected, "strong": expected}


def test_strong_bot_stays_in_jail_when_the_board_is_built_up() -> None:
    state = jailed(owners=LATE, buildings={1: 5, 3: 5})
    assert by_kind(state) == {"simple": PayJailFine(player=0), "strong": Roll(player=0)}


def test_jail_policy_short_and_long_override_the_bots_judgement() -> None:
    assert by_kind(jailed(), jail="long") == {"simple": Roll(player=0), "strong": Roll(player=0)}
    late = jailed(owners=LATE, buildings={1: 5, 3: 5})
    assert by_kind(late, jail="short") == {"simple": PayJailFine(player=0), "strong": PayJailFine(player=0)}


# --- building, mortgages, placing -----------------------------------------------------------------


def test_building_on_a_whole_group() -> None:
    """The simple bot builds on the first cheapest street; the strong one where rent rises most."""
    state = make_state(3, owners={1: 0, 3: 0})
    assert by_kind(state) == {"simple": Build(player=0, square=1), "strong": Build(player=0, square=3)}


def test_with_a_thin_wallet_only_the_strong_bot_builds() -> None:
    state = make_state(3, cash={0: 220_000}, owners={1: 0, 3: 0})
    assert by_kind(state) == {"simple": Roll(player=0), "strong": Build(player=0, square=3)}


def test_strong_bot_mortgages_a_loose_lot_to_build() -> None:
    state = make_state(3, cash={0: 60_000}, owners={1: 0, 3: 0, STATION: 0})
    assert by_kind(state) == {"simple": Roll(player=0), "strong": Mortgage(player=0, square=STATION)}


def test_both_lift_a_mortgage_on_their_whole_group() -> None:
    """The simple bot lifts at once; the strong bot once its throw is made (see test_strong_lifts.py)."""
    state = make_state(3, owners={1: 0, 3: 0}, mortgaged=[1])
    expected = Unmortgage(player=0, square=1)
    assert by_kind(state) == {"simple": expected, "strong": Roll(player=0)}
    thrown = make_state(3, owners={1: 0, 3: 0}, mortgaged=[1], phase="end_turn")
    assert by_kind(thrown) == {"simple": expected, "strong": expected}


def test_a_building_won_at_auction_is_placed() -> None:
    state = make_state(3, owners={1: 0, 3: 0}, placement=Placement(seat=0, building="house"))
    assert by_kind(state) == {
        "simple": PlaceBuilding(player=0, square=1),
        "strong": PlaceBuilding(player=0, square=3),
    }


def test_lift_or_keep_a_received_mortgage() -> None:
    choices = (MortgageChoice(seat=0, square=1),)
    rich = make_state(3, owners={1: 0, 3: 0}, mortgaged=[1], mortgage_choices=choices)
    lift = Unmortgage(player=0, square=1)
    assert by_kind(rich) == {"simple": lift, "strong": lift}
    thin = make_state(3, cash={0: 100_000}, owners={1: 0, 3: 0}, mortgaged=[1], mortgage_choices=choices)
    assert by_kind(thin) == {"simple": KeepMortgage(player=0, square=1), "strong": lift}


# --- debts --------------------------------------------------------------------------------------


def in_debt(amount: int, cash: int = 0, **kwargs: Any) -> GameState:
    """Seat 0 owes seat 1 amount (rent) with cash in hand, after its move."""
    debt = Debt(debtor=0, creditor=1, amount=amount, reason="rent")
    state = make_state(3, cash={0: cash}, debts=(debt,), phase="end_turn", **kwargs)
    assert situation(state) == "debt"
    return state


def test_debt_is_paid_when_the_cash_is_there() -> None:
    assert by_kind(in_debt(200_000, cash=300_000)) == {
        "simple": PayDebt(player=0),
        "strong": PayDebt(player=0),
    }


def test_bankruptcy_when_nothing_can_cover_the_debt() -> None:
    state = in_debt(200_000, cash=10_000, owners={1: 0})
    assert by_kind(state) == {"simple": DeclareBankruptcy(player=0), "strong": DeclareBankruptcy(player=0)}


def test_raising_money_mortgages_loose_lots_first() -> None:
    """The simple bot takes the first loose lot; the strong one the lot that earns least per ruble raised
    (the lone street's 6 000 rent against the station's 25 000)."""
    state = in_debt(80_000, owners={STATION: 0, 6: 0, 1: 0, 3: 0}, buildings={1: 1, 3: 1})
    assert by_kind(state) == {
        "simple": Mortgage(player=0, square=STATION),
        "strong": Mortgage(player=0, square=6),
    }


def test_raising_money_sells_houses_evenly() -> None:
    state = in_debt(20_000, owners={1: 0, 3: 0}, buildings={1: 2, 3: 2})
    expected = SellBuilding(player=0, square=1)
    assert by_kind(state) == {"simple": expected, "strong": expected}


def test_hotels_are_sold_down_when_the_bank_has_no_houses() -> None:
    """Seat 1's 32 houses empty the bank: a hotel cannot go back to four houses, the group goes to 0."""
    houses = dict.fromkeys((6, 8, 9, 11, 13, 14), 4) | {16: 3, 18: 3, 19: 2}
    owners = {1: 0, 3: 0} | dict.fromkeys(houses, 1)
    state = in_debt(20_000, owners=owners, buildings={1: 5, 3: 5} | houses)
    assert state.bank_houses == 0
    expected = SellDown(player=0, group="brown", level=0)
    assert by_kind(state) == {"simple": expected, "strong": expected}


@pytest.mark.parametrize("kind", KINDS)
def test_no_bankruptcy_while_money_can_still_be_raised(kind: BotKind) -> None:
    """Owing 450 000 with 100 000 in hand, hotels on brown and a station: sell and mortgage, then pay."""
    state = in_debt(450_000, cash=100_000, owners={1: 0, 3: 0, STATION: 0}, buildings={1: 5, 3: 5})
    bot = make_bot(kind, 1, 0)
    while situation(state) == "debt":
        action = bot.choose(state, 0)
        assert not isinstance(action, DeclareBankruptcy)
        state = play(state, action)
    assert not state.players[0].bankrupt
    assert state.players[1].cash == RICH + 450_000


# --- trades -------------------------------------------------------------------------------------


def test_strong_bot_offers_cash_for_the_street_that_completes_its_group() -> None:
    """Light blue: it holds 6 and 8, the partner 9. The cash starts at the street's worth to the buyer at
    the market's valuation (its price and 0.8 of what the group earns with three houses), which a seller
    who knows the board accepts, not at the printed price: «Простой» accepts it, and refuses 1 000 less."""
    state = make_state(3, owners={6: 0, 8: 0, 9: 1})
    offer = make_bot("strong", 1, 0).manage(state, 0)
    assert offer == ProposeTrade(player=0, partner=1, give=TradeSide(cash=745_000), take=TradeSide(lots=(9,)))
    simple = make_bot("simple", 1, 1)
    assert simple.choose(play(state, offer), 1) == AcceptTrade(player=1)
    cheaper = offer._replace(give=TradeSide(cash=744_000))
    assert simple.choose(play(state, cheaper), 1) == RejectTrade(player=1)
    assert make_bot("simple", 1, 0).manage(state, 0) is None


def test_a_strong_bot_short_of_cash_offers_once_the_money_comes_in_the_same_round() -> None:
    """With too little cash it offers nothing; the same holdings in the same round with more cash (rent
    received, say) bring the offer: the note that no offer is worth making holds only for less cash."""
    bot = make_bot("strong", 1, 0)
    poor = make_state(3, owners={16: 0, 18: 0, 19: 1}, cash={0: 120_000})
    assert bot.manage(poor, 0) is None
    richer = poor.players[0]._replace(cash=2_500_000)
    same_holdings = poor._replace(players=(richer, *poor.players[1:]))
    assert same_holdings.owner is poor.owner
    offer = bot.manage(same_holdings, 0)
    assert isinstance(offer, ProposeTrade)
    assert offer.take.lots == (19,)
    assert offer.give.cash > 0


def test_strong_bot_swaps_groups_only_when_it_would_build_the_greater_threat() -> None:
    """Seat 0 holds Площадь Маяковского and Улица Грузинский Вал (green, 31 and 32) and Малая Бронная (37);
    seat 1 holds Новинский бульвар (34, the last green street) and Арбат (39). Swapping 37 for 34
    completes green for seat 0 and dark blue for seat 1. Dark blue needs six houses for three on each
    street, green nine: with 1 500 000 against the bot's 300 000, seat 1 would soon charge far more
    than seat 0 could, so the bot neither offers the swap nor accepts it. With the cash the other way
    round, it offers it (and «Простой» accepts), and accepts the same swap offered."""
    owners = {31: 0, 32: 0, 37: 0, 34: 1, 39: 1}
    swap = ProposeTrade(player=1, partner=0, give=TradeSide(lots=(34,)), take=TradeSide(lots=(37,)))
    poor = make_state(3, owners=owners, cash={0: 300_000, 1: RICH})
    assert make_bot("strong", 1, 0).manage(poor, 0) is None
    assert choice("strong", make_state(3, owners=owners, cash={0: 300_000, 1: RICH}, trade=swap)) == (
        RejectTrade(player=0)
    )
    rich = make_state(3, owners=owners, cash={0: RICH, 1: 300_000})
    offer = make_bot("strong", 1, 0).manage(rich, 0)
    assert offer == ProposeTrade(player=0, partner=1, give=TradeSide(lots=(37,)), take=TradeSide(lots=(34,)))
    assert make_bot("simple", 1, 1).choose(play(rich, offer), 1) == AcceptTrade(player=1)
    assert choice("strong", make_state(3, owners=owners, cash={0: RICH, 1: 300_000}, trade=swap)) == (
        AcceptTrade(player=0)
    )


def test_simple_bot_offers_a_swap_that_completes_both_groups() -> None:
    state = make_state(3, owners={8: 0, 9: 0, 1: 0, 6: 1, 3: 1})
    offer = make_bot("simple", 1, 0).manage(state, 0)
    assert offer == ProposeTrade(player=0, partner=1, give=TradeSide(lots=(1,)), take=TradeSide(lots=(6,)))


def test_with_trades_off_no_offer_is_made_but_other_managing_goes_on() -> None:
    """The tournament's «trades off»: the same wishes bring no offer; building still happens."""
    wish = make_state(3, owners={16: 0, 18: 0, 19: 1})
    assert make_bot("strong", 1, 0, trades=False).manage(wish, 0) is None
    swap = make_state(3, owners={8: 0, 9: 0, 1: 0, 6: 1, 3: 1})
    assert make_bot("simple", 1, 0, trades=False).manage(swap, 0) is None
    whole = make_state(3, owners={16: 0, 18: 0, 19: 0})
    for kind in KINDS:
        assert isinstance(make_bot(kind, 1, 0, trades=False).manage(whole, 0), Build)


def offered(give: TradeSide, take: TradeSide, **kwargs: Any) -> GameState:
    offer = ProposeTrade(player=0, partner=1, give=give, take=take)
    return make_state(3, trade=offer, **kwargs)


def test_trades_are_answered_by_value() -> None:
    generous = offered(TradeSide(cash=1_000_000), TradeSide(lots=(6,)), owners={6: 1})
    assert by_kind(generous) == {"simple": AcceptTrade(player=1), "strong": AcceptTrade(player=1)}
    stingy = offered(TradeSide(cash=1_000), TradeSide(lots=(39,)), owners={39: 1})
    assert by_kind(stingy) == {"simple": RejectTrade(player=1), "strong": RejectTrade(player=1)}


def test_nobody_hands_over_a_group_for_its_printed_price() -> None:
    state = offered(TradeSide(cash=200_000), TradeSide(lots=(19,)), owners={16: 0, 18: 0, 19: 1})
    assert by_kind(state) == {"simple": RejectTrade(player=1), "strong": RejectTrade(player=1)}


def test_simple_bot_never_sells_a_group_completing_street_below_its_worth_to_the_buyer() -> None:
    """Seat 0 holds Рязанский проспект and Улица Вавилова; the simple bot (seat 1) holds Рублёвское шоссе,
    the street that completes orange. Its worth to seat 0 is its price (200 000) plus 0.8 of what the whole
    group earns per round of visits with three houses on each street (rents 550 000, 550 000, 600 000,
    weighted by how often each square is visited): about 1.79 million. Every cash offer of «Сильный»'s
    ladder (1 to 3.5 times the price, up to 700 000) is refused, as is anything below that worth; the
    worth itself is accepted."""
    owners = {16: 0, 18: 0, 19: 1}
    rates = visit_rates(board())
    worth = 200_000 + int(0.8 * (550_000 * rates[16] + 550_000 * rates[18] + 600_000 * rates[19]))
    assert 1_700_000 < worth < 1_900_000

    def answer(cash: int) -> Action:
        state = offered(TradeSide(cash=cash), TradeSide(lots=(19,)), owners=owners, cash={0: 3_000_000})
        return choice("simple", state)

    for multiple in (1.0, 1.3, 1.6, 2.0, 2.5, 3.0, 3.5):
        assert answer(int(multiple * 200_000)) == RejectTrade(player=1), multiple
    assert answer(worth - 5_000) == RejectTrade(player=1)
    assert answer(worth + 5_000) == AcceptTrade(player=1)
    # a loose lot in exchange is no better than its cash: a station and 400 000 are refused
    state = offered(
        TradeSide(cash=400_000, lots=(STATION,)), TradeSide(lots=(19,)), owners={**owners, STATION: 0}
    )
    assert choice("simple", state) == RejectTrade(player=1)


def test_simple_bot_swaps_groups_by_what_they_earn_not_by_printed_prices() -> None:
    """Seat 0 offers Нагатинская улица (3), completing brown for the simple bot, and cash for Улица
    Полянка (11), completing pink for seat 0. Pink earns six times what brown does. By printed prices
    (the old judgement) 250 000 made it fair enough; by what the groups earn the simple bot must gain
    at least 0.75 of seat 0's gain: 500 000 does it."""
    owners = {1: 1, 11: 1, 13: 0, 14: 0, 3: 0}
    cheap = offered(TradeSide(lots=(3,), cash=250_000), TradeSide(lots=(11,)), owners=owners)
    assert choice("simple", cheap) == RejectTrade(player=1)
    enough = offered(TradeSide(lots=(3,), cash=500_000), TradeSide(lots=(11,)), owners=owners)
    assert choice("simple", enough) == AcceptTrade(player=1)
    # it still proposes a swap of groups that earn alike (red for yellow, within 0.75 of each other)
    near = make_state(3, owners={21: 0, 23: 0, 26: 0, 27: 1, 29: 1, 24: 1})
    assert make_bot("simple", 1, 0).manage(near, 0) == ProposeTrade(
        player=0, partner=1, give=TradeSide(lots=(26,)), take=TradeSide(lots=(24,))
    )


# --- the turn's plain moves --------------------------------------------------------------------------


def test_plain_moves() -> None:
    start = make_state(3, positions={0: 17})
    assert by_kind(start) == {"simple": Roll(player=0), "strong": Roll(player=0)}
    parked = play(start, roll(0, 1, 2))  # Бесплатная стоянка
    assert by_kind(parked) == {"simple": EndTurn(player=0), "strong": EndTurn(player=0)}
    card = make_state(3, positions={0: 19}, owners={28: 1}, chance=["chance.nearest_utility"])
    utility = play(card, roll(0, 1, 2))  # Шанс: to Водопровод, owned; a fresh throw prices it
    assert utility.phase == "utility_roll"
    assert by_kind(utility) == {"simple": Roll(player=0), "strong": Roll(player=0)}


# --- whole games ----------------------------------------------------------------------------------

TIGHT = Rules.model_validate({"start": {"cash": 400_000}, "buildings": {"houses": 8, "hotels": 2}})
"""Little money and few buildings: debts, bankruptcies and building auctions come fast."""


class Checked:
    """A bot whose every choice is checked: legal now, and no bankruptcy while money can be raised."""

    def __init__(self, bot: Bot, seen: Counter[str]) -> None:
        self.bot, self.seen = bot, seen

    @property
    def kind(self) -> BotKind:
        return self.bot.kind

    def _check(self, state: GameState, action: Action) -> Action:
        assert why_illegal(state, action) is None, f"{action}: {why_illegal(state, action)}"
        if isinstance(action, DeclareBankruptcy):
            seat = action.player
            owed = sum(d.amount for d in state.debts if d.debtor == seat)
            assert state.players[seat].cash + sale_value(state, seat) + mortgage_value(state, seat) < owed
        self.seen[action.kind] += 1
        return action

    def choose(self, state: GameState, seat: int) -> Action:
        return self._check(state, self.bot.choose(state, seat))

    def manage(self, state: GameState, seat: int) -> Action | None:
        action = self.bot.manage(state, seat)
        return None if action is None else self._check(state, action)


def checked_game(
    seed: int, kinds: list[BotKind], seen: Counter[str], rules: Rules | None = None
) -> GameState:
    bots = [Checked(make_bot(kind, seed, seat), seen) for seat, kind in enumerate(kinds)]
    final, stats = play_game(board(), NAMES[: len(kinds)], bots, seed, rules, max_rounds=150)
    check_invariants(final)
    assert sum(stats.landings) == stats.rolls
    return final


def test_bots_only_choose_legal_actions_and_meet_every_question() -> None:
    seen: Counter[str] = Counter()
    for seed in range(8):
        kinds: list[BotKind] = ["strong" if (seat + seed) % 2 else "simple" for seat in range(2 + seed % 3)]
        checked_game(seed, kinds, seen, TIGHT)
    for seed in range(3):
        checked_game(100 + seed, ["strong", "simple", "simple", "simple"], seen)
    for kind in ("roll", "buy", "decline", "bid", "pass", "pay_fine", "end_turn", "build", "mortgage"):
        assert seen[kind], f"no {kind} in the games"
    for kind in ("unmortgage", "sell", "trade", "accept", "reject", "pay_debt", "bankrupt"):
        assert seen[kind], f"no {kind} in the games"


def test_same_seed_same_game() -> None:
    def game() -> tuple[GameState, object]:
        kinds: list[BotKind] = ["strong", "simple", "simple"]
        bots = [make_bot(kind, 42, seat) for seat, kind in enumerate(kinds)]
        return play_game(board(), NAMES[:3], bots, 42, max_rounds=100)

    first, second = game(), game()
    assert first[0] == second[0]
    assert first[1] == second[1]


# --- the bots' shortcuts: what they remember must never change a decision -----------------------------


class Forgetful:
    """Plays a bot, and checks each answer against a copy of it that has forgotten its shortcuts (the
    outlook kept between changes of holdings, the note that managing has nothing to do, the strong bot's
    reserve, its notes that no offer is worth making and that nothing is, its stepping stones, its
    wishes' order, the rent peaks) but keeps what it remembers on purpose (offers made, this turn's
    budget). Checks the watchers kept for every seat against fresh outlooks, too."""

    def __init__(self, bot: Bot, watchers: list[Watcher], checked: Counter[str]) -> None:
        self.bot, self.watchers, self.checked = bot, watchers, checked

    @property
    def kind(self) -> BotKind:
        return self.bot.kind

    def _compare(self, state: GameState, seat: int, ask: str) -> Action | None:
        for other, watcher in enumerate(self.watchers):
            assert watcher.outlook(state, other) == outlook(state, other)
        fresh = copy.deepcopy(self.bot)
        fresh._quiet = None  # type: ignore[attr-defined]
        fresh._watch = Watcher()  # type: ignore[attr-defined]
        if isinstance(fresh, StrongBot):
            fresh._reserve = StrongBot(0, seat)._reserve
            fresh._no_offer = None
            fresh._order = StrongBot(0, seat)._order
            fresh._stones = StrongBot(0, seat)._stones
            fresh._still = None
        action: Action | None = getattr(self.bot, ask)(state, seat)
        valuation._PEAKS.clear()  # the rent peaks kept for the last holdings seen, worked out afresh
        expected = getattr(fresh, ask)(state, seat)
        assert action == expected, f"{ask} at round {state.round}: {action} but {expected} without shortcuts"
        self.checked[ask] += 1
        return action

    def choose(self, state: GameState, seat: int) -> Action:
        action = self._compare(state, seat, "choose")
        assert action is not None
        return action

    def manage(self, state: GameState, seat: int) -> Action | None:
        return self._compare(state, seat, "manage")


def test_the_bots_shortcuts_change_no_decision() -> None:
    checked: Counter[str] = Counter()
    no_rent_in_jail = Rules.model_validate({"rent": {"collect_in_jail": False}})
    games: list[tuple[int, list[BotKind], Rules | None]] = [
        (3, ["simple", "simple", "strong", "simple"], None),
        (5, ["simple", "strong", "simple"], TIGHT),
        (7, ["strong", "strong", "simple"], no_rent_in_jail),
    ]
    for seed, kinds, rules in games:
        watchers = [Watcher() for _ in kinds]
        bots = [Forgetful(make_bot(kind, seed, seat), watchers, checked) for seat, kind in enumerate(kinds)]
        play_game(board(), NAMES[: len(kinds)], bots, seed, rules, max_rounds=60)
    assert checked["choose"] > 500
    assert checked["manage"] > 500


def test_an_offers_worth_from_the_lots_that_change_hands_is_the_whole_boards_difference() -> None:
    """The bots price offers by the change in worth of the lots that move (worth_change): it must equal
    the whole board's worth afterwards minus before, for every seat, lot and new owner, in real games."""
    chooser = random.Random(5)
    compared = 0
    for seed in (1, 2):
        kinds: list[BotKind] = ["strong", "simple", "strong", "simple"]
        bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
        state = play_game(board(), NAMES[:4], bots, seed, max_rounds=25)[0]
        lots = [i for i in state.board.properties if state.owner[i] is not None]
        for _ in range(300):
            moved = chooser.sample(lots, chooser.randint(1, min(4, len(lots))))
            owners: dict[int, int | None] = {i: chooser.choice([0, 1, 2, 3, None]) for i in moved}
            after = View.of(state).with_owner(owners)  # type: ignore[arg-type]
            for seat in range(4):
                whole = APPRAISER.worth(after, seat) - APPRAISER.worth(state, seat)
                assert APPRAISER.worth_change(state, seat, owners) == whole, (owners, seat)
                compared += whole != 0
    assert compared > 500


def test_strong_bot_wins_more_than_its_share() -> None:
    """40 fixed games, seats rotated (the benchmark plays 400: about 82 %): one «Сильный» against three
    «Простой» wins well above its 25 % share (10 games of 40): 29 now, and at least 27 asked (the
    «Сильный» without stepping stones won 25 of them)."""
    wins = 0
    for seed in range(40):
        strong = seed % 4
        kinds: list[BotKind] = ["strong" if seat == strong else "simple" for seat in range(4)]
        bots = [make_bot(kind, seed, seat) for seat, kind in enumerate(kinds)]
        _, stats = play_game(board(), NAMES[:4], bots, seed, max_rounds=200, checked=False)
        wins += stats.winner == strong
    assert wins >= 27


# --- counting where throws end ------------------------------------------------------------------


def tally(state: GameState, *actions: Action) -> LandingTally:
    counts = LandingTally()
    for action in actions:
        after = apply(state, action)
        counts.record(state, action, after)
        state = after
    return counts


def test_a_throw_counts_where_the_token_rests_after_cards_and_jail() -> None:
    to_jail = make_state(2, positions={0: 27})
    counts = tally(to_jail, roll(0, 1, 2))  # Отправляйтесь в тюрьму
    assert counts.rolls == 1 and counts.counts[IN_JAIL] == 1 and counts.counts[30] == 0
    visiting = tally(make_state(2, positions={0: 7}), roll(0, 1, 2))
    assert visiting.counts[10] == 1 and visiting.counts[IN_JAIL] == 0
    card = tally(make_state(2, positions={0: 4}, chance=["chance.advance_arbat"]), roll(0, 1, 2))
    assert card.counts[39] == 1 and card.counts[7] == 0


def test_a_failed_throw_in_jail_counts_as_in_jail() -> None:
    counts = tally(make_state(2, in_jail=[0]), roll(0, 1, 2))
    assert counts.counts[IN_JAIL] == 1


def test_a_move_owed_after_a_forced_fine_counts_once_it_is_made() -> None:
    """Third failed throw with no cash for the fine: a debt; once paid, the token moves 1+2 to square 13."""
    state = make_state(2, in_jail=[0], jail_attempts={0: 2}, cash={0: 0}, owners={STATION: 0})
    counts = tally(state, roll(0, 1, 2))
    assert counts.rolls == 1 and sum(counts.counts) == 0 and counts.pending == 0
    after = apply(state, roll(0, 1, 2))
    more = LandingTally()
    more.pending = 0
    for action in (Mortgage(player=0, square=STATION), PayDebt(player=0)):
        nxt = apply(after, action)
        more.record(after, action, nxt)
        after = nxt
    assert after.players[0].position == 13
    assert more.counts[13] == 1 and more.pending is None


def test_landings_sum_to_the_throws_in_whole_games() -> None:
    bots = [make_bot("simple", 3, seat, jail="long") for seat in range(3)]
    _, stats = play_game(board(), NAMES[:3], bots, 3, max_rounds=60)
    assert len(stats.landings) == 41
    assert sum(stats.landings) == stats.rolls > 0
    assert stats.landings[30] == 0
    assert stats.landings[IN_JAIL] > 0
