"""One technique's result as HTML: the steps, the passages with their scores (each opens to show its sum), the
comparison, and the full prompt."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..result import Hit, Result
from ..show import HEADINGS, score_label, score_sum
from .graph_svg import graph_svg, graph_view


def _hit(hit: Hit) -> str:
    note = f'<span class="note">{escape(hit.note)}</span>' if hit.note else ""
    where = f'<span class="where">{escape(hit.where)}</span> ' if hit.where else ""
    label = escape(score_label(hit))
    score = (f'<details class="score"><summary>{label}</summary><p class="sum">{escape(score_sum(hit))}</p>'
             "</details>" if hit.parts else f'<span class="score">{label}</span>')
    return (f'<li class="hit" data-id="{escape(hit.id)}"><div class="hit-head"><span class="title">'
            f'{escape(hit.title)}</span> {where}<span class="pid">{escape(hit.id)}</span> {note}{score}</div>'
            f'<p class="text">{escape(hit.text)}</p></li>')


def _hits(hits: Sequence[Hit], css: str = "passages") -> str:
    return f'<ol class="{css}">' + "".join(_hit(h) for h in hits) + "</ol>"


def _graph(result: Result) -> str:
    d = result.details
    view = graph_view(d)  # a big graph folds: the list holds the links the picture draws, and counts the rest
    links = "".join(f"<li>{escape(lk['a'])} — {escape(lk['b'])}</li>" for lk in view.links)
    n, more = len(d["links"]), view.more_links
    rest = f'<p class="links-more">and {more:,} more link{"s" * (more != 1)}, not listed</p>' if more else ""
    return (f'<figure class="graph">{graph_svg(d, view)}<figcaption>The graph: {n:,} {"link" if n == 1 else "links"} '
            f'between names</figcaption><ul class="links">{links}</ul>{rest}</figure>')


def _hybrid_lists(result: Result) -> str:
    d = result.details
    cols = [("Keyword list", d["keyword"])]
    if d["vector_search"]:
        cols.append(("Vector list", d["vector"]))
    return '<div class="side-by-side">' + "".join(
        f'<div class="col"><h4>{title} (best {len(hits)})</h4>' + (_hits(hits, "passages compact") if hits else
                                                                    '<p class="message">No passage.</p>')
        + "</div>" for title, hits in cols) + "</div>"


def render_result(result: Result) -> str:
    t = escape(result.technique)
    out = [f'<div class="result" data-technique="{t}" data-question="{escape(result.question)}">']
    if result.steps:
        out.append(f'<h3>{HEADINGS["steps"]}</h3><ol class="steps">'
                   + "".join(f"<li>{escape(s)}</li>" for s in result.steps) + "</ol>")
    # What a technique adds is drawn from its details: the graph's links, hybrid's two lists, chunk size's sizes.
    if result.details.get("links") is not None:
        out.append(_graph(result))
    if "vector_search" in result.details:
        out.append(_hybrid_lists(result))
    if result.message:
        out.append(f'<p class="message" role="status">{escape(result.message)}</p>')
    out.append(f'<p class="summary">{escape(result.summary)}</p>')
    css = "passages sizes" if "sizes" in result.details else "passages"
    if result.passages or not result.message:
        out.append(f'<h3>{HEADINGS["passages"]}</h3>' + (_hits(result.passages, css) if result.passages else
                                                         '<p class="message">None.</p>'))
    if result.comparison:
        c = result.comparison
        out.append(f'<h3>{escape(HEADINGS["compare"].format(label=c.label))}</h3>'
                   + (_hits(c.passages, "passages compare") if c.passages else
                      f'<p class="message">{escape(c.message)}</p>'))
    out.append(f'<details class="prompt"><summary>{HEADINGS["prompt"]}</summary>'
               f"<pre>{escape(result.prompt)}</pre></details>")
    out.append("</div>")
    return "".join(out)
