"""olab.rl.pettingzoo_env: PettingZoo's own API test for every game and test configuration."""
import warnings

import pytest

import olab

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pzt = pytest.importorskip("pettingzoo.test")

import numpy as np  # noqa: E402

from olab.rl import pettingzoo_env  # noqa: E402

CONFIGS = [(name, {}) for name in olab.games()] + [
    (name, dict(cfg)) for name, info in olab.games().items() for cfg in info.test_configs]
IDS = [f"{n}-{'-'.join(f'{k}{v}' for k, v in o.items()) or 'default'}" for n, o in CONFIGS]


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_api_test(name, options):
    with warnings.catch_warnings():
        # PettingZoo suggests a Box observation; a Dict with an action mask is what it documents for masks
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        pzt.api_test(pettingzoo_env(name, **options), num_cycles=1000)


@pytest.mark.parametrize("name", list(olab.games()))
def test_seed_and_render_tests(name):
    pzt.seed_test(lambda: pettingzoo_env(name), num_cycles=300)
    pzt.render_test(lambda render_mode=None: pettingzoo_env(name, render_mode=render_mode or "ansi"))


def _play(env, seed):
    env.reset(seed=seed)
    trace = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        trace.append((agent, reward, terminated, obs["observation"].tobytes()))
        if terminated or truncated:
            env.step(None)
        else:
            legal = info["legal_actions"]
            env.step(legal[len(trace) % len(legal)])
    return trace


@pytest.mark.parametrize("name", list(olab.games()))
def test_a_whole_game_agrees_with_the_state(name):
    env = pettingzoo_env(name)
    game = olab.load(name)
    env.reset(seed=7)
    ref = game.new_initial_state(7)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        seat = env.possible_agents.index(agent)
        assert ref.current_player() == seat
        assert np.array_equal(obs["observation"], ref.observation_tensor(seat))
        assert np.flatnonzero(obs["action_mask"]).tolist() == sorted(ref.legal_actions())
        # everyone else sees its own view and no legal action
        for other in env.possible_agents:
            if other != agent:
                o = env.observe(other)
                assert not o["action_mask"].any()
                assert np.array_equal(o["observation"], ref.observation_tensor(env.possible_agents.index(other)))
        a = info["legal_actions"][-1]
        env.step(a)
        ref.apply_action(a)
    assert ref.is_terminal()
    assert [total[a] for a in env.possible_agents] == pytest.approx(ref.returns())


@pytest.mark.parametrize("name", list(olab.games()))
def test_seeded_games_repeat(name):
    env = pettingzoo_env(name)
    assert _play(env, 5) == _play(pettingzoo_env(name), 5)
    assert _play(env, 5) != _play(env, 6)


def test_bad_actions_and_arguments():
    name = olab.registry.default_game()
    env = pettingzoo_env(name)
    env.reset(seed=1)
    before = env.state()
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    for action in (bad, -1, None, "x", 1.0, True):
        with pytest.raises(ValueError, match="not a legal action"):
            env.step(action)
    assert env.state() == before and env.agent_selection == agent
    env.step(np.int64(np.flatnonzero(mask)[0]))
    assert env.state() != before
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env(name, render_mode="rgb_array")
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    assert pettingzoo_env(name).render() is None
