"""The values the page model takes and gives: a section's start and its view on one corpus, and what an event
answers (``Changes`` to draw; a question's ticket; what an opened address asks to redraw).

>>> Changes((("line", "compare", "Ready"), ("busy", "plain", False))).of("busy")
{'plain': False}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..result import Result
from .address import Address

FERNPORT, YOURS = "fernport", "yours"  # the site's corpus, and the visitor's documents (also the line msg-yours)
COMPARE = "compare"  # the compare view: one question put to every technique (its slot, line and ticket)


def corpus_named(value: object) -> str:
    """The corpus a stored or linked value names: "yours" only when it says so, else "fernport", whatever it holds
    (a damaged record's value never reaches a lookup, a selector or markup).

    >>> corpus_named("yours"), corpus_named("bogus"), corpus_named("yours],x"), corpus_named(["yours"])
    ('yours', 'fernport', 'fernport', 'fernport')
    """
    return YOURS if value == YOURS else FERNPORT


@dataclass(frozen=True)
class Start:
    """A section as the page began on the site's corpus: the question of the pre-rendered result it holds ("" when
    it holds none). Its HTML stays the page's (``places.Begun``)."""

    question: str = ""


@dataclass(frozen=True)
class View:
    """What a section shows on one corpus: the entry that drew it (None: as the page began, its start), the result
    (None: the start, not yet run), and a question asked since that drew nothing (the result is marked as an
    earlier one's)."""

    entry: tuple | None = None
    result: Result | None = None
    earlier: str = ""


@dataclass(frozen=True)
class Changes:
    """What to draw, in order, as ``(what, key, value)``: "corpus" (key "", the documents searched now), "box" (a
    question box's text), "form" (a section's form as ``(question, given)`` asked it), "slot" (what
    ``result-<key>`` shows), "earlier" (the note above a result kept for an earlier question; "" none), "busy",
    "line" (``msg-<key>``), "panel" (the language model's state in ``model-<key>``); and the address to write, if
    any. A value is a raglab.page.places value (raglab.ui.places_html draws it), a box's text or a flag."""

    draws: tuple[tuple[str, str, Any], ...] = ()
    address: Address | None = None

    def of(self, what: str) -> dict[str, Any]:
        return {key: value for kind, key, value in self.draws if kind == what}

    def __bool__(self) -> bool:
        return bool(self.draws or self.address)


@dataclass(frozen=True)
class Asked:
    ticket: int
    changes: Changes
    refused: bool = False  # nothing to run: the line says why (a passage of the visitor's documents lacks a vector)
    wait_ready: bool = False  # run it once the visitor's documents are ready


@dataclass(frozen=True)
class Opening:
    token: int  # ``restore`` goes on while no newer address is opened
    changes: Changes
    message: str = ""  # the link names techniques the lab does not have
    keep_switch: bool = False  # Back or Forward changed the documents searched: keep the choice, as a switch's
    scroll_to: str | None = None  # at the start: the section the link points at


@dataclass(frozen=True)
class Restore:
    changes: Changes = Changes()
    rerun: tuple[str, dict] | None = None  # (question, given): not kept, so asked again (no address written)
    stop: bool = False  # a newer address, or other documents, came meanwhile
