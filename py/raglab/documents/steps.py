"""Work in steps: a generator that yields between pieces of work and returns the result. The command line runs it at
once (``run_steps``); the page runs it a few pieces a task, drawing and answering clicks between, so reading a
long PDF or a zip of thousands of files never holds the page (web/my_files.py).

>>> def count(n):
...     for i in range(n):
...         yield
...     return n
>>> run_steps(count(3))
3
>>> run_steps(count_steps(str.isdigit, ["1", "a", "22"]))
2
>>> list(saying("page 4", count(2)))  # what the page shows at each pause
['page 4', 'page 4']
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
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


def count_steps(
    wanted: Callable[[Any], bool], items: Iterable[Any], says: Any = None, every: int = 1_000
) -> Steps[int]:
    """How many ``items`` are ``wanted``, yielding ``says`` (what the page shows meanwhile) after every ``every`` of
    them (a zip's 10,000 names are a few tasks in the page, not one)."""
    found = 0
    for n, item in enumerate(items, 1):
        found += bool(wanted(item))
        if n % every == 0:
            yield says
    return found


def saying(says: Any, steps: Steps[Result]) -> Steps[Result]:
    """``steps`` run as they are, each pause yielding ``says`` (where a longer work stands while these run), and
    returning what they return."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
        yield says
