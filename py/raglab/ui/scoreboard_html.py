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

from ..techniques.common import plural
from .groups_html import render_groups
from .scoreboard_grid import grid_table, hidden, how, open_link

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
OWN_WORK = (
    "on how many questions the technique did what it is built to do; on the others it had no input of its own "
    "(no word of the question in the word list, no name, no rewrite, no hypothetical answer) and fell back to plain "
    "search or plain meaning search"
)


def own_work(row: Mapping, n: int) -> str:
    """The "its own work" cell: ``all 50``, ``8 of 50 (else plain meaning search)``, or ``baseline``.

    >>> own_work({"baseline": False, "fell_back": 42, "fell_back_on": ["plain meaning search", ""]}, 50)
    '8 of 50 (else plain meaning search)'
    """
    if row["baseline"]:
        return "baseline"
    if not row.get("fell_back"):
        return f"all {n}"
    to = ", ".join(sorted(set(row["fell_back_on"]) - {""}))
    return f"{n - row['fell_back']} of {n} (else {to})"


def ranked(row: Mapping) -> bool:
    """A row that can be best: a technique (not a baseline) that did its own work on every question. HyDE, where
    most questions have no hypothetical answer, is mostly plain meaning search, and a baseline is what the
    techniques are measured against."""
    return not row["baseline"] and not row.get("fell_back")


def best_keys(rows: Sequence[Mapping], field: str) -> set[str]:
    """The keys of the rows holding the highest ``field`` (all of them on a tie), among the rows that can be best.

    >>> rows = [{"key": "a", "mrr": 0.5}, {"key": "b", "mrr": 0.75}, {"key": "c", "mrr": 0.75}, {"key": "d", "mrr": 1}]
    >>> rows = [{**r, "baseline": r["key"] == "d"} for r in rows]
    >>> sorted(best_keys(rows, "mrr"))
    ['b', 'c']
    """
    rows = [r for r in rows if ranked(r)]
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
    head = (
        "".join(
            f'<th scope="col"><abbr title="{escape(means.format(**fmt))}">{escape(label.format(**fmt))}</abbr></th>'
            for _, label, means in (*METRICS, SENTENCES)
        )
        + f'<th scope="col"><abbr title="{escape(OWN_WORK)}">its own work</abbr></th>'
    )
    body = []
    for r in rows:
        cells = []
        for field, _, _ in METRICS:
            value = f"{r[field]:.3f}"
            cells.append(
                f'<td class="best">{value}{hidden(" (best)")}</td>' if r["key"] in best[field] else f"<td>{value}</td>"
            )
        cells.append(f"<td>{r[SENTENCES[0]]:.1f}</td>")
        cells.append(f'<td class="own">{escape(own_work(r, len(report["questions"])))}</td>')
        tag = ' <span class="baseline-tag">baseline</span>' if r["baseline"] else ""
        css = ' class="baseline"' if r["baseline"] else ""
        body.append(
            f'<tr data-key="{escape(r["key"])}"{css}><th scope="row">{escape(full[r["key"]])}{tag}</th>'
            f"{''.join(cells)}</tr>"
        )
    for key, reason in report.get("skipped", {}).items():
        body.append(
            f'<tr data-key="{escape(key)}" class="skipped"><th scope="row">{escape(techniques.get(key, key))}'
            f'</th><td colspan="{len(METRICS) + 2}">Not run here: it {escape(reason)}.</td></tr>'
        )
    legend = "".join(
        f"<dt>{escape(label.format(**fmt))}</dt><dd>{escape(means.format(**fmt).capitalize())}.</dd>"
        for _, label, means in (*METRICS, SENTENCES, ("", "its own work", OWN_WORK))
    )
    # The key sits above the box, not in a caption: a caption is as wide as the table and would scroll away.
    return (
        f'<p class="scoreboard-key">The best value of each column is marked <span class="best-key">like this'
        f"</span>{hidden(' (best)')}, among the techniques that did their own work on every question; ties are "
        'all marked. Baselines are never marked.</p><div class="scoreboard-scroll" role="region" '
        f'aria-label="Metrics of each technique" tabindex="0">'
        f'<table class="scoreboard-table"><caption class="visually-hidden">Each technique on the '
        f'{plural(len(report["questions"]), "labelled question")}</caption><thead><tr><th scope="col">'
        f"Technique</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<dl class="scoreboard-legend">{legend}</dl>'
    )


def _grid(report: Mapping, full: Mapping[str, str], short: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    n = len(report["questions"])
    # Folded: its every rank is a link (500 on Fernport), too many tab stops to pass through on the way down.
    return (
        f'<details class="scoreboard-grid-box"><summary><h3 id="scoreboard-grid-h">Question by question '
        f"({plural(n, 'question')})</h3></summary>{how(report, range(n))}"
        f"{grid_table(report, range(n), full, short, 'Every question, technique by technique')}</details>"
    )


def _alone(report: Mapping, full: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    questions, k = report["questions"], report["k"]
    by_key = alone(report["techniques"])
    if len(by_key) < 2:
        return (
            f"<p>{plural(len(by_key), 'technique')} ran, so no question can be one that a technique alone "
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
    not_run = f" {plural(len(skipped), 'technique')} could not run here; the table says why." if skipped else ""
    notes = "".join(f"<li>{escape(note)}</li>" for note in report.get("notes", ()))
    return (
        f'<section id="scoreboard" aria-labelledby="scoreboard-h"><h2 id="scoreboard-h">Scoreboard: how good is '
        f'each technique?</h2><p class="scoreboard-what">These figures are computed on the '
        f"{plural(n, 'labelled question')} of the {escape(report['corpus'])} corpus, each labelled with the "
        f"passages that answer it; every technique and baseline that ran searched all {n}.{not_run}</p>"
        f"{render_groups(report, full, short)}<h3>Every technique on every question</h3>"
        f"{_table(report, full, techniques)}"
        + (f'<ul class="scoreboard-notes">{notes}</ul>' if notes else "")
        + f"{_grid(report, full, short, techniques)}{_alone(report, full, techniques)}</section>"
    )
