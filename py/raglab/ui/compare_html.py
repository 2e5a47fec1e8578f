"""The compare view as HTML: one question, a row per technique (what it did, the passages it hands the model, where
each stood in plain search, which answer), the verdict, and the meaning map; and the section that holds it, with
the questions that show the differences and why.

It draws ``Compared.to_dict()`` and ``MeaningMap.to_dict()`` (raglab.compare, raglab.meaning_map), as the scoreboard
draws its dict: the renderers sit below the layer that runs the techniques. Everything is escaped.

>>> from raglab import Lab
>>> from raglab.compare import compare
>>> html = render_compared(compare(Lab(), "How much is a boat ticket?").to_dict())
>>> html.count('<li class="compare-row'), 'data-move="new"' in html, "Not run" in html
(10, True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any
from urllib.parse import urlencode

from .map_svg import map_figure

# Every question form's method: "dialog", which outside a dialog submits to no address at all (HTML's form submission
# algorithm), so nothing typed into a question box reaches the network, in a query or a later Referer, whether Python
# has started (it answers the submit event), not yet (boot.js marks the form, and main.py answers it on starting), or
# never (no JavaScript: the box sends nothing, and the presets show their pre-rendered results).
ASK_METHOD = 'method="dialog"'

MOVE_WORDS = {
    "new": "new: plain search does not find it",
    "same": "same place as in plain search",
    "up": "up from {plain} in plain search",
    "down": "down from {plain} in plain search",
}
MOVE_MARKS = {"new": "new", "same": "=", "up": "↑", "down": "↓"}
NO_VIEW = '<p class="message">Type a question above to put it to every technique.</p>'  # a lab with no questions


def _place(p: Mapping[str, Any]) -> str:
    said = MOVE_WORDS[p["move"]].format(plain=p["plain_rank"])
    answers = ' <span class="answers">answers</span>' if p["answers"] else ""
    section = f' <span class="where">{escape(p["section"])}</span>' if p["section"] else ""
    return (
        f'<li class="compared{" answer" * bool(p["answers"])}" data-id="{escape(p["id"])}" data-move="{p["move"]}">'
        f'<span class="title">{escape(p["title"])}</span>{section} <span class="pid">{escape(p["id"])}</span> '
        f'<span class="move" title="{escape(said)}"><span aria-hidden="true">{MOVE_MARKS[p["move"]]}</span>'
        f'<span class="visually-hidden">{escape(said)}</span></span>{answers}'
        f'<span class="words">{escape(p["first_words"])}</span></li>'
    )


def _open_link(key: str, question: str, name: str) -> str:
    """A row's name, opening its technique's section with the same question (web/compare.py answers it there;
    without Python, the link is the section's own deep link)."""
    href = "?" + urlencode({"technique": key, "q": question})
    return (
        f'<a class="open-technique" href="{escape(href)}#{key}" data-technique="{key}" data-q="{escape(question)}">'
        f"{escape(name)}</a>"
    )


def _row(row: Mapping[str, Any], question: str) -> str:
    name = (_open_link(row["technique"], question, row["name"]) if row["technique"] else escape(row["name"])) + (
        ' <span class="baseline">baseline</span>' if row["baseline"] else ""
    )
    first = row["answer_first"]
    mark = ' <span class="first-answer">answer first</span>' if first else ""
    if row["missing"]:
        body = f'<p class="missing">Not run: {escape(row["missing"])}.</p>'
    elif row["passages"]:
        body = (
            f'<p class="did">{escape(row["did"])}</p><ol class="compared-passages">'
            + "".join(_place(p) for p in row["passages"])
            + "</ol>"
        )
    else:
        body = f'<p class="did">{escape(row["did"])}</p><p class="message">No passage handed over.</p>'
    css = "compare-row" + " first" * bool(first) + " not-run" * bool(row["missing"])
    return f'<li class="{css}" data-key="{escape(row["key"])}"><h3>{name}{mark}</h3>{body}</li>'


def render_compared(compared: Mapping[str, Any], meaning: Mapping[str, Any] | None = None, why: str = "") -> str:
    """The compare view of one question; ``meaning``: its map (None: no vectors, said); ``why``: the reason a
    question of the list was chosen."""
    question = compared["question"]
    answers = compared["answers"]
    labelled = (
        f'<p class="labelled">Labelled answer{"s" * (len(answers) != 1)}: '
        + ", ".join(f'<span class="pid">{escape(a)}</span>' for a in answers)
        + "</p>"
        if answers
        else ""
    )
    why_line = f'<p class="why">{escape(why)}</p>' if why else ""
    rows = "".join(_row(r, question) for r in compared["rows"])
    drawn = (
        map_figure(meaning, answers or ())
        if meaning
        else '<p class="message map-missing">The meaning map needs the meaning vectors of the passages and of the '
        "question; the rows above that say “Not run” need them too.</p>"
    )
    return (
        f'<div class="compared-view" data-question="{escape(question)}">'
        f'<p class="summary">Every technique on “{escape(question)}”.</p>{why_line}{labelled}'
        f'<p class="verdict">{escape(compared["verdict"])}</p>'
        '<p class="moves-key">Beside each passage: <span aria-hidden="true">↑</span> up from its place in plain '
        'search, <span aria-hidden="true">↓</span> down, <span aria-hidden="true">=</span> the same place, '
        "“new” where plain search does not find it.</p>"
        f'<ol class="compare-rows">{rows}</ol>{drawn}</div>'
    )


def compare_start_yours() -> str:
    """The compare view on the visitor's documents before a question."""
    return (
        '<p class="message">Type a question above to put it to every technique on your documents. The meaning '
        "techniques and the map need every passage's meaning vector (under “Your documents”).</p>"
    )


def vectors_made_since() -> str:
    """Above a view drawn on the visitor's documents before every passage had its vector."""
    return (
        '<p class="message vectors-since">Every passage has its meaning vector now: press Compare again to run '
        "the meaning techniques and draw the map too.</p>"
    )


def render_compare_section(questions: Sequence[Mapping[str, str]], slot: str, name: str = "Fernport") -> str:
    """The section: its explanation, the questions that show the differences (each with why, from the
    scoreboard: raglab.showcase), a box for any question, and the view (``slot``: pre-rendered for the first)."""
    presets = "".join(
        f'<a class="preset compare-preset" role="button" href="?{escape(urlencode({"compare": q["question"]}))}'
        f'#compare" data-q="{escape(q["question"])}">{escape(q["question"])}</a>'
        for q in questions
    )
    whys = "".join(f"<li>{escape(q['question'])} {escape(q['why'])}</li>" for q in questions)
    chosen = (
        '<details class="why-these for-site"><summary>Why these questions</summary><p>Each is a labelled question '
        "where one technique finds an answer in its first 3 and plain search does not, found by running every "
        f"technique on every labelled question (the scoreboard below).</p><ul>{whys}</ul></details>"
        if questions
        else ""
    )
    group = (
        f'<div class="presets site-presets" role="group" aria-label="Questions that show the differences">'
        f"{presets}</div>"
        if presets
        else ""
    )
    return (
        '<section id="compare" aria-labelledby="compare-h"><h2 id="compare-h">Compare every technique on one '
        'question</h2><p class="explain">Put one question to all nine techniques at once, and to plain meaning '
        "search beside plain keyword search. Each row shows the passages a technique hands the model, where each "
        "of them stood in plain search, and what the technique did differently. None of them always wins. Press "
        f"a technique's name to open it with the same question.</p>{group}{chosen}"
        f'<form class="ask compare-ask" {ASK_METHOD}><label for="q-compare">'
        f'{"Or type" if presets else "Type"} any question</label><div class="row">'
        f'<input id="q-compare" name="compare" maxlength="500" autocomplete="off" placeholder="Ask about '
        f'{escape(name)}" data-fernport="Ask about {escape(name)}"><button type="submit">Compare</button></div>'
        '</form><p class="form-message" id="msg-compare" role="status"></p>'
        f'<div class="result-slot" id="result-compare" aria-live="polite">{slot or NO_VIEW}</div></section>'
    )


__all__ = ["compare_start_yours", "render_compare_section", "render_compared", "vectors_made_since"]
