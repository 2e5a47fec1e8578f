"""The compare view and the meaning map as text, for ``raglab compare`` (the page draws the same objects as HTML,
ui/compare_html.py)."""

from __future__ import annotations

import textwrap

from .compare import Compared, ComparedPassage, CompareRow
from .meaning_map import MeaningMap
from .result_text import WIDTH
from .showcase import Showcase


def place_text(p: ComparedPassage) -> str:
    """>>> place_text(ComparedPassage("ferry-1", "Ferry timetable", "", "The ferry …", 1, 4, "up", True))
    '1. Ferry timetable [ferry-1] · up from 4 in plain search · answers: The ferry …'
    """
    stood = {
        "new": "new: plain search does not find it",
        "same": "same place in plain search",
        "up": f"up from {p.plain_rank} in plain search",
        "down": f"down from {p.plain_rank} in plain search",
    }[p.move]
    answers = " · answers" if p.answers else ""
    return f"{p.rank}. {p.title} [{p.id}] · {stood}{answers}: {p.first_words}"


def row_lines(row: CompareRow) -> list[str]:
    head = f"{row.name}{' (a baseline)' if row.baseline else ''}: {row.missing or row.did or '…'}"
    lines = textwrap.wrap(head, WIDTH)
    if not row.missing:
        lines += [
            textwrap.fill(place_text(p), WIDTH, initial_indent="  ", subsequent_indent="     ") for p in row.passages
        ]
        lines += [] if row.passages else ["  (no passage)"]
    return lines


def compared_text(compared: Compared, meaning: MeaningMap | None = None) -> str:
    out = [f"Compare every technique: “{compared.question}”"]
    if compared.answers is not None:
        out.append(f"Labelled answers: {', '.join(compared.answers)}")
    out += textwrap.wrap(compared.verdict, WIDTH) + [""]
    for row in compared.rows:
        out += row_lines(row) + [""]
    if meaning is not None:
        out += map_text(meaning)
    return "\n".join(out).rstrip() + "\n"


def map_text(meaning: MeaningMap) -> list[str]:
    out = ["The meaning map", *textwrap.wrap(meaning.share_sentence, WIDTH)]
    for p in meaning.probes:
        near = ", ".join(f"{n.id} ({n.cosine:.3f})" for n in p.nearest)
        out.append(f"  {p.label} at ({p.x:.3f}, {p.y:.3f}): nearest in meaning {near}")
        out.append(textwrap.fill(p.sentence, WIDTH, initial_indent="    ", subsequent_indent="    "))
    return out


def showcase_text(questions: tuple[Showcase, ...]) -> str:
    if not questions:
        return "No labelled question where a technique finds what plain search misses.\n"
    lines = ["Questions where a technique finds what plain search misses:"]
    for s in questions:
        lines += [f"  {s.question}", textwrap.fill(s.why, WIDTH, initial_indent="    ", subsequent_indent="    ")]
    return "\n".join(lines) + "\n"
