# Two commands for a newcomer: `make run` and `make test`. Both create .venv and install.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test bench install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/portia

test: $(STAMP)
	# bytecode for our own modules, even where PYTHONDONTWRITEBYTECODE is set: without it every
	# pytest worker, and every child process the apps start (spawn), compiles them from source
	# again, and pytest rewrites every test module again in each worker (a quarter of the CPU).
	# The rewritten test modules are written once, by one collection, before the workers start:
	# in a fresh clone three workers collecting at once each rewrote all of them (12 s of CPU).
	# Both run on the second core while ruff, mypy and lint-imports (one core each) check; a
	# collection error is left for the test run below to report.
	{ $(BIN)/python -m compileall -q portia_tui && PYTHONDONTWRITEBYTECODE= \
	  $(BIN)/python -m pytest -q --collect-only -p no:cacheprovider >/dev/null 2>&1; } & \
	warm=$$!; \
	$(BIN)/ruff check portia_tui tests benchmarks tools && $(BIN)/mypy portia_tui && \
	$(BIN)/lint-imports; status=$$?; wait $$warm; exit $$status
	# three workers on two cores (the app tests spend much of their time waiting on frames);
	# worksteal: a worker that runs out takes tests queued on another, so no long tail
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n 3 --dist worksteal

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
