"""Meaning vectors of the visitor's passages: made by the embedding model's worker in batches, kept in IndexedDB as
they are made (binary Float32, 1,536 bytes a passage), carried on after a reload, and never made twice for the same
passage, model and weights (each is kept under the model's name, its weights and a hash of the passage's text;
vectors kept by other weights are forgotten and made again, never compared: raglab.search.vector_table).

The vectors go into the page's vector table (raglab.search.vector_table, by text), where the meaning techniques find
them exactly as they find Fernport's precomputed ones; the maths stays in Python.
"""

import asyncio
import time

from js import raglabDocuments
from pyodide.ffi import to_js
from pyscript import document, when

from raglab.documents.records import unread_vectors
from raglab.page.vector_batches import batch_work, next_batch_size, passages_by_size, seconds_left, work
from raglab.search.vector_table import KEPT_PREFIX, kept_vector_key, kept_vectors_prefix, made_by_other_weights
from raglab.ui.vectors_html import render_vectors

WANTED = "want:vectors"  # kept while vectors are being made, so a reload carries on


class Vectors:
    def __init__(self, page, model: str, weights: str):
        self.page = page
        self.prefix = kept_vectors_prefix(model, weights)
        self.keyed, self.keyed_passages, self.passage_keys = None, {}, []  # the lab whose passages were keyed, them
        self.going, self.cancel, self.made, self.total, self.left = False, False, 0, 0, None  # a run under way
        self.kept: set[str] = set()  # the keys of every vector kept
        self.loaded = asyncio.Event()  # set once the kept vectors are read back (load), or could not be

    def key(self, text: str) -> str:
        return kept_vector_key(self.prefix, text)

    def passages(self) -> dict[str, str]:
        """Key -> text of every passage of the visitor's documents (the lab's passages, which the techniques embed:
        2 sentences, or whole documents). Kept for as long as the lab is the same: every meaning question asks
        whether all are made, and hashing 5,000 abstracts each time is not free."""
        lab = self.page.yours()
        if lab is None:
            return {}
        if self.keyed is not lab:
            self.passage_keys = [self.key(text) for text in lab.passage_texts()]
            self.keyed, self.keyed_passages = lab, dict(zip(self.passage_keys, lab.passage_texts(), strict=True))
        return self.keyed_passages

    def counts(self) -> tuple[int, int]:
        """(passages with a vector, passages): every passage counted, as the read and kept lists count them, though
        two passages of the same text share one vector."""
        self.passages()
        return sum(key in self.kept for key in self.passage_keys), len(self.passage_keys)

    def draw(self) -> None:
        made, total = self.counts()
        self.page.draw(self.page.model.vectors_counted(made, total))  # every section's line follows
        document.getElementById("docs-vectors").innerHTML = render_vectors(
            self.made if self.going else made,
            self.total if self.going else total,
            self.going,
            self.left,
            self.page.embedder.device,
            stopping=self.going and self.cancel,
        )
        if made < total and not self.going and not self.page.embedder.warming:
            asyncio.ensure_future(self.warm())

    async def warm(self) -> None:
        """While "Make meaning vectors" is offered, the model is loaded for it if it is kept in this browser
        (embedder.warm), and the line then says which device will make the vectors."""
        if await self.page.embedder.warm():
            self.draw()

    async def load(self) -> str:
        """At start (after the documents): the kept vectors into the table; carry on if a reload cut them short. A
        record that is no vector is forgotten (a vector is made again from its passage): the sentence that says so
        ("" none)."""
        try:
            return await self.read_kept()
        finally:
            self.loaded.set()

    async def read_kept(self) -> str:
        stored = await raglabDocuments.vectors(KEPT_PREFIX)
        self.page.mark("vectors-read")
        keys = stored.keys.to_py()
        damaged = stored.damaged.to_py()
        if damaged:
            await raglabDocuments.forget(to_js(damaged))
        if other := made_by_other_weights(keys, self.prefix):
            await raglabDocuments.forget(to_js(other))  # made by other weights: made again, not compared
        if keys:
            data = stored.data.to_py().tobytes()
            size = len(data) // len(keys)
            texts = self.passages()
            wanted = [i for i, k in enumerate(keys) if k in texts]  # a kept vector of a removed passage is left out
            if len(wanted) < len(keys):
                data = b"".join(data[i * size : (i + 1) * size] for i in wanted)
            (await self.page.site.vector_table()).add_float32([texts[keys[i]] for i in wanted], data)
            self.kept.update(k for k in keys if k.startswith(self.prefix))
            self.page.mark("vectors-added")
        self.draw()
        made, total = self.counts()
        if (await raglabDocuments.records(WANTED)).length and made < total:
            asyncio.ensure_future(self.make())
        return unread_vectors(len(damaged))

    async def make(self) -> None:
        """Make the missing vectors longest first, a batch at a time (raglab.page.vector_batches: a small first
        batch, then batches of about STEP_SECONDS), each batch kept as soon as it is made. The time left is
        ``seconds_left``'s, from the latest batches' work and time (keeping and drawing each one included: they are
        part of a passage's cost too); how close it comes: bench/README.md."""
        if self.going:
            return
        page = self.page
        items = passages_by_size({k: t for k, t in self.passages().items() if k not in self.kept})
        self.going, self.cancel, self.left = True, False, None
        self.made, self.total = self.counts()
        ticket = page.model.request("yours").ticket
        table = await page.site.vector_table()
        self.draw()
        await raglabDocuments.keep(to_js([[WANTED, "1"]]))
        start, rate, timed = 0, None, []  # each batch made: (passages, work, seconds)
        work_left = sum(work(t) for _, t in items)
        try:
            # The model is loaded before the clock starts (the time left is the batches', not the load's), and
            # Cancel pressed during the load sends no batch at all.
            page.draw(page.model.wait_for_model("yours", ticket))
            if not await page.embedder.ready("vectors"):
                page.draw(page.model.failed("yours", ticket))
                return
            page.draw(page.model.embedded("yours", ticket))
            mark = time.perf_counter()  # a batch's seconds run from here to here again: its keeping and drawing too
            while start < len(items) and not self.cancel:
                batch = items[start : start + next_batch_size(items, start, rate, page.embedder.measure_at)]
                texts = [t for _, t in batch]
                sent = time.perf_counter()
                vectors = await page.embedder.vectors("yours", ticket, texts, retry="vectors")
                if vectors is None:  # the model failed: its line says why, with "Try again"
                    page.draw(page.model.failed("yours", ticket))
                    return
                rate = (time.perf_counter() - sent) / max(batch_work(batch), 1)
                await raglabDocuments.keepVectors(to_js([k for k, _ in batch]), to_js(vectors))
                table.add(texts, vectors)
                self.kept.update(k for k, _ in batch)
                start += len(batch)
                work_left -= batch_work(batch)
                self.made = self.counts()[0]
                timed.append((len(batch), batch_work(batch), time.perf_counter() - mark))
                mark = time.perf_counter()
                detail = {"batch": timed[-1], "left": (len(items) - start, work_left)}  # bench/vectors_feedback.py
                self.page.mark("vectors-batch", detail)
                self.left = seconds_left(timed, work_left)
                self.draw()
            made, total = self.counts()
            if self.cancel or made >= total:
                await raglabDocuments.forget(to_js([WANTED]))
            page.draw(page.model.finished("yours", ticket))
            if made >= total and (lab := page.yours()) is not None:
                asyncio.ensure_future(page.propose(lab))  # hybrid's proposals, now that every passage has a vector
        except Exception as error:  # the disk refused
            message = f"The meaning vectors stopped: {error}. Those made so far are kept; try again to carry on."
            page.draw(page.model.failed("yours", ticket, "", message))
        finally:
            self.going, self.left = False, None
            self.draw()

    async def prune(self) -> None:
        """Forget the vectors of passages no longer in the visitor's documents (after a removal)."""
        gone = self.kept - self.passages().keys()
        if gone:
            await raglabDocuments.forget(to_js(sorted(gone)))
            self.kept.difference_update(gone)
        self.draw()


def install(page) -> None:
    embed = page.settings["bridge"]["embed"]
    vectors = page.vectors = Vectors(page, embed["model"], embed["dtype"])

    @when("click", "#yours")
    def on_click(event):
        classes = event.target.classList
        retry = classes.contains("model-retry") and event.target.dataset.retry == "vectors"
        if classes.contains("make-vectors") or retry:
            asyncio.ensure_future(vectors.make())
        elif classes.contains("cancel-vectors"):
            vectors.cancel = True  # no batch starts after this one; the line says so at once
            vectors.draw()
