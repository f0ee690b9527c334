"""Auctions: open ascending bids in table order; a player who passes is out; the last bidder standing buys."""

from __future__ import annotations

from .rent import Holdings
from .rules import terms_of
from .state import Auction, Placement
from .table import Table, _new


def start(t: Table, square: int, decliner: int | None, *, after: int | None = None) -> None:
    """Put a property under the hammer, bids starting with the player after `after` (by default the one
    whose turn it is; a bankrupt player's lots: the bankrupt one).

    The decliner bids only where the rules let them (streets: no, stations and utilities: yes by default).
    Players who cannot afford the opening bid are left out.
    """
    n = len(t.players)
    first = t.turn if after is None else after
    order = [(first + k) % n for k in range(1, n + 1)]
    sq = t.board.property(square)
    decliner_may_bid = getattr(t.rules.auction.decliner_bids, sq.kind)
    bidders = tuple(
        seat
        for seat in order
        if not t.players[seat].bankrupt
        and (seat != decliner or decliner_may_bid)
        and t.cash(seat) >= t.rules.auction.min_opening
    )
    t.emit("auction_started", square=square)
    t.auction = Auction(square=square, bidders=bidders)
    _close_if_done(t)


def minimum_bid(h: Holdings, auction: Auction) -> int:
    """The least the next bid in auction may be (any amount from it up to the bidder's cash is legal)."""
    if auction.high_bidder is None:
        return auction.opening or terms_of(h.rules).min_opening
    return auction.high_bid + terms_of(h.rules).min_step


def bid(t: Table, seat: int, amount: int) -> None:
    a = t.auction
    assert a is not None
    t.emit("bid", player=seat, square=a.square, amount=amount)
    # drop those who can no longer beat this bid; the high bidder stays
    step = t.terms.min_step
    stay = [s for s in a.bidders if s == seat or t.cash(s) >= amount + step]
    for s in a.bidders:
        if s not in stay:
            t.emit("bid_passed", player=s, square=a.square, reason="cash")
    turn = (stay.index(seat) + 1) % len(stay)
    # built positionally (a named tuple's _replace is slow): bidders, turn, high bid and bidder change
    t.auction = _new(Auction, (a.square, tuple(stay), turn, amount, seat, a.building, a.opening))
    _close_if_done(t)


def pass_bid(t: Table, seat: int) -> None:
    a = t.auction
    assert a is not None
    t.emit("bid_passed", player=seat, square=a.square)
    stay = a.bidders[: a.turn] + a.bidders[a.turn + 1 :]
    turn = a.turn % len(stay) if stay else 0
    t.auction = _new(Auction, (a.square, stay, turn, a.high_bid, a.high_bidder, a.building, a.opening))
    _close_if_done(t)


def _close_if_done(t: Table) -> None:
    a = t.auction
    assert a is not None
    if a.bidders and a.bidders != (a.high_bidder,):
        return
    t.auction = None
    if a.high_bidder is None:
        t.emit("auction_unsold", square=a.square)
        return
    t.pays_bank(a.high_bidder, a.high_bid)
    t.emit("auction_won", player=a.high_bidder, square=a.square, amount=a.high_bid, reason=a.building)
    if a.building is None:
        t.set_owner(a.square, a.high_bidder)
    else:
        t.placement = Placement(seat=a.high_bidder, building=a.building)


def suggested_bids(h: Holdings, auction: Auction, cash: int) -> list[int]:
    """A handful of bids to offer (all legal): the minimum, round steps above it, and the printed price."""
    low = minimum_bid(h, auction)
    sq = h.board.property(auction.square)
    candidates = {low, low + 10_000, low + 50_000, low + 100_000}
    if auction.building is None and sq.price > low:
        candidates.add(sq.price)
    return sorted(c for c in candidates if c <= cash)
