"""How often a token comes to rest on each square: a Markov chain of the dice, the go-to-jail square and
the moving cards, stepped 60 times from an even spread (the bots' estimates are built on its answer).

The answer depends only on the chain (where a token that reaches each square comes to rest, with what
chance), and stepping it costs about as much as 1 300 throws of a simulated game. The chain of the
boards shipped with the game is known: its answer, worked out by `step_chain` and kept here bit for bit
(a test works it out again), is looked up by the chain's digest; any other board's chain is stepped,
once per board.
"""

from __future__ import annotations

import hashlib

from ..engine import Board
from ..engine.board import BOARD_SIZE, AdvanceTo, AdvanceToNearest, GoToJailCard, MoveBack

DICE = tuple((a + b, 1 / 36) for a in range(1, 7) for b in range(1, 7))
STEPS = 60
"""Steps of the chain from an even spread."""

Chain = list[list[tuple[int, float]]]
"""For each square, where a token that reaches it comes to rest, with what chance (in card order)."""

KNOWN: dict[str, tuple[float, ...]] = {
    # the chain of data/board_ru.yaml and data/board_en.yaml (the same squares and cards)
    "1e83d6a98b5ab0704c5f493623afb9697a939308ca0dfe3d585b06460bee7344": (
        1.2429216537251828,
        0.8618924430092384,
        0.7605528169020217,
        0.874889934332041,
        0.9407386843972271,
        1.197522083569566,
        0.9142202580469277,
        0.3504282194090629,
        0.9389596727372567,
        0.9324691141058323,
        2.3548509442583696,
        1.0946309211366803,
        1.0511339816771879,
        0.954261651545232,
        0.9868353896863908,
        1.1671990794112999,
        1.1103179414721058,
        1.0282710787067435,
        1.1661648442487418,
        1.2280050861449971,
        1.1495819577115554,
        1.1318171992835155,
        0.41896621982402216,
        1.0951661327933118,
        1.2747951978745418,
        1.225100941783013,
        1.0822582324847931,
        1.07138630074068,
        1.1239512685802993,
        1.036165097535313,
        0.0,
        1.0743253049876624,
        1.0532286357271063,
        0.957629200213842,
        1.0038842955495468,
        0.9782628843480844,
        0.34864632851672545,
        0.8812148294254417,
        0.8778015811992801,
        1.0595525928990244,
    ),
}
"""step_chain's answer for the chains of the shipped boards, by chain_digest."""

_RATES: dict[int, tuple[Board, tuple[float, ...]]] = {}


def visit_rates(board: Board) -> tuple[float, ...]:
    """How often a token comes to rest on each square relative to the average (1.0), from the dice,
    the go-to-jail square and the moving cards (known for the shipped boards, else worked out once per
    board)."""
    cached = _RATES.get(id(board))
    if cached is not None and cached[0] is board:
        return cached[1]
    chain = chain_of(board)
    result = KNOWN.get(chain_digest(chain)) or step_chain(chain)
    _RATES[id(board)] = (board, result)
    return result


def chain_of(board: Board) -> Chain:
    """Where a token that reaches each square comes to rest, with probabilities (cards drawn at random)."""
    return [_rest_after(board, square) for square in range(BOARD_SIZE)]


def chain_digest(chain: Chain) -> str:
    """A digest of the chain (its repr: exact for the chances, which are floats)."""
    return hashlib.sha256(repr(chain).encode()).hexdigest()


def step_chain(chain: Chain) -> tuple[float, ...]:
    """The chain stepped STEPS times from an even spread, scaled so that the average square has 1.0."""
    # Every throw has the same chance p: from each start, the (end, chance) pairs in the order the
    # throws and the cards reach them, so that each step adds the very same products in the same order.
    p = DICE[0][1]
    reached = [
        [move for total, _ in DICE for move in chain[(start + total) % BOARD_SIZE]]
        for start in range(BOARD_SIZE)
    ]
    rates = [1 / BOARD_SIZE] * BOARD_SIZE
    for _ in range(STEPS):
        nxt = [0.0] * BOARD_SIZE
        for share, reach in zip(rates, reached, strict=True):
            weight = share * p
            for end, q in reach:
                nxt[end] += weight * q
        rates = nxt
    return tuple(BOARD_SIZE * r for r in rates)


def _rest_after(board: Board, square: int) -> list[tuple[int, float]]:
    """Where a token that reaches square comes to rest, with probabilities (cards drawn at random)."""
    kind = board.squares[square].kind
    if kind == "go_to_jail":
        return [(board.jail, 1.0)]
    if kind not in ("chance", "community_chest"):
        return [(square, 1.0)]
    deck = board.deck(kind)
    out: list[tuple[int, float]] = []
    for card in deck:
        effect, end = card.effect, square
        if isinstance(effect, AdvanceTo):
            end = effect.square
        elif isinstance(effect, AdvanceToNearest):
            targets = board.stations if effect.target == "station" else board.utilities
            end = min(targets, key=lambda i: (i - square - 1) % BOARD_SIZE)
        elif isinstance(effect, MoveBack):
            end = (square - effect.steps) % BOARD_SIZE
        elif isinstance(effect, GoToJailCard):
            end = board.jail
        out.append((end, 1 / len(deck)))
    return out
