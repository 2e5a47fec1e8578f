"""The page glue's shape (issue 23), read from web/*.py with ast, without a browser: every file short, no module-level
mutable state besides main.py's one page object, no module reaching into another glue module's globals, ``say``
defined once, and a model failure recognised by a value, not by a class's name as a string."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"
GLUE = {path.stem: path for path in sorted(WEB.glob("*.py"))}
MAX_LINES = 300
# Values a module-level name may hold: constants and what cannot be changed in place.
IMMUTABLE_CALLS = {"MappingProxyType", "frozenset", "tuple", "Path"}


def tree(name: str) -> ast.Module:
    return ast.parse(GLUE[name].read_text(), filename=str(GLUE[name]))


def immutable(node: ast.expr) -> bool:
    if isinstance(node, ast.Constant):
        return True
    if isinstance(node, ast.Tuple):
        return all(immutable(e) for e in node.elts)
    if isinstance(node, ast.BinOp | ast.UnaryOp | ast.JoinedStr):
        return all(immutable(n) for n in ast.iter_child_nodes(node) if isinstance(n, ast.expr))
    if isinstance(node, ast.FormattedValue):
        return True
    if isinstance(node, ast.Name):
        return node.id.isupper()  # another constant
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
        name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
        return name in IMMUTABLE_CALLS
    return False


def module_level_names(module: ast.Module):
    """(name, value) of every assignment at module level, including inside a module-level try, if or with."""
    stack = list(module.body)
    while stack:
        node = stack.pop(0)
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node.value
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and isinstance(node.target, ast.Name):
            yield node.target.id, node.value
        elif isinstance(node, ast.Try | ast.If | ast.With | ast.For | ast.While):
            stack += [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
            for handler in getattr(node, "handlers", []):
                stack += handler.body


def code_and_constants(module: ast.Module) -> set[str]:
    """What another module may use of a glue module: its functions, classes and constants."""
    code = {n.name for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)}
    return code | {n for n, value in module_level_names(module) if n.isupper() and immutable(value)}


def test_the_glue_is_there():
    assert {"main", "ask_model", "my_documents", "source_view"} <= GLUE.keys()


@pytest.mark.parametrize("name", GLUE)
def test_every_glue_file_is_under_300_lines(name):
    lines = len(GLUE[name].read_text().splitlines())
    assert lines <= MAX_LINES, f"web/{name}.py: {lines} lines"


@pytest.mark.parametrize("name", GLUE)
def test_no_module_level_mutable_state_besides_the_page_object(name):
    module = tree(name)
    mutable = [n for n, value in module_level_names(module) if not immutable(value) if (name, n) != ("main", "page")]
    assert not mutable, f"web/{name}.py: module-level state {mutable}"
    assert not [n for n in ast.walk(module) if isinstance(n, ast.Global | ast.Nonlocal)], f"web/{name}.py: global"


def test_main_holds_one_page_object():
    assert [n for n, _ in module_level_names(tree("main")) if n == "page"] == ["page"]


@pytest.mark.parametrize("name", GLUE)
def test_no_module_reaches_into_another_glue_modules_globals(name):
    """A glue module may import another's functions, classes and constants, never its other names, and never
    assigns to another module's attributes."""
    module = tree(name)
    defined = {other: code_and_constants(tree(other)) for other in GLUE}
    imported = {}  # local name -> glue module
    reached = []
    for node in ast.walk(module):
        if isinstance(node, ast.Import):
            imported.update({a.asname or a.name: a.name for a in node.names if a.name in GLUE})
        elif isinstance(node, ast.ImportFrom) and node.module in GLUE:
            reached += [f"{node.module}.{a.name}" for a in node.names if a.name not in defined[node.module]]
    for node in ast.walk(module):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in imported:
            other = imported[node.value.id]
            if node.attr not in defined[other] or isinstance(node.ctx, ast.Store):
                reached.append(f"{other}.{node.attr}")
    assert not reached, f"web/{name}.py reaches into {reached}"


def test_say_is_defined_once():
    says = [
        f"{name}:{n.lineno}"
        for name in GLUE
        for n in ast.walk(tree(name))
        if isinstance(n, ast.FunctionDef) and n.name == "say"
    ]
    assert len(says) == 1, says


@pytest.mark.parametrize("name", GLUE)
def test_no_failure_is_recognised_by_a_class_name(name):
    """``type(error).__name__ == "ModelFailed"`` and the like: a failure is a value the code returns or a class it
    catches, not a name compared as a string."""
    for node in ast.walk(tree(name)):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                named = isinstance(side, ast.Attribute) and side.attr == "__name__"
                assert not named, f"web/{name}.py:{node.lineno} compares a class's name"
