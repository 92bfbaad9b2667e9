"""The Ray backend: a local Ray instance (two CPUs) gives the same games as local processes."""
import os
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("pyarrow")
ray = pytest.importorskip("ray")

import olab  # noqa: E402
from olab.arena import TIMED_FIELDS, run_arena  # noqa: E402
from olab.rl.selfplay import read_games, run_selfplay  # noqa: E402

from .test_selfplay import BUDGET, GAME, KEY, OPTIONS, _files  # noqa: E402

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def ray_local(tmp_path_factory):
    marker = tmp_path_factory.mktemp("ray") / "crashed"
    env = {"PYTHONPATH": os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]),
           "OLAB_TEST_CRASH_MARKER": str(marker), "OLAB_TEST_PARENT_PID": str(os.getpid()),
           "OLAB_TEST_CRASH_AFTER": "250"}
    # Ray's workers put the driver's working directory first on sys.path: start
    # them from outside the source tree, so that they import the installed olab
    # (a clean clone's tree has no compiled core)
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("ray-cwd"))
    try:
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env={"env_vars": env})
    finally:
        os.chdir(here)
    yield marker
    ray.shutdown()


def test_ray_and_local_give_the_same_files(tmp_path, ray_local):
    run_selfplay(GAME, tmp_path / "local", games=4, shard_games=1, seed=3, budget=BUDGET, workers=2, hidden_key=KEY, **OPTIONS)
    r = run_selfplay(GAME, tmp_path / "ray", games=4, shard_games=1, seed=3, budget=BUDGET, workers=2,
                     backend="ray", hidden_key=KEY, **OPTIONS)
    assert r["played"] == 4
    assert _files(tmp_path / "local") == _files(tmp_path / "ray")


def test_a_killed_ray_worker_loses_and_duplicates_nothing(tmp_path, ray_local, monkeypatch):
    bots = ["crashbot:CrashBot"]
    monkeypatch.syspath_prepend(str(HERE))
    ray_local.write_text("")
    run_selfplay(GAME, tmp_path / "clean", games=6, shard_games=1, seed=2, bots=bots, backend="ray", hidden_key=KEY, **OPTIONS)
    ray_local.unlink()
    r = run_selfplay(GAME, tmp_path / "crashy", games=6, shard_games=1, seed=2, bots=bots, backend="ray", hidden_key=KEY, **OPTIONS)
    assert ray_local.exists()                  # a worker did die, and Ray ran its task again
    assert r["games"] == 6
    assert _files(tmp_path / "crashy") == _files(tmp_path / "clean")
    assert sorted(set(read_games(tmp_path / "crashy").column("game").to_pylist())) == list(range(6))


def test_arena_on_ray(ray_local):
    n = olab.load(GAME, **OPTIONS).num_players()
    bots = ["random"] * n
    local = run_arena(bots, 6, game=GAME, seed=5, hidden_key=KEY, **OPTIONS)
    on_ray = run_arena(bots, 6, game=GAME, seed=5, backend="ray", hidden_key=KEY, **OPTIONS)
    # the times are the only fields a replay may change
    untimed = dict.fromkeys(TIMED_FIELDS, 0)
    assert on_ray.as_json() | untimed == local.as_json() | untimed
    with pytest.raises(ValueError, match="backend"):
        run_arena(bots, 1, game=GAME, backend="spark", **OPTIONS)
