"""The nine techniques, one function each, and the registry the command line and the page read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..lab import Lab
from ..result import Result
from ..vectors import Embedder
from .common import TOP_K, QuestionError
from .granularity import chunk_size, parent
from .graph_rag import graph
from .keyword_rag import document, plain, query
from .meaning import EmbedderMissing, hybrid, hyde, multi_query


@dataclass(frozen=True)
class Technique:
    key: str
    title: str
    run: Callable[..., Result]
    top_k: int = TOP_K  # default, range 1-10
    meaning: bool = False  # searches by meaning: needs an embedder


TECHNIQUES: dict[str, Technique] = {
    t.key: t
    for t in [
        Technique("plain", "Plain RAG: search, then answer", plain),
        Technique("query", "Query RAG: rewrite the question", query),
        Technique("graph", "Graph RAG: follow the links between names", graph),
        Technique("document", "Document RAG: pass whole documents", document, top_k=1),
        Technique("multi_query", "Multi-query: ask several ways, then merge", multi_query, meaning=True),
        Technique("hyde", "HyDE: search with a made-up answer", hyde, meaning=True),
        Technique("parent", "Parent-document: find small, hand over big", parent),
        Technique("chunk_size", "Chunk size: how big should a piece be?", chunk_size, top_k=1),
        Technique("hybrid", "Hybrid search: keywords and meaning, merged", hybrid, meaning=True),
    ]
}
MAX_TOP_K = 10


def technique(key: str) -> Technique:
    key = key.replace("-", "_")
    if key not in TECHNIQUES:
        raise QuestionError(f"No technique called “{key}”. The techniques: {', '.join(TECHNIQUES)}.")
    return TECHNIQUES[key]


def run(lab: Lab, key: str, question: str, top_k: int | None = None, embed: Embedder | None = None,
        **options) -> Result:
    """Run one technique by name. ``options`` go to the technique (``rewrites``, ``hypothetical``, ``source``)."""
    t = technique(key)
    top_k = t.top_k if top_k is None else top_k
    if not 1 <= top_k <= MAX_TOP_K:
        raise QuestionError(f"top-k is how many passages to keep: from 1 to {MAX_TOP_K}, not {top_k}.")
    if t.meaning:
        options["embed"] = embed
    return t.run(lab, question, top_k=top_k, **options)


__all__ = ["TECHNIQUES", "Technique", "technique", "run", "QuestionError", "EmbedderMissing", "Lab", "Result"]
