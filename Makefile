# searchlab developer commands. Quick start: `make demo`, then `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install demo test test-slow lint bench clean i18n check-python js-install

install: check-python $(STAMP)

# searchlab needs Python 3.11+. A venv left by a first try with another Python (too old,
# another version, or broken) is removed here, so that the next step builds it anew
# instead of reusing it and failing the same way again.
PYCHECK := import sys; sys.exit(sys.version_info < (3, 11))
check-python:
	@$(PYTHON) -c '$(PYCHECK)' 2>/dev/null || { \
		ver=$$($(PYTHON) -V 2>/dev/null) || ver="not a working Python"; \
		echo "searchlab needs Python 3.11 or newer; '$(PYTHON)' is $$ver: run make install PYTHON=python3.11 (or newer)" >&2; \
		exit 2; }
	@if [ -e $(VENV) ]; then \
		want=$$($(PYTHON) -c 'import sys; print(sys.version_info[:2])'); \
		have=$$($(BIN)/python -c 'import sys; print(sys.version_info[:2])' 2>/dev/null || echo broken); \
		if [ "$$want" != "$$have" ]; then \
			echo "rebuilding $(VENV): it was made with another Python ($$have, now $$want)"; \
			rm -rf $(VENV); \
		fi; \
	fi

# The venv is rebuilt when pyproject.toml changes; the package is installed editable
# with every extra the tests need (test, cluster).
$(STAMP): pyproject.toml | check-python
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	$(BIN)/pybabel compile --use-fuzzy -D searchlab -d src/searchlab/locale --statistics
	touch $(STAMP)

# Translations: list the messages (marked in the source, the commands' help, Click's
# own: searchlab/cli/messages.py), merge them into each catalog (then
# translate the new entries in src/searchlab/locale/*/LC_MESSAGES/searchlab.po),
# compile. Without a compiled catalog searchlab compiles the .po in memory.
i18n: install
	$(BIN)/python -m searchlab.cli.messages build/searchlab.pot
	$(BIN)/pybabel update -D searchlab -i build/searchlab.pot -d src/searchlab/locale \
		--no-fuzzy-matching --width 100
	$(BIN)/pybabel compile -D searchlab -d src/searchlab/locale --statistics

demo: install
	$(BIN)/searchlab demo

# `make test` runs every test but the ones marked slow (a few minutes); `make test-slow`
# runs those (browser journeys, whole-board searches); CI runs both.
test: install
	$(BIN)/python -m pytest

test-slow: install
	$(BIN)/python -m pytest -m slow

lint: install js-install
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	node_modules/.bin/tsc -p tsconfig.json

# The page scripts (src/searchlab/web/static/js) are type-checked by TypeScript (tsc
# --checkJs, pinned in package.json and package-lock.json; tsconfig.json says what it
# reads); npm installs it into node_modules, again when the lock file changes.
NODE_STAMP := node_modules/.installed
js-install: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { \
		echo "make lint type-checks the page scripts with TypeScript: install Node.js and npm (Debian: apt-get install nodejs npm)" >&2; \
		exit 2; }
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Benchmarks run in their own environment, with the peer libraries they compare against.
BENCH := .bench-venv
bench: install
	test -x $(BENCH)/bin/python || $(PYTHON) -m venv $(BENCH)
	$(BENCH)/bin/python -m pip install --quiet -e . simpleai aima3 astar
	$(BENCH)/bin/python benchmarks/engine_astar.py

clean:
	rm -rf $(VENV) $(BENCH) build dist .pytest_cache .mypy_cache .ruff_cache node_modules
