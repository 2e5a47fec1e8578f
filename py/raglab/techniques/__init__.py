"""The nine techniques, one function each, declared in the registry the command line, the page and the
scoreboard read (registry.py says what a declaration holds)."""

from __future__ import annotations

from ..documents.chunking import CHUNK_SIZES, DEFAULT_SIZE
from ..lab import Lab
from ..models.model_prompts import (
    REWRITES,
    hypothetical_prompt,
    parse_lines,
    parse_one,
    query_rewrite_prompt,
    rewrites_prompt,
)
from ..result import Result
from ..search.bm25 import B_RANGE, K1, K1_RANGE, B
from ..search.vectors import Embedder
from .common import HEADINGS_CHOICES, HEADINGS_ON, SCORINGS, TOP_K, QuestionError
from .granularity import chunk_size, chunk_size_did, parent, parent_did
from .graph_rag import graph, graph_did, graph_fell_back
from .keyword_rag import document, document_did, plain, plain_did, query, query_did, query_fell_back
from .meaning import (
    EmbedderMissing,
    hybrid,
    hybrid_did,
    hyde,
    hyde_did,
    hyde_fell_back,
    multi_query,
    multi_query_did,
    multi_query_fell_back,
)
from .registry import (
    CUT_OFF,
    EMBEDDINGS,
    EXACT_CODE,
    MAX_TOP_K,
    NETWORKX,
    OTHER_WORDS,
    SHOWS_GRAPH,
    SHOWS_LISTS,
    SHOWS_SEARCHES,
    SHOWS_SIZES,
    SNOWBALL,
    SPREAD,
    TECHNIQUES,
    TWO_HOPS,
    UNLIKE,
    Input,
    ModelWrites,
    Option,
    Scored,
    Technique,
    options_of,
    register,
)

REWRITES_INPUT = Input(
    "rewrites",
    "rw",
    "Your rewrites, one per line (up to 3; leave empty for the hand-written ones of a preset)",
    kind="lines",
    limit=REWRITES,
    flag="--rewrite",
    help="multi-query: a rewrite of the question (repeatable)",
    hand_written=lambda corpus, question: list(corpus.rewrites.get(question, ())),
    model=ModelWrites(
        rewrites_prompt, lambda reply: parse_lines(reply, REWRITES), "rewrites", "Let the model write the rewrites"
    ),
    embedded=True,
)
HYPOTHETICAL_INPUT = Input(
    "hypothetical",
    "hy",
    "Your hypothetical answer (it may be wrong; it only has to sound like the right page)",
    flag="--hypothetical",
    help="HyDE: a hypothetical answer to search with",
    hand_written=lambda corpus, question: corpus.hypothetical.get(question),
    model=ModelWrites(
        hypothetical_prompt, parse_one, "hypothetical answer", "Let the model write the hypothetical answer"
    ),
    embedded=True,
)
REWRITE_INPUT = Input(
    "rewrite",
    "rq",
    "The question rewritten for a keyword search",
    field=False,
    model=ModelWrites(query_rewrite_prompt, parse_one, "rewritten question", "Let the model rewrite the question"),
)
SCORING_OPTIONS = (
    Option(
        "scoring",
        "Scoring",
        "sum",
        choices=tuple(SCORINGS.items()),
        help="keyword search: the sum of word weights (default), BM25, or BM25 on Snowball stems",
        needs=(("snowball", SNOWBALL),),
    ),
    Option("k1", "k1", K1, *K1_RANGE, step=0.1, help="BM25 term-frequency saturation"),
    Option("b", "b", B, *B_RANGE, step=0.05, help="BM25 length normalisation"),
    Option(
        "headings",
        "Search each passage",
        HEADINGS_ON,
        choices=HEADINGS_CHOICES,
        help="with the headings of its section before it (default: contextual chunk headers, so a passage cut from "
        "its heading finds questions in the heading's words too), or alone; documents without headings "
        "are searched the same either way",
    ),
)


def _sized(size: int) -> Scored:
    return Scored(
        f"chunk_size_{size}",
        f"Chunk size: {size} sentence{'s' * (size > 1)}",
        lambda hit: hit.id.rsplit("-", 2)[-2] == f"s{size}",
        fixes=(SPREAD,) if size > DEFAULT_SIZE else (),  # a bigger piece keeps an answer together; a smaller cuts it
    )


for _technique in [
    Technique(
        "plain",
        "Plain RAG: search, then answer",
        plain,
        options=SCORING_OPTIONS,
        embed_height=1200,
        did=plain_did,
    ),
    Technique(
        "query",
        "Query RAG: rewrite the question",
        query,
        inputs=(REWRITE_INPUT,),
        embed_height=1200,
        did=query_did,
        fixes=(OTHER_WORDS,),
        fell_back=query_fell_back,
    ),
    Technique(
        "graph",
        "Graph RAG: follow the links between names",
        graph,
        needs=frozenset({NETWORKX}),
        embed_height=1300,
        shows=frozenset({SHOWS_GRAPH}),
        did=graph_did,
        fixes=(TWO_HOPS,),
        fell_back=graph_fell_back,
    ),
    Technique(
        "document",
        "Document RAG: pass whole documents",
        document,
        top_k=1,
        embed_height=1000,
        did=document_did,
        fixes=(SPREAD, CUT_OFF),
    ),
    Technique(
        "multi_query",
        "Multi-query: ask several ways, then merge",
        multi_query,
        needs=frozenset({EMBEDDINGS}),
        inputs=(REWRITES_INPUT,),
        embed_height=1600,
        shows=frozenset({SHOWS_SEARCHES}),
        did=multi_query_did,
        fixes=(OTHER_WORDS,),
        fell_back=multi_query_fell_back,
    ),
    # Where no hypothetical answer is written, HyDE is plain meaning search (hyde_fell_back says so).
    Technique(
        "hyde",
        "HyDE: search with a made-up answer",
        hyde,
        needs=frozenset({EMBEDDINGS}),
        inputs=(HYPOTHETICAL_INPUT,),
        embed_height=1400,
        did=hyde_did,
        fixes=(UNLIKE,),
        fell_back=hyde_fell_back,
    ),
    Technique(
        "parent",
        "Parent-document: find small, hand over big",
        parent,
        embed_height=1100,
        did=parent_did,
        fixes=(SPREAD, CUT_OFF),
    ),
    # Size 2 is plain search's own, so the scoreboard lists sizes 1 and 4.
    Technique(
        "chunk_size",
        "Chunk size: how big should a piece be?",
        chunk_size,
        top_k=1,
        scored=tuple(_sized(s) for s in CHUNK_SIZES if s != DEFAULT_SIZE),
        embed_height=1300,
        shows=frozenset({SHOWS_SIZES}),
        did=chunk_size_did,
        fixes=(SPREAD,),
    ),
    Technique(
        "hybrid",
        "Hybrid search: keywords and meaning, merged",
        hybrid,
        uses=frozenset({EMBEDDINGS}),
        options=SCORING_OPTIONS,
        embed_height=1500,
        shows=frozenset({SHOWS_LISTS}),
        did=hybrid_did,
        fixes=(OTHER_WORDS, EXACT_CODE),
    ),
]:
    register(_technique)


def technique(key: str) -> Technique:
    key = key.replace("-", "_")
    if key not in TECHNIQUES:
        raise QuestionError(f"No technique called “{key}”. The techniques: {', '.join(TECHNIQUES)}.")
    return TECHNIQUES[key]


def run(
    lab: Lab, key: str, question: str, top_k: int | None = None, embed: Embedder | None = None, **options
) -> Result:
    """Run one technique by name. ``options`` go to the technique (its declared inputs and options, ``source``)."""
    t = technique(key)
    top_k = t.top_k if top_k is None else top_k
    if not 1 <= top_k <= MAX_TOP_K:
        raise QuestionError(f"top-k is how many passages to keep: from 1 to {MAX_TOP_K}, not {top_k}.")
    if t.meaning:
        options["embed"] = embed
    return t.run(lab, question, top_k=top_k, **options)


__all__ = [
    "TECHNIQUES",
    "Technique",
    "Input",
    "Option",
    "Scored",
    "ModelWrites",
    "EMBEDDINGS",
    "NETWORKX",
    "TOP_K",
    "MAX_TOP_K",
    "technique",
    "run",
    "register",
    "options_of",
    "QuestionError",
    "EmbedderMissing",
    "Lab",
    "Result",
]
