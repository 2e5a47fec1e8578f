"""A prompt the language model can hold: measured in the model's own tokens before it is sent (the page's model
worker counts them; this module decides), and, when longer than the room there is, cut by whole passages from the
last, with a sentence saying what was left out, or not sent at all, with a sentence saying why.

The room is the model's context less the tokens kept for its answer, at most the tokens the device's memory is
estimated to hold (raglab.models.model_memory, from the model's shape, before the first run), and, once the device
ran out of memory on a prompt this visit all the same, half that prompt's tokens (the memory a prompt needs grows
with its length and the square of it, so half the tokens need at most half the memory):

>>> Room(context=40_960, answer=256).tokens
40704
>>> Room(context=40_960, answer=256, memory=4_546).tokens
4546
>>> Room(context=40_960, answer=256).after_out_of_memory(7_612).tokens
3806

A prompt of three passages counted 9,000, 5,000 and 3,000 tokens with its first three, two and one passages:

>>> fitted = fit_prompt(("Boats", "Fish", "Nets"), [9_000, 5_000, 3_000], Room(40_960, 256, held=4_000), "Qwen3 0.6B")
>>> fitted.kept, fitted.tokens
(1, 3000)
>>> fitted.sentence.split(", so ")[1]
'its last 2 passages were left out (“Fish”, “Nets”): the model reads passage 1 alone, 3,000 tokens.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..prompt import build_prompt
from ..result import Hit


@dataclass(frozen=True)
class Room:
    """How many tokens a prompt may have: the model's context (its config's ``max_position_embeddings``, as the
    worker reports it) less ``answer`` (the most tokens it may write), at most ``memory`` (the estimate of what the
    device's memory holds; None: no estimate), and at most ``held`` once an out-of-memory error set it (None: none
    this visit)."""

    context: int
    answer: int
    held: int | None = None
    memory: int | None = None

    @property
    def tokens(self) -> int:
        return min(n for n in (max(self.context - self.answer, 0), self.held, self.memory) if n is not None)

    @property
    def by_memory(self) -> bool:
        return self.held is not None and self.held == self.tokens < self.context - self.answer

    @property
    def by_estimate(self) -> bool:
        by_context = self.context - self.answer
        return not self.by_memory and self.memory is not None and self.memory == self.tokens < by_context

    def after_out_of_memory(self, prompt_tokens: int) -> Room:
        """The room after a prompt of ``prompt_tokens`` ran out of memory: half of it, and never more than before."""
        held = prompt_tokens // 2
        return replace(self, held=held if self.held is None else min(self.held, held))

    def words(self, what: str) -> str:
        """
        >>> print(Room(context=40_960, answer=256, memory=4_546).words("Qwen3 0.6B"))
        the 4,546 that fit in the memory this device gives Qwen3 0.6B (estimated from the model's size)
        """
        if self.by_memory:
            return f"the {self.tokens:,} this device held for {what} after it ran out of memory"
        if self.by_estimate:
            return (
                f"the {self.tokens:,} that fit in the memory this device gives {what} (estimated from the model's size)"
            )
        return (
            f"the {self.tokens:,} {what} can read (its context of {self.context:,} tokens less {self.answer:,} "
            "for its answer)"
        )


def candidates(question: str, passages: Sequence[Hit]) -> list[str]:
    """The prompts to count, with every passage, then without the last, down to the first passage alone (the
    question alone when there are none): the worker counts each as the model would read it.

    """
    if not passages:
        return [build_prompt(question, [])]
    return [build_prompt(question, passages[:k]) for k in range(len(passages), 0, -1)]


@dataclass(frozen=True)
class Fitted:
    """What goes to the model: the first ``kept`` of ``passages`` (0 and ``sent`` False: nothing is sent), the
    prompt's tokens, and a sentence for the visitor ("" when the whole prompt fits)."""

    kept: int
    passages: int
    tokens: int
    whole_tokens: int
    room: int
    sentence: str

    @property
    def sent(self) -> bool:
        return self.kept > 0 or self.passages == 0 and self.tokens <= self.room


def fit_prompt(titles: Sequence[str], counts: Sequence[int], room: Room, what: str) -> Fitted:
    """The most passages, kept in their order, whose prompt fits ``room``; ``counts`` are the tokens of
    ``candidates``' prompts (every passage first), ``titles`` the passages' titles, ``what`` the model's name.

    >>> fit_prompt(("Boats",), [120], Room(40_960, 256), "Qwen3 0.6B").sentence
    ''
    >>> print(fit_prompt(("Boats", "Fish"), [50_000, 41_000], Room(40_960, 256), "Qwen3 0.6B").sentence[:70])
    The prompt is 50,000 tokens, and 41,000 with its first passage alone,
    """
    n, limit = len(titles), room.tokens
    whole = counts[0]
    if n == 0:  # the question alone
        sentence = (
            ""
            if whole <= limit
            else f"The prompt is {whole:,} tokens, more than {room.words(what)}: nothing was sent to the model."
        )
        return Fitted(0, 0, whole, whole, limit, sentence)
    for kept, tokens in zip(range(n, 0, -1), counts, strict=True):
        if tokens <= limit:
            if kept == n:
                return Fitted(n, n, tokens, whole, limit, "")
            left = [f"“{t}”" for t in titles[kept:]]
            reads = "passage 1 alone" if kept == 1 else f"passages 1 to {kept}"
            sentence = (
                f"The prompt was {whole:,} tokens, more than {room.words(what)}, so its last {n - kept} "
                f"{'passage was' if n - kept == 1 else 'passages were'} left out ({', '.join(left)}): the model "
                f"reads {reads}, {tokens:,} tokens."
            )
            return Fitted(kept, n, tokens, whole, limit, sentence)
    alone = f", and {counts[-1]:,} with its first passage alone" if n > 1 else ""
    sentence = f"The prompt is {whole:,} tokens{alone}, more than {room.words(what)}: nothing was sent to the model."
    return Fitted(0, n, counts[-1], whole, limit, sentence)


__all__ = ["Fitted", "Room", "candidates", "fit_prompt"]
