"""The `monopoly-tui` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .boardfile import BoardFileError, load_board, load_rules
from .locale import tr
from .money import rubles


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="monopoly-tui",
        description="Монополия (российское издание) в терминале: от 2 до 8 игроков за одним ноутбуком.",
        epilog=(
            "Подкоманда: monopoly-tui simulate --help — партии компьютерных игроков без экрана. "
            "Ошибки в файлах поля и правил выводятся с именем файла, строки и поля."
        ),
    )
    parser.add_argument("--version", action="version", version=f"monopoly-tui {__version__}")
    parser.add_argument("--board", metavar="FILE", help="файл поля YAML (по умолчанию — российское поле)")
    parser.add_argument("--rules", metavar="FILE", help="файл YAML с вариантами правил (раздел rules)")
    parser.add_argument("--check", action="store_true", help="только проверить файлы поля и правил и выйти")
    game = parser.add_mutually_exclusive_group()
    game.add_argument("--continue", dest="resume", action="store_true", help="продолжить последнюю игру")
    game.add_argument("--load", metavar="FILE", help="продолжить игру из файла сохранения")
    game.add_argument("--position", metavar="TEXT", help="начать игру с позиции (строка MPN, см. README)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["simulate"]:
        from . import simulate

        return simulate.main(argv[1:])
    if argv[:1] == ["replay"]:
        return replay_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        board = load_board(args.board)
        rules = load_rules(args.rules) if args.rules else board.rules
    except BoardFileError as exc:
        print(f"monopoly-tui: {exc}", file=sys.stderr)
        return 2
    position = None
    if args.position is not None:
        from .positions import PositionArgumentError, read_position

        try:
            position = read_position(args.position, board, rules_file=args.rules)
        except PositionArgumentError as exc:
            print(f"monopoly-tui: {exc}", file=sys.stderr)
            return 2
    if args.check:
        if position is not None:
            name = position.players[position.turn].name
            print(tr("position.checked", players=len(position.players), round=position.round, name=name))
            return 0
        print(
            f"Поле «{board.name}» в порядке: {len(board.squares)} полей, "
            f"стартовый капитал {rubles(rules.start.cash)}."
        )
        return 0
    start_with: Path | None = None
    if args.resume or args.load:
        from .saves import SaveError, latest_unfinished, load_save

        start_with = Path(args.load) if args.load else latest_unfinished(board)
        if start_with is None:
            print(f"monopoly-tui: {tr('load.no_unfinished')}", file=sys.stderr)
            return 2
        try:
            load_save(start_with, board)
        except SaveError as exc:
            print(f"monopoly-tui: {start_with}: {exc.reason}", file=sys.stderr)
            return 2
    from .app import MonopolyApp  # textual loads only when the game is played

    MonopolyApp(board, rules, start_with=start_with, position=position).run()
    return 0


def replay_main(argv: Sequence[str]) -> int:
    """`monopoly-tui replay FILE`: step through a saved game."""
    parser = argparse.ArgumentParser(prog="monopoly-tui replay", description="Просмотр сохранённой партии.")
    parser.add_argument("file", metavar="FILE", help="файл сохранения")
    parser.add_argument("--board", metavar="FILE", help="файл поля YAML (по умолчанию — российское поле)")
    args = parser.parse_args(argv)
    try:
        board = load_board(args.board)
    except BoardFileError as exc:
        print(f"monopoly-tui: {exc}", file=sys.stderr)
        return 2
    from .saves import SaveError, load_save

    try:
        load_save(args.file, board)
    except SaveError as exc:
        print(f"monopoly-tui: {args.file}: {exc.reason}", file=sys.stderr)
        return 2
    from .app import MonopolyApp

    MonopolyApp(board, replay=Path(args.file)).run()
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
