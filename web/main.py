"""The page's Python: PyScript runs this in Pyodide once the interpreter is up. It answers the visitor's clicks
and questions with the raglab core and puts the renderer's HTML in place. No score is computed anywhere else.

build.py packs py/raglab/ and corpus/ into raglab.zip with the repository's layout and PyScript unpacks it into
the working directory (/home/pyodide) before this file runs, so only py/ has to go on sys.path.

Kept off the start-up path: networkx (installed from the site's own wheel when the graph technique first runs),
the precomputed vectors (fetched when a meaning technique first runs), numpy (from the Pyodide CDN after the
first interaction, when the build names it; the plain-Python vector maths serves until then, or for good).
"""

import asyncio
import json
import sys
import time
from html import escape
from pathlib import Path

from js import URL, URLSearchParams, fetch, history, location, navigator, performance, raglabBridge
from pyodide.ffi import create_proxy, to_js
from pyodide_js import loadPackage
from pyscript import config, document, when

SITE_ROOT = Path.cwd()  # /home/pyodide, where raglab.zip was unpacked
SITE = config["raglab"]  # written by build.py
sys.path.insert(0, str(SITE_ROOT / "py"))

from raglab import TECHNIQUES, Lab, QuestionError, run  # noqa: E402
from raglab.chunking import DEFAULT_SIZE  # noqa: E402
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

asker = None  # the "Ask the model" controller, made at start
labs = {"fernport": Lab()}  # and "yours", once the visitor keeps documents
# results: per corpus, each section's last result; shown: per corpus, each section's drawn result and question,
# kept while the other corpus is searched.
state = {"table": None, "numpy": "not tried", "interacted": False, "corpus": "fernport",
         "results": {"fernport": {}, "yours": {}}, "shown": {"fernport": {}, "yours": {}}, "asked": {}}


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


def show_runtime() -> None:
    maths = "numpy" if numpy_available() else "plain Python"
    why = {"failed": " (numpy could not load)", "off": "", "not tried": ""}.get(state["numpy"], "")
    document.getElementById("runtime").textContent = f"Vector maths: {maths}{why}."


async def load_networkx():
    """Import networkx, installing it from the local wheel on first use (loadPackage never throws)."""
    try:
        import networkx
    except ImportError:
        await loadPackage(to_js([site_url(w) for w in SITE["wheels"]["networkx"]]))
        import networkx
    return networkx


async def load_numpy() -> None:
    """After the first interaction: numpy from the Pyodide CDN when the build names it."""
    if state["numpy"] != "not tried":
        return
    if not SITE.get("numpy_url"):
        state["numpy"] = "off"
        return
    state["numpy"] = "loading"
    await loadPackage(SITE["numpy_url"])
    state["numpy"] = "loaded" if numpy_available() else "failed"
    show_runtime()


async def vector_table():
    from raglab.vector_table import VectorTable

    if state["table"] is None:
        if SITE.get("vectors"):
            response = await fetch(site_url(SITE["vectors"]))
            state["table"] = VectorTable.from_json(await response.text())
        else:
            state["table"] = VectorTable()
    return state["table"]


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
            raise QuestionError("This build of the lab has no embedding model, so only the preset questions can be "
                                "searched by meaning here.")
        self.waiting[key] = ticket
        try:
            if self.state.stage is not Stage.DONE:
                load = raglabBridge.load("embed")
                self.set(self.state.move("download", request=load.id))
                self.draw(key)
                ended = (await load.ended).to_py()
                if ended["type"] == "error":
                    self.fail(load.id, ended["reason"], retry)
                note = f"Embedding model ready ({ended['dtype']}, {ended['device']}); reading your question…"
                self.set(self.state.move("loaded", request=load.id, note=note))
                asyncio.ensure_future(ask_model.show_stored())
            request = raglabBridge.vectors(to_js(texts))
            answer = (await request.ended).to_py()
            if answer["type"] == "error":
                self.fail(request.id, answer["reason"], retry)
            return [list(v) for v in answer["vectors"]]
        finally:
            if self.waiting.get(key) == ticket:
                del self.waiting[key]

    def fail(self, request: int, reason: dict, retry: str):
        self.set(self.state.move("fail", request=request, failure=failure_sentence(reason, self.NAME),
                                 retry=retry))
        raise ModelFailed


embedder = Embedder()


def say(key: str, text: str) -> None:
    document.getElementById(f"msg-{key}").textContent = text


def newest(key: str) -> int:
    """A new question in section ``key``: its ticket. Only the newest question of a section may draw its result."""
    state["asked"][key] = state["asked"].get(key, 0) + 1
    embedder.waiting.pop(key, None)  # the section's message line now belongs to the new question
    return state["asked"][key]


async def prepared(t) -> dict:
    """What technique ``t`` needs before it runs: networkx installed, the vector table as its ``embed``."""
    if NETWORKX in t.needs:
        await load_networkx()
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
    if state["corpus"] == "yours" and needs_vectors(t) and not my_vectors.complete():
        say(key, vectors_needed_sentence(t, *my_vectors.counts()))
        return False
    lab = current_lab()
    if state["corpus"] == "yours" and NETWORKX in t.needs:
        my_names.use_names(lab)  # found by rules, with the visitor's edits
    slot = document.getElementById(f"result-{key}")
    slot.classList.add("busy")
    say(key, "")
    try:
        options = options_of(t, given)
        if options.keys() & {i.name for i in t.inputs}:
            options["source"] = source
        options.update(await prepared(t))
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
        return True
    except ModelFailed:
        pass  # the message line says what failed, with "Try again"
    except QuestionError as error:
        if state["asked"][key] == ticket:
            say(key, str(error))
    except Exception as error:  # the bridge or the model failed: say so, keep the page usable
        if state["asked"][key] == ticket:
            say(key, f"Something went wrong: {error}. The last result is kept; try again.")
    finally:
        if state["asked"][key] == ticket:
            slot.classList.remove("busy")
        if not state["interacted"]:
            state["interacted"] = True
            asyncio.ensure_future(load_numpy())  # in the background: the answer is already shown
    return False


def remember(key: str, question: str, given: dict) -> None:
    """Keep the address a deep link to what is shown: this question, and its own inputs only."""
    params = URLSearchParams.new(location.search)
    params.set("technique", key)
    params.set("q", question)
    if state["corpus"] == "yours":
        params.set("corpus", "yours")
    else:
        params.delete("corpus")
    for i in {i.param: i for t in TECHNIQUES.values() for i in t.inputs}.values():
        params.delete(i.param)
    for i in TECHNIQUES[key].inputs:
        value = given.get(i.name)
        for line in (value if isinstance(value, list) else [value] if value else []):
            params.append(i.param, line)
    history.replaceState(None, "", f"?{params.toString()}#{key}")


async def answer_and_remember(key: str, question: str, **given) -> None:
    if await answer(key, question, **given):
        remember(key, question, given)


# The handlers are plain functions so that preventDefault() runs while the event is dispatched (an async
# handler would run after the browser had already followed the link or sent the form); the work goes on in a task.
@when("click", "a.preset")
def on_preset(event):
    event.preventDefault()
    link = event.target.closest("a.preset")
    section = link.closest("section")
    key, question = section.dataset.technique, link.dataset.q
    section.querySelector("input[name=q]").value = question
    asyncio.ensure_future(answer_and_remember(key, question))


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


@when("click", "a.open-question")
def on_open_question(event):
    """A scoreboard question: open it in its technique, answered in place."""
    event.preventDefault()
    link = event.target.closest("a.open-question")
    key, question = link.dataset.technique, link.dataset.q
    use_documents("fernport")  # the scoreboard's questions are Fernport's
    section = document.getElementById(key)
    section.querySelector("input[name=q]").value = question
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
        box.rows = 3
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
    params = URLSearchParams.new(location.search)
    key, question = (params.get("technique") or "").replace("-", "_"), params.get("q")
    if key not in TECHNIQUES:
        return
    if params.get("corpus") == "yours" and "yours" in labs:
        use_documents("yours")
    section = document.getElementById(key)
    if question:
        section.querySelector("input[name=q]").value = question
        given = {i.name: i.read(list(params.getAll(i.param))) for i in TECHNIQUES[key].inputs}
        await answer(key, question, **given)
    if params.get("embed") != "1":
        section.scrollIntoView()


def first_preset(key: str) -> str:
    return next(iter(current_lab().corpus.presets.get(key, ())), "")


async def current_result(key: str):
    """The result a section shows: the last one answered here, or its pre-rendered first preset."""
    if key not in results():
        results()[key] = run(current_lab(), key, question_of(key), **await prepared(TECHNIQUES[key]))
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
        else:
            labs["yours"] = Lab(corpus, passage_size)
        state["results"]["yours"], state["shown"]["yours"] = {}, {}
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
    for key, t in TECHNIQUES.items():
        newest(key)  # a question still being answered for the other documents draws nothing
        say(key, "")
        slot, box = document.getElementById(f"result-{key}"), document.getElementById(f"q-{key}")
        if old != name:
            state["shown"][old][key] = (slot.innerHTML, box.value)
        if key in state["shown"][name]:
            slot.innerHTML, box.value = state["shown"][name][key]
        else:
            words = vectors_needed_sentence(t, *my_vectors.counts()) \
                if needs_vectors(t) and not my_vectors.complete() else \
                ask_sentence(len(yours.corpus.documents), len(yours.passage_texts()))
            slot.innerHTML = f'<p class="message">{escape(words)}</p>'
            box.value = ""
        box.placeholder = "Ask about your documents" if name == "yours" else box.dataset.fernport


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
    from js import Object

    from raglab.result import Hit

    t = TECHNIQUES[key]
    options = {**json.loads(options_json), **await prepared(t)}  # networkx, the vector table: before the clock
    started = time.perf_counter()
    result = run(current_lab(), key, question, **options)
    ms = (time.perf_counter() - started) * 1000
    lists = {name: {"ids": [h.id for h in hits], "scores": [h.score for h in hits]}
             for name, hits in result.details.items()
             if isinstance(hits, list) and hits and all(isinstance(h, Hit) for h in hits)}
    out = {"ms": ms, "ids": [h.id for h in result.passages], "scores": [h.score for h in result.passages],
           "lists": lists, "numpy": numpy_available()}
    return to_js(out, dict_converter=Object.fromEntries)


async def bench_add_vectors(texts, vectors) -> int:
    """``raglabBench.addVectors(texts, vectors)``: vectors made elsewhere (the page's worker, for a benchmark's
    questions) into the page's table; how many texts the table holds."""
    table = await vector_table()
    table.add(texts.to_py(), [list(v) for v in vectors.to_py()])
    return len(table.vectors)


def install_bench_hook() -> None:
    from js import Object, window

    hook = Object.new()
    hook.run = create_proxy(bench_run)
    hook.addVectors = create_proxy(bench_add_vectors)
    window.raglabBench = hook


async def start() -> None:
    started = time.perf_counter()
    start_bridge()
    global asker
    asker = ask_model.install(SITE["bridge"]["generate"], current_lab, current_result, answer, question_of,
                              on_removed)
    my_documents.install(use_documents, SITE["wheels"]["docx"], site_url)
    my_names.install(lambda: labs.get("yours"))
    my_related.install(embedder, vector_table, lambda: labs.get("yours"), newest)
    my_vectors.install(embedder, vector_table, lambda: labs.get("yours"), SITE["bridge"]["embed"]["model"], newest)
    install_bench_hook()
    show_runtime()
    show_status("ready", "Ready")
    document.getElementById("status").dataset.readyMs = str(round(performance.now()))  # for bench/
    await my_names.load()
    await my_documents.load()
    await my_vectors.load()
    document.getElementById("yours").dataset.loaded = "1"  # the kept documents are searchable (for tests, bench/)
    await open_deep_link()
    document.getElementById("status").dataset.startS = f"{time.perf_counter() - started:.3f}"


try:
    await start()  # noqa: F704 (PyScript runs this module with top-level await)
except Exception as error:
    show_status("error", f"Python could not start: {type(error).__name__}: {error}")
    raise  # PyScript still shows the traceback and logs it
