"""Your documents, read: the files the visitor chooses, drops, pastes or brings in a zip, read one at a time (the
page stays usable) and listed with what each gave, until they are kept (my_documents.py) or discarded.

The core reads (raglab.documents.readers: every file kind, decided once by raglab.documents.kinds.file_kind and handed
on, and every message); documents.js reads PDFs with pdf.js, and makes Word documents' HTML with mammoth.js. Nothing
here sends a byte anywhere: every file is read from the visitor's disk by the browser.
"""

import asyncio
from dataclasses import replace
from itertools import accumulate

import drawing
from js import raglabDocuments
from my_zip import import_zip
from pyodide.ffi import create_proxy, to_js
from pyscript import document, when

from raglab.documents.chunking import cut_sentences_steps
from raglab.documents.corpus import CorpusError, Document
from raglab.documents.docx_reader import check_docx_steps
from raglab.documents.kinds import HEAD_BYTES, file_kind
from raglab.documents.limits import FILE_SECONDS, MAX_FILE_BYTES, MAX_FILES, PDF_STEP_SECONDS
from raglab.documents.pdf_items import MAX_PAGE_ITEMS
from raglab.documents.pdf_lines import Page
from raglab.documents.pdf_reader import check_page_count, check_pdf_steps, read_pdf_pages_steps
from raglab.documents.pdf_reports import PdfReports
from raglab.documents.read_errors import ReadError, read_error
from raglab.documents.readers import read_file, read_pasted, read_word_html_steps
from raglab.page.file_batches import file_batches
from raglab.page.reading_progress import ReadingProgress
from raglab.ui.documents_html import LIST_ROWS, render_read


class Reading:
    def __init__(self, page):
        self.page = page
        self.items = []  # each file's Document, or the ReadError saying why it gave none
        self.words = None  # a zip's word list
        self.passages = None  # a zip's passage size, when its passages.toml says one
        self.cancel, self.busy, self.cancelled = False, False, 0
        self.pdfs = {}  # source view: id() of a PDF's Document read -> (it, its File), for its bytes when kept
        self.whole_list = False  # "Show all" pressed: the list draws every document, not the first rows
        self.at: ReadingProgress | None = None  # how far the files being read are (None: none is)

    def clear(self) -> None:
        self.items, self.words, self.passages, self.cancelled, self.pdfs = [], None, None, 0, {}

    def progress(self, at: ReadingProgress | None) -> None:
        """The bar and its line at ``at`` (raglab.page.reading_progress), hidden for None."""
        self.at = at
        document.querySelector("#yours .reading").hidden = at is None
        if at is not None:
            bar = document.getElementById("docs-bar")
            bar.max, bar.value = 1, at.done
            document.getElementById("docs-progress").textContent = at.sentence()

    def unzipping(self, name: str) -> None:
        """A zip's member being read: the bar without a count (a zip's files are counted as they are read)."""
        self.progress(ReadingProgress(0, 0, name))
        document.getElementById("docs-bar").removeAttribute("value")

    async def read_one(self, file, data, pace: drawing.Pace) -> Document | ReadError | None:
        """The file read from its bytes (a Uint8Array; None for a file too large to read), or why it gives nothing;
        None when the visitor cancelled while it was being read."""
        name = file.name
        if data is None:  # said before a byte is read
            return read_error(name, "too_large", size=file.size)
        try:
            kind = file_kind(name, bytes(data.subarray(0, HEAD_BYTES).to_py()))
            if kind == "pdf":
                await pace.run(check_pdf_steps(name, data.to_bytes()))  # its streams unzipped, as pypdf's reader is
                reports = PdfReports(name)  # the command line's bounds, on what pdf.js gives after each page

                def stop(done: int, total: int, *report) -> bool:
                    over = reports.page(done, total, *report)
                    if self.at is not None:  # pdf.js awaits between pages, so the page draws the bar meanwhile
                        self.progress(replace(self.at, pages=total, text=done))
                    return over or self.cancel

                read = await raglabDocuments.pdfPages(data, create_proxy(stop), PDF_STEP_SECONDS, MAX_PAGE_ITEMS)
                check_page_count(name, reports.pages)  # past MAX_PAGES: said (as pypdf's page tree is), not read
                if reports.over:
                    return reports.over
                problem = getattr(read, "problem", None)
                if problem == "cancelled":
                    return None
                if problem:  # too_slow: given up after PDF_STEP_SECONDS on one step, the drop goes on
                    return read_error(name, problem, page=getattr(read, "page", 0))
                # each page into Python and read in its own steps (ITEMS_A_STEP of its items a step)
                made = (Page.from_arrays_steps(p.texts.to_py(), p.numbers.to_py(), p.box.to_py()) for p in read.pages)
                at = self.at
                laid_out = (lambda n: self.progress(replace(at, layout=n))) if at is not None else None
                doc = await pace.run(read_pdf_pages_steps(name, made), laid_out)
                self.pdfs[id(doc)] = (doc, file)  # source view: its bytes
                return doc
            raw = data.to_bytes()
            if kind == "docx" and await pace.run(check_docx_steps(name, raw)) is not None:
                # its directory checked and its XML streamed, in steps; then mammoth.js makes its HTML in a worker
                made = await raglabDocuments.docxHtml(data, FILE_SECONDS)
                problem = getattr(made, "problem", None)
                if problem == "too_slow":
                    return read_error(name, "too_slow_file", seconds=FILE_SECONDS, wall=True)
                if problem:
                    return read_error(name, "broken")
                return await pace.run(read_word_html_steps(name, made.html))  # its HTML read a piece a step
            return read_file(name, raw, kind)
        except (ReadError, CorpusError) as error:
            return error if isinstance(error, ReadError) else read_error(name, "broken")

    async def read_files(self, files) -> None:
        """Read every chosen or dropped file, one at a time (the page stays usable), and show what each gave."""
        if self.busy:
            self.page.say("yours", "Still reading the last files: wait for them, or cancel.")
            return
        total = files.length
        if total + len(self.page.documents.collection.documents) > MAX_FILES:
            self.page.say("yours", str(read_error(f"{total} files", "too_many")))
            return
        self.clear()
        self.busy, self.cancel, self.whole_list = True, False, False
        self.page.mark("read-start")
        sizes = [files.item(i).size for i in range(total)]
        starts = [0, *accumulate(sizes)]  # the bytes before each file
        whole = max(starts[-1], 1)
        self.progress(ReadingProgress(0, total, files.item(0).name, share=sizes[0] / whole) if total else None)
        pace = drawing.Pace()
        try:
            for start, end in file_batches(sizes):
                wanted = [i for i in range(start, end) if files.item(i).size <= MAX_FILE_BYTES]
                got = dict(zip(wanted, await raglabDocuments.bytes(files, to_js(wanted)), strict=True))
                for i in range(start, end):
                    if self.cancel:
                        break
                    file = files.item(i)
                    # drawn at the next tick, or as its pages go
                    self.at = ReadingProgress(i, total, file.name, before=starts[i] / whole, share=sizes[i] / whole)
                    await pace.tick(lambda at=self.at: self.progress(at))
                    item = await self.read_one(file, got.pop(i, None), pace)
                    if isinstance(item, Document):
                        # cut into sentences now, in steps, not all at once when the list's heading counts the
                        # passages (bench/README.md); the lab reuses the cut
                        await pace.run(cut_sentences_steps(item))
                    if item is not None:
                        self.items.append(item)
                if self.cancel:
                    break
        finally:
            self.busy = False
            self.progress(None)
        self.cancelled = total - len(self.items)
        self.show()
        self.page.mark("read-end")

    def show(self) -> None:
        size = self.passages or self.page.documents.collection.passage_size
        rows = None if self.whole_list else LIST_ROWS
        shown = self.items or self.cancelled
        document.getElementById("docs-read").innerHTML = (
            render_read(self.items, self.cancelled, size, rows) if shown else ""
        )

    def documents(self) -> list[Document]:
        return [d for d in self.items if isinstance(d, Document)]

    async def keep_pdfs(self, files: dict) -> None:
        """Source view: each kept PDF's bytes under ``pdf:<slug>``, one at a time, after its document (a reload
        reads a document whether or not its PDF made it). One the browser refuses leaves that document's text view
        alone: nothing is said, as for a document kept before PDFs were."""
        for slug, file in files.items():
            try:
                await raglabDocuments.keepPdf(f"pdf:{slug}", file)
            except Exception:
                pass


def install(page) -> None:
    """The reading controls (my_documents.install made ``page.documents``, whose ``reading`` this is)."""
    reading = page.documents.reading

    def on_toggle(event) -> None:
        """An opened "Show the text read": its document's text, as text. The read list names a document by its
        place among the documents read, the kept list by its slug."""
        box = event.target
        if not (box.open and box.classList.contains("doc-text")) or box.querySelector("pre").textContent:
            return
        key = box.dataset.doc
        if box.closest("#docs-read"):
            docs = reading.documents()
            doc = docs[int(key)] if key.isdigit() and int(key) < len(docs) else None
        else:
            doc = next((d for d in page.documents.collection.documents if d.slug == key), None)
        if doc is not None:
            box.querySelector("pre").textContent = doc.text

    # A document's text goes into its folded <pre> when opened; "toggle" does not bubble, so listen as it passes.
    document.getElementById("yours").addEventListener("toggle", create_proxy(on_toggle), True)

    @when("change", "#doc-files")
    def on_files(event):
        asyncio.ensure_future(reading.read_files(event.target.files))

    @when("change", "#doc-zip")
    def on_zip(event):
        if event.target.files.length:
            asyncio.ensure_future(import_zip(reading, event.target.files.item(0)))

    @when("dragover", ".drop-zone")
    def on_drag(event):
        event.preventDefault()  # without it the browser opens the dropped file instead

    @when("drop", ".drop-zone")
    def on_drop(event):
        event.preventDefault()
        asyncio.ensure_future(reading.read_files(event.dataTransfer.files))

    @when("click", "#paste-read")
    def on_paste(event):
        text = document.getElementById("paste-text").value
        title = document.getElementById("paste-title").value.strip() or "Pasted text"
        reading.cancelled = 0
        try:
            reading.items = [read_pasted(text, title)]
        except ReadError as error:
            reading.items = [error]
        reading.show()

    @when("click", "#docs-cancel")
    def on_cancel(event):
        reading.cancel = True

    @when("click", "#yours")
    def on_section_click(event):
        """Controls drawn after start-up: discard what was read, show its whole list."""
        classes, data = event.target.classList, event.target.dataset
        if classes.contains("discard-read"):
            reading.clear()  # pdfs too: source view
            reading.show()
        elif classes.contains("show-all-docs") and data.list == "read":
            reading.whole_list = True
            reading.show()
