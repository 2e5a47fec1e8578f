"""The page's two Python layers keep to DESIGN.md's table: ``raglab/page`` holds the state and writes no markup
(not in its own strings, not through a renderer it calls), and ``raglab/ui`` writes the markup and holds no state
(nothing it keeps between renders, no state with transitions, no named stages). Read from the sources, so a module
added to either folder is checked too."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import re
import textwrap
from pathlib import Path

import pytest

import raglab

ROOT = Path(raglab.__file__).parent
PAGE = sorted((ROOT / "page").glob("*.py"))
UI = sorted((ROOT / "ui").glob("*.py"))

# An HTML tag as markup writes it: "<p", "<div class", "</a>", "<br/>"; not a comparison ("a < b") or a placeholder
# in prose ("msg-<key>" is in docstrings only, which are not checked).
TAG = re.compile(r"</?[a-zA-Z][a-zA-Z0-9]*(?=[\s>/])")
MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "add", "discard"}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of every docstring's node (a module's, class's or function's first statement): prose and doctests."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def markup_literals(tree: ast.AST) -> list[str]:
    """Every string literal (f-strings' parts too) that writes an HTML tag, docstrings left out."""
    skip = docstrings(tree)
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
        if TAG.search(node.value)
    ]


def ui_imports(tree: ast.Module) -> list[tuple[str, str]]:
    """(ui module, name) for every name a page module imports from raglab.ui."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            relative = "." * node.level + (node.module or "")
            source = importlib.util.resolve_name(relative, "raglab.page") if node.level else node.module or ""
            if source == "raglab.ui" or source.startswith("raglab.ui."):
                out += [(source, alias.name) for alias in node.names]
    return out


def page_markup(path: Path) -> list[str]:
    """What in a page module writes markup: its own tags, an html import (escaping is a renderer's work), and a
    renderer of raglab.ui it imports whose own source writes tags."""
    tree = ast.parse(path.read_text())
    found = [f"a literal {text[:40]!r}" for text in markup_literals(tree)]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] == "html" for a in node.names):
            found.append("import html")
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "html":
            found.append(f"from {node.module} import ...")
    for source, name in ui_imports(tree):
        value = getattr(importlib.import_module(source), name)
        if inspect.isfunction(value) or inspect.isclass(value):
            if markup_literals(ast.parse(textwrap.dedent(inspect.getsource(value)))):
                found.append(f"{source}.{name}, which writes markup")
        elif isinstance(value, str) and TAG.search(value):
            found.append(f"{source}.{name}, a piece of markup")
    return found


def ui_state(path: Path) -> list[str]:
    """What in a ui module holds state: a module-level name changed by its functions (``global``, an item or
    attribute set, a mutating method), a class with transitions (a method that returns a changed copy of itself,
    ``replace(self, ...)``), or a named stage (an Enum)."""
    tree = ast.parse(path.read_text())
    names = {t.id for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign)) for t in _targets(node)}
    found = []
    for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                found.append(f"global {', '.join(node.names)} in {func.name}")
            changed = []
            if isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                changed = [t.value for t in targets if isinstance(t, (ast.Subscript, ast.Attribute))]
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                changed = [node.func.value]
            found += [f"{func.name} changes {v.id}" for v in changed if isinstance(v, ast.Name) and v.id in names]
    for cls in (n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)):
        if any(_base_name(b) in {"Enum", "StrEnum", "IntEnum"} for b in cls.bases):
            found.append(f"{cls.name}, a named stage")
        for node in ast.walk(cls):
            if isinstance(node, ast.Call) and _base_name(node.func) == "replace" and node.args:
                if isinstance(node.args[0], ast.Name) and node.args[0].id == "self":
                    found.append(f"{cls.name}, a state with transitions")
    return found


def _targets(node: ast.Assign | ast.AnnAssign) -> list[ast.Name]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [t for t in targets if isinstance(t, ast.Name)]


def _base_name(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


@pytest.mark.parametrize("path", PAGE, ids=lambda p: p.stem)
def test_a_page_module_writes_no_markup(path):
    """Intent: the page model says what a place shows; raglab.ui says how (DESIGN.md, "page model")."""
    assert page_markup(path) == []


@pytest.mark.parametrize("path", UI, ids=lambda p: p.stem)
def test_a_ui_module_holds_no_state(path):
    """Intent: a renderer draws a state it is given; the states and their transitions live in raglab.page."""
    assert ui_state(path) == []


def test_the_checks_find_what_they_forbid(tmp_path):
    """Intent: each check fails on what it forbids (the layers as they were before: a page module writing a line's
    HTML, a ui module with a model's stages and transitions, a renderer keeping a count between renders)."""
    page = tmp_path / "status.py"
    page.write_text(
        "from html import escape\n"
        "from raglab.ui.own_html import try_first\n"
        "def start_html(text):\n    '''<p> in a docstring is prose.'''\n"
        "    return f'<p class=\"message\">{escape(text)}</p>'\n"
    )
    assert page_markup(page) == [
        "a literal '<p class=\"message\">'",
        "a literal '</p>'",
        "from html import ...",
        "raglab.ui.own_html.try_first, which writes markup",
    ]
    ui = tmp_path / "model_panel.py"
    ui.write_text(
        "from dataclasses import dataclass, replace\nfrom enum import StrEnum\n"
        "DRAWN = {}\nclass ModelStage(StrEnum):\n    IDLE = 'idle'\n"
        "@dataclass(frozen=True)\nclass ModelState:\n    stage: ModelStage = ModelStage.IDLE\n"
        "    def move(self, stage):\n        return replace(self, stage=stage)\n"
        "def render(key, html):\n    DRAWN[key] = html\n    return html\n"
    )
    assert ui_state(ui) == ["render changes DRAWN", "ModelStage, a named stage", "ModelState, a state with transitions"]
