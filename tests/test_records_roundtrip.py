"""Every record olab writes replays to the same final state (issue 25 point 1).

Real games of every bot (first-legal, random, greedy, and mcts on a small
budget), in every game's test configurations (modes, variants, presets,
chance modes), written in every export format and read back.  CI plays one
seed per bot and configuration; the long sweep is marked slow.
"""
import pytest

import olab
from olab.arena import play_bots
from olab.bots import make_bot


class FirstLegal:
    """Always the first legal action: what ``yes 0 | olab play --human 0`` plays."""

    name = "first"

    def choose(self, state):
        return state.legal_actions()[0]


def _bots(kind: str, seats: int, seed: int):
    if kind == "first":
        return [FirstLegal() for _ in range(seats)]
    budget = {"simulations": 16} if kind == "mcts" else {}
    return [make_bot(kind, seed=seed * 10 + i, **budget) for i in range(seats)]


CASES = [(name, i) for name, info in olab.games().items() for i in range(len(info.test_configs))]
BOTS = ("first", "random", "greedy", "mcts")


def _round_trip(name: str, index: int, kind: str, seed: int) -> None:
    info = olab.games()[name]
    game = olab.load(name, **info.test_configs[index])
    state = play_bots(game.new_initial_state(seed=seed), _bots(kind, game.num_players(), seed), seed=seed)
    assert state.is_terminal()
    options = {k: v for k, v in game.config().items() if k != "game"}
    for fmt, write in info.export_formats.items():
        text = write(state)
        result = info.replay_formats[fmt](text, **options)
        assert result.error is None, f"{name} {info.test_configs[index]} {kind} seed {seed} {fmt}: {result.error}"
        assert result.finished and result.state == state
        assert result.state.scores() == state.scores()
        assert write(result.state) == text


@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name, index", CASES)
def test_every_record_replays(name, index, kind):
    _round_trip(name, index, kind, seed=1)


@pytest.mark.slow
@pytest.mark.parametrize("kind", BOTS)
@pytest.mark.parametrize("name, index", CASES)
def test_every_record_replays_long_sweep(name, index, kind):
    for seed in range(2, 12):
        _round_trip(name, index, kind, seed)


def test_the_solo_record_of_a_first_legal_game_replays():
    # the newcomer's `yes 0 | olab play --players 1 --human 0 --log s.txt; olab replay s.txt`
    # stopped at a Shipping Company used after the joker left the solo game (move 193)
    from olab.ora.kennerspiel import replay_kennerspiel

    for seed in (1, 2, 3):
        game = olab.load("ora_et_labora", players=1)
        state = play_bots(game.new_initial_state(seed=seed), [FirstLegal()], seed=seed)
        text = state.to_kennerspiel()
        assert "JOKER_OFF" in text
        assert replay_kennerspiel(text, rules="printed") == state
