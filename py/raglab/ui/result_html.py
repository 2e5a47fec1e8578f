"""One technique's result as HTML: the steps, the passages with their scores (each opens to show its sum), the
comparison, and the full prompt."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from ..result import Hit, Result
from ..show import HEADINGS, passage_place, score_label, score_sum
from ..techniques import TECHNIQUES
from ..techniques.registry import SHOWS_GRAPH, SHOWS_LISTS, SHOWS_SEARCHES, SHOWS_SIZES
from .graph_svg import graph_svg, graph_view
from .names_html import no_link_note


def _hit(hit: Hit) -> str:
    note = f'<span class="note">{escape(hit.note)}</span>' if hit.note else ""
    place = passage_place(hit)  # its page and section ("p. 28 · 4 Reference"), the file named once
    where = f'<span class="where">{escape(place)}</span> ' if place else ""
    label = escape(score_label(hit))
    score = (
        f'<details class="score"><summary>{label}</summary><p class="sum">{escape(score_sum(hit))}</p></details>'
        if hit.parts
        else f'<span class="score">{label}</span>'
    )
    return (
        f'<li class="hit" data-id="{escape(hit.id)}"><div class="hit-head"><span class="title">'
        f'{escape(hit.title)}</span> {where}<span class="pid">{escape(hit.id)}</span> {note}{score}'
        f"{show_in_document(hit.slug, hit.id)}</div>"
        f'<p class="text">{escape(hit.text)}</p></li>'
    )


def show_in_document(slug: str, passage_id: str) -> str:
    """The control that opens the source view (web/source_view.py) at a passage (``passage_id`` a document's slug:
    the whole document). Its name says which passage: "Show ferry-1 in the document" (the words in one span: a
    button is a flex box, which would trim the spaces around the hidden id).

    >>> show_in_document("ferry", "ferry-1")
    '<button type="button" class="show-source" data-slug="ferry" data-id="ferry-1"><span>Show <span \
class="visually-hidden">ferry-1 </span>in the document</span></button>'
    """
    return (
        f'<button type="button" class="show-source" data-slug="{escape(slug)}" data-id="{escape(passage_id)}">'
        f'<span>Show <span class="visually-hidden">{escape(passage_id)} </span>in the document</span></button>'
    )


def _hits(hits: Sequence[Hit], css: str = "passages") -> str:
    return f'<ol class="{css}">' + "".join(_hit(h) for h in hits) + "</ol>"


def _graph(result: Result) -> str:
    """The graph's picture and the links it draws; nothing for a question with no name in a graph too big to draw
    whole (a manual's 1,775 links: no link is followed, and the technique's steps say so), while a small graph is
    drawn whole even then, so a visitor sees what the names are (Fernport's 4 links)."""
    d = result.details
    view = graph_view(d)  # a big graph folds: the list holds the links the picture draws, and counts the rest
    if view.folded and not d.get("names"):
        return ""
    links = "".join(f"<li>{escape(lk['a'])} — {escape(lk['b'])}</li>" for lk in view.links)
    n, more = len(d["links"]), view.more_links
    rest = f'<p class="links-more">and {more:,} more link{"s" * (more != 1)}, not listed</p>' if more else ""
    return (
        f'<figure class="graph">{graph_svg(d, view)}<figcaption>The graph: {n:,} {"link" if n == 1 else "links"} '
        f'between names</figcaption><ul class="links">{links}</ul>{rest}</figure>'
    )


def _lists(cols: Sequence[tuple[str, Sequence[Hit]]]) -> str:
    """Ranked lists side by side, each under its title (already HTML), with its length."""
    return (
        '<div class="side-by-side">'
        + "".join(
            f'<div class="col"><h4>{title} (best {len(hits)})</h4>'
            + (_hits(hits, "passages compact") if hits else '<p class="message">No passage.</p>')
            + "</div>"
            for title, hits in cols
        )
        + "</div>"
    )


def _hybrid_lists(result: Result) -> str:
    """The lists hybrid merged, folded under the merged answer: what a learner checks its fusion against."""
    d = result.details
    cols = [("Keyword list", d["keyword"])]
    if d["vector_search"]:
        cols.append(("Vector list", d["vector"]))
    named = " and ".join(f"{title.lower()} (best {len(hits)})" for title, hits in cols)
    return f'<details class="lists"><summary>The {named}, before the merge</summary>{_lists(cols)}</details>'


def _searches(result: Result) -> str:
    """Multi-query's searches, each list as ranked, so every term of a fused score can be checked: school-1's
    1/(60 + 9) is its rank 9 in search 1. Folded: the fused passages come first."""
    searches = result.details.get("searches", [])
    cols = [
        (f"{escape(s['label'].capitalize())}: {escape(s['against'])}, “{escape(s['wording'])}”", s["passages"])
        for s in searches
    ]
    return (
        f'<details class="lists"><summary>Each search’s best {max(len(s["passages"]) for s in searches)}, as '
        "ranked: the ranks in the fused scores</summary>" + _lists(cols) + "</details>"
        if searches
        else ""
    )


def _shows(result: Result) -> frozenset:
    return TECHNIQUES[result.technique].shows if result.technique in TECHNIQUES else frozenset()


def render_result(result: Result, names_by_rules: bool = False) -> str:
    """A result as a learner reads it: what was found (the summary line and the passages the model is given) first,
    then, each one step away, folded: what the technique did, step by step (with its picture or lists), what the
    comparison would have given (its ids in the fold's name), and the exact prompt. ``names_by_rules``: the graph's
    names were found by rules in a visitor's documents, so a graph result with no link to follow says so under its
    summary and offers the names list's editor (names_html.no_link_note)."""
    t = escape(result.technique)
    out = [f'<div class="result" data-technique="{t}" data-question="{escape(result.question)}">']
    if result.message:
        out.append(f'<p class="message" role="status">{escape(result.message)}</p>')
    out.append(f'<p class="summary">{escape(result.summary)}</p>')
    if names_by_rules and SHOWS_GRAPH in _shows(result):
        out.append(no_link_note(result.details))
    # What a technique adds, as its registry entry declares (the graph's links, hybrid's two lists, chunk size's
    # sizes); a graph with no names to draw has no links.
    shows = _shows(result)
    css = "passages sizes" if SHOWS_SIZES in shows else "passages"
    if result.passages or not result.message:
        out.append(
            f"<h3>{HEADINGS['passages']}</h3>"
            + (_hits(result.passages, css) if result.passages else '<p class="message">None.</p>')
        )
    if SHOWS_LISTS in shows:
        out.append(_hybrid_lists(result))
    if SHOWS_SEARCHES in shows:
        out.append(_searches(result))
    if result.steps or (SHOWS_GRAPH in shows and result.details.get("links") is not None):
        graph = _graph(result) if SHOWS_GRAPH in shows and result.details.get("links") is not None else ""
        out.append(
            f'<details class="did"><summary>{HEADINGS["steps"]} ({len(result.steps)} '
            f'step{"s" * (len(result.steps) != 1)})</summary><ol class="steps">'
            + "".join(f"<li>{escape(s)}</li>" for s in result.steps)
            + f"</ol>{graph}</details>"
        )
    if result.comparison:
        c = result.comparison
        gave = ", ".join(h.id for h in c.passages) if c.passages else "nothing"
        out.append(
            f'<details class="compare"><summary>{escape(HEADINGS["compare"].format(label=c.label))}: '
            f"{escape(gave)}</summary>"
            + (_hits(c.passages, "passages compare") if c.passages else f'<p class="message">{escape(c.message)}</p>')
            + "</details>"
        )
    out.append(
        f'<details class="prompt"><summary>{HEADINGS["prompt"]}</summary><pre>{escape(result.prompt)}</pre></details>'
    )
    out.append("</div>")
    return "".join(out)
