"""The vectorized env (olab.rl.VectorEnv) against a Python loop doing the same work.

    pytest benchmarks/test_bench_vector.py --benchmark-columns=mean,ops

One benchmark round is 16 steps of a batch of 1,024 games of the first
registered game's default configuration, random legal actions chosen in
NumPy; ``olab bench --vector`` prints the same comparison as steps per second.
Nothing is asserted about speed.
"""
import pytest

import olab

np = pytest.importorskip("numpy")

from olab.rl import VectorEnv  # noqa: E402
from olab.rl.bench import PythonBatch  # noqa: E402

BATCH = 1024
GAME = olab.registry.default_game()


@pytest.mark.parametrize("observations", [False, True], ids=["masks", "observations"])
@pytest.mark.parametrize("threads", [1, 2])
def test_vector_env_step(benchmark, threads, observations):
    env = VectorEnv(GAME, num_envs=BATCH, seed=1, observations=observations, num_threads=threads)
    env.reset()
    rng = np.random.default_rng(1)
    rows = np.arange(BATCH)
    legal, num_legal = env.legal_actions, env.num_legal

    def run():
        for _ in range(16):
            env.step(legal[rows, (rng.random(BATCH) * num_legal).astype(np.int64)])
    benchmark(run)


@pytest.mark.parametrize("observations", [False, True], ids=["masks", "observations"])
def test_python_loop_same_work(benchmark, observations):
    # 16 steps of every game of the batch through single states
    loop = PythonBatch(GAME, BATCH, observations, 1, {})

    def run():
        for _ in range(16):
            loop.step()
    benchmark.pedantic(run, rounds=3, iterations=1)
