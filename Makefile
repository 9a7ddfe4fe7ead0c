# unokit: every target creates the virtual environment it needs.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run play test check fuzz lint typecheck pytest sanitize compiled compiled-test scenarios simulate \
	test-train \
	bench golden catalogues clean

$(STAMP): pyproject.toml setup.py src/unokit/sim/_fastplay.c src/unokit/envs/_vecenv.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

## run: the main job: the game server on SQLite (./unokit-rooms.sqlite3), with a room ready to
## play (you and three open seats: friends take them with the invite link, strong bots fill the
## rest when you start): it prints the links; Ctrl-C stops it
run: $(STAMP)
	$(BIN)/unokit serve --room

## play: a match against three strong bots in the terminal
play: $(STAMP)
	$(BIN)/unokit play --players 4 --bots strong

## test: lint, type-check all of src (mypy --strict), run the whole test suite, the C tests under
## sanitizers, and the mypyc-compiled engine against the Python one
test: lint typecheck pytest sanitize compiled-test

## check: the inner loop, under a minute: lint, types, the core's tests and doctests, the
## scenarios and the golden games (Hypothesis derandomized, with a fifth of its examples)
CHECK_TESTS := tests/rules tests/test_engine.py tests/test_notation.py tests/test_rules_config.py \
	tests/test_narrator.py tests/test_rule_words.py tests/test_loading_checks_every_field.py \
	tests/test_layers.py tests/test_scenarios.py tests/test_fast_paths_agree_with_general_code.py \
	tests/test_engine_replays_golden_games.py
check: lint typecheck
	HYPOTHESIS_PROFILE=check $(BIN)/pytest -n 2 -p no:cacheprovider --doctest-modules \
		$(wildcard src/unokit/*.py) $(CHECK_TESTS)

## fuzz: the property and differential tests as a random search with ten times the examples
## (nightly-style; a failure is kept in .hypothesis and tried first by the next run). make test
## runs them derandomized (tests/fuzz.py)
FUZZ_TESTS := tests/test_random_games_keep_invariants.py tests/test_loading_checks_every_field.py \
	tests/test_fastplay.py tests/test_accelerator_refuses_bad_input.py tests/test_rollout.py
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -n 2 $(FUZZ_TESTS)

## golden: after a change of behaviour that is meant: write the golden games again (say it in
## the commit; tests/test_engine_replays_golden_games.py replays them)
golden: $(STAMP)
	$(BIN)/python tools/golden.py --write

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy

## the browser table's test tools, pinned by their lock: axe-core (tests/web/test_accessibility.py)
## and ESLint (tests/web/test_scripts.py)
NPM_TOOLS := tests/web/npm/node_modules/.installed
$(NPM_TOOLS): tests/web/npm/package.json tests/web/npm/package-lock.json
	npm ci --prefix tests/web/npm --no-audit --no-fund --loglevel=error
	touch $(NPM_TOOLS)

pytest: $(STAMP) $(NPM_TOOLS)
	$(BIN)/pytest -n 2 --doctest-modules src/unokit tests

## sanitize: the native modules (the C accelerator, the batched learning environment) built
## with AddressSanitizer + UBSan (apart, in build/sanitize), their differential and probe tests
## run against those builds (the ASan runtime must load first)
SAN_CC    ?= gcc
SAN_DIR   := build/sanitize
SAN_SO    := $(SAN_DIR)/_fastplay.so
SAN_VEC   := $(SAN_DIR)/_vecenv.so
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
             -fno-sanitize-recover=all -UNDEBUG -shared -fPIC
sanitize: $(STAMP)
	@mkdir -p $(SAN_DIR)
	$(SAN_CC) $(SAN_FLAGS) -I"$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" \
		src/unokit/sim/_fastplay.c -o $(SAN_SO)
	$(SAN_CC) $(SAN_FLAGS) -I"$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_paths()["include"])')" \
		-I"$$($(BIN)/python -c 'import numpy; print(numpy.get_include())')" \
		src/unokit/envs/_vecenv.c -o $(SAN_VEC)
	@test -e "$$($(SAN_CC) -print-file-name=libasan.so)" || \
		{ echo "make sanitize: $(SAN_CC) has no libasan.so (Debian: apt-get install build-essential)"; exit 1; }
	LD_PRELOAD="$$($(SAN_CC) -print-file-name=libasan.so)" \
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
	UNOKIT_FASTPLAY_SO=$(SAN_SO) UNOKIT_VECENV_SO=$(SAN_VEC) PYTHONPATH=. \
	$(BIN)/pytest -n 2 --capture=sys -p tests.fastplay_sanitized \
		tests/test_fastplay.py tests/test_accelerator_refuses_bad_input.py tests/test_rollout.py \
		tests/envs/test_vector.py tests/envs/test_native.py

## test-train: the Stable-Baselines3 adapter's tests (tests/train), with the train extra: torch
## 2.13.0 (the CPU build; a bare "torch" would pull a CUDA build), Stable-Baselines3, sb3-contrib
test-train: $(STAMP)
	$(BIN)/pip install --quiet torch==2.13.0
	$(BIN)/pip install --quiet -e '.[train]'
	UNOKIT_TRAIN_TESTS=1 $(BIN)/pytest -p no:cacheprovider tests/train

## compiled: the general engine's hot modules (setup.py's MYPYC_MODULES) compiled with mypyc,
## apart in build/mypyc: a copy of the package with each compiled module beside its .py (never
## in src/, where the .so files would shadow the Python); PYTHONPATH=build/mypyc runs on it
MYPYC_DIR     := build/mypyc
MYPYC_MODULES := $(shell sed -n 's|^    "src/\(unokit/[a-z_]*\.py\)",$$|\1|p' setup.py)
compiled: $(STAMP)
	rm -rf $(MYPYC_DIR) && mkdir -p $(MYPYC_DIR)
	cp -r src/unokit $(MYPYC_DIR)/unokit
	find $(MYPYC_DIR) -name __pycache__ -prune -exec rm -rf {} +
	rm -f $(MYPYC_DIR)/unokit/*.so  # (compiled modules src/ may hold; the C accelerators stay)
	cd $(MYPYC_DIR) && CFLAGS=-fwrapv MYPYC_OPT_LEVEL=3 $(abspath $(BIN))/mypyc $(MYPYC_MODULES) >build.log 2>&1 \
		|| { tail -30 build.log; exit 1; }
	@ls $(MYPYC_DIR)/unokit/*.so

## compiled-test: build the compiled engine, then check that it plays the Python engine's games
## and the golden games (both fail unless the compiled modules are what got imported)
compiled-test: compiled
	UNOKIT_COMPILED=1 PYTHONPATH=$(MYPYC_DIR):. $(BIN)/pytest -n 2 -p no:cacheprovider \
		tests/test_compiled.py tests/test_engine_replays_golden_games.py

## catalogues: after changing a message or a translation: update the .pot/.po files, generate
## Simplified Chinese from Traditional (OpenCC), compile the .mo files (a test checks them)
catalogues: $(STAMP)
	$(BIN)/python tools/catalogues.py

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
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis $(SAN_DIR) $(MYPYC_DIR)
