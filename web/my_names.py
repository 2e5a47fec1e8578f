"""Names in the visitor's documents, for Graph RAG: found by rules (raglab.graph.names) the first time they are needed,
with the visitor's edits (remove, merge, add) kept in IndexedDB (record ``names``) and applied again whenever the
documents change."""

import asyncio
import json

from js import raglabDocuments
from pyodide.ffi import to_js
from pyscript import document, when

from raglab.documents.records import RECORD_PAIRS_DEPTH
from raglab.graph.names import apply_edits, edits_from_record, names_found
from raglab.ui.names_html import render_names

RECORD = "names"


def no_edits() -> dict:
    return {"added": [], "merged": [], "removed": []}


class Names:
    def __init__(self, page):
        self.page = page
        self.edits = no_edits()  # the visitor's edits, as kept
        self.found = None  # the names found by rules in the documents of lab ``found_for``
        self.found_for = None

    async def load(self) -> str:
        """At start: the visitor's edits as kept, checked (raglab.graph.names.edits_from_record); the sentence
        about a record that could not be read back ("" none)."""
        kept = dict((await raglabDocuments.records(RECORD)).to_py(depth=RECORD_PAIRS_DEPTH))
        if RECORD not in kept:
            return ""
        self.edits, why = edits_from_record(kept[RECORD])
        return why

    def use_names(self, lab) -> None:
        """Give ``lab`` the names found by rules in its documents, with the visitor's edits (found once per Lab)."""
        if self.found_for is not lab:
            self.found, self.found_for = names_found(lab.corpus.documents), lab
            lab.use_entities(apply_edits(self.found.entities, self.edits))

    def draw(self) -> None:
        lab = self.page.yours()
        if lab is None:
            return
        self.use_names(lab)
        document.getElementById("docs-names").innerHTML = render_names(lab.corpus.entities, self.found, self.edits)

    async def edit(self, kind: str, *values) -> None:
        self.edits.setdefault(kind, []).extend(values)
        await self.save()

    async def save(self) -> None:
        lab = self.page.yours()
        if lab is not None:
            self.use_names(lab)
            lab.use_entities(apply_edits(self.found.entities, self.edits))
            asyncio.ensure_future(self.page.propose(lab))  # Graph RAG's questions follow the names
        try:
            await raglabDocuments.keep(to_js([[RECORD, json.dumps(self.edits)]]))
        except Exception as error:
            self.page.say("yours", f"Your edits to the names could not be kept: {error}.")
        self.draw()


def _field(id_: str) -> str:
    return document.getElementById(id_).value.strip()


def install(page) -> None:
    names = page.names = Names(page)

    @when("toggle", "#yours .my-names")
    def on_open(event):
        if event.target.open:
            names.draw()

    @when("click", "#graph")
    def on_open_names(event):
        # A Graph RAG result whose names make no link offers the names list's editor (ui.names_html.no_link_note).
        if event.target.classList.contains("open-names"):
            editor = document.querySelector("#yours .my-names")
            if editor is None:
                return
            editor.open = True
            editor.scrollIntoView()
            editor.querySelector("summary").focus()

    @when("click", "#docs-names")
    def on_click(event):
        classes = event.target.classList
        if classes.contains("remove-name"):
            asyncio.ensure_future(names.edit("removed", event.target.dataset.name))
        elif classes.contains("remove-chosen"):
            chosen = document.querySelectorAll("#docs-names input.choose-name:checked")
            if chosen.length:
                asyncio.ensure_future(names.edit("removed", *(box.value for box in chosen)))
        elif classes.contains("add-name") and _field("name-add"):
            aliases = [a.strip() for a in _field("name-add-aliases").split(",") if a.strip()]
            asyncio.ensure_future(names.edit("added", {"name": _field("name-add"), "aliases": aliases}))
        elif classes.contains("merge-names") and _field("merge-into") and _field("merge-from"):
            asyncio.ensure_future(names.edit("merged", [_field("merge-into"), _field("merge-from")]))
        elif classes.contains("reset-names"):
            names.edits = no_edits()
            asyncio.ensure_future(names.save())
