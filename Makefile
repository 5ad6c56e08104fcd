# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Test services (the machine's own PostgreSQL and Redis; .ci/run starts them).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/triage
TEST_REDIS_URL    ?= redis://127.0.0.1:6379/14
# The suite runs on this many pytest-xdist workers; 0 runs it serially, in one process.
# Worker N uses the Redis database TEST_REDIS_URL names plus N (14 and 15 here).
TEST_WORKERS ?= 2
# The demo's port: `make demo PORT=8010`.
PORT   ?= 8000
# Benchmarks, fault and load runs are lab commands: dev/test settings install the lab.
LAB    := DJANGO_SETTINGS_MODULE=config.settings_lab

.PHONY: demo test lint browser bench-ingest bench-pipeline bench-admin bench-doors faults load clean

# bash: the install's progress filter below passes on pip's own exit status.
SHELL := /bin/bash

# First run only: a line per package fetched, so a few minutes of install are visible.
$(STAMP): pyproject.toml
	@echo "Installing triage and its dependencies into $(VENV) (first run only, a few minutes)"
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	@$(PY) -m pip install -e '.[dev]' 2>&1 | \
	  grep --line-buffered -E '^(Collecting|Successfully installed|ERROR|error)' | \
	  sed -u -e 's/^Collecting \([^ ]*\).*/  fetching \1/' -e 's/^Successfully installed .*/  installed./'; \
	  exit $${PIPESTATUS[0]}
	touch $(STAMP)

demo: $(STAMP)
	DEBUG=true $(PY) manage.py demo --addr 127.0.0.1:$(PORT)

# The browser test drives Debian's Chromium; as root, install it when missing.
browser:
	@if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; \
	  else echo "install Debian's chromium and chromium-driver for the browser test"; fi; \
	fi

test: $(STAMP) browser
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) \
	TRIAGE_WEBHOOK_SECRET= TRIAGE_LLM_PROVIDER=offline SECURE_HTTPS=false \
	$(VENV)/bin/pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check triage config tests lab

bench-ingest: $(STAMP)
	$(LAB) DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=redis://127.0.0.1:6379/13 \
	$(PY) manage.py bench_ingest $(BENCH_ARGS)

bench-pipeline: $(STAMP)
	$(LAB) $(PY) manage.py bench_pipeline $(BENCH_ARGS)

bench-admin: $(STAMP)
	$(LAB) DATABASE_URL=$(TEST_DATABASE_URL) $(PY) manage.py bench_admin $(BENCH_ARGS)

bench-doors: $(STAMP)
	$(LAB) DATABASE_URL=$(TEST_DATABASE_URL) $(PY) manage.py bench_doors $(BENCH_ARGS)

# Reliability: a private stack (own redis-server, scratch database, gunicorn, workers,
# beat, scripted model) on this machine.
faults: $(STAMP)
	$(LAB) DATABASE_URL=$(TEST_DATABASE_URL) $(PY) manage.py fault_runs $(FAULT_ARGS)

load: $(STAMP)
	$(LAB) DATABASE_URL=$(TEST_DATABASE_URL) $(PY) manage.py load_run $(LOAD_ARGS)

clean:
	rm -rf $(VENV) data artifacts
