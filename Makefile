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
	$(BIN)/ruff check portia_tui tests benchmarks tools
	$(BIN)/mypy portia_tui
	$(BIN)/lint-imports
	# bytecode for our own modules, even where PYTHONDONTWRITEBYTECODE is set: without it every
	# pytest worker, and every child process the apps start (spawn), compiles them from source
	# again, and pytest rewrites every test module again in each worker (a quarter of the CPU)
	$(BIN)/python -m compileall -q -j 2 portia_tui
	# three workers on two cores (the app tests spend much of their time waiting on frames);
	# worksteal: a worker that runs out takes tests queued on another, so no long tail
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -n 3 --dist worksteal

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
