"""What decides the games of one bot against the others (figures, not tests):
`python benchmarks/bench_decides.py --games 400 --no-trades --turn-limit 200`.

The games of `bench_bots.py` (the same seeds, the first level's seat rotated game by game), watched
action by action: who completed the first colour group and how the last street of each completed group
came to its owner (bought where the dice stopped, won at auction, received from a bankrupt player or by
trade), the first level's wins by who completed the first group, by whether it ever held a group, and, in
the games where nobody ever held one, by the stations it held at the end; and how often the first level
lifted a mortgage and mortgaged the same lot again in one turn.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from collections import Counter
from dataclasses import dataclass, field

from monopoly_tui import tournament
from monopoly_tui.boardfile import load_board
from monopoly_tui.bots import BOT_NAMES, make_bot, play_game
from monopoly_tui.engine import (
    AcceptTrade,
    Action,
    Bid,
    Board,
    Buy,
    GameState,
    Mortgage,
    PassBid,
    ProposeTrade,
    Unmortgage,
)


@dataclass
class Game:
    """What one game showed, seen from the first level's seat."""

    seat: int
    first: tuple[int, str] | None = None
    """Who completed the first colour group, and how its last street came (see `how`)."""
    first_round: int = 0
    """The round in which the first colour group was completed."""
    first_dealer: int | None = None
    """When the first group was completed by a trade: the other side of that trade."""
    first_both: bool = False
    """Whether the trade that completed the first group completed one for the other side too."""
    ever: set[int] = field(default_factory=set)
    """The seats that ever held a whole colour group."""
    completions: Counter[tuple[bool, str]] = field(default_factory=Counter)
    """(by the first level, how) for every group completed."""
    flips: int = 0
    """Lifts followed by a mortgage of the same lot in the same turn, by the first level."""
    winner: int | None = None
    stations: int = 0


def how(action: Action) -> str:
    """How a lot changed hands, by the action that moved it."""
    if isinstance(action, Buy):
        return "bought on landing"
    if isinstance(action, Bid | PassBid):
        return "won at auction"
    if isinstance(action, AcceptTrade):
        return "traded"
    return "from a bankrupt"


def whole_groups(state: GameState, seat: int) -> set[str]:
    owner = state.owner
    return {g for g, members in state.board.group_members.items() if all(owner[i] == seat for i in members)}


def watch(board: Board, index: int, args: argparse.Namespace) -> Game:
    """Play game `index` of the run, watching it."""
    kinds = tournament.seated(tournament.lineup(args.bots, 4), index, rotate=True)
    seed = args.seed + index
    seat = index % len(kinds)
    bots = [make_bot(kind, seed, s, trades=not args.no_trades) for s, kind in enumerate(kinds)]
    rules = board.rules
    if args.turn_limit:
        rules = rules.model_copy(update={"end": rules.end.model_copy(update={"turn_limit": args.turn_limit})})
    game = Game(seat)
    held: dict[int, set[str]] = {s: set() for s in range(len(kinds))}
    lifted: dict[tuple[int, int], set[int]] = {}
    last_owner: list[object] = [None]
    proposed: list[ProposeTrade | None] = [None]

    def observe(action: Action, state: GameState) -> None:
        key = (state.round, state.turn)
        if isinstance(action, ProposeTrade):
            proposed[0] = action
        if getattr(action, "player", None) == seat:
            if isinstance(action, Unmortgage):
                lifted.setdefault(key, set()).add(action.square)
            elif isinstance(action, Mortgage) and action.square in lifted.get(key, ()):
                game.flips += 1
        if state.owner is last_owner[0] or state.is_over:
            return  # (the last bankrupt's lots, handed to the winner as the game ends, decide nothing)
        last_owner[0] = state.owner
        now_held = {s: whole_groups(state, s) for s in held}
        completed = [s for s in held if now_held[s] - held[s]]
        for s, now in now_held.items():
            for _ in now - held[s]:
                game.ever.add(s)
                game.completions[(s == seat, how(action))] += 1
                if game.first is None:
                    game.first = (s, how(action))
                    game.first_round = state.round
                    offer = proposed[0]
                    if isinstance(action, AcceptTrade) and offer is not None:
                        game.first_dealer = offer.partner if offer.player == s else offer.player
                        game.first_both = len(completed) > 1
            held[s] = now

    names = [f"{BOT_NAMES[kind]} {s + 1}" for s, kind in enumerate(kinds)]
    final, stats = play_game(board, names, bots, seed, rules, args.max_rounds, checked=False, observe=observe)
    game.winner = stats.winner
    game.stations = sum(1 for i in board.stations if final.owner[i] == seat)
    return game


def share(part: int, whole: int) -> str:
    return f"{part}/{whole}" + (f" = {100 * part / whole:.1f} %" if whole else "")


def report(games: list[Game], level: str) -> None:
    won = [g.winner == g.seat for g in games]
    print(f"  {level} won {share(sum(won), len(games))}")
    rows: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    for g, w in zip(games, won, strict=True):
        first = "nobody" if g.first is None else level if g.first[0] == g.seat else "another player"
        later = "" if first != "another player" else (", it too later" if g.seat in g.ever else ", it never")
        row = f"first group: {first}{later}"
        rows[row] += 1
        wins[row] += w
    for row in sorted(rows):
        print(f"    {row:44} won {share(wins[row], rows[row])}")
    print("    the first group, how its last street came (completed by it / by another player):")
    firsts: Counter[tuple[bool, str]] = Counter()
    first_wins: Counter[tuple[bool, str]] = Counter()
    for g, w in zip(games, won, strict=True):
        if g.first is not None:
            by_it = g.seat in (g.first[0], g.first_dealer) if g.first_both else g.first[0] == g.seat
            kind = g.first[1]
            if kind == "traded":
                kind += " with it" if g.first_dealer == g.seat else " with another"
                kind += ", both" if g.first_both else ""
            firsts[(by_it, kind)] += 1
            first_wins[(by_it, kind)] += w
    for kind in sorted({k for _, k in firsts}):
        mine, theirs = (True, kind), (False, kind)
        left = f"{firsts[mine]:4} (won {first_wins[mine]:3})"
        print(f"      {kind:26} {left} / {firsts[theirs]:4} (won {first_wins[theirs]:3})")
    rounds = sorted(g.first_round for g in games if g.first is not None)
    if rounds:
        n = len(rounds)
        median, low, high = rounds[n // 2], rounds[n // 4], rounds[3 * n // 4]
        print(f"    the first group's round: median {median}, quartiles {low}..{high}")
    print("    the last street of each completed group (by it / by the others):")
    by_how: Counter[tuple[bool, str]] = sum((g.completions for g in games), Counter())
    for kind in sorted({k for _, k in by_how}):
        print(f"      {kind:20} {by_how[(True, kind)]:5} / {by_how[(False, kind)]:5}")
    nobody = [(g, w) for g, w in zip(games, won, strict=True) if not g.ever]
    print("    games where nobody ever held a group, by its stations at the end:")
    for stations in range(5):
        part = [w for g, w in nobody if g.stations == stations]
        if part:
            print(
                f"      {stations} station{'s' if stations != 1 else ''}: won {share(sum(part), len(part))}"
            )
    flips = sum(g.flips for g in games)
    print(f"    lifts mortgaged again in the same turn: {flips} ({flips / len(games):.2f} a game)")


def main(argv: list[str] | None = None) -> None:
    print("$ python " + shlex.join(sys.argv))
    parser = argparse.ArgumentParser(prog="python benchmarks/bench_decides.py", description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0, help="game i is played with seed + i")
    parser.add_argument("--bots", default="strong,simple,simple,simple", help="a level per seat (rotated)")
    parser.add_argument("--no-trades", action="store_true", help="no bot proposes a trade")
    parser.add_argument("--turn-limit", type=int, help="end.turn_limit: the richest wins after that round")
    parser.add_argument("--max-rounds", type=int, default=200)
    args = parser.parse_args(argv)
    board = load_board()
    games = [watch(board, index, args) for index in range(args.games)]
    level = BOT_NAMES[tournament.lineup(args.bots, 4)[0]]
    trades = "off" if args.no_trades else "on"
    print(f"{args.bots}, seats rotated, {args.games} games (seeds {args.seed}..), trades {trades}")
    report(games, level)


if __name__ == "__main__":
    main()
