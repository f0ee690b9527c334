"""Russian messages of the save files (monopoly_tui/saves.py): why a save cannot be read, written or deleted.

A fragment of the catalog: merge MESSAGES into monopoly_tui/locale/ru.py (keys all start with «save.»).
"""

from __future__ import annotations

MESSAGES: dict[str, str] = {
    # --- why a save cannot be loaded (SaveError.reason) ----------------------------------------------
    "save.error.missing": "Файл сохранения не найден.",
    "save.error.not_a_file": "Это не файл сохранения, а папка или особый файл.",
    "save.error.permission": "Нет прав на чтение файла сохранения.",
    "save.error.unreadable": "Файл сохранения не удаётся прочитать: ошибка диска или системы.",
    "save.error.too_large": "Файл больше {limit} МБ — слишком большой для сохранения игры, вероятно, это чужой файл.",
    "save.error.locked": "Эта партия уже открыта в другом окне. Закройте её там, чтобы продолжить здесь.",
    "save.error.empty": "Файл сохранения пуст — запись прервалась.",
    "save.error.truncated": "Файл сохранения обрезан — запись прервалась, конец файла потерян.",
    "save.error.not_utf8": "Файл сохранения повреждён: это не текст в кодировке UTF-8.",
    "save.error.not_json": "Файл сохранения повреждён: это не JSON (ошибка в строке {line}).",
    "save.error.duplicate_key": "Файл сохранения изменён или повреждён: поле «{field}» встречается дважды.",
    "save.error.foreign": "Это не сохранение игры «Монополия», а какой-то другой файл.",
    "save.error.newer_version": "Сохранение сделано более новой версией игры (формат {version}, эта версия понимает {supported}). Обновите игру.",
    "save.error.unknown_version": "Неизвестный формат сохранения ({version}).",
    "save.error.missing_field": "Файл сохранения изменён или повреждён: нет поля «{field}».",
    "save.error.unknown_field": "Файл сохранения изменён или повреждён: лишнее поле «{field}».",
    "save.error.bad_field": "Файл сохранения изменён или повреждён: неверное значение поля «{field}».",
    "save.error.inconsistent": "Файл сохранения изменён или повреждён: его части не согласуются ({detail}).",
    "save.error.other_board": "Сохранение сделано для другого игрового поля («{saved}»), а сейчас загружено поле «{current}».",
    "save.error.board_changed": "Данные игрового поля изменились после сохранения — партию нельзя восстановить в точности.",
    "save.error.illegal_action": "Партию нельзя восстановить: ход № {number} из {total} недопустим по правилам.",
    "save.error.cannot_start": "Партию нельзя восстановить: с такими игроками и правилами игру не начать.",
    "save.error.replay": "Партию нельзя восстановить: запись ходов не воспроизводится.",
    "save.error.unexpected": "Файл сохранения не удаётся прочитать: непредвиденная ошибка.",
    # journal (session 4) -----------------------------------------------------------------------
    "save.error.journal_line": "Файл сохранения изменён или повреждён: строка {line} записана не игрой.",
    "save.notice.torn": "Последний ход не успел записаться целиком (игра прервалась при сохранении) и отброшен; партия восстановлена, записанных ходов: {number}.",
    # --- writing and deleting ---------------------------------------------------------------------
    "save.error.write": "Не удалось сохранить игру в файл «{file}»: {detail}.",
    "save.error.delete": "Не удалось удалить сохранение «{file}»: {detail}.",
    "save.error.no_folder": "Игра не сохраняется: в папке сохранений «{folder}» нельзя писать ({detail}).",
    "save.os.no_space": "на диске нет места",
    "save.os.permission": "нет прав на запись",
    "save.os.read_only": "диск доступен только для чтения",
    "save.os.not_a_folder": "на этом месте файл, а не папка",
    "save.os.other": "ошибка диска или системы",
}
