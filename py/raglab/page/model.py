"""The page as one model: which documents the sections search, what each section shows on each (its result and
the entry that drew it: the question, inputs and options as raglab.page.links keeps them), which question of a section
may still draw (its ticket, section.py), the results kept for Back and Forward, the address to write after a
question, and what an address asks to redraw. Events go in (a question asked, answered or failed; the switch; the
documents, their vectors or a model changed; Back or Forward to an address) and a small ``Changes`` comes out,
which the glue (web/main.py) draws. What a section says about the lab is derived from the lab's facts after every
event (status.py), so it cannot go stale.

>>> from raglab import Lab, run
>>> page = PageModel({"plain": Start("How much does the ferry cost?")}, keys=["plain"])
>>> asked = page.ask("plain", "When does the market open?")
>>> asked.changes.of("busy")
{'plain': True}
>>> result = run(Lab(), "plain", "When does the market open?")
>>> done = page.answered("plain", asked.ticket, result, search="")
>>> done.of("slot")["plain"].result is result, done.of("busy"), done.address
(True, {'plain': False}, Address(url='#plain&q.plain=When+does+the+market+open%3F', push=True))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from ..documents.chunking import DEFAULT_SIZE, PassageSize
from ..lab import Preparing
from ..models.prompt_fit import Room
from ..proposals import Proposals
from ..result import Result
from ..techniques import TECHNIQUES
from .address import Address, read, split, written
from .answers import COMPARE, FERNPORT, YOURS, Asked, Changes, Opening, Restore, Start, View
from .links import asked_in, link_entry
from .model_state import ModelState
from .opening import open_address, restore
from .places import ComparedView
from .screen import differences, question_of, screen, shown
from .section import Section
from .status import Facts, earlier_note, refusal

MEMO_SIZE = 100  # results kept for Back and Forward; an older one is searched again
BY_MODEL = ("by", "model")  # ends the entry of a result drawn with what the model wrote: no address asks for it


class PageModel:
    def __init__(
        self,
        starts: Mapping[str, Start],
        site_corpus: str = "",
        keys: Sequence[str] | None = None,
        compare_start: Start | None = None,
    ):
        self.keys = tuple(keys if keys is not None else TECHNIQUES)
        self.starts = dict(starts)
        self.compare_start = compare_start or Start()
        # the compare view on each corpus (raglab.compare.Compared, and its meaning map or None), and whether every
        # passage had its vector when it was drawn
        self.compared_views: dict[str, tuple[Any, Any, bool] | None] = {FERNPORT: None, YOURS: None}
        self.site_corpus = site_corpus  # a site of several corpora: which page's documents (in the address)
        self.corpus = FERNPORT
        self.facts = Facts()
        self.sections = {key: Section() for key in (*self.keys, YOURS, COMPARE)}
        self.views: dict[str, dict[str, View]] = {c: {k: View() for k in self.keys} for c in (FERNPORT, YOURS)}
        self.start_results: dict[tuple[str, str], Result] = {}  # a start's result, once run (Ask the model)
        self.memo: dict[tuple[str, str, tuple], View] = {}  # (corpus, key, entry) -> what it drew, the newest last
        self.links: dict[str, dict[str, tuple]] = {FERNPORT: {}, YOURS: {}}  # each section's entry in the address
        self.boxes: dict[str, dict[str, str]] = {FERNPORT: {}, YOURS: {}}  # the boxes as left at a switch
        self.asker = ModelState()  # the language model ("Ask the model"), shown in one section's panel at a time
        self.asker_key: str | None = None
        self.model_held: int | None = None  # the prompt tokens the device held for the language model this visit
        self.panels: dict[str, ModelState] = {}  # the panels it left, as they were
        self.restoring, self.restoring_corpus = 0, FERNPORT
        # the visitor's documents as their places say them: how they are cut, which of their versions (one more at
        # each change), and the questions proposed from them (raglab.proposals; None until found)
        self.own_size: PassageSize = DEFAULT_SIZE
        self.own_words: Mapping[str, Sequence[str]] = {}  # their word list
        self.own_version = 0
        self.proposals: Proposals | None = None
        self.drawn = screen(self)  # the page as drawn now

    # --- what the page shows, derived (screen.py) ---------------------------------------------------------------

    def proposed(self, version: int, found: Proposals) -> Changes:
        """The questions proposed from the visitor's documents of ``version`` (``own_version`` when they were got
        ready); nothing when the documents changed since."""
        if version != self.own_version or not self.facts.documents:
            return Changes()
        self.proposals = found
        return self.changes()

    def changes(self, commands: Sequence[tuple[str, str, Any]] = (), address: Address | None = None) -> Changes:
        """The commands, then whatever the screen shows differently from what was drawn (screen.py)."""
        now = screen(self)
        draws, self.drawn = differences(self.drawn, now, commands), now
        return Changes(draws, address)

    # --- reading it -------------------------------------------------------------------------------------------

    def result(self, key: str) -> Result | None:
        """The result a section shows ("Ask the model" reads its prompt); None: the start, not yet run."""
        return self.views[self.corpus][key].result

    def shown_question(self, key: str) -> str:
        view = self.views[self.corpus][key]
        return view.result.question if view.result else question_of(self, view, key)

    def prompt_room(self, context: int, answer: int, memory: int | None = None) -> Room:
        """The room for a prompt to the language model: its context less its answer, the estimate of what this
        device's memory holds (``memory``, raglab.models.model_memory), and what this device held."""
        return Room(context, answer, self.model_held, memory)

    def model_out_of_memory(self, context: int, answer: int, tokens: int) -> int:
        """A prompt of ``tokens`` ran out of memory: the room for the next one (raglab.models.prompt_fit)."""
        room = self.prompt_room(context, answer).after_out_of_memory(tokens)
        self.model_held = room.held
        return room.tokens

    def newest(self, key: str, ticket: int) -> bool:
        return self.sections[key].ticket == ticket

    def keep_start_result(self, key: str, result: Result) -> None:
        """The start's result, run for "Ask the model" (the slot still shows the pre-rendered start: the same)."""
        view = self.views[self.corpus][key]
        if view.result is None and view.entry is None:
            self.start_results[self.corpus, key] = result
            self.views[self.corpus][key] = replace(view, result=result)

    # --- a question ---------------------------------------------------------------------------------------------

    def ask(self, key: str, question: str, given: Mapping[str, Any] | None = None, source: str = "visitor") -> Asked:
        """A question in section ``key`` (a new ticket: an older question there draws nothing from now on). On the
        visitor's documents a meaning technique is refused until every passage has its vector, and a question
        waits for the documents to be ready."""
        entry = link_entry(key, question, dict(given or {})) + ((BY_MODEL,) if source == "model" else ())
        section = self.sections[key]
        if self.corpus == YOURS and refusal(TECHNIQUES[key], self.facts):
            self.sections[key] = section.move("refuse")
            return Asked(self.sections[key].ticket, self.changes(), refused=True)
        section = section.move("ask", asking=(self.corpus, entry))
        wait = self.corpus == YOURS and not self.facts.ready
        self.sections[key] = section.move("wait_ready") if wait else section
        return Asked(section.ticket, self.changes(), wait_ready=wait)

    def ask_compare(self, question: str) -> Asked:
        """A question put to every technique (a new ticket for the compare view); on the visitor's documents it
        waits for them to be ready."""
        section = self.sections[COMPARE].move("ask", asking=(self.corpus, (("q", question),)))
        wait = self.corpus == YOURS and not self.facts.ready
        self.sections[COMPARE] = section.move("wait_ready") if wait else section
        return Asked(section.ticket, self.changes(), wait_ready=wait)

    def compared(self, ticket: int, compared: Any, meaning: Any = None) -> Changes:
        """The compare view of the documents it was asked of (``compared``: a raglab.compare.Compared; ``meaning``:
        its raglab.meaning_map.MeaningMap, None without vectors); nothing when a newer question came first."""
        section = self.sections[COMPARE]
        if section.ticket != ticket or not section.busy or section.asking is None:
            return Changes()
        self.compared_views[section.asking[0]] = (compared, meaning, self.facts.vectors_complete)
        self.sections[COMPARE] = section.move("answer", ticket)
        return self.changes([("slot", COMPARE, ComparedView(compared, meaning))])

    def compare_failed(self, ticket: int, message: str | None = None) -> Changes:
        """The compared question drew nothing: ``message`` says why (None: the embedding model's failure, as its
        line shows it)."""
        section = self.sections[COMPARE]
        if section.ticket != ticket or not section.busy:
            return Changes()
        note_model = self.facts.embedder if message is None else None
        self.sections[COMPARE] = section.move("fail", ticket, note=message or "", note_model=note_model)
        return self.changes()

    def request(self, key: str) -> Asked:
        """A request that is no question (the visitor's vectors, related words: ``key`` "yours"): a new ticket, so an
        older request of the part stops following the embedding model. ``finished`` or ``failed`` ends it."""
        self.sections[key] = self.sections[key].move("ask")
        return Asked(self.sections[key].ticket, self.changes())

    def finished(self, key: str, ticket: int) -> Changes:
        self.sections[key] = self.sections[key].move("answer", ticket)
        return self.changes()

    def wait_for_model(self, key: str, ticket: int) -> Changes:
        """The question waits for the embedding model: its line follows the model's state."""
        self.sections[key] = self.sections[key].move("wait_model", ticket)
        return self.changes()

    def embedded(self, key: str, ticket: int) -> Changes:
        self.sections[key] = self.sections[key].move("embedded", ticket)
        return self.changes()

    def answered(self, key: str, ticket: int, result: Result, search: str | None = None) -> Changes:
        """The question's result shown, kept for Back and Forward, and, given the address it was asked at
        (``search``, "?...#..."), written into the address. Nothing when a newer question came first."""
        section = self.sections[key]
        if section.ticket != ticket or not section.busy or section.asking is None:
            return Changes()
        corpus, entry = section.asking
        view = View(entry, result)
        self.views[corpus][key] = view
        if BY_MODEL not in entry:
            self.memo.pop((corpus, key, entry), None)
            self.memo[corpus, key, entry] = view
            if len(self.memo) > MEMO_SIZE:
                del self.memo[next(iter(self.memo))]
        self.sections[key] = section.move("answer", ticket)
        address = None
        if search is not None:
            self.links[corpus][key] = entry
            address = self.address(search, key)
        return self.changes([("slot", key, shown(self, view, key))], address)

    def failed(self, key: str, ticket: int, question: str = "", message: str | None = None) -> Changes:
        """The question (or request) drew nothing: ``message`` says why (None: the embedding model's failure, kept
        as its line shows it, with "Try again"), and the result kept is marked as an earlier question's."""
        section = self.sections[key]
        if section.ticket != ticket or not section.busy:
            return Changes()
        note_model = self.facts.embedder if message is None else None
        if section.asking is not None:
            corpus = section.asking[0]
            view = self.views[corpus][key]
            if earlier_note(question_of(self, view, key), question):
                self.views[corpus][key] = replace(view, earlier=" ".join(question.split()))
        self.sections[key] = section.move("fail", ticket, note=message or "", note_model=note_model)
        return self.changes()

    def say(self, key: str, text: str) -> Changes:
        self.sections[key] = self.sections[key].say(text)
        return self.changes()

    # --- the lab's facts ----------------------------------------------------------------------------------------

    def switch(self, name: str, boxes: Mapping[str, str] = {}) -> Changes:
        """Search ``name`` ("fernport", or "yours" once documents are kept). Every section shows what it showed for
        those documents, and its box what it held; a question under way draws nothing."""
        if name == YOURS and not self.facts.documents:
            name = FERNPORT
        if name == self.corpus:
            return Changes()
        self.boxes[self.corpus] = dict(boxes)
        self.corpus = name
        return self.changes([("corpus", "", name), *self.reset_sections()])

    def reset_sections(self) -> list[tuple[str, str, Any]]:
        for key in (*self.keys, COMPARE):
            self.sections[key] = self.sections[key].move("reset")
        return [("box", key, self.boxes[self.corpus].get(key, "")) for key in self.keys]

    def documents_changed(
        self,
        documents: int,
        passages: int,
        search: str,
        boxes: Mapping[str, str] = {},
        vectors: tuple[int, int] | None = None,
        passage_size: PassageSize = DEFAULT_SIZE,
        related_words: Mapping[str, Sequence[str]] | None = None,
    ) -> Changes:
        """The visitor's documents changed (kept, removed, cut another way into ``passage_size``, their word list
        ``related_words`` edited): what was shown for them goes, the questions proposed from them too, their lab is
        got ready again, and the sections search ``search`` (Fernport when none are left)."""
        self.own_version += 1
        self.own_size, self.own_words, self.proposals = passage_size, dict(related_words or {}), None
        self.views[YOURS] = {key: View() for key in self.keys}
        self.compared_views[YOURS] = None
        self.memo = {k: v for k, v in self.memo.items() if k[0] != YOURS}
        self.start_results = {k: v for k, v in self.start_results.items() if k[0] != YOURS}
        self.links[YOURS], self.boxes[YOURS] = {}, {}
        self.facts = replace(
            self.facts,
            documents=documents,
            passages=passages,
            ready=not documents,
            preparing=None,
            vectors=vectors or self.facts.vectors,
        )
        if self.corpus == YOURS and documents and search == YOURS:
            return self.changes(self.reset_sections())
        switched = self.switch(search if documents else FERNPORT, boxes)
        self.boxes[YOURS] = {}  # (what the boxes held was asked of other documents)
        return switched or self.changes()

    def vectors_counted(self, made: int, total: int) -> Changes:
        self.facts = replace(self.facts, vectors=(made, total))
        return self.changes()

    def preparing(self, progress: Preparing) -> Changes:
        self.facts = replace(self.facts, ready=False, preparing=progress)
        return self.changes()

    def ready(self) -> Changes:
        """The visitor's documents are cut and indexed: the questions waiting for them run."""
        self.facts = replace(self.facts, ready=True, preparing=None)
        for key, section in self.sections.items():
            self.sections[key] = section.move("ready", section.ticket)
        return self.changes()

    def model_moved(self, part: str, state: ModelState, key: str | None = None) -> Changes:
        """A model's new state: "embed" (every line waiting for it follows), or "generate" in section ``key``'s
        panel (the panel it leaves keeps what it showed)."""
        if part == "embed":
            self.facts = replace(self.facts, embedder=state)
        else:
            if key and key != self.asker_key:
                if self.asker_key:
                    self.panels[self.asker_key] = self.asker
                self.asker_key = key
                self.panels.pop(key, None)
            self.asker = state
        return self.changes()

    # --- the address ----------------------------------------------------------------------------------------

    def address(self, here: str, focus: str) -> Address:
        """The address after a question in section ``focus`` (``here``: the address it was asked at, "?...#...")."""
        corpus = YOURS if self.corpus == YOURS else self.site_corpus
        return written(*split(here), corpus, self.links[self.corpus], self.keys, focus)

    def asked_forms(self, here: str) -> Changes:
        """At the start, before the page says "Ready": each section's boxes as the address asks, so a deep link
        (a shared question, "Open the full lab" from an embed) never shows Ready beside an empty box while the
        visitor's kept documents are read; ``open_address`` then answers them."""
        asked = read(*split(here), self.keys)
        return self.changes([("form", key, asked_in(key, entry)) for key, entry in asked.sections.items()])

    def open_address(
        self, search: str, fragment: str = "", at_start: bool = False, boxes: Mapping[str, str] = {}
    ) -> Opening:
        return open_address(self, search, fragment, at_start, boxes)

    def restore(self, key: str, token: int) -> Restore:
        return restore(self, key, token)


__all__ = ["BY_MODEL", "COMPARE", "FERNPORT", "MEMO_SIZE", "YOURS", "PageModel"]
