"""The technique sections' controls: a preset, a typed question, a scoreboard question, the embed code; and Back
and Forward. Each handler is a plain function so that preventDefault() runs while the event is dispatched (an async
handler would run after the browser had already followed the link or sent the form); the work goes on in a task."""

import asyncio

import drawing
from drawing import LAB_ENTRY
from js import location, navigator, window
from pyodide.ffi import create_proxy
from pyscript import document, when
from questions import answer, open_address

from raglab.techniques import TECHNIQUES


def install(page) -> None:
    def asked(key: str, question: str, **given) -> None:
        """A question asked by the visitor (a preset, typed, or from the scoreboard): answered, then in the
        address."""
        asyncio.ensure_future(answer(page, key, question, given, remember=True))

    @when("click", "section.technique")  # a section may have no preset (a --corpus build without presets.toml)
    def on_preset(event):
        link = event.target.closest("a.preset")
        if not link:
            return
        event.preventDefault()
        key, question = link.closest("section").dataset.technique, link.dataset.q
        drawing.fill_box(key, question)
        asked(key, question)

    @when("keydown", "section.technique")
    def on_preset_key(event):
        """Space and Enter press a preset, as they press a button (it is a link with role=button: Space would
        scroll, and Enter would follow the link before Python could answer)."""
        link = event.target.closest("a.preset")
        if link and event.key in (" ", "Enter"):
            event.preventDefault()
            link.click()

    @when("click", "input[name=q]")
    def on_box_click(event):
        """The first click in a box holding a question the visitor did not type selects it (see fill_box)."""
        box = event.target
        if box.value and box.value == box.getAttribute("data-given"):
            box.select()
        box.removeAttribute("data-given")

    @when("input", "input[name=q]")
    def on_box_input(event):
        event.target.removeAttribute("data-given")

    @when("submit", "section.technique form.ask")
    def on_ask(event):
        event.preventDefault()
        form = event.target
        form.removeAttribute("data-asked")  # asked now: what boot.js marked before the start is spent
        key = form.closest("section").dataset.technique
        asked(key, form.querySelector("input[name=q]").value, **drawing.form_values(TECHNIQUES[key], form))

    @when("click", "body")  # no scoreboard without labelled questions (a --corpus build without questions.toml)
    def on_open_question(event):
        """A scoreboard question: open it in its technique, answered in place."""
        link = event.target.closest("a.open-question")
        if not link:
            return
        event.preventDefault()
        key, question = link.dataset.technique, link.dataset.q
        page.switch("fernport")  # the scoreboard's questions are Fernport's
        drawing.fill_box(key, question)
        document.getElementById(key).scrollIntoView()
        asked(key, question)

    @when("click", "button.embed-code")
    def on_embed_code(event):
        button = event.target.closest("button")
        key = button.dataset.technique
        embed_code(page, key, button)


def asked_before_start() -> list:
    """The forms a question was asked in before Python started (boot.js marks them; they sent nothing), each with
    what its fields held then, read before the address fills any box."""
    return [
        (form, [(field, field.value, field.checked) for field in form.querySelectorAll("input")])
        for form in document.querySelectorAll("form.ask[data-asked]")
    ]


def ask_again(forms: list) -> None:
    """At the end of the start: each form asked in before it, as it was then, sent again, now to its handler, so its
    question is the section's newest."""
    for form, fields in forms:
        if not form.hasAttribute("data-asked"):  # asked again since, and answered
            continue
        for field, value, checked in fields:
            field.value, field.checked = value, checked
        form.removeAttribute("data-asked")
        form.requestSubmit()


def listen_history(page) -> None:
    """Back and Forward, from now on (a deep link may wait minutes for a model), between the entries the lab wrote
    (drawing.LAB_ENTRY); a link to a place in the page (``#plain``) makes an entry of its own that changes nothing."""

    def moved(event) -> None:
        if event.state == LAB_ENTRY:
            asyncio.ensure_future(open_address(page))

    window.addEventListener("popstate", create_proxy(moved))


def embed_code(page, key: str, button) -> None:
    from raglab.ui.embed_html import embed_snippet

    snippet = embed_snippet(f"{location.origin}{location.pathname}", TECHNIQUES[key])
    box = button.closest("section").querySelector("textarea.embed-snippet")
    if not box:  # querySelector gives null (JsNull) when there is none yet
        box = document.createElement("textarea")
        box.className = "embed-snippet"
        box.readOnly = True
        box.rows = 11  # an iframe and the few lines that follow its height
        box.setAttribute("aria-label", "Embed code")
        button.after(box)
    box.value = snippet
    box.select()
    try:
        navigator.clipboard.writeText(snippet)
        page.say(key, "Embed code copied; paste it into your course page.")
    except Exception:
        page.say(key, "Select the embed code below and copy it.")
