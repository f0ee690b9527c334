"""The bots' visit rates: the shipped boards' answer is looked up, bit for bit what stepping its chain
gives; any other board's chain is stepped."""

from __future__ import annotations

import pytest

from monopoly_tui.boardfile import default_board_path, load_board, load_board_text
from monopoly_tui.bots import visits
from monopoly_tui.bots.valuation import visit_rates
from monopoly_tui.bots.visits import KNOWN, chain_digest, chain_of, step_chain


@pytest.mark.parametrize("language", ["ru", "en"])
def test_a_shipped_board_s_rates_are_known_and_exactly_what_its_chain_gives(language: str) -> None:
    board = load_board(language=language)
    chain = chain_of(board)
    assert chain_digest(chain) in KNOWN
    assert visit_rates(board) == step_chain(chain)


def test_the_rates_average_one_and_follow_the_board() -> None:
    """The go-to-jail square is never rested on, the jail most; the rates average 1.0."""
    board = load_board()
    rates = visit_rates(board)
    assert len(rates) == 40
    assert sum(rates) == pytest.approx(40.0)
    assert rates[30] == 0.0
    assert max(rates) == rates[board.jail] > 2.0
    # the cards send tokens on: Chance squares are rested on far less than their neighbours
    assert rates[7] < 0.5 * rates[6]


def test_another_board_s_chain_is_stepped(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Chance card moving back 5 squares instead of 3: a chain not in KNOWN, stepped once per board."""
    text = default_board_path().read_text(encoding="utf-8")
    assert text.count("{action: move_back, steps: 3}") == 1
    board = load_board_text(text.replace("{action: move_back, steps: 3}", "{action: move_back, steps: 5}"))
    chain = chain_of(board)
    assert chain_digest(chain) not in KNOWN
    steps: list[object] = []
    real = visits.step_chain

    def counted(chain: visits.Chain) -> tuple[float, ...]:
        steps.append(chain)
        return real(chain)

    monkeypatch.setattr(visits, "step_chain", counted)
    rates = visit_rates(board)
    assert rates == real(chain) != visit_rates(load_board())
    assert visit_rates(board) is rates
    assert len(steps) == 1
    # moving back 5 from Chance at 36 comes to rest on 31 (a street), not on 33 (Community Chest)
    assert rates[31] > visit_rates(load_board())[31]
