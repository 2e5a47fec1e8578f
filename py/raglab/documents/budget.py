"""One budget for every read (issue 36): what reading one file may cost, kept the same way in the page (Pyodide) and
the command line, and what a reader says once it is spent.

Time is the processor's (``time.process_time``: a busy machine's waits do not count, so no file is refused for the
machine's load): ``seconds`` for the whole file and, when given, ``step_seconds`` for each step (opening a PDF, each
of its pages). A reader calls ``check`` between its steps (each text item of a PDF, each piece of a Word document's
XML), so a reading is given up where it stands, in the reader's own code. ``backstop`` covers a step that runs long in
one call into a library (pypdf parsing a page of 70 MB of drawing operators): in CPython's main thread a profiling
timer ticks every ``TICK`` s of the processor and its handler gives up at the first tick past the bound, except
inside a finaliser (a ``__del__``: what is raised there is printed as "Exception ignored" and lost), where it lets the
tick pass and the next one gives up. Elsewhere (Pyodide, a thread) there is no timer: the checks alone hold, and the
page also bounds pdf.js itself.

What a file expands to is counted as it is read, never taken from what the file claims: ``count(what, n, limit)``
adds ``n`` (text items, pieces of XML) and gives up once the sum passes ``limit``.

Given up, a reading raises ``GivenUp``, a BaseException as KeyboardInterrupt is, so that no library's ``except
Exception`` (pypdf's, mammoth's) takes it for a damaged file; its ``kind`` and ``details`` are what
``read_errors.read_error`` words for the visitor.

>>> budget = Budget(seconds=5)
>>> budget.count("text items", 3, limit=4); budget.check()
>>> budget.count("text items", 2, limit=4)
Traceback (most recent call last):
raglab.documents.budget.GivenUp: too_much {'what': 'text items', 'limit': 4}
>>> with Budget(seconds=0.05).backstop():  # doctest: +ELLIPSIS
...     while True:
...         pass
Traceback (most recent call last):
raglab.documents.budget.GivenUp: too_slow_file {'seconds': 0.05}
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator

TICK = 0.05  # s of the processor between two looks of the backstop


class GivenUp(BaseException):
    """A reading past its budget: ``kind`` "too_slow_file" (``seconds``), "too_slow" (``page``: the step, 0 while
    opening) or "too_much" (``what``, ``limit``)."""

    def __init__(self, kind: str, **details):
        super().__init__(kind, details)
        self.kind, self.details = kind, details

    def __str__(self) -> str:
        return f"{self.kind} {self.details}"


class Budget:
    """One file's budget: ``seconds`` of the processor in all (None: no bound), ``step_seconds`` a step."""

    def __init__(
        self,
        seconds: float | None = None,
        step_seconds: float | None = None,
        clock: Callable[[], float] = time.process_time,
    ):
        self.seconds, self.step_seconds, self.clock = seconds, step_seconds, clock
        self.started = self.step_started = clock()
        self.step_number = 0
        self.counts: dict[str, int] = {}

    def step(self, number: int) -> None:
        """A new step begins (a PDF's page ``number``): its own time starts now."""
        self.check()
        self.step_number, self.step_started = number, self.clock()

    def over(self) -> GivenUp | None:
        """What the budget would give up with now, or None while it holds."""
        now = self.clock()
        if self.step_seconds is not None and now - self.step_started > self.step_seconds:
            return GivenUp("too_slow", page=self.step_number)
        if self.seconds is not None and now - self.started > self.seconds:
            return GivenUp("too_slow_file", seconds=self.seconds)
        return None

    def check(self) -> None:
        """Give up (raise GivenUp) when time is spent; called between steps."""
        if given_up := self.over():
            raise given_up

    def count(self, what: str, n: int, limit: int) -> None:
        """Add ``n`` to what the file expanded to in ``what``; give up past ``limit`` (then the time is checked)."""
        total = self.counts[what] = self.counts.get(what, 0) + n
        if total > limit:
            raise GivenUp("too_much", what=what, limit=limit)
        self.check()

    @contextlib.contextmanager
    def backstop(self) -> Iterator[Budget]:
        """Inside, the budget is also checked every TICK s of the processor, outside finalisers (CPython's main
        thread on Unix; elsewhere a no-op). Backstops do not nest: an inner one takes the timer until it ends."""
        if (
            (self.seconds is None and self.step_seconds is None)
            or sys.platform == "emscripten"
            or not hasattr(signal, "setitimer")
            or threading.current_thread() is not threading.main_thread()
        ):
            yield self
            return

        def tick(signum, frame) -> None:
            given_up = self.over()
            if given_up is not None and not _in_finaliser(frame):
                raise given_up

        before = signal.signal(signal.SIGPROF, tick)
        signal.setitimer(signal.ITIMER_PROF, TICK, TICK)
        try:
            yield self
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, before)


def _in_finaliser(frame) -> bool:
    """Whether Python is running a ``__del__`` (a zip or a file closed by the garbage collector) at ``frame``."""
    while frame is not None:
        if frame.f_code.co_name == "__del__":
            return True
        frame = frame.f_back
    return False
