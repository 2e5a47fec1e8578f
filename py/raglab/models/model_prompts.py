"""What the lab asks a language model to write for a technique (the spec's "a real system asks a language
model"): rewrites for multi-query, a hypothetical answer for HyDE, a rewritten question for query RAG. The model
sees only the question, never the documents, just like a real system's query-side model. Also the parsers that
turn its reply into what the technique takes.

>>> parse_lines("1. Who guides the tours?\\n2) When are tours?\\n- Who is Tomas?\\nextra", 3)
['Who guides the tours?', 'When are tours?', 'Who is Tomas?']
"""

from __future__ import annotations

import re

REWRITES = 3


def rewrites_prompt(question: str, n: int = REWRITES) -> str:
    return (
        f"Write {n} different ways to ask the question below, with the same meaning and other words. "
        f"Write one per line, nothing else.\n\nQuestion: {question}"
    )


def hypothetical_prompt(question: str) -> str:
    return (
        "Write a short answer (one or two sentences) to the question below, as a page that answers it would "
        "say it. If you do not know, make up a plausible answer.\n\n"
        f"Question: {question}"
    )


def query_rewrite_prompt(question: str) -> str:
    return (
        "Rewrite the question below for a keyword search: keep its meaning and add the words a document that "
        "answers it would likely use. Write only the rewritten question.\n\n"
        f"Question: {question}"
    )


_BULLET = re.compile(r"^\s*(?:[-*•]|\d+[.)]|\(\d+\))\s*")


def parse_lines(text: str, n: int) -> list[str]:
    """The first ``n`` non-empty lines of a reply, list markers removed."""
    lines = [_BULLET.sub("", line).strip().strip('"“”') for line in text.splitlines()]
    return [line for line in lines if line][:n]


def parse_one(text: str) -> str:
    """A single answer: the reply's lines joined, markers removed."""
    return " ".join(parse_lines(text, 1000))
