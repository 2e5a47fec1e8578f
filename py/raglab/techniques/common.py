"""What the techniques share: checking a question, the search-words step, plain search and its comparison."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..chunking import PassageSize
from ..lab import Lab
from ..prompt import build_prompt
from ..result import Comparison, Hit, Result
from ..text import search_words, stop_words_in

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
        raise QuestionError(
            f"The question is {len(question)} characters long; keep it under {MAX_QUESTION_CHARS}."
        )
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


def plural(n: int, word: str, many: str | None = None) -> str:
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


def plain_comparison(lab: Lab, question: str, top_k: int = TOP_K, label: str = "plain search") -> Comparison:
    hits = tuple(keyword_search(lab, search_words(question), top_k))
    return Comparison(label, hits, "" if hits else NO_HELP)


def finish(technique: str, question: str, words: Sequence[str], steps: Sequence[str], hits: Sequence[Hit],
           comparison: Comparison | None, details: dict | None = None, message: str = "") -> Result:
    if not hits and not message:
        message = NO_HELP
    return Result(technique, question, tuple(words), tuple(steps), tuple(hits), comparison,
                  build_prompt(question, hits), details or {}, message)


def empty_result(technique: str, question: str, message: str, details: dict | None = None) -> Result:
    return finish(technique, question, (), (), (), None, details, message)
