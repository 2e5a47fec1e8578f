"""Names in the visitor's documents, for Graph RAG: found by rules (raglab.names) the first time they are needed,
with the visitor's edits (remove, merge, add) kept in IndexedDB (record ``names``) and applied again whenever the
documents change."""

import asyncio
import json

from js import raglabDocuments
from pyodide.ffi import to_js
from pyscript import document, when

from raglab.names import apply_edits, names_found
from raglab.ui.names_html import render_names

RECORD = "names"
page = {"lab": None}
state = {"edits": {"added": [], "merged": [], "removed": []}, "found": None, "for": None}


def install(lab) -> None:
    """``lab``: () -> the visitor's Lab, or None."""
    page["lab"] = lab


async def load() -> None:
    kept = dict((await raglabDocuments.records(RECORD)).to_py())
    if RECORD in kept:
        state["edits"] = json.loads(kept[RECORD])


def use_names(lab) -> None:
    """Give ``lab`` the names found by rules in its documents, with the visitor's edits (found once per Lab)."""
    if state["for"] is not lab:
        state.update(found=names_found(lab.corpus.documents), **{"for": lab})
        lab.use_entities(apply_edits(state["found"].entities, state["edits"]))


def draw() -> None:
    lab = page["lab"]()
    if lab is None:
        return
    use_names(lab)
    document.getElementById("docs-names").innerHTML = render_names(lab.corpus.entities, state["found"], state["edits"])


async def edit(kind: str, value) -> None:
    state["edits"].setdefault(kind, []).append(value)
    await save()


async def save() -> None:
    lab = page["lab"]()
    if lab is not None:
        use_names(lab)
        lab.use_entities(apply_edits(state["found"].entities, state["edits"]))
    try:
        await raglabDocuments.keep(to_js([[RECORD, json.dumps(state["edits"])]]))
    except Exception as error:
        document.getElementById("msg-yours").textContent = f"Your edits to the names could not be kept: {error}."
    draw()


def _field(id_: str) -> str:
    return document.getElementById(id_).value.strip()


@when("toggle", "#yours .my-names")
def on_open(event):
    if event.target.open:
        draw()


@when("click", "#docs-names")
def on_click(event):
    classes = event.target.classList
    if classes.contains("remove-name"):
        asyncio.ensure_future(edit("removed", event.target.dataset.name))
    elif classes.contains("add-name") and _field("name-add"):
        aliases = [a.strip() for a in _field("name-add-aliases").split(",") if a.strip()]
        asyncio.ensure_future(edit("added", {"name": _field("name-add"), "aliases": aliases}))
    elif classes.contains("merge-names") and _field("merge-into") and _field("merge-from"):
        asyncio.ensure_future(edit("merged", [_field("merge-into"), _field("merge-from")]))
    elif classes.contains("reset-names"):
        state["edits"] = {"added": [], "merged": [], "removed": []}
        asyncio.ensure_future(save())
