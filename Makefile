# Warboard: `make run` serves on http://127.0.0.1:8000; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.installed
BUNDLE := static/dist/inputs.json
PG_URL ?= postgresql://postgres@127.0.0.1:5432/test
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?= -m 'not compose'  # the compose stack: make test-compose

.PHONY: run test check fix setup docs chromium nginx faketime bench clean schema wheels image test-compose

CLIENT_STAMP := $(VENV)/client/.installed

setup: $(STAMP) $(BUNDLE) $(CLIENT_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench,docs]'
	touch $(STAMP)

# openapi-python-client (pyproject's dependency group "client") in a venv of its own: its typer
# pin conflicts with the server's. tests/web/test_client_generation.py runs it on /openapi.json.
$(CLIENT_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m venv --without-pip $(VENV)/client
	$(BIN)/python -m pip --python $(VENV)/client/bin/python install --quiet --group client
	touch $(CLIENT_STAMP)

# The JavaScript linter and formatter (Biome), pinned in package.json / package-lock.json; the
# client's unit tests run on Node's own runner (node --test), no framework.
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $(NODE_STAMP)

# Each page's browser code in one minified file under static/dist (esbuild, pinned in
# package.json): rebuilt when a module under static/js changes; the server serves the modules
# themselves while the bundles are missing or stale (app/web/assets.py).
$(BUNDLE): $(NODE_STAMP) scripts/bundle.mjs $(shell find static/js -name '*.js')
	node scripts/bundle.mjs

# Quality gates: one formatter and linter for Python (ruff), strict types for app/ (mypy),
# Biome for static/js and tests/js, and the JavaScript unit tests (tests/js: the board's pure
# modules and every game's view part), and the documentation site built strictly (a broken link
# or a page left out of the nav fails; into site/, which git ignores). Run `make fix` to apply
# the formatters.
check: setup $(NODE_STAMP)
	$(BIN)/ruff format --check app tests bench
	$(BIN)/ruff check app tests bench
	$(BIN)/mypy app
	node_modules/.bin/biome ci static/js tests/js scripts
	node --test tests/js/
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir site

docs: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8001

fix: setup $(NODE_STAMP)
	$(BIN)/ruff format app tests bench
	$(BIN)/ruff check --fix app tests bench
	node_modules/.bin/biome format --write static/js tests/js scripts

# The websocket protocol's JSON Schema, made from the message models (app/transport/schema.py);
# tests/transport/test_websocket_schema.py fails while the file differs from what the code makes.
schema: setup
	$(BIN)/python -m app.transport.schema schema/websocket.json

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

# The clock's browser test serves a game "days later" under Debian's libfaketime (in that test
# server's environment only; never a downloaded build).
faketime:
	@[ -f /usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1 ] || command -v faketime >/dev/null 2>&1 || { \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq faketime; }

# PostgreSQL storage tests run too when a server answers at $(PG_URL).
test: setup chromium nginx faketime
	@if $(BIN)/python -c "import psycopg; psycopg.connect('$(PG_URL)', connect_timeout=3).close()" 2>/dev/null; then \
	  echo "PostgreSQL answers: storage tests run on SQLite and PostgreSQL"; \
	  export WARBOARD_TEST_POSTGRES_URL=$(PG_URL); \
	else echo "No PostgreSQL at $(PG_URL): storage tests run on SQLite only"; fi; \
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The image's wheels, built here so that `docker build` reads nothing from the network: Warboard's
# own (with static/dist, the pages' bundles, inside) and every dependency's, for this machine's
# Python (3.11, as the image's). Then the image, once (docker-compose.yml's services share it).
WHEELS := build/wheels
ARCH = $(shell uname -m)
COMPOSE = $(shell docker compose version >/dev/null 2>&1 && echo "docker compose" || echo docker-compose)

# The dependencies are binary wheels for CPython 3.11 on glibc 2.36 or older (bookworm, as
# python:3.11-slim), for this machine's CPU.
wheels: setup $(BUNDLE)
	rm -rf $(WHEELS) build/lib build/bdist.*
	$(BIN)/python -m pip wheel --quiet --no-deps --wheel-dir $(WHEELS) .
	$(BIN)/python -m pip download --quiet --dest $(WHEELS) --only-binary=:all: \
	  --python-version 3.11 --implementation cp --abi cp311 --abi abi3 --abi none \
	  $(foreach v,$(shell seq 5 36),--platform manylinux_2_$(v)_$(ARCH)) \
	  --platform manylinux1_$(ARCH) --platform manylinux2010_$(ARCH) --platform manylinux2014_$(ARCH) \
	  --platform any $(WHEELS)/warboard-*.whl
	# pip reads markers with this machine's Python: redis needs async-timeout below 3.11.3 (the one
	# such marker in the set), which Debian 12's python3 (3.11.2) is
	$(BIN)/python -m pip download --quiet --no-deps --dest $(WHEELS) --only-binary=:all: 'async-timeout>=4.0.3'

image: wheels
	$(COMPOSE) build migrate

# The compose stack for real (tests/compose/stack.py): stand-ins for the base images where no
# registry serves them, the wheels, the image, the stack up, a game through nginx, a node killed
# and back, all torn down. Skipped, saying why, when no Docker daemon answers.
test-compose: setup
	$(BIN)/python -m pytest tests/compose -m compose -q -s -rs -p no:cacheprovider

bench: setup
	$(BIN)/python -m bench.load --help
	$(BIN)/python -m bench.games --help
	$(BIN)/python -m bench.floods --help

clean:
	rm -rf static/dist site $(VENV) *.egg-info .pytest_cache .mypy_cache .ruff_cache tests/artifacts node_modules
