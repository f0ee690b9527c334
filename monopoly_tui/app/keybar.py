"""The footer of the game screen: the keys of the prompt now, then the keys always there."""

from __future__ import annotations

from rich.text import Text

from ..locale import tr
from .prompts import Choice, Prompt
from .rows import Rows


def key_label(key: str) -> str:
    return tr(f"key.{key}") if key == "enter" else key


# choice keys with a short name of their own (binding.<key>: «Купить» for «Купить за 60 000 ₽»)
SHORT_KEYS = frozenset("rbnefcyukoxp")


def short_label(choice: Choice) -> str:
    return tr(f"binding.{choice.key}") if choice.key in SHORT_KEYS else choice.label


PACE_LABELS = ("keys.pace", "keys.pace_short")
"""The pace key's labels, long and short (the second where the footer is short of room)."""


class KeyBar(Rows):
    """The footer of the game screen: the keys of the prompt now, then the keys always there. Where the
    line is too short for all of them (80 columns), step by step: the keys sit closer, the keys always
    there get short labels, the prompt's keys get short ones («Купить», its button says the rest), the
    keys sit closer still, and only then the keys always there (the computer players' pace among them)
    lose theirs: no key is cut off, and at 80 columns every prompt's keys keep their labels."""

    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $panel; text-wrap: wrap; text-overflow: fold; }
    """

    _shown: Text | None = None
    _keys: tuple[list[tuple[str, str, str]], list[tuple[str, str, str]]] = ([], [])
    _scroll = False
    _painted: dict[tuple[object, ...], Text] = {}
    """The footers worked out, by the keys, the width and the scroll keys' label (False: none shown)."""
    """The prompt scrolls: its keys are shown too, where the line has room for them."""

    STEPS = ((None, 1, 1), (2, 1, 1), (2, 1, 2), (2, 2, 2), (1, 2, 2), (1, 2, 0), (1, 0, 0))
    """(the gap between keys (None: wide, padded keys), labels of the prompt's keys, labels of the keys
    always there): 1 long, 2 short, 0 none."""

    def show(self, prompt: Prompt, *, undo: bool = False, pace: int | None = None) -> None:
        keys = [(key_label(c.key), c.label, short_label(c)) for c in prompt.choices]
        if undo:
            keys.append(("z", tr("binding.undo"), tr("binding.undo")))
        always = []
        if pace is not None:
            long, short = (tr(key, pace=tr(f"pace.{pace}")) for key in PACE_LABELS)
            always.append(("s", long, short))
        always += [
            ("l", tr("binding.inspect"), tr("keys.inspect_short")),
            ("?", tr("binding.rules"), tr("binding.rules")),
            ("^q", tr("binding.quit"), tr("binding.quit")),
        ]
        self._keys = (keys, always)
        self._paint()

    def show_looking(self, *, compact: bool) -> None:
        """While a player looks at squares (key l): the keys that move the cursor, and Esc back to the
        prompt, whose keys are off until then (GameScreen.check_action)."""
        keys = [("↑↓" if compact else "←↑↓→", tr("keys.look.move"), tr("keys.look.move_short"))]
        if compact:
            keys.append(("PgUp/PgDn", tr("keys.look.page"), tr("keys.look.page_short")))
            keys.append(("Home/End", tr("keys.look.ends"), tr("keys.look.ends_short")))
        keys.append(("esc", tr("keys.look.back"), tr("binding.back")))
        rules, quit_ = tr("binding.rules"), tr("binding.quit")
        self._keys = (keys, [("?", rules, rules), ("^q", quit_, quit_)])
        self._paint()

    def show_scroll(self, scrolls: bool) -> None:
        if scrolls != self._scroll:
            self._scroll = scrolls
            self._paint()

    def _paint(self) -> None:
        keys, always = self._keys
        width = self.content_region.width or 10_000
        shown = (tuple(keys), tuple(always), width, self._scroll and tr("keys.scroll"))
        text = self._painted.get(shown)  # (a game's prompts come back: their footers are worked out once)
        if text is None:
            if len(self._painted) >= 64:
                self._painted.clear()
            text = self._painted[shown] = self._fitted(keys, always, width)
        if text != self._shown:
            self._shown = text
            self.set_rows([text])  # one line docked at the bottom: its size never changes

    def _fitted(
        self, keys: list[tuple[str, str, str]], always: list[tuple[str, str, str]], width: int
    ) -> Text:

        def labelled(triples: list[tuple[str, str, str]], labels: int) -> list[tuple[str, str]]:
            return [(k, (long, short)[labels - 1] if labels else "") for k, long, short in triples]

        for gap, mine, theirs in self.STEPS:
            text = self.line([*labelled(keys, mine), *labelled(always, theirs)], gap=gap)
            if len(text) <= width:
                break
        if self._scroll:  # the prompt's scroll keys, where every key keeps a label and the prompt's theirs
            scroll = ("↑↓", tr("keys.scroll"))
            for closer, labels, others in self.STEPS:
                if labels != mine or not others:
                    continue
                wider = self.line([*labelled(keys, labels), scroll, *labelled(always, others)], gap=closer)
                if len(wider) <= width:
                    text = wider
                    break
        return text

    @staticmethod
    def line(keys: list[tuple[str, str]], *, gap: int | None) -> Text:
        """The keys with their labels; `gap` spaces between two keys (None: each key on a padded chip,
        two spaces after a label)."""
        text = Text(no_wrap=True, overflow="ellipsis")
        for key, label in keys:
            text.append(f" {key} " if gap is None else key, style="bold reverse")
            if label:
                text.append(f" {label}")
            text.append(" " * (2 if gap is None else gap))
        text.rstrip()
        return text

    def on_resize(self) -> None:
        self._paint()
