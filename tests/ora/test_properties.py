"""Invariants over random games in every mode and both presets (hypothesis).

For every position reached: no goods count is negative, every legal action
applies, clone equals the original, undo restores the identical bytes and
hash, serialize round-trips; every game ends, and its scores equal the
breakdown totals.
"""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import olab
from .orahelp import MODES

GAMES = {(p, l, r, v): olab.load("ora_et_labora", players=p, length=l, rules=r, variant=v)
         for p, l in MODES for r in ("printed", "kennerspiel") for v in ("france", "ireland")}


def _check_position(state):
    for seat in range(state._config()["seats"]):
        assert min(state._goods(seat)) >= 0, (seat, state._goods(seat))
    assert state._sanity() is None


def _play_checked(game, seed, deep_every):
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal, "a position without legal actions"
        a = rng.choice(legal)
        if n % deep_every == 0:
            raw, h = state._raw(), state.state_hash()
            c = state.clone()
            assert c == state and hash(c) == hash(state)
            state.apply_action(a)
            state.undo_action()
            assert state._raw() == raw and state.state_hash() == h
            # every legal action applies
            for b in legal:
                t = c.clone()
                t.apply_action(b)
                _check_position(t)
        state.apply_action(a)
        _check_position(state)
        n += 1
        assert n < 20000, "game does not end"
    scores = state.scores()
    for seat in range(len(scores)):
        assert state.score_breakdown(seat)["total"] == scores[seat]
    return state


@pytest.mark.parametrize("key", sorted(GAMES), ids=lambda k: f"{k[3]}-{k[0]}p-{k[1]}-{k[2]}")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2 ** 32))
def test_random_game_invariants(key, seed):
    game = GAMES[key]
    state = _play_checked(game, seed, deep_every=7)
    back = game.deserialize_state(state.serialize())
    assert back == state


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2 ** 32), cut=st.integers(min_value=0, max_value=400))
def test_serialize_round_trips_mid_game(seed, cut):
    game = GAMES[(4, "long", "printed", "france")]
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    back = game.deserialize_state(state.serialize())
    assert back == state and back.history() == state.history()
    assert back.legal_actions() == state.legal_actions()
