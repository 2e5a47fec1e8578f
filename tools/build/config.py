"""The step that writes pyscript.json, the PyScript config that ties the site's files together."""

from __future__ import annotations

import json
from pathlib import Path

from tools.build.pins import (
    BENCH_MODULES,
    EMBED_DTYPE,
    EMBED_MODEL,
    GENERATE_HOST,
    GENERATE_MAX_NEW_TOKENS,
    GENERATE_MODEL,
    GENERATE_SIZES,
    NODE_MODULES,
    PYODIDE_PACKAGE_BASE_URL,
    PYODIDE_VERSION,
    PYSCRIPT_VERSION,
    WHEELS,
)
from tools.build.settings import BuildSettings


def write_pyscript_config(dist: Path, settings: BuildSettings) -> None:
    """pyscript.json, next to the pages, so page-relative and config-relative URLs agree.

    `interpreter` makes PyScript use the vendored Pyodide instead of its CDN default. No
    `packages`: nothing is installed at start-up. The `raglab` section is ours; the page's
    Python reads it as `pyscript.config["raglab"]`.
    """
    vectors, own_vectors = settings.named("vectors", ".json"), settings.named(f"vectors-{EMBED_DTYPE}", ".json")
    config = {
        "interpreter": "./pyodide/pyodide.mjs",
        # "./*": unzip into /home/pyodide; main.py imports the page's other modules from there
        "files": {
            f"./{settings.named('raglab', '.zip')}": "./*",
            **{f"./{name}": f"./{name}" for name in settings.page_modules()},
        },
        "raglab": {
            "pyodide_version": PYODIDE_VERSION,
            "pyscript_version": PYSCRIPT_VERSION,
            "wheels": {use: [f"./wheels/{name}" for name in names] for use, names in WHEELS.items()},
            # the modules main.py installs besides the page's own: the benchmarks' hooks, in a --bench-hooks build
            **({"hooks": [name.removesuffix(".py") for name in BENCH_MODULES]} if settings.bench_hooks else {}),
            "numpy_url": "" if settings.offline else _numpy_url(),
            "vectors": f"./data/{vectors}" if (dist / "data" / vectors).exists() else "",
            # the passages again, made by the weights of the page's own model (EMBED_DTYPE), for typed questions
            "own_vectors": f"./data/{own_vectors}" if (dist / "data" / own_vectors).exists() else "",
            # A --corpus build's corpus: its name, how its passages are cut (the page's Lab() cuts 2 sentences), and
            # on a site of several, its key (the address says corpus=<key>).
            **(
                {
                    "corpus": {
                        "name": settings.lab_corpus.name,
                        "passage_size": settings.lab_corpus.passage_size,
                        **({"key": settings.page or settings.pages[0].key} if settings.pages else {}),
                    }
                }
                if settings.corpus is not None
                else {}
            ),
            # What bridge.js gives the worker (paths relative to the page; main.py makes them absolute).
            "bridge": {
                "env": {
                    "wasmPaths": {
                        "mjs": "./transformers/ort-wasm-simd-threaded.asyncify.mjs",
                        "wasm": "./transformers/ort-wasm-simd-threaded.asyncify.wasm",
                    },
                    "localModelPath": "./models/",
                    "allowLocalModels": True,
                    "allowRemoteModels": False,
                },
                "embed": {
                    "model": EMBED_MODEL,
                    "dtype": EMBED_DTYPE,
                    "device": "auto",
                    "available": (dist / "models" / EMBED_MODEL).exists(),
                },
                "generate": {
                    "model": GENERATE_MODEL,
                    "dtype": "auto",
                    "device": "auto",
                    "env": {
                        "allowLocalModels": False,
                        "allowRemoteModels": True,
                        "remoteHost": "./hub/" if settings.self_hosted_model else GENERATE_HOST,
                    },
                    "sizes": GENERATE_SIZES,
                    "max_new_tokens": GENERATE_MAX_NEW_TOKENS,
                },
            },
        },
    }
    (dist / settings.named("pyscript", ".json")).write_text(json.dumps(config, indent=2) + "\n")


def _numpy_url() -> str:
    """numpy's wheel on the Pyodide CDN, by the file name the vendored Pyodide's lock file gives."""
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    return PYODIDE_PACKAGE_BASE_URL + lock["packages"]["numpy"]["file_name"]
