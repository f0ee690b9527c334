"""The code's shape: no import circles between the project's modules.

A newcomer finds a rule by its module's name and reads that module alone; two modules importing each
other at load time (a circle) can't be read, tested or replaced one at a time. Imports inside a function
(lazy ones, for start-up time) and under TYPE_CHECKING don't run at load time and don't count.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "monopoly_tui"


def _module_name(file: Path) -> str:
    parts = list(file.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(f): f for f in sorted(PACKAGE.rglob("*.py"))}


def _load_time_imports(name: str, file: Path) -> set[str]:
    """The project's modules `name` imports when it is loaded (module level, outside TYPE_CHECKING)."""
    package = name if file.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If):
                if "TYPE_CHECKING" not in ast.unparse(node.test):
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
                for handler in node.handlers:
                    visit(handler.body)
                visit(node.orelse)
                visit(node.finalbody)
            elif isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    module = ".".join([*base, node.module] if node.module else base)
                else:
                    module = node.module or ""
                submodules = [a.name for a in node.names if f"{module}.{a.name}" in MODULES]
                found.update(f"{module}.{s}" for s in submodules)
                if len(submodules) < len(node.names):  # names from the module itself
                    found.add(module)

    visit(ast.parse(file.read_text(encoding="utf-8")).body)
    return {m for m in found if m in MODULES and m != name}


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules that reach each other by imports (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    circles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = [stack.pop()]
            while group[-1] != v:
                group.append(stack.pop())
            if len(group) > 1:
                circles.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return circles


def test_no_import_circles() -> None:
    graph = {name: _load_time_imports(name, file) for name, file in MODULES.items()}
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]


def test_the_import_reader_sees_relative_imports_of_names_and_of_submodules() -> None:
    file = PACKAGE / "engine" / "landing.py"
    imports = _load_time_imports("monopoly_tui.engine.landing", file)
    assert "monopoly_tui.engine.table" in imports  # `from .table import Table`
    assert "monopoly_tui.engine" not in imports  # `from . import finance` names a submodule only
