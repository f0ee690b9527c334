"""monopoly-tui: Monopoly, Russian edition, hot-seat in the terminal, on a pure rules engine."""

__version__ = "0.1.0"
