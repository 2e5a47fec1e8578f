""" "Ask the model": Qwen3-0.6B answers on the visitor's device from the exact prompt a technique built, and can
write what the spec says "a real system" asks a model for (multi-query rewrites, a HyDE answer, a query rewrite).

Everything runs in the browser: the worker (worker.js, through bridge.js) downloads the model once, after the
visitor agrees, keeps it in Cache Storage, and streams tokens back; this module wires clicks and worker events to
the model's state (raglab.page.model_state: the stages and their transitions; raglab.ui.model_panel: what each
shows). It never changes a
prompt: what the worker receives is the prompt the technique shows.
"""

import asyncio
import time
from types import MappingProxyType

from js import raglabBridge
from pyscript import document, when
from questions import answer, current_result, question_in_box

from raglab.models.model_memory import Shape, memory_tokens
from raglab.models.model_writes import model_inputs
from raglab.models.prompt_fit import Fitted, candidates, fit_prompt
from raglab.page.device_reason import device_reason
from raglab.page.model_state import ModelState
from raglab.prompt import build_prompt
from raglab.techniques import TECHNIQUES
from raglab.ui.model_panel import (
    device_name,
    failure_sentence,
    render_answer_box,
    render_answer_end,
    render_hand_written,
    render_stored,
)

NAME = "Qwen3 0.6B"
STORED_NAMES = MappingProxyType({"generate": NAME, "embed": "the embedding model", "runtime": "the model runtime"})


class Asker:
    def __init__(self, page):
        self.page = page  # lab_page.PageGlue: the model's state goes to its page model, which draws the panel
        self.settings = page.settings["bridge"]["generate"]  # the "generate" part of the bridge's settings
        self.key = None  # the section whose panel shows the state
        self.ready = None  # the worker's "ready" message while the model is loaded
        self.consent = None  # a Future while the consent question is open
        self.consented = False  # asked once a visit (and again after "Remove it")
        self.context = None  # the model's context in tokens, as its worker counted it

    # --- the state, kept by the page model, which draws it in the panel of section ``key`` ------------------

    @property
    def state(self) -> ModelState:
        return self.page.model.asker

    def set(self, state: ModelState) -> None:
        if state is not self.state or self.key != self.page.model.asker_key:
            self.page.draw(self.page.model.model_moved("generate", state, self.key))

    def on_event(self, data: dict) -> None:
        if data["type"] == "progress":
            self.set(self.state.on_progress(data))

    def panel(self, key: str):
        return document.getElementById(f"model-{key}")

    async def show_stored(self) -> None:
        """The page's line about what the lab keeps in this browser, with a removal control per part."""
        stored = (await raglabBridge.stored()).to_py()
        document.getElementById("model-store").innerHTML = render_stored(stored, STORED_NAMES)

    # --- loading ---------------------------------------------------------------------------------------------

    async def ensure_model(self, retry: str) -> bool:
        """Load the model, asking first if it has to be downloaded. False if the visitor says no or it fails."""
        if self.ready:
            return True
        self.set(self.state.move("consent"))  # "checking this device…" until the question is ready
        stored = (await raglabBridge.stored()).to_py()["generate"]
        if not stored and not self.consented:
            choice = (await raglabBridge.choose()).to_py()
            if choice["type"] == "error":
                self.set(self.state.move("fail", failure=failure_sentence(choice["reason"], NAME), retry=retry))
                return False
            size = self.settings["sizes"].get(choice["dtype"], "")
            self.consent = asyncio.get_event_loop().create_future()
            self.set(
                self.state.move(
                    "consent",
                    choice=(
                        device_name(choice["device"]),
                        choice["dtype"],
                        device_reason(choice["reason"], "generate"),
                        size,
                    ),
                )
            )
            self.panel(self.key).querySelector(".consent-yes").focus()
            if not await self.consent:
                self.set(
                    self.state.move(
                        "decline", note="Nothing was downloaded. The prompt above is what the model would read."
                    )
                )
                return False
            self.consented = True
        load = raglabBridge.load("generate")
        self.set(self.state.move("download", request=load.id, stored=bool(stored)))
        ended = (await load.ended).to_py()
        if ended["type"] == "error":
            self.set(
                self.state.move("fail", request=load.id, failure=failure_sentence(ended["reason"], NAME), retry=retry)
            )
            return False
        self.ready = ended
        note = self.runs_here()
        if not stored and not (await raglabBridge.stored()).to_py()["generate"]:
            # transformers.js only logs a failed cache write (a full disk, a private window): say it here.
            note += (
                " It could not be kept in this browser (its storage is full or off), so a later visit downloads "
                "it again."
            )
        self.set(self.state.move("loaded", request=load.id, note=note))
        await self.show_stored()
        return True

    def runs_here(self) -> str:
        return (
            f"{NAME} runs here on {device_name(self.ready['device'])}, {self.ready['dtype']} weights: "
            f"{device_reason(self.ready['reason'], 'generate')}."
        )

    # --- answering -----------------------------------------------------------------------------------------

    async def fitted(self, result) -> Fitted | str:
        """What of ``result``'s prompt the model can hold, counted in its own tokens by its worker (the rule:
        raglab.models.prompt_fit); a failure's sentence if the count failed."""
        counted = (await raglabBridge.count(candidates(result.question, result.passages))).to_py()
        if counted["type"] == "error":
            self.ready = None
            return failure_sentence(counted["reason"], NAME)
        self.context = counted["context"] or counted["tokens"][0] + self.settings["max_new_tokens"]
        shape = Shape.from_config(counted.get("shape"))
        memory = memory_tokens(shape, counted.get("device_gb")) if shape else None
        room = self.page.model.prompt_room(self.context, self.settings["max_new_tokens"], memory)
        return fit_prompt([p.title for p in result.passages], counted["tokens"], room, NAME)

    async def generate(self, key: str, prompt: str, heading: str, retry: str, result=None) -> dict | None:
        """Stream the model's reply to ``prompt`` into the panel; the reply's done message, or None. Given the
        ``result`` that built the prompt, the prompt is first fitted to what the model can hold."""
        if self.state.busy:
            return None
        self.key = key
        if not await self.ensure_model(retry):
            return None
        note = ""
        if result is not None:
            fitted = await self.fitted(result)
            if isinstance(fitted, str):
                self.set(self.state.move("fail", failure=fitted, retry=retry))
                return None
            if not fitted.sent:
                self.set(self.state.move("refuse", note=fitted.sentence))
                return None
            note = fitted.sentence
            if fitted.kept < fitted.passages:
                prompt = build_prompt(result.question, result.passages[: fitted.kept])
        panel = self.panel(key)
        stream = document.createTextNode("")
        started = time.perf_counter()
        request = raglabBridge.generate(prompt, self.settings["max_new_tokens"], stream)
        self.set(self.state.move("answer", request=request.id, note=self.runs_here()))
        panel.insertAdjacentHTML("beforeend", render_answer_box(heading, request.id, note))
        box = panel.querySelector(".answer:last-of-type .answer-text")
        box.appendChild(stream)
        done = (await request.ended).to_py()
        panel.querySelector(".answer:last-of-type .model-stop").remove()
        if done["type"] == "error":
            self.ready = None  # asked again: a worker that has ended (bridge.js) loads the stored copy
            reason = done["reason"]
            if reason["kind"] == "memory":
                answer_tokens = self.settings["max_new_tokens"]
                context = self.context or reason["tokens"] + answer_tokens
                reason = {
                    **reason,
                    "room": self.page.model.model_out_of_memory(context, answer_tokens, reason["tokens"]),
                }
            self.set(self.state.move("fail", request=request.id, failure=failure_sentence(reason, NAME), retry=retry))
            return None
        self.set(self.state.move("answered", request=request.id, note=self.runs_here()))
        box.insertAdjacentHTML("afterend", render_answer_end(done, time.perf_counter() - started))
        return done

    async def ask(self, key: str) -> None:
        result = await current_result(self.page, key)
        await self.generate(key, result.prompt, "The model's answer", "ask", result)

    async def write(self, key: str, name: str) -> None:
        """The model writes the technique's input ``name`` for the section's question; the technique runs with it."""
        t = TECHNIQUES[key]
        written = t.input(name)
        question = question_in_box(self.page, key)

        async def generate(prompt: str) -> str | None:
            heading = f"The {written.model.label}, written by the model"
            done = await self.generate(key, prompt, heading, f"write:{name}")
            return None if not done or done["interrupted"] else done["text"]

        inputs = await model_inputs(t, question, generate, [name])
        if inputs is None:
            return
        mine = written.hand_written(self.page.lab().corpus, question)
        if mine:  # a preset: show the hand-written one beside the model's
            self.panel(key).insertAdjacentHTML(
                "beforeend", render_hand_written(written.model.label, written.shown(mine))
            )
        await answer(self.page, key, question, inputs, source="model")

    def removed(self) -> None:
        """The model was removed from this browser (and its worker ended): the next question asks again."""
        self.ready = None
        self.consented = False
        self.set(self.state.move("removed"))


def install(page) -> None:
    """The model's controls: "Ask the model", "Let the model write it", and those its panels draw after start-up
    (consent, stop, retry, removal)."""
    asker = page.asker = Asker(page)
    asyncio.ensure_future(asker.show_stored())

    def key_of(event) -> str:
        return event.target.closest("section").dataset.technique

    @when("click", "button.ask-model-button")
    def on_ask(event):
        asyncio.ensure_future(asker.ask(key_of(event)))

    @when("click", "button.model-writes")
    def on_write(event):
        asyncio.ensure_future(asker.write(key_of(event), event.target.dataset.input))

    @when("click", "body")
    def on_panel_click(event):
        target = event.target
        classes = target.classList
        if classes.contains("consent-yes") or classes.contains("consent-no"):
            if asker.consent and not asker.consent.done():
                asker.consent.set_result(classes.contains("consent-yes"))
        elif classes.contains("model-stop"):
            raglabBridge.interrupt(int(target.dataset.request))
        elif classes.contains("model-retry"):
            retry = target.dataset.retry
            if retry == "question":  # the embedding model failed: the section's question, asked again
                target.closest("section").querySelector("form.ask").requestSubmit()
            elif retry == "ask":
                asyncio.ensure_future(asker.ask(key_of(event)))
            elif retry.startswith("write:"):  # the model writing one of the technique's inputs
                asyncio.ensure_future(asker.write(key_of(event), retry.removeprefix("write:")))
        elif classes.contains("remove-model"):
            asyncio.ensure_future(remove(page, target.dataset.part))


async def remove(page, part: str) -> None:
    freed = await raglabBridge.remove(part)
    if part == "generate":
        page.asker.removed()
    else:
        page.embedder.removed()
    await page.asker.show_stored()
    line = document.getElementById("model-store")
    line.insertAdjacentText("afterbegin", f"Removed {STORED_NAMES[part]}: {freed / 1_000_000:.0f} MB freed. ")
