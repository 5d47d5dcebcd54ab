# Warboard: `make run` serves on http://127.0.0.1:8000; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test check fix setup chromium nginx bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(STAMP)

NODE_STAMP := node_modules/.installed

# The JavaScript linter and formatter (Biome), pinned in package.json / package-lock.json; the
# client's unit tests run on Node's own runner (node --test), no framework.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Quality gates: one formatter and linter for Python (ruff), strict types for app/ (mypy),
# Biome for static/js and tests/js, and the JavaScript unit tests (tests/js: the board's pure
# modules and every game's view part). Run `make fix` to apply the formatters.
check: setup $(NODE_STAMP)
	$(BIN)/ruff format --check app tests bench
	$(BIN)/ruff check app tests bench
	$(BIN)/mypy app
	node_modules/.bin/biome ci static/js tests/js
	node --test tests/js/

fix: setup $(NODE_STAMP)
	$(BIN)/ruff format app tests bench
	$(BIN)/ruff check --fix app tests bench
	node_modules/.bin/biome format --write static/js tests/js

run: setup
	$(BIN)/warboard migrate
	$(BIN)/warboard serve --host $(HOST) --port $(PORT)

# Browser tests drive Debian's Chromium (never a downloaded browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; }

# The proxy test runs deploy/nginx.conf with Debian's nginx (never a downloaded build).
nginx:
	@command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq nginx-light; }

# PostgreSQL storage tests run too when a server answers at $(PG_URL).
test: setup chromium nginx
	@if $(BIN)/python -c "import psycopg; psycopg.connect('$(PG_URL)', connect_timeout=3).close()" 2>/dev/null; then \
	  echo "PostgreSQL answers: storage tests run on SQLite and PostgreSQL"; \
	  export WARBOARD_TEST_POSTGRES_URL=$(PG_URL); \
	else echo "No PostgreSQL at $(PG_URL): storage tests run on SQLite only"; fi; \
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: setup
	$(BIN)/python -m bench.load --help
	$(BIN)/python -m bench.games --help
	$(BIN)/python -m bench.floods --help

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .mypy_cache .ruff_cache tests/artifacts node_modules
