"""The scoreboard's grids: questions by rows, each cell the rank at which the row first returns a unit holding a
right passage, a link that opens the question in that technique, marked right by hit@k or by a group's own measure;
and the sentence that says what the cells say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from urllib.parse import urlencode

NOT_FOUND = "–"
FELL = "*"  # a grid cell where the technique fell back


def hidden(text: str) -> str:
    return f'<span class="visually-hidden">{escape(text)}</span>'


def question_href(technique: str, question: str) -> str:
    """The deep link the page's presets use: ``?technique=plain&q=Who+runs+the+bakery%3F#plain``."""
    return f"?{urlencode({'technique': technique, 'q': question})}#{technique}"


def open_link(technique: str, question: str, text: str, title: str = "") -> str:
    """A link that opens ``question`` in ``technique``; ``text`` is already HTML. Without Python it is a plain deep
    link; the page's Python reads ``data-technique`` and ``data-q`` and answers in place."""
    title_attr = f' title="{escape(title)}"' if title else ""
    return (
        f'<a class="open-question" href="{escape(question_href(technique, question))}" '
        f'data-technique="{escape(technique)}" data-q="{escape(question)}"{title_attr}>{text}</a>'
    )


def _cell(report: Mapping, r: Mapping, i: int, right: bool) -> str:
    """One grid cell: the rank of the first right unit (a link into the technique), for a question of several
    passages how many its first k hold ("1 (1/2)"), and a mark where the technique fell back. ``right``: right by
    the measure of the grid (hit@k, or a group's own)."""
    question, rank = report["questions"][i], r["first_right"][i]
    text = f"{rank}" if rank else NOT_FOUND + hidden(" not found")
    answers = report["answers"][i] if "answers" in report else 1
    if answers > 1:
        held = f"({r['held_at_3'][i]}/{answers})"
        text += f' <span class="held">{held}</span>' + hidden(f" of its {answers} passages in the first {report['k']}")
    fell = r.get("fell_back_on", [""] * (i + 1))[i]
    if fell:
        text += f'<span aria-hidden="true">{FELL}</span>' + hidden(f" (fell back to {fell})")
    text += hidden(" (right)") if right else ""
    target = r["technique"]
    if target:
        text = open_link(target, question, text, f"fell back to {fell}" if fell else "")
    css = "right" if right else ("late" if rank else "none")
    return f'<td class="{css}{" fell" if fell else ""}">{text}</td>'


def grid_table(
    report: Mapping,
    indices: Sequence[int],
    full: Mapping[str, str],
    short: Mapping[str, str],
    label: str,
    rights: Mapping[str, Sequence[bool]] | None = None,
    css: str = "scoreboard-grid",
) -> str:
    """The questions ``indices`` by every row; ``rights`` (row key -> right on each of them) marks the cells right
    by a group's measure, else hit@k marks them."""
    rows = report["techniques"]
    rights = rights or {r["key"]: [r["right_at_3"][i] for i in indices] for r in rows}
    head = "".join(
        f'<th scope="col" title="{escape(full[r["key"]])}"><span>{escape(short[r["key"]])}</span></th>' for r in rows
    )
    body = "".join(
        f'<tr><th scope="row">{escape(report["questions"][i])}</th>'
        f"{''.join(_cell(report, r, i, rights[r['key']][n]) for r in rows)}</tr>"
        for n, i in enumerate(indices)
    )
    return (
        f'<div class="scoreboard-scroll" role="region" aria-label="{escape(label)}" tabindex="0">'
        f'<table class="{css}"><thead><tr><th scope="col">Question</th>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def how(report: Mapping, indices: Sequence[int], right: str = "") -> str:
    """What the cells of a grid of the questions ``indices`` say; ``right`` the measure its marked cells meet
    (hit@k when empty)."""
    k = report["k"]
    depth = f" (each was asked for {report['depth']})" if "depth" in report else ""
    several = any(report["answers"][i] > 1 for i in indices) if "answers" in report else False
    parts = f" “1 (1/2)”: of a question's 2 labelled passages, 1 is in the first {k}." if several else ""
    fell = any(r["fell_back_on"][i] for r in report["techniques"] if "fell_back_on" in r for i in indices)
    marks = f" {FELL} marks a question where the technique fell back: it had no input of its own there." if fell else ""
    return (
        '<p class="scoreboard-how">Each cell is the rank at which a technique first returns a unit holding a right '
        f"passage, {NOT_FOUND} when none of the units it returned holds one{depth}; "
        + (
            f'marked <span class="right-key">right</span> where the technique {escape(right)}.'
            if right
            else f'<span class="right-key">right at {k}</span> when it is {k} or better.'
        )
        + f"{parts}{marks} Every rank opens that question in its technique.</p>"
    )
