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
OWN_WORK = (
    "on how many questions the technique did what it is built to do; on the others it had no input of its own "
    "(no word of the question in the word list, no name, no rewrite, no hypothetical answer) and fell back to plain "
    "search or plain meaning search"
)
NOT_FOUND = "–"
FELL = "*"  # a grid cell where the technique fell back


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
                f'<td class="best">{value}{_hidden(" (best)")}</td>' if r["key"] in best[field] else f"<td>{value}</td>"
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
        f"</span>{_hidden(' (best)')}, among the techniques that did their own work on every question; ties are "
        'all marked. Baselines are never marked.</p><div class="scoreboard-scroll" role="region" '
        f'aria-label="Metrics of each technique" tabindex="0">'
        f'<table class="scoreboard-table"><caption class="visually-hidden">Each technique on the '
        f'{_plural(len(report["questions"]), "labelled question")}</caption><thead><tr><th scope="col">'
        f"Technique</th>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
        f'<dl class="scoreboard-legend">{legend}</dl>'
    )


def _cell(report: Mapping, r: Mapping, i: int, right: bool) -> str:
    """One grid cell: the rank of the first right unit (a link into the technique), for a question of several
    passages how many its first k hold ("1 (1/2)"), and a mark where the technique fell back. ``right``: right by
    the measure of the grid (hit@k, or a group's own)."""
    question, rank = report["questions"][i], r["first_right"][i]
    text = f"{rank}" if rank else NOT_FOUND + _hidden(" not found")
    answers = report["answers"][i] if "answers" in report else 1
    if answers > 1:
        held = f"({r['held_at_3'][i]}/{answers})"
        text += f' <span class="held">{held}</span>' + _hidden(f" of its {answers} passages in the first {report['k']}")
    fell = r.get("fell_back_on", [""] * (i + 1))[i]
    if fell:
        text += f'<span aria-hidden="true">{FELL}</span>' + _hidden(f" (fell back to {fell})")
    text += _hidden(" (right)") if right else ""
    target = r["technique"]
    if target:
        text = open_link(target, question, text, f"fell back to {fell}" if fell else "")
    css = "right" if right else ("late" if rank else "none")
    return f'<td class="{css}{" fell" if fell else ""}">{text}</td>'


def _grid_table(
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


def _how(report: Mapping, indices: Sequence[int], right: str = "") -> str:
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


def _grid(report: Mapping, full: Mapping[str, str], short: Mapping[str, str], techniques: Mapping[str, str]) -> str:
    n = len(report["questions"])
    # Folded: its every rank is a link (500 on Fernport), too many tab stops to pass through on the way down.
    return (
        f'<details class="scoreboard-grid-box"><summary><h3 id="scoreboard-grid-h">Question by question '
        f"({_plural(n, 'question')})</h3></summary>{_how(report, range(n))}"
        f"{_grid_table(report, range(n), full, short, 'Every question, technique by technique')}</details>"
    )


GROUP_GRID = "scoreboard-grid group-grid"
GROUP_MEASURES = (("first", "answer first"), ("found", "an answer in the first {k}"), ("complete", "all its passages"))


def _group_rows(report: Mapping, group: Mapping, full: Mapping[str, str]) -> str:
    """Every row's figures on one group, the group's own measure marked, a row that fell back said so."""
    n, k = len(group["questions"]), report["k"]
    measures = [(m, label) for m, label in GROUP_MEASURES if m != "complete" or group["measure"] == "complete"]
    head = "".join(
        f'<th scope="col"{" class=measure" if m == group["measure"] else ""}>{escape(label.format(k=k))}</th>'
        for m, label in measures
    )
    body = []
    for r in group["rows"]:
        tags = ' <span class="baseline-tag">baseline</span>' if r["baseline"] else ""
        tags += ' <span class="aimed-tag">built for it</span>' if r["aimed"] else ""
        if r["scored"]:
            cells = "".join(
                f"<td{' class=measure' if m == group['measure'] else ''}>{r[m]} of {r['scored']}</td>"
                for m, _ in measures
            )
        else:
            cells = f'<td colspan="{len(measures)}">not scored</td>'
        fell = f"fell back to {r['fell_back_to']} on {r['fell_back']} of {n}" if r["fell_back"] else ""
        body.append(
            f'<tr data-key="{escape(r["key"])}"><th scope="row">{escape(full.get(r["key"], r["name"]))}{tags}</th>'
            f'{cells}<td class="own">{escape(fell)}</td></tr>'
        )
    return (
        f'<div class="scoreboard-scroll" role="region" aria-label="{escape(group["name"])}: every technique" '
        f'tabindex="0"><table class="scoreboard-table group-table"><thead><tr><th scope="col">Technique</th>{head}'
        f'<th scope="col">not counted</th></tr></thead><tbody>{"".join(body)}</tbody></table></div>'
    )


def _groups(report: Mapping, full: Mapping[str, str], short: Mapping[str, str]) -> str:
    """One part per mistake of plain search: its rule and count, the sentence of its figures, the techniques right
    on the most of it; its figures and questions one step away."""
    groups = report.get("groups", ())
    if not groups:
        return ""
    parts = []
    for g in groups:
        n = len(g["questions"])
        rights = {r["key"]: r["right_on"] for r in g["rows"]}
        most = f'<p class="mistake-best">{escape(g["best_said"])}</p>' if g["best_said"] else ""
        parts.append(
            f'<section class="mistake" data-mistake="{escape(g["key"])}" aria-labelledby="mistake-{escape(g["key"])}">'
            f'<h4 id="mistake-{escape(g["key"])}">{escape(g["name"])}</h4>'
            f'<p class="mistake-rule">{_plural(n, "question")} {escape(g["rule"])}. Right here means: '
            f"{escape(g['measure_words'])}.</p>"
            f'<p class="mistake-verdict">{escape(g["verdict"])}</p>{most}'
            f'<details class="mistake-more"><summary>The {_plural(n, "question")}, every technique</summary>'
            f"{_group_rows(report, g, full)}{_how(report, g['questions'], g['measure_words'])}"
            + _grid_table(report, g["questions"], full, short, f"{g['name']}: question by question", rights, GROUP_GRID)
            + "</details></section>"
        )
    grouped = {i for g in groups for i in g["questions"]}
    rest = len(report["questions"]) - len(grouped)
    return (
        '<h3 id="mistakes-h">Which technique fixes which mistake</h3><p class="scoreboard-how">Each group holds the '
        "labelled questions that show one mistake plain search makes, found by a rule over the question, its labelled "
        "passages and the documents (a question can be in several); the techniques built to fix it are marked. A "
        "technique is counted only on the questions where it did its own work."
        + (f" {_plural(rest, 'question')} are in no group: no rule finds one of these mistakes in them." * bool(rest))
        + f"</p>{''.join(parts)}"
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
        f"{_groups(report, full, short)}<h3>Every technique on every question</h3>{_table(report, full, techniques)}"
        + (f'<ul class="scoreboard-notes">{notes}</ul>' if notes else "")
        + f"{_grid(report, full, short, techniques)}{_alone(report, full, techniques)}</section>"
    )
