"""A bound on the processor's time a reading may take (issue 24: "every file read in bounded time"), in CPython.

``time_bound(seconds)`` raises GivenUp in the code it wraps once this process has used ``seconds`` of the processor
(user and system time: a busy machine's waits do not count, so a file is not refused for the machine's load). It is
a profiling timer's signal (SIGPROF), which CPython handles between two steps of Python, so it works in the main
thread of CPython on Unix only; elsewhere (Pyodide: the page bounds pdf.js itself and reads in steps), and with
``seconds`` None, there is no bound. A step in C (zlib unzipping 75 MB) ends first. Bounds do not nest.

>>> with time_bound(5):
...     sum(range(1000))
499500
>>> with time_bound(0.01):  # doctest: +ELLIPSIS
...     while True:
...         pass
Traceback (most recent call last):
raglab.documents.time_bound.GivenUp
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading


class GivenUp(BaseException):
    """A reading past its time: a BaseException, as KeyboardInterrupt is, so that no reader's ``except Exception``
    (pypdf's own, ``readers._pdf_pages``'s) takes it for a damaged file."""


@contextlib.contextmanager
def time_bound(seconds: float | None):
    if (
        not seconds
        or sys.platform == "emscripten"
        or not hasattr(signal, "setitimer")
        or threading.current_thread() is not threading.main_thread()
    ):
        yield
        return

    def give_up(signum, frame):
        raise GivenUp

    before = signal.signal(signal.SIGPROF, give_up)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, before)
