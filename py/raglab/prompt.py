"""The prompt: the spec's instruction line, the numbered passages ``[1] Title: text``, then the question."""

from __future__ import annotations

from collections.abc import Sequence

from .result import Hit

INSTRUCTION = (
    "Answer the question using only the passages below. If they do not contain the answer, say you do not know."
)
NO_PASSAGES = "(No passages were found.)"


def build_prompt(question: str, passages: Sequence[Hit]) -> str:
    """The exact text the model receives.

    >>> print(build_prompt("Why?", []))
    Answer the question using only the passages below. If they do not contain the answer, say you do not know.
    <BLANKLINE>
    (No passages were found.)
    <BLANKLINE>
    Question: Why?
    """
    body = [f"[{i}] {p.title}: {p.text}" for i, p in enumerate(passages, 1)] or [NO_PASSAGES]
    return "\n".join([INSTRUCTION, "", *body, "", f"Question: {question}"])
