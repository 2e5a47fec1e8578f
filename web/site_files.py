"""The site's own files, as the page fetches them: its wheels (installed on first use), its JSON files (the
precomputed vectors), numpy from the Pyodide CDN after the first meaning search, and the bridge's settings.

Kept off the start-up path: networkx and snowballstemmer (installed when a technique or option first needs them,
as raglab.page.needs_for says), the precomputed vectors (fetched when a meaning technique first runs), numpy (after
the first meaning search, when the build names it; the plain-Python vector maths serves until then, or for good).
"""

import asyncio
import importlib
import json

from js import URL, Object, document, fetch
from pyodide.ffi import to_js
from pyodide_js import loadPackage

from raglab import QuestionError
from raglab.search.vectors import numpy_available


class Site:
    """The site as the page reads it: ``settings`` is pyscript.json's "raglab" section (written by build.py)."""

    def __init__(self, settings: dict):
        self.settings = settings
        self.tables = {}  # "vectors" (the presets', shipped), "own_vectors" (the page model's weights): once needed
        self.numpy = "not tried"  # "loading", "loaded", "failed" or "off"

    def url(self, path: str) -> str:
        return URL.new(path, document.baseURI).href

    async def install(self, wheels: str, module: str, failure: str):
        """Import ``module``, installing it from the site's wheels ``settings["wheels"][wheels]`` on first use
        (loadPackage never throws: the import says whether it worked); a QuestionError saying ``failure`` if not."""
        try:
            return importlib.import_module(module)
        except ImportError:
            await loadPackage(to_js([self.url(w) for w in self.settings["wheels"][wheels]]))
            try:
                return importlib.import_module(module)
            except ImportError as error:
                raise QuestionError(failure) from error

    async def vector_table(self, name: str = "own_vectors"):
        """The vectors made by the weights of the page's own model (the corpus's passages, shipped; what the model
        makes here is added to it); ``name="vectors"``: the presets' table, shipped made by other weights
        (build.py's SHIPPED_DTYPE). Never mixed: raglab.page.table_for picks one table a run."""
        from raglab.search.vector_table import VectorTable

        async def made() -> VectorTable:
            if not self.settings.get(name):
                return VectorTable()
            return VectorTable.from_data(await self.downloaded(self.settings[name], "the passages' meaning vectors"))

        if name not in self.tables:  # one table a name, whoever asks while it downloads (what one adds, all see)
            self.tables[name] = asyncio.ensure_future(made())
        table = self.tables[name]
        try:
            return await asyncio.shield(table)  # a caller stopped leaves the download to the others
        finally:
            if table.done() and (table.cancelled() or table.exception()) and self.tables.get(name) is table:
                del self.tables[name]  # not had: the next question tries again

    async def downloaded(self, path: str, what: str):
        """A JSON file of the site, parsed; a QuestionError in a visitor's words when it cannot be had (nothing is
        kept, so the next question tries again)."""
        url, path, what = self.url(path), path.removeprefix("./"), f"{what[0].upper()}{what[1:]}"
        try:
            response = await fetch(url)
        except Exception as error:  # no network: fetch itself fails
            raise QuestionError(
                f"{what} could not be downloaded ({path}: no connection). Check the connection and ask again."
            ) from error
        if not response.ok:
            raise QuestionError(
                f"{what} could not be downloaded ({path}: the site answered {response.status}). Ask again in a moment."
            )
        text = await response.text()
        try:
            return json.loads(text)
        except ValueError as error:
            raise QuestionError(f"{what} arrived damaged ({path}). Reload the page and ask again.") from error

    async def load_numpy(self) -> None:
        """After the first meaning search: numpy from the Pyodide CDN when the build names it, said in the runtime
        line while it downloads ("Downloading numpy (the maths library, 3.2 MB) from cdn.jsdelivr.net for meaning
        search…") and once it has ("Downloaded numpy ..."); the line is emptied if it could not be used. Nothing
        else is said of it: the plain-Python maths gives the same results, only slower on thousands of passages."""
        if self.numpy != "not tried":
            return
        url = self.settings.get("numpy_url")
        if not url:
            self.numpy = "off"
            return
        self.numpy = "loading"
        line = document.getElementById("runtime")
        what = f"numpy (the maths library{await download_size(url)}) from {URL.new(url, document.baseURI).host}"
        line.textContent = f"Downloading {what} for meaning search…"
        await loadPackage(url)
        self.numpy = "loaded" if numpy_available() else "failed"
        line.textContent = f"Downloaded {what} for meaning search." if self.numpy == "loaded" else ""

    def bridge_settings(self) -> dict:
        """bridge.js's settings, its paths made absolute for this page."""
        bridge = self.settings["bridge"]
        env = dict(bridge["env"])
        env["wasmPaths"] = {k: self.url(v) for k, v in env["wasmPaths"].items()}
        # A path, not a full URL: transformers.js joins it with the model's files and collapses "//" in "http://",
        # which lost the tokenizer files (measured). The page's own path keeps a GitHub Pages project path working.
        env["localModelPath"] = URL.new(env["localModelPath"], document.baseURI).pathname
        generate = dict(bridge["generate"])
        generate["env"] = {**generate["env"], "remoteHost": self.url(generate["env"]["remoteHost"])}
        return {**bridge, "env": env, "generate": generate}


async def download_size(url: str) -> str:
    """ ", 3.2 MB": the file's size as its server gives it (a HEAD request, so the line says it before the
    download), or "" when it does not say. The wheel is not in the site, so no build can measure it."""
    try:
        response = await fetch(url, to_js({"method": "HEAD"}, dict_converter=Object.fromEntries))
        size = int(response.headers.get("content-length") or 0)
    except Exception:  # offline, or refused: the download itself will tell
        size = 0
    return f", {size / 1_000_000:.1f} MB" if size else ""
