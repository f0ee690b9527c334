"""The `monopoly-tui` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .boardfile import BoardFileError, load_board, load_rules
from .money import rubles


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly-tui",
        description="Монополия (российское издание) в терминале: от 2 до 8 игроков за одним ноутбуком.",
        epilog="Правила игры: см. README.md. Ошибки в файлах поля и правил выводятся с именем файла и поля.",
    )
    parser.add_argument("--version", action="version", version=f"monopoly-tui {__version__}")
    parser.add_argument("--board", metavar="FILE", help="файл поля YAML (по умолчанию — российское поле)")
    parser.add_argument("--rules", metavar="FILE", help="файл YAML с вариантами правил (раздел rules)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        board = load_board(args.board)
        rules = load_rules(args.rules) if args.rules else board.rules
    except BoardFileError as exc:
        print(f"monopoly-tui: {exc}", file=sys.stderr)
        return 2
    print(
        f"Поле «{board.name}» загружено: {len(board.squares)} полей, "
        f"стартовый капитал {rubles(rules.start.cash)}."
    )
    print("Игровой экран появится в следующей версии; движок правил уже готов (см. README.md).")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
