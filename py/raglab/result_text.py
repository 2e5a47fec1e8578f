"""A technique's result as the terminal shows it (``raglab ask`` without ``--json``): its steps, its passages with
their scores' sums, each searched list as ranked where its technique shows them, and the exact prompt.
"""

from __future__ import annotations

import textwrap

from .result import Result
from .show import HEADINGS, passage_place, score_label, score_sum
from .techniques import TECHNIQUES
from .techniques.registry import SHOWS_SEARCHES

WIDTH = 100  # the terminal's line


def wrap(text: str, indent: str) -> str:
    """``text`` cut into lines of WIDTH, each starting with ``indent``."""
    return textwrap.fill(text, WIDTH, initial_indent=indent, subsequent_indent=indent)


def render_text(result: Result) -> str:
    """What ``raglab ask`` prints for ``result``."""
    t = TECHNIQUES[result.technique]
    out = [t.title, f"Question: {result.question}", ""]
    if result.steps:
        out.append(HEADINGS["steps"])
        out += [wrap(f"{i}. {s}", "  ") for i, s in enumerate(result.steps, 1)]
        out.append("")
    if result.message:
        out += [wrap(result.message, ""), ""]
    out += [result.summary, "", HEADINGS["passages"]]
    out += _hits(result.passages) or ["  (none)"]
    if SHOWS_SEARCHES in t.shows:  # each list as ranked, so every 1/(60 + rank) of a fused score can be checked
        for search in result.details.get("searches", []):
            out += ["", f"{search['label'].capitalize()}: {search['against']}, “{search['wording']}”, as ranked"]
            ranked = "; ".join(f"{h.rank} {h.id} ({h.score:.4f})" for h in search["passages"])
            out.append(wrap(ranked, "  "))
    if result.comparison:
        out += ["", HEADINGS["compare"].format(label=result.comparison.label)]
        out += _hits(result.comparison.passages) or [wrap(result.comparison.message, "  ")]
    out += ["", HEADINGS["prompt"], textwrap.indent(result.prompt, "  | ", lambda _: True)]
    return "\n".join(out)


def _hits(hits) -> list[str]:
    lines = []
    for h in hits:
        note = f" · {h.note}" if h.note else ""
        place = passage_place(h)
        where = f" ({place})" if place else ""
        lines.append(f"  {h.rank}. {h.title} [{h.id}]{where} {score_label(h)}{note}")
        if h.parts and h.score_kind != "fused":
            lines.append(wrap(("" if h.score_kind == "similarity" else "sum: ") + score_sum(h), "       "))
        lines.append(wrap(h.text, "     "))
    return lines
