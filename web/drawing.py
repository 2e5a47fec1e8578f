"""What the page model answers, drawn: each ``(what, key, value)`` of a ``Changes`` put in its place in the page
(raglab.page.answers.Changes says what each one is), and the address written. Nothing here decides anything."""

import asyncio
from types import MappingProxyType

from js import history, location, performance
from pyscript import document

from raglab.techniques import TECHNIQUES

LAB_ENTRY = "raglab"  # the state of a history entry the lab wrote: popstate to one without it is a #place link
TASK_MS = 50  # long work (reading files) yields to the page at least this often: it draws, and answers clicks


class Pace:
    """Long work on the main thread, paced: ``tick`` between pieces lets the page draw and answer (calling ``draw``
    first) once TASK_MS have passed since it last did, or would pass during the next piece, so no task holds the
    page much longer; a piece of work in steps (raglab.documents.steps) is run by ``run``, ticking between its
    steps and taking the next step to last as long as the last one did."""

    def __init__(self):
        self.drawn = performance.now()

    async def tick(self, draw=None, next_ms: float = 0.0) -> None:
        if performance.now() - self.drawn + next_ms > TASK_MS:
            if draw:
                draw()
            await asyncio.sleep(0)
            self.drawn = performance.now()

    async def run(self, steps, draw=None, stop=None):
        """What work in steps returns, the page drawn and clicks answered between its steps: ``draw(what a step
        yielded)`` when the page draws; None once ``stop()`` says so (the work is closed where it stood)."""
        while not (stop and stop()):
            started = performance.now()
            try:
                done = next(steps)
            except StopIteration as end:
                return end.value
            # a step after 40 ms of others would make a task of 40 ms and its own: with the many-item PDF's
            # 80 ms steps, tasks over 200 ms on a busy machine (bench/README.md, issue 36)
            await self.tick(draw and (lambda done=done: draw(done)), performance.now() - started)
        steps.close()
        return None


def draw(changes) -> None:
    for what, key, value in changes.draws:
        DRAWERS[what](key, value)
    if changes.address is not None:
        write = history.pushState if changes.address.push else history.replaceState
        write(LAB_ENTRY, "", page_url(changes.address.url))


def page_url(address: str) -> str:
    """The page's own URL with ``address`` (its query and fragment): whole, since a path alone that begins "//"
    (a visitor's ``host//``) would be read as another host's."""
    return location.origin + location.pathname + address


def check(root, name: str, value) -> None:
    """Check the radio button ``name`` whose value is ``value``, compared as text: a value (stored, linked or
    typed) is never pasted into a selector."""
    for radio in root.querySelectorAll(f"input[name={name}]"):  # name: the page's own field names
        if radio.value == str(value):
            radio.checked = True


def draw_corpus(_, name: str) -> None:
    document.body.dataset.corpus = name
    check(document, "corpus", name)
    for key in TECHNIQUES:
        box = document.getElementById(f"q-{key}")
        box.placeholder = "Ask about your documents" if name == "yours" else box.dataset.fernport


def draw_box(key: str, text: str) -> None:
    document.getElementById(f"q-{key}").value = text


def draw_slot(key: str, html) -> None:
    """``html``: the slot's HTML, or its pre-rendered start (raglab.page.places.Begun). The first time anything is
    drawn over the start, its nodes are moved (not copied) into a ``<template id="start-<key>">``, and a start
    drawn again is a clone of that template's."""
    slot = document.getElementById(f"result-{key}")
    if document.body.classList.contains("embed"):
        # In a course page an answer never shrinks the frame: where the embed ends the course page, a shorter frame
        # would scroll the course page up under its reader. The slot keeps the height of the tallest answer so far.
        slot.style.minHeight = f"{slot.getBoundingClientRect().height}px"
    start = document.getElementById(f"start-{key}")
    if isinstance(html, str):
        if not start:  # (JavaScript's null: falsy, not None)
            keep_start(key, slot)
        slot.innerHTML = html
    elif start:  # (no template: the slot still shows its start)
        slot.replaceChildren(start.content.cloneNode(True))


def keep_start(key: str, slot) -> None:
    """Move the start shown in ``slot`` into its template: the pre-rendered nodes themselves, out of the dimmed
    ``.earlier`` wrapper when draw_earlier put them in one (its note is no part of the start)."""
    kept = document.createElement("template")
    kept.id = f"start-{key}"
    earlier = slot.querySelector(":scope > .earlier")
    source = earlier if earlier else slot
    while source.firstChild:
        kept.content.appendChild(source.firstChild)
    document.body.append(kept)


def draw_earlier(key: str, note: str) -> None:
    """A question that drew nothing: the result still shown belongs to an earlier question, so it says which, in a
    line above it, and is dimmed (lab.css's ``.earlier``) until the section draws again. The result is moved, not
    copied: an opened score or prompt stays open."""
    slot = document.getElementById(f"result-{key}")
    line = slot.querySelector(".earlier-note")
    if not note:
        if line:
            earlier = slot.querySelector(".earlier")
            line.remove()
            while earlier.firstChild:
                slot.appendChild(earlier.firstChild)
            earlier.remove()
        return
    if not line:
        earlier = document.createElement("div")
        earlier.className = "earlier"
        while slot.firstChild:
            earlier.appendChild(slot.firstChild)
        line = document.createElement("p")
        line.className = "message earlier-note"
        slot.append(line, earlier)
    line.textContent = note


def draw_busy(key: str, busy: bool) -> None:
    slot = document.getElementById(f"result-{key}")
    if slot:
        slot.classList.toggle("busy", bool(busy))


def draw_line(key: str, html: str) -> None:
    line = document.getElementById(f"msg-{key}")
    if line:
        line.innerHTML = html


def draw_panel(key: str, html: str) -> None:
    panel = document.getElementById(f"model-{key}")
    state = panel.querySelector(".model-state") if panel else None
    if state:
        state.innerHTML = html


def draw_form(key: str, asked: tuple) -> None:
    """The section's boxes as a question was asked: the question (selected on the first click, so typing replaces
    it), its inputs, its options (the defaults where none is given)."""
    question, given = asked
    t = TECHNIQUES[key]
    section = document.getElementById(key)
    fill_box(key, question)
    for i in t.inputs:
        if i.field:
            section.querySelector(f"[name={i.param}]").value = i.shown(given.get(i.name))
    for o in t.options:
        value = given.get(o.name, o.default)
        if o.choices:
            for radio in section.querySelectorAll(f"input[name={o.name}]"):
                radio.checked = radio.value == value
        else:
            section.querySelector(f"input[name={o.name}]").value = f"{value:g}"


def draw_own(key: str, html: str) -> None:
    """A place for the visitor's documents (raglab.ui.own_html): ``own-<key>``, where the page has it."""
    place = document.getElementById(f"own-{key}")
    if place:
        place.innerHTML = html


DRAWERS = MappingProxyType(
    {
        "corpus": draw_corpus,
        "box": draw_box,
        "form": draw_form,
        "slot": draw_slot,
        "earlier": draw_earlier,
        "busy": draw_busy,
        "line": draw_line,
        "panel": draw_panel,
        "own": draw_own,
    }
)


def fill_box(key: str, question: str) -> None:
    """A question the visitor did not type (a preset, a link, Back) in the section's box; the box's first click
    selects it all, so typing replaces it, and a second click places the caret to edit it."""
    box = document.getElementById(f"q-{key}")
    box.value = question
    box.setAttribute("data-given", question)


def boxes() -> dict[str, str]:
    """Every section's question box as it is now (kept at a switch, shown again on the way back)."""
    return {key: document.getElementById(f"q-{key}").value for key in TECHNIQUES}


def form_values(t, form) -> dict:
    """The technique's inputs and options as its form holds them (the core checks them)."""
    given = {i.name: i.read([form.querySelector(f"[name={i.param}]").value]) for i in t.inputs if i.field}
    for o in t.options:
        field = form.querySelector(f"input[name={o.name}]:checked" if o.choices else f"input[name={o.name}]")
        given[o.name] = o.read(field.value) if field else None
    return given


def link_message(text: str) -> None:
    """One line above the lab: the link names techniques the lab does not have, and those it has."""
    line = document.createElement("p")
    line.className = "message link-message"
    line.setAttribute("role", "status")
    line.textContent = text
    document.getElementById("lab").prepend(line)


def show_status(kind: str, text: str) -> None:
    status = document.getElementById("status")
    status.dataset.state = kind
    status.textContent = text
