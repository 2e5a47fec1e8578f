"""The compare view's controls: a question (a preset or typed) put to every technique at once, a row's name that
opens its technique with the same question, and a tapped dot of the meaning map. raglab.page.compare_needs says
what the run needs (wheels, texts to embed), raglab.compare runs it, raglab.meaning_map draws the map (in steps,
the page drawing between them), and the page model keeps it, for raglab.ui.compare_html to write."""

import asyncio

import drawing
from pyscript import document, when
from questions import answer

from raglab import QuestionError
from raglab.page import COMPARE, YOURS, compare_needs, wheel_failure
from raglab.page.status import compare_refusal


async def compare_question(page, question: str) -> None:
    from raglab.compare import NO_MODEL, compare, probes
    from raglab.meaning_map import map_steps

    model = page.model
    asked = model.ask_compare(question)
    page.draw(asked.changes)
    ticket, lab = asked.ticket, page.lab()
    try:
        if asked.wait_ready:
            await page.until_ready(lab)
        if not model.newest(COMPARE, ticket):
            return
        if page.corpus == YOURS:
            page.names.use_names(lab)  # found by rules, with the visitor's edits
        refused = compare_refusal(model.facts) if page.corpus == YOURS else ""
        if not refused and not page.embedder.available:
            refused = NO_MODEL
        tables = [] if refused else [await page.site.vector_table("vectors"), await page.site.vector_table()]
        plan = compare_needs(lab, question, tables, refused)
        for key, wheel in plan.wheels:
            await page.site.install(wheel.name, wheel.module, wheel_failure(key, wheel))
        if plan.table is not None and not await page.embedder.add(plan.table, COMPARE, ticket, plan.to_embed):
            page.draw(model.compare_failed(ticket))  # the model failed: the line says so, with "Try again"
            return
        if not model.newest(COMPARE, ticket):
            return
        compared = compare(lab, question, plan.table, plan.missing or NO_MODEL)
        drawn = None
        if plan.table is not None:
            drawn = await drawing.Pace().run(map_steps(lab, plan.table, probes(compared)))
        if not model.newest(COMPARE, ticket):
            return
        page.draw(model.compared(ticket, compared, drawn))
    except QuestionError as error:
        page.draw(model.compare_failed(ticket, str(error)))
    except Exception as error:  # the bridge or the model failed: say so, keep the page usable
        page.draw(model.compare_failed(ticket, f"Something went wrong: {error}. The last view is kept; try again."))


async def open_address(page) -> None:
    """At the start: a link to a question of the compare view's list (``?compare=...``, what its buttons are
    without JavaScript) puts that question to every technique."""
    from js import location

    from raglab.page.address import read

    question = read(location.search, location.hash, page.model.keys).compare
    if question:
        document.getElementById("q-compare").value = question
        await compare_question(page, question)


def install(page) -> None:
    def asked(question: str) -> None:
        asyncio.ensure_future(compare_question(page, question))

    @when("submit", "form.compare-ask")
    def on_compare(event):
        event.preventDefault()
        event.target.removeAttribute("data-asked")  # asked now: what boot.js marked before the start is spent
        asked(event.target.querySelector("input[name=compare]").value)

    @when("click", "#compare")
    def on_click(event):
        """A preset; a row's name (its technique, the same question, answered there); a dot of the map (its
        passage in the line under the picture)."""
        preset = event.target.closest("a.compare-preset")
        if preset:
            event.preventDefault()
            document.getElementById("q-compare").value = preset.dataset.q
            asked(preset.dataset.q)
            return
        link = event.target.closest("a.open-technique")
        if link:
            event.preventDefault()
            key, question = link.dataset.technique, link.dataset.q
            drawing.fill_box(key, question)
            document.getElementById(key).scrollIntoView()
            asyncio.ensure_future(answer(page, key, question, remember=True))
            return
        dot = event.target.closest("circle.point")
        if dot:
            figure = dot.closest("figure.map")
            figure.querySelector(".map-point").textContent = dot.querySelector("title").textContent

    @when("keydown", "#compare")
    def on_preset_key(event):
        """Space and Enter press a preset, as they press a button (see sections.on_preset_key)."""
        link = event.target.closest("a.compare-preset")
        if link and event.key in (" ", "Enter"):
            event.preventDefault()
            link.click()
