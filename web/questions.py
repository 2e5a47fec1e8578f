"""A section's question, from the click to the drawn result: the page model gives it a ticket, raglab.page.needs_for
says what the technique needs (wheels to install, texts to embed), the glue gets them, runs the technique once and
gives the page model the result to draw. Also the address: each question asked is a history entry, and Back,
Forward and a deep link redraw what the address asks for (raglab.page.address; ``#hyde&q.plain=...&hy.hyde=...``).
"""

import asyncio

import drawing
from js import history, location
from pyscript import document

from raglab import QuestionError, run
from raglab.page import YOURS, needs_for, table_for, wheel_failure
from raglab.page.address import moved
from raglab.techniques import TECHNIQUES, options_of
from raglab.techniques.registry import NETWORKX


async def prepared(page, key: str, question: str, given: dict, ticket: int | None = None):
    """The options technique ``key`` runs with, once what it needs is had: its wheels installed and, for a meaning
    technique, the vector table as its ``embed`` with every text it embeds (the embedding model makes those it
    lacks, for request ``ticket``). None when the model failed (the section's line says why)."""
    t, lab = TECHNIQUES[key], page.lab()
    if t.meaning:  # the presets' shipped vectors if they hold every text, else the page model's
        tables = [await page.site.vector_table("vectors"), await page.site.vector_table()]
        table, needs = table_for(lab, key, question, given, tables)
    else:
        table, needs = None, needs_for(lab, key, question, given)
    for wheel in needs.wheels:
        await page.site.install(wheel.name, wheel.module, wheel_failure(key, wheel, given))
    if table is None:
        return {}
    if ticket is not None and not await page.embedder.add(table, key, ticket, needs.to_embed):
        return None
    return {"embed": table}


async def answer(
    page, key: str, question: str, given: dict | None = None, source: str = "visitor", remember: bool = False
) -> bool:
    """Run one technique and show its result; a question that cannot be used keeps the last result. False when
    nothing was drawn. ``given``: the technique's inputs and options by name; ``remember``: the question goes into
    the address (a question the visitor asked, not one an address asked again)."""
    given, model, t = dict(given or {}), page.model, TECHNIQUES[key]
    asked = model.ask(key, question, given, source)
    page.draw(asked.changes)
    if asked.refused:
        return False
    ticket, lab = asked.ticket, page.lab()
    try:
        if asked.wait_ready:
            await page.until_ready(lab)
        if not model.newest(key, ticket):  # a newer question, or other documents, came meanwhile
            return False
        if page.corpus == YOURS and NETWORKX in t.needs:
            page.names.use_names(lab)  # found by rules, with the visitor's edits
        options = options_of(t, given)
        if options.keys() & {i.name for i in t.inputs}:
            options["source"] = source
        ready = await prepared(page, key, question, given, ticket)
        if ready is None:  # the embedding model failed: its line says so, with "Try again"
            page.draw(model.failed(key, ticket, question))
            return False
        if not model.newest(key, ticket):
            return False
        result = run(lab, key, question, **options, **ready)
        changes = model.answered(key, ticket, result, here() if remember else None)
        page.draw(changes)
        if t.meaning:
            asyncio.ensure_future(page.site.load_numpy())  # in the background: the answer is already shown
        return bool(changes)
    except QuestionError as error:
        page.draw(model.failed(key, ticket, question, str(error)))
    except Exception as error:  # the bridge or the model failed: say so, keep the page usable
        page.draw(
            model.failed(key, ticket, question, f"Something went wrong: {error}. The last result is kept; try again.")
        )
    return False


async def current_result(page, key: str):
    """The result a section shows ("Ask the model" reads its prompt): the last one answered here, or its
    pre-rendered start, run once."""
    result = page.model.result(key)
    if result is None:
        lab = page.lab()
        await page.until_ready(lab)
        question = question_in_box(page, key)
        result = run(lab, key, question, **await prepared(page, key, question, {}))
        page.model.keep_start_result(key, result)
    return result


def question_in_box(page, key: str) -> str:
    typed = document.getElementById(f"q-{key}").value.strip()
    return typed or page.model.shown_question(key)


def fill_asked_boxes(page) -> None:
    """At the start, before "Ready": the questions the address asks in their boxes (open_address answers them)."""
    page.draw(page.model.asked_forms(here()))


def here() -> str:
    return location.search + location.hash


def move_old_link(page) -> None:
    """At the start: an older link's questions moved from the query to the fragment (raglab.page.address.moved), so
    a reload or a shared link never sends them; the entry is marked as the lab's (drawing.LAB_ENTRY)."""
    url = moved(location.search, location.hash, page.model.keys)
    history.replaceState(drawing.LAB_ENTRY, "", drawing.page_url(here() if url is None else url))


async def open_address(page, at_start: bool = False) -> None:
    """Show what the address asks for: at the start, a deep link (the page scrolled to the section it points at);
    after Back or Forward, the entry's questions. Each section the page model names is redrawn from what was kept,
    or asked again."""
    model = page.model
    opening = model.open_address(location.search, location.hash, at_start, drawing.boxes())
    if opening.message:
        drawing.link_message(opening.message)
    page.draw(opening.changes)
    if opening.keep_switch:
        asyncio.ensure_future(page.documents.keep([]))  # the switch, as the visitor's own would be kept
    for key in model.keys:
        restore = model.restore(key, opening.token)
        if restore.stop:
            return
        page.draw(restore.changes)
        if restore.rerun:
            await answer(page, key, *restore.rerun)
    if opening.scroll_to:
        document.getElementById(opening.scroll_to).scrollIntoView()
