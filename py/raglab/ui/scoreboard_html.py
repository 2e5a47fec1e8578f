"""The scoreboard section: each technique's hit@3, recall@3, MRR and nDCG@10 on the labelled questions, and per
question the rank at which each technique first returns a right passage, every rank a link that opens the question
in that technique.

It renders ``Scoreboard.to_dict()`` from ``evaluate.py`` (what ``raglab eval --json`` prints) and recomputes no
metric. It derives only what a reader compares by eye: the best value of each column (ties all marked), and the
questions that one technique alone misses, the mirror of the report's ``only_right``. For three techniques right
at 3 on two questions as [yes, no], [yes, yes], [no, yes]: the first alone misses question 2, the third alone
misses question 1, and none is alone right on either.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from html import escape
from urllib.parse import urlencode

# (report field, header with {k} / {ndcg_k} filled from the report, what it means)
METRICS = (
    ("hit_at_3", "hit@{k}", "the share of questions with a right passage among the first {k} units returned"),
    (
        "recall_at_3",
        "recall@{k}",
        "the share of each question's right passages found in the first {k} units, averaged over the questions",
    ),
    (
        "mrr",
        "MRR",
        "mean reciprocal rank: 1 / the rank of the first right unit (0 when none is returned), "
        "averaged over the questions",
    ),
    (
        "ndcg_at_10",
        "nDCG@{ndcg_k}",
        "normalised discounted cumulative gain over the first {ndcg_k}: right passages "
        "count more the nearer the top they are; 1 is a perfect ranking",
    ),
)
SENTENCES = (
    "sentences_at_3",
    "sentences@{k}",
    "the mean number of sentences in the first {k} units: what the model "
    "would read (not ranked: more sentences hold more, and cost more)",
)
NOT_FOUND = "–"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _hidden(text: str) -> str:
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


def best_keys(rows: Sequence[Mapping], field: str) -> set[str]:
    """The keys of the rows holding the highest ``field`` (all of them on a tie).

    >>> sorted(best_keys([{"key": "a", "mrr": 0.5}, {"key": "b", "mrr": 0.75}, {"key": "c", "mrr": 0.75}], "mrr"))
    ['b', 'c']
    """
    if not rows:
        return set()
    top = max(r[field] for r in rows)
    return {r["key"] for r in rows if math.isclose(r[field], top, abs_tol=1e-12)}


def alone(rows: Sequence[Mapping]) -> dict[str, tuple[list[str], list[str]]]:
    """Per technique row (baselines left out, as ``evaluate`` leaves them out of ``only_right``): the questions it
    alone gets right at k (the report's ``only_right``) and those it alone misses (every other technique is right).

    >>> rows = [{"key": "a", "baseline": False, "right_at_3": [True, False], "only_right": []},
    ...         {"key": "b", "baseline": False, "right_at_3": [True, True], "only_right": []},
    ...         {"key": "c", "baseline": False, "right_at_3": [False, True], "only_right": []}]
    >>> alone(rows)["a"], alone(rows)["c"]
    (([], [1]), ([], [0]))
    """
    techniques = [r for r in rows if not r["baseline"]]
    out = {}
    for r in techniques:
        others = [o for o in techniques if o is not r]
        missed = [
            i
            for i, right in enumerate(r["right_at_3"])
            if others and not right and all(o["right_at_3"][i] for o in others)
        ]
        out[r["key"]] = (list(r["only_right"]), missed)
    return out


def _names(rows: Sequence[Mapping], techniques: Mapping[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Full names (the page's own, else the report's title) and short column names (before the colon, unless two
    columns would then read the same: ``Chunk size: 1 sentence`` stays whole; a bracket is dropped too)."""
    full = {r["key"]: techniques.get(r["key"], r["title"]) for r in rows}
    short = {k: n.split(":")[0].split(" (")[0] for k, n in full.items()}
    clash = {s for s in short.values() if list(short.values()).count(s) > 1}
    return full, {k: (full[k] if s in clash else s) for k, s in short.items()}


def _table(report: Mapping, full: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    rows, fmt = report["techniques"], {"k": report["k"], "ndcg_k": report["ndcg_k"]}
    best = {field: best_keys(rows, field) for field, _, _ in METRICS}
    head = "".join(
        f'<th scope="col"><abbr title="{escape(means.format(**fmt))}">{escape(label.format(**fmt))}</abbr></th>'
        for _, label, means in (*METRICS, SENTENCES)
    )
    body = []
    for r in rows:
        cells = []
        for field, _, _ in METRICS:
            value = f"{r[field]:.3f}"
            cells.append(
                f'<td class="best">{value}{_hidden(" (best)")}</td>' if r["key"] in best[field] else f"<td>{value}</td>"
            )
        cells.append(f"<td>{r[SENTENCES[0]]:.1f}</td>")
        tag = ' <span class="baseline-tag">baseline</span>' if r["baseline"] else ""
        css = ' class="baseline"' if r["baseline"] else ""
        body.append(
            f'<tr data-key="{escape(r["key"])}"{css}><th scope="row">{escape(full[r["key"]])}{tag}</th>'
            f"{''.join(cells)}</tr>"
        )
    for key, reason in report.get("skipped", {}).items():
        body.append(
            f'<tr data-key="{escape(key)}" class="skipped"><th scope="row">{escape(techniques.get(key, key))}'
            f'</th><td colspan="{len(METRICS) + 1}">Not run here: it {escape(reason)}.</td></tr>'
        )
    legend = "".join(
        f"<dt>{escape(label.format(**fmt))}</dt><dd>{escape(means.format(**fmt).capitalize())}.</dd>"
        for _, label, means in (*METRICS, SENTENCES)
    )
    # The key sits above the box, not in a caption: a caption is as wide as the table and would scroll away.
    return (
        f'<p class="scoreboard-key">The best value of each column is marked <span class="best-key">like this'
        f'</span>{_hidden(" (best)")}; ties are all marked.</p><div class="scoreboard-scroll" role="region" '
        f'aria-label="Metrics of each technique" tabindex="0">'
        f'<table class="scoreboard-table"><caption class="visually-hidden">Each technique on the '
        f'{_plural(len(report["questions"]), "labelled question")}</caption><thead><tr><th scope="col">'
        f"Technique</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<dl class="scoreboard-legend">{legend}</dl>'
    )


def _grid(report: Mapping, full: Mapping[str, str], short: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    rows, k = report["techniques"], report["k"]
    head = "".join(f'<th scope="col" title="{escape(full[r["key"]])}">{escape(short[r["key"]])}</th>' for r in rows)
    body = []
    for i, question in enumerate(report["questions"]):
        cells = []
        for r in rows:
            rank, right = r["first_right"][i], r["right_at_3"][i]
            text = (f"{rank}" if rank else NOT_FOUND + _hidden(" not found")) + (_hidden(" (right)") if right else "")
            target = r["technique"]
            if target:
                text = open_link(target, question, text)
            css = "right" if right else ("late" if rank else "none")
            cells.append(f'<td class="{css}">{text}</td>')
        body.append(f'<tr><th scope="row">{escape(question)}</th>{"".join(cells)}</tr>')
    depth = f" (each was asked for {report['depth']})" if "depth" in report else ""
    # Folded: its every rank is a link (443 on Fernport), too many tab stops to pass through on the way down.
    return (
        f'<details class="scoreboard-grid-box"><summary><h3 id="scoreboard-grid-h">Question by question '
        f'({_plural(len(report["questions"]), "question")})</h3></summary><p class="scoreboard-how">Each cell is '
        "the rank at which a technique first returns a unit holding a right passage: "
        f'<span class="right-key">right at {k}</span> when it is {k} or better, {NOT_FOUND} when none of the '
        f"units it returned holds one{depth}. "
        f"Every rank opens that question in its technique.</p>"
        f'<div class="scoreboard-scroll" role="region" aria-labelledby="scoreboard-grid-h" tabindex="0">'
        f'<table class="scoreboard-grid"><thead><tr><th scope="col">Question</th>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div></details>"
    )


def _alone(report: Mapping, full: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    questions, k = report["questions"], report["k"]
    by_key = alone(report["techniques"])
    if len(by_key) < 2:
        return (
            f"<p>{_plural(len(by_key), 'technique')} ran, so no question can be one that a technique alone "
            "gets right or misses.</p>"
        )

    section = {r["key"]: r["technique"] for r in report["techniques"]}

    def links(key: str, items: Sequence[str]) -> str:
        target = section[key]
        return "; ".join(open_link(target, q, escape(q)) if target else escape(q) for q in items) or "none"

    lines = "".join(
        f"<li><strong>{escape(full[key])}</strong>: alone right: {links(key, right)}. Alone missed: "
        f"{links(key, [questions[i] for i in missed])}.</li>"
        for key, (right, missed) in by_key.items()
        if right or missed
    )
    neither = [full[key] for key, (right, missed) in by_key.items() if not right and not missed]
    if neither:
        lines += f"<li>Neither, on any question: {escape('; '.join(neither))}.</li>"
    return (
        f"<h3>Where one technique differs from all the others</h3><p>Among the {len(by_key)} technique rows "
        f"(baselines not counted): the questions only that row gets right in its first {k}, and those only it "
        f'misses.</p><ul class="scoreboard-alone">{lines}</ul>'
    )


def render_scoreboard(report: Mapping, techniques: Mapping[str, str]) -> str:
    """The scoreboard section from ``report`` (``Scoreboard.to_dict()``) and ``techniques`` (key -> the name the page
    shows). Every figure and count in it comes from the report; every string is escaped."""
    n = len(report["questions"])
    full, short = _names(report["techniques"], techniques)
    skipped = report.get("skipped", {})
    not_run = f" {_plural(len(skipped), 'technique')} could not run here; the table says why." if skipped else ""
    notes = "".join(f"<li>{escape(note)}</li>" for note in report.get("notes", ()))
    return (
        f'<section id="scoreboard" aria-labelledby="scoreboard-h"><h2 id="scoreboard-h">Scoreboard: how good is '
        f'each technique?</h2><p class="scoreboard-what">These figures are computed on the '
        f"{_plural(n, 'labelled question')} of the {escape(report['corpus'])} corpus, each labelled with the "
        f"passages that answer it; every technique and baseline that ran searched all {n}.{not_run}</p>"
        f"{_table(report, full, techniques)}"
        + (f'<ul class="scoreboard-notes">{notes}</ul>' if notes else "")
        + f"{_grid(report, full, short, techniques)}{_alone(report, full, techniques)}</section>"
    )
