# Two commands matter (see README): `make run` and `make test`.
# Every step is idempotent: a second run reinstalls nothing that is already there.

PYTHON ?= python3.11
VENV := .venv
PY := $(VENV)/bin/python
BUN := .tools/node_modules/bun/bin/bun.exe
AXE := .tools/node_modules/axe-core/axe.min.js
PORT ?= 3000
PORT_BACKEND ?= 8000
export PORT  # PUBLIC_URL follows it when unset (`PORT=8080 make run` and `make run PORT=8080` alike)

export REFLEX_BUN_PATH := $(CURDIR)/$(BUN)
export REFLEX_TELEMETRY_ENABLED := false
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

BROWSERS := -n 2 --dist loadfile

.PHONY: run dev check test setup bench lint share-images

run: $(VENV)/.runtime $(BUN)
	$(PY) -m terminal_shop.cli.migrate
	$(PY) -m terminal_shop.cli.admin ensure-first
	$(PY) -m terminal_shop.web.serve run --env prod --frontend-port $(PORT) --backend-port $(PORT)

# The site with hot reload, for editing screens (Reflex's dev mode, embedded defaults):
# the page on http://localhost:3000 reloads when a file under terminal_shop/ is saved.
dev: $(VENV)/.runtime $(BUN)
	$(PY) -m terminal_shop.cli.migrate
	$(PY) -m terminal_shop.cli.admin ensure-first
	PUBLIC_URL=http://localhost:$(PORT_BACKEND) CORS_ALLOWED_ORIGINS=http://localhost:$(PORT) \
		$(VENV)/bin/reflex run --env dev --frontend-port $(PORT) --backend-port $(PORT_BACKEND)

# The quick loop while working: lint, types, then unit and service tests (embedded, two
# processes: each has its own data folder). Under a minute once set up. Bun is installed
# because the service tests import the app, and Reflex checks its bun path on import.
check: $(VENV)/.test $(BUN)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	TEST_MODE=embedded $(PY) -m pytest tests/unit tests/service -q -n 2 -p no:cacheprovider $(PYTEST_ARGS)

# Lint first (fails fast), then two passes: embedded defaults, then PostgreSQL + S3 (moto)
# + Redis. Each pass runs its tiers in order: unit and service tests first, on two processes
# (each its own data folder, schema, buckets and Redis database), before any site is started
# (a running site's outbox sender would race them). The browser tiers run on two processes too,
# a test file to each (BROWSERS): each its own site, data folder, schema, buckets and Redis
# database (tests/support/site.py). Unit tests touch no backend and run in
# the first pass only; so do the browser tests of how pages look (tests/conftest.py DRAWN_ALIKE),
# while the browser journeys beyond the SPEC run in the second (BEYOND_SPEC).
test: $(VENV)/.test $(BUN) $(AXE) /usr/bin/chromium-headless-shell /usr/sbin/nginx
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	@# mypy beside the first tier (a core of its own for a minute); a type error still fails the build
	$(VENV)/bin/mypy & types=$$!; \
	TEST_MODE=embedded $(PY) -m pytest tests/unit tests/service -n 2 -ra --timeout=900 -p no:cacheprovider $(PYTEST_ARGS); \
	tier=$$?; wait $$types && exit $$tier
	TEST_MODE=embedded $(PY) -m pytest tests/browser $(BROWSERS) -ra --timeout=900 -p no:cacheprovider $(PYTEST_ARGS)
	TEST_MODE=scaleout $(PY) -m pytest tests/service -n 2 -ra --timeout=900 -p no:cacheprovider $(PYTEST_ARGS)
	TEST_MODE=scaleout $(PY) -m pytest tests/browser $(BROWSERS) -ra --timeout=900 -p no:cacheprovider $(PYTEST_ARGS)

setup: $(VENV)/.test $(BUN)

# The linter, formatter and type checker alone (make check and make test run them too).
lint: $(VENV)/.test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

# Every benchmark beside its floor; writes docs/benchmarks.md. Figures only: never fails a build.
bench: $(VENV)/.test $(BUN) /usr/bin/chromium
	$(PY) bench/run_all.py $(BENCH_ARGS)

# uv installs the pinned packages into the venv from PyPI as pip would, in an eighth of the
# time (a fresh clone's test requirements: 8 s against pip's 68, measured 2026-12-02).
UV := $(VENV)/bin/uv pip install --quiet --python $(PY)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/bin/uv: | $(VENV)/bin/python
	$(PY) -m pip install --quiet uv==0.13.9

$(VENV)/.runtime: requirements.txt | $(VENV)/bin/uv
	$(UV) -r requirements.txt
	touch $@

$(VENV)/.test: tests/requirements.txt requirements.txt | $(VENV)/bin/uv
	$(UV) -r tests/requirements.txt
	touch $(VENV)/.runtime $@

$(BUN):
	npm install --prefix .tools --no-audit --no-fund bun@1.4.4

# The accessibility rules the browser tests run on every page (tests/test_accessibility_browser.py).
$(AXE): | $(BUN)
	npm install --prefix .tools --no-audit --no-fund axe-core@4.14.1

/usr/bin/chromium:
	apt-get update && apt-get install -y --no-install-recommends chromium

# The browser tests' Chromium (tests/support/environment.py): the same build without its window layer.
/usr/bin/chromium-headless-shell:
	apt-get update && apt-get install -y --no-install-recommends chromium-headless-shell

# The reverse proxy of deploy/nginx.conf, for the scale-out browser test.
/usr/sbin/nginx:
	apt-get update && apt-get install -y --no-install-recommends nginx-light

# The link-preview pictures (terminal_shop/share_cards.py), drawn again after a change to the
# catalogue, the brand or a product picture (a unit test says when). Needs Chromium.
share-images: $(VENV)/.test /usr/bin/chromium
	$(PY) tools/draw_share_cards.py
