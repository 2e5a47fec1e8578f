"""What a place of the page shows, as a value the page model derives (``PageModel.screen``) and raglab.ui.places_html
draws: the page model says what is shown, never how it is marked up. Each value names its ``kind``, which the
renderer looks up; a value is compared with the one drawn before, so a place is drawn again only when it changed.

>>> Line("A < B"), Line(model=ModelState(), part="generate").kind
(Line(text='A < B', model=None, part='embed'), 'line')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..documents.chunking import PassageSize
from ..proposals import Proposals
from ..result import Result
from .model_state import ModelState


@dataclass(frozen=True)
class Line:
    """A section's line or a model's panel: a sentence, or a model's state as its panel shows it (``part``: which
    model, "embed" or "generate")."""

    kind: ClassVar[str] = "line"
    text: str = ""
    model: ModelState | None = None
    part: str = "embed"


@dataclass(frozen=True)
class Message:
    """A result slot holding a sentence instead of a result (a section on the visitor's documents before a
    question)."""

    kind: ClassVar[str] = "message"
    text: str


@dataclass(frozen=True, eq=False)
class Shown:
    """A result slot showing a technique's result (``names_by_rules``: on the visitor's documents, whose names the
    rules found). The same result is the same value: it is compared by identity, never field by field."""

    kind: ClassVar[str] = "result"
    result: Result
    names_by_rules: bool = False

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Shown) and other.result is self.result and other.names_by_rules == self.names_by_rules

    __hash__ = object.__hash__


@dataclass(frozen=True)
class Begun:
    """A slot as the page began on the site's corpus: its pre-rendered start, which the page keeps (``key``: the
    section, or the compare view)."""

    kind: ClassVar[str] = "start"
    key: str


@dataclass(frozen=True, eq=False)
class ComparedView:
    """The compare view's slot: the question put to every technique (``compared``, a raglab.compare.Compared) and
    its meaning map (``meaning``, a raglab.meaning_map.MeaningMap; None: no vectors), whether the visitor's
    vectors were all made since it was drawn; or, with no ``compared``, the visitor's documents' start. Compared by
    identity, like ``Shown``."""

    kind: ClassVar[str] = "compared"
    compared: Any = None
    meaning: Any = None
    vectors_since: bool = False

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ComparedView)
            and (other.compared is self.compared and other.meaning is self.meaning)
            and other.vectors_since == self.vectors_since
        )

    __hash__ = object.__hash__


@dataclass(frozen=True)
class DocumentsLine:
    """How many of the visitor's documents and passages are searched, and how they are cut."""

    kind: ClassVar[str] = "documents"
    documents: int
    passages: int
    size: PassageSize


@dataclass(frozen=True)
class WordList:
    """The example of the visitor's word list."""

    kind: ClassVar[str] = "word-list"
    words: Mapping[str, Sequence[str]]


@dataclass(frozen=True)
class Proposed:
    """The questions proposed from the visitor's documents (None: not found yet), in Try this first (``key`` "")
    or in a section, as its presets (``presets``) or its "try" line."""

    kind: ClassVar[str] = "proposed"
    found: Proposals | None
    key: str = ""
    presets: bool = False

    @classmethod
    def in_section(cls, found: Proposals | None, key: str, presets: bool = False) -> Proposed | str:
        """What section ``key``'s place shows, of ``found``: its own questions, or why it has none ("" for its
        presets when it has none), so the place is drawn again only when they change.

        >>> from raglab.proposals import Proposal
        >>> found = Proposals({"graph": (Proposal("graph", "Q?", "why."),)}, {"plain": "None."})
        >>> Proposed.in_section(found, "plain").found, Proposed.in_section(found, "hyde", presets=True)
        (Proposals(found={}, why_none={'plain': 'None.'}), '')
        """
        if presets and (found is None or not found.of(key)):
            return ""
        if found is None:
            return cls(None, key, presets)
        mine = Proposals(
            {key: found.of(key)} if found.of(key) else {},
            {} if presets or key not in found.why_none else {key: found.why_none[key]},
        )
        return cls(mine, key, presets)


__all__ = ["Begun", "ComparedView", "DocumentsLine", "Line", "Message", "Proposed", "Shown", "WordList"]
