"""The embedding model in the page's worker (worker.js, through bridge.js): loaded once for every section that needs
it, its state given to the page model (``model_moved("embed", ...)``), which draws it in the line of every section
waiting for it. After the batch that measured WebGPU against WebAssembly, whoever asked for it, the core chooses the
device (``raglab.models.device_choice``) and the worker is told which to keep."""

import asyncio
import json

from js import raglabBridge
from pyodide.ffi import to_js

from raglab import QuestionError
from raglab.models.device_choice import choose_device
from raglab.page.device_reason import device_reason
from raglab.page.model_state import ModelStage
from raglab.ui.model_panel import failure_sentence

NAME = "the embedding model"


class EmbeddingModel:
    def __init__(self, page, available: bool):
        self.page = page
        self.available = available  # the build has an embedding model
        self.device = None  # which device makes the vectors and why, in words, once the worker has said
        self.threads = 1  # the WebAssembly threads the worker runs on
        self.measure_at = 0  # while WebGPU is still to be measured: the size of batch the worker measures it on
        self.warming = False  # warm() has been tried: once a visit

    @property
    def state(self):
        return self.page.model.facts.embedder

    def set(self, state) -> None:
        if state is not self.state:
            self.page.draw(self.page.model.model_moved("embed", state))

    def on_event(self, data: dict) -> None:
        if data["type"] == "progress":
            self.set(self.state.on_progress(data))
        elif data["type"] == "vectors" and data.get("measured"):
            self.keep(choose_device(data["vectors"], data["measured"]))

    def keep(self, choice) -> None:
        """The worker keeps the device the core chose (bridge.js remembers it for the next visits)."""
        raglabBridge.keep(json.dumps({"device": choice.device, "reason": choice.reason}))
        self.device = device_reason(choice.reason, "embed", self.threads)
        self.measure_at = 0

    def removed(self) -> None:
        self.set(self.state.move("removed"))

    async def ready(self, retry: str = "question") -> bool:
        """The model loaded in its worker (once: a second caller waits on the same load); False when it failed: the
        line says why, with "Try again", which repeats ``retry`` (the section's question, or "vectors", "related"
        for the visitor's parts)."""
        if self.state.stage is ModelStage.DONE:
            return True
        stored = (await raglabBridge.stored()).to_py()["embed"]  # kept: no download to show
        load = raglabBridge.load("embed")
        self.set(self.state.move("download", request=load.id, stored=bool(stored)))
        ended = (await load.ended).to_py()
        if ended["type"] == "error":
            self.fail(load.id, ended["reason"], retry)
            return False
        self.threads = ended.get("threads") or 1
        self.device = device_reason(ended["reason"], "embed", self.threads)
        self.measure_at = ended.get("measure_at", 0)
        note = f"Embedding model ready ({ended['dtype']}, {ended['device']}); reading your question…"
        self.set(self.state.move("loaded", request=load.id, note=note))
        asyncio.ensure_future(self.page.show_stored())
        self.page.model_loaded()
        return True

    async def warm(self) -> bool:
        """Load the model before it is asked for, when it is already kept in this browser (never a download the
        visitor did not ask for): "Make meaning vectors" then starts with its first batch, not with the load
        (seconds on WebAssembly, even from Cache Storage: bench/README.md, "Meaning search in the page"). True when
        it loaded the model."""
        if not self.available or self.warming or self.state.stage is not ModelStage.IDLE:
            return False
        self.warming = True
        stored = (await raglabBridge.stored()).to_py()["embed"]
        return bool(stored) and self.state.stage is ModelStage.IDLE and await self.ready("vectors")

    async def kept(self) -> bool:
        """The model loaded, or kept in this browser: loading it now downloads nothing."""
        if self.state.stage is ModelStage.DONE:
            return True
        return self.available and bool((await raglabBridge.stored()).to_py()["embed"])

    async def vectors(self, key: str, ticket: int, texts: list[str], retry: str = "question") -> list | None:
        """Vectors for ``texts``, loading the model first if need be, for the request ``ticket`` of section ``key``
        (its line follows the model meanwhile). None when the model failed: the line says why, with "Try again",
        which repeats ``retry``."""
        if not self.available:
            raise QuestionError(
                "This build of the lab has no embedding model, so only the preset questions can be searched by "
                "meaning here."
            )
        page = self.page
        page.draw(page.model.wait_for_model(key, ticket))
        try:
            if not await self.ready(retry):
                return None
            request = raglabBridge.vectors(to_js(texts))
            answer = (await request.ended).to_py()
            if answer["type"] == "error":
                return self.fail(request.id, answer["reason"], retry)
            page.draw(page.model.embedded(key, ticket))
            return [list(v) for v in answer["vectors"]]
        except BaseException:
            page.draw(page.model.embedded(key, ticket))
            raise

    def fail(self, request: int, reason: dict, retry: str) -> None:
        self.set(self.state.move("fail", request=request, failure=failure_sentence(reason, NAME), retry=retry))
        return None

    async def add(self, table, key: str, ticket: int, texts, retry: str = "question") -> bool:
        """``texts`` embedded into ``table``; False when the model failed (its line says so)."""
        texts = list(texts)
        if not texts:
            return True
        vectors = await self.vectors(key, ticket, texts, retry)
        if vectors is None:
            return False
        table.add(texts, vectors)
        return True
