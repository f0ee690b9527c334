"""The `monopoly-tui` command line: subcommands play (the default), replay, simulate and serve.

Help and errors are in the player's language (argparse's own words too, see cliparse.py); a bad command
line or a broken file exits with code 2 and a message on stderr, a crash with code 1 and one line naming
the log file that holds the traceback.
"""

from __future__ import annotations

import io
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, TypeVar

import platformdirs

from . import __version__
from .crashlog import DATA_DIR_ENV, report_crash
from .locale import LANGUAGES, set_language, tr
from .money import rubles

# argparse (and our Russian parser over it) is imported when a command line is to be parsed: the bare
# `monopoly-tui`, a new game, needs no parsing (new_game_arguments) and its title screen comes up sooner.
if TYPE_CHECKING:
    import argparse

    from textual.app import App

    from .engine import Board, Rules

    Arguments = argparse.Namespace | SimpleNamespace

AppT = TypeVar("AppT", bound="App[Any]")

PROG = "monopoly-tui"
COMMANDS = ("play", "replay", "simulate", "serve")
"""Subcommands; a command line that starts with none of them is `play`'s."""


class CommandError(Exception):
    """A refusal for the command line: the message goes to stderr and the exit code is 2."""


def add_file_arguments(parser: argparse.ArgumentParser, *, rules: bool = True) -> None:
    parser.add_argument("--board", metavar="FILE", help=tr("cli.arg.board"))
    if rules:
        parser.add_argument("--rules", metavar="FILE", help=tr("cli.arg.rules"))


def add_theme_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--theme", metavar="NAME", help=tr("cli.arg.theme"))
    parser.add_argument("--lang", choices=LANGUAGES, help=tr("cli.arg.lang"))


def language_option(argv: Sequence[str]) -> str | None:
    """The value of --lang LANG (or --lang=LANG) anywhere on the command line, before any parsing: the
    help and the errors of this run are in that language. A wrong value is left to argparse to refuse."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


def without_language_option(argv: Sequence[str]) -> list[str]:
    """The command line without --lang and its value (for simulate, whose parser has no such option)."""
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif not arg.startswith("--lang="):
            out.append(arg)
    return out


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    add_file_arguments(parser)
    parser.add_argument("--check", action="store_true", help=tr("cli.arg.check"))
    add_theme_argument(parser)
    game = parser.add_mutually_exclusive_group()
    game.add_argument("--continue", dest="resume", action="store_true", help=tr("cli.arg.continue"))
    game.add_argument("--load", metavar="FILE", help=tr("cli.arg.load"))
    game.add_argument("--position", metavar="TEXT", help=tr("cli.arg.position"))


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The command line's parser; with `command`, only that subcommand's (the others are not needed to
    parse it, and the game starts sooner without them); without, all of them (the help lists them)."""
    from .cliparse import RussianArgumentParser

    parser = RussianArgumentParser(prog=PROG, description=tr("cli.description"), epilog=tr("cli.epilog"))
    parser.add_argument(
        "--version", action="version", version=f"{PROG} {__version__}", help=tr("cli.version")
    )
    parser.add_argument("--lang", choices=LANGUAGES, help=tr("cli.arg.lang"))
    commands = parser.add_subparsers(
        dest="command", title=tr("cli.commands"), metavar=tr("cli.metavar.command")
    )
    if command in (None, "play"):
        play = commands.add_parser("play", help=tr("cli.play"), description=tr("cli.play.description"))
        add_play_arguments(play)
        play.set_defaults(run=play_main)
    if command in (None, "replay"):
        replay = commands.add_parser(
            "replay", help=tr("cli.replay"), description=tr("cli.replay.description")
        )
        replay.add_argument("file", metavar="FILE", help=tr("cli.arg.save"))
        add_file_arguments(replay, rules=False)
        add_theme_argument(replay)
        replay.set_defaults(run=replay_main)
    if command is None:
        # simulate parses its own arguments (main() hands them over before this parser sees them)
        commands.add_parser("simulate", help=tr("cli.simulate"), add_help=False)
    if command in (None, "serve"):
        serve = commands.add_parser("serve", help=tr("cli.serve"), description=tr("cli.serve.description"))
        serve.add_argument("--host", default="127.0.0.1", help=tr("cli.arg.host"))
        serve.add_argument("--port", type=int, default=8000, help=tr("cli.arg.port"))
        serve.add_argument("--saves", metavar="DIR", help=tr("cli.arg.saves"))
        add_file_arguments(serve)
        add_theme_argument(serve)
        serve.set_defaults(run=serve_main)
    return parser


def new_game_arguments() -> SimpleNamespace:
    """What `play` parses from an empty command line (a test holds it to build_parser's): the bare
    `monopoly-tui` starts a new game without importing argparse or building a parser."""
    return SimpleNamespace(
        lang=None,
        command="play",
        board=None,
        rules=None,
        check=False,
        theme=None,
        resume=False,
        load=None,
        position=None,
        run=play_main,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code (0, 1 after a crash, 2 for a refusal)."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    language = language_option(args_list)
    if language in LANGUAGES:
        set_language(language)
    try:
        return _dispatch(args_list)
    except CommandError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except Exception:
        report_crash(traceback.format_exc(), crash_message)
        return 1


def _dispatch(argv: list[str]) -> int:
    lead: list[str] = []  # --lang before the command (monopoly-tui --lang en replay FILE) goes after it
    while argv[:1] and (argv[0] == "--lang" or argv[0].startswith("--lang=")):
        take = 2 if argv[0] == "--lang" else 1
        lead, argv = lead + argv[:take], argv[take:]
    if not argv and not lead:
        return play_main(new_game_arguments())
    if argv[:1] == ["simulate"]:
        from . import simulate

        return simulate.main(without_language_option(argv[1:]))
    if not argv or (argv[0] not in COMMANDS and argv[0] not in ("-h", "--help", "--version")):
        argv = ["play", *argv]
    if argv[0] in COMMANDS:
        argv = [argv[0], *lead, *argv[1:]]
    try:
        args = build_parser(argv[0] if argv[0] in COMMANDS else None).parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a bad command line (already reported)
        return exc.code if isinstance(exc.code, int) else 0
    run: Callable[[Arguments], int] = args.run
    return run(args)


def load_files(board_file: str | None, rules_file: str | None = None) -> tuple[Board, Rules]:
    from .boardfile import BoardFileError, load_board, load_rules

    try:
        board = load_board(board_file)
        rules = load_rules(rules_file) if rules_file else board.rules
    except BoardFileError as exc:
        raise CommandError(str(exc)) from exc
    return board, rules


def play_main(args: Arguments) -> int:
    if not (args.board or args.rules or args.check or args.position or args.resume or args.load):
        # the shipped board and a new game: the app reads the board once its title screen is up
        from .app import MonopolyApp

        app = with_theme(MonopolyApp(), args.theme)
        need_terminal()
        return restart_if_asked(app, args, run_app(app))
    board, rules = load_files(args.board, args.rules)
    position = None
    if args.position is not None:
        from .positions import PositionArgumentError, check_names, read_position

        try:
            position = read_position(args.position, board, rules_file=args.rules)
            check_names(position)
        except PositionArgumentError as exc:
            raise CommandError(str(exc)) from exc
    if args.check:
        if position is not None:
            name = position.players[position.turn].name
            print(tr("position.checked", players=len(position.players), round=position.round, name=name))
            return 0
        cash = rubles(rules.start.cash)
        print(tr("cli.check.ok", board=board.name, squares=len(board.squares), cash=cash))
        return 0
    start_with: Path | None = None
    if args.resume or args.load:
        from .saves import SaveError, is_locked, latest_unfinished, load_save

        start_with = Path(args.load) if args.load else latest_unfinished(board)
        if start_with is None:
            raise CommandError(tr("load.no_unfinished"))
        try:
            load_save(start_with, board)
        except SaveError as exc:
            raise CommandError(f"{start_with}: {exc.reason}") from exc
        if is_locked(start_with):
            raise CommandError(f"{start_with}: {tr('save.error.locked')}")
    from .app import MonopolyApp  # textual loads only when the game is played

    app = with_theme(MonopolyApp(board, rules, start_with=start_with, position=position), args.theme)
    need_terminal()
    return restart_if_asked(app, args, run_app(app))


def replay_main(args: Arguments) -> int:
    """`monopoly-tui replay FILE`: step through a saved game."""
    board, _ = load_files(args.board)
    from .saves import SaveError, load_save

    try:
        load_save(args.file, board)
    except SaveError as exc:
        raise CommandError(f"{args.file}: {exc.reason}") from exc
    from .app import MonopolyApp

    app = with_theme(MonopolyApp(board, replay=Path(args.file)), args.theme)
    need_terminal()
    return restart_if_asked(app, args, run_app(app))


def restart_if_asked(app: App[Any], args: Arguments, code: int) -> int:
    """After the palette's language command (the app's `restart`), the game starts again in the new
    language in this process (exec), on the same board and rules, reopening the game in progress."""
    restart: tuple[str, Path | None] | None = getattr(app, "restart", None)
    if code or restart is None:
        return code
    language, save = restart
    command = [sys.executable, "-m", "monopoly_tui", "play", "--lang", language]
    for option in ("board", "rules", "theme"):
        if getattr(args, option, None) and not (option == "rules" and save is not None):
            command += [f"--{option}", getattr(args, option)]
    if save is not None:
        command += ["--load", str(save)]
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, command)
    return 0  # pragma: no cover - execv does not return


def with_theme(app: AppT, theme: str | None) -> AppT:
    """The app with `--theme NAME` applied; a name Textual does not know is refused, listing those it does."""
    if theme is not None:
        if theme not in app.available_themes:
            raise CommandError(
                tr("cli.theme.unknown", theme=theme, themes=", ".join(sorted(app.available_themes)))
            )
        app.theme = theme
    return app


def serve_main(args: Arguments) -> int:
    """`monopoly-tui serve`: the game in a browser through textual-serve, each browser tab its own game
    process. Their saves go to one folder, chosen with --saves (by default <data dir>/served, apart from
    the terminal's games), named here and on each tab's title screen."""
    import shlex

    try:
        from textual_serve.server import Server
    except ImportError as exc:
        raise CommandError(tr("cli.serve.no_package")) from exc
    load_files(args.board, args.rules)  # a broken file is refused now, not in every tab
    from textual.theme import BUILTIN_THEMES

    if args.theme is not None and args.theme not in BUILTIN_THEMES:
        raise CommandError(
            tr("cli.theme.unknown", theme=args.theme, themes=", ".join(sorted(BUILTIN_THEMES)))
        )
    folder = Path(args.saves) if args.saves else default_data_dir() / "served"
    os.environ[DATA_DIR_ENV] = str(folder.resolve())  # the tabs' game processes inherit it
    command = [sys.executable, "-m", "monopoly_tui", "play"]
    for option in ("board", "rules", "theme", "lang"):
        if getattr(args, option):
            command += [f"--{option}", getattr(args, option)]
    print(
        tr("cli.serve.started", url=f"http://{args.host}:{args.port}", saves=folder),
        file=sys.stderr,
        flush=True,
    )
    try:
        Server(shlex.join(command), host=args.host, port=args.port, title=tr("app.title")).serve()
    except OSError as exc:
        raise CommandError(tr("cli.serve.failed", reason=str(exc))) from exc
    return 0


def default_data_dir() -> Path:
    folder = os.environ.get(DATA_DIR_ENV)
    return Path(folder) if folder else Path(platformdirs.user_data_dir("monopoly-tui", appauthor=False))


def crash_message(path: str) -> str:
    return tr("cli.crash", path=path)


def need_terminal() -> None:
    """The game draws on a terminal and reads its keys: refuse at once when there is none (input from
    /dev/null, output to a pipe) instead of writing escape codes into the void. A driver chosen through
    TEXTUAL_DRIVER (textual-serve's browser driver) needs none."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise CommandError(tr("cli.no_terminal"))


def run_app(app: App[Any], *, headless: bool = False) -> int:
    """Run the app; after a crash, the traceback Textual would print goes to a log file named in one line,
    and the exit code is the app's (1 after an unhandled exception)."""
    from rich.console import Console

    errors = io.StringIO()
    app.error_console = Console(file=errors, markup=False, highlight=False, color_system=None, width=120)
    app.run(headless=headless)
    code = app.return_code or 0
    if code and errors.getvalue().strip():
        report_crash(errors.getvalue(), crash_message)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
