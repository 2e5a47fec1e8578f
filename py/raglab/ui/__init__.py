"""The page's HTML, written by Python: the same functions pre-render the static site under CPython (build.py)
and re-render a technique in the browser (Pyodide). Everything a visitor or a document supplies is escaped:
documents and questions are shown as text, never as HTML."""

from .graph_svg import graph_svg
from .page_html import render_main, render_technique_section
from .result_html import render_result

__all__ = ["render_result", "render_main", "render_technique_section", "graph_svg"]
