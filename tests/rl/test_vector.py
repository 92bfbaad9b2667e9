"""olab.rl.VectorEnv: many games stepped in C, checked against single states of the same games.

Generic over the registry: every registered game with an observation tensor
is played in a few configurations, and every output of the env (mask, legal
list, observation, current player, rewards, ends, automatic reset) is compared
with what the game's own State says for the same position.
"""
from __future__ import annotations

import pytest

import olab

np = pytest.importorskip("numpy")

from olab.rl import VectorEnv, deal_seed  # noqa: E402


def _configs():
    # each game's default configuration, and each of its player counts
    out = []
    for name, info in olab.games().items():
        out.append((name, {}))
        players = info.option("players")
        for p in players.values or ():
            if p != players.default:
                out.append((name, {"players": p}))
        # and the test configurations that start at a chance node (the env resolves it)
        for cfg in info.test_configs:
            if olab.load(name, **cfg).new_initial_state(0).is_chance_node():
                out.append((name, dict(cfg)))
    return out


CONFIGS = _configs()
IDS = [f"{n}-{'-'.join(f'{k}{v}' for k, v in o.items()) or 'default'}" for n, o in CONFIGS]


def _pick(env):
    # a deterministic choice that depends only on each game's own position,
    # not on the number of envs beside it
    k = (env.steps.astype(np.int64) * 7919 + 13) % env.num_legal
    return env.legal_actions[np.arange(env.num_envs), k]


def _check_row(env, i, obs, mask, player):
    state = env.get_state(i)
    assert not state.is_terminal() and not state.is_chance_node()
    assert player[i] == state.current_player()
    ref = np.zeros(env.num_actions, dtype=np.int8)
    state.legal_actions_mask(out=ref)
    assert np.array_equal(mask[i], ref)
    n = env.num_legal[i]
    assert sorted(env.legal_actions[i, :n].tolist()) == sorted(state.legal_actions())
    if obs is not None:
        assert np.array_equal(obs[i], state.observation_tensor(int(player[i])))


@pytest.mark.parametrize("name,options", CONFIGS, ids=IDS)
def test_matches_single_states(name, options):
    """Every output agrees with the State of the same position, through two automatic resets."""
    env = VectorEnv(name, num_envs=3, seed=11, **options)
    obs, mask, player = env.reset()
    for i in range(env.num_envs):
        _check_row(env, i, obs, mask, player)
        first = env.game.new_initial_state(deal_seed(11, i, 0))
        if not first.is_chance_node():
            assert env.get_state(i).state_hash() == first.state_hash()
    ends = np.zeros(env.num_envs, dtype=np.int64)
    step = 0
    while ends.min() < 2:
        before = [env.get_state(i) for i in range(env.num_envs)]
        actions = _pick(env)
        obs, mask, rewards, terminated, truncated, player = env.step(actions)
        step += 1
        for i in range(env.num_envs):
            ref = before[i]
            ref.apply_action(int(actions[i]))
            done = ref.is_terminal()
            assert bool(terminated[i]) == (done and not ref.is_truncated())
            assert bool(truncated[i]) == (done and ref.is_truncated())
            if done:
                ends[i] += 1
                assert env.episodes(i) == ends[i]
                assert rewards[i].tolist() == pytest.approx(ref.returns(), abs=0)
                assert env.steps[i] == 0
                first = env.game.new_initial_state(deal_seed(11, i, int(ends[i])))
                if not first.is_chance_node():
                    assert env.get_state(i).state_hash() == first.state_hash()
            else:
                assert not rewards[i].any()
                if not ref.is_chance_node():
                    assert env.get_state(i).state_hash() == ref.state_hash()
            # the full comparison at every step near an end, else one in five
            if done or step % 5 == i % 5:
                _check_row(env, i, obs, mask, player)


@pytest.mark.parametrize("name,options", CONFIGS[:1] + [c for c in CONFIGS if c[0] != CONFIGS[0][0]][:1])
def test_deterministic_across_threads_and_batch_sizes(name, options):
    """The same seed gives the same games whatever the number of threads or of envs beside them."""
    def run(num_envs, threads, observations):
        env = VectorEnv(name, num_envs=num_envs, seed=5, num_threads=threads,
                        observations=observations, **options)
        obs, mask, player = env.reset()
        trace = []
        for _ in range(300):
            obs, mask, rewards, terminated, truncated, player = env.step(_pick(env))
            trace.append((player[:4].copy(), rewards[:4].copy(), terminated[:4].copy(),
                          env.num_legal[:4].copy(), None if obs is None else obs[:4].copy()))
        hashes = [env.get_state(i).state_hash() for i in range(4)]
        return trace, hashes

    base_trace, base_hashes = run(4, 1, True)
    for num_envs, threads, observations in ((4, 2, True), (9, 2, False), (9, 1, True)):
        trace, hashes = run(num_envs, threads, observations)
        assert hashes == base_hashes
        for a, b in zip(base_trace, trace):
            for x, y in zip(a[:4], b[:4]):
                assert np.array_equal(x, y)
            if b[4] is not None:
                assert np.array_equal(a[4], b[4])
    # another seed gives other games
    env = VectorEnv(name, num_envs=4, seed=6, **options)
    env.reset()
    for _ in range(300):
        env.step(_pick(env))
    assert [env.get_state(i).state_hash() for i in range(4)] != base_hashes


def test_reset_seed_replays():
    name = olab.registry.default_game()
    env = VectorEnv(name, num_envs=2, seed=3)
    env.reset()
    for _ in range(50):
        env.step(_pick(env))
    h = [env.get_state(i).state_hash() for i in range(2)]
    env.reset(seed=4)
    env.reset()          # back to the seed of the last reset
    for _ in range(50):
        env.step(_pick(env))
    assert [env.get_state(i).state_hash() for i in range(2)] != h
    env.reset(seed=3)
    for _ in range(50):
        env.step(_pick(env))
    assert [env.get_state(i).state_hash() for i in range(2)] == h


def test_illegal_action_changes_nothing():
    name = olab.registry.default_game()
    env = VectorEnv(name, num_envs=4, seed=1)
    obs, mask, player = env.reset()
    for _ in range(10):
        env.step(_pick(env))
    hashes = [env.get_state(i).state_hash() for i in range(4)]
    snapshot = [a.copy() for a in (obs, mask, player, env.num_legal, env.steps)]
    actions = _pick(env).copy()
    bad = int(np.flatnonzero(mask[2] == 0)[0])
    actions[2] = bad
    with pytest.raises(ValueError, match=r"env 2: action \d+ is not legal"):
        env.step(actions)
    assert [env.get_state(i).state_hash() for i in range(4)] == hashes
    for a, b in zip(snapshot, (obs, mask, player, env.num_legal, env.steps)):
        assert np.array_equal(a, b)
    for wrong in (actions[:3], np.array([-1, 0, 0, 0]), np.array([env.num_actions] * 4)):
        with pytest.raises(ValueError):
            env.step(wrong)
    assert [env.get_state(i).state_hash() for i in range(4)] == hashes


def test_arguments_are_checked():
    name = olab.registry.default_game()
    for bad in (0, -1, 1.5, True, "4"):
        with pytest.raises(ValueError, match="num_envs"):
            VectorEnv(name, num_envs=bad)
    for bad in (0, True):
        with pytest.raises(ValueError, match="num_threads"):
            VectorEnv(name, num_envs=2, num_threads=bad)
    for bad in (-1, 2 ** 64, 1.0):
        with pytest.raises(ValueError, match="seed"):
            VectorEnv(name, num_envs=2, seed=bad)
    with pytest.raises(ValueError):
        VectorEnv(name, num_envs=2, players=99)
    with pytest.raises(ValueError, match="unknown game"):
        VectorEnv("no_such_game", num_envs=2)
    env = VectorEnv(name, num_envs=2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, dtype=np.int32))
    with pytest.raises(IndexError):
        env.episodes(2)


def test_outputs_are_read_only_and_shaped():
    name = olab.registry.default_game()
    env = VectorEnv(name, num_envs=3, seed=0)
    obs, mask, player = env.reset()
    assert obs.dtype == np.float32 and obs.shape == (3,) + env.observation_shape
    assert mask.dtype == np.int8 and mask.shape == (3, env.num_actions)
    assert player.dtype == np.int32 and player.shape == (3,)
    obs, mask, rewards, terminated, truncated, player = env.step(env.sample_actions(np.random.default_rng(0)))
    assert rewards.shape == (3, env.num_players) and rewards.dtype == np.float32
    assert terminated.dtype == np.bool_ and truncated.dtype == np.bool_
    for a in (obs, mask, rewards, terminated, truncated, player, env.legal_actions, env.num_legal):
        with pytest.raises(ValueError):
            a[0] = 0
    assert env.observation_bytes() == 4 * int(np.prod(env.observation_shape))
    env2 = VectorEnv(name, num_envs=3, seed=0, observations=False)
    obs, mask, player = env2.reset()
    assert obs is None and mask.shape == (3, env2.num_actions)
    assert "3 games" in repr(env2)


def test_sample_actions_are_legal_and_seeded():
    name = olab.registry.default_game()
    env = VectorEnv(name, num_envs=16, seed=2)
    obs, mask, player = env.reset()
    a = env.sample_actions(np.random.default_rng(1))
    assert mask[np.arange(16), a].all()
    assert np.array_equal(a, env.sample_actions(np.random.default_rng(1)))


@pytest.mark.parametrize("given,expected", [(None, "PASSIVE"), ("active", "active")])
def test_openmp_waiters_sleep_unless_told_otherwise(given, expected, tmp_path):
    import os
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if given is not None:
        env["OMP_WAIT_POLICY"] = given
    code = "import os, olab.rl.vector; print(os.environ['OMP_WAIT_POLICY'])"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                         cwd=tmp_path)             # outside the source tree: the installed olab
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == expected
