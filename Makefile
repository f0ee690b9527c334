# Two commands for a newcomer: `make play` and `make test`. Both create .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test

.PHONY: play test check lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_PLAY): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP_TEST): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(BIN)/monopoly-tui

## check: lint, format check and strict typing of the engine
check: $(STAMP_TEST)
	$(BIN)/ruff check monopoly_tui tests benchmarks
	$(BIN)/ruff format --check monopoly_tui tests benchmarks
	$(BIN)/mypy monopoly_tui benchmarks

## test: the whole suite, checks first
test: check
	$(BIN)/pytest -q

format: $(STAMP_TEST)
	$(BIN)/ruff format monopoly_tui tests benchmarks
	$(BIN)/ruff check --fix monopoly_tui tests benchmarks

## bench: the benchmarks in benchmarks/ (scripts that print figures; not shipped in the wheel)
bench: $(STAMP_TEST)
	$(BIN)/python benchmarks/bench_bots.py --speed --games 40
	$(BIN)/python benchmarks/bench_saves.py
	$(BIN)/python benchmarks/bench_position.py
	$(BIN)/python benchmarks/bench_app.py
	$(BIN)/python benchmarks/bench_workers.py --rounds 1
	$(BIN)/python benchmarks/bench_master.py --games 1 --effort fast
	@if [ -n "$(PEER)" ]; then $(BIN)/python benchmarks/bench_peer.py --peer "$(PEER)"; \
	else echo "(make bench PEER=DIR adds benchmarks/bench_peer.py beside a checkout of the peer, see its --help)"; fi

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
