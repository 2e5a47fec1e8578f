"""The benchmarks' JavaScript, each snippet a file under bench/js/<benchmark>/, read as text by its name."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

FOLDER = Path(__file__).resolve().parent / "js"


def script(name: str) -> str:
    """bench/js/<name>.js as it is, for page.evaluate or add_init_script.

    >>> script("scifact_page/marks").startswith("() => Object.fromEntries(performance.getEntriesByType")
    True
    """
    return (FOLDER / f"{name}.js").read_text(encoding="utf-8")


def scripts(benchmark: str) -> SimpleNamespace:
    """Every bench/js/<benchmark>/*.js, an attribute a file by its name.

    >>> scripts("scifact_page").marks == script("scifact_page/marks")
    True
    """
    return SimpleNamespace(**{f.stem: f.read_text(encoding="utf-8") for f in sorted((FOLDER / benchmark).glob("*.js"))})
