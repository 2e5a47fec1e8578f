"""One section's question as one named state with its transitions, and the ticket that lets only the newest
question of a section draw.

    shown --ask--> running --answer--> shown
      |             |  ^  \\--fail--> failed
      |  wait_ready v  | ready
      |           preparing --answer/fail-->
      |  wait_model v
      |           embedding --answer/fail-->
      \\--refuse--> refused

"ask", "refuse" and "reset" start a new request: the ticket goes up by one, and an event that names an older ticket
changes nothing, so a slow answer never draws over a newer question's (the same rule as a model's request id in
page/model_state.py). What the section's line says is derived from its stage and the lab's facts (``line``).

>>> s = Section().move("ask", asking=("fernport", (("q", "ferry"),)))
>>> s.stage, s.ticket, s.busy
(<SectionStage.RUNNING: 'running'>, 1, True)
>>> newer = s.move("ask", asking=("fernport", (("q", "boat"),)))
>>> newer.move("answer", ticket=1) is newer, newer.move("answer", ticket=2).stage
(True, <SectionStage.SHOWN: 'shown'>)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..techniques import Technique
from .model_state import ModelStage, ModelState
from .places import Line
from .status import Facts, refusal, waiting_sentence


class SectionStage(StrEnum):
    SHOWN = "shown"  # resting: the section shows its view
    REFUSED = "refused"  # a question the visitor's documents cannot answer yet (a passage without its vector)
    PREPARING = "preparing"  # the question waits for the visitor's documents to be cut and indexed
    EMBEDDING = "embedding"  # it waits for the embedding model's vectors
    RUNNING = "running"  # the technique runs
    FAILED = "failed"  # it drew nothing: its line says why, and the result kept says which question it is for


RESTING = frozenset({SectionStage.SHOWN, SectionStage.REFUSED, SectionStage.FAILED})
ASKING = frozenset({SectionStage.PREPARING, SectionStage.EMBEDDING, SectionStage.RUNNING})
EVERY = frozenset(SectionStage)
NEW_REQUEST = frozenset({"ask", "refuse", "reset"})

# Every transition: name -> (the stages it may start from, the stage it leads to); from any other stage, ignored.
MOVES: dict[str, tuple[frozenset[SectionStage], SectionStage]] = {
    "ask": (EVERY, SectionStage.RUNNING),  # a question, with what the address keeps of it
    "refuse": (EVERY, SectionStage.REFUSED),
    "reset": (EVERY, SectionStage.SHOWN),  # drawn again without asking (Back, Forward, the switch between corpora)
    "wait_ready": (frozenset({SectionStage.RUNNING}), SectionStage.PREPARING),
    "ready": (frozenset({SectionStage.PREPARING}), SectionStage.RUNNING),
    "wait_model": (frozenset({SectionStage.RUNNING}), SectionStage.EMBEDDING),
    "embedded": (frozenset({SectionStage.EMBEDDING}), SectionStage.RUNNING),
    "answer": (ASKING, SectionStage.SHOWN),
    "fail": (ASKING, SectionStage.FAILED),
}


@dataclass(frozen=True)
class Section:
    stage: SectionStage = SectionStage.SHOWN
    ticket: int = 0  # the newest request's
    asking: tuple[str, tuple] | None = None  # (corpus, entry) of the question under way
    note: str = ""  # what the line says besides a derived sentence: a failure's words, or what was said
    note_model: ModelState | None = (
        None  # a line kept as a model's state: the embedding model's failure, with "Try again"
    )

    @property
    def busy(self) -> bool:
        return self.stage in ASKING

    def move(self, name: str, ticket: int | None = None, **changes) -> Section:
        """The state after transition ``name``, or this state when it does not apply: a wrong stage, or ``ticket``
        is not the newest request's."""
        sources, target = MOVES[name]
        if self.stage not in sources:
            return self
        if name in NEW_REQUEST:
            fresh = {"ticket": self.ticket + 1, "asking": None, "note": "", "note_model": None}
            return replace(self, **{**fresh, "stage": target, **changes})
        if ticket is not None and ticket != self.ticket:
            return self
        fresh = {"asking": None} if target in RESTING else {}
        return replace(self, **{**fresh, "stage": target, **changes})

    def say(self, text: str) -> Section:
        """A sentence in the section's line (a resting section rests as shown; a question under way goes on).

        >>> Section().move("refuse").say("Embed code copied.").stage
        <SectionStage.SHOWN: 'shown'>
        """
        return replace(
            self, stage=SectionStage.SHOWN if self.stage in RESTING else self.stage, note=text, note_model=None
        )


def line(section: Section, facts: Facts, t: Technique | None = None) -> Line:
    """The section's line (``msg-<key>``), from its stage and the lab's facts: why a refused question waits (gone
    once every vector is made), how far the documents are from ready, what the embedding model does (and, once it
    is loaded, what the section says meanwhile), or the section's own note.

    >>> from raglab.techniques import TECHNIQUES
    >>> refused = Section().move("refuse")
    >>> line(refused, Facts(vectors=(0, 346)), TECHNIQUES["hyde"]).text.split(": ")[1][:17]
    '0 of 346 have one'
    >>> line(refused, Facts(vectors=(346, 346)), TECHNIQUES["hyde"])
    Line(text='', model=None, part='embed')
    >>> line(Section().say("A < B"), Facts()).text
    'A < B'
    """
    if section.stage is SectionStage.REFUSED:
        return Line(refusal(t, facts) if t is not None else "")
    if section.stage is SectionStage.PREPARING:
        return Line(waiting_sentence(facts))
    if section.stage is SectionStage.EMBEDDING:
        model = facts.embedder
        if model.busy or model.stage is ModelStage.FAILED or not section.note:
            return Line(model=model)
    return Line(section.note, section.note_model)
