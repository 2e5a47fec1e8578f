"""What a model's state shows (raglab.page.model_state holds the state and its transitions): its panel or a
section's line, the download under way, the consent question, what went wrong in a sentence, and an answer as it
streams. A state is read by its stage's value ("downloading", ...), so this layer imports nothing above it.
"""

from __future__ import annotations

from html import escape
from typing import Any

MB = 1_000_000
# What the page calls its two models (the embedding model's worker, and "Ask the model"'s language model).
MODEL_NAMES = {"embed": "the embedding model", "generate": "Qwen3 0.6B"}
RUNTIME = "the model runtime"
DEVICES = {"wasm": "the CPU (WebAssembly)", "webgpu": "the GPU (WebGPU)"}


def device_name(device: str) -> str:
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


def render_progress(files: Any, what: str) -> str:
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


def render_model_state(state: Any, what: str) -> str:
    """The status part of a model's panel (or of a section's message line) for ``state`` (a
    raglab.page.model_state.ModelState); ``what`` names the model ("Qwen3 0.6B", "the embedding model").

    >>> from types import SimpleNamespace as State
    >>> render_model_state(State(stage="loading", note=""), "Qwen3 0.6B")
    '<p class="model-status">Loading Qwen3 0.6B from the copy kept in this browser…</p>'
    """
    stage = state.stage
    if stage == "consent" and state.choice:
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
    if stage == "downloading":
        return render_progress(state.files, what)
    if stage == "failed":
        return (
            f'<p class="model-status" role="alert">{escape(state.failure)} Nothing on the page is lost.</p>'
            f'<button type="button" class="model-retry" data-retry="{escape(state.retry)}">Try again</button>'
        )
    text = {
        "loading": f"Loading {what} from the copy kept in this browser…",  # every file stored
        "consent": "Checking how the model would run on this device…",
    }.get(str(stage), state.note)
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
