"""“Show in the document”: the page's glue for the source view, a dialog that shows a document as the lab read it,
opened at the passage a result gave. Events in (a result's “Show in the document”, the choice of cut, Close and
Escape), the renderer's HTML out: raglab.documents.source_map finds the passage, the pages it runs over and the words of
a PDF page that hold it; raglab.ui.source_html draws. For a visitor's PDF kept with its bytes (documents.js,
``pdf:<slug>``), pdf_view.js draws the page and puts boxes over the items Python names; a document kept without
them (kept before PDFs were) shows its text alone, and nothing is said of it.

The dialog is the browser's own (``showModal``): focus goes into it and the page behind cannot be reached; Escape
closes it, and focus goes back to the button that opened it.
"""

import asyncio

import drawing
from js import Object, raglabDocuments
from pyodide.ffi import create_proxy, to_js
from pyscript import document, when

from raglab.documents.source_map import find_place, passage_marks, passage_pages, passage_text
from raglab.ui.source_body import HERE_ID
from raglab.ui.source_html import (
    PDF_SCALES,
    TITLE_ID,
    cut_steps,
    pdf_caption,
    pdf_zoom_for,
    render_pdf_part,
    render_source,
    size_of,
)


class SourceView:
    """The one dialog, and what it shows: a document and the place of the passage in it, the button that opened it,
    and a count of openings, so a PDF page still being drawn for an earlier opening draws nothing."""

    def __init__(self):
        self.labs = lambda: []  # (name, Lab) pairs, the lab the page searches first (install gives it)
        self.dialog = None  # made on first use
        self.shown = None  # (document, place) while open
        self.opener = None
        self.opened = 0
        self.scrolled_to = 0  # the view's scroll position when it last went to the passage
        self.zoom = None  # the PDF page's zoom the visitor chose (None: by the room it has, pdf_zoom_for)
        self.drawn = None  # (document, its pages, each page's marks, pdf_view) of the PDF part shown
        self.cuts = 0  # a count of the text's drawings (an opening, another cut chosen): an earlier one stops
        self.lab = None  # the lab the document shown is in (its chunks are the view's passages)

    def element(self):
        if self.dialog is None:
            dialog = document.createElement("dialog")
            dialog.className = "source-view"
            dialog.setAttribute("aria-labelledby", TITLE_ID)
            dialog.addEventListener("click", create_proxy(self.on_click))
            dialog.addEventListener("change", create_proxy(self.on_change))
            dialog.addEventListener("close", create_proxy(self.on_close))
            document.body.append(dialog)
            self.dialog = dialog
        return self.dialog

    def find(self, slug: str, corpus: str = ""):
        """(lab's name, lab, document) of the first lab holding a document ``slug`` (only lab ``corpus`` when it is
        given): a result's passage comes from the documents the page searches, or, just after the switch, the
        others."""
        for name, lab in self.labs():
            if corpus and name != corpus:
                continue
            try:
                return name, lab, lab.corpus.document(slug)
            except KeyError:
                continue
        return None

    def open(self, slug: str, passage_id: str, opener) -> None:
        found = self.find(slug, opener.getAttribute("data-corpus") or "")
        if found is None:  # a result of documents since removed (its section is redrawn on the change)
            return
        name, lab, doc = found
        place = find_place(doc, passage_id, lab.passage_size, lambda size: lab.document_chunks(doc, size))
        dialog = self.element()
        self.opened += 1
        self.shown, self.opener, self.drawn, self.lab = (doc, place), opener, None, lab
        dialog.innerHTML = render_source(doc, place, cut="")
        if not dialog.open:
            dialog.showModal()
        if place is None:
            return
        asyncio.ensure_future(self.draw_cut(place.size, focus=True))
        if place.count and name == "yours" and doc.page_starts:
            asyncio.ensure_future(self.draw_pdf(doc, place, self.opened))

    async def draw_cut(self, size, focus: bool) -> None:
        """The text as cut into passages of ``size``, in steps (raglab.ui.source_html.cut_steps): the run that
        holds the passage first, gone to (and focused when ``focus``) as soon as it is drawn, then the runs after
        and before it, one a task: what a task puts in is read again after it by the page's mutation observers
        (boot.js's guard and PyScript's), outside any time a ``drawing.Pace`` could measure, so a run (a few ms to
        parse and guard) is the most a task adds. A run put before the passage moves it down: the view goes back
        to it, unless the visitor has scrolled meanwhile."""
        self.cuts += 1
        cuts, (doc, place) = self.cuts, self.shown
        cut = self.dialog.querySelector(".source-cut")
        cut.removeAttribute("data-drawn")
        pace, text = drawing.Pace(), None
        for step in cut_steps(doc, place, size, chunks=self.lab.document_chunks(doc, size)):
            if cuts != self.cuts:
                return
            if step is None:  # the passages being found
                await pace.tick()
                continue
            where, html = step
            if where == "cut":
                cut.innerHTML = html
                text = cut.querySelector(".source-text")
                continue
            if where == "here":
                text.innerHTML = html
                self.go_to_passage(focus=focus)
            elif where == "end":
                text.insertAdjacentHTML("beforeend", html)
            else:
                kept = self.dialog.scrollTop == self.scrolled_to  # the visitor has not scrolled
                text.insertAdjacentHTML("afterbegin", html)
                if kept:
                    self.go_to_passage(focus=False)
            await asyncio.sleep(0)  # a run a task
        if cuts == self.cuts:
            cut.dataset.drawn = "all"  # every run of the text is in (tests wait for it)

    def go_to_passage(self, focus: bool) -> None:
        """The highlighted passage scrolled to the middle of the view, and focused (a screen reader reads it)."""
        here = self.dialog.querySelector(f"#{HERE_ID}")
        if not here:
            return
        # the dialog only ("nearest" container): in an embed, scrolling every ancestor would move the course page
        here.scrollIntoView(to_js({"block": "center", "container": "nearest"}, dict_converter=Object.fromEntries))
        part = self.dialog.querySelector(".pdf-part")
        if part and not part.hidden:  # on a phone the page stays over the text's top: the passage goes below it
            above, mark = part.getBoundingClientRect(), here.getBoundingClientRect()
            if above.top < mark.top and above.right > mark.left and mark.right > above.left:
                self.dialog.scrollTop -= max(0, above.bottom - mark.top + 8)
        if focus:
            here.focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
        self.scrolled_to = self.dialog.scrollTop

    def back_to_passage(self) -> None:
        """After the PDF's page moved the text (beside it, the text's column narrows): the passage in the middle
        again, unless the visitor has scrolled meanwhile."""
        if self.dialog.scrollTop == self.scrolled_to:
            self.go_to_passage(focus=False)

    async def draw_pdf(self, doc, place, opened: int) -> None:
        """The pages of the visitor's PDF the passage runs over, drawn under the dialog's heading, the passage's
        words marked. A PDF that is not kept, or cannot be drawn, leaves the text view alone."""
        part = self.dialog.querySelector(".pdf-part")
        try:
            data = await raglabDocuments.pdf(f"pdf:{doc.slug}")
            if data is None or opened != self.opened:
                return
            pdf = await raglabDocuments.pdfView()
            await pdf.open(opened, data)
            if opened != self.opened:
                return
            pages = passage_pages(doc, place)
            text = passage_text(doc, place)
            marks = {}
            for n in pages:
                marks[n] = passage_marks((await pdf.pageItems(n)).to_py(), text)
                if opened != self.opened:
                    return
            self.drawn = (doc, pages, marks, pdf)
            await self.draw_pages(opened)
        except Exception as error:  # a damaged or unreadable PDF: the text view is all there is
            if opened == self.opened:
                part.hidden = True
            print(f"source view: the PDF's page could not be drawn ({error})")

    async def draw_pages(self, opened: int, focus: bool = False) -> None:
        """The PDF part drawn at the zoom chosen, else the one its room calls for (measured once it is shown): at
        print size it scrolls itself to the passage's first marked words. ``focus``: on the zoom button (pressed,
        then drawn again)."""
        doc, pages, marks, pdf = self.drawn
        part = self.dialog.querySelector(".pdf-part")
        part.innerHTML = render_pdf_part(doc, pages, self.zoom or "fit")
        part.hidden = False
        zoom = self.zoom or pdf_zoom_for(part.clientWidth)
        if zoom != (self.zoom or "fit"):
            part.innerHTML = render_pdf_part(doc, pages, zoom)
        part.dataset.zoom = zoom
        if focus:
            part.querySelector(".pdf-zoom").focus(to_js({"preventScroll": True}, dict_converter=Object.fromEntries))
        self.back_to_passage()
        for n in pages:
            figure = part.querySelector(f'[data-page="{n}"]')
            sheet = figure.querySelector(".pdf-sheet")
            await pdf.draw(sheet, n, to_js([list(m) for m in marks[n]]), PDF_SCALES[zoom])
            if opened != self.opened:
                return
            figure.querySelector("figcaption").textContent = pdf_caption(n, doc.pages, len(marks[n]))
            figure.dataset.marked = str(len(marks[n]))
            self.back_to_passage()
        box = part.querySelector(".pdf-box")
        if box and PDF_SCALES[zoom]:  # the part alone scrolls (scrollIntoView would move the dialog's text too)
            at, room = box.getBoundingClientRect(), part.getBoundingClientRect()
            part.scrollTop += at.top - room.top - (part.clientHeight - at.height) / 2
            part.scrollLeft += at.left - room.left - 8

    def on_click(self, event) -> None:
        if event.target.closest(".source-close"):
            self.dialog.close()
        zoom = event.target.closest(".pdf-zoom")
        if zoom and self.drawn is not None:  # the other zoom, kept for the next opening too
            self.zoom = zoom.dataset.zoom
            asyncio.ensure_future(self.draw_pages(self.opened, focus=True))

    def on_change(self, event) -> None:
        """Another cut chosen (chunk size's passages): the text drawn again in passages of that size, the passages
        that hold the same sentences highlighted; focus stays on the choice."""
        box = event.target
        if box.name != "source-size" or self.shown is None or self.shown[1] is None:
            return
        asyncio.ensure_future(self.draw_cut(size_of(box.value), focus=False))

    def on_close(self, event) -> None:
        self.opened += 1  # a page still being drawn draws nothing
        self.cuts += 1  # nor the text
        self.shown, self.drawn = None, None
        if self.opener is not None and self.opener.isConnected:
            self.opener.focus()
        self.opener = None


def install(labs) -> None:
    """``labs()``: the page's labs as (name, Lab) pairs, the one it searches first ("fernport" holds the site's own
    corpus, Fernport or a course author's; "yours" the visitor's documents)."""
    view = SourceView()
    view.labs = labs
    document.body.dataset.sourceView = "ready"  # lab.css shows the buttons from now on

    @when("click", "body")
    def on_show(event):
        button = event.target.closest("button.show-source")
        if button:
            view.open(button.dataset.slug, button.getAttribute("data-id") or "", button)  # none: nothing highlighted
