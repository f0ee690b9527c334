"""Typed errors of the engine."""

from __future__ import annotations


class InvalidActionError(ValueError):
    """The action is malformed: it could never be legal (e.g. a die showing 7, an unknown player)."""


class IllegalActionError(ValueError):
    """The action is well-formed but not legal in this state (wrong player, wrong moment, too little cash)."""
