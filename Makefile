# Two commands for a newcomer: `make play` and `make test`. Both create .venv when needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP_PLAY := $(VENV)/.installed-play
STAMP_TEST := $(VENV)/.installed-test

.PHONY: play test check browser lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# constraints.txt holds the exact versions the tests and snapshots are made with (pyproject.toml has ranges)
$(STAMP_PLAY): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .
	touch $@

$(STAMP_TEST): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $@ $(STAMP_PLAY)

play: $(STAMP_PLAY)
	$(BIN)/monopoly-tui

## check: lint, format check and strict typing of the engine
check: $(STAMP_TEST)
	$(BIN)/ruff check monopoly_tui tests benchmarks
	$(BIN)/ruff format --check monopoly_tui tests benchmarks
	$(BIN)/mypy monopoly_tui benchmarks

## browser: Debian's chromium for the browser test (tests/test_serve.py), installed with apt-get only where
## that is possible and asked for by nobody else: as root, with apt-get, chromium missing, BROWSER not "no".
## Elsewhere the test is skipped and says why. `make test BROWSER=no` leaves the system alone.
BROWSER ?= yes
browser:
	@if [ "$(BROWSER)" != no ] && ! command -v chromium >/dev/null 2>&1 && [ "$$(id -u)" = 0 ] \
	    && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Debian's chromium for the browser test (make test BROWSER=no skips this)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	    || echo "chromium could not be installed: the browser test will be skipped"; \
	fi

## test: the whole suite, checks first; in parallel on every core (pytest-xdist), the long tests first
test: check browser
	$(BIN)/pytest -q -n auto --dist worksteal

format: $(STAMP_TEST)
	$(BIN)/ruff format monopoly_tui tests benchmarks
	$(BIN)/ruff check --fix monopoly_tui tests benchmarks

## bench: the benchmarks in benchmarks/ (scripts that print figures; not shipped in the wheel)
bench: $(STAMP_TEST)
	$(BIN)/python benchmarks/bench_bots.py --speed --games 40
	$(BIN)/python benchmarks/bench_saves.py
	$(BIN)/python benchmarks/bench_position.py
	$(BIN)/python benchmarks/bench_app.py
	$(BIN)/python benchmarks/bench_terminal.py
	$(BIN)/python benchmarks/bench_workers.py --rounds 1
	$(BIN)/python benchmarks/bench_master.py --games 1 --effort fast
	@if command -v valgrind >/dev/null; then $(BIN)/python benchmarks/bench_strong.py; fi
	@if [ -n "$(PEER)" ]; then $(BIN)/python benchmarks/bench_peer.py --peer "$(PEER)"; \
	  if command -v valgrind >/dev/null; then $(BIN)/python benchmarks/bench_instructions.py --peer "$(PEER)"; fi; \
	else echo "(make bench PEER=DIR adds benchmarks/bench_peer.py beside a checkout of the peer, see its --help)"; fi

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache
