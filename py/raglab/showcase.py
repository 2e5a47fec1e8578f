"""Questions that show the differences, found, not written: of the labelled questions, those where a technique
hands the model an answer (in its first 3, or as many as it hands over) and plain search does not, one for each
technique that has such a question (the one it ranks best), with why. The compare view offers them as its presets.

They come from the scoreboard (``evaluate.evaluate``: every technique run on every labelled question), so they
are as true as its figures: a technique without its model (a meaning technique with no embedder) is not there.

>>> from raglab import Lab
>>> from raglab.evaluate import evaluate
>>> [(s.technique, s.question) for s in showcase(evaluate(Lab()))][:2]
[('query', 'How much is a boat ticket?'), ('graph', 'When can I meet the man who taught Mira to bake?')]
>>> showcase(evaluate(Lab()))[1].why
'Graph RAG puts an answer at rank 3; plain search has none in its first 10.'
"""

from __future__ import annotations

from dataclasses import dataclass

from .evaluate import DEPTH, Scoreboard
from .scores import K, TechniqueScore
from .techniques import TECHNIQUES

PLAIN = "plain"  # the row every other is measured against
MEANING = "meaning"  # the plain meaning baseline's row (evaluate.rows_for)
LIMIT = 6  # questions offered at most


@dataclass(frozen=True)
class Showcase:
    question: str
    technique: str  # the technique that shows it
    rank: int  # where that technique's first answer is
    plain_rank: int | None  # where plain search's is (None: not in its first DEPTH)
    meaning_rank: int | None = None  # a meaning technique's: where plain meaning search's first answer is
    meaning_ran: bool = False  # the plain meaning baseline ran (the scoreboard had an embedder)

    @property
    def why(self) -> str:
        """Where the technique's first answer is, and plain search's; for a meaning technique also plain meaning
        search's, the search it is a variant of.

        >>> Showcase("Can I bring my pet?", "hyde", 1, None, 1, True).why
        'HyDE puts an answer at rank 1; plain search has none in its first 10; plain meaning search: rank 1.'
        """
        said = [
            f"{TECHNIQUES[self.technique].name} puts an answer at rank {self.rank}",
            f"plain search's first is at rank {self.plain_rank}"
            if self.plain_rank
            else f"plain search has none in its first {DEPTH}",
        ]
        if self.meaning_ran and TECHNIQUES[self.technique].meaning:
            said.append(
                f"plain meaning search: rank {self.meaning_rank}" if self.meaning_rank else "plain meaning search: none"
            )
        return "; ".join(said) + "."


def _found(row: TechniqueScore, i: int) -> int | None:
    """Where the row's first answer to question ``i`` is, if among what its technique hands the model by default
    (its first K, or fewer: Document RAG hands over 1 whole document)."""
    rank = row.questions[i].first_right
    handed = min(K, TECHNIQUES[row.technique].top_k) if row.technique in TECHNIQUES else K
    return rank if rank is not None and rank <= handed else None


def showcase(board: Scoreboard, limit: int = LIMIT) -> tuple[Showcase, ...]:
    """Up to ``limit`` questions, in the order of the techniques: for each technique, the labelled question where
    it finds an answer in its first K, plain search does not, and its rank is best (the first such question of
    equals); a question is offered once."""
    plain = next((r for r in board.rows if r.key == PLAIN), None)
    if plain is None:
        return ()
    meaning = next((r for r in board.rows if r.key == MEANING), None)
    rows = [r for r in board.rows if not r.baseline and r.technique and r.technique != PLAIN]
    missed = [i for i in range(len(board.questions)) if _found(plain, i) is None]
    chosen: list[Showcase] = []
    for key in TECHNIQUES:
        options = [(rank, i) for r in rows if r.technique == key for i in missed if (rank := _found(r, i)) is not None]
        taken = {s.question for s in chosen}
        options = sorted(o for o in options if board.questions[o[1]] not in taken)
        if options and len(chosen) < limit:
            rank, i = options[0]
            question = board.questions[i]
            chosen.append(
                Showcase(
                    question,
                    key,
                    rank,
                    plain.questions[i].first_right,
                    meaning.questions[i].first_right if meaning else None,
                    meaning is not None,
                )
            )
    return tuple(chosen)


__all__ = ["LIMIT", "Showcase", "showcase"]
