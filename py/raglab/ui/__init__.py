"""The page's HTML, written by Python: the same functions pre-render the static site under CPython (build.py)
and re-render a technique in the browser (Pyodide). Everything a visitor or a document supplies is escaped:
documents and questions are shown as text, never as HTML.

The renderers are imported on first use (PEP 562): the page's start-up needs only model_panel, and importing
the rest waits for a question, so it never delays the page's start (bench/README.md, "Start-up")."""

from importlib import import_module

_HOME = {
    "render_result": "result_html",
    "render_main": "page_html",
    "render_technique_section": "technique_html",
    "graph_svg": "graph_svg",
}


def __getattr__(name: str):
    if name not in _HOME:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{_HOME[name]}", __name__), name)


__all__ = list(_HOME)  # pyright: ignore[reportUnsupportedDunderAll]: the names _HOME imports on first use
