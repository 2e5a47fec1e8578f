"""The page model as the glue draws it: every ``Changes`` it answers with each place's value rendered by raglab.ui
(web/lab_page.py's ``draw`` does the same), so a test reads what the visitor's page holds. A test's stand-in for a
technique's result (``Drawn``) is drawn as its ``html``, and a pre-rendered start as ``<pre-rendered KEY>``, what the
page's copy of it holds (web/lab_page.keep_start)."""

from dataclasses import dataclass, replace

from raglab.page import PageModel
from raglab.page.places import Begun, Shown
from raglab.ui.places_html import render_changes


@dataclass(frozen=True)
class Drawn:
    """A stand-in for a technique's result: its question and what its slot shows."""

    question: str
    html: str


def start(key: str) -> str:
    return f"<pre-rendered {key}>"


def stand_in(value):
    if isinstance(value, Shown) and isinstance(value.result, Drawn):
        return value.result.html
    return start(value.key) if isinstance(value, Begun) else value


class DrawnPage(PageModel):
    def changes(self, *args, **kwargs):
        changes = super().changes(*args, **kwargs)
        return render_changes(replace(changes, draws=tuple((w, k, stand_in(v)) for w, k, v in changes.draws)))
