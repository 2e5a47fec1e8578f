"""What an opened address asks the page model to show (a deep link at the start; Back or Forward to an entry the
lab wrote): the documents it was asked about, then each section in turn, drawn from what was kept or asked again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ..techniques import TECHNIQUES
from .address import read
from .answers import FERNPORT, YOURS, Opening, Restore, View
from .links import asked_in
from .screen import shown
from .status import link_sentence

if TYPE_CHECKING:
    from .model import PageModel


def open_address(
    page: PageModel, search: str, fragment: str = "", at_start: bool = False, boxes: Mapping[str, str] = {}
) -> Opening:
    """What an address asks for (at the start, a deep link; after Back or Forward, the entry's questions): the
    documents it was asked about (yours when it says so; Fernport when it holds questions and does not; at the
    start, the documents the visitor left the lab searching). Then ``restore`` each section in turn."""
    page.restoring += 1
    asked = read(search, fragment, page.keys)
    wanted = page.corpus
    if asked.corpus == YOURS and page.facts.documents:
        wanted = YOURS
    elif asked.sections and not at_start:
        wanted = FERNPORT
    switched = page.switch(wanted, boxes)
    page.links[page.corpus] = dict(asked.sections)
    page.restoring_corpus = page.corpus
    unknown = at_start and asked.unknown
    message = link_sentence(asked.unknown, [TECHNIQUES[k] for k in page.keys]) if unknown else ""
    scroll = at_start and not asked.embed and (asked.sections or asked.named_technique)
    return Opening(page.restoring, switched, message, bool(switched) and not at_start, asked.focus if scroll else None)


def restore(page: PageModel, key: str, token: int) -> Restore:
    """Section ``key`` as the opened address asks (a section it does not name: as the page began): drawn from
    what was kept, or to be asked again. A question of the address still under way is left to finish."""
    if token != page.restoring or page.corpus != page.restoring_corpus:
        return Restore(stop=True)
    corpus, view = page.corpus, page.views[page.corpus][key]
    entry = page.links[corpus].get(key)
    if page.sections[key].asking == (corpus, entry) or view.entry == entry:
        return Restore()
    question, given = asked_in(key, entry) if entry else ("", {})
    form = ("form", key, (question, given))
    kept = page.memo.get((corpus, key, entry)) if entry else View(result=page.start_results.get((corpus, key)))
    if kept is None:
        return Restore(page.changes([form]), rerun=(question, given))
    page.sections[key] = page.sections[key].move("reset")
    page.views[corpus][key] = kept
    return Restore(page.changes([form, ("slot", key, shown(page, kept, key))]))


__all__ = ["open_address", "restore"]
