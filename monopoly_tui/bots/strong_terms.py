"""The measured terms of «Сильный»: what it thinks lots and groups are worth, the cash it keeps, and how
far its offers go. Each figure says what was measured for it (benchmarks/bench_bots.py)."""

from __future__ import annotations

from .valuation import Appraiser

APPRAISER = Appraiser(group_bonus=1.6, rent_based=True)
"""What «Сильный» thinks a whole group is worth to whoever holds it: its prices plus 1.6 times the rent it
earns per round of visits with three houses on every street (rents weighted by how often each square is
visited). Twice what the table asks for it (MARKET): in games against «Простой» the first player to own
a group wins about four games in five (benchmarks/bench_bots.py), so a group is worth more than its rent."""
MARKET = Appraiser(group_bonus=0.8, rent_based=True)
"""What a seller who knows the board asks for a group-completing street: its prices plus 0.8 of that
rent (what «Простой» asks, too). A cash offer starts there, not at the printed price."""
MIN_RESERVE, MAX_RESERVE = 50_000, 400_000
RESERVE_SHARE = 0.5
"""Cash kept back: this share of the highest rent on the board, within the bounds above."""
BUILD_FLOAT = MIN_RESERVE
"""Cash kept when building (mortgaging loose lots to go on): on a whole group it builds past the reserve
and raises money by selling back if a big rent comes (measured: 62 % of 400 games against «Простой» with
trades on, 58 % when building kept the reserve)."""
OPENING_UNOWNED = 8
"""While at least this many lots are for sale, leave jail at once to buy them."""
JAIL_DANGER = 150_000
"""Later, stay in jail while some rent on the board is at least this."""
CASH_LADDER = (1.0, 1.05, 1.1, 1.2, 1.3, 1.4, 1.5)
"""Cash offered for the streets that complete a group, as multiples of what they are worth to the bot at
the market's valuation (MARKET), try by try."""
SHARES = (0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4)
"""In a swap that completes a group for both sides, the cash added makes the partner's gain this share of
the bot's own, try by try."""
SPOIL_LADDER = (1.0, 1.15, 1.3)
"""Cash offered for a street that breaks a swap between two other players, as multiples of its value to
its holder (and a thousand more), try by try."""
STONE_LADDER = (1.0, 1.15, 1.3)
"""Cash offered for a stepping stone (a street that leaves the bot one street short of a group, see
strong_stones.py), as multiples of its value to its holder (and a thousand more), try by try (measured:
69.0 % -> 79.5 % of 400 games against «Простой» with trades on)."""
STONE_PLAYERS = 3
"""Stones are bought only with at least this many players in the game: between two, the cash paid goes
to the one opponent, who buys the bank's lots with it (measured, 200 games against one «Простой»: 62.5 %
without stones, 40.0 % with them; against two 61.0 % -> 63.5 %, against five 53.0 % -> 88.0 %)."""
RETRY_AFTER = 10
"""Rounds before offering again for a group once the ladder is exhausted."""
HOLD_HOUSES = 6
"""With no more houses than this in the bank, keep four houses instead of building a hotel."""
FAIR_SHARE = 1.0
"""A trade is worth making when one gains at least this share of what the other side gains."""
LIVE_BID = 1.5
"""In an auction, a street of a colour group no one else holds a street of is worth this many times its
price: the group is still there to complete (measured, trades off, 1 000 games against «Простой»:
27.7 % -> 30.9 %, the same with 2.0; only where the bot already holds a street of it: 28.3 %)."""
RENT_HORIZON = 60
"""At auction, any lot is worth at least its price and the rent it adds for this many rounds to come (fewer
when the round limit is nearer): it is worth its price at the limit and earns rent until then, so the bot
outbids a bidder who stops at the printed price (the others' streets of a group already split)."""
THREAT_SHARE = 1.0
"""A swap of groups is made or accepted only when the bot's group, built with the cash it then holds,
threatens at least this share of the partner's (see StrongDealer._outbuilds)."""
NEVER = 1 << 62
"""More cash than any game holds."""
