"""Plain, query and document RAG: keyword search over passages, over a rewritten question, over whole documents."""

from __future__ import annotations

from ..documents.chunking import WHOLE_DOCUMENT, passages_kind, whole_document
from ..lab import Lab
from ..result import Hit, Part, Result, rank_scored
from ..search.rewrite import rewrite_words
from .common import (
    HEADINGS_ON,
    TOP_K,
    check_question,
    empty_result,
    finish,
    kept_step,
    keyword_search,
    no_words_message,
    plain_comparison,
    quoted_list,
    scored_search,
    scored_step,
    searched_lab,
    words_step,
)


def plain(
    lab: Lab,
    question: str,
    top_k: int = TOP_K,
    scoring: str = "sum",
    k1: float | None = None,
    b: float | None = None,
    headings: str = HEADINGS_ON,
) -> Result:
    """Search words, each passage's sum of word weights, the best ``top_k`` above 0. With ``scoring="bm25"`` (or
    "snowball": BM25 on Snowball stems) the passages are scored by BM25 instead (k1, b: see search/bm25.py), compared
    with the sum of word weights. With ``headings="on"`` each passage is searched with its section path before
    it."""
    question = check_question(question)
    lab = searched_lab(lab, headings)
    words = lab.search_words(question)
    if not words:
        return empty_result("plain", question, no_words_message(question))
    hits, step, details = scored_search(lab, question, words, top_k, scoring, k1, b)
    steps = [words_step(words), step, kept_step(top_k, len(hits))]
    comparison = plain_comparison(lab, words, top_k, label="the sum of word weights") if details else None
    return finish("plain", question, words, steps, hits, comparison, details)


def query(lab: Lab, question: str, top_k: int = TOP_K, rewrite: str | None = None, source: str = "model") -> Result:
    """Plain search after adding the word list's related words: boat -> ferry, ticket -> fare. With ``rewrite``
    (a rewritten question, e.g. written by a language model), its new search words are added instead."""
    question = check_question(question)
    words = lab.search_words(question)
    if not words and not rewrite:
        return empty_result("query", question, no_words_message(question))
    if rewrite:
        new = [w for w in lab.search_words(rewrite) if w not in words]
        all_words, added = [*words, *new], []
        who = "written by the model" if source == "model" else "written by you"
        rewrite_step = (
            f"Rewrote the question ({who}): “{' '.join(rewrite.split())}”, which adds the search words: "
            f"{', '.join(new) if new else 'none'}."
        )
    else:
        all_words, added = rewrite_words(words, lab.corpus.related_words)
        if added:
            rewrite_step = (
                "Rewrote the question by adding related words: "
                + ", ".join(f"{w} → {', '.join(new)}" for w, new in added)
                + "."
            )
        else:
            rewrite_step = (
                "No search word of your question is in the word list, so nothing was added: this is plain search."
            )
    hits = keyword_search(lab, all_words, top_k)
    steps = [words_step(words), rewrite_step, scored_step(len(lab.index())), kept_step(top_k, len(hits))]
    details = {
        "added_words": [{"word": w, "related": list(new)} for w, new in added],
        "all_words": all_words,
        "rewrite": " ".join(rewrite.split()) if rewrite else None,
        "rewrite_by": source if rewrite else "list",
    }
    return finish("query", question, words, steps, hits, plain_comparison(lab, words, top_k), details)


def document(lab: Lab, question: str, top_k: int = 1) -> Result:
    """Score whole documents with the passage weights (a document holds a word if any passage does)."""
    question = check_question(question)
    words = lab.search_words(question)
    if not words:
        return empty_result("document", question, no_words_message(question))
    index = lab.index()
    slugs = [d.slug for d in lab.corpus.documents]
    parts_by_doc: dict[int, list[Part]] = {}
    for ww in index.weights(words):
        holders = {index.chunks[i].slug for i in index.postings[ww.word]}
        for d, slug in enumerate(slugs):
            if slug in holders:
                parts_by_doc.setdefault(d, []).append(Part("word", ww.word, ww.weight, ww.formula))
    whole = [whole_document(d) for d in lab.corpus.documents]
    hits: list[Hit] = rank_scored(whole, parts_by_doc, top_k)
    steps = [
        words_step(words),
        f"Scored each of the {len(whole)} whole documents instead of {passages_kind(lab.passage_size)}, with "
        f"each word's weight over the {len(index.chunks)} passages: a document holds a word when one of its "
        "passages does."
        if lab.passage_size != WHOLE_DOCUMENT
        else f"Scored each of the {len(whole)} whole documents, which here are the passages themselves (one passage "
        "per document): the same scores as plain search.",
    ]
    if hits:
        steps.append(
            f"Picked {quoted_list(h.title for h in hits)} and passed the whole "
            f"{'document' if len(hits) == 1 else 'documents'}, in {'its' if len(hits) == 1 else 'their'} "
            "original order."
        )
    return finish("document", question, words, steps, hits, plain_comparison(lab, words))


def plain_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> plain_did(plain(Lab(), "How much does the ferry cost?"))
    'searched for the words much, ferry, cost'
    """
    return f"searched for the words {', '.join(result.search_words)}" if result.search_words else ""


def query_fell_back(result: Result) -> str:
    """Plain search, where no word of the question is in the word list and nothing was rewritten.

    >>> from raglab import Lab
    >>> lab = Lab()
    >>> query_fell_back(query(lab, "Who runs the bakery?")), query_fell_back(query(lab, "How much is a boat ticket?"))
    ('plain search', '')
    """
    done = result.details.get("added_words") or result.details.get("rewrite")
    return "" if done or not result.search_words else "plain search"


def query_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> query_did(query(Lab(), "How much is a boat ticket?"))
    'added cost for much; ferry for boat; fare for ticket'
    """
    added = result.details.get("added_words", [])
    if added:
        return "added " + "; ".join(f"{', '.join(a['related'])} for {a['word']}" for a in added)
    if result.details.get("rewrite"):
        new = [w for w in result.details["all_words"] if w not in result.search_words]
        return f"rewrote the question, adding {', '.join(new) if new else 'no new word'}"
    return f"found no word of the question in the word list: {query_fell_back(result)}" if result.search_words else ""


def document_did(result: Result) -> str:
    """>>> from raglab import Lab
    >>> document_did(document(Lab(), "How much does the ferry cost?"))
    'handed over the whole Ferry timetable (6 sentences)'
    """
    if not result.passages:
        return ""
    first, more = result.passages[0], len(result.passages) - 1
    also = f" and {more} more whole document{'s' * (more > 1)}" if more else ""
    return f"handed over the whole {first.title} ({first.sentences} sentence{'s' * (first.sentences != 1)}){also}"
