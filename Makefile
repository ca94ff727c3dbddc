# The two commands a newcomer needs: `make run` and `make test`. Everything installs into .venv.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
CHROMIUM ?= /usr/bin/chromium
PORT ?= 8000
# make test: pytest-xdist's processes, one per logical core (TEST_WORKERS=0: the whole suite in one process);
# PYTEST_ARGS goes to pytest as it is (.ci/run: -m 'not any_database')
TEST_WORKERS ?= logical
PYTEST_ARGS ?=
export CHROMIUM PORT

.PHONY: run test serve bench soak lint chromium gettext wrk clean catalogues messages

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (set PYTHON=/path/to/python3.11).")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	@touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $@ $(VENV)/.installed-run

## run: install, migrate, load the demo campaign and serve on http://127.0.0.1:$(PORT) (PORT=8001 make run),
## with the webhooks' worker beside it
run: $(VENV)/.installed-run catalogues
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@# The webhooks' worker beside the server (docs/webhooks.md), stopped with it.
	DEBUG=1 $(BIN)/python manage.py deliver & worker=$$!; trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	DEBUG=1 $(BIN)/uvicorn config.asgi:application --host 127.0.0.1 --port $(PORT) --no-access-log --lifespan off

## test: install the dev extra, make sure Chromium is there, run every test (browser tests too)
test: $(VENV)/.installed-dev chromium gettext catalogues
	$(BIN)/python -m pytest -n $(TEST_WORKERS) $(PYTEST_ARGS)

## serve: uvicorn the way production runs it (set SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL...);
## run the webhooks' worker beside it as its own process: `python manage.py deliver` (docs/webhooks.md)
serve: $(VENV)/.installed-run catalogues
	DEBUG=0 $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	DEBUG=0 $(BIN)/python manage.py migrate --noinput
	bind=$${BIND:-127.0.0.1:8000}; DEBUG=0 $(BIN)/uvicorn config.asgi:application --host $${bind%:*} --port $${bind##*:} \
		--workers $${WEB_CONCURRENCY:-3} --timeout-graceful-shutdown 5

## bench: every page against a floor, under load on uvicorn + PostgreSQL (+ Redis), with budgets
bench: $(VENV)/.installed-dev wrk
	$(BIN)/python -m bench

## soak: simulated tables for SOAK_SECONDS (240), Redis restarted and a worker killed midway; checks the database
soak: $(VENV)/.installed-dev
	$(BIN)/python -m bench.soak

## catalogues: compile the French and Swedish translations (config/locale/*/LC_MESSAGES/django.po -> .mo)
catalogues: $(VENV)/.installed-run
	@$(BIN)/pybabel --quiet compile --directory config/locale --domain django

## messages: gather every marked text into the catalogues (needs GNU gettext), then translate the new entries
messages: $(VENV)/.installed-dev
	$(BIN)/python manage.py makemessages --locale fr --locale sv --no-location --ignore '.venv/*' --ignore 'tests/*' --ignore 'bench/*'

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium for the browser tests (apt-get install chromium)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		echo "The browser tests need Chromium at $(CHROMIUM)."; \
		echo "Install it (Debian/Ubuntu: sudo apt-get install chromium) or run: make test CHROMIUM=/path/to/chromium"; \
		exit 1; \
	fi

gettext:
	@if command -v xgettext >/dev/null 2>&1 && command -v msgfmt >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing GNU gettext for the catalogue tests (apt-get install gettext)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gettext >/dev/null; \
	else \
		echo "The catalogue tests need GNU gettext (Debian/Ubuntu: sudo apt-get install gettext); they are skipped without it."; \
	fi

wrk:
	@if command -v wrk >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing wrk for the load figures (apt-get install wrk)"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null; \
	else \
		echo "The load figures need wrk (Debian/Ubuntu: sudo apt-get install wrk); the rest is measured without it."; \
	fi

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .hypothesis .ruff_cache
