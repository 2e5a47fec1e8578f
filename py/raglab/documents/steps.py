"""Work in steps: a generator that yields between pieces of work and returns the result. The command line runs it at
once (``run_steps``); the page runs it a few pieces a task, drawing and answering clicks between, so reading a
long PDF or a zip of thousands of files never holds the page (web/my_files.py).

>>> def count(n):
...     for i in range(n):
...         yield
...     return n
>>> run_steps(count(3))
3
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any, TypeVar

Result = TypeVar("Result")
Steps = Generator[Any, None, Result]  # what it yields says nothing needed; what it returns is the work's result


def run_steps(steps: Steps[Result]) -> Result:
    """What a generator of steps returns, its steps run without a pause."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
