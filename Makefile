# Two commands do everything on a fresh machine:
#   make serve   install what is missing, build dist/, serve the lab on http://127.0.0.1:8000
#   make test    install what is missing, run every test
# Everything installed lives in .venv/, node_modules/ and .cache/ (all ignored by git).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
CHROMIUM := /usr/bin/chromium
# apt-get needs root; on a machine where we are not, ask sudo.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: test serve build lint deps deps-python deps-node deps-browser clean

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

build: deps-python deps-node
	$(PY) build.py

serve: build
	$(PY) tools/serve.py

# RAGLAB_DIST: the browser tests use the dist/ just built instead of building their own.
test: deps-python build deps-browser
	$(PY) -m ruff check .
	RAGLAB_DIST=dist $(PY) -m pytest -q

lint: deps-python
	$(PY) -m ruff check .
	$(PY) -m ruff format --check py tests

clean:
	rm -rf dist .cache/build
