"""Observation tensors (issue 13, part 1): every game's core writes its documented layout.

Each game's package has a ``tensor`` module with the layout and a reference
encoder in Python built from the state's own fields; the core's tensor must
equal it value by value, over random games in every test configuration.
"""
import array
import importlib
import random

import numpy as np
import pytest

import olab
from olab.testing import ConformanceError, check_game, conformance_configs

GAMES = list(olab.games())


def _tensor_module(name):
    return importlib.import_module(olab.games()[name].module + ".tensor")


def _positions(game, seed, every=7):
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    while True:
        if state.move_number() % every == 0 or state.is_terminal():
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            acts, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(acts, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name, cfg", [(n, c) for n in GAMES for c in conformance_configs(n)])
def test_the_core_writes_the_documented_layout(name, cfg):
    game = olab.load(name, **cfg)
    ref = _tensor_module(name).reference_observation
    layout = game.observation_layout()
    checked = 0
    buf = np.full(game.observation_tensor_shape(), np.nan, dtype=np.float32)
    for state in _positions(game, seed=5, every=5):
        for p in range(game.num_players()):
            # into a buffer that holds the last tensor (NaN at first), as the
            # vectorized env's rows do: every entry must be written
            got = state.observation_tensor(p, out=buf).copy()
            want = ref(state, p)
            if not np.array_equal(got, want):
                bad = np.flatnonzero(got != want)
                names = sorted({s.name for s in layout for i in bad if s.offset <= i < s.offset + s.size})
                raise AssertionError(f"move {state.move_number()}, seat {p}: segments {names} differ")
            assert not layout.check(got)
            checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", GAMES)
def test_the_layout_covers_the_tensor(name):
    game = olab.load(name, **conformance_configs(name)[0])
    layout = game.observation_layout()
    assert game.observation_tensor_shape() == (layout.size,)
    ends = [s.offset + s.size for s in layout]
    assert [s.offset for s in layout] == [0] + ends[:-1] and ends[-1] == layout.size
    for s in layout:
        for n, labels in zip(s.shape, s.labels):
            assert not labels or len(labels) == n
    table = layout.rst_table()
    assert all(f"``{s.name}``" in table for s in layout)
    low, high = layout.bounds()
    assert low.shape == high.shape == (layout.size,) and np.all(low <= high)


@pytest.mark.parametrize("name", GAMES)
def test_every_configuration_has_the_same_shape(name):
    shapes = {olab.load(name, **cfg).observation_tensor_shape() for cfg in conformance_configs(name)}
    assert len(shapes) == 1


def test_segments_read_back_what_they_encode():
    # a few segments read by name, against the public API
    game = olab.load("ora_et_labora", players=3)
    state = game.new_initial_state(4)
    for a in [state.legal_actions()[0]] * 3:
        state.apply_action(state.legal_actions()[0])
    layout = game.observation_layout()
    for p in range(3):
        t = state.observation_tensor(p)
        assert layout.view(t, "observer").argmax() == p
        goods = layout.view(t, "seat.goods")          # rows relative to the observer
        for r in range(3):
            seat = (p + r) % 3
            doc = state._goods(seat)
            assert np.allclose(goods[r] * 10, doc)
        chooser = layout.view(t, "decision.chooser").argmax()
        assert (p + chooser) % 3 == state.current_player()
    batch = np.stack([state.observation_tensor(p) for p in range(3)])
    assert layout.view(batch, "seat.goods").shape == (3, 4, 22)


def test_buffers():
    game = olab.load("fields_of_arle", players=2)
    state = game.new_initial_state(1)
    n = game.observation_tensor_shape()[0]
    want = state.observation_tensor(1)
    buf = array.array("f", bytes(4 * n))                  # any float32 buffer, no NumPy needed
    assert state.observation_tensor(1, out=buf) is buf and np.array_equal(np.frombuffer(buf, np.float32), want)
    batch = np.zeros((3, n), dtype=np.float32)
    state.observation_tensor(1, out=batch[2])
    assert np.array_equal(batch[2], want) and not batch[:2].any()
    for bad, text in [(np.zeros(n, np.float64), "float32"), (np.zeros(n - 1, np.float32), rf"\({n},\)"),
                      (np.zeros((n, 2), np.float32)[:, 0], "contiguous"), (b"x" * (4 * n), "writable")]:
        with pytest.raises(ValueError, match=text):
            state.observation_tensor(0, out=bad)
    with pytest.raises(ValueError, match="no seat"):
        state.observation_tensor(2)
    na = game.num_distinct_actions()
    with pytest.raises(ValueError, match=rf"\({na},\)"):
        state.legal_actions_mask(out=np.zeros(na - 1, np.uint8))
    with pytest.raises(ValueError, match=rf"\({na},\)"):
        state.legal_actions_mask(out=np.zeros(na, np.int64))


def test_a_game_without_tensors_fails_conformance(monkeypatch):
    game = olab.load("fields_of_arle", players=1)
    state_cls = type(game.new_initial_state(0))

    def missing(self, player, out=None):
        raise NotImplementedError("no observe entry")
    monkeypatch.setattr(state_cls, "observation_tensor", missing)
    with pytest.raises(ConformanceError, match="tensor"):
        check_game(game, games=1, seed=1)


def test_a_tensor_that_shows_hidden_information_fails_conformance(monkeypatch):
    # a tensor that depends on the bytes of the whole state (as one that
    # encoded a bag's order would): a determinization that changes anything
    # must change it, and the suite must see that
    game = olab.load("ora_et_labora", players=2)
    state_cls = type(game.new_initial_state(0))
    real_obs, real_det = state_cls.observation_tensor, state_cls.determinize

    def leaky(self, player, out=None):
        t = real_obs(self, player, out)
        t[0] = float(self.state_hash() % 7) / 7
        return t

    def det(self, observer, seed=0):
        other = real_det(self, observer, seed)
        other._set_goods(1, 0, other._goods(1)[0] + 1)      # "what the seat could not see"
        return other
    monkeypatch.setattr(state_cls, "observation_tensor", leaky)
    monkeypatch.setattr(state_cls, "determinize", det)
    report = check_game(game, games=1, seed=3, raise_on_failure=False)
    assert any("observation_tensor" in f and "determinization" in f for f in report.failures)
