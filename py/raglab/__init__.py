"""RAG Lab's retrieval core: plain Python, no browser imports, every score explained.

>>> from raglab import Lab, run
>>> result = run(Lab(), "plain", "How much does the ferry cost?")
>>> [(p.id, round(p.score, 2)) for p in result.passages]
[('ferry-1', 5.95), ('ferry-3', 2.46), ('harbour-3', 2.46)]
"""

from .documents.corpus import Corpus, CorpusError
from .documents.corpus_folder import load_corpus
from .lab import Lab
from .result import Comparison, Hit, Part, Result
from .techniques import TECHNIQUES, EmbedderMissing, QuestionError, run, technique

__all__ = [
    "Lab",
    "Corpus",
    "CorpusError",
    "load_corpus",
    "Result",
    "Hit",
    "Part",
    "Comparison",
    "TECHNIQUES",
    "run",
    "technique",
    "QuestionError",
    "EmbedderMissing",
]
