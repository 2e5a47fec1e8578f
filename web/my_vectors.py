"""Meaning vectors of the visitor's passages: made by the embedding model's worker in batches, kept in IndexedDB as
they are made (binary Float32, 1,536 bytes a passage), carried on after a reload, and never made twice for the same
passage and model (each is kept under a hash of the model's name and the passage's text).

The vectors go into the page's vector table (raglab.vector_table, by text), where the meaning techniques find
them exactly as they find Fernport's precomputed ones; the maths stays in Python.
"""

import asyncio
import hashlib
import time

from js import performance, raglabDocuments
from pyodide.ffi import to_js
from pyscript import document, when

from raglab.ui.documents_html import render_vectors

BATCH = 32  # passages a request: the worker pads a batch to its longest passage; 16 and 64 were no faster
WANTED = "want:vectors"  # kept while vectors are being made, so a reload carries on
# The model reads at most 256 tokens of a passage; SciFact's abstracts reach the 256th at 1,125 characters (median;
# 973 to 1,308 for the middle 80%), and the rest of a longer passage costs nothing.
READ_CHARACTERS = 1125

page = {"embedder": None, "table": None, "lab": None, "prefix": "", "ask": None, "keyed": None, "passages": {}}
run = {"going": False, "cancel": False, "made": 0, "total": 0, "left": None}
kept: set[str] = set()  # the keys of every vector kept


def install(embedder, table, lab, model: str, ask) -> None:
    """``embedder``: main.py's Embedder; ``table``: async () -> the VectorTable; ``lab``: () -> the visitor's Lab
    or None; ``ask``: main.py's ticket for a section's newest request."""
    page.update(embedder=embedder, table=table, lab=lab, prefix=f"vec:{model}:", ask=ask)


def key(text: str) -> str:
    return page["prefix"] + hashlib.sha1(text.encode()).hexdigest()[:24]


def passages() -> dict[str, str]:
    """Key -> text of every passage of the visitor's documents (the lab's passages, which the techniques embed:
    2 sentences, or whole documents). Kept for as long as the lab is the same: every meaning question asks whether
    all are made, and hashing 5,000 abstracts each time is not free."""
    lab = page["lab"]()
    if lab is None:
        return {}
    if page.get("keyed") is not lab:
        page.update(keyed=lab, passages={key(text): text for text in lab.passage_texts()})
    return page["passages"]


def work(text: str) -> int:
    """A passage's share of the model's work, in characters up to where the model stops reading:
    ``work("ferry")`` is 5, and a 4,000-character abstract counts as 1,125, like every abstract cut at 256 tokens.
    The worker's time grows in step: 32 SciFact abstracts cut to 100, 250, 500 and 1,125 characters took 0.9, 2.2,
    4.7 and 10.1 s (bench/scifact_page.py's page, one WebAssembly thread)."""
    return min(len(text), READ_CHARACTERS)


def passages_by_size(todo: dict[str, str]) -> list[tuple[str, str]]:
    """The passages longest first (ties in document order), to be sent in batches of BATCH: the worker pads a batch
    to its longest passage, so passages of a size together waste less; and longest first, the first batches are
    the slowest, so the time left starts high, not low.

    >>> passages_by_size({"a": "ferry", "b": "lighthouse", "c": "bread"})
    [('b', 'lighthouse'), ('a', 'ferry'), ('c', 'bread')]
    """
    return sorted(todo.items(), key=lambda item: -len(item[1]))


def complete() -> bool:
    wanted = passages()
    return bool(wanted) and wanted.keys() <= kept


def counts() -> tuple[int, int]:
    wanted = passages()
    return len(wanted.keys() & kept), len(wanted)


def draw() -> None:
    made, total = counts()
    going = run["going"]
    document.getElementById("docs-vectors").innerHTML = render_vectors(
        run["made"] if going else made,
        run["total"] if going else total,
        going,
        run["left"],
        page["embedder"].device if page["embedder"] else None,
    )


async def load() -> None:
    """At start (after the documents): the kept vectors into the table; carry on if a reload cut them short."""
    stored = await raglabDocuments.vectors(page["prefix"])
    performance.mark("raglab:vectors-read")  # for bench/scifact_page.py, as the next one
    keys = stored.keys.to_py()
    if keys:
        data = stored.data.to_py().tobytes()
        size = len(data) // len(keys)
        texts = passages()
        wanted = [i for i, k in enumerate(keys) if k in texts]  # a kept vector of a removed passage is left out
        if len(wanted) < len(keys):
            data = b"".join(data[i * size : (i + 1) * size] for i in wanted)
        (await page["table"]()).add_float32([texts[keys[i]] for i in wanted], data)
        kept.update(keys)
        performance.mark("raglab:vectors-added")
    draw()
    if (await raglabDocuments.records(WANTED)).length and not complete():
        asyncio.ensure_future(make())


async def make() -> None:
    """Make the missing vectors longest first, a batch at a time, each batch kept as soon as it is made. The time
    left is the time so far per character of work done, times the work left, a batch counted as padded to its
    first (longest) passage: the early batches are the longest, so a rate in passages would overstate it. On
    SciFact's first 256 abstracts it said 61-72 s after the first batch for 61-78 s, and 7-9 s for 9-10 s."""
    if run["going"]:
        return
    items = passages_by_size({k: t for k, t in passages().items() if k not in kept})
    batches = [items[start : start + BATCH] for start in range(0, len(items), BATCH)]
    made, total = counts()
    run.update(going=True, cancel=False, made=made, total=total, left=None)
    ticket = page["ask"]("yours")
    table = await page["table"]()
    draw()
    await raglabDocuments.keep(to_js([[WANTED, "1"]]))
    started, work_done, work_left = time.perf_counter(), 0, sum(len(b) * work(b[0][1]) for b in batches)
    try:
        for batch in batches:
            if run["cancel"]:
                break
            texts = [t for _, t in batch]
            vectors = await page["embedder"].vectors("yours", ticket, texts, retry="vectors")
            await raglabDocuments.keepVectors(to_js([k for k, _ in batch]), to_js(vectors))
            table.add(texts, vectors)
            kept.update(k for k, _ in batch)
            done = len(batch) * work(texts[0])
            work_done, work_left = work_done + done, work_left - done
            run["made"] += len(batch)
            run["left"] = (time.perf_counter() - started) / max(work_done, 1) * work_left  # 0: empty passages
            draw()
        if run["cancel"] or complete():
            await raglabDocuments.forget(to_js([WANTED]))
    except Exception as error:  # the model failed (its message line says why, with "Try again"), or the disk
        if type(error).__name__ != "ModelFailed":
            document.getElementById(
                "msg-yours"
            ).textContent = f"The meaning vectors stopped: {error}. Those made so far are kept; try again to carry on."
    finally:
        run.update(going=False, left=None)
        draw()


async def prune() -> None:
    """Forget the vectors of passages no longer in the visitor's documents (after a removal)."""
    gone = kept - passages().keys()
    if gone:
        await raglabDocuments.forget(to_js(sorted(gone)))
        kept.difference_update(gone)
    draw()


@when("click", "#yours")
def on_click(event):
    classes = event.target.classList
    retry = classes.contains("model-retry") and event.target.dataset.retry == "vectors"
    if classes.contains("make-vectors") or retry:
        asyncio.ensure_future(make())
    elif classes.contains("cancel-vectors"):
        run["cancel"] = True
