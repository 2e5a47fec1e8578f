"""The page's Python entry point: PyScript runs this in Pyodide once the interpreter is up.

build.py packs py/raglab/ and corpus/ into raglab.zip with the repository's own layout, and
pyscript.json tells PyScript to unpack it into the working directory (/home/pyodide) before this
file runs. So the core finds its corpus at the same relative place as under CPython, and only
py/ has to go on sys.path.

networkx stays off the start-up path: `load_networkx()` installs it from the site's own wheel
the first time something asks for it.
"""

import sys
import time
from pathlib import Path

from js import URL, performance
from pyodide_js import loadPackage
from pyscript import config, document, when

SITE_ROOT = Path.cwd()  # /home/pyodide, where raglab.zip was unpacked
SITE = config["raglab"]  # written by build.py: wheel paths, versions


def show_status(state: str, text: str) -> None:
    status = document.getElementById("status")
    status.dataset.state = state
    status.textContent = text


def python_summary(raglab) -> str:
    """One sentence proving that Python, raglab and the corpus all arrived."""
    documents = sorted((SITE_ROOT / "corpus" / "fernport").glob("*.md"))
    package = Path(next(iter(raglab.__path__))).relative_to(SITE_ROOT)
    version = ".".join(map(str, sys.version_info[:3]))
    return f"Python {version} imported raglab from {package}/ and found {len(documents)} documents."


async def load_networkx():
    """Import networkx, installing it from the local wheel on first use.

    `loadPackage` never throws on a failed download, so success is judged by the import.
    """
    try:
        import networkx
    except ImportError:
        wheel_url = URL.new(SITE["networkx_wheel"], document.baseURI).href
        await loadPackage(wheel_url)
        import networkx
    return networkx


@when("click", "#load-graph")
async def show_graph_library(event):
    started = time.perf_counter()
    nx = await load_networkx()
    graph = nx.Graph([("bakery", "harbour"), ("harbour", "ferry"), ("ferry", "lighthouse")])
    path = " → ".join(nx.shortest_path(graph, "bakery", "lighthouse"))
    took = time.perf_counter() - started
    answer = f"networkx {nx.__version__} ready in {took:.1f} s; shortest path: {path}."
    document.getElementById("graph-result").textContent = answer


def start() -> None:
    sys.path.insert(0, str(SITE_ROOT / "py"))
    import raglab

    document.getElementById("result").textContent = python_summary(raglab)
    document.getElementById("load-graph").disabled = False
    document.getElementById("status").dataset.readyMs = str(round(performance.now()))  # for bench/
    show_status("ready", "Ready")


try:
    start()
except Exception as error:
    show_status("error", f"Python could not start: {type(error).__name__}: {error}")
    raise  # PyScript still shows the traceback and logs it
