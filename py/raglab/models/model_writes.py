"""The language model writes a technique's inputs (the spec's "a real system asks a language model"), then the
technique runs with them. The model comes in as a function, ``generate(prompt) -> text`` (or an awaitable of
it: the page's model streams in a worker), so the core never fetches one and a test passes a fake.

>>> from raglab import Lab
>>> result = ask_with_model(Lab(), "query", "What else does Tomas do?", lambda prompt: "Tomas tours")
>>> result.details["rewrite"], result.details["rewrite_by"], result.details["all_words"]
('Tomas tours', 'model', ['toma', 'tour'])
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from ..lab import Lab
from ..result import Result
from ..techniques import Technique, run, technique

Generate = Callable[[str], "str | None | Awaitable[str | None]"]


async def model_inputs(
    t: Technique, question: str, generate: Generate, names: Iterable[str] | None = None
) -> dict[str, Any] | None:
    """What the model writes for ``t``'s model-writable inputs (those in ``names``, or all): name -> value.
    None when ``generate`` gives None (the visitor stopped the model)."""
    wanted = None if names is None else set(names)
    written = {}
    for i in t.inputs:
        if i.model is None or (wanted is not None and i.name not in wanted):
            continue
        reply = generate(i.model.prompt(question))
        if inspect.isawaitable(reply):
            reply = await reply
        if reply is None:
            return None
        written[i.name] = i.model.read(reply)
    return written


def ask_with_model(
    lab: Lab, key: str, question: str, generate: Callable[[str], str | None], **options
) -> Result | None:
    """The model writes the technique's inputs, then the technique runs with them (marked as the model's). For a
    ``generate`` that answers at once (the command line, tests); the page awaits ``model_inputs`` itself."""
    written = run_now(model_inputs(technique(key), question, generate))
    if written is None:
        return None
    return run(lab, key, question, **options, **written, source="model")


def run_now(coroutine):
    """The value of a coroutine that never has to wait (its model answers at once), without an event loop: the
    caller may already be inside one (pytest with Playwright's), where ``asyncio.run`` refuses.

    >>> async def two():
    ...     return 2
    >>> run_now(two())
    2
    """
    try:
        coroutine.send(None)
    except StopIteration as done:
        return done.value
    coroutine.close()
    raise RuntimeError("the model did not answer at once: await model_inputs instead")
