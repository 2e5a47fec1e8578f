"""What the techniques share: checking a question, the search-words step, plain search and its comparison."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..documents.chunking import PassageSize
from ..documents.text import stop_words_in
from ..lab import Lab
from ..prompt import build_prompt
from ..result import Comparison, Hit, Result

MAX_QUESTION_CHARS = 500
TOP_K = 3  # passages handed to the model
NO_HELP = "No passage found, so the model gets no help from the documents."


class QuestionError(ValueError):
    """The question cannot be searched; the message says why, in words a visitor understands."""


def check_question(question: str) -> str:
    question = " ".join(str(question).split())
    if not question:
        raise QuestionError("Type a question first.")
    if len(question) > MAX_QUESTION_CHARS:
        raise QuestionError(f"The question is {len(question)} characters long; keep it under {MAX_QUESTION_CHARS}.")
    return question


def quoted_list(items: Iterable[str]) -> str:
    return ", ".join(f"“{i}”" for i in items)


def words_step(words: Sequence[str]) -> str:
    return f"Search words in your question: {', '.join(words)}."


def no_words_message(question: str) -> str:
    stops = stop_words_in(question)
    if stops:
        return (
            f"Nothing to search for: every word of “{question}” is a stop word (filler word: "
            f"{', '.join(stops)}), and stop words are dropped. Add a word that names what you want to know, "
            f"like a place, a person or a thing."
        )
    return f"Nothing to search for: “{question}” has no words. Type a question with words in it."


def english_only_steps(lab: Lab) -> list[str]:
    """What a meaning technique says when some documents are not in English (documents/language.py): the model
    was trained on English, so its closeness on them is no measure of meaning. Nothing for English documents."""
    others = sorted({lang.name for lang in lab.languages.values() if not lang.english_meaning})
    if not others:
        return []
    return [
        f"The meaning model (all-MiniLM-L6-v2) reads English only: on your documents in {', '.join(others)} its "
        "closeness is unreliable, so there only the keyword side can be trusted."
    ]


def plural(n: int, word: str, many: str | None = None) -> str:
    """A count and its word, for every sentence of the core and the page (``many``: a plural not made with "s").

    >>> plural(1, "passage"), plural(0, "passage"), plural(3, "child", "children")
    ('1 passage', '0 passages', '3 children')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def scored_step(n_chunks: int, what: str = "passages") -> str:
    return (
        f"Scored all {n_chunks} {what}: each search word a passage contains adds that word’s weight "
        "(rarer words weigh more)."
    )


def kept_step(top_k: int, found: int) -> str:
    step = f"Kept the best {top_k} with a score above 0."
    if found < top_k:
        step = step[:-1] + f": {plural(found, 'passage')} scored above 0."
    return step


def keyword_search(lab: Lab, words: Sequence[str], top_k: int, size: PassageSize | None = None) -> list[Hit]:
    """The best ``top_k`` passages (``size`` None: the lab's own passages; else chunks of that size)."""
    return lab.index(size).search(words, top_k)


# How keyword search scores passages: the spec's sum (the default: it can be checked by hand), BM25 on the lab's
# words, or BM25 on Snowball stems with joined words split (what reaches bm25s's figures on SciFact).
SCORINGS = {"sum": "sum of word weights (simple)", "bm25": "BM25", "snowball": "BM25, Snowball stems"}


HEADINGS_OFF, HEADINGS_ON = "off", "on"
HEADINGS_CHOICES = ((HEADINGS_OFF, "alone"), (HEADINGS_ON, "with its section's headings"))


def searched_lab(lab: Lab, headings: str) -> Lab:
    """The lab a search runs on: ``lab``, or with ``headings`` "on" the same documents with each passage searched
    under its section path (``Lab.with_headings``). A QuestionError for any other value."""
    if headings == HEADINGS_OFF:
        return lab
    if headings == HEADINGS_ON:
        return lab.with_headings()
    raise QuestionError(f"Headings is “{HEADINGS_OFF}” or “{HEADINGS_ON}”, not “{headings}”.")


def scored_search(
    lab: Lab,
    question: str,
    words: Sequence[str],
    top_k: int,
    scoring: str = "sum",
    k1: float | None = None,
    b: float | None = None,
) -> tuple[list[Hit], str, dict]:
    """Keyword search with a scoring: the best ``top_k`` passages, the step that says how they were scored, and
    the settings for the result's details ({} for the spec's sum). A QuestionError for a scoring or a k1 / b out
    of range."""
    if scoring == "sum":
        return keyword_search(lab, words, top_k), scored_step(len(lab.index())), {}
    if scoring not in SCORINGS:
        raise QuestionError(f"Scoring is one of {quoted_list(SCORINGS)}, not “{scoring}”.")
    from ..search.bm25 import K1, B, bm25_hits, check_parameters

    k1, b = (K1 if k1 is None else float(k1)), (B if b is None else float(b))
    try:
        check_parameters(k1, b)
    except ValueError as e:
        raise QuestionError(f"BM25: {e}.") from e
    index = lab.bm25_index_for(scoring)
    bm25_words = index.query_words(question)  # the index's own reading of the question, once for the note and sums
    words_note = (
        " Words are cut to their Snowball stems (“studies” → “studi”) and joined words into their parts "
        f"(“IL-6” → “il”, “6”): {', '.join(bm25_words)}."
        if scoring == "snowball"
        else ""
    )
    step = (
        f"Scored all {len(index)} passages with BM25 (k1 = {k1:g}, b = {b:g}): each search word adds idf × tf × "
        "(k1 + 1) / (tf + k1 × (1 − b + b × length / average length)), so a word said twice counts more and a "
        f"long passage counts each word a little less.{words_note}"
    )
    return bm25_hits(index, bm25_words, top_k, k1, b), step, {"scoring": scoring, "k1": k1, "b": b}


def plain_comparison(lab: Lab, words: Sequence[str], top_k: int = TOP_K, label: str = "plain search") -> Comparison:
    """Plain search's best ``top_k`` for the question whose search words (``Lab.search_words``) are ``words``: the
    run read its question once and hands its words on, so the comparison is the same words searched."""
    hits = tuple(keyword_search(lab, words, top_k))
    return Comparison(label, hits, "" if hits else NO_HELP)


def finish(
    technique: str,
    question: str,
    words: Sequence[str],
    steps: Sequence[str],
    hits: Sequence[Hit],
    comparison: Comparison | None,
    details: dict | None = None,
    message: str = "",
) -> Result:
    if not hits and not message:
        message = NO_HELP
    return Result(
        technique,
        question,
        tuple(words),
        tuple(steps),
        tuple(hits),
        comparison,
        build_prompt(question, hits),
        details or {},
        message,
    )


def empty_result(technique: str, question: str, message: str, details: dict | None = None) -> Result:
    return finish(technique, question, (), (), (), None, details, message)
