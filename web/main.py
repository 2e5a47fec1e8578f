"""The page's Python: PyScript runs this in Pyodide once the interpreter is up. It makes the one page object
(lab_page.PageGlue: the page model of raglab.page, the labs, the site's files, the models) and gives it to each part
of the page, which registers its own handlers; every part feeds the page model events and draws what it answers.
No score is computed anywhere else.

build.py packs py/raglab/ and corpus/ into raglab.zip with the repository's layout and PyScript unpacks it into
the working directory (/home/pyodide) before this file runs, so only py/ has to go on sys.path; the other glue
modules (tools/build/pins.py's PAGE_MODULES) are in the working directory itself.

The address is a deep link to what every section shows (``#hyde&q.plain=...&q.hyde=...&hy.hyde=...``), and each question
asked is a history entry: Back and Forward show the earlier question and its result (questions.py).
"""

import json
import sys
import time
from importlib import import_module
from pathlib import Path

from js import performance, raglabBridge
from pyodide.ffi import create_proxy
from pyscript import config, document

sys.path.insert(0, str(Path.cwd() / "py"))  # /home/pyodide, where raglab.zip was unpacked
sys.path.insert(0, str(Path.cwd()))

# The renderer and the vector table are imported on first use (their start-up cost: bench/README.md): the page is
# pre-rendered, so nothing needs them before the first question.
import ask_model  # noqa: E402  (the glue modules: tools/build/pins.py's PAGE_MODULES, listed in pyscript.json's files)
import compare_view  # noqa: E402
import drawing  # noqa: E402
import my_documents  # noqa: E402
import my_files  # noqa: E402
import my_names  # noqa: E402
import my_related  # noqa: E402
import my_vectors  # noqa: E402
import questions  # noqa: E402
import sections  # noqa: E402
import source_view  # noqa: E402  (source view: "Show in the document")
from embedder import EmbeddingModel  # noqa: E402
from lab_page import PageGlue  # noqa: E402
from site_files import Site  # noqa: E402

from raglab import Lab  # noqa: E402
from raglab.documents.chunking import DEFAULT_SIZE  # noqa: E402


def make_page() -> PageGlue:
    """The one page object. "fernport" is the site's corpus (a --corpus build packs its own there, with its passage
    size); "yours" comes once the visitor keeps documents."""
    settings = config["raglab"]  # written by build.py
    for shown_without_js in document.querySelectorAll(".other-presets"):  # each preset's result, for no JavaScript:
        shown_without_js.remove()  # from now on every result is drawn in its section's slot
    fernport = Lab(passage_size=settings.get("corpus", {}).get("passage_size", DEFAULT_SIZE))
    made = PageGlue(settings, Site(settings), fernport)
    made.embedder = EmbeddingModel(made, settings["bridge"]["embed"]["available"])
    return made


def start_bridge(page: PageGlue) -> None:
    """Tell bridge.js where the models and the runtime are, and route what the workers report."""
    raglabBridge.configure(json.dumps(page.site.bridge_settings()))

    def on_worker_event(event) -> None:
        data = event.detail.to_py()
        (page.asker if data.get("task") == "generate" else page.embedder).on_event(data)

    raglabBridge.events.addEventListener("model", create_proxy(on_worker_event))


async def start(page: PageGlue) -> None:
    started = time.perf_counter()
    start_bridge(page)
    ask_model.install(page)
    my_documents.install(page)
    my_files.install(page)
    my_names.install(page)
    my_related.install(page)
    my_vectors.install(page)
    sections.install(page)
    compare_view.install(page)
    for hook in config["raglab"].get("hooks", ()):  # only a --bench-hooks build names any (for bench/ and tests)
        import_module(hook).install(page)
    source_view.install(page.searched)  # the labs a result's passage is looked up in, the one searched now first
    asked_early = sections.asked_before_start()  # sent again at the end, as the visitor asked them
    questions.move_old_link(page)
    questions.fill_asked_boxes(page)  # a deep link's questions shown at once; answered once the documents are read
    drawing.show_status("ready", "Ready")
    document.getElementById("status").dataset.readyMs = str(round(performance.now()))  # for bench/
    # every kept record is read through a check: what could not be read back is left aside and said, and the lab starts
    unread = [await page.names.load(), await page.documents.load(), await page.vectors.load()]
    if any(unread):
        page.say("yours", " ".join(why for why in unread if why))
    document.getElementById("yours").dataset.loaded = "1"  # the kept documents are searchable (for tests, bench/)
    sections.listen_history(page)
    await questions.open_address(page, at_start=True)
    await compare_view.open_address(page)
    sections.ask_again(asked_early)
    document.getElementById("status").dataset.startS = f"{time.perf_counter() - started:.3f}"


try:
    page = make_page()
    await start(page)  # noqa: F704 (PyScript runs this module with top-level await)
except Exception as error:
    drawing.show_status("error", f"Python could not start: {type(error).__name__}: {error}")
    raise  # PyScript still shows the traceback and logs it
