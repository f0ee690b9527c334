"""The Textual app (imports textual; the engine never imports this package)."""

from __future__ import annotations

from .app import MonopolyApp

__all__ = ["MonopolyApp"]
