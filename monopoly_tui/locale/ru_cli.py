"""Russian messages of the command line, the command palette, the settings file and the browser server."""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- ecosystem: the command line ---------------------------------------------------------------
    "cli.description": "Монополия (российское издание) в терминале: от 2 до 8 игроков за одним ноутбуком.",
    "cli.epilog": "Без подкоманды запускается play (monopoly-tui play --help — её параметры).",
    "cli.commands": "подкоманды",
    "cli.metavar.command": "КОМАНДА",
    "cli.version": "показать версию и выйти",
    "cli.play": "играть (подкоманда по умолчанию)",
    "cli.play.description": "Новая или сохранённая партия в терминале.",
    "cli.replay": "просмотр сохранённой партии",
    "cli.replay.description": "Просмотр сохранённой партии ход за ходом.",
    "cli.simulate": "партии компьютерных игроков без экрана (monopoly-tui simulate --help)",
    "cli.serve": "игра в браузере (нужен пакет monopoly-tui[web])",
    "cli.arg.board": "файл поля YAML (по умолчанию — российское поле)",
    "cli.arg.rules": "файл YAML с вариантами правил (раздел rules)",
    "cli.arg.check": "только проверить файлы поля и правил и выйти",
    "cli.arg.continue": "продолжить последнюю игру",
    "cli.arg.load": "продолжить игру из файла сохранения",
    "cli.arg.save": "файл сохранения",
    "cli.check.ok": "Поле «{board}» в порядке: {squares} полей, стартовый капитал {cash}.",
    "cli.no_terminal": "игре нужен терминал, а ввод или вывод перенаправлен; без терминала работают play --check и simulate.",
    "cli.crash": "игра аварийно завершилась; подробности в файле {path}",
}
