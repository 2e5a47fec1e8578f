"""A place of the page drawn from the value the page model says it shows (raglab.page.places): a section's line,
a model's panel, a slot's result or sentence, the compare view, and the places for the visitor's documents. A value
is read by its ``kind`` and its fields, so this layer imports nothing above it. A slot's pre-rendered start
(``kind`` "start") is the page's own markup: it is handed on as it is, for the glue to put back.

>>> from types import SimpleNamespace as Value
>>> render(Value(kind="line", text="A < B", model=None, part="embed"))
'A &lt; B'
>>> render(Value(kind="message", text="Type a question above."))
'<p class="message">Type a question above.</p>'
>>> render_draws((("busy", "plain", True), ("line", "plain", Value(kind="line", text="", model=None, part="embed"))))
(('busy', 'plain', True), ('line', 'plain', ''))
"""

from __future__ import annotations

from dataclasses import replace
from html import escape
from typing import Any

from .compare_html import compare_start_yours, render_compared, vectors_made_since
from .model_panel import MODEL_NAMES, render_model_state
from .own_html import documents_line, own_presets, own_try, try_first, word_list_line


def render_line(value: Any) -> str:
    if value.model is not None:
        return render_model_state(value.model, MODEL_NAMES[value.part])
    return escape(value.text)


def render_compared_place(value: Any) -> str:
    if value.compared is None:
        return compare_start_yours()
    meaning = value.meaning.to_dict() if value.meaning is not None else None
    return (vectors_made_since() if value.vectors_since else "") + render_compared(value.compared.to_dict(), meaning)


def render_shown(value: Any) -> str:
    from .result_html import render_result  # on the first result, not at the page's start (raglab.ui)

    return render_result(value.result, names_by_rules=value.names_by_rules)


def render_proposed(value: Any) -> str:
    if not value.key:
        return try_first(value.found)
    return (own_presets if value.presets else own_try)(value.key, value.found)


RENDERERS = {
    "line": render_line,
    "message": lambda value: f'<p class="message">{escape(value.text)}</p>',
    "result": render_shown,
    "compared": render_compared_place,
    "documents": lambda value: documents_line(value.documents, value.passages, value.size),
    "word-list": lambda value: word_list_line(value.words),
    "proposed": render_proposed,
}


def render(value: Any) -> Any:
    """``value`` as its place holds it: a page model's value drawn, anything else (a start, a flag, a box's text)
    as it is."""
    kind = getattr(value, "kind", None)
    return RENDERERS[kind](value) if kind in RENDERERS else value


def render_draws(draws: tuple[tuple[str, str, Any], ...]) -> tuple[tuple[str, str, Any], ...]:
    """Every ``(what, key, value)`` of the page model's ``Changes`` with its value drawn."""
    return tuple((what, key, render(value)) for what, key, value in draws)


def render_changes(changes: Any) -> Any:
    """A raglab.page.answers.Changes with every value drawn: what the glue puts in the page."""
    return replace(changes, draws=render_draws(changes.draws))


__all__ = ["render", "render_changes", "render_draws", "render_line"]
