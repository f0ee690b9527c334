"""Deterministic randomness kept in the state: a SplitMix64 generator stepped by pure functions.

The engine never touches a global RNG or a clock: the seed given to `new_game` is the only source,
and each draw returns the next generator state together with the value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

T = TypeVar("T")
_MASK: Final = (1 << 64) - 1
FACES: Final = tuple((face // 6 + 1, face % 6 + 1) for face in range(36))
"""The 36 equally likely throws of two dice, by a draw modulo 36."""


def next_random(rng: int) -> tuple[int, int]:
    """One SplitMix64 step: (new generator state, 64-bit value)."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return rng, z ^ (z >> 31)


def seed_state(seed: int) -> int:
    """The generator state for a game seed (any non-negative integer)."""
    return seed & _MASK


def throw_dice(rng: int) -> tuple[int, tuple[int, int]]:
    """Throw two six-sided dice: (new generator state, (die1, die2))."""
    rng, face = throw_face(rng)
    return rng, FACES[face]


def throw_face(rng: int) -> tuple[int, int]:
    """Throw two six-sided dice: (new generator state, the throw's number in FACES, 6 * die1 + die2 -
    7). The step of next_random, written out here: a throw is the commonest draw."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = ((rng ^ (rng >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return rng, (z ^ (z >> 31)) % 36


def shuffled(rng: int, items: Sequence[T]) -> tuple[int, tuple[T, ...]]:
    """A Fisher-Yates shuffle of items: (new generator state, shuffled tuple)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        rng, value = next_random(rng)
        j = value % (i + 1)
        out[i], out[j] = out[j], out[i]
    return rng, tuple(out)
