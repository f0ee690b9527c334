"""Computer players: «Простой» (simple), «Сильный» (strong) and «Мастер» (master, «Сильный» looking
ahead by playouts), and a driver that plays whole games.

bot = make_bot("strong", seed=7, seat=0)
action = bot.choose(state, current_actor(state))   # always legal; the caller applies it
"""

from __future__ import annotations

from .base import BOT_NAMES, Bot, BotKind, JailPolicy
from .driver import GameStats, LandingTally, play_game, play_out
from .master import DEFAULT_EFFORT, EFFORTS, MasterBot
from .simple import SimpleBot
from .strong import StrongBot

BOT_KINDS: tuple[BotKind, ...] = ("simple", "strong", "master")


def make_bot(
    kind: BotKind,
    seed: int,
    seat: int,
    *,
    jail: JailPolicy | None = None,
    trades: bool = True,
    effort: str = DEFAULT_EFFORT,
) -> Bot:
    """A bot of the given strength for seat; its own randomness derives from (seed, seat) alone.
    trades=False: it proposes no trades (a tournament option; it still answers offers). effort: how
    hard «Мастер» thinks (a key of EFFORTS; the others ignore it)."""
    bot: SimpleBot | StrongBot
    if kind == "simple":
        bot = SimpleBot(seed, seat, jail)
    elif kind == "strong":
        bot = StrongBot(seed, seat, jail)
    elif kind == "master":
        bot = MasterBot(seed, seat, jail, effort)
    else:
        raise ValueError(f"unknown bot kind {kind!r}; choose from {', '.join(BOT_KINDS)}")
    bot.trades = trades
    return bot


__all__ = [
    "BOT_KINDS",
    "BOT_NAMES",
    "DEFAULT_EFFORT",
    "EFFORTS",
    "Bot",
    "BotKind",
    "GameStats",
    "JailPolicy",
    "LandingTally",
    "MasterBot",
    "SimpleBot",
    "StrongBot",
    "make_bot",
    "play_game",
    "play_out",
]
