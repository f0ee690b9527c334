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
    "cli.arg.theme": "тема оформления Textual (выбранная в игре запоминается; Ctrl+P — список тем)",
    "cli.theme.unknown": "нет темы «{theme}»; есть: {themes}",
    "cli.check.ok": "Поле «{board}» в порядке: {squares} полей, стартовый капитал {cash}.",
    "cli.no_terminal": "игре нужен терминал, а ввод или вывод перенаправлен; без терминала работают play --check и simulate.",
    "cli.crash": "игра аварийно завершилась; подробности в файле {path}",
    # --- ecosystem: the command palette (Ctrl+P) --------------------------------------------------------
    "binding.palette": "Команды",
    "palette.placeholder": "Найти команду…",
    "palette.theme": "Тема оформления",
    "palette.theme.help": "Выбрать цвета интерфейса (запоминается)",
    "palette.theme.placeholder": "Найти тему…",
    "palette.rules": "Правила",
    "palette.rules.help": "Правила игры и действующие варианты",
    "palette.pace.0": "Компьютер: обычный темп",
    "palette.pace.1": "Компьютер: быстрый темп",
    "palette.pace.2": "Компьютер: мгновенно",
    "palette.pace.help": "Как быстро ходят компьютерные игроки (клавиша s, запоминается)",
    "palette.replay": "Просмотр партии",
    "palette.replay.help": "Пройти эту партию с начала ход за ходом",
    "palette.quit": "Выйти",
    "palette.quit.help": "Закрыть игру",
    "palette.quit.saved": "Закрыть игру; партия уже сохранена — «Продолжить» вернёт к ней",
    # --- ecosystem: the settings file ----------------------------------------------------------------
    "config.broken": "Файл настроек прочитан не весь (используются значения по умолчанию): {problems}",
    "config.not_saved": "Настройки не сохранены: {reason}",
}
