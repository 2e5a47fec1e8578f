"""The scoreboard's groups: one part per mistake of plain search (raglab.mistakes finds its questions), with its
rule, the sentence of its figures (``groups.GroupScore.verdict``, the core's), the rows right on the most of it, and
its figures and questions one step away.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from ..techniques.common import plural
from .scoreboard_grid import grid_table, how

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


def render_groups(report: Mapping, full: Mapping[str, str], short: Mapping[str, str]) -> str:
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
            f'<p class="mistake-rule">{plural(n, "question")} {escape(g["rule"])}. Right here means: '
            f"{escape(g['measure_words'])}.</p>"
            f'<p class="mistake-verdict">{escape(g["verdict"])}</p>{most}'
            f'<details class="mistake-more"><summary>The {plural(n, "question")}, every technique</summary>'
            f"{_group_rows(report, g, full)}{how(report, g['questions'], g['measure_words'])}"
            + grid_table(report, g["questions"], full, short, f"{g['name']}: question by question", rights, GROUP_GRID)
            + "</details></section>"
        )
    grouped = {i for g in groups for i in g["questions"]}
    rest = len(report["questions"]) - len(grouped)
    return (
        '<h3 id="mistakes-h">Which technique fixes which mistake</h3><p class="scoreboard-how">Each group holds the '
        "labelled questions that show one mistake plain search makes, found by a rule over the question, its labelled "
        "passages and the documents (a question can be in several); the techniques built to fix it are marked. A "
        "technique is counted only on the questions where it did its own work."
        + (f" {plural(rest, 'question')} are in no group: no rule finds one of these mistakes in them." * bool(rest))
        + f"</p>{''.join(parts)}"
    )
