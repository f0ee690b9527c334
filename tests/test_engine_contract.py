"""The engine is pure: no UI, no I/O, no clock, no global randomness (a contract, checked on the source)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parent.parent / "monopoly_tui" / "engine"
MODULES = sorted(ENGINE.glob("*.py"))

# What engine modules may import: the standard library's pure parts, pydantic, and each other.
ALLOWED = {"__future__", "collections", "dataclasses", "enum", "functools", "itertools", "typing", "pydantic"}
ALLOWED |= {"pydantic_core"}  # pydantic's public core_schema: the actions' JSON edge (actions.py)
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}


def imported_modules(tree: ast.AST) -> list[tuple[str, int]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append((node.module or "", node.lineno))
    return found


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.name)
def test_engine_imports_only_pure_modules(module: Path) -> None:
    """No textual, rich, the app, os, io, random, time, datetime... only pure helpers and pydantic."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    bad = [(name, line) for name, line in imported_modules(tree) if name.split(".")[0] not in ALLOWED]
    assert bad == [], f"{module.name} imports {bad}"


@pytest.mark.parametrize("module", MODULES, ids=lambda p: p.name)
def test_engine_does_no_io(module: Path) -> None:
    """No open(), print(), input() or dynamic code in the engine."""
    tree = ast.parse(module.read_text(encoding="utf-8"))
    calls = [
        (node.func.id, node.lineno)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS
    ]
    assert calls == [], f"{module.name} calls {calls}"


def test_the_contract_sees_every_engine_module() -> None:
    assert len(MODULES) >= 10
    assert ENGINE / "game.py" in MODULES


def test_importing_the_engine_loads_no_ui() -> None:
    """A fresh interpreter importing the engine loads neither textual, rich nor YAML (the loader does I/O)."""
    import subprocess
    import sys

    code = (
        "import sys, monopoly_tui.engine; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich', 'yaml')]; "
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
