"""The page's Python: PyScript runs this in Pyodide once the interpreter is up. It answers the visitor's clicks
and questions with the raglab core and puts the renderer's HTML in place. No score is computed anywhere else.

build.py packs py/raglab/ and corpus/ into raglab.zip with the repository's layout and PyScript unpacks it into
the working directory (/home/pyodide) before this file runs, so only py/ has to go on sys.path.

Kept off the start-up path: networkx (installed from the site's own wheel when the graph technique first runs),
the precomputed vectors (fetched when a meaning technique first runs), numpy (from the Pyodide CDN after the
first meaning search, when the build names it; the plain-Python vector maths serves until then, or for good).

The address is a deep link to what every section shows (``?q.plain=...&hy.hyde=...#hyde``), and each question
asked is a history entry: Back and Forward show the earlier question and its result (see "The address").
"""

import asyncio
import json
import sys
import time
from html import escape
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

from js import URL, Object, fetch, history, location, navigator, performance, raglabBridge, window
from pyodide.ffi import create_proxy, to_js
from pyodide_js import loadPackage
from pyscript import config, document, when

SITE_ROOT = Path.cwd()  # /home/pyodide, where raglab.zip was unpacked
SITE = config["raglab"]  # written by build.py
sys.path.insert(0, str(SITE_ROOT / "py"))

from raglab import TECHNIQUES, Lab, QuestionError, run  # noqa: E402
from raglab.chunking import DEFAULT_SIZE, passage_count  # noqa: E402
from raglab.links import LINK_NAMES, asked_in, link_entry, read_link  # noqa: E402
from raglab.techniques import NETWORKX, options_of  # noqa: E402
from raglab.ui.model_panel import ModelState, Stage, failure_sentence, render_model_state  # noqa: E402
from raglab.vectors import numpy_available  # noqa: E402

# The renderer and the vector table are imported on first use (about 0.2 s of start-up, measured by
# bench/startup.py): the page is pre-rendered, so nothing needs them before the first question.

sys.path.insert(0, str(SITE_ROOT))
import ask_model  # noqa: E402  (web/ask_model.py, listed in pyscript.json's files)
import my_documents  # noqa: E402  (web/my_documents.py, likewise)
import my_names  # noqa: E402
import my_related  # noqa: E402
import my_vectors  # noqa: E402
import source_view  # noqa: E402  (source view: "Show in the document")

asker = None  # the "Ask the model" controller, made at start
# "fernport": the site's corpus (a --corpus build packs its own there, with its passage size); and "yours", once the
# visitor keeps documents.
labs = {"fernport": Lab(passage_size=SITE.get("corpus", {}).get("passage_size", DEFAULT_SIZE))}
# results: per corpus, each section's last result; shown: per corpus, each section's drawn result and question,
# kept while the other corpus is searched. links: per corpus, each used section's question as the address holds it
# (an entry, see link_entry); drawn: the entry each section shows (absent: as the page began); memo: the HTML and
# result drawn for (corpus, section, entry), so Back and Forward redraw without searching again (None: the start).
state = {
    "table": None,
    "numpy": "not tried",
    "corpus": "fernport",
    "results": {"fernport": {}, "yours": {}},
    "shown": {"fernport": {}, "yours": {}},
    "asked": {},
    "links": {"fernport": {}, "yours": {}},
    "drawn": {"fernport": {}, "yours": {}},
    "memo": {},
    "restoring": 0,
    "asking": {},
}  # asking: section -> (corpus, entry) of the question being answered there
MEMO_SIZE = 100  # results kept for Back and Forward; an older one is searched again
# The visitor's lab being cut and indexed in steps (get_ready): which lab, its task, how far it is (a Preparing), and
# the sections whose question waits for it.
getting_ready = {"lab": None, "task": None, "progress": None, "waiting": set()}


def current_lab() -> Lab:
    return labs[state["corpus"]]


def results() -> dict:
    return state["results"][state["corpus"]]


def site_url(path: str) -> str:
    return URL.new(path, document.baseURI).href


def show_status(kind: str, text: str) -> None:
    status = document.getElementById("status")
    status.dataset.state = kind
    status.textContent = text


async def installed(wheels: str, module: str, needed_by: str):
    """Import ``module``, installing it from the site's wheels ``SITE["wheels"][wheels]`` on first use (loadPackage
    never throws: the import says whether it worked). ``needed_by``: what needs it, for the visitor's message."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        await loadPackage(to_js([site_url(w) for w in SITE["wheels"][wheels]]))
        try:
            return importlib.import_module(module)
        except ImportError as error:
            raise QuestionError(
                f"{needed_by}, and it could not be downloaded from this site. Check the connection and ask again."
            ) from error


async def load_numpy() -> None:
    """After the first meaning search: numpy from the Pyodide CDN when the build names it, said in the runtime
    line while it downloads ("Downloading numpy (the maths library, 3.2 MB) from cdn.jsdelivr.net for meaning
    search…") and once it has ("Downloaded numpy ..."); the line is emptied if it could not be used. Nothing else is
    said of it: the plain-Python maths gives the same results, only slower on thousands of passages."""
    if state["numpy"] != "not tried":
        return
    url = SITE.get("numpy_url")
    if not url:
        state["numpy"] = "off"
        return
    state["numpy"] = "loading"
    line = document.getElementById("runtime")
    what = f"numpy (the maths library{await download_size(url)}) from {URL.new(url, document.baseURI).host}"
    line.textContent = f"Downloading {what} for meaning search…"
    await loadPackage(url)
    state["numpy"] = "loaded" if numpy_available() else "failed"
    line.textContent = f"Downloaded {what} for meaning search." if state["numpy"] == "loaded" else ""


async def download_size(url: str) -> str:
    """ ", 3.2 MB": the file's size as its server gives it (a HEAD request, so the line says it before the
    download), or "" when it does not say. The wheel is not in the site, so no build can measure it."""
    try:
        response = await fetch(url, to_js({"method": "HEAD"}, dict_converter=Object.fromEntries))
        size = int(response.headers.get("content-length") or 0)
    except Exception:  # offline, or refused: the download itself will tell
        size = 0
    return f", {size / 1_000_000:.1f} MB" if size else ""


async def vector_table():
    from raglab.vector_table import VectorTable

    if state["table"] is None:
        if SITE.get("vectors"):
            state["table"] = VectorTable.from_data(await downloaded(SITE["vectors"], "the passages' meaning vectors"))
        else:
            state["table"] = VectorTable()
    return state["table"]


async def downloaded(path: str, what: str):
    """A JSON file of the site, parsed; a QuestionError in a visitor's words when it cannot be had (nothing is kept, so
    the next question tries again)."""
    url, path = site_url(path), path.removeprefix("./")
    try:
        response = await fetch(url)
    except Exception as error:  # no network: fetch itself fails
        raise QuestionError(
            f"{what[0].upper()}{what[1:]} could not be downloaded ({path}: no connection). Check "
            "the connection and ask again."
        ) from error
    if not response.ok:
        raise QuestionError(
            f"{what[0].upper()}{what[1:]} could not be downloaded ({path}: the site answered "
            f"{response.status}). Ask again in a moment."
        )
    text = await response.text()
    try:
        return json.loads(text)
    except ValueError as error:
        raise QuestionError(
            f"{what[0].upper()}{what[1:]} arrived damaged ({path}). Reload the page and ask again."
        ) from error


def start_bridge() -> None:
    """Tell bridge.js where the models and the runtime are, and route what the workers report."""
    settings = to_js_settings(SITE["bridge"])
    raglabBridge.configure(json.dumps(settings))
    raglabBridge.events.addEventListener("model", create_proxy(on_worker_event))


def to_js_settings(bridge: dict) -> dict:
    env = dict(bridge["env"])
    env["wasmPaths"] = {k: site_url(v) for k, v in env["wasmPaths"].items()}
    # A path, not a full URL: transformers.js joins it with the model's files and collapses "//" in "http://",
    # which lost the tokenizer files (measured). The page's own path keeps a GitHub Pages project path working.
    env["localModelPath"] = URL.new(env["localModelPath"], document.baseURI).pathname
    generate = dict(bridge["generate"])
    generate["env"] = {**generate["env"], "remoteHost": site_url(generate["env"]["remoteHost"])}
    return {**bridge, "env": env, "generate": generate}


def on_worker_event(event) -> None:
    data = event.detail.to_py()
    (asker if data.get("task") == "generate" else embedder).on_event(data)


class ModelFailed(Exception):
    """The embedding model could not be used; the section's message line already says why."""


class Embedder:
    """The embedding model in the page's worker: its state, drawn in the message line of every section waiting
    for it (one load serves them all)."""

    NAME = "the embedding model"

    def __init__(self):
        self.state = ModelState()
        self.waiting = {}  # section -> ticket of its question waiting for the model
        self.device = None  # which device makes the vectors and why, in the worker's words, once it has said

    def set(self, state: ModelState) -> None:
        if state is self.state:
            return
        self.state = state
        for key in self.waiting:
            self.draw(key)

    def draw(self, key: str) -> None:
        document.getElementById(f"msg-{key}").innerHTML = render_model_state(self.state, self.NAME)

    def on_event(self, data: dict) -> None:
        if data["type"] == "progress":
            self.set(self.state.on_progress(data))

    def removed(self) -> None:
        self.set(self.state.move("removed"))

    async def vectors(self, key: str, ticket: int, texts: list[str], retry: str = "question") -> list[list[float]]:
        """Vectors for texts the table lacks, loading the model first if need be; ModelFailed if it fails (its
        "Try again" repeats ``retry``: the section's question, or "vectors" for the visitor's passages)."""
        if not SITE["bridge"]["embed"]["available"]:
            raise QuestionError(
                "This build of the lab has no embedding model, so only the preset questions can be "
                "searched by meaning here."
            )
        self.waiting[key] = ticket
        try:
            if self.state.stage is not Stage.DONE:
                load = raglabBridge.load("embed")
                self.set(self.state.move("download", request=load.id))
                self.draw(key)
                ended = (await load.ended).to_py()
                if ended["type"] == "error":
                    self.fail(load.id, ended["reason"], retry)
                self.device = ended["reason"]
                note = f"Embedding model ready ({ended['dtype']}, {ended['device']}); reading your question…"
                self.set(self.state.move("loaded", request=load.id, note=note))
                asyncio.ensure_future(ask_model.show_stored())
            request = raglabBridge.vectors(to_js(texts))
            answer = (await request.ended).to_py()
            if answer["type"] == "error":
                self.fail(request.id, answer["reason"], retry)
            if answer.get("choice"):  # this batch measured which device is faster
                self.device = answer["choice"]["reason"]
            return [list(v) for v in answer["vectors"]]
        finally:
            if self.waiting.get(key) == ticket:
                del self.waiting[key]

    def fail(self, request: int, reason: dict, retry: str):
        self.set(self.state.move("fail", request=request, failure=failure_sentence(reason, self.NAME), retry=retry))
        raise ModelFailed


embedder = Embedder()


def say(key: str, text: str) -> None:
    document.getElementById(f"msg-{key}").textContent = text


def newest(key: str) -> int:
    """A new question in section ``key``: its ticket. Only the newest question of a section may draw its result."""
    state["asked"][key] = state["asked"].get(key, 0) + 1
    state["asking"].pop(key, None)
    embedder.waiting.pop(key, None)  # the section's message line now belongs to the new question
    return state["asked"][key]


async def prepared(t, options: dict | None = None) -> dict:
    """What technique ``t`` needs before it runs with ``options``: networkx or snowballstemmer installed, the vector
    table as its ``embed``."""
    if NETWORKX in t.needs:
        await installed("networkx", "networkx", "Graph RAG needs networkx, the graph library")
    if (options or {}).get("scoring") == "snowball":
        await installed("snowball", "snowballstemmer", "BM25 on Snowball stems needs snowballstemmer")
    return {"embed": await vector_table()} if t.meaning else {}


async def answer(key: str, question: str, source: str = "visitor", **given) -> bool:
    """Run one technique and show its result; a question that cannot be used keeps the last result. False when
    nothing was drawn: the question could not be used, or a newer question of the section came first. ``given``:
    the technique's inputs and options by name (what it does not declare is left out)."""
    from raglab.ui import render_result
    from raglab.ui.documents_html import needs_vectors, vectors_needed_sentence
    from raglab.vector_table import MissingVectors

    t = TECHNIQUES[key]
    ticket = newest(key)
    corpus, slot = state["corpus"], document.getElementById(f"result-{key}")
    if (corpus, key, None) not in state["memo"]:  # what the section showed at first, for Back
        keep_drawn((corpus, key, None), slot.innerHTML, results().get(key))
    if state["corpus"] == "yours" and needs_vectors(t) and not my_vectors.complete():
        say(key, vectors_needed_sentence(t, *my_vectors.counts()))
        return False
    state["asking"][key] = (corpus, link_entry(key, question, given))
    lab = current_lab()
    if state["corpus"] == "yours" and NETWORKX in t.needs:
        my_names.use_names(lab)  # found by rules, with the visitor's edits
    slot.classList.add("busy")
    say(key, "")
    try:
        await until_ready(key, lab)
        if state["asked"][key] != ticket:  # a newer question, or other documents, came meanwhile
            return False
        options = options_of(t, given)
        if options.keys() & {i.name for i in t.inputs}:
            options["source"] = source
        options.update(await prepared(t, options))
        try:
            result = run(lab, key, question, **options)
        except MissingVectors as missing:
            options["embed"].add(missing.texts, await embedder.vectors(key, ticket, missing.texts))
            result = run(lab, key, question, **options)
        if state["asked"][key] != ticket:
            return False
        say(key, "")
        slot.innerHTML = render_result(result)
        results()[key] = result
        entry = link_entry(key, question, given)
        if source == "model":  # not what the address can ask for: Back redraws what the address says
            entry += (("by", "model"),)
        else:
            keep_drawn((corpus, key, entry), slot.innerHTML, result)
        state["drawn"][corpus][key] = entry
        if t.meaning:
            asyncio.ensure_future(load_numpy())  # in the background: the answer is already shown
        return True
    except ModelFailed:  # the message line says what failed, with "Try again"
        if state["asked"][key] == ticket:
            mark_earlier(key, question)
    except QuestionError as error:
        if state["asked"][key] == ticket:
            say(key, str(error))
            mark_earlier(key, question)
    except Exception as error:  # the bridge or the model failed: say so, keep the page usable
        if state["asked"][key] == ticket:
            say(key, f"Something went wrong: {error}. The last result is kept; try again.")
            mark_earlier(key, question)
    finally:
        if state["asked"][key] == ticket:
            slot.classList.remove("busy")
            state["asking"].pop(key, None)
    return False


def mark_earlier(key: str, question: str) -> None:
    """A question that drew nothing: the result still shown belongs to an earlier question, so it says which, in a
    line above it, and is dimmed (lab.css's ``.earlier``) until the section draws again.

    Asked “Who sells fish at the market?” with no hypothetical answer, HyDE's slot reads "The result below is for
    an earlier question, “When can I meet the man who taught Mira to bake?”, not for “Who sells fish at the
    market?”." above the first preset's result. A blank question asks nothing new: the result is not marked."""
    shown = shown_question(key)
    asked = " ".join(question.split())
    if not shown or not asked or shown == asked:
        return
    slot = document.getElementById(f"result-{key}")
    note = slot.querySelector(".earlier-note")
    if not note:  # moved, not copied: an opened score or prompt stays open
        earlier = document.createElement("div")
        earlier.className = "earlier"
        while slot.firstChild:
            earlier.appendChild(slot.firstChild)
        note = document.createElement("p")
        note.className = "message earlier-note"
        slot.append(note, earlier)
    note.textContent = f"The result below is for an earlier question, “{shown}”, not for “{asked}”."


def shown_question(key: str) -> str:
    """The question of the result section ``key`` shows ("" when it shows none): the last one drawn there, or the
    pre-rendered first preset."""
    drawn = state["drawn"][state["corpus"]].get(key)
    if drawn:
        return drawn[0][1]
    slot = document.getElementById(f"result-{key}")
    return first_preset(key) if state["corpus"] == "fernport" and slot.querySelector(".summary") else ""


# --- The address: each section's question, one history entry a question -------------------------------------------
# ?q.plain=...&scoring.plain=bm25&q.hyde=...&hy.hyde=...#hyde holds every section the visitor asked in (its question,
# inputs, and the options that differ from their defaults); #hyde is the last one. The links of older versions,
# ?technique=hyde&q=...&hy=..., and the forms without JavaScript, which send the same, still open.

# What it holds and how it is read: raglab.links.


def address_pairs() -> list:
    return parse_qsl(location.search.removeprefix("?"), keep_blank_values=True)


def write_address(focus: str) -> None:
    """The address after a question in section ``focus``: every section's question on the documents searched now,
    a new history entry unless it says just what it said (the same question twice). Parameters that are not the
    lab's are kept; an embed keeps the technique it shows."""
    old = address_pairs()
    embed = dict(old).get("embed") == "1"
    pairs = [(n, v) for n, v in old if (n.rpartition(".")[0] or n) not in LINK_NAMES or (embed and n == "technique")]
    if state["corpus"] == "yours":
        pairs.append(("corpus", "yours"))
    elif SITE.get("corpus", {}).get("key"):  # a site of several corpora: which page's documents
        pairs.append(("corpus", SITE["corpus"]["key"]))
    links = state["links"][state["corpus"]]
    pairs += [(f"{name}.{key}", value) for key in TECHNIQUES if key in links for name, value in links[key]]
    address = f"?{urlencode(pairs)}#{focus}"
    if pairs == old:
        history.replaceState(None, "", address)
    else:
        history.pushState(None, "", address)


async def answer_and_remember(key: str, question: str, **given) -> None:
    """A question asked by the visitor (a preset, typed, or from the scoreboard): answered, then in the address."""
    if await answer(key, question, **given):
        state["links"][state["corpus"]][key] = state["drawn"][state["corpus"]][key]
        write_address(key)


def keep_drawn(memo_key: tuple, html: str, result) -> None:
    """Keep what a section drew for (corpus, section, entry), the newest last, for Back and Forward."""
    memo = state["memo"]
    memo.pop(memo_key, None)
    memo[memo_key] = (html, result)
    if len(memo) > MEMO_SIZE:  # the oldest result goes (what a section showed at first stays)
        del memo[next(k for k in memo if k[2] is not None)]


async def open_link(at_start: bool = False) -> None:
    """Show what the address asks for: at the start, a deep link; after Back or Forward, the entry's questions.
    Each section whose entry differs from what it shows is redrawn (from what was drawn before, or searched
    again); a section the entry does not name goes back to how the page began."""
    state["restoring"] += 1
    this = state["restoring"]  # a newer Back or Forward stops this one
    pairs = address_pairs()
    sections, unknown = read_link(pairs)
    if at_start and unknown:
        say_link(unknown)
    # The documents the entry was asked about: yours when it says so; Fernport when it holds questions and does not
    # (at the start, the documents the visitor left the lab searching); an address with no question changes nothing.
    wanted = state["corpus"]
    if dict(pairs).get("corpus") == "yours" and "yours" in labs:
        wanted = "yours"
    elif sections and not at_start:
        wanted = "fernport"
    if wanted != state["corpus"]:
        use_documents(wanted)
        if not at_start:
            asyncio.ensure_future(my_documents.keep([]))  # the switch, as the visitor's own would be kept
    corpus = state["corpus"]
    state["links"][corpus] = dict(sections)
    for key in TECHNIQUES:
        entry = state["links"][corpus].get(key)  # now: a question asked meanwhile is the visitor's newest
        if state["asking"].get(key) == (corpus, entry):
            continue  # (a deep link's question still loading its model when Back was pressed)
        if state["drawn"][corpus].get(key) != entry and (entry or key in state["drawn"][corpus]):
            await redraw(key, entry)
            if state["restoring"] != this or state["corpus"] != corpus:
                return


async def redraw(key: str, entry: tuple | None) -> None:
    """Section ``key`` as ``entry`` asked (None: as the page began), its boxes holding what was asked."""
    question, given = asked_in(key, entry) if entry else ("", {})
    fill_form(key, question, given)
    corpus = state["corpus"]
    kept = state["memo"].get((corpus, key, entry))
    if kept:
        newest(key)  # a question still being answered there draws nothing now
        say(key, "")
        slot = document.getElementById(f"result-{key}")
        slot.innerHTML, result = kept
        slot.classList.remove("busy")
        for kept_now, value in ((results(), result), (state["drawn"][corpus], entry)):
            if value is None:
                kept_now.pop(key, None)
            else:
                kept_now[key] = value
    elif entry:
        await answer(key, question, **given)


def fill_form(key: str, question: str, given: dict) -> None:
    """The section's boxes as a question was asked: the question (selected on the first click, so typing replaces
    it), its inputs, its options (the defaults where none is given)."""
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


def fill_box(key: str, question: str) -> None:
    """A question the visitor did not type (a preset, a link, Back) in the section's box; the box's first click
    selects it all, so typing replaces it, and a second click places the caret to edit it."""
    box = document.getElementById(f"q-{key}")
    box.value = question
    box.setAttribute("data-given", question)


def say_link(unknown: list) -> None:
    """One line above the lab: the link names techniques the lab does not have, and those it has."""
    names = ", ".join(f"“{n}”" for n in unknown)
    known = ", ".join(t.name for t in TECHNIQUES.values())
    line = document.createElement("p")
    line.className = "message link-message"
    line.setAttribute("role", "status")
    line.textContent = (
        f"This link names {'a technique' if len(unknown) == 1 else 'techniques'} the lab does not "
        f"have, {names}, so the page opens as usual. The techniques are: {known}."
    )
    document.getElementById("lab").prepend(line)


def on_popstate(event) -> None:
    asyncio.ensure_future(open_link())


# The handlers are plain functions so that preventDefault() runs while the event is dispatched (an async
# handler would run after the browser had already followed the link or sent the form); the work goes on in a task.
@when("click", "section.technique")  # a section may have no preset (a --corpus build without presets.toml)
def on_preset(event):
    link = event.target.closest("a.preset")
    if not link:
        return
    event.preventDefault()
    section = link.closest("section")
    key, question = section.dataset.technique, link.dataset.q
    fill_box(key, question)
    asyncio.ensure_future(answer_and_remember(key, question))


@when("keydown", "section.technique")
def on_preset_key(event):
    """Space and Enter press a preset, as they press a button (it is a link with role=button: Space would scroll,
    and Enter would follow the link before Python could answer)."""
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


@when("submit", "form.ask")
def on_ask(event):
    event.preventDefault()
    form = event.target
    key = form.closest("section").dataset.technique
    question = form.querySelector("input[name=q]").value
    asyncio.ensure_future(answer_and_remember(key, question, **form_values(TECHNIQUES[key], form)))


def form_values(t, form) -> dict:
    """The technique's inputs and options as its form holds them (the core checks them)."""
    given = {i.name: i.read([form.querySelector(f"[name={i.param}]").value]) for i in t.inputs if i.field}
    for o in t.options:
        field = form.querySelector(f"input[name={o.name}]:checked" if o.choices else f"input[name={o.name}]")
        given[o.name] = o.read(field.value) if field else None
    return given


@when("click", "body")  # no scoreboard without labelled questions (a --corpus build without questions.toml)
def on_open_question(event):
    """A scoreboard question: open it in its technique, answered in place."""
    link = event.target.closest("a.open-question")
    if not link:
        return
    event.preventDefault()
    key, question = link.dataset.technique, link.dataset.q
    use_documents("fernport")  # the scoreboard's questions are Fernport's
    section = document.getElementById(key)
    fill_box(key, question)
    section.scrollIntoView()
    asyncio.ensure_future(answer_and_remember(key, question))


@when("click", "button.embed-code")
def on_embed_code(event):
    from raglab.ui.page_html import embed_snippet

    button = event.target.closest("button")
    key = button.dataset.technique
    snippet = embed_snippet(f"{location.origin}{location.pathname}", TECHNIQUES[key])
    section = button.closest("section")
    box = section.querySelector("textarea.embed-snippet")
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
        say(key, "Embed code copied; paste it into your course page.")
    except Exception:
        say(key, "Select the embed code below and copy it.")


async def open_deep_link() -> None:
    """The address at the start: each section it names answered, the page scrolled to the last one (the one after
    #, or technique=). Nothing is added to the history."""
    await open_link(at_start=True)
    pairs = dict(address_pairs())
    focus = next(
        (k for k in (location.hash.removeprefix("#"), pairs.get("technique", "").replace("-", "_")) if k in TECHNIQUES),
        None,
    )
    if focus and pairs.get("embed") != "1" and (state["links"][state["corpus"]] or "technique" in pairs):
        document.getElementById(focus).scrollIntoView()


def first_preset(key: str) -> str:
    return next(iter(current_lab().corpus.presets.get(key, ())), "")


async def current_result(key: str):
    """The result a section shows: the last one answered here, or its pre-rendered first preset."""
    if key not in results():
        lab = current_lab()
        await until_ready(key, lab)
        results()[key] = run(lab, key, question_of(key), **await prepared(TECHNIQUES[key]))
    return results()[key]


def question_of(key: str) -> str:
    typed = document.getElementById(f"q-{key}").value.strip()
    shown = results().get(key)
    return typed or (shown.question if shown else first_preset(key))


def use_documents(name: str, corpus=None, changed: bool = False, passage_size=DEFAULT_SIZE) -> None:
    """Search ``name``: "fernport" or "yours". ``changed``: the visitor's documents changed (``corpus``: them now,
    None when none are left; ``passage_size``: how they are cut, 2 sentences or "document"). Each section keeps what
    it showed for the other corpus, to show it on the way back."""
    from raglab.ui.documents_html import ask_sentence, needs_vectors, vectors_needed_sentence

    if changed:
        if corpus is None:
            labs.pop("yours", None)
            getting_ready.update(lab=None, task=None, progress=None, waiting=set())
        else:
            labs["yours"] = Lab(corpus, passage_size)
            getting_ready.update(
                lab=labs["yours"], task=asyncio.ensure_future(get_ready(labs["yours"])), progress=None, waiting=set()
            )
        state["results"]["yours"], state["shown"]["yours"], state["drawn"]["yours"] = {}, {}, {}
        state["memo"] = {k: v for k, v in state["memo"].items() if k[0] != "yours"}  # drawn from other documents
        asyncio.ensure_future(my_vectors.prune())
    if name == "yours" and "yours" not in labs:
        name = "fernport"
    old = state["corpus"]
    if old == name and (name == "fernport" or not changed):
        return  # (Fernport's sections are as they were; yours are drawn afresh when your documents changed)
    state["corpus"] = name
    document.body.dataset.corpus = name
    document.querySelector(f"input[name=corpus][value={name}]").checked = True
    yours = labs.get("yours")
    # counted, not made: get_ready makes them in steps (documents read in this visit are cut already)
    passages = sum(passage_count(d, yours.passage_size) for d in yours.corpus.documents) if name == "yours" else 0
    for key, t in TECHNIQUES.items():
        newest(key)  # a question still being answered for the other documents draws nothing
        say(key, "")
        slot, box = document.getElementById(f"result-{key}"), document.getElementById(f"q-{key}")
        if old != name:
            state["shown"][old][key] = (slot.innerHTML, box.value)
        if key in state["shown"][name]:
            slot.innerHTML, box.value = state["shown"][name][key]
        else:
            words = (
                vectors_needed_sentence(t, *my_vectors.counts())
                if needs_vectors(t) and not my_vectors.complete()
                else ask_sentence(len(yours.corpus.documents), passages)
            )
            slot.innerHTML = f'<p class="message">{escape(words)}</p>'
            box.value = ""
        box.placeholder = "Ask about your documents" if name == "yours" else box.dataset.fernport


async def get_ready(lab: Lab) -> None:
    """Cut the visitor's passages and index their words a few documents at a time (Lab.prepare_in_steps), letting
    the page draw and answer between steps, so the first question does not freeze it (5,183 abstracts: 1.5 s); a
    question asked meanwhile waits for it (until_ready), its section saying how far it is."""
    from raglab.ui.documents_html import preparing_sentence

    for progress in lab.prepare_in_steps():
        if getting_ready["lab"] is not lab:  # the documents changed again: a newer lab is being got ready
            return
        getting_ready["progress"] = progress
        for key in getting_ready["waiting"]:
            say(key, preparing_sentence(progress))
        await asyncio.sleep(0)
    performance.mark("raglab:indexed")  # for bench/scifact_page.py


async def until_ready(key: str, lab: Lab) -> None:
    """A question in section ``key`` on a lab get_ready is still cutting and indexing waits for it to finish,
    rather than doing the rest in one task (5,183 abstracts asked at once: a 1 s task). The answer is the same:
    the passages and index are those the question would have made."""
    from raglab.ui.documents_html import preparing_sentence

    task = getting_ready["task"]
    if getting_ready["lab"] is not lab or task is None or task.done():
        return
    waiting = getting_ready["waiting"]
    waiting.add(key)
    if getting_ready["progress"] is not None:
        say(key, preparing_sentence(getting_ready["progress"]))
    try:
        await task
    finally:
        waiting.discard(key)


def on_removed(part: str) -> None:
    if part == "embed":
        embedder.removed()


# --- for benchmarks only (bench/scifact_page.py): no control of the page calls these -----------------------------


async def bench_run(key: str, question: str, options_json: str = "{}"):
    """``raglabBench.run(key, question, options_json)``, a Promise: one technique run on the lab the page searches
    now, timed around ``run`` alone with time.perf_counter (nothing drawn, nothing kept), so a benchmark sees the
    core's own cost in Pyodide. -> ``{ms, ids, scores, lists: {name: {ids, scores}}, numpy}``; ``lists`` holds
    the result's details that are passage lists (hybrid's "keyword" and "vector"). Options as ``run`` takes them
    (``top_k``, ``scoring``, ``hypothetical``, ...); a meaning technique looks vectors up in the page's table (a
    question without one raises MissingVectors: add it first with ``raglabBench.addVectors``)."""
    from raglab.result import Hit

    t = TECHNIQUES[key]
    options = json.loads(options_json)
    options.update(await prepared(t, options))  # networkx, the vector table: before the clock
    started = time.perf_counter()
    result = run(current_lab(), key, question, **options)
    ms = (time.perf_counter() - started) * 1000
    lists = {
        name: {"ids": [h.id for h in hits], "scores": [h.score for h in hits]}
        for name, hits in result.details.items()
        if isinstance(hits, list) and hits and all(isinstance(h, Hit) for h in hits)
    }
    out = {
        "ms": ms,
        "ids": [h.id for h in result.passages],
        "scores": [h.score for h in result.passages],
        "lists": lists,
        "numpy": numpy_available(),
    }
    return to_js(out, dict_converter=Object.fromEntries)


async def bench_add_vectors(texts, vectors) -> int:
    """``raglabBench.addVectors(texts, vectors)``: vectors made elsewhere (the page's worker, for a benchmark's
    questions) into the page's table; how many texts the table holds."""
    table = await vector_table()
    table.add(texts.to_py(), [list(v) for v in vectors.to_py()])
    return len(table.vectors)


def install_bench_hook() -> None:
    hook = Object.new()
    hook.run = create_proxy(bench_run)
    hook.addVectors = create_proxy(bench_add_vectors)
    window.raglabBench = hook


async def start() -> None:
    started = time.perf_counter()
    for shown_without_js in document.querySelectorAll(".other-presets"):  # each preset's result, for no JavaScript:
        shown_without_js.remove()  # from now on every result is drawn in its section's slot
    start_bridge()
    global asker
    asker = ask_model.install(SITE["bridge"]["generate"], current_lab, current_result, answer, question_of, on_removed)
    my_documents.install(use_documents, SITE["wheels"]["docx"], site_url)
    my_names.install(lambda: labs.get("yours"))
    my_related.install(embedder, vector_table, lambda: labs.get("yours"), newest)
    my_vectors.install(embedder, vector_table, lambda: labs.get("yours"), SITE["bridge"]["embed"]["model"], newest)
    install_bench_hook()
    # source view: the labs a result's passage is looked up in, the one searched now first
    source_view.install(
        lambda: [
            (state["corpus"], current_lab()),
            *((name, lab) for name, lab in labs.items() if name != state["corpus"]),
        ]
    )
    show_status("ready", "Ready")
    document.getElementById("status").dataset.readyMs = str(round(performance.now()))  # for bench/
    await my_names.load()
    await my_documents.load()
    await my_vectors.load()
    document.getElementById("yours").dataset.loaded = "1"  # the kept documents are searchable (for tests, bench/)
    # Back and Forward, from now on (a deep link may wait minutes for a model); also on #fragment links, where
    # the questions are the same and nothing changes.
    window.addEventListener("popstate", create_proxy(on_popstate))
    await open_deep_link()
    document.getElementById("status").dataset.startS = f"{time.perf_counter() - started:.3f}"


try:
    await start()  # noqa: F704 (PyScript runs this module with top-level await)
except Exception as error:
    show_status("error", f"Python could not start: {type(error).__name__}: {error}")
    raise  # PyScript still shows the traceback and logs it
