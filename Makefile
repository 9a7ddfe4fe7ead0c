# unokit: every target creates the virtual environment it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint typecheck pytest scenarios simulate bench clean

$(STAMP): pyproject.toml setup.py src/unokit/_fastplay.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## run: the main job: play a match against three strong bots in the terminal
run: $(STAMP)
	$(BIN)/unokit play --players 4 --bots strong

## test: lint, type-check the core, and run the whole test suite
test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -n 2 --doctest-modules src/unokit tests

scenarios: $(STAMP)
	$(BIN)/unokit judge examples/scenarios/*.toml

simulate: $(STAMP)
	$(BIN)/unokit simulate --games 2000 --players 2
	$(BIN)/unokit simulate --games 2000 --players 4

## bench: engine speed side by side with RLCard (installs rlcard into the venv, not a runtime dependency)
bench: $(STAMP)
	$(BIN)/pip install --quiet -r benchmarks/requirements.txt
	$(BIN)/python benchmarks/speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
