""""Ask the model": Qwen3-0.6B answers on the visitor's device from the exact prompt a technique built, and can
write what the spec says "a real system" asks a model for (multi-query rewrites, a HyDE answer, a query rewrite).

Everything runs in the browser: the worker (worker.js, through bridge.js) downloads the model once, after the
visitor agrees, keeps it in Cache Storage, and streams tokens back; this module shows them. It never changes a
prompt: what the worker receives is the prompt the technique shows.
"""

import asyncio
import time
from html import escape

from js import raglabBridge
from pyscript import document, when

from raglab.model_prompts import (
    REWRITES,
    hypothetical_prompt,
    parse_lines,
    parse_one,
    query_rewrite_prompt,
    rewrites_prompt,
)

MB = 1_000_000
DEVICES = {"wasm": "the CPU (WebAssembly)", "webgpu": "the GPU (WebGPU)"}
WHAT = {  # what the model can write, per technique: (prompt maker, label)
    "multi_query": (rewrites_prompt, "rewrites"),
    "hyde": (hypothetical_prompt, "hypothetical answer"),
    "query": (query_rewrite_prompt, "rewritten question"),
}


class Asker:
    def __init__(self, settings: dict, current_result, answer, question_of, hand_written):
        self.settings = settings  # the "generate" part of pyscript.json's bridge section
        self.current_result = current_result  # async key -> Result shown in that section
        self.answer = answer  # async (key, question, **options) -> bool: run a technique and show it
        self.question_of = question_of  # key -> the question the section shows
        self.hand_written = hand_written  # (key, question) -> the preset's hand-written input as text, or ""
        self.ready = None  # the worker's "ready" message once the model is loaded
        self.consent = None  # a Future while the consent question is open
        self.busy = False
        self.stream = None  # the text node bridge.js appends the tokens to
        self.files = {}  # file -> (loaded, total) of the download under way
        self.panel_key = None
        self.consented = False

    # --- what the worker reports -------------------------------------------------------------------------

    def on_event(self, data: dict) -> None:
        kind = data["type"]
        if kind == "progress" and data.get("task") in ("generate", "runtime") and self.panel_key:
            self.files[data["file"]] = (data["loaded"], data["total"] or data["loaded"])
            self.show_progress()

    def show_progress(self) -> None:
        rows = "".join(
            f'<li><progress max="{total}" value="{loaded}"></progress> {escape(name)}: '
            f"{loaded / MB:.1f} of {total / MB:.1f} MB</li>" for name, (loaded, total) in self.files.items())
        done = sum(loaded for loaded, _ in self.files.values())
        self.status(f"Downloading Qwen3 0.6B, once: {done / MB:.1f} MB so far.", f'<ul class="files">{rows}</ul>')

    # --- the panel under a technique ---------------------------------------------------------------------

    def panel(self, key: str):
        return document.getElementById(f"model-{key}")

    def status(self, text: str, extra_html: str = "") -> None:
        if self.panel_key:
            self.panel(self.panel_key).innerHTML = f'<p class="model-status">{escape(text)}</p>{extra_html}'

    async def ensure_model(self, key: str) -> bool:
        """Load the model, asking first if it has to be downloaded. False if the visitor says no or it fails."""
        self.panel_key = key
        if self.ready:
            return True
        model = self.settings["model"]
        cached = await raglabBridge.cachedBytes(model)
        if not cached and not self.consented:
            choice = (await raglabBridge.choose()).to_py()
            size = self.settings["sizes"].get(choice["dtype"])
            if not await self.ask_consent(key, choice, size):
                self.status("Nothing was downloaded. The prompt above is what the model would read.")
                return False
            self.consented = True
        self.files = {}
        self.status("Loading Qwen3 0.6B…" if cached else "Starting the download…")
        try:
            self.ready = (await raglabBridge.load("generate")).to_py()
        except Exception as error:
            self.show_failure(key, str(error))
            return False
        note = f"Qwen3 0.6B runs here on {self.device_words()}: {self.ready['reason']}."
        if not cached and not await raglabBridge.cachedBytes(model):
            # transformers.js only logs a failed cache write (a full disk, a private window): say it here.
            note += (" It could not be kept in this browser (its storage is full or off), so a later visit downloads "
                     "it again.")
        self.status(note)
        await show_stored_model(model)
        return True

    def device_words(self) -> str:
        return f"{DEVICES.get(self.ready['device'], self.ready['device'])}, {self.ready['dtype']} weights"

    async def ask_consent(self, key: str, choice: dict, size: str | None) -> bool:
        self.consent = asyncio.get_event_loop().create_future()
        how_big = f"{size}, downloaded once" if size else "downloaded once (its size shows as it downloads)"
        self.panel(key).innerHTML = (
            '<div class="consent" role="group" aria-label="Download the model?">'
            f"<p>Answering needs Qwen3 0.6B, a small language model: {escape(how_big)} and kept in this browser. "
            "It then runs here, on your device; nothing you type is sent anywhere. "
            f"On this device it would run on {escape(DEVICES.get(choice['device'], choice['device']))} with "
            f"{escape(choice['dtype'])} weights, because {escape(choice['reason'])}.</p>"
            '<button type="button" class="consent-yes">Download and answer</button> '
            '<button type="button" class="consent-no">Not now</button></div>')
        self.panel(key).querySelector(".consent-yes").focus()
        return await self.consent

    def show_failure(self, key: str, message: str) -> None:
        if "quota" in message.lower():
            why = ("Your browser has no room left to keep the model. Free some space (for example, clear other "
                   "sites' stored data), then try again.")
        else:
            why = f"The model could not be loaded: {message}."
        self.panel_key = key
        self.status(f"{why} Nothing on the page is lost.",
                    '<button type="button" class="model-retry">Try again</button>')

    # --- answering -----------------------------------------------------------------------------------------

    async def generate(self, key: str, prompt: str, heading: str) -> dict | None:
        """Stream the model's reply to ``prompt`` into the panel; the reply's done message, or None."""
        if self.busy:
            return None
        self.busy = True
        try:
            if not await self.ensure_model(key):
                return None
            panel = self.panel(key)
            panel.insertAdjacentHTML(
                "beforeend", f'<div class="answer"><h4>{escape(heading)}</h4><p class="answer-text"></p>'
                             '<button type="button" class="model-stop">Stop</button></div>')
            box = panel.querySelector(".answer:last-of-type .answer-text")
            self.stream = document.createTextNode("")
            box.appendChild(self.stream)
            started = time.perf_counter()
            try:
                done = (await raglabBridge.generate(prompt, self.settings["max_new_tokens"], self.stream)).to_py()
            except Exception as error:
                self.show_failure(key, str(error))
                return None
            finally:
                self.stream = None
                stop = panel.querySelector(".model-stop")
                if stop:
                    stop.remove()
            end = "Stopped" if done["interrupted"] else "Done"
            box.insertAdjacentHTML("afterend", f'<p class="answer-meta">{end}: {done["tokens"]} tokens in '
                                                f"{time.perf_counter() - started:.1f} s.</p>")
            return done
        finally:
            self.busy = False

    async def ask(self, key: str) -> None:
        result = await self.current_result(key)
        await self.generate(key, result.prompt, "The model's answer")

    async def write(self, key: str) -> None:
        """The model writes the technique's input for the section's question; the technique runs with it."""
        make, label = WHAT[key]
        question = self.question_of(key)
        done = await self.generate(key, make(question), f"The {label}, written by the model")
        if not done or done["interrupted"]:
            return
        mine = self.hand_written(key, question)
        if mine:  # a preset: show the hand-written one beside the model's
            self.panel(key).insertAdjacentHTML(
                "beforeend", f'<div class="answer hand"><h4>The {escape(label)}, written by hand for this demo</h4>'
                             f'<p class="answer-text">{escape(mine)}</p></div>')
        if key == "multi_query":
            options = {"rewrites": parse_lines(done["text"], REWRITES), "source": "model"}
        elif key == "hyde":
            options = {"hypothetical": parse_one(done["text"]), "source": "model"}
        else:
            options = {"rewrite": parse_one(done["text"]), "source": "model"}
        await self.answer(key, question, **options)


asker: Asker | None = None


async def show_stored_model(model: str) -> None:
    """The page's line about the stored model, with its removal control."""
    line = document.getElementById("model-store")
    stored = await raglabBridge.cachedBytes(model)
    if stored:
        line.innerHTML = (f"Qwen3 0.6B is stored in this browser ({stored / MB:.0f} MB). "
                          f'<button type="button" class="remove-model">Remove it</button>')
    else:
        line.textContent = ""


def install(settings, current_result, answer, question_of, hand_written) -> Asker:
    global asker
    asker = Asker(settings, current_result, answer, question_of, hand_written)
    asyncio.ensure_future(show_stored_model(settings["model"]))
    return asker


def _key(event) -> str:
    return event.target.closest("section").dataset.technique


@when("click", "button.ask-model-button")
def on_ask(event):
    asyncio.ensure_future(asker.ask(_key(event)))


@when("click", "button.model-writes")
def on_write(event):
    asyncio.ensure_future(asker.write(_key(event)))


@when("click", "body")
def on_panel_click(event):
    """Controls that the panels create after start-up: consent, stop, retry, removal."""
    target = event.target
    classes = target.classList
    if classes.contains("consent-yes") or classes.contains("consent-no"):
        if asker.consent and not asker.consent.done():
            asker.consent.set_result(classes.contains("consent-yes"))
    elif classes.contains("model-stop"):
        raglabBridge.interrupt()
    elif classes.contains("model-retry"):
        asyncio.ensure_future(asker.ask(_key(event)))
    elif classes.contains("remove-model"):
        asyncio.ensure_future(remove_model())


async def remove_model() -> None:
    freed = await raglabBridge.removeModel(asker.settings["model"])
    document.getElementById("model-store").textContent = (
        f"Removed: {freed / MB:.0f} MB freed. The model stays loaded until you leave; a later visit asks again.")

