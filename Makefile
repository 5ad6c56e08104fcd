# Two commands on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3.11
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

# Test services (the machine's own PostgreSQL and Redis; .ci/run starts them).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/triage
TEST_REDIS_URL    ?= redis://127.0.0.1:6379/14

.PHONY: demo test lint bench-ingest bench-pipeline clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	DEBUG=true $(PY) manage.py demo

test: $(STAMP)
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) \
	TRIAGE_WEBHOOK_SECRET= TRIAGE_LLM_PROVIDER=offline SECURE_HTTPS=false \
	$(VENV)/bin/pytest $(PYTEST_ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check triage config tests

bench-ingest: $(STAMP)
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=redis://127.0.0.1:6379/13 \
	$(PY) manage.py bench_ingest $(BENCH_ARGS)

bench-pipeline: $(STAMP)
	$(PY) manage.py bench_pipeline $(BENCH_ARGS)

clean:
	rm -rf $(VENV) data artifacts
