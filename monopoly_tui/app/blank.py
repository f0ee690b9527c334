"""Containers that draw nothing of their own (no border, no content, no background of their own).

Textual asks every widget whose region overlaps a change on the screen for its lines, containers too,
and works out a container's lines like any widget's (its styles, its background over its ancestors'),
though its children cover what it shows or it shows only the background under it. A throw of the dice
changes the centre: its containers and those of the ring were asked each time. Textual's `BLANK`
(documented for large containers) makes such a widget's lines plain blanks in its style, with no work.
Only for containers without a border, a background or a tint of their own: the look is the same (every
snapshot is unchanged).
"""

from __future__ import annotations

from textual.containers import Container, Horizontal, Vertical


class BlankContainer(Container):
    """A `Container` whose own lines are blank."""

    BLANK = True


class BlankVertical(Vertical):
    """A `Vertical` whose own lines are blank."""

    BLANK = True


class BlankHorizontal(Horizontal):
    """A `Horizontal` whose own lines are blank."""

    BLANK = True
