"""A model on the page (the embedding model, or the language model of "Ask the model") as one named state with
its transitions, and what each state shows.

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
from html import escape


class Stage(StrEnum):
    IDLE = "idle"
    CONSENT = "consent"
    DOWNLOADING = "downloading"
    LOADING = "loading"
    ANSWERING = "answering"
    FAILED = "failed"
    DONE = "done"


RESTING = frozenset({Stage.IDLE, Stage.FAILED, Stage.DONE})  # nothing under way: a new request may start
LOADING = frozenset({Stage.DOWNLOADING, Stage.LOADING})

# Every transition: name -> (the stages it may start from, the stage it leads to). A move from any other stage is
# ignored. "download" leads to "loading" instead when every file is already stored (see ModelState.move).
MOVES: dict[str, tuple[frozenset[Stage], Stage]] = {
    "consent": (RESTING | {Stage.CONSENT}, Stage.CONSENT),  # the question before the first download
    "decline": (frozenset({Stage.CONSENT}), Stage.IDLE),
    "download": (RESTING | {Stage.CONSENT}, Stage.DOWNLOADING),
    "loaded": (LOADING, Stage.DONE),
    "answer": (frozenset({Stage.DONE}), Stage.ANSWERING),
    "answered": (frozenset({Stage.ANSWERING}), Stage.DONE),
    "fail": (LOADING | {Stage.CONSENT, Stage.ANSWERING, Stage.DONE}, Stage.FAILED),
    "refuse": (frozenset({Stage.DONE}), Stage.DONE),  # a prompt too long even with one passage: nothing sent
    "removed": (frozenset(Stage), Stage.IDLE),
}


@dataclass(frozen=True)
class FileProgress:
    name: str  # relative to the model's folder ("onnx/model_q4.onnx"), or the runtime's file name
    loaded: int  # bytes so far
    total: int  # bytes in all, as far as known
    runtime: bool = False  # onnxruntime's own .wasm, shared by both models


@dataclass(frozen=True)
class ModelState:
    stage: Stage = Stage.IDLE
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
        starting = self.stage in RESTING or self.stage is Stage.CONSENT
        if not starting and request is not None and request != self.request:
            return self
        if name == "download" and changes.pop("stored", False):
            target = Stage.LOADING
        fresh = {"files": (), "failure": "", "note": "", "choice": None} if target is not Stage.FAILED else {}
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
        return replace(self, stage=Stage.DOWNLOADING, files=tuple(files))


MB = 1_000_000
RUNTIME = "the model runtime"
DEVICES = {"wasm": "the CPU (WebAssembly)", "webgpu": "the GPU (WebGPU)"}


def device_words(device: str) -> str:
    return DEVICES.get(device, device)


def failure_sentence(reason: dict, what: str) -> str:
    """What went wrong, for a visitor: which file, and what the server said.

    >>> failure_sentence({"kind": "network", "file": "tokenizer.json"}, "the embedding model")
    'The embedding model could not be downloaded: the connection failed while fetching tokenizer.json.'

    >>> failure_sentence({"kind": "http", "file": "onnx/model_q4.onnx", "status": 500,
    ...                   "status_text": "Internal Server Error"}, "Qwen3 0.6B")
    'Qwen3 0.6B could not be downloaded: the server answered 500 (Internal Server Error) for onnx/model_q4.onnx.'
    """
    sentence = _failure(reason, what)
    return sentence[:1].upper() + sentence[1:]


def _failure(reason: dict, what: str) -> str:
    kind, file = reason.get("kind"), reason.get("file")
    where = f"{RUNTIME} ({file})" if reason.get("runtime") else file
    if kind == "http":
        said = f"{reason['status']} ({reason['status_text']})" if reason.get("status_text") else str(reason["status"])
        return f"{what} could not be downloaded: the server answered {said} for {where}."
    if kind == "network":
        return f"{what} could not be downloaded: the connection failed while fetching {where}."
    if kind == "worker":
        return (
            f"{what} could not start: the page's model worker failed to load"
            f"{': ' + reason['message'] if reason.get('message') else ''}."
        )
    if kind == "removed":
        return f"{what} was removed from this browser before it finished loading."
    if kind == "memory":  # the device's memory, not the download: the stored copy is kept (bridge.js)
        cut = f" Try again: the prompt is cut to at most {reason['room']:,} tokens." if reason.get("room") else ""
        return (
            f"{what} ran out of this device's memory reading a prompt of {reason.get('tokens', 0):,} tokens "
            f"({reason.get('message', '')}); the copy kept in this browser is fine and stays.{cut}"
        )
    if kind == "generation":
        return f"{what} failed while answering ({reason.get('message', '')}); it stays loaded."
    message = str(reason.get("message", ""))
    if "quota" in message.lower():
        return (
            f"Your browser has no room left to keep {what}. Free some space (for example, clear other sites' "
            "stored data), then try again."
        )
    if kind == "content":
        return (
            f"{what} arrived but could not be read ({message}); a file may have been cut off or damaged, so "
            "its stored copy was removed."
        )
    return f"{what} could not be used: {message}."


def render_progress(files: tuple[FileProgress, ...], what: str) -> str:
    """The download under way: bytes so far, and a bar per file."""
    done = sum(f.loaded for f in files)
    rows = "".join(
        f'<li><progress max="{f.total}" value="{f.loaded}"></progress> '
        f"{escape(RUNTIME + ': ' + f.name if f.runtime else f.name)}: {f.loaded / MB:.1f} of {f.total / MB:.1f} MB</li>"
        for f in files
    )
    return (
        f'<p class="model-status">Downloading {escape(what)}, once (it stays in this browser): '
        f'{done / MB:.1f} MB so far.</p><ul class="files">{rows}</ul>'
    )


def render_model_state(state: ModelState, what: str) -> str:
    """The status part of a model's panel (or of a section's message line) for ``state``; ``what`` names the
    model ("Qwen3 0.6B", "the embedding model")."""
    stage = state.stage
    if stage is Stage.CONSENT and state.choice:
        device, dtype, reason, size = state.choice
        how_big = f"{size}, downloaded once" if size else "downloaded once (its size shows as it downloads)"
        return (
            '<div class="consent" role="group" aria-label="Download the model?">'
            f"<p>Answering needs {escape(what)}, a small language model: {escape(how_big)} and kept in this "
            "browser. It then runs here, on your device; nothing you type is sent anywhere. "
            f"On this device it would run on {escape(device)} with {escape(dtype)} weights, because "
            f"{escape(reason)}.</p>"
            '<button type="button" class="consent-yes">Download and answer</button> '
            '<button type="button" class="consent-no">Not now</button></div>'
        )
    if stage is Stage.DOWNLOADING:
        return render_progress(state.files, what)
    if stage is Stage.FAILED:
        return (
            f'<p class="model-status" role="alert">{escape(state.failure)} Nothing on the page is lost.</p>'
            f'<button type="button" class="model-retry" data-retry="{escape(state.retry)}">Try again</button>'
        )
    text = {
        Stage.LOADING: f"Loading {what} from the copy kept in this browser…",  # every file stored
        Stage.CONSENT: "Checking how the model would run on this device…",
    }.get(stage, state.note)
    return f'<p class="model-status">{escape(text)}</p>' if text else ""


def render_stored(stored: dict[str, int], names: dict[str, str]) -> str:
    """The line about what the lab keeps in this browser, a "Remove it" per part.

    >>> render_stored({"generate": 9_800_000, "embed": 0, "runtime": 0}, {"generate": "Qwen3 0.6B"})[:45]
    'Stored in this browser: Qwen3 0.6B (10 MB) <b'
    """
    parts = [
        f'{escape(names.get(part, part))} ({size / MB:.0f} MB) <button type="button" class="remove-model" '
        f'data-part="{escape(part)}">Remove it</button>'
        for part, size in stored.items()
        if size
    ]
    return "Stored in this browser: " + "; ".join(parts) if parts else ""


def render_answer_box(heading: str, request: int, note: str = "") -> str:
    """An answer as it streams: the tokens go into ``.answer-text``; Stop names the request it stops; ``note``:
    what of the prompt was left out (raglab.models.prompt_fit), above the answer.

    >>> render_answer_box("Answer", 3, "<cut>")[:73]
    '<div class="answer"><h4>Answer</h4><p class="answer-note">&lt;cut&gt;</p>'
    """
    said = f'<p class="answer-note">{escape(note)}</p>' if note else ""
    return (
        f'<div class="answer"><h4>{escape(heading)}</h4>{said}<p class="answer-text"></p>'
        f'<button type="button" class="model-stop" data-request="{request}">Stop</button></div>'
    )


def render_answer_end(done: dict, seconds: float) -> str:
    """The line under a finished answer.

    >>> render_answer_end({"interrupted": False, "tokens": 20}, 1.234)
    '<p class="answer-meta">Done: 20 tokens in 1.2 s.</p>'
    """
    end = "Stopped" if done["interrupted"] else "Done"
    return f'<p class="answer-meta">{end}: {done["tokens"]} tokens in {seconds:.1f} s.</p>'


def render_hand_written(label: str, text: str) -> str:
    """A preset's hand-written input, shown beside what the model wrote."""
    return (
        f'<div class="answer hand"><h4>The {escape(label)}, written by hand for this demo</h4>'
        f'<p class="answer-text">{escape(text)}</p></div>'
    )
