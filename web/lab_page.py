"""The page as the glue holds it: one object (main.py makes it, every part is given it), with the page model
(raglab.page: what each section shows, the tickets, the address), the labs it searches, the site's files, the
embedding model, and each part of the page once installed. Events go to ``model``; what it answers is drawn
by ``draw``."""

import asyncio

import drawing
from pyscript import document

from raglab import Lab, QuestionError
from raglab.documents.chunking import DEFAULT_SIZE, passage_count
from raglab.page import COMPARE, FERNPORT, YOURS, PageModel, Start, proposal_needs, wheel_failure
from raglab.proposals import NO_MODEL, NO_VECTORS, NOT_KEPT, propose_steps
from raglab.techniques import TECHNIQUES
from raglab.techniques.registry import NETWORKX, WHEELS
from raglab.ui.places_html import render_changes


class PageGlue:
    def __init__(self, settings: dict, site, fernport: Lab):
        self.settings = settings  # pyscript.json's "raglab" section (written by build.py)
        self.site = site  # site_files.Site
        self.labs = {FERNPORT: fernport}  # and YOURS, once the visitor keeps documents
        self.model = PageModel(
            starts(fernport), site_corpus=settings.get("corpus", {}).get("key", ""), compare_start=compare_start()
        )
        self.embedder = None  # embedder.EmbeddingModel, and the parts, as main.py installs them
        self.asker = None  # ask_model.Asker
        self.documents = None  # my_documents.Documents
        self.names = None  # my_names.Names
        self.vectors = None  # my_vectors.Vectors
        self.getting_ready = None  # (lab, task): the visitor's lab being cut and indexed in steps
        self.proposing = None  # the newest search for questions proposed from the visitor's documents

    # --- reading ----------------------------------------------------------------------------------------------

    @property
    def corpus(self) -> str:
        return self.model.corpus

    def lab(self) -> Lab:
        return self.labs[self.model.corpus]

    def yours(self) -> Lab | None:
        return self.labs.get(YOURS)

    def searched(self) -> list[tuple[str, Lab]]:
        """The labs a result's passage is looked up in (the source view), the one searched now first."""
        return [(self.corpus, self.lab()), *((name, lab) for name, lab in self.labs.items() if name != self.corpus)]

    # --- drawing ----------------------------------------------------------------------------------------------

    def draw(self, changes) -> None:
        """What the page model answers, each place's value drawn by raglab.ui (the model says what, not how)."""
        drawing.draw(render_changes(changes))

    def say(self, key: str, text: str) -> None:
        """A sentence in section ``key``'s line ("yours": the documents' line)."""
        self.draw(self.model.say(key, text))

    def mark(self, moment: str, detail: dict | None = None) -> None:
        """A named moment of the page's work that a benchmark times: nothing in the published site; the hooks of a
        --bench-hooks build replace it with a performance mark, ``raglab:<moment>``."""

    async def show_stored(self) -> None:
        if self.asker:
            await self.asker.show_stored()

    # --- the documents searched ---------------------------------------------------------------------------------

    def switch(self, name: str) -> None:
        """Search ``name``: "fernport" or "yours" (kept documents only). Each section shows what it showed for
        those documents, its box what it held."""
        self.draw(self.model.switch(name, drawing.boxes()))

    def documents_changed(self, corpus, passage_size=DEFAULT_SIZE, search: str = YOURS) -> None:
        """The visitor's documents changed (``corpus``: them now, None when none are left; ``passage_size``: how
        they are cut): their lab is made again and got ready in steps, and the sections search ``search``."""
        if corpus is None:
            self.labs.pop(YOURS, None)
            self.getting_ready = None
            documents = passages = 0
        else:
            lab = self.labs[YOURS] = Lab(corpus, passage_size)
            self.getting_ready = (lab, asyncio.ensure_future(self.get_ready(lab)))
            documents = len(corpus.documents)
            # counted, not made: get_ready makes them in steps (documents read in this visit are cut already)
            passages = sum(passage_count(d, passage_size) for d in corpus.documents)
        vectors = self.vectors.counts() if self.vectors else (0, 0)
        words = corpus.related_words if corpus is not None else {}
        self.draw(
            self.model.documents_changed(documents, passages, search, drawing.boxes(), vectors, passage_size, words)
        )
        if self.vectors:
            asyncio.ensure_future(self.vectors.prune())

    async def get_ready(self, lab: Lab) -> None:
        """Cut the visitor's passages and index their words a few documents at a time (Lab.prepare_in_steps),
        letting the page draw and answer between steps, so the first question does not freeze it; a question asked
        meanwhile waits for it (until_ready), its section saying how far it is."""
        for progress in lab.prepare_in_steps():
            if not self.getting_ready or self.getting_ready[0] is not lab:  # newer documents are being got ready
                return
            self.draw(self.model.preparing(progress))
            await asyncio.sleep(0)
        if self.getting_ready and self.getting_ready[0] is lab:
            self.draw(self.model.ready())
            self.mark("indexed")
            asyncio.ensure_future(self.propose(lab))  # its own task: a question waiting for ready does not wait for it

    async def propose(self, lab: Lab) -> None:
        """The questions proposed from the visitor's documents (raglab.proposals), found a technique a task once
        they are ready, with their names as the graph has them (found by rules, with the visitor's edits) and the
        graph library installed; drawn in Try this first and each section."""
        version = self.model.own_version
        self.proposing = asked = object()  # only the newest search draws (the names edited meanwhile, say)
        try:
            await self.site.install(NETWORKX, NETWORKX, wheel_failure("graph", WHEELS[NETWORKX]))
        except QuestionError:
            pass  # the graph's proposals say it could not run (raglab.proposals)
        if self.names:
            self.names.use_names(lab)
        embed, without = await self.proposal_vectors(lab)
        if self.yours() is not lab or self.proposing is not asked:
            return
        found = await drawing.Pace().run(
            propose_steps(lab, embed, without=without),
            stop=lambda: self.yours() is not lab or self.proposing is not asked,
        )
        if found is not None:
            self.draw(self.model.proposed(version, found))

    def model_loaded(self) -> None:
        """The embedding model loaded: hybrid's proposals that waited for it (NOT_KEPT) are found now."""
        found, lab = self.model.proposals, self.yours()
        if found is not None and lab is not None and found.why_none.get("hybrid") == NOT_KEPT:
            asyncio.ensure_future(self.propose(lab))

    async def proposal_vectors(self, lab: Lab):
        """(the vector table hybrid's proposals are checked with, or None; why hybrid has none without it): the page's
        own table once every passage of ``lab`` has a meaning vector there (the visitor makes those; the model is
        never loaded for this alone), its candidate questions embedded into it in one batch (raglab.page.
        proposal_needs says which)."""
        if not self.vectors or not self.embedder or not self.embedder.available:
            return None, NO_MODEL
        await self.vectors.loaded.wait()  # the kept vectors read back into the table first
        table = await self.site.vector_table()
        needs = proposal_needs(lab, table.vectors)
        if needs.passages:
            return None, NO_VECTORS
        if needs.texts:
            if not await self.embedder.kept():
                return None, NOT_KEPT
            ticket = self.model.request("yours").ticket
            made = await self.embedder.add(table, "yours", ticket, needs.texts, retry="vectors")
            self.draw(self.model.finished("yours", ticket))
            if not made:  # the model failed: the documents' line says why, with "Try again"
                return None, NOT_KEPT
        return table, NO_MODEL

    async def until_ready(self, lab: Lab) -> None:
        """A question on a lab get_ready is still cutting and indexing waits for it to finish, rather than doing the
        rest in one task. The answer is the same: the passages and index are those the question would have made."""
        if self.getting_ready and self.getting_ready[0] is lab and not self.getting_ready[1].done():
            await self.getting_ready[1]


def compare_start() -> Start:
    """The compare view as the page began: the question of its pre-rendered view."""
    slot = document.getElementById(f"result-{COMPARE}")
    view = slot.querySelector(".compared-view") if slot else None
    return Start(view.dataset.question if view else "")


def starts(lab: Lab) -> dict[str, Start]:
    """Each section as the page began: its pre-rendered result, for its first preset."""
    out = {}
    for key in TECHNIQUES:
        shown = document.getElementById(f"result-{key}").querySelector(".summary")
        out[key] = Start(next(iter(lab.corpus.presets.get(key, ())), "") if shown else "")
    return out
