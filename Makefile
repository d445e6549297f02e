# searchlab developer commands. Quick start: `make demo`, then `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test lint bench clean

install: $(STAMP)

# The venv is rebuilt when pyproject.toml changes; the package is installed editable
# with every extra the tests need (test, cluster).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $(STAMP)

demo: install
	$(BIN)/searchlab demo

test: install
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy

# Benchmarks run in their own environment, with the peer libraries they compare against.
BENCH := .bench-venv
bench: install
	test -x $(BENCH)/bin/python || $(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/python -m pip install --quiet -e . simpleai aima3 astar
	$(BENCH)/bin/python benchmarks/engine_astar.py

clean:
	rm -rf $(VENV) $(BENCH) build dist .pytest_cache .mypy_cache .ruff_cache
