"""What the page shows, derived from the page model's state after every event: each place's value (a
raglab.page.places value that raglab.ui.places_html draws, or a box's text, a flag), and which places differ from
what was drawn. Nothing here is drawn once and left: ``screen`` is asked again after every event.

>>> differences({("line", "plain"): "a"}, {("line", "plain"): "b", ("busy", "plain"): False}, ())
(('line', 'plain', 'b'), ('busy', 'plain', False))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..techniques import TECHNIQUES
from .answers import COMPARE, FERNPORT, YOURS, View
from .places import Begun, ComparedView, DocumentsLine, Line, Message, Proposed, Shown, WordList
from .section import line
from .status import earlier_note, start_message

if TYPE_CHECKING:
    from .model import PageModel


def screen(page: PageModel) -> dict[tuple[str, str], Any]:
    out: dict[tuple[str, str], Any] = {}
    for key in page.keys:
        view = page.views[page.corpus][key]
        out["slot", key] = shown(page, view, key)
        out["earlier", key] = earlier_note(question_of(page, view, key), view.earlier) if view.earlier else ""
        out["busy", key] = page.sections[key].busy
    kept = page.compared_views[page.corpus]
    if kept is None:
        out["slot", COMPARE] = ComparedView() if page.corpus == YOURS else Begun(COMPARE)
    else:  # drawn before the visitor's vectors were all made: the rows that did not run say so, and so does this
        compared, meaning, had_vectors = kept
        later = page.corpus == YOURS and not had_vectors and page.facts.vectors_complete
        out["slot", COMPARE] = ComparedView(compared, meaning, vectors_since=later)
    out["busy", COMPARE] = page.sections[COMPARE].busy
    for key, section in page.sections.items():
        out["line", key] = line(section, page.facts, TECHNIQUES.get(key))
    out.update((("panel", key), Line(model=state, part="generate")) for key, state in page.panels.items())
    out.update(own_places(page))
    if page.asker_key:
        out["panel", page.asker_key] = Line(model=page.asker, part="generate")
    return out


def own_places(page: PageModel) -> dict[tuple[str, str], Any]:
    """What the places for the visitor's documents say (page_html leaves them; lab.css shows them while the lab
    searches those documents): their passages, Try this first and each section's proposed questions."""
    found, kept = page.proposals, bool(page.facts.documents)
    out: dict[tuple[str, str], Any] = {
        ("own", "documents"): DocumentsLine(page.facts.documents, page.facts.passages, page.own_size)
    }
    out["own", "word-list-example"] = WordList(page.own_words) if kept else ""  # (empty as pre-rendered)
    out["own", "try-first"] = Proposed(found) if kept else ""
    for key in page.keys:
        out["own", f"presets-{key}"] = Proposed.in_section(found, key, presets=True) if kept else ""
        out["own", f"try-{key}"] = Proposed.in_section(found, key) if kept else ""
    return out


def shown(page: PageModel, view: View, key: str) -> Shown | Begun | Message:
    """What section ``key``'s slot shows of ``view``: its result once a question drew it, else its start."""
    if view.entry is not None and view.result is not None:
        return Shown(view.result, names_by_rules=page.corpus == YOURS)
    return start_view(page, key)


def start_view(page: PageModel, key: str) -> Begun | Message:
    """A section's slot before a question: on the visitor's documents, what its technique waits for or how
    much it searches; on the site's, its pre-rendered start."""
    if page.corpus == YOURS:
        return Message(start_message(TECHNIQUES[key], page.facts))
    return Begun(key)


def question_of(page: PageModel, view: View, key: str) -> str:
    if view.entry:
        return view.entry[0][1]
    return page.starts[key].question if page.corpus == FERNPORT and key in page.starts else ""


def differences(
    drawn: dict[tuple[str, str], Any], now: dict[tuple[str, str], Any], commands: Sequence[tuple[str, str, Any]]
) -> tuple[tuple[str, str, Any], ...]:
    """The commands, then whatever ``now`` shows differently from what was ``drawn`` (a slot drawn again draws its
    earlier-question note again too: the note wraps the slot's content)."""
    draws = list(commands)
    forced = {(what, key) for what, key, _ in commands}
    for (what, key), value in now.items():  # a section's slot comes before its note
        slot_drawn = any(w == "slot" and k == key for w, k, _ in draws)
        if (what, key) not in forced and (
            drawn.get((what, key)) != value or (what == "earlier" and value and slot_drawn)
        ):
            draws.append((what, key, value))
    return tuple(draws)


__all__ = ["differences", "own_places", "question_of", "screen", "shown", "start_view"]
