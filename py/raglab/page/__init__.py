"""The page as plain Python, tested in CPython: the glue (web/*.py) feeds it events and draws what it answers.

- ``model.py``: the sections' state: which documents are searched, what each section shows, tickets, the results
  kept for Back and Forward; events in, ``Changes`` out.
- ``answers.py``: the values it takes and gives (a section's start and view, ``Changes``, a question's ticket, what
  an opened address asks to redraw).
- ``screen.py``: what each place of the page shows, derived from the model's state, and which places changed.
- ``places.py``: the values a place shows (a line, a model's panel, a slot's sentence, the visitor's documents'
  places), which raglab.ui.places_html draws: the page model says what is shown, never its markup.
- ``section.py``: one section's question as a named state with its transitions (``MOVES``).
- ``model_state.py``: a model on the page (the embedding model, the language model) as a named state with its
  transitions (``MOVES``).
- ``address.py``: the address written after a question, and read back; ``opening.py``: what an opened address
  asks the model to show.
- ``device_reason.py``: why a model runs where it runs, in words, from the facts its worker reports.
- ``status.py``: what a section says about the lab's state, derived from it (vectors, documents, models).
- ``needs.py``: what a technique needs before it runs once (wheels to install, texts to embed), and hybrid's
  proposed questions.
- ``reading_progress.py``: how far reading the visitor's dropped files has gone (files, a PDF's pages).
"""

from .address import Address
from .answers import COMPARE, FERNPORT, YOURS, Asked, Changes, Opening, Restore, Start, View, corpus_named
from .model import MEMO_SIZE, PageModel
from .needs import Needs, compare_needs, needs_for, proposal_needs, table_for, wheel_failure
from .status import Facts

__all__ = [
    "COMPARE",
    "FERNPORT",
    "MEMO_SIZE",
    "YOURS",
    "Address",
    "Asked",
    "Changes",
    "Facts",
    "Needs",
    "Opening",
    "PageModel",
    "Restore",
    "Start",
    "View",
    "compare_needs",
    "corpus_named",
    "needs_for",
    "proposal_needs",
    "table_for",
    "wheel_failure",
]
