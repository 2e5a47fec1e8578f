"""A model on the page (the embedding model, or the language model of "Ask the model") as one named state with
its transitions (what each state shows is raglab.ui.model_panel's).

The page's two models both go through these stages; the embedding model skips the consent question and the
answer:

    idle -> consent -> downloading -> answering -> done
              |            |   ^          |
              v            v   |          v
             idle        failed (Try again repeats what failed)

(``loading`` stands for ``downloading`` when every file is already in the browser.)

Every load and every answer is a request with an id (bridge.js gives it), and a state belongs to one request:
an event of any other request, or one that arrives after its request has ended, leaves the state as it is.
That is what keeps a late progress event from drawing over a failure.

>>> s = ModelState().move("download", request=7)
>>> s = s.on_progress({"id": 7, "file": "onnx/model_q4.onnx", "loaded": 2_000_000, "total": 4_000_000})
>>> str(s.stage), s.files[0].loaded
('downloading', 2000000)
>>> s = s.move("fail", request=7, failure="The server answered 500.", retry="ask")
>>> s.on_progress({"id": 7, "file": "generation_config.json", "runtime": False, "loaded": 1, "total": 1}) is s
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class ModelStage(StrEnum):
    IDLE = "idle"
    CONSENT = "consent"
    DOWNLOADING = "downloading"
    LOADING = "loading"
    ANSWERING = "answering"
    FAILED = "failed"
    DONE = "done"


RESTING = frozenset({ModelStage.IDLE, ModelStage.FAILED, ModelStage.DONE})  # nothing under way: a new request may start
LOADING = frozenset({ModelStage.DOWNLOADING, ModelStage.LOADING})

# Every transition: name -> (the stages it may start from, the stage it leads to). A move from any other stage is
# ignored. "download" leads to "loading" instead when every file is already stored (see ModelState.move).
MOVES: dict[str, tuple[frozenset[ModelStage], ModelStage]] = {
    "consent": (RESTING | {ModelStage.CONSENT}, ModelStage.CONSENT),  # the question before the first download
    "decline": (frozenset({ModelStage.CONSENT}), ModelStage.IDLE),
    "download": (RESTING | {ModelStage.CONSENT}, ModelStage.DOWNLOADING),
    "loaded": (LOADING, ModelStage.DONE),
    "answer": (frozenset({ModelStage.DONE}), ModelStage.ANSWERING),
    "answered": (frozenset({ModelStage.ANSWERING}), ModelStage.DONE),
    "fail": (LOADING | {ModelStage.CONSENT, ModelStage.ANSWERING, ModelStage.DONE}, ModelStage.FAILED),
    "refuse": (frozenset({ModelStage.DONE}), ModelStage.DONE),  # a prompt too long even with one passage: nothing sent
    "removed": (frozenset(ModelStage), ModelStage.IDLE),
}


@dataclass(frozen=True)
class FileProgress:
    name: str  # relative to the model's folder ("onnx/model_q4.onnx"), or the runtime's file name
    loaded: int  # bytes so far
    total: int  # bytes in all, as far as known
    runtime: bool = False  # onnxruntime's own .wasm, shared by both models


@dataclass(frozen=True)
class ModelState:
    stage: ModelStage = ModelStage.IDLE
    request: int | None = None  # the worker request this state belongs to
    files: tuple[FileProgress, ...] = ()  # the download under way, a file each
    note: str = ""  # a sentence about the last step (how the model runs, why nothing was downloaded)
    failure: str = ""  # what went wrong, for the visitor
    retry: str = ""  # what "Try again" repeats: "ask", "write" or "question"
    choice: tuple[str, str, str, str] | None = None  # consent: (device words, dtype, reason, size or "")

    @property
    def busy(self) -> bool:
        return self.stage not in RESTING

    def move(self, name: str, request: int | None = None, **changes) -> ModelState:
        """The state after transition ``name``, or this state when the transition does not apply here (wrong
        stage, or ``request`` is not the one this state waits on)."""
        sources, target = MOVES[name]
        if self.stage not in sources:
            return self
        starting = self.stage in RESTING or self.stage is ModelStage.CONSENT
        if not starting and request is not None and request != self.request:
            return self
        if name == "download" and changes.pop("stored", False):
            target = ModelStage.LOADING
        fresh = {"files": (), "failure": "", "note": "", "choice": None} if target is not ModelStage.FAILED else {}
        return replace(self, **{**fresh, "stage": target, "request": request if starting else self.request, **changes})

    def on_progress(self, event: dict) -> ModelState:
        """Bytes of one file of this state's load; any other request's bytes change nothing."""
        if self.stage not in LOADING or event.get("id") != self.request:
            return self
        progress = FileProgress(
            event["file"], event["loaded"], event["total"] or event["loaded"], bool(event.get("runtime"))
        )
        names = [f.name for f in self.files]
        files = list(self.files)
        if progress.name in names:
            files[names.index(progress.name)] = progress
        else:
            files.append(progress)
        return replace(self, stage=ModelStage.DOWNLOADING, files=tuple(files))
