"""What a section says about the lab's state, derived from that state whenever it changes: how many of the
visitor's passages have a meaning vector, how far their documents are from ready, what a model is doing, and which
earlier question a kept result belongs to. Nothing here is a sentence drawn once and left: the page model
(model.py) asks again after every event, so a line cannot go stale.

>>> from dataclasses import replace
>>> from raglab.techniques import TECHNIQUES
>>> facts = Facts(documents=2, passages=346, vectors=(0, 346))
>>> start_message(TECHNIQUES["hyde"], facts)[:95]
'HyDE searches by meaning, so every passage of your documents needs a meaning vector first: 0 of'
>>> start_message(TECHNIQUES["hyde"], replace(facts, vectors=(346, 346)))
'Searching your documents: 2 documents, 346 passages. Type a question above.'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..lab import Preparing
from ..techniques import Technique
from ..ui.documents_html import ask_sentence, needs_vectors, preparing_sentence, vectors_needed_sentence
from .model_state import ModelState


@dataclass(frozen=True)
class Facts:
    """The lab's state as the sections speak of it: the visitor's documents kept (and their passages, counted),
    their meaning vectors (made, of how many), whether their lab is ready (cut and indexed; ``preparing`` says how
    far while it is not), and the embedding model's state."""

    documents: int = 0
    passages: int = 0
    vectors: tuple[int, int] = (0, 0)  # (made, total)
    ready: bool = True
    preparing: Preparing | None = None
    embedder: ModelState = field(default_factory=ModelState)

    @property
    def vectors_complete(self) -> bool:
        """Every passage has its vector (and there are passages).

        >>> [Facts(vectors=v).vectors_complete for v in [(346, 346), (345, 346), (0, 0)]]
        [True, False, False]
        """
        made, total = self.vectors
        return total > 0 and made >= total


def refusal(t: Technique, facts: Facts) -> str:
    """Why a question of technique ``t`` cannot be answered on the visitor's documents now ("" when it can): a
    meaning technique needs every passage's vector first.

    >>> from raglab.techniques import TECHNIQUES
    >>> refusal(TECHNIQUES["plain"], Facts(vectors=(0, 9))), refusal(TECHNIQUES["hybrid"], Facts(vectors=(9, 9)))
    ('', '')
    >>> refusal(TECHNIQUES["hybrid"], Facts(vectors=(3, 9))).split(": ")[1][:18]
    '3 of 9 have one. M'
    """
    if needs_vectors(t) and not facts.vectors_complete:
        return vectors_needed_sentence(t, *facts.vectors)
    return ""


def compare_refusal(facts: Facts) -> str:
    """Why the meaning rows of the compare view do not run on the visitor's documents ("" when they can).

    >>> compare_refusal(Facts(vectors=(3, 9)))
    'needs every passage’s meaning vector first: 3 of 9 have one (make them under “Your documents” above)'
    """
    if facts.vectors_complete:
        return ""
    made, total = facts.vectors
    return (
        f"needs every passage’s meaning vector first: {made:,} of {total:,} have one (make them under “Your "
        "documents” above)"
    )


def start_message(t: Technique, facts: Facts) -> str:
    """What a section shows on the visitor's documents before it has drawn a result: what its technique waits for,
    or how much it searches."""
    return refusal(t, facts) or ask_sentence(facts.documents, facts.passages)


def waiting_sentence(facts: Facts) -> str:
    """What a question waiting for the visitor's documents to be cut and indexed says ("" before the first step is
    done, and once they are ready).

    >>> waiting_sentence(Facts(ready=False, preparing=Preparing("indexed", 64, 1200)))
    'Getting your documents ready: 64 of 1,200 passages indexed. Your question is answered then.'
    """
    if facts.ready or facts.preparing is None:
        return ""
    return preparing_sentence(facts.preparing)


def earlier_note(shown: str, asked: str) -> str:
    """The line above a result kept when a question drew nothing: which question the result is for. "" when there
    is nothing to say: no result with a question, a blank question, or the same question.

    >>> earlier_note("When can I meet the man who taught Mira to bake?", "Who sells fish at the market?")
    'The result below is for an earlier question, “When can I meet the man who taught Mira to bake?”, not for “Who \
sells fish at the market?”.'
    >>> earlier_note("", "Who sells fish?"), earlier_note("ferry", "  ferry "), earlier_note("ferry", " ")
    ('', '', '')
    """
    asked = " ".join(asked.split())
    if not shown or not asked or shown == asked:
        return ""
    return f"The result below is for an earlier question, “{shown}”, not for “{asked}”."


def link_sentence(unknown: list[str], techniques: list[Technique]) -> str:
    """One line above the lab when a link names techniques the lab does not have: which, and those it has.

    >>> from raglab.techniques import TECHNIQUES
    >>> link_sentence(["bm99"], list(TECHNIQUES.values()))[:90]
    'This link names a technique the lab does not have, “bm99”, so the page opens as usual. The'
    """
    names = ", ".join(f"“{n}”" for n in unknown)
    known = ", ".join(t.name for t in techniques)
    return (
        f"This link names {'a technique' if len(unknown) == 1 else 'techniques'} the lab does not have, {names}, so "
        f"the page opens as usual. The techniques are: {known}."
    )


__all__ = [
    "Facts",
    "compare_refusal",
    "earlier_note",
    "link_sentence",
    "refusal",
    "start_message",
    "waiting_sentence",
]
