"""Multi-query, HyDE and hybrid: search by meaning (embeddings), alone or merged by rank fusion.

The embedder comes in as a function, ``embed(texts) -> unit vectors``; this module never loads a model. Passages
are embedded by their text alone (no title). Each search keeps its best 10 for rank fusion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ..lab import Lab
from ..metrics import first_right
from ..result import Comparison, Hit, Part, Result
from ..search.fusion import RRF_DEPTH, RRF_K, fuse_ranks, rank_part, tie_sentences, tied_groups
from ..search.vectors import Embedder, rank_by_similarity
from .common import (
    HEADINGS_ON,
    TOP_K,
    QuestionError,
    check_question,
    english_only_steps,
    finish,
    plain_comparison,
    plural,
    quoted_list,
    scored_search,
    searched_lab,
)

SOURCES = {
    "hand": "written by hand for this demo; a real system asks a language model",
    "visitor": "written by you",
    "model": "written by the model",
}
PLAIN_MEANING = "plain meaning search (the question alone)"
MADE_UP = "the made-up answer"  # what HyDE compares each passage with


class EmbedderMissing(QuestionError):
    """A meaning technique was asked for without an embedding model."""


def _need(embed: Embedder | None, technique: str) -> Embedder:
    if embed is None:
        raise EmbedderMissing(
            f"{technique} searches by meaning and needs an embedding model (all-MiniLM-L6-v2), and none is loaded."
        )
    return embed


Wording = TypeVar("Wording")


def _wording(given: Wording | None, hand: Wording, source: str) -> tuple[Wording, str]:
    """A technique's other wording of the question (rewrites, a made-up answer) and who wrote it: the one given, by
    ``source`` (the visitor, the model), else the corpus's own, written by hand (possibly none)."""
    return (given, source) if given is not None else (hand, "hand")


QUESTION = "your question"  # what a plain meaning search compares each passage with


def meaning_search(lab: Lab, embed: Embedder, vector, depth: int, against: str = QUESTION) -> list[Hit]:
    """The ``depth`` passages closest in meaning to ``vector``, best first, with their cosine; ``against`` names
    the text ``vector`` is the embedding of, so each cosine says which two texts it compares:
    ``cos(the made-up answer, lighthouse-2)``."""
    chunks = lab.chunks()
    return [
        Hit.of(chunks[i], rank, sim, "similarity", [cosine_part(against, chunks[i].id, sim)])
        for rank, (i, sim) in enumerate(rank_by_similarity(vector, lab.vectors(embed), depth), 1)
    ]


def cosine_part(against: str, passage: str, similarity: float) -> Part:
    """A cosine as the one part of a meaning score, naming the two texts it compares.

    >>> cosine_part("rewrite 2", "school-1", 0.5)
    Part(kind='similarity', label='cosine', value=0.5, formula='cos(rewrite 2, school-1)')
    """
    return Part("similarity", "cosine", similarity, f"cos({against}, {passage})")


def _fuse(
    lab: Lab, lists: Sequence[Sequence[Hit]], labels: Sequence[str], top_k: int, k: int = RRF_K
) -> tuple[list[Hit], list[str]]:
    """The best ``top_k`` by rank fusion, and a sentence for each tie that decides them (a tied hit notes it)."""
    by_id = {c.id: c for c in lab.chunks()}
    fused = fuse_ranks([[h.id for h in hits] for hits in lists], k=k, depth=RRF_DEPTH)
    notes = {}
    for group in tied_groups(fused, top_k, k):
        tied = [fused[i][0] for i in group]
        for pid in tied:
            notes[pid] = f"tied with {', '.join(t for t in tied if t != pid)} (rule for ties in the steps)"
    hits = [
        Hit.of(
            by_id[pid], rank, total, "fused", [rank_part(labels[li], r, k) for li, r in earned], note=notes.get(pid, "")
        )
        for rank, (pid, total, earned) in enumerate(fused[:top_k], 1)
    ]
    return hits, tie_sentences(fused, labels, top_k, k)


def _top3(hits: Sequence[Hit]) -> str:
    """The first 3 of a list, said as many as it holds ("top 2 are ...", "the one is ...").

    >>> _top3([Hit("a-1", "a", "A", "", 2, 1, 1.0, "score"), Hit("b-2", "b", "B", "", 2, 2, 0.5, "score")])
    'top 2 are A (a-1); B (b-2)'
    """
    shown = "; ".join(f"{h.title} ({h.id})" for h in hits[:3])
    return f"the one is {shown}" if len(hits) == 1 else f"top {min(len(hits), 3)} are {shown}"


def place_step(lab: Lab, question: str, plain_ids: Sequence[str], ids: Sequence[str], name: str) -> list[str]:
    """The comparison sentence, from the labelled question set; nothing when the question is not labelled."""
    answers = lab.corpus.answers_for(question)
    if not answers:
        return []
    p, t = first_right(plain_ids, set(answers)), first_right(ids, set(answers))
    if p is None and t is None:
        return [f"For this example, no right passage is found by plain meaning search or by {name}."]

    def at(rank: int | None) -> str:
        return f"at rank {rank}" if rank else "not found"

    verdict = "the same place" if p == t else "a better place" if t and (p is None or t < p) else "a worse place"
    return [
        f"For this example, the first right passage is {at(p)} for plain meaning search and {at(t)} for "
        f"{name}: {verdict}. This is one question, not a rule."
    ]


def multi_query(
    lab: Lab,
    question: str,
    embed: Embedder | None = None,
    rewrites: Sequence[str] | None = None,
    source: str = "visitor",
    top_k: int = TOP_K,
) -> Result:
    """Search with the question and its rewrites, fuse the rankings: 1/(60 + rank) from every list."""
    question, embed = check_question(question), _need(embed, "Multi-query")
    rewrites, source = _wording(rewrites, lab.corpus.rewrites.get(question, ()), source)
    rewrites = [r for r in (" ".join(str(r).split()) for r in rewrites) if r]
    wordings = [question, *rewrites]
    vectors = embed(wordings)
    against = [QUESTION, *(f"rewrite {i}" for i in range(1, len(rewrites) + 1))]
    lists = [meaning_search(lab, embed, v, RRF_DEPTH, a) for v, a in zip(vectors, against, strict=True)]
    labels = [f"search {i}" for i in range(1, len(lists) + 1)]
    hits, ties = _fuse(lab, lists, labels, top_k)
    if rewrites:
        steps = [f"Wrote {len(rewrites)} rewrites of the question ({SOURCES[source]}): {quoted_list(rewrites)}."]
    else:
        steps = [
            "No rewrites for this question yet: write some (or let the model write them). With none, this is "
            "plain meaning search."
        ]
    for i, found in enumerate(lists, 1):
        who = "your question" if i == 1 else "rewrite"
        steps.append(f"Search {i}, {who}: {_top3(found)}.")
    steps.append(
        f"Rank fusion: a passage earns 1 ÷ ({RRF_K} + its rank) from every search that holds it, and the "
        "earnings are added. A passage found by several searches rises."
    )
    steps += ties
    all_fused, _ = _fuse(lab, lists, labels, top_k=len(lab.chunks()))
    steps += place_step(lab, question, [h.id for h in lists[0]], [h.id for h in all_fused], "multi-query")
    steps += english_only_steps(lab)
    comparison = Comparison(PLAIN_MEANING, tuple(lists[0][:top_k]))
    details = {
        "rewrites": rewrites,
        "rewrites_by": source,
        "searches": [
            {"wording": w, "label": label, "against": a, "passages": found}
            for w, label, a, found in zip(wordings, labels, against, lists, strict=True)
        ],
    }
    return finish("multi_query", question, lab.search_words(question), steps, hits, comparison, details)


def hyde(
    lab: Lab,
    question: str,
    embed: Embedder | None = None,
    hypothetical: str | None = None,
    source: str = "visitor",
    top_k: int = TOP_K,
) -> Result:
    """Search with the meaning of a made-up answer instead of the question's."""
    question, embed = check_question(question), _need(embed, "HyDE")
    hypothetical, source = _wording(hypothetical, lab.corpus.hypothetical.get(question), source)
    hypothetical = " ".join(str(hypothetical or "").split())
    depth = len(lab.chunks())
    if not hypothetical:  # as multi-query with no rewrites: the question's own meaning, said in one line
        plain_ranked = meaning_search(lab, embed, embed([question])[0], depth)
        steps = [
            "No hypothetical answer for this question yet: write one (it may be wrong; it only has to sound like "
            "the right page), or let the model write it. With none, this is plain meaning search.",
            f"Searched with the meaning of the question and kept the {top_k} closest passages.",
        ]
        comparison = Comparison(PLAIN_MEANING, tuple(plain_ranked[:top_k]))
        details = {"hypothetical_answer": "", "hypothetical_by": source}
        return finish("hyde", question, lab.search_words(question), steps, plain_ranked[:top_k], comparison, details)
    q_vec, h_vec = embed([question, hypothetical])
    plain_ranked = meaning_search(lab, embed, q_vec, depth)
    ranked = meaning_search(lab, embed, h_vec, depth, MADE_UP)
    hits = ranked[:top_k]
    steps = [
        f"A hypothetical answer, {SOURCES[source].split(';')[0]}: “{hypothetical}”.",
        "A real system asks a language model to write it, and that model has not read your documents, so it may "
        "guess wrong facts. It only has to sound like the right page, because the search compares meaning, not "
        "truth.",
        f"Searched with the meaning of that made-up answer instead of the meaning of the question, and kept the "
        f"{top_k} closest passages.",
    ]
    steps += place_step(lab, question, [h.id for h in plain_ranked], [h.id for h in ranked], "HyDE")
    answers = lab.corpus.answers_for(question)
    if answers:
        mine = sum(h.id in answers for h in hits)
        theirs = sum(h.id in answers for h in plain_ranked[:top_k])
        steps.append(
            f"Right passages in the top {top_k}: {mine} of {len(answers)} for HyDE, {theirs} for plain meaning search."
        )
    steps += english_only_steps(lab)
    comparison = Comparison(PLAIN_MEANING, tuple(plain_ranked[:top_k]))
    details = {"hypothetical_answer": hypothetical, "hypothetical_by": source}
    return finish("hyde", question, lab.search_words(question), steps, hits, comparison, details)


def hybrid(
    lab: Lab,
    question: str,
    embed: Embedder | None = None,
    top_k: int = TOP_K,
    k: int = RRF_K,
    scoring: str = "sum",
    k1: float | None = None,
    b: float | None = None,
    headings: str = HEADINGS_ON,
) -> Result:
    """Keyword search and vector search, each keeping its best 10, merged by rank fusion. The keyword side scores
    as plain search does (``scoring``: the spec's sum, "bm25" or "snowball"; k1, b for BM25); with ``headings``
    "on", it searches each passage with its section path before it. The vector side compares the meaning of each
    passage's text alone, the vectors the page made for "every passage": the headings are words to find, and a
    second vector of every passage would double what a visitor waits for."""
    question = check_question(question)
    meant, lab = lab, searched_lab(lab, headings)
    words = lab.search_words(question)
    keyword_list, scored, settings = (
        scored_search(lab, question, words, RRF_DEPTH, scoring, k1, b) if words else ([], "", {})
    )
    steps = [
        f"Search words in your question: {', '.join(words)}."
        if words
        else "No search words in your question (all stop words): the keyword side finds nothing."
    ]
    if settings:  # the spec's sum needs no words here: the scores show it
        steps.append(scored)
    steps.append(
        f"Keyword search: {plural(len(keyword_list), 'passage')} with a search word"
        + (f"; {_top3(keyword_list)}." if keyword_list else ".")
    )
    if embed is not None:
        (q_vec,) = embed([question])
        vector_list = meaning_search(meant, embed, q_vec, RRF_DEPTH)
        steps.append(f"Vector search: the {len(vector_list)} passages closest in meaning; {_top3(vector_list)}.")
        steps += english_only_steps(lab)
        lists, labels = [keyword_list, vector_list], ["keyword", "vector"]
    else:
        vector_list = []
        steps.append("Vector search is off: no embedding model is loaded, so only the keyword side ran.")
        lists, labels = [keyword_list], ["keyword"]
    hits, ties = _fuse(lab, lists, labels, top_k, k=k)
    steps.append(
        f"Rank fusion: each passage scores 1 ÷ ({k} + its rank) in each list that holds it, added up. "
        "A passage missing from one list gets only its other term."
    )
    steps += ties
    details = {"keyword": keyword_list, "vector": vector_list, "k": k, "vector_search": embed is not None, **settings}
    return finish("hybrid", question, words, steps, hits, plain_comparison(lab, words, top_k), details)


def multi_query_fell_back(result: Result) -> str:
    """Plain meaning search, where there is no rewrite: one list, the question's."""
    return "" if result.details.get("rewrites") else "plain meaning search"


def hyde_fell_back(result: Result) -> str:
    """Plain meaning search, where there is no hypothetical answer: the question searches for itself."""
    return "" if result.details.get("hypothetical_answer") else "plain meaning search"


def multi_query_did(result: Result) -> str:
    rewrites = result.details.get("rewrites", [])
    if not rewrites:
        return f"had no rewrites: {multi_query_fell_back(result)}"
    lists = len(rewrites) + 1
    return f"searched with {plural(len(rewrites), 'rewrite')} as well as the question, and fused the {lists} lists"


def hyde_did(result: Result) -> str:
    if hyde_fell_back(result):
        return f"had no made-up answer: {hyde_fell_back(result)}"
    return "searched with the meaning of a made-up answer instead of the question's"


def hybrid_did(result: Result) -> str:
    if not result.details.get("vector_search"):
        return "ran its keyword side only: no embedding model"
    keyword = {h.id for h in result.details.get("keyword", ())}
    vector = {h.id for h in result.details.get("vector", ())}
    both = sum(h.id in keyword and h.id in vector for h in result.passages)
    return (
        f"merged keyword and meaning search: {both} of the {plural(len(result.passages), 'passage')} it hands over "
        f"{'is' if both == 1 else 'are'} in both lists"
    )
