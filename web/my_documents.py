"""Your documents: the page's glue for keeping the documents read (my_files.py), and switching the lab to them.

The core keeps the collection (raglab.documents.collection) and draws (raglab.ui.documents_html); documents.js keeps
records in IndexedDB. This module only moves records between them and answers clicks. Nothing here sends a byte
anywhere: every document is kept in the browser's own store.

Records kept (IndexedDB "raglab-documents"): ``doc:<slug>`` the JSON of one document, ``meta`` the JSON of the
collection's order, word list, passage size (2 or "document") and which documents the lab searches; ``pdf:<slug>``
a PDF's bytes, for the source view to draw its pages (web/source_view.py).
"""

import asyncio
import json

import drawing
from js import Uint8Array, raglabDocuments
from my_files import Reading
from pyodide.ffi import to_js
from pyscript import document, when

from raglab.documents.chunking import passages_phrase
from raglab.documents.collection import Collection
from raglab.documents.corpus import CorpusError
from raglab.documents.passage_sizes import passage_size_in_record
from raglab.documents.read_errors import ReadError
from raglab.documents.records import (
    RECORD_PAIRS_DEPTH,
    collection_from_records,
    document_record,
    removed_sentence,
    unread_documents,
    write_slices,
)
from raglab.documents.word_lists import parse_word_list, word_list_text
from raglab.page import corpus_named
from raglab.ui.documents_html import LIST_ROWS, render_kept, render_switch_label

SLICE = 64  # documents kept in one task (the time one takes: bench/README.md), between which the page answers


def chosen() -> str:
    box = document.querySelector("input[name=corpus]:checked")
    return box.value if box else "fernport"


class Documents:
    def __init__(self, page):
        self.page = page
        self.collection = Collection()
        self.record_bytes: dict[str, int] = {}  # slug -> UTF-8 bytes of its kept record, for the space they take
        self.reading = Reading(page)
        self.persisted = None
        self.whole_list = False  # "Show all" pressed on the kept list
        # Set once the kept records are read: a write before it would list only what it adds (the meta record names
        # the documents a reload reads), and the read would then replace what the visitor just added.
        self.loaded = asyncio.Event()

    def meta(self, corpus: str | None = None) -> str:
        """The meta record; ``corpus``: which documents the lab searches, when it is about to change (else the
        switch's)."""
        c = self.collection
        return json.dumps(
            {
                "order": [d.slug for d in c.documents],
                "words": word_list_text(c.related_words),
                "passages": c.passage_size,
                "corpus": corpus or chosen(),
            }
        )

    def show_passage_size(self) -> None:
        drawing.check(document, "passages", self.collection.passage_size)

    async def load(self) -> str:
        """At start: the collection kept in this browser, searched again if the visitor left the lab searching it;
        the sentence about what could not be read back ("" none)."""
        try:
            return await self._load()
        finally:
            self.loaded.set()

    async def _load(self) -> str:
        try:
            records = dict((await raglabDocuments.records("doc:")).to_py(depth=RECORD_PAIRS_DEPTH))
            records.update(dict((await raglabDocuments.records("meta")).to_py(depth=RECORD_PAIRS_DEPTH)))
            self.page.mark("records-read")
        except Exception as error:
            return f"The documents kept in this browser could not be opened ({error}); nothing was changed."
        if not records:  # nothing kept (a missing meta beside kept documents is made again from them)
            return ""
        c, corpus, why = collection_from_records(records)  # what does not fit is left aside, and said
        self.collection = c
        if unread := unread_documents(records, [d.slug for d in c.documents]):
            try:
                await raglabDocuments.forget(to_js(unread))
                why += " " + removed_sentence(None)
            except Exception as error:
                why += " " + removed_sentence(str(error))
        for d in c.documents:
            self.record_bytes[d.slug] = len(records[f"doc:{d.slug}"].encode())
        document.getElementById("my-words").value = word_list_text(c.related_words)
        self.show_passage_size()
        self.page.mark("records-parsed")
        self.changed(switch_to=corpus_named(corpus))
        self.page.mark("lab-made")
        return why

    async def keep(self, records: list[tuple[str, str]], forget=(), corpus: str | None = None) -> bool:
        """Write records, a slice a transaction (``write_slices``), then the meta record (see ``meta``: it names the
        documents a reload reads, so it goes last); False, with a message, if the browser refused, and the records
        written here are forgotten again."""
        written: list[str] = []
        await self.loaded.wait()
        try:
            if forget:
                await raglabDocuments.forget(to_js(list(forget)))
            for part in write_slices(records):
                await raglabDocuments.keep(to_js([list(r) for r in part]))
                written += [key for key, _ in part]
            await raglabDocuments.keep(to_js([["meta", self.meta(corpus)]]))
            return True
        except Exception as error:
            if written:
                try:
                    await raglabDocuments.forget(to_js(written))
                except Exception:  # the meta record does not name them: a reload never reads them
                    pass
            full = "QuotaExceeded" in str(error)
            why = "this browser has no room left to keep them" if full else f"the browser refused ({error})"
            self.page.say("yours", f"Nothing new was kept: {why}. The documents kept before are all still there.")
            return False

    def changed(self, switch_to: str | None = None) -> None:
        """The collection changed (or was loaded): redraw its list and the switch, and give the page the new
        documents (it gets their lab ready in steps: Lab.prepare_in_steps)."""
        n = len(self.collection.documents)
        document.querySelector("input[name=corpus][value=yours]").disabled = n == 0
        document.querySelector("#yours .yours-count").textContent = render_switch_label(n)
        name = "fernport" if n == 0 else corpus_named(switch_to or chosen())
        drawing.check(document, "corpus", name)
        self.page.documents_changed(self.collection.corpus() if n else None, self.collection.passage_size, name)
        asyncio.ensure_future(self.draw_kept())

    async def draw_kept(self) -> None:
        c = self.collection
        stored = sum(self.record_bytes.get(d.slug, 0) for d in c.documents) + len(self.meta().encode())
        if c.documents and self.persisted is None:
            self.persisted = bool(await raglabDocuments.persist())
        document.getElementById("docs-kept").innerHTML = render_kept(
            c.documents, stored, self.persisted, c.passage_size, rows=None if self.whole_list else LIST_ROWS
        )
        self.page.mark("kept-drawn")

    async def keep_read(self) -> None:
        reading = self.reading
        if reading.busy:
            self.page.say("yours", "Still reading or keeping the last files: wait for them.")
            return
        reading.busy = True
        try:
            if not self.loaded.is_set():
                self.page.say("yours", "Your documents kept before are still being read; these are kept after them.")
                await self.loaded.wait()
            await self._keep_read()
        finally:
            reading.busy = False

    async def _keep_read(self) -> None:
        c, reading = self.collection, self.reading
        added, refused, pdfs = [], [], {}
        for n, doc in enumerate(reading.documents(), 1):
            try:
                added.append(c.add(doc))
                read, file = reading.pdfs.get(id(doc), (None, None))
                if read is doc:  # source view: the PDF's bytes are kept under its slug as kept
                    pdfs[added[-1].slug] = file
            except ReadError as error:
                refused.append(str(error))
            if n % SLICE == 0:  # SLICE a task, never many in one (bench/README.md, "Timings the page's glue relies on")
                await asyncio.sleep(0)
        words, size = reading.words, reading.passages
        before = dict(c.related_words), c.passage_size
        if words:
            c.related_words = {**words, **c.related_words}
        if size:  # a zip made by "Download my documents" says how its documents were cut
            c.passage_size = size
        # Kept documents are searched at once, and again after a reload: the meta record says so with them.
        records = []
        for start in range(0, len(added), SLICE):
            records += [
                (f"doc:{d.slug}", json.dumps(document_record(d), ensure_ascii=False))
                for d in added[start : start + SLICE]
            ]
            await asyncio.sleep(0)
        if not await self.keep(records, corpus="yours" if added else None):
            for d in added:
                c.remove(d.slug)
            c.related_words, c.passage_size = before
            return
        self.record_bytes.update((key[4:], len(record.encode())) for key, record in records)
        await reading.keep_pdfs(pdfs)  # source view
        reading.clear()
        reading.show()
        self.show_passage_size()
        document.getElementById("my-words").value = word_list_text(c.related_words)
        kept = f"Kept {len(added)} {'document' if len(added) == 1 else 'documents'}; the lab now searches yours."
        if size and size != before[1]:
            kept += f" As the zip says, your documents are now cut into {passages_phrase(size)}."
        self.page.say("yours", " ".join([kept, *refused]))
        self.changed(switch_to="yours" if added else None)
        self.page.mark("kept")

    async def remove(self, slugs: list[str]) -> None:
        c = self.collection
        before = list(c.documents)
        gone = [d for d in before if d.slug in slugs]
        for d in gone:
            c.remove(d.slug)
        if await self.keep([], forget=[f"{kind}:{d.slug}" for d in gone for kind in ("doc", "pdf")]):  # pdf: source
            names = ", ".join(d.source or d.title for d in gone)
            self.page.say("yours", f"Removed {names}." if len(gone) < 4 else f"Removed {len(gone)} documents.")
            self.changed()
        else:  # the browser still holds them: so does the page
            c.documents[:] = before

    async def save_words(self) -> None:
        text = document.getElementById("my-words").value
        try:
            words = parse_word_list(text)
        except CorpusError as error:
            self.page.say("yours", f"The word list was not saved: {error}")
            return
        before, self.collection.related_words = self.collection.related_words, words
        if await self.keep([]):
            self.page.say("yours", f"Word list saved: {len(words)} {'word' if len(words) == 1 else 'words'}.")
            self.changed()
        else:
            self.collection.related_words = before

    async def choose_passages(self, value: str) -> None:
        """The visitor chose how their documents are cut: kept in the meta record, and the lab cut again (the
        vectors of passages that are gone are forgotten; the new passages need theirs)."""
        c = self.collection
        before, c.passage_size = c.passage_size, passage_size_in_record(value)
        if c.passage_size == before:
            return
        if not await self.keep([]):
            c.passage_size = before
            self.show_passage_size()
            return
        self.reading.show()
        if c.documents:
            self.page.say("yours", f"Your documents are now cut into {passages_phrase(c.passage_size)}.")
            self.changed()

    def download(self) -> None:
        lab = self.page.yours()
        if lab is not None:
            self.page.names.use_names(lab)  # the names Graph RAG uses, with the visitor's edits, go into the zip too
        data = self.collection.to_zip(lab.corpus.entities if lab is not None else ())
        raglabDocuments.download(Uint8Array.new(to_js(data)), "my-documents.zip")


def install(page) -> None:
    docs = page.documents = Documents(page)
    if raglabDocuments.framed:
        document.querySelector("#yours .framed-note").hidden = False

    @when("click", "#save-words")
    def on_save_words(event):
        asyncio.ensure_future(docs.save_words())

    @when("change", "input[name=passages]")
    def on_passages(event):
        asyncio.ensure_future(docs.choose_passages(event.target.value))

    @when("change", "input[name=corpus]")
    def on_switch(event):
        page.switch(event.target.value)
        asyncio.ensure_future(docs.keep([]))

    @when("click", "#yours")
    def on_section_click(event):
        """Controls drawn after start-up: keep what was read, remove, download, show the whole list."""
        classes, data = event.target.classList, event.target.dataset
        if classes.contains("keep-read"):
            asyncio.ensure_future(docs.keep_read())
        elif classes.contains("remove-doc"):
            asyncio.ensure_future(docs.remove([data.slug]))
        elif classes.contains("remove-all-docs"):
            asyncio.ensure_future(docs.remove([d.slug for d in docs.collection.documents]))
        elif classes.contains("download-docs"):
            docs.download()
        elif classes.contains("show-all-docs") and data.list == "kept":
            docs.whole_list = True
            asyncio.ensure_future(docs.draw_kept())
