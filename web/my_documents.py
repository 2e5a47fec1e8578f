"""Your documents: the page's glue for bringing files, reading them, keeping them and switching the lab to them.

The core reads (raglab.readers: every file kind and every message), keeps the collection (raglab.collection) and
draws (raglab.ui.documents_html); documents.js reads PDFs with pdf.js and keeps records in IndexedDB. This module
only moves files and records between them and answers clicks. Nothing here sends a byte anywhere: every file is
read from the visitor's disk by the browser and kept in the browser's own store.

Records kept (IndexedDB "raglab-documents"): ``doc:<slug>`` the JSON of one document, ``meta`` the JSON of the
collection's order, word list, passage size (2 or "document") and which documents the lab searches; ``pdf:<slug>``
a PDF's bytes, for the source view to draw its pages (web/source_view.py).
"""

import asyncio
import json

import my_names
from js import Uint8Array, performance, raglabDocuments
from pyodide.ffi import create_proxy, to_js
from pyodide_js import loadPackage
from pyscript import document, when

from raglab.chunking import DEFAULT_SIZE, check_passage_size, cut_sentences, passages_phrase
from raglab.collection import Collection, document_from_record, document_record, parse_word_list, word_list_text
from raglab.corpus import CorpusError, Document
from raglab.pdf_lines import Page
from raglab.readers import (
    MAX_FILE_BYTES,
    MAX_FILES,
    ReadError,
    file_kind,
    read_error,
    read_file,
    read_pasted,
    read_pdf_pages,
)
from raglab.ui.documents_html import LIST_ROWS, render_kept, render_read, render_switch_label

SLICE = 64  # documents added or written as records in one task (20-40 ms in Pyodide), between which the page answers
WRITE_CHARS = 500_000  # characters of records written in one IndexedDB transaction (about 50 ms in the page)

collection = Collection()
record_bytes: dict[str, int] = {}  # slug -> UTF-8 bytes of its kept record, for the space the documents take
reading = {
    "items": [],
    "words": None,
    "passages": None,
    "cancel": False,
    "busy": False,
    "cancelled": 0,
    "pdfs": {},
}  # pdfs (source view): id() of a PDF's Document read -> (it, its File), for its bytes when kept
page = {"use": None, "wheels": None, "site_url": None, "persisted": None}
whole_list = {"read": False, "kept": False}  # "Show all" pressed: the list draws every document, not the first rows


def install(use_documents, docx_wheels: list[str], site_url) -> None:
    """``use_documents(name, corpus=None, changed=False, passage_size=2)``: main.py's switch between "fernport" and
    "yours" (with the collection as a corpus, and its passage size, when it changed)."""
    page.update(use=use_documents, wheels=docx_wheels, site_url=site_url)
    # A document's text goes into its folded <pre> when opened; "toggle" does not bubble, so listen as it passes.
    document.getElementById("yours").addEventListener("toggle", create_proxy(on_toggle), True)
    if raglabDocuments.framed:
        document.querySelector("#yours .framed-note").hidden = False


def say(text: str) -> None:
    document.getElementById("msg-yours").textContent = text


# --- keeping -------------------------------------------------------------------------------------------------


def meta(corpus: str | None = None) -> str:
    """The meta record; ``corpus``: which documents the lab searches, when it is about to change (else the switch's)."""
    return json.dumps(
        {
            "order": [d.slug for d in collection.documents],
            "words": word_list_text(collection.related_words),
            "passages": collection.passage_size,
            "corpus": corpus or chosen(),
        }
    )


def passage_size_of(value) -> int | str:
    """A radio's value ("2", "document") or the meta record's (2, "document") as a passage size."""
    return check_passage_size(int(value) if str(value).isdigit() else value)


def show_passage_size() -> None:
    document.querySelector(f"input[name=passages][value='{collection.passage_size}']").checked = True


def chosen() -> str:
    box = document.querySelector("input[name=corpus]:checked")
    return box.value if box else "fernport"


async def load() -> None:
    """At start: the collection kept in this browser, searched again if the visitor left the lab searching it."""
    try:
        records = dict((await raglabDocuments.records("doc:")).to_py())
        records.update(dict((await raglabDocuments.records("meta")).to_py()))
        performance.mark("raglab:records-read")  # this mark and the next few are for bench/scifact_page.py
    except Exception as error:
        say(f"The documents kept in this browser could not be opened ({error}); nothing was changed.")
        return
    if "meta" not in records:
        return
    try:
        info = json.loads(records["meta"])
        for slug in info["order"]:
            if f"doc:{slug}" in records:
                collection.documents.append(document_from_record(json.loads(records[f"doc:{slug}"])))
                record_bytes[slug] = len(records[f"doc:{slug}"].encode())
        collection.related_words = parse_word_list(info.get("words", ""))
        collection.passage_size = passage_size_of(info.get("passages", DEFAULT_SIZE))
    except (ValueError, KeyError, TypeError, CorpusError) as error:
        say(f"Some of the documents kept in this browser could not be read back ({error}); the rest are here.")
        info = {}
    document.getElementById("my-words").value = word_list_text(collection.related_words)
    show_passage_size()
    performance.mark("raglab:records-parsed")
    changed(switch_to=info.get("corpus", "fernport"))
    performance.mark("raglab:lab-made")


async def keep(records: list[tuple[str, str]], forget: list[str] = (), corpus: str | None = None) -> bool:
    """Write records, WRITE_CHARS a transaction, then the meta record (see ``meta``: it names the documents a
    reload reads, so it goes last); False, with a message, if the browser refused, and the records written here
    are forgotten again. 5,183 abstracts written in one transaction were a 0.9 s task (0.3 s to hand the strings
    to JavaScript, 0.6 s of IndexedDB puts)."""
    written: list[str] = []
    try:
        if forget:
            await raglabDocuments.forget(to_js(list(forget)))
        for part in _write_slices(records):
            await raglabDocuments.keep(to_js([list(r) for r in part]))
            written += [key for key, _ in part]
        await raglabDocuments.keep(to_js([["meta", meta(corpus)]]))
        return True
    except Exception as error:
        if written:
            await _forget_quietly(written)
        full = "QuotaExceeded" in str(error)
        why = "this browser has no room left to keep them" if full else f"the browser refused ({error})"
        say(f"Nothing new was kept: {why}. The documents kept before are all still there.")
        return False


def _write_slices(records: list[tuple[str, str]]):
    """The records in runs of about WRITE_CHARS characters (a run ends with the record that reaches it)."""
    part, chars = [], 0
    for record in records:
        part.append(record)
        chars += len(record[1])
        if chars >= WRITE_CHARS:
            yield part
            part, chars = [], 0
    if part:
        yield part


async def _forget_quietly(keys: list[str]) -> None:
    try:
        await raglabDocuments.forget(to_js(keys))
    except Exception:  # the meta record does not name them: a reload never reads them
        pass


def changed(switch_to: str | None = None) -> None:
    """The collection changed (or was loaded): redraw its list and the switch, and give main.py the new corpus."""
    n = len(collection.documents)
    yours = document.querySelector("input[name=corpus][value=yours]")
    yours.disabled = n == 0
    document.querySelector("#yours .yours-count").textContent = render_switch_label(n)
    name = switch_to or chosen()
    if n == 0:
        name = "fernport"
    document.querySelector(f"input[name=corpus][value={name}]").checked = True
    page["use"](name, collection.corpus() if n else None, changed=True, passage_size=collection.passage_size)
    asyncio.ensure_future(draw_kept())  # (main.py gets the new lab ready in steps: Lab.prepare_in_steps)


async def draw_kept() -> None:
    stored = sum(record_bytes.get(d.slug, 0) for d in collection.documents) + len(meta().encode())
    if collection.documents and page["persisted"] is None:
        page["persisted"] = bool(await raglabDocuments.persist())
    document.getElementById("docs-kept").innerHTML = render_kept(
        collection.documents, stored, page["persisted"], collection.passage_size, rows=_rows("kept")
    )
    performance.mark("raglab:kept-drawn")


# --- reading -------------------------------------------------------------------------------------------------


def progress(done: int, total: int, name: str) -> None:
    box = document.querySelector("#yours .reading")
    box.hidden = done >= total
    bar = document.getElementById("docs-bar")
    bar.max, bar.value = total, done
    document.getElementById("docs-progress").textContent = f"Reading {done + 1} of {total}: {name}"


async def read_one(file) -> Document | ReadError | None:
    """The file read, or why it gives nothing; None when the visitor cancelled while it was being read."""
    name = file.name
    if file.size > MAX_FILE_BYTES:  # said before a byte is read
        return read_error(name, "too_large", size=file.size)
    data = Uint8Array.new(await file.arrayBuffer())
    try:
        if file_kind(name, bytes(data.subarray(0, 1024).to_py())) == "pdf":
            read = (await raglabDocuments.pdfPages(data, create_proxy(lambda *_: reading["cancel"]))).to_py()
            if read.get("problem") == "cancelled":
                return None
            if "problem" in read:
                return read_error(name, read["problem"])
            return read_pdf_pages(name, [Page.from_arrays(p["texts"], p["numbers"], p["box"]) for p in read["pages"]])
        if name.lower().endswith(".docx"):
            await docx_reader()
        return read_file(name, data.to_bytes())
    except (ReadError, CorpusError) as error:
        return error if isinstance(error, ReadError) else read_error(name, "broken")


async def docx_reader() -> None:
    try:
        import mammoth  # noqa: F401
    except ImportError:
        await loadPackage(to_js([page["site_url"](w) for w in page["wheels"]]))


async def read_files(files) -> None:
    """Read every chosen or dropped file, one at a time (the page stays usable), and show what each gave."""
    if reading["busy"]:
        say("Still reading the last files: wait for them, or cancel.")
        return
    total = files.length
    if total + len(collection.documents) > MAX_FILES:
        say(str(read_error(f"{total} files", "too_many")))
        return
    reading.update(busy=True, cancel=False, items=[], cancelled=0, pdfs={})
    whole_list["read"] = False
    performance.mark("raglab:read-start")  # the marks are for bench/own_documents.py
    try:
        for i in range(total):
            if reading["cancel"]:
                break
            file = files.item(i)
            progress(i, total, file.name)
            item = await read_one(file)
            if isinstance(item, Document) and file.name.lower().endswith(".pdf"):  # source view: its bytes, if kept
                reading["pdfs"][id(item)] = (item, file)
            if item is not None:
                # cut into sentences now, a file at a time, not all at once when the list's heading counts the
                # passages (5,183 abstracts: a 0.6 s task in the page); the lab reuses the cut
                reading["items"].append(cut_sentences(item) if isinstance(item, Document) else item)
            await asyncio.sleep(0)  # let the page draw the progress and answer clicks
    finally:
        reading["busy"] = False
        progress(total, total, "")
    reading["cancelled"] = total - len(reading["items"])
    show_read()
    performance.mark("raglab:read-end")


def show_read() -> None:
    cancelled = reading.get("cancelled", 0)
    size = reading["passages"] or collection.passage_size
    document.getElementById("docs-read").innerHTML = (
        render_read(reading["items"], cancelled, size, _rows("read")) if reading["items"] or cancelled else ""
    )


def _rows(where: str) -> int | None:
    return None if whole_list[where] else LIST_ROWS


def on_toggle(event) -> None:
    """An opened "Show the text read": its document's text, as text. The read list names a document by its place
    among the documents read, the kept list by its slug."""
    box = event.target
    if not (box.open and box.classList.contains("doc-text")) or box.querySelector("pre").textContent:
        return
    key = box.dataset.doc
    if box.closest("#docs-read"):
        docs = [d for d in reading["items"] if isinstance(d, Document)]
        doc = docs[int(key)] if key.isdigit() and int(key) < len(docs) else None
    else:
        doc = next((d for d in collection.documents if d.slug == key), None)
    if doc is not None:
        box.querySelector("pre").textContent = doc.text


async def keep_read() -> None:
    if reading["busy"]:
        say("Still reading or keeping the last files: wait for them.")
        return
    reading["busy"] = True
    try:
        await _keep_read()
    finally:
        reading["busy"] = False


async def _keep_read() -> None:
    docs = [d for d in reading["items"] if isinstance(d, Document)]
    added, refused, pdfs = [], [], {}
    for n, doc in enumerate(docs, 1):
        try:
            added.append(collection.add(doc))
            read, file = reading["pdfs"].get(id(doc), (None, None))
            if read is doc:  # source view: the PDF's bytes are kept under its slug as kept
                pdfs[added[-1].slug] = file
        except ReadError as error:
            refused.append(str(error))
        if n % SLICE == 0:  # 5,183 documents added and written as records in one task froze the page 4.5 s
            await asyncio.sleep(0)
    words, size = reading["words"], reading["passages"]
    before = dict(collection.related_words), collection.passage_size
    if words:
        collection.related_words = {**words, **collection.related_words}
    if size:  # a zip made by "Download my documents" says how its documents were cut
        collection.passage_size = size
    # Kept documents are searched at once, and again after a reload: the meta record says so with them.
    records = []
    for start in range(0, len(added), SLICE):
        records += [
            (f"doc:{d.slug}", json.dumps(document_record(d), ensure_ascii=False)) for d in added[start : start + SLICE]
        ]
        await asyncio.sleep(0)
    if not await keep(records, corpus="yours" if added else None):
        for d in added:
            collection.remove(d.slug)
        collection.related_words, collection.passage_size = before
        return
    record_bytes.update((key[4:], len(record.encode())) for key, record in records)
    await keep_pdfs(pdfs)  # source view
    reading.update(items=[], words=None, passages=None, cancelled=0, pdfs={})  # pdfs: source view
    show_read()
    show_passage_size()
    document.getElementById("my-words").value = word_list_text(collection.related_words)
    kept = f"Kept {len(added)} {'document' if len(added) == 1 else 'documents'}; the lab now searches yours."
    if size and size != before[1]:
        kept += f" As the zip says, your documents are now cut into {passages_phrase(size)}."
    say(" ".join([kept, *refused]))
    changed(switch_to="yours" if added else None)
    performance.mark("raglab:kept")


async def keep_pdfs(files: dict) -> None:
    """Source view: each kept PDF's bytes under ``pdf:<slug>``, one at a time, after its document (a reload reads
    a document whether or not its PDF made it). One the browser refuses leaves that document's text view alone:
    nothing is said, as for a document kept before PDFs were."""
    for slug, file in files.items():
        try:
            await raglabDocuments.keepPdf(f"pdf:{slug}", file)
        except Exception:
            pass


async def remove(slugs: list[str]) -> None:
    before = list(collection.documents)
    gone = [d for d in before if d.slug in slugs]
    for d in gone:
        collection.remove(d.slug)
    if await keep([], forget=[f"{kind}:{d.slug}" for d in gone for kind in ("doc", "pdf")]):  # pdf: source view
        say(
            f"Removed {', '.join(d.source or d.title for d in gone)}."
            if len(gone) < 4
            else f"Removed {len(gone)} documents."
        )
        changed()
    else:  # the browser still holds them: so does the page
        collection.documents[:] = before


async def save_words() -> None:
    text = document.getElementById("my-words").value
    try:
        words = parse_word_list(text)
    except CorpusError as error:
        say(f"The word list was not saved: {error}")
        return
    before, collection.related_words = collection.related_words, words
    if await keep([]):
        say(f"Word list saved: {len(words)} {'word' if len(words) == 1 else 'words'}.")
        changed()
    else:
        collection.related_words = before


async def import_zip(file) -> None:
    data = Uint8Array.new(await file.arrayBuffer()).to_bytes()
    try:
        imported = Collection.from_zip(data)
    except CorpusError as error:
        say(str(error))
        return
    for start in range(0, len(imported.documents), SLICE):  # cut as files read are, a slice a task
        for doc in imported.documents[start : start + SLICE]:
            cut_sentences(doc)
        await asyncio.sleep(0)
    # Only a passages.toml says how to cut (a zip without one may be any zip of files): the visitor's choice stands.
    said = imported.passage_size if imported.passage_size != DEFAULT_SIZE else None
    reading.update(
        items=[*imported.documents, *imported.skipped], words=imported.related_words, passages=said, cancelled=0
    )
    show_read()


async def choose_passages(value: str) -> None:
    """The visitor chose how their documents are cut: kept in the meta record, and the lab cut again (the
    vectors of passages that are gone are forgotten; the new passages need theirs)."""
    before, collection.passage_size = collection.passage_size, passage_size_of(value)
    if collection.passage_size == before:
        return
    if not await keep([]):
        collection.passage_size = before
        show_passage_size()
        return
    show_read()
    if collection.documents:
        say(f"Your documents are now cut into {passages_phrase(collection.passage_size)}.")
        changed()


def download() -> None:
    lab = my_names.page["lab"]()
    if lab is not None:
        my_names.use_names(lab)  # the names Graph RAG uses, with the visitor's edits, go into the zip too
    data = collection.to_zip(lab.corpus.entities if lab is not None else ())
    raglabDocuments.download(Uint8Array.new(to_js(data)), "my-documents.zip")


# --- events: plain functions so preventDefault runs while the event is dispatched ------------------------------


@when("change", "#doc-files")
def on_files(event):
    asyncio.ensure_future(read_files(event.target.files))


@when("change", "#doc-zip")
def on_zip(event):
    if event.target.files.length:
        asyncio.ensure_future(import_zip(event.target.files.item(0)))


@when("dragover", ".drop-zone")
def on_drag(event):
    event.preventDefault()  # without it the browser opens the dropped file instead


@when("drop", ".drop-zone")
def on_drop(event):
    event.preventDefault()
    asyncio.ensure_future(read_files(event.dataTransfer.files))


@when("click", "#paste-read")
def on_paste(event):
    text = document.getElementById("paste-text").value
    title = document.getElementById("paste-title").value.strip() or "Pasted text"
    reading["cancelled"] = 0
    try:
        reading["items"] = [read_pasted(text, title)]
    except ReadError as error:
        reading["items"] = [error]
    show_read()


@when("click", "#docs-cancel")
def on_cancel(event):
    reading["cancel"] = True


@when("click", "#save-words")
def on_save_words(event):
    asyncio.ensure_future(save_words())


@when("change", "input[name=passages]")
def on_passages(event):
    asyncio.ensure_future(choose_passages(event.target.value))


@when("change", "input[name=corpus]")
def on_switch(event):
    page["use"](event.target.value)
    asyncio.ensure_future(keep([]))


@when("click", "#yours")
def on_section_click(event):
    """Controls drawn after start-up: keep or discard what was read, remove, download."""
    classes = event.target.classList
    if classes.contains("keep-read"):
        asyncio.ensure_future(keep_read())
    elif classes.contains("discard-read"):
        reading.update(items=[], words=None, passages=None, cancelled=0, pdfs={})  # pdfs: source view
        show_read()
    elif classes.contains("remove-doc"):
        asyncio.ensure_future(remove([event.target.dataset.slug]))
    elif classes.contains("remove-all-docs"):
        asyncio.ensure_future(remove([d.slug for d in collection.documents]))
    elif classes.contains("download-docs"):
        download()
    elif classes.contains("show-all-docs"):
        whole_list[event.target.dataset.list] = True
        show_read() if event.target.dataset.list == "read" else asyncio.ensure_future(draw_kept())
